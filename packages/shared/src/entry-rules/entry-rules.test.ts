import { describe, expect, it } from 'vitest';
import { buildEntry, compileEntryPlan, formatEntryValue, planFieldsOf } from './index.ts';
import { described, mapping, planFor } from './test-helpers.ts';

const IMO = 9074729; // a real IMO number: 9*7+0*6+7*5+4*4+7*3+2*2 = 139, check digit 9

describe('buildEntry: values and types', () => {
  const vessel = planFor('vessel_fuel_consumption', ['imo_number', 'fuel_type', 'fuel_mass', 'period_start', 'period_end', 'distance']);

  it('turns a good row into typed values aligned with the plan fields', () => {
    const entry = vessel.row([IMO, 'IFO 380', 12.5, '2024-01-01', '2024-01-31T00:00:00', '1 234,5']);
    expect(entry.issues).toEqual([]);
    expect(entry.isValid).toBe(true);
    expect(entry.isEmpty).toBe(false);
    expect(vessel.plan.fields.map((f) => f.key)).toEqual([
      'imo_number',
      'period_start',
      'period_end',
      'fuel_type',
      'fuel_mass',
      'distance',
    ]);
    expect(entry.values).toEqual(['9074729', '2024-01-01', '2024-01-31', 'HFO', 12.5, 1234.5]);
    expect(entry.entryDate).toBe('2024-01-01');
    expect(entry.duplicateKey).toBe('9074729|2024-01-01..2024-01-31|HFO');
    expect(entry.dataPoints).toEqual({ errors: 0, warnings: 0, successes: 6 });
  });

  it('says what is wrong and where, and keeps the raw value', () => {
    const entry = vessel.row(['IMO 9074728', 'Whale oil', '12,5 kg?', '31.02.2024', '2024-01-31', 'far'], 14);
    expect(entry.isValid).toBe(false);
    expect(entry.values).toEqual([null, null, '2024-01-31', null, null, null]);
    expect(described(entry)).toEqual([
      'INVALID_IMO: Row 14, IMO number: “IMO 9074728” is not a valid IMO number (7 digits, the last a check digit, e.g. 9074729).',
      'INVALID_DATE: Row 14, Period start: “31.02.2024” is not a date.',
      'NOT_ALLOWED_VALUE: Row 14, Fuel type: “Whale oil” is not one of the allowed values (HFO, LFO, MDO_MGO, LNG, LNG_OTTO_MS, LNG_OTTO_SS, LNG_DIESEL, LNG_LBSI, … 15 in all); map it to one in the column’s value mapping.',
      'NOT_A_NUMBER: Row 14, Distance: “far” is not a number.',
      'NOT_A_NUMBER: Row 14, Fuel consumed: “12,5 kg?” is not a number.',
    ]);
    expect(entry.issues[0]).toMatchObject({ type: 'error', field: 'imo_number', rowNumber: 14, value: 'IMO 9074728' });
    expect(entry.dataPoints).toEqual({ errors: 5, warnings: 0, successes: 1 });
    expect(entry.duplicateKey).toBeNull();
  });

  it('normalizes what validators accept: IMO prefix, UN/LOCODE space, currency and country case', () => {
    const ports = planFor('vessel_fuel_consumption', ['imo_number', 'departure_port']);
    expect(ports.row(['IMO 9074729', 'no osl']).values).toEqual(['9074729', 'NOOSL']);
    expect(described(ports.row([IMO, 'OSLO']))).toEqual([
      'INVALID_LOCODE: Row 14, Departure port: “OSLO” is not a UN/LOCODE (country code and 3 letters, e.g. NOOSL).',
    ]);
    const purchases = planFor('purchased_goods_services', ['description', 'currency', 'spend']);
    expect(purchases.row(['Lubricants', 'nok', 100]).values).toEqual(['Lubricants', 100, 'NOK']);
    expect(described(purchases.row(['Lubricants', 'kroner', 100]))).toEqual([
      'INVALID_CURRENCY: Row 14, Currency: “kroner” is not an ISO 4217 currency code (3 letters, e.g. NOK or EUR).',
    ]);
    const suppliers = planFor('supplier_list', ['supplier_name', 'country', 'contact_email']);
    expect(suppliers.row(['Acme AS', 'no', 'ops@acme.no']).values).toEqual(['Acme AS', 'NO', 'ops@acme.no']);
    expect(described(suppliers.row(['Acme AS', 'Norway', 'ops@']))).toEqual([
      'INVALID_COUNTRY: Row 14, Country: “Norway” is not an ISO 3166 two-letter country code (e.g. NO, DK, DE).',
      'INVALID_EMAIL: Row 14, Contact email: “ops@” is not an email address.',
    ]);
  });

  it('reads integers and refuses fractions, and applies the catalogue minimum and maximum', () => {
    const years = planFor('vessel_fuel_consumption', ['imo_number', 'reporting_year', 'fuel_mass']);
    expect(years.row([IMO, '2023', 1]).values).toEqual(['9074729', 2023, 1]);
    expect(described(years.row([IMO, 2023.5, -5]))).toEqual([
      'NOT_AN_INTEGER: Row 14, Reporting year: “2023.5” is not a whole number.',
      'BELOW_MIN: Row 14, Fuel consumed: “-5” is below the minimum of 0 t.',
    ]);
    expect(described(years.row([IMO, 2017, 1]))).toEqual(['BELOW_MIN: Row 14, Reporting year: “2017” is below the minimum of 2018.']);
    expect(described(years.row([IMO, 2101, 1]))).toEqual(['ABOVE_MAX: Row 14, Reporting year: “2101” is above the maximum of 2100.']);
  });

  it('takes the narrower of the catalogue and mapping limits, and a mapping pattern', () => {
    const narrowed = planFor('vessel_fuel_consumption', [
      mapping(0, 'imo_number'),
      mapping(1, 'fuel_mass', [{ type: 'unit_conversion', unit: 'kg' }], { min: -10, max: 50 }),
      mapping(2, 'voyage_id', [], { pattern: 'V-\\d{3}' }),
    ]);
    expect(narrowed.issues.map((i) => i.code)).toEqual(['REQUIRED_FIELD_NOT_MAPPED', 'PERIOD_NOT_MAPPED']);
    expect(narrowed.row([IMO, 50_000, 'V-001']).values).toEqual(['9074729', 'V-001', 50]);
    expect(described(narrowed.row([IMO, -1000, 'V-1']))).toEqual([
      'PATTERN_MISMATCH: Row 14, Voyage: “V-1” does not have the expected form (V-\\d{3}).',
      'BELOW_MIN: Row 14, Fuel consumed: “-1000” (-1 t) is below the minimum of 0 t.',
    ]);
    expect(described(narrowed.row([IMO, 60_000, 'V-002']))).toEqual([
      'ABOVE_MAX: Row 14, Fuel consumed: “60000” (60 t) is above the maximum of 50 t.',
    ]);
  });

  it('reads booleans in several languages and refuses other texts', () => {
    const shore = planFor('site_energy', ['site_name', 'energy_consumption', 'is_shore_power']);
    for (const [cell, expected] of [
      ['Yes', true],
      ['ja', true],
      [1, true],
      [true, true],
      ['Nei', false],
      ['nein', false],
      [0, false],
    ] as const) {
      expect(shore.value(shore.row(['Berth 3', 100, cell]), 'is_shore_power'), String(cell)).toBe(expected);
    }
    expect(described(shore.row(['Berth 3', 100, 'maybe']))).toEqual([
      'NOT_A_BOOLEAN: Row 14, Shore power: “maybe” is not yes or no (yes/no, true/false, 1/0, ja/nei).',
    ]);
  });

  it('refuses spreadsheet errors and overlong texts', () => {
    const names = planFor('vessel_fuel_consumption', ['imo_number', 'vessel_name', 'fuel_mass']);
    expect(described(names.row([IMO, '#REF!', '#VALUE!']))).toEqual([
      'SPREADSHEET_ERROR: Row 14, Vessel name: “#REF!” is a spreadsheet error, not a value; fix the formula in the sheet.',
      'SPREADSHEET_ERROR: Row 14, Fuel consumed: “#VALUE!” is a spreadsheet error, not a value; fix the formula in the sheet.',
    ]);
    const long = names.row([IMO, 'x'.repeat(1001), 1]);
    expect(described(long)).toEqual(['VALUE_TOO_LONG: Row 14, Vessel name: the text has 1001 characters; at most 1000 are kept.']);
    expect(long.issues[0]?.value).toHaveLength(500);
  });

  it('flags a number that may have been meant with a thousands separator', () => {
    const entry = vessel.row([IMO, 'HFO', '1.500', '2024-01-01', '2024-01-02', 10]);
    expect(vessel.value(entry, 'fuel_mass')).toBe(1.5);
    expect(entry.isValid).toBe(true);
    expect(described(entry)).toEqual([
      'AMBIGUOUS_NUMBER: Row 14, Fuel consumed: “1.500” was read as 1.5; if the separator was meant for thousands, write it without one.',
    ]);
    expect(entry.issues[0]?.type).toBe('warning');
    expect(entry.dataPoints).toEqual({ errors: 0, warnings: 1, successes: 5 });
  });
});

