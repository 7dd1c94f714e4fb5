import fs from 'node:fs';
import path from 'node:path';
import { devices, type Browser, type CDPSession, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@server/db/seed';
import { budget, round } from './lib/budget';
import { launchBrowser, median, signIn } from './lib/browser';
import { API_KEY } from './lib/server';
import type { Budget, Measurement } from './lib/types';

/** Playwright's phone (412×839, DPR 2.625, touch, mobile UA), as web-size.ts. */
const DEVICE = 'Pixel 7';
/** Lighthouse's mobile preset slows the CPU 4×: the same, through CDP. */
const CPU_SLOWDOWN = 4;
const RUNS = 3;
/** Between the Menu tap and the Panier tap: a person's glance at the menu. */
const MENU_READ_MS = 600;
const BUDGET_MS = 200;
/**
 * `BENCH_INP_PROFILE=/tmp/inp npm run bench -- --only=inp`: a V8 CPU profile of each interaction (from
 * the tap to what it shows), `<dir>/<interaction>-<n>.cpuprofile`, for bench/cpuprofile.ts.
 */
const PROFILE_DIR = process.env.BENCH_INP_PROFILE;
/** `BENCH_INP_ONLY=cart,filter`: those interactions only (refuse, approve, filter, add, cart), while looking into one. */
const ONLY = process.env.BENCH_INP_ONLY?.split(',').filter(Boolean);
const want = (key: string) => !ONLY || ONLY.includes(key);
const sessions = new WeakMap<Page, CDPSession>();
let profiled = 0;
/** Pending requests alice sends bob before the runs: 3 approved, the others stay in the inbox. */
const REQUESTS = 6;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Link = { href: string; method: string };

/** One Event Timing entry of an interaction (`interactionId` > 0), as the page saw it. */
type EventEntry = { id: number; name: string; start: number; duration: number; processingStart: number; processingEnd: number };

/**
 * One run of an interaction: its INP (the longest Event Timing entry of the interaction; 0 when none
 * reached the observer's 16 ms threshold), that entry's phases, and, for information, the time from
 * the tap to what it shows (the dialog, the next screen, the answer) in the page's clock.
 */
type Sample = {
  inpMs: number;
  worst: { name: string; inputDelayMs: number; processingMs: number; presentationMs: number } | null;
  interactions: number;
  shownMs: number | null;
};

/**
 * In the page before its scripts: every Event Timing entry of an interaction (`durationThreshold` 16,
 * the lowest Chromium allows) and the time of the last pointer or key down (the tap's start).
 */
function observeInteractions() {
  const w = window as unknown as { benchEvents: EventEntry[]; benchDownAt: number };
  w.benchEvents = [];
  w.benchDownAt = 0;
  for (const type of ['pointerdown', 'keydown'])
    addEventListener(
      type,
      (event) => {
        w.benchDownAt = event.timeStamp;
      },
      true,
    );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[])
      if (entry.interactionId)
        w.benchEvents.push({
          id: entry.interactionId,
          name: entry.name,
          start: entry.startTime,
          duration: entry.duration,
          processingStart: entry.processingStart,
          processingEnd: entry.processingEnd,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/**
 * Times one interaction: clears the entries, runs `act` (a tap), waits until `shown` holds in the page
 * (checked every frame), then two frames and a task more, so that the interaction's entries, which
 * Chromium reports after the frame that follows it, are in.
 */
async function interaction(page: Page, act: () => Promise<void>, shown: () => unknown, name = 'interaction'): Promise<Sample> {
  await page.evaluate(() => {
    (window as unknown as { benchEvents: EventEntry[] }).benchEvents.length = 0;
  });
  const cdp = PROFILE_DIR ? sessions.get(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await act();
  const at = await page.waitForFunction(shown, undefined, { polling: 'raf', timeout: 30_000 }).then(() => page.evaluate(() => performance.now()));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)))));
  if (cdp && PROFILE_DIR) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    fs.writeFileSync(path.join(PROFILE_DIR, `${name}-${++profiled}.cpuprofile`), JSON.stringify(profile));
  }
  const { events, downAt } = await page.evaluate(() => {
    const w = window as unknown as { benchEvents: EventEntry[]; benchDownAt: number };
    return { events: [...w.benchEvents], downAt: w.benchDownAt };
  });
  const worst = events.reduce<EventEntry | null>((w, e) => (!w || e.duration > w.duration ? e : w), null);
  return {
    inpMs: worst ? worst.duration : 0,
    worst: worst && {
      name: worst.name,
      inputDelayMs: round(worst.processingStart - worst.start),
      processingMs: round(worst.processingEnd - worst.processingStart),
      presentationMs: round(worst.start + worst.duration - worst.processingEnd),
    },
    interactions: new Set(events.map((e) => e.id)).size,
    shownMs: downAt ? round(at - downAt) : null,
  };
}

