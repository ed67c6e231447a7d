import { describe, expect, it } from 'vitest';
import { normalizeHeader, splitHeader } from './normalize.ts';

describe('normalizeHeader', () => {
  it('folds case, accents, subscripts and superscripts', () => {
    expect(normalizeHeader('  Total   CO₂ emissions ')).toBe('total co2 emissions');
    expect(normalizeHeader('TOTAL CO2 EMISSIONS')).toBe('total co2 emissions');
    expect(normalizeHeader('Volum m³')).toBe('volum m3');
    expect(normalizeHeader('Datenqualität')).toBe('datenqualitat');
    expect(normalizeHeader('Brændstofforbrug')).toBe('braendstofforbrug');
    expect(normalizeHeader('Timer i sjø')).toBe('timer i sjo');
    expect(normalizeHeader('Straße')).toBe('strasse');
  });

  it('reads underscores, hyphens, dots and other punctuation as spaces, and splits camel case', () => {
    expect(normalizeHeader('fuel_type')).toBe('fuel type');
    expect(normalizeHeader('Laden/Ballast')).toBe('laden ballast');
    expect(normalizeHeader('vessel-name')).toBe('vessel name');
    expect(normalizeHeader('VesselName')).toBe('vessel name');
    expect(normalizeHeader('IMONumber')).toBe('imo number');
    expect(normalizeHeader('vatId')).toBe('vat number');
    expect(normalizeHeader('grossWeightKg')).toBe('gross weight kg');
    expect(normalizeHeader('kWh')).toBe('kwh');
  });

  it('writes common abbreviations out', () => {
    expect(normalizeHeader('Fuel cons.')).toBe('fuel consumption');
    expect(normalizeHeader('Qty')).toBe('quantity');
    expect(normalizeHeader('IMO no.')).toBe('imo number');
    expect(normalizeHeader('IMO-Nr.')).toBe('imo number');
    expect(normalizeHeader('IMO #')).toBe('imo number');
    expect(normalizeHeader('Amt')).toBe('amount');
    expect(normalizeHeader('Dist. sailed')).toBe('distance sailed');
    expect(normalizeHeader('Reisenr')).toBe('reise number');
    expect(normalizeHeader('Målernummer')).toBe('maler number');
  });

  it('takes bracketed units out of the name and keeps other brackets', () => {
    expect(normalizeHeader('Total fuel consumption [m tonnes]')).toBe('total fuel consumption');
    expect(normalizeHeader('Fuel (m³)')).toBe('fuel');
    expect(normalizeHeader('Consumption (in tonnes)')).toBe('consumption');
    expect(normalizeHeader('Shore power (Y/N)')).toBe('shore power');
    expect(normalizeHeader('Fuel consumption per transport work (mass) [g / m tonnes · n miles]')).toBe(
      'fuel consumption per transport work mass',
    );
    expect(normalizeHeader('Departure (UTC)')).toBe('departure utc');
  });

  it('keeps the units it takes out as unit text', () => {
    expect(splitHeader('Total fuel consumption [m tonnes]').bracketUnits).toEqual(['m tonnes']);
    expect(splitHeader('Fuel (m³)').bracketUnits).toEqual(['m3']);
    expect(splitHeader('Fuel per distance [kg / n mile]').bracketUnits).toEqual(['kg n mile']);
    expect(splitHeader('Shore power (Y/N)').bracketUnits).toEqual([]);
  });

  it('is stable: a normalized header normalizes to itself', () => {
    for (const header of ['Fuel cons. [t]', 'IMO-Nr.', 'E-mail', 'Email', 'Lev.nr.', 'Org. no.', 'Total CO₂ emissions [m tonnes]'])
      expect(normalizeHeader(normalizeHeader(header)), header).toBe(normalizeHeader(header));
  });
});
