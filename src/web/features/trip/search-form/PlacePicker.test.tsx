import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import type { Place } from '@contract/places';
import { PLACE_QUERY_MAX } from '@contract/search-limits';
import { PLACE_DEBOUNCE_MS } from '@web/lib/places';
import { renderApp } from '@web/testing/render';
import { server } from '@web/testing/server';
import { PlacePicker } from '@web/components/PlacePicker';
import { LYON, MARSEILLE, PARIS } from './testing';

const DEFAULTS = [PARIS, LYON, MARSEILLE];

/** GET /places: the defaults for q='', Paris for 'par…', nothing for 'zzz', a 500 for 'boom'; records each q. */
function placesApi(asked: string[], aborted: string[] = []) {
  server.use(
    http.get('/api/v1/places', async ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      request.signal.addEventListener('abort', () => aborted.push(q));
      if (q === 'Par') await delay(800);
      if (q === 'boom') return HttpResponse.json({ api_code: 1, msg: 'x', errorMessage: '' }, { status: 500 });
      const result = q === '' ? DEFAULTS : DEFAULTS.filter((p) => p.name.toLowerCase().startsWith(q.toLowerCase()));
      return HttpResponse.json({ result });
    }),
  );
}

function Harness({ exclude = null }: { exclude?: Place | null }) {
  const [value, setValue] = useState<Place | null>(null);
  return (
    <>
      <PlacePicker label="Départ" value={value} onChange={setValue} exclude={exclude} />
      <output data-testid="value">{value?.ID ?? 'none'}</output>
    </>
  );
}
/**
 * The debounce's clock, faked: the timeouts only (promises, msw and React run as usual). A window of
 * the debounce is then checked by the clock, never by a sleep. Typing goes through change events, each
 * keystroke's text in turn (user-event waits on a timeout between actions).
 */
const fakeTimeouts = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
const typeByKeys = (input: HTMLElement, text: string) => {
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: text.slice(0, i) } });
};
const runTimeouts = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Waits for `check` while the faked timeouts run on (the query's notifications ride on them too). */
const waitRunning = (check: () => void) =>
  vi.waitFor(
    async () => {
      await runTimeouts(20);
      check();
    },
    { timeout: 5_000 },
  );

const options = () => screen.queryAllByRole('option').map((o) => o.querySelector('span')?.textContent);

describe('PlacePicker (spec 1 §5 "Place search")', () => {
  it('shows the default suggestions on focus and searches 300 ms after the last keystroke only', async () => {
    const asked: string[] = [];
    placesApi(asked);
    const user = userEvent.setup();
    renderApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Départ' });
    await user.click(input);
    await waitFor(() => expect(options()).toEqual(['Paris', 'Lyon', 'Marseille']));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fakeTimeouts();
    typeByKeys(input, 'Ly');
    await runTimeouts(PLACE_DEBOUNCE_MS - 1);
    expect(asked).toEqual(['']); // still within the debounce
    await runTimeouts(1);
    await waitRunning(() => expect(options()).toEqual(['Lyon']));
    expect(asked).toEqual(['', 'Ly']); // not 'L'
  });

  it('ignores blank or single-space input: the default suggestions stay', async () => {
    const asked: string[] = [];
    placesApi(asked);
    renderApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Départ' });
    fakeTimeouts();
    typeByKeys(input, ' ');
    await runTimeouts(PLACE_DEBOUNCE_MS * 2);
    await waitRunning(() => expect(options()).toEqual(['Paris', 'Lyon', 'Marseille']));
    expect(new Set(asked)).toEqual(new Set(['']));
    expect(options()).toEqual(['Paris', 'Lyon', 'Marseille']);
  });

  it('cancels a superseded request', async () => {
    const asked: string[] = [];
    const aborted: string[] = [];
    placesApi(asked, aborted);
    const user = userEvent.setup();
    renderApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Départ' });
    await user.type(input, 'Par');
    await waitFor(() => expect(asked).toContain('Par'));
    await user.type(input, 'is');
    await waitFor(() => expect(asked).toContain('Paris'));
    await waitFor(() => expect(aborted).toContain('Par'));
    await waitFor(() => expect(options()).toEqual(['Paris']));
  });

  it('falls back to the default suggestions when the search fails, and says when nothing matches', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // a server error is logged (http.ts)
    placesApi([]);
    const user = userEvent.setup();
    renderApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Départ' });
    await user.type(input, 'boom');
    await waitFor(() => expect(options()).toEqual(['Paris', 'Lyon', 'Marseille']));
    await waitFor(() => expect(logged.mock.calls).toEqual([[expect.objectContaining({ status: 500 })]]));
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
    expect(options()).toEqual([]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it(`says a text over ${PLACE_QUERY_MAX} characters is too long instead of sending it or offering the default cities`, async () => {
    const asked: string[] = [];
    placesApi(asked);
    const user = userEvent.setup();
    renderApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Départ' });
    await user.click(input);
    await waitFor(() => expect(options()).toHaveLength(3));
    fakeTimeouts();
    fireEvent.change(input, { target: { value: 'Paris '.repeat(232).slice(0, 1390) } });
    // Told next to the field, and tied to it.
    const status = () => document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(status().getAttribute('role')).toBe('status');
    expect(status().textContent).toBe(`Recherche trop longue : ${PLACE_QUERY_MAX} caractères au plus`);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // Past the debounce, still nothing sent.
    await runTimeouts(PLACE_DEBOUNCE_MS * 2);
    vi.useRealTimers();
    expect(asked).toEqual(['']);
    expect(options()).toEqual([]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // Back within the limit, the search goes on.
    await user.clear(input);
    await user.type(input, 'Ly');
    await waitFor(() => expect(options()).toEqual(['Lyon']));
    expect(status().textContent).not.toContain('trop longue');
  });

  it('leaves out the place chosen at the opposite end', async () => {
    placesApi([]);
    const user = userEvent.setup();
    renderApp(<Harness exclude={PARIS} />);
    await user.click(screen.getByRole('combobox', { name: 'Départ' }));
    await waitFor(() => expect(options()).toEqual(['Lyon', 'Marseille']));
  });

  it('is used with the keyboard: arrows move, Enter chooses, Escape closes', async () => {
    placesApi([]);
    const user = userEvent.setup();
    renderApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Départ' });
    await user.click(input);
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('city-lyon');
    expect((input as HTMLInputElement).value).toBe('Lyon');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
