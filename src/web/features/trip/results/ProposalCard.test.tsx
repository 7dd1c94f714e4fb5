import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Proposal } from '@contract/trip';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { offer, results, summaryOf } from './fixtures';

const URL = '/search?from=city:paris&to=city:lyon&date=2026-12-01T07:00&mode=departure&pax=me';

/** The proposal sold in these cabins, each with a semi-flexible offer at the price and a flexible one 30 % dearer. */
function withCabins(p: Proposal, index: number, cabins: [string, number][]): Proposal {
  const offers = cabins.flatMap(([cabin, price]) => [offer('s1', index, cabin, 0, 2, price), offer('s1', index, cabin, 1, 3, Math.round(price * 1.3))]);
  return {
    ...p,
    choices: cabins.map(([cabin, price]) => ({
      ...p.choices[0]!,
      id: `s1~${index}~${cabin}`,
      cabin,
      price,
      offers: offers.filter((o) => o.cabin === cabin).map((o) => ({ offerID: o.id, travelerIDs: [1] })),
      fareSummary: summaryOf(offers.filter((o) => o.cabin === cabin)),
    })),
    offers,
  };
}

function flights() {
  const answer = results([
    { index: 0, type: 'flight', dep: '07:00', arr: '08:10', duration: 70, carrier: ['AF', 'Air France'] },
    { index: 1, type: 'flight', dep: '09:00', arr: '10:10', duration: 70, carrier: ['AF', 'Air France'] },
  ]);
  answer.proposals[0] = withCabins(answer.proposals[0]!, 0, [
    ['economy', 45000],
    ['premium', 110000],
    ['business', 330000],
  ]);
  answer.proposals[1] = withCabins(answer.proposals[1]!, 1, [
    ['economy', 9000],
    ['business', 27000],
  ]);
  return answer;
}

const cards = async () => within(await screen.findByRole('list', { name: 'Trajets' })).getAllByRole('listitem', { name: /Départ/ });

describe('Cabin switcher (spec 1 §4, §9)', () => {
  it('shows only with more than two cabins, and switching cabin selects that cabin again from its cheapest offer', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/v1/treep/search', () => HttpResponse.json({ result: flights() })));
    await renderRoute(URL);
    const [longHaul, shortHaul] = await cards();

    // Two cabins: both listed, no switcher.
    expect(within(shortHaul!).queryByRole('group', { name: 'Classe' })).toBeNull();
    expect(within(shortHaul!).getAllByRole('button', { name: /Économie|Affaires/ })).toHaveLength(2);

    // Three cabins: a radio group, and only the picked cabin's price.
    const switcher = within(longHaul!).getByRole('group', { name: 'Classe' });
    expect(
      within(switcher)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Économie', 'Premium économie', 'Affaires']);
    expect(within(switcher).getByRole('radio', { name: 'Économie' })).toHaveProperty('checked', true);
    expect(
      within(longHaul!)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['Économie450,00 €']);

    // On a card not selected yet, switching only changes the cabin shown.
    await user.click(within(switcher).getByRole('radio', { name: 'Affaires' }));
    expect(screen.getByText('Choisissez un trajet et une classe pour voir les tarifs.')).toBeTruthy();
    await user.click(within(longHaul!).getByRole('button', { name: /Affaires\s*3\s300,00/ }));
    expect(screen.getByRole('heading', { name: 'Tarifs Affaires · Paris → Lyon' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Semi-flexible · Loisir/ }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Flexible · Pro/ }));
    expect(screen.getByRole('button', { name: /Flexible · Pro/ }).getAttribute('aria-pressed')).toBe('true');

    // On the selected card, the new cabin is selected with its cheapest offer.
    await user.click(within(switcher).getByRole('radio', { name: 'Premium économie' }));
    expect(within(switcher).getByRole('radio', { name: 'Premium économie' })).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { name: 'Tarifs Premium économie · Paris → Lyon' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Semi-flexible · Loisir\s*1\s100,00/ }).getAttribute('aria-pressed')).toBe('true');
    expect(
      within(longHaul!)
        .getByRole('button', { name: /Premium économie\s*1\s100,00/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  }, 20_000); // the first render of the file loads the route's code cold
});
