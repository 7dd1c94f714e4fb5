import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callServer, gusTravelReadyToConfirm, idempotencyKeyClaimed, killServer, startServerProcess, type ServerProcess } from '@test/support/server-process';

/**
 * A process killed mid-exchange never leaves the traveller with no valid ticket. The
 * real server runs in its own process on an on-disk PGlite, is killed (SIGKILL) while the supplier
 * issues the new ticket of a confirmed exchange, and is started again on the same data: the old
 * ticket is still the valid one; the retry with the same Idempotency-Key carries the exchange on
 * and it is done once (one new ticket, one e-mail).
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-exchange-crash-'));
const LATENCY_MS = 800;
let server: ServerProcess | undefined;
const start = () => startServerProcess({ dataDir }, { SUPPLIER_LATENCY_MS: String(LATENCY_MS), TICKETING_START_MS: '300', TICKETING_ISSUE_MS: '300' });
const call = (method: string, url: string, opts: Parameters<typeof callServer>[3] = {}) => callServer(server!, method, url, opts);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(async () => {
  if (server) await killServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Link = { href: string; method: string };
type Product = { id: string; status: string; pnr: string | null; links: Record<string, Link> };
type Travel = { id: string; status: string; products: Product[] };

describe('a server killed during an exchange', () => {
  it('keeps the old ticket valid, and the retry with the same key exchanges it once', async () => {
    server = await start();
    type Offer = { id: string; flexibility: number; roundTrip: boolean };
    const flexible = (o: Offer) => o.flexibility === 3 && !o.roundTrip;
    const {
      token,
      nextWeek,
      travelId,
      href,
      travel: ready,
    } = await gusTravelReadyToConfirm(call, async (found, token) => {
      const proposals = found as { offers: Offer[]; choices: { links: { getMoreChoices?: Link } }[] }[];
      let offer = proposals.flatMap((p) => p.offers).find(flexible);
      for (const choice of proposals.flatMap((p) => p.choices))
        if (!offer && choice.links.getMoreChoices)
          offer = ((await call('GET', choice.links.getMoreChoices.href, { token })).body.result.offers as Offer[]).find(flexible);
      return offer;
    });
    expect((await call('POST', ready.links.confirm.href, { token, body: {} })).status).toBe(200);
    let issued: Travel | undefined;
    for (let i = 0; i < 40 && issued?.status !== 'issued'; i++) {
      await sleep(250);
      issued = (await call('GET', href, { token })).body.result as Travel;
    }
    expect(issued!.status).toBe('issued');
    const old = issued!.products[0]!;

    const [section] = (await call('GET', old.links.getExchangeableSections!.href, { token })).body.result as { links: { searchExchange: Link } }[];
    const found = (
      await call('POST', section!.links.searchExchange.href, {
        token,
        body: { departure: `${nextWeek}T15:00`, origin: { lat: 48.8566, lon: 2.3522 }, destination: { lat: 45.7605, lon: 4.8597 } },
      })
    ).body.result as {
      searchResults: { second: { choices: { links: { bookExchange: Link } }[] } | null }[];
    };
    const choice = found.searchResults.flatMap((j) => j.second?.choices ?? [])[0]!;
    const booked = await call('POST', choice.links.bookExchange.href, { token, body: {} });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const exchangeOffer = booked.body.result as { links: { confirmExchange: Link } };

    const headers = { 'idempotency-key': `crash-exchange-${travelId}` };
    const inFlight = call('POST', exchangeOffer.links.confirmExchange.href, { token, headers, body: {} }).catch((err: unknown) => err);
    // Killed while the supplier is issuing the new ticket: once the call holds its key, the supplier's answer is LATENCY_MS away.
    await idempotencyKeyClaimed(server, headers['idempotency-key']);
    await killServer(server.child);
    expect(await inFlight).toBeInstanceOf(Error);

    server = await start();
    const after = (await call('GET', href, { token })).body.result as Travel;
    const statuses = after.products.map((p) => p.status).sort();
    // Never without a valid ticket: the old one still issued, or (had the swap committed) the new one.
    const untouched = after.status === 'issued' && statuses.join() === 'issued';
    const swapped = after.status === 'modified' && statuses.join() === 'exchanged,issued';
    expect(untouched || swapped).toBe(true);

    const retried = await call('POST', exchangeOffer.links.confirmExchange.href, { token, headers, body: {} });
    expect(retried.status).toBe(200);
    console.info(`exchange crash test: after the restart the travel was ${untouched ? 'untouched (old ticket valid)' : 'swapped (new ticket valid)'}`);
    const done = retried.body.result as { travel: Travel; product: Product };
    expect(done.travel.status).toBe('modified');
    expect(done.travel.products.map((p) => p.status).sort()).toEqual(['exchanged', 'issued']);
    expect(await call('POST', exchangeOffer.links.confirmExchange.href, { token, headers, body: {} })).toEqual(retried);
    const mails = (await call('GET', '/dev/mailbox.json?to=gus%40globex.example')).body.result as { subject: string; text: string }[];
    expect(mails.filter((m) => m.subject.includes('billet échangé') && m.text.includes(done.product.pnr!))).toHaveLength(1);
  }, 90_000);
});
