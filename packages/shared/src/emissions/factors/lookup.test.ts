import { describe, expect, it } from 'vitest';
import { factorById, factorByRef, factorsFor, factorValue, isValidAt, refOf } from './lookup.ts';
import type { EmissionFactor, FactorSource } from './types.ts';

// Synthetic factors: the numbers are made up to test version choice and filtering, not emission factors.
const FIXTURE_SOURCE: FactorSource = { document: 'Test fixture', section: 'none', edition: 'none' };

const fixture = (overrides: Partial<EmissionFactor> & Pick<EmissionFactor, 'id' | 'version' | 'value'>): EmissionFactor => ({
  kind: 'cf',
  regime: 'imo',
  fuel: 'HFO',
  unit: 't CO2/t fuel',
  source: FIXTURE_SOURCE,
  verification: 'transcribed',
  validFrom: '2020-01-01',
  validTo: null,
  ...overrides,
});

const LIBRARY: readonly EmissionFactor[] = [
  fixture({ id: 'test.cf.hfo', version: 1, value: '1.111', validFrom: '2020-01-01', validTo: '2024-01-01' }),
  fixture({ id: 'test.cf.hfo', version: 2, value: '2.222', validFrom: '2024-01-01' }),
  fixture({ id: 'test.lcv.hfo', version: 1, kind: 'lcv', unit: 'MJ/g', value: '0.0123' }),
  fixture({ id: 'test.cf.lfo', version: 1, fuel: 'LFO', value: '3.333' }),
  fixture({ id: 'test.fueleu.cf.hfo', version: 1, regime: 'fueleu', value: '4.444' }),
  fixture({
    id: 'test.slip.lng.otto_ms',
    version: 1,
    kind: 'slip',
    unit: '% of fuel mass',
    fuel: 'LNG',
    consumer: 'LNG_OTTO_MS',
    value: '9.1',
  }),
  fixture({
    id: 'test.slip.lng.diesel',
    version: 1,
    kind: 'slip',
    unit: '% of fuel mass',
    fuel: 'LNG',
    consumer: 'LNG_DIESEL',
    value: '0.9',
  }),
  fixture({ id: 'test.cf.lng', version: 1, fuel: 'LNG', value: '5.555' }),
];

const ids = (factors: EmissionFactor[]) => factors.map((factor) => `${factor.id}@${factor.version}`);

describe('factorsFor: the version valid at a date', () => {
  it('takes the old version up to the day before the new one starts, the new one from that day', () => {
    expect(ids(factorsFor({ fuel: 'HFO', regime: 'imo', at: new Date('2023-12-31T23:59:59Z') }, LIBRARY))).toEqual([
      'test.cf.hfo@1',
      'test.lcv.hfo@1',
    ]);
    expect(ids(factorsFor({ fuel: 'HFO', regime: 'imo', at: new Date('2024-01-01T00:00:00Z') }, LIBRARY))).toEqual([
      'test.cf.hfo@2',
      'test.lcv.hfo@1',
    ]);
  });

  it('answers nothing before the first version applies', () => {
    expect(factorsFor({ fuel: 'HFO', regime: 'imo', at: new Date('2019-12-31T12:00:00Z') }, LIBRARY)).toEqual([]);
  });

  it('takes the highest version when two versions cover the same date (a correction)', () => {
    const corrected = [...LIBRARY, fixture({ id: 'test.cf.hfo', version: 3, value: '2.223', validFrom: '2024-01-01' })];
    const [cf] = factorsFor({ fuel: 'HFO', regime: 'imo', at: new Date('2025-06-01') }, corrected);
    expect(cf?.version).toBe(3);
    expect(cf?.value).toBe('2.223');
  });

  it('keeps to the regime and the fuel asked for', () => {
    expect(ids(factorsFor({ fuel: 'HFO', regime: 'fueleu', at: new Date('2025-06-01') }, LIBRARY))).toEqual(['test.fueleu.cf.hfo@1']);
    expect(ids(factorsFor({ fuel: 'LFO', regime: 'imo', at: new Date('2025-06-01') }, LIBRARY))).toEqual(['test.cf.lfo@1']);
    expect(factorsFor({ fuel: 'METHANOL', regime: 'imo', at: new Date('2025-06-01') }, LIBRARY)).toEqual([]);
  });

  it('gives a per-engine factor only for that engine, and none when the engine is not known', () => {
    const at = new Date('2025-06-01');
    expect(ids(factorsFor({ fuel: 'LNG', regime: 'imo', at, consumer: 'LNG_OTTO_MS' }, LIBRARY))).toEqual([
      'test.cf.lng@1',
      'test.slip.lng.otto_ms@1',
    ]);
    expect(ids(factorsFor({ fuel: 'LNG', regime: 'imo', at, consumer: 'LNG_DIESEL' }, LIBRARY))).toEqual([
      'test.cf.lng@1',
      'test.slip.lng.diesel@1',
    ]);
    expect(ids(factorsFor({ fuel: 'LNG', regime: 'imo', at }, LIBRARY))).toEqual(['test.cf.lng@1']);
  });
});

describe('factorById and factorByRef', () => {
  it('answers the latest version without a version, the exact one with it', () => {
    expect(factorById('test.cf.hfo', undefined, LIBRARY)?.value).toBe('2.222');
    expect(factorById('test.cf.hfo', 1, LIBRARY)?.value).toBe('1.111');
    expect(factorById('test.cf.hfo', 7, LIBRARY)).toBeUndefined();
    expect(factorById('test.cf.nothing', undefined, LIBRARY)).toBeUndefined();
  });

  it('a stored reference still finds the old value after a new version is added', () => {
    const old = factorById('test.cf.hfo', 1, LIBRARY);
    if (!old) throw new Error('fixture missing');
    const ref = refOf(old);
    expect(ref).toEqual({ id: 'test.cf.hfo', version: 1 });
    const later = [...LIBRARY, fixture({ id: 'test.cf.hfo', version: 3, value: '9.999', validFrom: '2020-01-01' })];
    expect(factorByRef(ref, later)?.value).toBe('1.111');
  });
});

describe('isValidAt and factorValue', () => {
  it('validFrom is inclusive, validTo exclusive, compared as UTC dates', () => {
    const factor = fixture({ id: 'x', version: 1, value: '1', validFrom: '2024-01-01', validTo: '2025-01-01' });
    expect(isValidAt(factor, new Date('2024-01-01T00:00:00Z'))).toBe(true);
    expect(isValidAt(factor, new Date('2024-12-31T23:59:59Z'))).toBe(true);
    expect(isValidAt(factor, new Date('2025-01-01T00:00:00Z'))).toBe(false);
    expect(isValidAt(factor, new Date('2023-12-31T23:59:59Z'))).toBe(false);
  });

  it('reads the printed decimal string as a number without changing its digits', () => {
    expect(factorValue(fixture({ id: 'x', version: 1, value: '0.00005' }))).toBe(0.00005);
    expect(factorValue(fixture({ id: 'x', version: 1, value: '3.114' }))).toBe(3.114);
  });
});
