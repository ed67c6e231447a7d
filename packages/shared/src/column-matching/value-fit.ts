import type { AllowedValue } from '../field-catalogue/types.ts';
import type { PreparedField } from './catalogue-index.ts';
import type { ValueProfile } from './value-profile.ts';

/**
 * How well a column's values suit a field. `adjustment` is added to the header's score (a text column is not
 * Fuel consumed); `identifying` (0..1) says how strongly the values alone point to this field, e.g. IMO numbers
 * with valid check digits, or fuel names that resolve to the field's allowed values.
 */
export type ValueFit = { adjustment: number; identifying: number; fact: string | null };

const NEUTRAL: ValueFit = { adjustment: 0, identifying: 0, fact: null };
const CONTRADICTS = -0.45;

/** 1000 → "1,000" (toLocaleString is slow when called for every field of every column). */
const formatCount = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "all 12 values are numbers", "998 of 1,000 values are numbers", "1 of 40 values is a number". */
export const countPhrase = (part: number, total: number, singular: string, plural: string): string => {
  if (total === 1) return part === 1 ? `the one value is ${singular}` : `the one value is not ${singular}`;
  if (part === total) return total === 2 ? `both values are ${plural}` : `all ${formatCount(total)} values are ${plural}`;
  if (part === 0) return `none of ${formatCount(total)} values is ${singular}`;
  if (part === 1) return `1 of ${formatCount(total)} values is ${singular}`;
  return `${formatCount(part)} of ${formatCount(total)} values are ${plural}`;
};

const VALIDATOR_WORDS = {
  imoNumber: { singular: 'an IMO number with a valid check digit', plural: 'IMO numbers with a valid check digit', identifying: 0.9 },
  email: { singular: 'an email address', plural: 'email addresses', identifying: 0.9 },
  unLocode: { singular: 'a UN/LOCODE', plural: 'UN/LOCODEs', identifying: 0.7 },
  currencyCode: { singular: 'a three-letter currency code', plural: 'three-letter currency codes', identifying: 0.3 },
  countryCode: { singular: 'a two-letter country code', plural: 'two-letter country codes', identifying: 0.3 },
} as const;

const validatorPasses = (profile: ValueProfile, validator: keyof typeof VALIDATOR_WORDS): number => {
  switch (validator) {
    case 'imoNumber':
      return profile.imoNumbers;
    case 'email':
      return profile.emails;
    case 'unLocode':
      return profile.upperUnLocodes;
    case 'currencyCode':
      return profile.currencyCodes;
    case 'countryCode':
      return profile.countryCodes;
  }
};

/** How many numeric values fall outside min..max; no pass over the values when their own range is inside. */
const countOutside = (profile: ValueProfile, min: number | undefined, max: number | undefined): number => {
  if ((min === undefined || profile.smallest >= min) && (max === undefined || profile.largest <= max)) return 0;
  let outside = 0;
  for (const value of profile.numericValues) if ((min !== undefined && value < min) || (max !== undefined && value > max)) outside++;
  return outside;
};

const numberFit = (prepared: PreparedField, profile: ValueProfile): ValueFit => {
  const { field } = prepared;
  const { total, numbers } = profile;
  const wantsInteger = field.dataType === 'integer';
  const fitting = wantsInteger ? profile.integers : numbers;
  const fact = wantsInteger
    ? countPhrase(fitting, total, 'a whole number', 'whole numbers')
    : countPhrase(fitting, total, 'a number', 'numbers');
  if (fitting < total * 0.5) return { adjustment: CONTRADICTS, identifying: 0, fact };
  if (fitting < total * 0.9) return { adjustment: -0.1, identifying: 0, fact };
  if (profile.imoNumbers >= total * 0.8)
    return { adjustment: -0.25, identifying: 0, fact: countPhrase(profile.imoNumbers, total, 'an IMO number', 'IMO numbers') };
  const { min, max } = field;
  if (min !== undefined || max !== undefined) {
    const outside = countOutside(profile, min, max);
    if (outside > profile.numericValues.length * 0.2) {
      const limits = max === undefined ? `below ${min}` : `outside ${min ?? '…'}–${max}`;
      return { adjustment: -0.2, identifying: 0, fact: `${fact}, but ${formatCount(outside)} are ${limits}` };
    }
    // A column of years fits a year field and little else.
    if (min !== undefined && max !== undefined && wantsInteger) return { adjustment: 0.1, identifying: 0.5, fact };
  }
  return { adjustment: 0.05, identifying: 0, fact };
};

