import { describe, expect, it } from 'vitest';
import { eventTypeLabel, formatShare, parseProductIds, parseQuantity, precedingIds, prettyDocument, publishYears } from './pact-format.ts';

describe('PACT screen formats', () => {
  it('reads product ids one per line or comma-separated, trimmed, without empties or repeats', () => {
    expect(parseProductIds(' urn:gtin:1 \n\nurn:gtin:2, urn:gtin:1 ,urn:pact:x ')).toEqual(['urn:gtin:1', 'urn:gtin:2', 'urn:pact:x']);
    expect(parseProductIds(' ,\n ')).toEqual([]);
  });

  it('reads a quantity with thousands separators, clears on empty and refuses what is not a number of zero or more', () => {
    expect(parseQuantity('1 200')).toEqual({ value: 1200 });
    expect(parseQuantity('1,200.5')).toEqual({ value: 1200.5 });
    expect(parseQuantity('0')).toEqual({ value: 0 });
    expect(parseQuantity('  ')).toEqual({ value: null });
    expect(parseQuantity('-3')).toHaveProperty('error');
    expect(parseQuantity('12 t')).toHaveProperty('error');
    expect(parseQuantity('1e3')).toHaveProperty('error');
  });

  it('names the v2 event types and shows an unknown one as it came', () => {
    expect(eventTypeLabel('org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1')).toBe('Footprints requested');
    expect(eventTypeLabel('org.example.Other')).toBe('org.example.Other');
  });

  it('shows the primary data share in percent, a dash when unknown', () => {
    expect(formatShare(56.123)).toBe('56.1 %');
    expect(formatShare(null)).toBe('—');
  });

  it('reads the preceding versions from the document and indents it, leaving text that is not JSON as it is', () => {
    const document = JSON.stringify({ id: 'b', precedingPfIds: ['a', 7, 'z'], pcf: { pCfExcludingBiogenic: '0.0123' } });
    expect(precedingIds(document)).toEqual(['a', 'z']);
    expect(precedingIds('{"id":"a"}')).toEqual([]);
    expect(precedingIds('not json')).toEqual([]);
    expect(prettyDocument('{"a":"0.10"}')).toBe('{\n  "a": "0.10"\n}');
    expect(prettyDocument('not json')).toBe('not json');
  });

  it('offers this year back to 2018, newest first', () => {
    expect(publishYears(new Date('2026-03-01T00:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018]);
  });
});
