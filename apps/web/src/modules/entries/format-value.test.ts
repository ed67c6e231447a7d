import { describe, expect, it } from 'vitest';
import { fieldHeader, formatEntryValue, shownValue, unitText, valuesSummary } from './format-value.ts';
import type { DataEntryValue } from './graphql.ts';

const value = (patch: Partial<DataEntryValue>): DataEntryValue => ({
  fieldName: 'fuel_consumed',
  label: 'Fuel consumed',
  stringValue: null,
  numberValue: null,
  booleanValue: null,
  dateValue: null,
  unit: null,
  dataType: 'string',
  isValid: true,
  validationError: null,
  ...patch,
});

describe('entry values as a reader sees them', () => {
  it('writes numbers with the reader’s thousands and decimal separators', () => {
    const fuel = value({ dataType: 'number', numberValue: 1234567.891, unit: 't' });
    expect(formatEntryValue(fuel, { locale: 'en-GB' })).toBe('1,234,567.891');
    expect(formatEntryValue(fuel, { locale: 'de-DE' })).toBe('1.234.567,891');
    expect(formatEntryValue(fuel, { locale: 'en-GB', withUnit: true })).toBe('1,234,567.891 t');
  });

  it('shows integers without decimals, years without separators, and a volume unit as m³', () => {
    expect(formatEntryValue(value({ dataType: 'integer', numberValue: 9074000 }), { locale: 'en-GB' })).toBe('9,074,000');
    expect(formatEntryValue(value({ dataType: 'number', numberValue: 12.5, unit: 'm3' }), { locale: 'en-GB', withUnit: true })).toBe(
      '12.5 m³',
    );
    expect(formatEntryValue(value({ fieldName: 'reporting_year', dataType: 'integer', numberValue: 2024 }), { locale: 'de-DE' })).toBe(
      '2024',
    );
    expect(unitText('m2')).toBe('m²');
    expect(unitText('m3')).toBe('m³');
    expect(unitText('kWh')).toBe('kWh');
    expect(unitText('t CO2')).toBe('t CO₂');
    expect(unitText('kg CO2e')).toBe('kg CO₂e');
    expect(fieldHeader({ label: 'Reported CO₂ emissions', canonicalUnit: 't CO2' })).toBe('Reported CO₂ emissions (t CO₂)');
  });

  it('shows dates as calendar dates, the same day wherever the reader is', () => {
    expect(formatEntryValue(value({ dataType: 'date', dateValue: '2024-03-01' }))).toBe('1 Mar 2024');
  });

  it('says yes or no for booleans, and an enum’s label rather than its code', () => {
    expect(formatEntryValue(value({ dataType: 'boolean', booleanValue: true }))).toBe('Yes');
    expect(formatEntryValue(value({ dataType: 'boolean', booleanValue: false }))).toBe('No');
    const fuelType = value({ dataType: 'enum', stringValue: 'HFO' });
    expect(formatEntryValue(fuelType, { allowedValues: [{ value: 'HFO', label: 'Heavy fuel oil' }] })).toBe('Heavy fuel oil');
    expect(formatEntryValue(fuelType)).toBe('HFO');
  });

  it('shows an em dash for a missing value, and the text as read when a number could not be read', () => {
    expect(formatEntryValue(undefined)).toBe('—');
    expect(formatEntryValue(value({ dataType: 'number' }))).toBe('—');
    expect(formatEntryValue(value({ dataType: 'number', stringValue: 'n/a', isValid: false }))).toBe('n/a');
  });

  it('puts the unit in a column header, and every value with its unit in the compact summary', () => {
    expect(fieldHeader({ label: 'Fuel consumed', canonicalUnit: 't' })).toBe('Fuel consumed (t)');
    expect(fieldHeader({ label: 'Vessel name', canonicalUnit: null })).toBe('Vessel name');
    expect(fieldHeader({ label: 'Cargo carried (TEU)', canonicalUnit: 'TEU' })).toBe('Cargo carried (TEU)');
    const values = [
      value({ dataType: 'number', numberValue: 12500, unit: 't' }),
      value({ fieldName: 'vessel_name', label: 'Vessel', stringValue: 'Nordlys' }),
      value({ fieldName: 'imo', label: 'IMO number' }),
    ];
    expect(valuesSummary(values, 'en-GB')).toEqual(['Fuel consumed: 12,500 t', 'Vessel: Nordlys']);
  });

  it('shows the text as read for a value that could not be read, from the row’s issue about that field', () => {
    const imo = value({ fieldName: 'imo_number', label: 'IMO number', isValid: false, validationError: 'Not a valid IMO number' });
    const issues = [
      { field: 'fuel_mass', value: '-5' },
      { field: 'imo_number', value: '9300000' },
    ];
    expect(shownValue(imo, issues)).toBe('9300000');
    expect(shownValue({ ...imo, isValid: true }, issues)).toBe('—');
    expect(shownValue(value({ dataType: 'number', numberValue: -5, unit: 't', isValid: false }), issues, { locale: 'en-GB' })).toBe('-5');
  });
});
