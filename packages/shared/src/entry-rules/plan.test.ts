import { describe, expect, it } from 'vitest';
import { compileEntryPlan } from './index.ts';
import { described, mapping } from './test-helpers.ts';

const vesselBasics = [mapping(0, 'imo_number'), mapping(1, 'fuel_type'), mapping(2, 'fuel_mass'), mapping(3, 'reporting_year')];
const planIssues = (
  rules: Parameters<typeof compileEntryPlan>[1],
  category: Parameters<typeof compileEntryPlan>[0] = 'vessel_fuel_consumption',
) => compileEntryPlan(category, rules).issues;

describe('compileEntryPlan: plan-level issues', () => {
  it('has none for a complete, correct mapping', () => {
    expect(planIssues(vesselBasics)).toEqual([]);
  });

  it('refuses an empty mapping and names every required field not mapped', () => {
    expect(described({ issues: planIssues([]) })).toEqual([
      'NO_FIELDS_MAPPED: No column is mapped to a field, so no row can become an entry.',
      'REQUIRED_FIELD_NOT_MAPPED: IMO number is required but no column is mapped to it.',
      'REQUIRED_FIELD_NOT_MAPPED: Fuel type is required but no column is mapped to it.',
      'REQUIRED_FIELD_NOT_MAPPED: Fuel consumed is required but no column is mapped to it.',
      'PERIOD_NOT_MAPPED: No column is mapped to Period start, Period end or Reporting year: entries will have no date and duplicates cannot be found.',
    ]);
    const [first, second] = planIssues([]);
    expect(first).toEqual({
      code: 'NO_FIELDS_MAPPED',
      type: 'error',
      field: null,
      rowNumber: null,
      message: 'No column is mapped to a field, so no row can become an entry.',
      value: null,
    });
    expect(second).toMatchObject({ code: 'REQUIRED_FIELD_NOT_MAPPED', type: 'error', field: 'imo_number', rowNumber: null });
  });

  it('reports unknown fields, bad positions, fields mapped twice and columns mapped twice', () => {
    const issues = planIssues([
      ...vesselBasics,
      mapping(4, 'whale_count', [], undefined, 'Whales'),
      mapping(-1, 'vessel_name', [], undefined, 'Name'),
      mapping(5, 'fuel_mass', [], undefined, 'Fuel again'),
      mapping(0, 'voyage_id', [], undefined, 'IMO'),
    ]);
    expect(described({ issues })).toEqual([
      'UNKNOWN_FIELD: Column “Whales”: “whale_count” is not a field of this category.',
      'INVALID_MAPPING: Column “Name” → Vessel name: the column position must be 0 or more.',
      'FIELD_MAPPED_TWICE: Fuel consumed is mapped from both “Col fuel_mass” and “Fuel again”; only “Col fuel_mass” is used.',
      'COLUMN_MAPPED_TWICE: Column “Col imo_number” is mapped to IMO number and Voyage; check that it belongs to each.',
    ]);
    expect(issues.map((i) => i.type)).toEqual(['error', 'error', 'error', 'warning']);
    const { plan } = compileEntryPlan('vessel_fuel_consumption', [...vesselBasics, mapping(5, 'fuel_mass')]);
    expect(plan.fields.find((f) => f.key === 'fuel_mass')?.sourceIndex).toBe(2);
  });

  it('reports units a field cannot take, volumes without density and bad densities', () => {
    const issues = planIssues([
      mapping(0, 'imo_number', [{ type: 'unit_conversion', unit: 'kg' }]),
      mapping(1, 'fuel_type'),
      mapping(2, 'fuel_mass', [{ type: 'unit_conversion', unit: 'gallons' }], undefined, 'Fuel [gal]'),
      mapping(3, 'reporting_year'),
      mapping(4, 'cargo_mass', [{ type: 'unit_conversion', unit: 'kg', density: 0.9 }]),
      mapping(5, 'distance', [{ type: 'unit_conversion' }]),
    ]);
    expect(described({ issues })).toEqual([
      'UNIT_NOT_CONVERTIBLE: Column “Col imo_number” → IMO number: IMO number takes no unit, so “kg” cannot be converted.',
      'UNIT_NOT_CONVERTIBLE: Column “Fuel [gal]” → Fuel consumed: the unit “gallons” cannot be converted to t; accepted: t, kg, g, m3, l.',
      'UNIT_NOT_CONVERTIBLE: Column “Col distance” → Distance: a unit conversion needs a unit; accepted: nm, km.',
      'DENSITY_NOT_USED: Column “Col cargo_mass” → Cargo carried: the density is not used: kg is not a volume.',
    ]);
    expect(
      described({
        issues: planIssues([
          mapping(0, 'imo_number'),
          mapping(1, 'fuel_mass', [{ type: 'unit_conversion', unit: 'litres', density: 991 }]),
        ]),
      }),
    ).toContain(
      'DENSITY_INVALID: Column “Col fuel_mass” → Fuel consumed: the density “991” is not a density in t/m³ (fuels are about 0.4 to 1.0; 991 kg/m³ is 0.991 t/m³).',
    );
    expect(
      described({ issues: planIssues([mapping(0, 'imo_number'), mapping(1, 'fuel_mass', [{ type: 'unit_conversion', unit: 'litres' }])]) }),
    ).toContain(
      'DENSITY_MISSING: Column “Col fuel_mass” → Fuel consumed: l is a volume: give the fuel’s density in t/m³ in the unit conversion.',
    );
  });

  it('reports transformations that do not fit the field or lack what they need', () => {
    const issues = planIssues([
      mapping(0, 'imo_number', [{ type: 'factor', factor: 2 }]),
      mapping(1, 'fuel_type', [{ type: 'value_mapping', mapping: { 'Bunker C': 'Whale oil', IFO: 'HFO' } }]),
      mapping(2, 'fuel_mass', [{ type: 'factor', factor: 0 }, { type: 'value_mapping' }]),
      mapping(3, 'period_start', [{ type: 'date_format', dateFormat: 'YYYY-DD-MM' }]),
      mapping(4, 'period_end', [
        { type: 'date_format', dateFormat: 'DD.MM.YYYY' },
        { type: 'date_format', dateFormat: 'MM/DD/YYYY' },
      ]),
      mapping(5, 'distance', [{ type: 'date_format', dateFormat: 'DD.MM.YYYY' }, { type: 'rotate' as never }]),
    ]);
    expect(described({ issues })).toEqual([
      'TRANSFORMATION_NOT_APPLICABLE: Column “Col imo_number” → IMO number: a factor applies to numbers only, and IMO number is a string.',
      'UNKNOWN_DATE_FORMAT: Column “Col period_start” → Period start: the date format “YYYY-DD-MM” is not known; known formats: YYYY-MM-DD, YYYY/MM/DD, YYYY.MM.DD, YYYYMMDD, DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY, D.M.YYYY, D/M/YYYY, DD.MM.YY, DD/MM/YY, MM/DD/YYYY, M/D/YYYY, MM-DD-YYYY, MM/DD/YY, EXCEL.',
      'INVALID_TRANSFORMATION: Column “Col period_end” → Period end: only one date format can apply to a column.',
      'INVALID_VALUE_MAPPING: Column “Col fuel_type” → Fuel type: “Bunker C” is mapped to “Whale oil”, which is not an allowed value of Fuel type.',
      'INVALID_TRANSFORMATION: Column “Col fuel_mass” → Fuel consumed: the factor must be a number other than 0.',
      'INVALID_TRANSFORMATION: Column “Col fuel_mass” → Fuel consumed: a value mapping needs a mapping of source texts to values.',
      'TRANSFORMATION_NOT_APPLICABLE: Column “Col distance” → Distance: a date format applies to dates only, and Distance is not a date.',
      'INVALID_TRANSFORMATION: Column “Col distance” → Distance: “rotate” is not a transformation.',
    ]);
  });

  it('reports limits and patterns that cannot work', () => {
    const issues = planIssues([
      ...vesselBasics,
      mapping(4, 'distance', [], { min: 100, max: 10 }),
      mapping(5, 'voyage_id', [], { pattern: '([A-Z' }),
      mapping(6, 'vessel_name', [], { min: 1 }),
      mapping(7, 'hours_at_sea', [], { pattern: '\\d+' }),
    ]);
    expect(described({ issues })).toEqual([
      'VALIDATION_NOT_APPLICABLE: Column “Col vessel_name” → Vessel name: a minimum applies to numbers only; it is ignored.',
      'INVALID_PATTERN: Column “Col voyage_id” → Voyage: the pattern “([A-Z” is not a valid regular expression.',
      'MIN_ABOVE_MAX: Column “Col distance” → Distance: the minimum 100 is above the maximum 10, so no value can pass.',
      'VALIDATION_NOT_APPLICABLE: Column “Col hours_at_sea” → Hours at sea: a pattern applies to text fields only; it is ignored.',
    ]);
  });

  it('asks for a quantity or a period where a category needs one, and a companion field', () => {
    expect(
      described({ issues: planIssues([mapping(0, 'hub_name'), mapping(1, 'hub_type'), mapping(2, 'energy_carrier')], 'port_operations') }),
    ).toEqual([
      'QUANTITY_NOT_MAPPED: No column is mapped to Energy consumed or Fuel consumed: a row needs one of them.',
      'PERIOD_NOT_MAPPED: No column is mapped to Period start or Period end: entries will have no date and duplicates cannot be found.',
    ]);
    expect(
      described({
        issues: planIssues([mapping(0, 'description'), mapping(1, 'quantity'), mapping(2, 'spend')], 'purchased_goods_services'),
      }),
    ).toEqual([
      'COMPANION_NOT_MAPPED: Quantity is mapped but Unit is not: the quantity cannot be read without it.',
      'COMPANION_NOT_MAPPED: Spend is mapped but Currency is not: the spend cannot be read without it.',
    ]);
  });

  it('lists the mapped fields in catalogue order with their canonical unit and column', () => {
    const { plan } = compileEntryPlan('vessel_fuel_consumption', [
      mapping(7, 'fuel_mass'),
      mapping(3, 'imo_number'),
      mapping(0, 'fuel_type'),
    ]);
    expect(plan.category).toBe('vessel_fuel_consumption');
    expect(
      plan.fields.map(({ key, label, dataType, unit, requirement, sourceIndex }) => ({
        key,
        label,
        dataType,
        unit,
        requirement,
        sourceIndex,
      })),
    ).toEqual([
      { key: 'imo_number', label: 'IMO number', dataType: 'string', unit: null, requirement: 'required', sourceIndex: 3 },
      { key: 'fuel_type', label: 'Fuel type', dataType: 'enum', unit: null, requirement: 'required', sourceIndex: 0 },
      { key: 'fuel_mass', label: 'Fuel consumed', dataType: 'number', unit: 't', requirement: 'required', sourceIndex: 7 },
    ]);
  });
});
