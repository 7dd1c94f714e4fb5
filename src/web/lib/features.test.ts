import { describe, expect, it } from 'vitest';
import { featureFlagsSchema } from '@contract/account';
import { DEFAULT_FEATURES } from './features';

describe('DEFAULT_FEATURES', () => {
  it('are the contract’s defaults', () => {
    expect(DEFAULT_FEATURES).toEqual(featureFlagsSchema.parse({}));
  });
});
