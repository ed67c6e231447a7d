import { fieldsByCategory } from '@tidewise/shared/field-catalogue/index';
import type { FieldDefinition } from '@tidewise/shared/field-catalogue/types';
import { describe, expect, it } from 'vitest';
import { checkMappingValidation, checkTransformations, findUnit, unitTransformationFor } from './mappings.policy.ts';

const field = (key: string): FieldDefinition => {
  const found = fieldsByCategory('vessel_fuel_consumption').find((f) => f.key === key);
  if (!found) throw new Error(`no field ${key}`);
  return found;
};

describe('mapping rules', () => {
  it('names a unit by its key or any of its spellings, and only among the field’s units', () => {
    expect(findUnit(field('fuel_mass'), 'm³')?.unit).toBe('m3');
    expect(findUnit(field('fuel_mass'), 'Metric Tonnes')?.unit).toBe('t');
    expect(findUnit(field('fuel_mass'), 'km')).toBeNull();
    expect(findUnit(field('distance'), 'km')?.unit).toBe('km');
  });

  it('adds a unit conversion only for a known unit other than the canonical one', () => {
    expect(unitTransformationFor(field('fuel_mass'), 'kg')).toEqual([{ type: 'unit_conversion', unit: 'kg' }]);
    expect(unitTransformationFor(field('fuel_mass'), 'tonnes')).toEqual([]);
    expect(unitTransformationFor(field('fuel_mass'), null)).toEqual([]);
    expect(unitTransformationFor(field('fuel_mass'), 'furlongs')).toEqual([]);
    expect(unitTransformationFor(field('imo_number'), 'kg')).toEqual([]);
  });

  it('stores transformations as the field knows them: unit keys, allowed values, format names', () => {
    expect(checkTransformations(field('fuel_mass'), [{ type: 'unit_conversion', unit: 'litres', density: 0.85 }])).toEqual({
      ok: [{ type: 'unit_conversion', unit: 'l', density: 0.85 }],
    });
    expect(checkTransformations(field('fuel_type'), [{ type: 'value_mapping', mapping: { 'Bunker C': 'hfo' } }])).toEqual({
      ok: [{ type: 'value_mapping', mapping: { 'Bunker C': 'HFO' } }],
    });
    expect(checkTransformations(field('period_start'), [{ type: 'date_format', dateFormat: ' mm/dd/yyyy ' }])).toEqual({
      ok: [{ type: 'date_format', dateFormat: 'MM/DD/YYYY' }],
    });
    expect(checkTransformations(field('fuel_mass'), [])).toEqual({ ok: [] });
  });

  it('refuses what does not fit the field, naming the input at fault', () => {
    expect(checkTransformations(field('fuel_mass'), [{ type: 'unit_conversion' }])).toEqual({
      refusal: {
        code: 'VALIDATION_FAILED',
        field: 'transformations.0.unit',
        message: 'Name the unit the column is in: one of "t", "kg", "g", "m3", "l".',
      },
    });
    expect(checkTransformations(field('fuel_mass'), [{ type: 'unit_conversion', unit: 'm3', density: -1 }])).toMatchObject({
      refusal: { field: 'transformations.0.density' },
    });
    expect(checkTransformations(field('fuel_type'), [{ type: 'value_mapping', mapping: {} }])).toMatchObject({
      refusal: { message: 'A value mapping needs at least one source text.' },
    });
  });

  it('keeps a mapping’s own checks when they fit the field and each other', () => {
    expect(checkMappingValidation(field('fuel_mass'), { required: false, min: 1, max: 2 })).toEqual({
      ok: { required: false, min: 1, max: 2 },
    });
    expect(checkMappingValidation(field('vessel_name'), { pattern: '^[A-Z ]+$' })).toEqual({ ok: { pattern: '^[A-Z ]+$' } });
    expect(checkMappingValidation(field('fuel_mass'), null)).toEqual({ ok: {} });
    expect(checkMappingValidation(field('fuel_mass'), { min: 3, max: 2 })).toMatchObject({ refusal: { field: 'validation.max' } });
  });
});
