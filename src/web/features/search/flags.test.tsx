import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_FEATURES } from '@web/lib/features';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';

/** hideExistingTravelMessage (spec 1 §2): the home's banner of a travel being built, on each search of the switch. */
const BANNERS = {
  trip: 'Ce trajet sera ajouté à votre voyage en cours.',
  hotel: 'Ce séjour sera ajouté à votre voyage en cours.',
  car: 'Cette location sera ajoutée à votre voyage en cours.',
} as const;
const signIn = (hideExistingTravelMessage: boolean) => startSession('t', userFixture({ features: { ...DEFAULT_FEATURES, hideExistingTravelMessage } }));
const home = (type: keyof typeof BANNERS) => `/?travelID=tr-1${type === 'trip' ? '' : `&type=${type}`}`;

describe('hideExistingTravelMessage', () => {
  it.each(Object.keys(BANNERS) as (keyof typeof BANNERS)[])(
    'off: the %s search says what it adds to',
    async (type) => {
      signIn(false);
      await renderRoute(home(type));
      expect(await screen.findByText(BANNERS[type])).toBeTruthy();
    },
    20_000,
  );

  it.each(Object.keys(BANNERS) as (keyof typeof BANNERS)[])(
    'on: the %s search says nothing of it',
    async (type) => {
      signIn(true);
      await renderRoute(home(type));
      await screen.findByRole('button', { name: 'Rechercher' });
      expect(screen.queryByText(BANNERS[type])).toBeNull();
    },
    20_000,
  );
});