describe('buildEntry: empty cells and rows', () => {
  const mrv = planFor('vessel_fuel_consumption', [
    'imo_number',
    'fuel_type',
    'fuel_mass',
    'fuel_consumption_per_distance',
    'hours_at_sea',
    'reporting_year',
  ]);

  it('reads the EU MRV publication’s N/A and Division by zero! as empty values', () => {
    const entry = mrv.row([IMO, 'HFO', 1234.5, 'Division by zero!', 'N/A', 2023]);
    expect(entry.issues).toEqual([]);
    expect(mrv.value(entry, 'fuel_consumption_per_distance')).toBeNull();
    expect(mrv.value(entry, 'hours_at_sea')).toBeNull();
    expect(entry.dataPoints).toEqual({ errors: 0, warnings: 0, successes: 6 });
    for (const empty of ['n/a', '-', '', '   ', '#DIV/0!', '#N/A', '—', null]) {
      expect(mrv.row([IMO, 'HFO', 1, empty, empty, 2023]).issues, String(empty)).toEqual([]);
    }
  });

  it('reports an empty required value, and not an empty optional one', () => {
    const entry = mrv.row([IMO, 'N/A', null, 'Division by zero!', null, 2023]);
    expect(described(entry)).toEqual([
      'REQUIRED_MISSING: Row 14, Fuel type: no value; the field is required.',
      'REQUIRED_MISSING: Row 14, Fuel consumed: no value; the field is required.',
    ]);
    expect(entry.dataPoints).toEqual({ errors: 2, warnings: 0, successes: 4 });
  });

  it('makes a mapping’s required flag count like the catalogue’s', () => {
    const strict = planFor('vessel_fuel_consumption', [
      mapping(0, 'imo_number'),
      mapping(1, 'fuel_type'),
      mapping(2, 'fuel_mass'),
      mapping(3, 'vessel_name', [], { required: true }),
    ]);
    expect(described(strict.row([IMO, 'HFO', 1, '']))).toEqual(['REQUIRED_MISSING: Row 14, Vessel name: no value; the field is required.']);
  });

  it('counts a row whose mapped cells are all empty as an empty row, whatever its other columns hold', () => {
    const entry = mrv.row([null, 'n/a', '', '-', null, ' ', 'text in an unmapped column'], 9);
    expect(entry.isEmpty).toBe(true);
    expect(entry.isValid).toBe(true);
    expect(entry.values).toEqual([null, null, null, null, null, null]);
    expect(described(entry)).toEqual(['EMPTY_ROW: Row 9: every mapped column is empty; the row is skipped.']);
    expect(entry.dataPoints).toEqual({ errors: 0, warnings: 0, successes: 0 });
    expect(mrv.row([], 10).isEmpty).toBe(true);
  });
});

