import type { EmissionFactor } from './types.ts';

/**
 * The factors whose values have been read in the primary text they cite. A value goes in only with its source
 * and a test that reproduces its table; everything not yet read in its primary text is listed in
 * docs/emission-factors.md under "Not verified" and is deliberately absent here.
 */
export const EMISSION_FACTORS: readonly EmissionFactor[] = [];
