import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '@web/testing/render';
import { carProduct, hotelProduct, railProduct, travelFixture } from '@web/testing/travels';
import { TravelRecap } from './TravelRecap';

const read = (el: HTMLElement) => el.textContent!.replace(/\u00a0|\u202f/g, ' ');

describe('checkout recap', () => {
  it('recaps a train, a stay and a rental, each in its own words and on its place’s clock', () => {
    renderApp(
      <TravelRecap travel={travelFixture({ products: [railProduct(), hotelProduct(), carProduct()], price: { amount: '437.00', currency: 'EUR' } })} />,
    );
    const items = within(screen.getByRole('region', { name: 'Votre voyage' }))
      .getAllByRole('listitem')
      .map(read);
    expect(items).toEqual([
      'Paris Gare de Lyon → Lyon Part-Dieu01/12/2026 07:04 – 09:02Alice Martin89,00 €',
      'Hôtel Lumière Part-DieuDu 01/12/2026 au 03/12/2026, 2 nuitsChambre double supérieureAlice Martin258,00 €',
      'Peugeot 208 ou similaire · Europcar01/12/2026 10:00 – 02/12/2026 17:00Europcar Lyon Part-DieuAlice Martin90,00 €',
    ]);
  });
});