const allowedValueFit = (prepared: PreparedField, profile: ValueProfile, allowedValues: ReadonlyMap<string, AllowedValue>): ValueFit => {
  let resolved = 0;
  let example: { raw: string; allowed: AllowedValue } | null = null;
  for (const [key, { count, raw }] of profile.distinct) {
    const allowed = allowedValues.get(key);
    if (!allowed) continue;
    resolved += count;
    if (
      !example ||
      (example.raw.toLowerCase() === example.allowed.label.toLowerCase() && raw.toLowerCase() !== allowed.label.toLowerCase())
    )
      example = { raw, allowed };
  }
  const { total } = profile;
  const label = prepared.field.label;
  let fact = countPhrase(resolved, total, `a ${label} value`, `${label} values`);
  if (example) fact += ` (“${example.raw}” = ${example.allowed.label})`;
  // Single letters and everyday words are among the spellings ("L", "B", "Other", "Estimated"): one word
  // repeated in a column of remarks proves little, two or more different values of the field prove more.
  if (resolved >= total * 0.8) return { adjustment: 0.1, identifying: profile.distinct.size >= 2 ? 0.8 : 0.3, fact };
  if (resolved >= total * 0.5) return { adjustment: 0.05, identifying: 0.5, fact };
  if (profile.numbers >= total * 0.8)
    return { adjustment: CONTRADICTS, identifying: 0, fact: countPhrase(profile.numbers, total, 'a number', 'numbers') };
  return { adjustment: resolved === 0 ? -0.15 : -0.05, identifying: 0, fact };
};

const textFit = (prepared: PreparedField, profile: ValueProfile): ValueFit => {
  const { total } = profile;
  if (profile.dates >= total * 0.8) return { adjustment: -0.3, identifying: 0, fact: countPhrase(profile.dates, total, 'a date', 'dates') };
  if (prepared.isIdentifier) return { adjustment: 0.02, identifying: 0, fact: null };
  if (profile.imoNumbers >= total * 0.8)
    return { adjustment: -0.3, identifying: 0, fact: countPhrase(profile.imoNumbers, total, 'an IMO number', 'IMO numbers') };
  if (profile.numbers >= total * 0.8)
    return { adjustment: -0.3, identifying: 0, fact: countPhrase(profile.numbers, total, 'a number', 'numbers') };
  const texts = total - profile.numbers - profile.dates - profile.booleans;
  return { adjustment: 0.03, identifying: 0, fact: countPhrase(Math.max(texts, 0), total, 'text', 'text') };
};

/** How the column's values suit the field; neutral when the column has no values. */
export const fitValues = (prepared: PreparedField, profile: ValueProfile): ValueFit => {
  const { field } = prepared;
  const { total } = profile;
  if (total === 0) return NEUTRAL;
  if (field.validator) {
    const words = VALIDATOR_WORDS[field.validator];
    const passes = validatorPasses(profile, field.validator);
    const fact = countPhrase(passes, total, words.singular, words.plural);
    if (passes >= total * 0.8) return { adjustment: 0.1, identifying: words.identifying, fact };
    if (passes >= total * 0.3) return { adjustment: -0.1, identifying: 0, fact };
    return { adjustment: CONTRADICTS, identifying: 0, fact };
  }
  switch (field.dataType) {
    case 'number':
    case 'integer':
      return numberFit(prepared, profile);
    case 'date': {
      const fact = countPhrase(profile.dates, total, 'a date', 'dates');
      // The category's one date field is what a column of dates is, unless the header says otherwise.
      if (profile.dates >= total * 0.8) return { adjustment: 0.05, identifying: prepared.isOnlyOfItsType ? 0.5 : 0, fact };
      return { adjustment: profile.dates >= total * 0.5 ? -0.1 : CONTRADICTS, identifying: 0, fact };
    }
    case 'boolean': {
      const fact = countPhrase(profile.booleans, total, 'yes or no', 'yes or no');
      if (profile.booleans >= total * 0.8) return { adjustment: 0.1, identifying: 0.3, fact };
      return { adjustment: CONTRADICTS, identifying: 0, fact };
    }
    case 'enum':
      return prepared.allowedValues ? allowedValueFit(prepared, profile, prepared.allowedValues) : NEUTRAL;
    case 'string':
      return textFit(prepared, profile);
  }
};
