import { featureFlagsSchema, type FeatureFlags } from '@contract/account';

/** Stored overrides of the feature flags (agencies.features, companies.features): any JSON object. */
export type FeatureOverrides = Record<string, unknown>;

const shape = featureFlagsSchema.shape;
const isFlag = (key: string): key is keyof typeof shape => Object.hasOwn(shape, key);

/**
 * The flags in force: the spec's defaults, then the agency's choices, then the company's (the most
 * specific wins). A stored value of the wrong shape, or a name that is no flag, is left out rather than
 * failing every sign-in of the agency: its level keeps the value below it.
 */
export function effectiveFeatures(...levels: (FeatureOverrides | null | undefined)[]): FeatureFlags {
  const merged: Record<string, unknown> = {};
  for (const level of levels)
    for (const [key, value] of Object.entries(level ?? {})) if (isFlag(key) && shape[key].safeParse(value).success) merged[key] = value;
  return featureFlagsSchema.parse(merged);
}