describe('buildEntry: transformations', () => {
  it('converts kg to tonnes and a factor before the unit', () => {
    const { row, value } = planFor('vessel_fuel_consumption', [
      mapping(0, 'imo_number'),
      mapping(1, 'fuel_type'),
      mapping(2, 'fuel_mass', [{ type: 'unit_conversion', unit: 'kg' }]),
      mapping(3, 'distance', [
        { type: 'unit_conversion', unit: 'km' },
        { type: 'factor', factor: 1000 },
      ]),
    ]);
    const entry = row([IMO, 'HFO', 12.5, 1.852]);
    expect(value(entry, 'fuel_mass')).toBe(0.0125);
    expect(value(entry, 'distance')).toBeCloseTo(1000, 9);
  });

  it('takes a unit written in the cell over the column’s', () => {
    const { row, value } = planFor('vessel_fuel_consumption', [mapping(0, 'imo_number'), mapping(1, 'fuel_type'), mapping(2, 'fuel_mass')]);
    expect(value(row([IMO, 'HFO', '12 500 kg']), 'fuel_mass')).toBe(12.5);
    expect(value(row([IMO, 'HFO', '3 t']), 'fuel_mass')).toBe(3);
    expect(described(row([IMO, 'HFO', '12 gal']))).toEqual([
      'UNIT_NOT_CONVERTIBLE: Row 14, Fuel consumed: “12 gal”: the unit “gal” cannot be converted to t; accepted: t, kg, g, m3, l.',
    ]);
  });

  it('turns m³ into tonnes with the mapping’s density', () => {
    const { row, value, issues } = planFor('vessel_fuel_consumption', [
      mapping(0, 'imo_number'),
      mapping(1, 'fuel_type'),
      mapping(2, 'fuel_mass', [{ type: 'unit_conversion', unit: 'm³', density: 0.991 }]),
    ]);
    expect(issues.filter((i) => i.field === 'fuel_mass')).toEqual([]);
    expect(value(row([IMO, 'HFO', 100]), 'fuel_mass')).toBeCloseTo(99.1, 9);
    expect(value(row([IMO, 'HFO', '1 000 l']), 'fuel_mass')).toBeCloseTo(0.991, 9);
  });

  it('takes a volume’s density from the row’s fuel type when the mapping gives none, and says when it cannot', () => {
    const { row, value, issues } = planFor('vessel_fuel_consumption', [
      mapping(0, 'imo_number'),
      mapping(1, 'fuel_type'),
      mapping(2, 'fuel_mass', [{ type: 'unit_conversion', unit: 'm3' }], undefined, 'Bunkers [m3]'),
    ]);
    expect(described({ issues: issues.filter((i) => i.field === 'fuel_mass') })).toEqual([
      'DEFAULT_DENSITY: Column “Bunkers [m3]” → Fuel consumed: m3 is a volume and no density is given, so each row’s Fuel type gives a typical density; a measured density is better.',
    ]);
    expect(value(row([IMO, 'HFO', 100]), 'fuel_mass')).toBeCloseTo(98, 9);
    expect(value(row([IMO, 'MGO', 100]), 'fuel_mass')).toBeCloseTo(86, 9);
    const noFuel = row([IMO, 'Whale oil', 100]);
    expect(noFuel.values[2]).toBeNull();
    expect(described(noFuel)).toEqual([
      'NOT_ALLOWED_VALUE: Row 14, Fuel type: “Whale oil” is not one of the allowed values (HFO, LFO, MDO_MGO, LNG, LNG_OTTO_MS, LNG_OTTO_SS, LNG_DIESEL, LNG_LBSI, … 15 in all); map it to one in the column’s value mapping.',
      'DENSITY_MISSING: Row 14, Fuel consumed: “100” m3 is a volume and the row has no Fuel type to take a typical density from.',
    ]);
  });

  it('never drops a volume silently when no density can be found', () => {
    const legs = planFor('transport_legs', [
      'mode',
      'origin',
      'destination',
      'cargo_mass',
      'distance',
      mapping(5, 'fuel_consumption', [{ type: 'unit_conversion', unit: 'l' }]),
      'energy_carrier',
    ]);
    const entry = legs.row(['Road', 'Oslo', 'Bergen', 20, 460, 150, 'CNG']);
    expect(described(entry)).toEqual([
      'DENSITY_MISSING: Row 14, Fuel consumed: “150” l is a volume and CNG has no typical density: give the density in t/m³ in the column’s unit conversion.',
    ]);
    expect(legs.value(legs.row(['Road', 'Oslo', 'Bergen', 20, 460, 150, 'Diesel']), 'fuel_consumption')).toBeCloseTo(0.12525, 9);

    const unmapped = planFor('vessel_fuel_consumption', [
      mapping(0, 'imo_number'),
      mapping(1, 'fuel_mass', [{ type: 'unit_conversion', unit: 'm3' }]),
    ]);
    expect(unmapped.issues.map((i) => i.code)).toContain('DENSITY_MISSING');
    expect(described(unmapped.row([IMO, 100]))).toEqual([
      'DENSITY_MISSING: Row 14, Fuel consumed: “100” m3 is a volume: give the fuel’s density in t/m³ in the column’s unit conversion.',
    ]);
  });

  it('applies a value mapping before the catalogue’s spellings (IFO 380 -> HFO either way)', () => {
    const { row, value } = planFor('vessel_fuel_consumption', [
      mapping(0, 'imo_number'),
      mapping(1, 'fuel_type', [{ type: 'value_mapping', mapping: { 'Bunker C': 'HFO', 'IFO 380': 'LFO', Diesel: 'Marine gas oil' } }]),
      mapping(2, 'fuel_mass'),
    ]);
    expect(value(row([IMO, 'bunker c', 1]), 'fuel_type')).toBe('HFO');
    expect(value(row([IMO, 'IFO 380', 1]), 'fuel_type')).toBe('LFO');
    expect(value(row([IMO, 'DIESEL', 1]), 'fuel_type')).toBe('MDO_MGO');
    expect(value(row([IMO, 'IFO380', 1]), 'fuel_type')).toBe('HFO');
    expect(value(row([IMO, 'LNG (Otto SS)', 1]), 'fuel_type')).toBe('LNG_OTTO_SS');
  });

  it('reads dates in the column’s format, Excel serials, and hints at month-first dates', () => {
    const dated = planFor('vessel_fuel_consumption', [
      'imo_number',
      mapping(1, 'period_start', [{ type: 'date_format', dateFormat: 'MM/DD/YYYY' }]),
      mapping(2, 'period_end', [{ type: 'date_format', dateFormat: 'DD.MM.YYYY' }]),
    ]);
    const entry = dated.row([IMO, '03/25/2024', '31.03.2024']);
    expect(entry.values).toEqual(['9074729', '2024-03-25', '2024-03-31']);
    expect(described(dated.row([IMO, '25.03.2024', 45382]))).toEqual([
      'INVALID_DATE: Row 14, Period start: “25.03.2024” is not a date in the format MM/DD/YYYY.',
    ]);
    expect(dated.value(dated.row([IMO, '03/25/2024', 45382]), 'period_end')).toBe('2024-03-31');

    const auto = planFor('vessel_fuel_consumption', ['imo_number', 'period_start', 'period_end']);
    expect(described(auto.row([IMO, '03/25/2024', 2024]))).toEqual([
      'INVALID_DATE: Row 14, Period start: “03/25/2024” is not a date (read day first); if months come first, set the column’s date format to MM/DD/YYYY.',
      'INVALID_DATE: Row 14, Period end: “2024” is not a date; as an Excel serial day number it would be 1905-07-16: set the column’s date format to EXCEL if that is meant.',
    ]);
    expect(described(auto.row([IMO, '1899-12-31', '2024-01-01']))).toEqual([
      'DATE_IMPLAUSIBLE: Row 14, Period start: 1899-12-31 is before 1950 or after 2100; check the column.',
    ]);
  });
});

