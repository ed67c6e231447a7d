import type { CombinedError } from 'urql';
import { formatNumber } from '../../lib/format.ts';
import type { PreviewValue } from './graphql.ts';

export type ConfidenceLevel = 'high' | 'medium' | 'low';

/** How sure a suggestion is, in three steps: high from 0.8, medium from 0.5, low below. */
export const confidenceLevel = (confidence: number): ConfidenceLevel => (confidence >= 0.8 ? 'high' : confidence >= 0.5 ? 'medium' : 'low');

export const CONFIDENCE_LABELS: Record<ConfidenceLevel, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** "0.823" → "82%". */
export const formatPercent = (ratio: number) => `${Math.round(Math.max(0, Math.min(1, ratio)) * 100)}%`;

/** "1 row", "1,234 rows": a count with its noun, singular for one. */
export const countOf = (count: number, singular: string, plural = `${singular}s`) =>
  `${formatNumber(count)} ${count === 1 ? singular : plural}`;

/** "A", "A and B", "A, B and C". */
export const listWords = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** A cell value from the reader (text, number, boolean, ISO date text or null) as text. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return JSON.stringify(value);
};

/** The first `count` sample values that are not empty, as text, without repeats. */
export const sampleTexts = (values: readonly unknown[], count = 5) =>
  [...new Set(values.map(cellText).filter((text) => text.trim() !== ''))].slice(0, count);

const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 6 });
const UNIT_SYMBOLS: Record<string, string> = { m3: 'm³', m2: 'm²', tCO2e: 't CO₂e', kgCO2e: 'kg CO₂e' };

/** A unit as people write it ("m3" → "m³"). */
export const unitText = (unit: string) => UNIT_SYMBOLS[unit] ?? unit;

/** A typed value of a preview row as people read it: "1,234.5 t", "12 Mar 2025", "Yes"; '' when empty. */
export const valueText = (value: PreviewValue): string => {
  switch (value.dataType) {
    case 'number':
    case 'integer':
      if (value.numberValue === null || value.numberValue === undefined) return value.stringValue ?? '';
      return `${NUMBER.format(value.numberValue)}${value.unit ? ` ${unitText(value.unit)}` : ''}`;
    case 'boolean':
      return value.booleanValue === null || value.booleanValue === undefined
        ? (value.stringValue ?? '')
        : value.booleanValue
          ? 'Yes'
          : 'No';
    case 'date':
      return value.dateValue ? formatCalendarDay(value.dateValue) : (value.stringValue ?? '');
    default:
      return value.stringValue ?? '';
  }
};

const DAY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** An ISO calendar day ("2025-03-12") as "12 Mar 2025", whatever the reader's zone. */
export const formatCalendarDay = (iso: string) => {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : DAY.format(date);
};

/** The server answered that the record is not the caller's to see (or does not exist): nothing to try again. */
export const isNotFound = (error: CombinedError | undefined) =>
  Boolean(error?.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND'));
