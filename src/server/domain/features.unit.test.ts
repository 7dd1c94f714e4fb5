import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES } from '@contract/account';
import { effectiveFeatures } from './features';

describe('effectiveFeatures', () => {
  it('is the spec’s defaults without any choice', () => {
    expect(effectiveFeatures()).toEqual(DEFAULT_FEATURES);
    expect(effectiveFeatures(null, undefined, {})).toEqual(DEFAULT_FEATURES);
  });

  it('takes the agency’s choices, then the company’s over them', () => {
    const custom = { url: 'https://intranet.example/', label: 'Intranet' };
    expect(effectiveFeatures({ noTabMode: true, redirectToCart: true }, { redirectToCart: false, customUrlPostReservation: custom })).toEqual({
      ...DEFAULT_FEATURES,
      noTabMode: true,
      redirectToCart: false,
      customUrlPostReservation: custom,
    });
    // A company may clear the agency's button.
    expect(effectiveFeatures({ customUrlPostReservation: custom }, { customUrlPostReservation: null }).customUrlPostReservation).toBeNull();
  });

  it('leaves out names that are no flag and values of the wrong shape, keeping the level below', () => {
    expect(effectiveFeatures({ noTabMode: true }, { noTabMode: 'no', customUrlPostReservation: { url: 1 }, constructor: true, other: 1 })).toEqual({
      ...DEFAULT_FEATURES,
      noTabMode: true,
    });
  });
});
