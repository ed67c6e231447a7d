import { z } from 'zod';
import type { ValidatorName } from './types.ts';

/**
 * Pure checks that catalogue fields name by `validator`. Each takes the raw cell text, trims it and ignores
 * letter case where the standard does, and answers true or false; messages belong to the import's issues.
 */

/** IMO ship number: 7 digits, optionally prefixed "IMO"; the first six weighted 7..2 sum to the seventh as last digit. */
export const isImoNumber = (value: string): boolean => {
  const digits = value
    .trim()
    .replace(/^imo[\s:.-]*/i, '')
    .trim();
  if (!/^\d{7}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return sum % 10 === Number(digits[6]);
};

/**
 * UN/LOCODE: ISO 3166 alpha-2 country (letters only) and a 3-character location code of letters and the
 * digits 2-9 (UN/LOCODE leaves out 0 and 1 so they are not read as O and I), with an optional space between.
 * "NOOSL" and "NO OSL" pass; "N0OSL" fails because the country part holds a digit.
 */
export const isUnLocode = (value: string): boolean => /^[A-Z]{2} ?[A-Z2-9]{3}$/.test(value.trim().toUpperCase());

/** The UN/LOCODE without the space, upper case, or null when the value is not one. */
export const normalizeUnLocode = (value: string): string | null => (isUnLocode(value) ? value.trim().toUpperCase().replace(' ', '') : null);

/** ISO 4217 shape: three letters (the list of live codes changes; the shape does not). */
export const isCurrencyCode = (value: string): boolean => /^[A-Z]{3}$/.test(value.trim().toUpperCase());

/** ISO 3166-1 alpha-2 shape: two letters. */
export const isCountryCode = (value: string): boolean => /^[A-Z]{2}$/.test(value.trim().toUpperCase());

const emailShape = z.email();
export const isEmail = (value: string): boolean => {
  const trimmed = value.trim();
  return trimmed.length <= 254 && emailShape.safeParse(trimmed).success;
};

export const VALIDATORS: Record<ValidatorName, (value: string) => boolean> = {
  imoNumber: isImoNumber,
  unLocode: isUnLocode,
  currencyCode: isCurrencyCode,
  email: isEmail,
  countryCode: isCountryCode,
};
