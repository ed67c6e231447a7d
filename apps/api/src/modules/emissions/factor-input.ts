import { CONSUMER_CLASSES, FACTOR_FUELS, type FactorKind, type FactorUnit, UNITS_BY_KIND } from '@tidewise/shared/emissions/factors/types';
import type { Refusal } from '../../lib/authz.ts';

/** What an organisation gives for a factor of its own (CreateEmissionFactorInput), before any check. */
export type FactorInput = {
  kind: FactorKind;
  unit: string;
  value: string;
  fuel?: string | null;
  consumer?: string | null;
  activity?: string | null;
  document: string;
  section: string;
  edition: string;
  evidence: string;
  validFrom: string;
  validTo?: string | null;
  supplierOrganizationId?: string | null;
  replacesKey?: string | null;
};

/** The input once checked: trimmed texts, absent values as null. */
export type CheckedFactorInput = {
  kind: FactorKind;
  unit: FactorUnit;
  value: string;
  fuel: string | null;
  consumer: string | null;
  activity: string | null;
  document: string;
  section: string;
  edition: string;
  evidence: string;
  validFrom: string;
  validTo: string | null;
};

/** Kinds whose value is per fuel (the FuelEU and IMO tables); the others are per activity (a transport mode, a spend category). */
const FUEL_KINDS: readonly FactorKind[] = ['cf', 'lcv', 'wtt', 'ch4_ttw', 'n2o_ttw', 'slip'];

export const isFuelKind = (kind: FactorKind) => FUEL_KINDS.includes(kind);

/** Longest source text kept (a document title with its edition fits comfortably); evidence may say more. */
const MAX_SOURCE_LENGTH = 500;
const MAX_EVIDENCE_LENGTH = 4000;
const MAX_ACTIVITY_LENGTH = 120;
/** Digits before and after the point: more than any table prints, few enough to stay exact as a number. */
const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const invalid = (field: string, message: string): Refusal => ({ code: 'VALIDATION_FAILED', message, field });

/** True for a real calendar day written YYYY-MM-DD between 1900 and 9999. */
export const isIsoDate = (value: string): boolean => {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Checks a factor an organisation adds, field by field, in the order of the form: the unit must be one its kind is
 * written in (as for the built-in library), the value a plain positive decimal (kept as text, exactly as given),
 * fuel factors name one of the library's fuels and activity factors their activity, the source is cited in full
 * and the evidence is given, and the validity is a period of real days. Answers the first refusal, naming its field.
 */
export const checkFactorInput = (input: FactorInput): { refusal: Refusal } | { checked: CheckedFactorInput } => {
  const units = UNITS_BY_KIND[input.kind];
  const unit = units.find((candidate) => candidate === input.unit.trim());
  if (!unit) return { refusal: invalid('unit', `A ${input.kind} factor is written in ${units.join(' or ')}.`) };
  const value = input.value.trim();
  if (!DECIMAL.test(value)) return { refusal: invalid('value', 'Write the value as a decimal number with a point, e.g. 3.114.') };
  if (Number(value) <= 0) return { refusal: invalid('value', 'The value must be greater than zero.') };

  const fuel = text(input.fuel);
  const consumer = text(input.consumer);
  const activity = text(input.activity);
  if (isFuelKind(input.kind)) {
    if (!fuel) return { refusal: invalid('fuel', `A ${input.kind} factor is per fuel: choose one of ${FACTOR_FUELS.join(', ')}.`) };
    if (!(FACTOR_FUELS as readonly string[]).includes(fuel))
      return { refusal: invalid('fuel', `Unknown fuel "${fuel}": choose one of ${FACTOR_FUELS.join(', ')}.`) };
    if (activity) return { refusal: invalid('activity', 'A fuel factor names its fuel, not an activity.') };
  } else {
    if (!activity)
      return {
        refusal: invalid('activity', `A ${input.kind} factor is per activity: name it (e.g. the transport mode or spend category).`),
      };
    if (activity.length > MAX_ACTIVITY_LENGTH)
      return { refusal: invalid('activity', `The activity may be at most ${MAX_ACTIVITY_LENGTH} characters.`) };
    if (fuel) return { refusal: invalid('fuel', 'An activity factor names its activity, not a fuel.') };
  }
  if (consumer !== null) {
    if (!(CONSUMER_CLASSES as readonly string[]).includes(consumer))
      return { refusal: invalid('consumer', `Unknown consumer class "${consumer}": choose one of ${CONSUMER_CLASSES.join(', ')}.`) };
    if (fuel !== 'LNG') return { refusal: invalid('consumer', 'A consumer class applies to LNG only (the engine decides the slip).') };
  }

  const source: Record<'document' | 'section' | 'edition', string | null> = {
    document: text(input.document),
    section: text(input.section),
    edition: text(input.edition),
  };
  for (const field of ['document', 'section', 'edition'] as const) {
    const given = source[field];
    if (!given) return { refusal: invalid(field, `Give the source's ${field}, so an auditor can find the value.`) };
    if (given.length > MAX_SOURCE_LENGTH)
      return { refusal: invalid(field, `The ${field} may be at most ${MAX_SOURCE_LENGTH} characters.`) };
  }
  const evidence = text(input.evidence);
  if (!evidence)
    return { refusal: invalid('evidence', 'Say what the value rests on (a document, a measurement, a supplier declaration).') };
  if (evidence.length > MAX_EVIDENCE_LENGTH)
    return { refusal: invalid('evidence', `The evidence may be at most ${MAX_EVIDENCE_LENGTH} characters.`) };

  const validFrom = input.validFrom.trim();
  if (!isIsoDate(validFrom)) return { refusal: invalid('validFrom', 'Write the first day it applies as YYYY-MM-DD.') };
  const validTo = text(input.validTo);
  if (validTo !== null) {
    if (!isIsoDate(validTo)) return { refusal: invalid('validTo', 'Write the first day it no longer applies as YYYY-MM-DD.') };
    if (validTo <= validFrom) return { refusal: invalid('validTo', 'The end must come after the first day it applies.') };
  }
  return {
    checked: {
      kind: input.kind,
      unit,
      value,
      fuel,
      consumer,
      activity,
      document: source.document as string,
      section: source.section as string,
      edition: source.edition as string,
      evidence,
      validFrom,
      validTo,
    },
  };
};

/** Lower-case words joined by hyphens: "Road HGV > 40 t" → "road-hgv-40-t". */
export const slugOf = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'factor';

/**
 * The key of an organisation's factor: `org.<kind>.<fuel or activity>[.<consumer>][.<supplier>]`, the supplier
 * named by the first eight characters of its organisation id (a name can change; the key never does). The same
 * factor given again is the same key, so it can only be added as a new version of it.
 */
export const factorKeyOf = (
  checked: Pick<CheckedFactorInput, 'kind' | 'fuel' | 'activity' | 'consumer'>,
  supplierOrganizationId: string | null,
) => {
  const subject = slugOf(checked.fuel ?? checked.activity ?? '');
  const parts = ['org', checked.kind, subject];
  if (checked.consumer) parts.push(slugOf(checked.consumer));
  if (supplierOrganizationId) parts.push(supplierOrganizationId.slice(0, 8).toLowerCase());
  return parts.join('.');
};
