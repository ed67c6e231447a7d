import { describe, expect, it } from 'vitest';
import { checkFactorInput, type FactorInput, factorKeyOf, isIsoDate, slugOf } from './factor-input.ts';

const base: FactorInput = {
  kind: 'cf',
  unit: 't CO2/t fuel',
  value: '3.114',
  fuel: 'HFO',
  document: 'Bunker delivery note analysis',
  section: 'Table 2',
  edition: '2025-03',
  evidence: 'Laboratory report 17/2025 of the supplier',
  validFrom: '2025-01-01',
};

const refusalOf = (input: FactorInput) => {
  const outcome = checkFactorInput(input);
  return 'refusal' in outcome ? outcome.refusal : null;
};

describe('checkFactorInput', () => {
  it('accepts a complete fuel factor and keeps the value exactly as written', () => {
    const outcome = checkFactorInput({ ...base, value: ' 3.1140 ', document: '  Bunker delivery note analysis ' });
    expect(outcome).toEqual({
      checked: {
        kind: 'cf',
        unit: 't CO2/t fuel',
        value: '3.1140',
        fuel: 'HFO',
        consumer: null,
        activity: null,
        document: 'Bunker delivery note analysis',
        section: 'Table 2',
        edition: '2025-03',
        evidence: 'Laboratory report 17/2025 of the supplier',
        validFrom: '2025-01-01',
        validTo: null,
      },
    });
  });

  it('names the field of each refusal', () => {
    expect(refusalOf({ ...base, unit: 'MJ/g' })).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'unit',
      message: 'A cf factor is written in t CO2/t fuel.',
    });
    expect(refusalOf({ ...base, value: '3,114' })?.field).toBe('value');
    expect(refusalOf({ ...base, value: '1e3' })?.field).toBe('value');
    expect(refusalOf({ ...base, value: '0.000' })).toMatchObject({ field: 'value', message: 'The value must be greater than zero.' });
    expect(refusalOf({ ...base, value: '-1' })?.field).toBe('value');
    expect(refusalOf({ ...base, fuel: null })?.field).toBe('fuel');
    expect(refusalOf({ ...base, fuel: 'Diesel' })).toMatchObject({ field: 'fuel' });
    expect(refusalOf({ ...base, activity: 'road' })?.field).toBe('activity');
    expect(refusalOf({ ...base, consumer: 'LNG_OTTO_MS' })).toMatchObject({ field: 'consumer' });
    expect(refusalOf({ ...base, consumer: 'V8' })).toMatchObject({ field: 'consumer' });
    expect(refusalOf({ ...base, document: ' ' })?.field).toBe('document');
    expect(refusalOf({ ...base, section: '' })?.field).toBe('section');
    expect(refusalOf({ ...base, edition: '' })?.field).toBe('edition');
    expect(refusalOf({ ...base, evidence: '   ' })?.field).toBe('evidence');
    expect(refusalOf({ ...base, validFrom: '2025-02-30' })?.field).toBe('validFrom');
    expect(refusalOf({ ...base, validTo: '2024-12-31' })).toMatchObject({ field: 'validTo' });
    expect(refusalOf({ ...base, validTo: '2025-01-01' })).toMatchObject({ field: 'validTo' });
  });

  it('wants an activity, not a fuel, for transport and spend factors', () => {
    const spend: FactorInput = { ...base, kind: 'spend', unit: 'kgCO2e/EUR', fuel: null, activity: 'Port services' };
    expect(checkFactorInput(spend)).toMatchObject({ checked: { activity: 'Port services', fuel: null } });
    expect(refusalOf({ ...spend, activity: null })?.field).toBe('activity');
    expect(refusalOf({ ...spend, fuel: 'HFO' })?.field).toBe('fuel');
    expect(refusalOf({ ...spend, unit: 'gCO2e/t·km' })?.field).toBe('unit');
  });

  it('takes an LNG consumer class for an LNG factor', () => {
    expect(
      checkFactorInput({ ...base, kind: 'slip', unit: '% of fuel mass', value: '3.1', fuel: 'LNG', consumer: 'LNG_OTTO_MS' }),
    ).toMatchObject({
      checked: { consumer: 'LNG_OTTO_MS' },
    });
  });
});

describe('keys', () => {
  it('slugs names', () => {
    expect(slugOf('Road HGV > 40 t')).toBe('road-hgv-40-t');
    expect(slugOf('Café & Crème')).toBe('cafe-creme');
    expect(slugOf('***')).toBe('factor');
  });

  it('builds org.<kind>.<subject>[.<consumer>][.<supplier>]', () => {
    expect(factorKeyOf({ kind: 'cf', fuel: 'MDO_MGO', activity: null, consumer: null }, null)).toBe('org.cf.mdo-mgo');
    expect(factorKeyOf({ kind: 'slip', fuel: 'LNG', activity: null, consumer: 'LNG_OTTO_MS' }, null)).toBe('org.slip.lng.lng-otto-ms');
    expect(
      factorKeyOf({ kind: 'glec_intensity', fuel: null, activity: 'Road HGV', consumer: null }, 'ABCDEF12-0000-4000-8000-000000000000'),
    ).toBe('org.glec_intensity.road-hgv.abcdef12');
  });

  it('knows real days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(isIsoDate('2024-2-1')).toBe(false);
  });
});
