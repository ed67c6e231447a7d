import type { CatalogueCategory } from '../field-catalogue/types.ts';
import type { SampleCell } from './types.ts';

/** A column of the labelled set: a header, the field it should map to (null: no field applies) and sample values. */
export type LabelledColumn = { header: string; expected: string | null; values: readonly SampleCell[] };
export type LabelledFile = { name: string; category: CatalogueCategory; columns: readonly LabelledColumn[] };

export const c = (header: string, expected: string | null, values: readonly SampleCell[]): LabelledColumn => ({ header, expected, values });

/**
 * Small deterministic makers of realistic sample values for the labelled header set: the same call gives the
 * same values on every run, so the accuracy figure does not move between runs.
 */

const SAMPLE_SIZE = 8;

/** A tiny linear congruential sequence in 0..1, seeded by the column's header so every column differs. */
const sequence = (seed: string) => {
  let state = 0;
  for (const char of seed) state = (state * 31 + char.charCodeAt(0)) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
};

/** Valid IMO numbers: six digits and the check digit (weights 7..2, last digit of the sum). */
export const imoNumbers = (seed: string, options: { prefix?: boolean; asNumber?: boolean } = {}): SampleCell[] => {
  const next = sequence(seed);
  return Array.from({ length: SAMPLE_SIZE }, () => {
    const digits = String(900000 + Math.floor(next() * 99999)).slice(0, 6);
    let sum = 0;
    for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
    const imo = `${digits}${sum % 10}`;
    if (options.asNumber) return Number(imo);
    return options.prefix ? `IMO ${imo}` : imo;
  });
};

/** Numbers between min and max with the given decimals; `asText` writes them as a CSV would, `comma` with a decimal comma. */
export const numbers = (
  seed: string,
  min: number,
  max: number,
  options: { decimals?: number; asText?: boolean; comma?: boolean } = {},
): SampleCell[] => {
  const next = sequence(seed);
  const decimals = options.decimals ?? 2;
  return Array.from({ length: SAMPLE_SIZE }, () => {
    const value = Number((min + next() * (max - min)).toFixed(decimals));
    if (!options.asText && !options.comma) return value;
    const text = value.toFixed(decimals);
    return options.comma ? text.replace('.', ',') : text;
  });
};

export const integers = (seed: string, min: number, max: number): SampleCell[] => numbers(seed, min, max, { decimals: 0 });

/** ISO dates from `start`, `step` days apart; `time` adds a time of day as an XLSX date-time arrives. */
export const isoDates = (start: string, step = 7, options: { time?: boolean } = {}): SampleCell[] =>
  Array.from({ length: SAMPLE_SIZE }, (_, i) => {
    const date = new Date(Date.parse(`${start}T00:00:00Z`) + i * step * 86_400_000 + (options.time ? (6 + i) * 3_600_000 : 0));
    return options.time ? date.toISOString().slice(0, 16).replace('T', ' ') : date.toISOString().slice(0, 10);
  });

/** Day-first dates as Norwegian, Danish and German sheets write them: "01.03.2024". */
export const dottedDates = (start: string, step = 30): SampleCell[] =>
  isoDates(start, step).map((iso) => {
    const [year, month, day] = String(iso).split('-');
    return `${day}.${month}.${year}`;
  });

/** The given values repeated in order up to the sample size. */
export const cycle = (...values: SampleCell[]): SampleCell[] =>
  Array.from({ length: Math.max(SAMPLE_SIZE, values.length) }, (_, i) => values[i % values.length] ?? null);

/** References such as "V2024-017": a prefix and a running number. */
export const references = (prefix: string, start = 1, width = 3): SampleCell[] =>
  Array.from({ length: SAMPLE_SIZE }, (_, i) => `${prefix}${String(start + i).padStart(width, '0')}`);

export const VESSEL_NAMES = [
  'Nordic Aurora',
  'Bergen Star',
  'Skagerrak Trader',
  'MS Viking Sky',
  'Hanne Mærsk',
  'Polar Falcon',
  'Kielfjord',
];
export const LOCODES = ['NOOSL', 'DEHAM', 'NLRTM', 'DKAAR', 'NOBGO', 'SEGOT', 'BEANR', 'GBFXT'];
export const PORT_NAMES = ['Oslo', 'Hamburg', 'Rotterdam', 'Aarhus', 'Bergen', 'Gothenburg', 'Antwerp', 'Felixstowe'];
export const CITIES = ['Oslo', 'Drammen', 'Hamburg', 'Bremen', 'Aarhus', 'Odense', 'Trondheim', 'Rotterdam'];
export const COMPANIES = ['Nordsjø Bunkers AS', 'Vestkyst Verksted AS', 'Baltic Lubes GmbH', 'Havnens Service ApS', 'Fjord Catering AS'];
export const PEOPLE = ['Kari Nordmann', 'Lars Hansen', 'Anna Schmidt', 'Mette Jensen', 'Ole Olsen', 'Jens Müller'];
