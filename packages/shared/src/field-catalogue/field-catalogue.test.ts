import { describe, expect, it } from 'vitest';
import { FILE_CATEGORIES } from '../uploads.ts';
import { CATALOGUE_VERSION, FIELD_CATALOGUE, fieldsByCategory, normalizeLabel, resolveAllowedValue } from './index.ts';
import type { FieldDefinition } from './types.ts';
import { isCountryCode, isCurrencyCode, isEmail, isImoNumber, isUnLocode, normalizeUnLocode, VALIDATORS } from './validators.ts';

const categories = Object.entries(FIELD_CATALOGUE);
const allFields = categories.flatMap(([category, fields]) => fields.map((field) => ({ category, field })));
const fieldOf = (category: keyof typeof FIELD_CATALOGUE, key: string): FieldDefinition => {
  const field = FIELD_CATALOGUE[category].find((f) => f.key === key);
  if (!field) throw new Error(`No field ${category}.${key}`);
  return field;
};

describe('field catalogue', () => {
  it('has a semantic version', () => {
    expect(CATALOGUE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('has fields for every upload category except unknown', () => {
    for (const category of FILE_CATEGORIES.filter((c) => c !== 'unknown')) {
      expect(fieldsByCategory(category).length, category).toBeGreaterThan(0);
      expect(
        fieldsByCategory(category).some((f) => f.requirement === 'required'),
        category,
      ).toBe(true);
    }
    expect(Object.keys(FIELD_CATALOGUE).sort()).toEqual(FILE_CATEGORIES.filter((c) => c !== 'unknown').sort());
  });

  it('answers no fields for unknown or made-up categories', () => {
    expect(fieldsByCategory('unknown')).toEqual([]);
    expect(fieldsByCategory('toString')).toEqual([]);
    expect(fieldsByCategory('')).toEqual([]);
  });

  it('uses unique snake_case keys within a category', () => {
    for (const [category, fields] of categories) {
      const keys = fields.map((f) => f.key);
      expect(new Set(keys).size, category).toBe(keys.length);
      for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });

  it('documents every field, the required ones included', () => {
    for (const { category, field } of allFields) {
      expect(field.label.trim(), `${category}.${field.key}`).not.toBe('');
      expect(field.description.trim().length, `${category}.${field.key}`).toBeGreaterThanOrEqual(20);
      expect(field.synonyms.length, `${category}.${field.key}`).toBeGreaterThan(0);
    }
  });

  it('gives numbers a canonical unit among their accepted units, each with a positive factor', () => {
    for (const { category, field } of allFields) {
      const name = `${category}.${field.key}`;
      if (field.acceptedUnits) {
        expect(field.canonicalUnit, name).toBeDefined();
        const canonical = field.acceptedUnits.find((u) => u.unit === field.canonicalUnit);
        expect(canonical?.factor, name).toBe(1);
        for (const unit of field.acceptedUnits) {
          expect(Number.isFinite(unit.factor) && unit.factor > 0, `${name} ${unit.unit}`).toBe(true);
          expect(unit.synonyms.length, `${name} ${unit.unit}`).toBeGreaterThan(0);
        }
        const units = field.acceptedUnits.map((u) => u.unit);
        expect(new Set(units).size, name).toBe(units.length);
      }
      if (field.canonicalUnit) expect(field.dataType === 'number' || field.dataType === 'integer', name).toBe(true);
      if (field.min !== undefined && field.max !== undefined) expect(field.min, name).toBeLessThan(field.max);
    }
  });

  it('converts mass to tonnes and asks for density only for volumes', () => {
    const fuelMass = fieldOf('vessel_fuel_consumption', 'fuel_mass');
    const unit = (name: string) => fuelMass.acceptedUnits?.find((u) => u.unit === name);
    expect(fuelMass.canonicalUnit).toBe('t');
    expect(unit('kg')?.factor).toBe(0.001);
    expect(unit('g')?.factor).toBe(0.000001);
    expect(unit('kg')?.needsDensity).toBeFalsy();
    expect(unit('m3')?.needsDensity).toBe(true);
    expect(unit('l')?.needsDensity).toBe(true);
    for (const { field } of allFields) for (const u of field.acceptedUnits ?? []) if (u.needsDensity) expect(field.canonicalUnit).toBe('t');
  });

  it('gives enums allowed values, and every spelling of a value resolves to that value only', () => {
    for (const { category, field } of allFields) {
      const name = `${category}.${field.key}`;
      expect(field.dataType === 'enum', name).toBe(field.allowedValues !== undefined);
      for (const allowed of field.allowedValues ?? []) {
        for (const spelling of [allowed.value, allowed.label, ...allowed.synonyms])
          expect(resolveAllowedValue(field, `  ${spelling.toUpperCase()} `)?.value, `${name}: ${spelling}`).toBe(allowed.value);
      }
    }
  });

  it('maps common marine fuel spellings to the fuel types', () => {
    const fuelType = fieldOf('vessel_fuel_consumption', 'fuel_type');
    expect(resolveAllowedValue(fuelType, 'IFO 380')?.value).toBe('HFO');
    expect(resolveAllowedValue(fuelType, 'ifo380')?.value).toBe('HFO');
    expect(resolveAllowedValue(fuelType, 'RMG380')?.value).toBe('HFO');
    expect(resolveAllowedValue(fuelType, 'MGO')?.value).toBe('MDO_MGO');
    expect(resolveAllowedValue(fuelType, 'LNG Otto slow speed')?.value).toBe('LNG_OTTO_SS');
    expect(resolveAllowedValue(fuelType, 'Propane')?.value).toBe('LPG_PROPANE');
    expect(resolveAllowedValue(fuelType, 'Whale oil')).toBeNull();
    expect(resolveAllowedValue(fuelType, '  ')).toBeNull();
  });

  it('uses no header spelling for two fields of the same category', () => {
    for (const [category, fields] of categories) {
      const owner = new Map<string, string>();
      for (const field of fields) {
        const spellings = new Set([field.key, field.label, ...field.synonyms].map(normalizeLabel));
        for (const spelling of spellings) {
          expect(owner.get(spelling), `${category}: "${spelling}" on ${field.key}`).toBeUndefined();
          owner.set(spelling, field.key);
        }
      }
    }
  });

  it('knows the EU MRV publication headers for vessel fuel', () => {
    const byHeader = (header: string) =>
      FIELD_CATALOGUE.vessel_fuel_consumption.find((f) => f.synonyms.some((s) => normalizeLabel(s) === normalizeLabel(header)))?.key;
    expect(byHeader('IMO Number')).toBe('imo_number');
    expect(byHeader('Name')).toBe('vessel_name');
    expect(byHeader('Ship type')).toBe('ship_type');
    expect(byHeader('Reporting Period')).toBe('reporting_year');
    expect(byHeader('Total fuel consumption [m tonnes]')).toBe('fuel_mass');
    expect(byHeader('Total CO₂ emissions [m tonnes]')).toBe('reported_co2');
    expect(byHeader('Annual Total time spent at sea [hours]')).toBe('hours_at_sea');
    expect(byHeader('Annual average Fuel consumption per distance [kg / n mile]')).toBe('fuel_consumption_per_distance');
  });

  it('compares spellings without regard to case, spacing, subscripts or ß', () => {
    expect(normalizeLabel('  Total   CO₂ emissions ')).toBe('total co2 emissions');
    expect(normalizeLabel('GROSSKREIS')).toBe(normalizeLabel('Großkreis'));
    expect(normalizeLabel('M³')).toBe('m3');
  });

  it('names only validators that exist', () => {
    for (const { category, field } of allFields)
      if (field.validator) expect(VALIDATORS[field.validator], `${category}.${field.key}`).toBeTypeOf('function');
  });

  it('keeps patterns valid regular expressions', () => {
    for (const { field } of allFields) if (field.pattern) expect(() => new RegExp(field.pattern ?? '')).not.toThrow();
  });
});

describe('validators', () => {
  it('checks the IMO number check digit', () => {
    expect(isImoNumber('9074729')).toBe(true);
    expect(isImoNumber('IMO 9074729')).toBe(true);
    expect(isImoNumber(' imo9074729 ')).toBe(true);
    expect(isImoNumber('9074728')).toBe(false);
    expect(isImoNumber('907472')).toBe(false);
    expect(isImoNumber('90747290')).toBe(false);
    expect(isImoNumber('907472X')).toBe(false);
    expect(isImoNumber('')).toBe(false);
  });

  it('checks the UN/LOCODE shape', () => {
    expect(isUnLocode('NOOSL')).toBe(true);
    expect(isUnLocode('NO OSL')).toBe(true);
    expect(isUnLocode('deham')).toBe(true);
    expect(isUnLocode('US2AX')).toBe(true);
    // The country part is ISO 3166 letters only; the location part never uses 0 or 1.
    expect(isUnLocode('N0OSL')).toBe(false);
    expect(isUnLocode('NOOS1')).toBe(false);
    expect(isUnLocode('NO  OSL')).toBe(false);
    expect(isUnLocode('NOOSLO')).toBe(false);
    expect(normalizeUnLocode(' no osl ')).toBe('NOOSL');
    expect(normalizeUnLocode('Oslo')).toBeNull();
  });

  it('checks currency, country and email shapes', () => {
    expect(isCurrencyCode('NOK')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(true);
    expect(isCurrencyCode('EURO')).toBe(false);
    expect(isCurrencyCode('€')).toBe(false);
    expect(isCountryCode('DK')).toBe(true);
    expect(isCountryCode('DNK')).toBe(false);
    expect(isEmail(' anna@rederi.no ')).toBe(true);
    expect(isEmail('anna@')).toBe(false);
    expect(isEmail('anna rederi.no')).toBe(false);
  });
});
