import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Offer } from '@contract/trip';
import { renderApp } from '@web/testing/render';
import { OfferPanel } from './OfferPanel';
import { offer, results } from './fixtures';

/** The panel of the first proposal's second class, its three offers tagged as given. */
function renderPanel(tags: Offer['tags'][]) {
  const proposal = results([{ index: 0, dep: '07:00', arr: '09:00', duration: 120 }]).proposals[0]!;
  const offers = tags.map((t, k) => offer('s1', 0, 'second', k, (k + 1) as 1 | 2 | 3, 3900 + k * 1000, { tags: t }));
  renderApp(
    <OfferPanel
      proposal={proposal}
      choice={proposal.choices[0]!}
      offers={offers}
      selectedOfferId={null}
      onSelect={() => {}}
      loadingMore={false}
      onMore={null}
      onChoose={() => {}}
      chooseLabel="Choisir"
    />,
  );
  // The offers' own items, not the fare tags' nested lists.
  return [...screen.getByRole('list', { name: 'Tarifs' }).children] as HTMLElement[];
}

describe('Compliance marker (spec 1 fare tags, spec 2 "only when the company uses compliance")', () => {
  it('says in words whether each offer is within the travel policy, apart from the fare tags', () => {
    const [inPolicy, outside, untagged] = renderPanel([['compliant'], ['corporate-fare', 'not-compliant'], ['corporate-fare']]);
    expect(within(inPolicy!).getByText('Conforme')).toBeTruthy();
    expect(within(outside!).getByText('Hors politique')).toBeTruthy();
    expect(
      within(within(outside!).getByRole('list', { name: 'Étiquettes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tarif entreprise']);
    expect(within(untagged!).queryByText(/Conforme|Hors politique/)).toBeNull();
  });
});