describe('formatEntryValue', () => {
  const fields = planFieldsOf('vessel_fuel_consumption');
  const field = (key: string) => fields.find((f) => f.key === key) ?? (undefined as never);

  it('shows stored values as people read them', () => {
    expect(formatEntryValue(field('fuel_mass'), 0.0125)).toBe('0.0125');
    expect(formatEntryValue(field('fuel_mass'), 1.5e-7)).toBe('0.00000015');
    expect(formatEntryValue(field('fuel_mass'), 1234567.5)).toBe('1234567.5');
    expect(formatEntryValue(field('fuel_mass'), 0.1 + 0.2)).toBe('0.3');
    expect(formatEntryValue(field('fuel_type'), 'HFO')).toBe('Heavy fuel oil');
    expect(formatEntryValue(field('period_start'), '2024-03-15')).toBe('2024-03-15');
    expect(formatEntryValue(field('imo_number'), null)).toBe('');
    expect(formatEntryValue(planFieldsOf('site_energy').find((f) => f.key === 'is_shore_power') ?? (undefined as never), true)).toBe('Yes');
  });

  it('formats the fields of a compiled plan the same way', () => {
    const { plan } = compileEntryPlan('vessel_fuel_consumption', [mapping(0, 'fuel_type')]);
    const entry = buildEntry(plan, 2, ['IFO 380']);
    expect(formatEntryValue(plan.fields[0] ?? (undefined as never), entry.values[0] ?? null)).toBe('Heavy fuel oil');
  });
});
