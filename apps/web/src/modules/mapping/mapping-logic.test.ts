import { describe, expect, it } from 'vitest';
import {
  columnState,
  initialUnit,
  openSuggestionsAbove,
  replaceTransformation,
  requiredCoverage,
  resolveAllowedValue,
  valuesToMap,
} from './mapping-logic.ts';
import { rowWindow } from './row-dialog.tsx';
import { column, fuelField, fuelType, mapping } from './test-fixtures.ts';

describe('mapping logic', () => {
  it('names where a column stands from its mapping and its suggestion', () => {
    expect(columnState(column(), mapping())).toBe('accepted');
    expect(columnState(column(), mapping({ origin: 'manual' }))).toBe('manual');
    expect(columnState(column(), mapping({ origin: 'learned' }))).toBe('learned');
    expect(columnState(column({ isRejected: true }), null)).toBe('rejected');
    expect(columnState(column(), null)).toBe('suggested');
    expect(columnState(column({ suggestedTargetField: null }), null)).toBe('unmapped');
  });

  it('counts for Accept all only open suggestions at or above the threshold', () => {
    const columns = [
      column({ id: 'a', sourceIndex: 0, sourceColumn: 'A', confidence: 0.8 }),
      column({ id: 'b', sourceIndex: 1, sourceColumn: 'B', confidence: 0.79 }),
      column({ id: 'c', sourceIndex: 2, sourceColumn: 'C', confidence: 0.95, isRejected: true }),
      column({ id: 'd', sourceIndex: 3, sourceColumn: 'D', confidence: 0.95 }),
      column({ id: 'e', sourceIndex: 4, sourceColumn: 'E', confidence: 0.99, suggestedTargetField: null }),
    ];
    const mappings = [mapping({ sourceIndex: 3, sourceColumn: 'D', origin: 'manual' })];
    expect(openSuggestionsAbove(columns, mappings, 0.8).map((c) => c.id)).toEqual(['a']);
    expect(openSuggestionsAbove(columns, mappings, 0.5).map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('names the required fields no active mapping covers', () => {
    const fields = [fuelField(), fuelType, fuelField({ key: 'vessel_name', requirement: 'recommended' })];
    const { required, missing } = requiredCoverage(fields, [mapping(), mapping({ id: 'm2', targetField: 'fuel_type', isActive: false })]);
    expect(required.map((f) => f.key)).toEqual(['fuel_consumed', 'fuel_type']);
    expect(missing.map((f) => f.key)).toEqual(['fuel_type']);
  });

  it('replaces one transformation and keeps the others as input', () => {
    const current = [
      { type: 'date_format' as const, factor: null, unit: null, density: null, mapping: null, dateFormat: 'DD.MM.YYYY' },
      { type: 'unit_conversion' as const, factor: null, unit: 'kg', density: null, mapping: null, dateFormat: null },
    ];
    expect(replaceTransformation(current, 'unit_conversion', { type: 'unit_conversion', unit: 'm3', density: 0.85 })).toEqual([
      { type: 'date_format', dateFormat: 'DD.MM.YYYY' },
      { type: 'unit_conversion', unit: 'm3', density: 0.85 },
    ]);
    expect(replaceTransformation(current, 'date_format', null)).toEqual([{ type: 'unit_conversion', unit: 'kg' }]);
  });

  it('offers first the saved unit, then the one read from the header, then the canonical one', () => {
    const field = fuelField();
    const saved = mapping({
      transformations: [{ type: 'unit_conversion', factor: null, unit: 'kg', density: null, mapping: null, dateFormat: null }],
    });
    expect(initialUnit(field, saved, 'm³')).toBe('kg');
    expect(initialUnit(field, null, 'm³')).toBe('m3');
    expect(initialUnit(field, null, 'CBM')).toBe('m3');
    expect(initialUnit(field, null, 'barrels')).toBe('t');
  });

  it('lists the enum texts the catalogue does not resolve, and those already mapped', () => {
    expect(resolveAllowedValue(fuelType, ' ifo  380 ')?.value).toBe('HFO');
    expect(valuesToMap(fuelType, ['HFO', 'IFO 380', 'VLSFO 0.5%', 'LSMGO', 'VLSFO 0.5%', ' '], { 'Bio blend': 'MGO' })).toEqual([
      'Bio blend',
      'VLSFO 0.5%',
      'LSMGO',
    ]);
  });

  it('looks for a row by its sheet number among the stored rows under the header', () => {
    expect(rowWindow(14, 1)).toEqual({ fromRow: 1, toRow: 13 });
    expect(rowWindow(250, 3)).toEqual({ fromRow: 227, toRow: 247 });
    expect(rowWindow(2, null)).toEqual({ fromRow: 1, toRow: 1 });
  });
});
