import { normalizeLabel } from '../../field-catalogue/index.ts';
import type { ConsumerClass, EmissionFactor, FactorFuel, FactorKind, Regime } from '../factors/types.ts';
import type { FactorRefInSet, FactorRefSet, OrganizationFactor } from './types.ts';

/** Whether a factor applies on an ISO day: validFrom inclusive, validTo exclusive (ISO dates compare as text). */
const appliesOn = (factor: EmissionFactor, day: string): boolean =>
  factor.validFrom <= day && (factor.validTo === null || day < factor.validTo);

/**
 * The one factor to use among several that match: one written for the consumer beats one for every consumer, then
 * the newest validity, then the highest version (a correction beats what it corrects), then the id, so the choice
 * never depends on the order factors were stored in.
 */
const better = (a: EmissionFactor, b: EmissionFactor): boolean => {
  if ((a.consumer !== undefined) !== (b.consumer !== undefined)) return a.consumer !== undefined;
  if (a.validFrom !== b.validFrom) return a.validFrom > b.validFrom;
  if (a.version !== b.version) return a.version > b.version;
  return a.id < b.id;
};

const pick = (
  candidates: readonly EmissionFactor[] | undefined,
  day: string,
  consumer: ConsumerClass | undefined,
): EmissionFactor | undefined => {
  let chosen: EmissionFactor | undefined;
  for (const factor of candidates ?? []) {
    if (factor.consumer !== undefined && factor.consumer !== consumer) continue;
    if (!appliesOn(factor, day)) continue;
    if (chosen === undefined || better(factor, chosen)) chosen = factor;
  }
  return chosen;
};

const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export type FactorResolver = {
  /**
   * A fuel factor of a kind: the supplier's own factor for the entry's supplier, else the organisation's, else the
   * first of `regimes` in the library that has one.
   */
  fuelFactor(
    kind: FactorKind,
    fuel: FactorFuel,
    consumer: ConsumerClass | undefined,
    day: string,
    supplier: string | null,
    regimes: readonly Regime[],
  ): EmissionFactor | undefined;
  /** An activity factor (GLEC intensity, spend) whose activity equals one of `activities` (compared as labels), first match wins. */
  activityFactor(kind: FactorKind, activities: readonly string[], day: string, supplier: string | null): EmissionFactor | undefined;
  /** The set index of the factors used together; the same set always answers the same index. */
  setIndex(factors: readonly EmissionFactor[]): number;
  sets(): FactorRefSet[];
};

export const createFactorResolver = (
  library: readonly EmissionFactor[],
  organizationFactors: readonly OrganizationFactor[],
): FactorResolver => {
  const own = new Set<EmissionFactor>(organizationFactors);
  const bySupplier = new Map<string, EmissionFactor[]>();
  const byOrganization = new Map<string, EmissionFactor[]>();
  const byRegime = new Map<string, EmissionFactor[]>();
  const keyOf = (kind: string, subject: string) => `${kind}|${subject}`;
  for (const factor of organizationFactors) {
    const subject = factor.fuel ?? normalizeLabel(factor.activity ?? '');
    if (factor.supplierOrganizationId) push(bySupplier, `${factor.supplierOrganizationId}|${keyOf(factor.kind, subject)}`, factor);
    else push(byOrganization, keyOf(factor.kind, subject), factor);
  }
  for (const factor of library) {
    const subject = factor.fuel ?? normalizeLabel(factor.activity ?? '');
    push(byRegime, `${factor.regime}|${keyOf(factor.kind, subject)}`, factor);
  }

  const chosen = (key: string, day: string, supplier: string | null, consumer: ConsumerClass | undefined, regimes: readonly Regime[]) => {
    if (supplier !== null) {
      const found = pick(bySupplier.get(`${supplier}|${key}`), day, consumer);
      if (found) return found;
    }
    const found = pick(byOrganization.get(key), day, consumer);
    if (found) return found;
    for (const regime of regimes) {
      const inLibrary = pick(byRegime.get(`${regime}|${key}`), day, consumer);
      if (inLibrary) return inLibrary;
    }
    return undefined;
  };

  const setIndexes = new Map<string, number>();
  const sets: FactorRefSet[] = [];

  return {
    fuelFactor: (kind, fuel, consumer, day, supplier, regimes) => chosen(keyOf(kind, fuel), day, supplier, consumer, regimes),
    activityFactor: (kind, activities, day, supplier) => {
      for (const activity of activities) {
        const found = chosen(keyOf(kind, normalizeLabel(activity)), day, supplier, undefined, ['glec', 'spend']);
        if (found) return found;
      }
      return undefined;
    },
    setIndex: (factors) => {
      if (factors.length === 0) return -1;
      const refs: FactorRefInSet[] = factors.map((factor) =>
        own.has(factor) ? { id: factor.id, version: factor.version, organization: true } : { id: factor.id, version: factor.version },
      );
      const key = refs.map((ref) => `${ref.organization ? 'o:' : ''}${ref.id}@${ref.version}`).join(',');
      let index = setIndexes.get(key);
      if (index === undefined) {
        index = sets.length;
        sets.push(refs);
        setIndexes.set(key, index);
      }
      return index;
    },
    sets: () => sets.map((set) => set.map((ref) => ({ ...ref }))),
  };
};