/** The worst of several interactions of one run (INP is the page's worst interaction). */
const worstOf = (samples: Sample[]): Sample => samples.reduce((w, s) => (s.inpMs > w.inpMs ? s : w));

// ── The world: alice's requests to bob, through the API as the web app does ─────────────────────────

async function call(baseUrl: string, method: string, href: string, opts: { token?: string; body?: unknown; version?: number; key?: string } = {}) {
  const headers: Record<string, string> = { 'api-key': API_KEY };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.version !== undefined) headers['if-match'] = String(opts.version);
  if (opts.key) headers['idempotency-key'] = opts.key;
  const res = await fetch(`${baseUrl}${href}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${href}: ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { result: Json }).result;
}
const follow = (baseUrl: string, link: Link | undefined, what: string, opts: Parameters<typeof call>[3] = {}) => {
  if (!link) throw new Error(`${what}: no link`);
  return call(baseUrl, link.method, link.href, opts);
};

async function tokenOf(baseUrl: string, username: string): Promise<string> {
  return (await call(baseUrl, 'POST', '/api/v1/user/login', { body: { username, password: DEMO_PASSWORD } })).token as string;
}

/** Local date `days` days from now, YYYY-MM-DD (the search URLs' dates are the places' local dates). */
function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const ALICE = {
  gender: 'MS',
  firstname: 'Alice',
  lastname: 'Martin',
  birthdate: '1988-04-02',
  contact_email: 'alice@acme.example',
  contact_phone: '0601020304',
};

/** Alice books a Paris → Lyon train `days` from now up to the approval request to bob (soak.ts's checkoutApproval). */
async function requestApproval(baseUrl: string, token: string, entity: string, days: number, n: number) {
  const key = (what: string) => `bench-inp-${process.pid}-${n}-${what}`;
  const results = await call(baseUrl, 'POST', '/api/v1/treep/search?version=v2', {
    token,
    body: { origin: 'city:paris', destination: 'city:lyon', datetime: `${dayAhead(days)}T07:00`, nb_travelers: 1, filters: { rail: true, flight: false } },
  });
  const offers = (results.proposals as Json[]).flatMap((p) => p.offers as Json[]).filter((o) => !o.roundTrip);
  const offer = offers.find((o) => o.cabin === 'second') ?? offers[0];
  if (!offer) throw new Error('no train to request');
  const step = await follow(baseUrl, results.links.travelerForm, 'traveller form', { token, body: { choiceIDs: [offer.id] } });
  const travelers = (step.travelerForms as Json[]).map((form) => ({
    travelerID: form.travelerID,
    fields: Object.fromEntries((form.fieldsGroups as Json[]).flatMap((g) => g.fields as Json[]).map((f) => [f.name, (ALICE as Json)[f.name] ?? null])),
  }));
  let travel = (
    await follow(baseUrl, step.links.addToCart, 'add to cart', { token, body: { choiceIDs: [offer.id], travelers, entity_id: entity }, key: key('add') })
  ).travel as Json;
  const analytics = await follow(baseUrl, travel.links.getAllAnalytics, 'analytics form', { token });
  let saved = await follow(baseUrl, analytics.links.fillAnalytics, 'analytics', {
    token,
    body: {
      fields: [{ name: 'cost_center', value: 'R&D' }],
      travelersFields: { 1: [{ name: 'employee_number', value: '004217' }] },
      ...(analytics.isCompliant ? {} : { travel_policy_exemption: 'Client meeting on arrival' }),
    },
    version: travel.version,
    key: key('analytics'),
  });
  travel = await follow(baseUrl, saved.links.getTravel, 'read travel', { token });
  const approvers = await follow(baseUrl, travel.links.getAvailableApprovers, 'approvers', { token });
  const bob = (approvers.approvers as Json[]).find((a) => a.username === 'bob') ?? (approvers.approvers as Json[])[0];
  saved = await follow(baseUrl, approvers.links.fillApprovers, 'choose approver', {
    token,
    body: { approver: bob!.id },
    version: travel.version,
    key: key('approver'),
  });
  travel = await follow(baseUrl, saved.links.getTravel, 'read travel', { token });
  const pending = await follow(baseUrl, travel.links.requestApproval, 'request approval', { token, version: travel.version, key: key('request') });
  if (pending.status !== 'pending_approval') throw new Error(`request approval: travel ${pending.status}`);
}

// ── The phone ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A Pixel 7 page signed in as `username`, its CPU slowed 4×. The header's sign-in is in the phone's
 * folded menu: the user signs in at desktop size, and the phone's context starts with that storage
 * (its cookies and local storage), as a returning user.
 */
async function phoneAs(browser: Browser, baseUrl: string, username: string): Promise<Page> {
  const desk = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', locale: 'fr-FR' });
  await signIn(await desk.newPage(), username);
  const storageState = await desk.storageState();
  await desk.close();
  const context = await browser.newContext({ ...devices[DEVICE], baseURL: baseUrl, serviceWorkers: 'block', locale: 'fr-FR', storageState });
  await context.addInitScript(observeInteractions);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  sessions.set(page, cdp);
  return page;
}

/** A loaded page at rest: the network quiet, then a second for idle-time work (lazy chunks), so that the tap meets the screen, not its load. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: text });

/** The traveller step's fields the server could not fill (test/e2e/support.ts completeEmptyFields). */
async function completeEmptyFields(page: Page) {
  const expiry = new Date();
  expiry.setFullYear(expiry.getFullYear() + 5);
  const typed = `${String(expiry.getDate()).padStart(2, '0')}/${String(expiry.getMonth() + 1).padStart(2, '0')}/${expiry.getFullYear()}`;
  for (const [label, value] of [
    [/^Date de naissance/, '12/04/1988'],
    [/^Téléphone de contact/, '+33612345678'],
    [/^Numéro du passeport/, '19FR12345'],
    [/^Date d’expiration/, typed],
  ] as const)
    for (const field of await page.getByLabel(label).all()) if ((await field.isEditable()) && (await field.inputValue()) === '') await field.fill(value);
  for (const nationality of await page.getByRole('combobox', { name: /^Nationalité/ }).all())
    if ((await nationality.inputValue()) === '') await nationality.selectOption({ label: 'France' });
}

const visible = (locator: Locator) => locator.filter({ visible: true }).first();

type Row = { key: string; label: string; runs: Sample[]; parts?: Record<string, Sample[]> };

/**
 * INP of the five interactions of issue 26 on a phone: Playwright Chromium emulating a Pixel 7 (touch:
 * each interaction is a tap), the CPU slowed 4× through CDP, the Event Timing API in the page. Median of 3.
 */
export const inpBench: Measurement = {
  name: 'inp',
  title: `INP on a ${DEVICE}, CPU ${CPU_SLOWDOWN}× slower: approve, refuse dialog, results filter, add to cart, open cart (median of ${RUNS})`,
  async run({ baseUrl, log }) {
    const aliceToken = await tokenOf(baseUrl, 'alice');
    const entity = ((await call(baseUrl, 'GET', '/api/v1/user/', { token: aliceToken })).entities as Json[])[0]!.uid as string;
    for (let i = 0; i < REQUESTS; i++) await requestApproval(baseUrl, aliceToken, entity, 12 + i, i);
    log(`  ${REQUESTS} requests from alice in bob's inbox`);

    const browser = await launchBrowser();
    const rows: Row[] = [];
    const done = (row: Row) => {
      rows.push(row);
      const shown = row.runs.map((s) => s.shownMs).filter((n): n is number => n !== null);
      log(
        `  ${row.label}: INP ${row.runs.map((s) => (s.inpMs ? `${s.inpMs}` : '<16')).join(', ')} ms → median ${median(row.runs.map((s) => s.inpMs))} ms` +
          (shown.length ? ` (tap → shown ${shown.join(', ')} ms)` : ''),
      );
      for (const s of row.runs)
        if (s.worst)
          log(`    ${s.worst.name}: input delay ${s.worst.inputDelayMs}, processing ${s.worst.processingMs}, presentation ${s.worst.presentationMs} ms`);
      for (const [part, samples] of Object.entries(row.parts ?? {})) log(`    ${part}: ${samples.map((s) => (s.inpMs ? `${s.inpMs}` : '<16')).join(', ')} ms`);
    };
    try {
      // Bob: the refuse dialog first (it leaves the request pending), then approvals.
      const bob = await phoneAs(browser, baseUrl, 'bob');
      const inbox = async (button: string) => {
        await bob.goto('/account/approvals');
        const card = bob
          .getByRole('list', { name: 'Demandes' })
          .getByRole('article')
          .filter({ has: bob.getByRole('button', { name: button }) })
          .first();
        await card.waitFor({ timeout: 30_000 });
        await settle(bob);
        return card.getByRole('button', { name: button });
      };
      const refuse: Sample[] = [];
      for (let i = 0; i < (want('refuse') ? RUNS : 0); i++) {
        const button = await inbox('Refuser');
        refuse.push(
          await interaction(
            bob,
            () => button.tap(),
            () => document.querySelector('[role="dialog"] form textarea') !== null,
            'refuse',
          ),
        );
        await bob.getByRole('dialog').getByRole('button', { name: 'Annuler' }).tap();
        await bob.getByRole('dialog').waitFor({ state: 'detached' });
      }
      if (refuse.length) done({ key: 'refuseDialog', label: 'refuse dialog open (bob)', runs: refuse });
      const approve: Sample[] = [];
      for (let i = 0; i < (want('approve') ? RUNS : 0); i++) {
        const button = await inbox('Accepter');
        approve.push(
          await interaction(
            bob,
            () => button.tap(),
            () => [...document.querySelectorAll('[aria-label="Notifications"] li')].some((li) => li.textContent?.includes('Demande acceptée')),
            'approve',
          ),
        );
        await toast(bob, 'Demande acceptée').waitFor();
      }
      if (approve.length) done({ key: 'approve', label: 'approve (bob)', runs: approve });
      await bob.context().close();

      // Alice: the results of Paris → Lyon, a filter, then an offer to her cart; then her cart from the header.
      const alice = await phoneAs(browser, baseUrl, 'alice');
      const results = async (days: number) => {
        await alice.goto(`/search?from=city:paris&to=city:lyon&date=${dayAhead(days)}T07:00&mode=departure&pax=me&entity=${entity}`);
        const list = alice.getByRole('list', { name: 'Trajets' });
        await list.getByRole('listitem').first().waitFor({ timeout: 30_000 });
        await settle(alice);
        return list;
      };
      const filter: Sample[] = [];
      for (let i = 0; i < (want('filter') ? RUNS : 0); i++) {
        await results(9);
        const chip = alice.getByRole('button', { name: 'Avec correspondance' });
        filter.push(
          await interaction(
            alice,
            () => chip.tap(),
            // The list changes where it stands (or a fall-back keeps it): nothing to wait for but the frame.
            () => true,
            'filter',
          ),
        );
        if (i === 0) log(`    after the tap: the chip says aria-pressed=${await chip.getAttribute('aria-pressed')}`);
      }
      if (filter.length) done({ key: 'filter', label: 'results filter change (alice)', runs: filter });

      const parts: Record<string, Sample[]> = { 'cabin fare': [], 'Choisir cette offre': [], 'Ajouter au panier': [] };
      const add: Sample[] = [];
      for (let i = 0; i < (want('add') ? RUNS : 0); i++) {
        const list = await results(9 + i);
        const cabin = list.getByRole('button', { name: /€/ }).first();
        const fare = await interaction(
          alice,
          () => cabin.tap(),
          () => document.querySelector('[aria-label="Tarifs"]') !== null,
          'fare',
        );
        const chooseButton = visible(alice.getByRole('button', { name: 'Choisir cette offre' }));
        const choose = await interaction(
          alice,
          () => chooseButton.tap(),
          () => [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Informations voyageurs'),
          'choose',
        );
        await alice.getByRole('button', { name: 'Ajouter au panier' }).waitFor({ timeout: 30_000 });
        await completeEmptyFields(alice);
        await settle(alice);
        const addButton = alice.getByRole('button', { name: 'Ajouter au panier' });
        const added = await interaction(
          alice,
          () => addButton.tap(),
          () => document.getElementById('added-title') !== null,
          'add',
        );
        parts['cabin fare']!.push(fare);
        parts['Choisir cette offre']!.push(choose);
        parts['Ajouter au panier']!.push(added);
        add.push(worstOf([fare, choose, added]));
      }
      if (add.length) done({ key: 'addToCart', label: 'add to cart (alice: fare, choose, add; the worst)', runs: add, parts });

      const cart: Sample[] = [];
      for (let i = 0; i < (want('cart') ? RUNS : 0); i++) {
        await alice.goto('/');
        await alice.getByRole('banner').getByRole('button', { name: 'Menu' }).waitFor();
        await settle(alice);
        await alice.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
        const link = alice.getByRole('banner').getByRole('link', { name: /^Panier/ });
        await link.waitFor();
        // A person reads the menu before the next tap (Playwright would tap at once).
        await alice.waitForTimeout(MENU_READ_MS);
        cart.push(
          await interaction(
            alice,
            () => link.tap(),
            () =>
              location.pathname === '/cart' &&
              [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Panier') &&
              document.querySelector('article') !== null,
            'cart',
          ),
        );
      }
      if (cart.length) done({ key: 'openCart', label: 'open cart from the header (alice)', runs: cart });
      await alice.context().close();
    } finally {
      await browser.close();
    }

    const figures: Record<string, unknown> = { device: DEVICE, cpuSlowdown: CPU_SLOWDOWN, runs: RUNS };
    const budgets: Budget[] = [];
    for (const row of rows) {
      const medianMs = median(row.runs.map((s) => s.inpMs));
      figures[row.key] = {
        medianInpMs: medianMs,
        runs: row.runs,
        ...(row.parts ? { parts: Object.fromEntries(Object.entries(row.parts).map(([k, v]) => [k, v.map((s) => s.inpMs)])) } : {}),
      };
      budgets.push(budget(`INP ${row.label}`, medianMs, '<=', BUDGET_MS, 'ms'));
    }
    return { figures, budgets, notes: ['INP 0 = no Event Timing entry of the interaction reached 16 ms (the lowest threshold Chromium reports).'] };
  },
};
