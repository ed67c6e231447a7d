import { EMISSION_FACTORS } from './library.ts';
import type { ConsumerClass, EmissionFactor, FactorFuel, FactorRef, Regime } from './types.ts';

/** `at` as the ISO calendar date (UTC) that validity dates are compared with. */
const isoDate = (at: Date): string => at.toISOString().slice(0, 10);

/** Whether a factor applies on a date: validFrom inclusive, validTo exclusive. */
export const isValidAt = (factor: EmissionFactor, at: Date): boolean => {
  const day = isoDate(at);
  return factor.validFrom <= day && (factor.validTo === null || day < factor.validTo);
};

/**
 * A factor by id: the given version, or the highest version when none is given. Results name id and version,
 * so an old result keeps pointing at the exact value it was computed with after a new version is added.
 */
export const factorById = (
  id: string,
  version?: number,
  library: readonly EmissionFactor[] = EMISSION_FACTORS,
): EmissionFactor | undefined => {
  let found: EmissionFactor | undefined;
  for (const factor of library) {
    if (factor.id !== id) continue;
    if (version !== undefined) {
      if (factor.version === version) return factor;
      continue;
    }
    if (found === undefined || factor.version > found.version) found = factor;
  }
  return found;
};

/** The factor a stored result names. */
export const factorByRef = (ref: FactorRef, library: readonly EmissionFactor[] = EMISSION_FACTORS): EmissionFactor | undefined =>
  factorById(ref.id, ref.version, library);

export type FactorQuery = {
  fuel: FactorFuel;
  regime: Regime;
  at: Date;
  /**
   * The fuel consumer class. Given: factors for that class and factors that hold for every consumer. Not given:
   * only factors that hold for every consumer (a per-engine value cannot be chosen without the engine).
   */
  consumer?: ConsumerClass;
};

/**
 * The factors of a regime for a fuel on a date: per id, the highest version whose validity covers the date.
 * Ordered by id so that callers and snapshots see a stable list.
 */
export const factorsFor = (query: FactorQuery, library: readonly EmissionFactor[] = EMISSION_FACTORS): EmissionFactor[] => {
  const chosen = new Map<string, EmissionFactor>();
  for (const factor of library) {
    if (factor.regime !== query.regime || factor.fuel !== query.fuel) continue;
    if (factor.consumer !== undefined && factor.consumer !== query.consumer) continue;
    if (!isValidAt(factor, query.at)) continue;
    const current = chosen.get(factor.id);
    if (current === undefined || factor.version > current.version) chosen.set(factor.id, factor);
  }
  return [...chosen.values()].sort((a, b) => a.id.localeCompare(b.id));
};

/** A factor's value as a number, for arithmetic; the string stays the record of what the source printed. */
export const factorValue = (factor: EmissionFactor): number => Number(factor.value);

/** The reference a result stores for a factor it used. */
export const refOf = (factor: EmissionFactor): FactorRef => ({ id: factor.id, version: factor.version });
