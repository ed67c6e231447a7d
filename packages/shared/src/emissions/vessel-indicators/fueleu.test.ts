import { describe, expect, it } from 'vitest';
import {
  FUELEU_REDUCTIONS,
  FUELEU_REFERENCE_GCO2EQ_PER_MJ,
  FUELEU_RFNBO_MULTIPLIER,
  fuelEuRewardFactor,
  fuelEuTarget,
} from './fueleu-limits.ts';
import { type FuelEuFuelFactors, fuelEuComplianceBalance, fuelEuGhgIntensity, ttwCo2eqPerGFuel } from './fueleu.ts';

describe('FuelEU limits (Regulation (EU) 2023/1805, Articles 4 and 5)', () => {
  it('reproduces Article 4(2) row by row', () => {
    // Article 4(2), German text as read: "Der in Absatz 1 genannte Grenzwert wird berechnet, indem der Referenzwert von
    // 91,16 g CO2-Äquivalent pro MJ um folgenden Prozentsatz gesenkt wird: 2 % ab dem 1. Januar 2025, 6 % ab dem
    // 1. Januar 2030, 14,5 % ab dem 1. Januar 2035, 31 % ab dem 1. Januar 2040, 62 % ab dem 1. Januar 2045, 80 % ab dem
    // 1. Januar 2050."
    expect(FUELEU_REFERENCE_GCO2EQ_PER_MJ).toBe(91.16);
    expect(FUELEU_REDUCTIONS).toEqual([
      { fromYear: 2025, percent: 2 },
      { fromYear: 2030, percent: 6 },
      { fromYear: 2035, percent: 14.5 },
      { fromYear: 2040, percent: 31 },
      { fromYear: 2045, percent: 62 },
      { fromYear: 2050, percent: 80 },
    ]);
  });

  it('gives the target of each year, none before 2025', () => {
    // 91.16 × 0.98 = 89.3368; × 0.94 = 85.6904; × 0.855 = 77.9418; × 0.69 = 62.9004; × 0.38 = 34.6408; × 0.20 = 18.232
    const expected: [number, number, number][] = [
      [2025, 2, 89.3368],
      [2029, 2, 89.3368],
      [2030, 6, 85.6904],
      [2034, 6, 85.6904],
      [2035, 14.5, 77.9418],
      [2040, 31, 62.9004],
      [2045, 62, 34.6408],
      [2049, 62, 34.6408],
      [2050, 80, 18.232],
      [2070, 80, 18.232],
    ];
    for (const [year, percent, target] of expected) {
      const result = fuelEuTarget(year);
      expect(result?.reductionPercent).toBe(percent);
      expect(result?.targetGco2eqPerMj).toBeCloseTo(target, 10);
      expect(result?.source).toBe('Regulation (EU) 2023/1805, Article 4(2)');
    }
    expect(fuelEuTarget(2024)).toBeNull();
    expect(() => fuelEuTarget(2025.5)).toThrow(/whole year/);
  });

  it('counts RFNBO twice from 2025 to 2033 only (Article 5(1))', () => {
    // Article 5(1), German text as read: "kann vom 1. Januar 2025 bis zum 31. Dezember 2033 ein Multiplikator von „2"
    // verwendet werden, um das Schiff für die Nutzung von RFNBO zu belohnen."
    expect(FUELEU_RFNBO_MULTIPLIER).toEqual({ value: 2, fromYear: 2025, toYear: 2033 });
    expect([2024, 2025, 2033, 2034].map((year) => fuelEuRewardFactor(year, true))).toEqual([1, 2, 2, 1]);
    expect(fuelEuRewardFactor(2030, false)).toBe(1);
  });
});

// Fuel factors and GWPs below are ILLUSTRATIVE round numbers for hand arithmetic, not Annex II defaults nor the GWP set
// Annex I names: those come from the factor library as inputs.
const gwp = { co2: 1, ch4: 30, n2o: 300, set: 'illustrative' };
const oil: FuelEuFuelFactors = {
  factorId: 'oil',
  lcvMjPerG: 0.04,
  wttGco2eqPerMj: 10,
  cfCo2GPerG: 3,
  cfCh4GPerG: 0.0001,
  cfN2oGPerG: 0.0002,
  cSlipPercent: 0,
  slipCh4GPerG: 0,
  isRfnbo: false,
};

describe('GHG intensity (Annex I)', () => {
  it('adds WtT and TtW per MJ for a single fuel', () => {
    // 1,000 t = 1e9 g; energy 1e9 × 0.04 = 4e7 MJ; WtT = 10
    // TtW per g = 3 × 1 + 0.0001 × 30 + 0.0002 × 300 = 3.063; TtW = 3.063e9 / 4e7 = 76.575; total 86.575
    expect(ttwCo2eqPerGFuel(oil, gwp)).toBeCloseTo(3.063, 12);
    const result = fuelEuGhgIntensity({ year: 2025, fuels: [{ fuelMassT: 1_000, factors: oil }], gwp, applyRfnboReward: true });
    expect(result.energyMj).toBe(4e7);
    expect(result.wttGco2eqPerMj).toBeCloseTo(10, 10);
    expect(result.ttwGco2eqPerMj).toBeCloseTo(76.575, 10);
    expect(result.ghgIntensityGco2eqPerMj).toBeCloseTo(86.575, 10);
    expect(result).toMatchObject({ gwpSet: 'illustrative', factorIds: ['oil'], method: 'Regulation (EU) 2023/1805, Annex I' });
  });

  it('splits a slipping fuel between its combusted share and its slipped methane', () => {
    // 500 t = 5e8 g; energy 5e8 × 0.05 = 2.5e7 MJ; combusted TtW per g = 2.75 + 0 + 0.0001 × 300 = 2.78
    // per g: 0.98 × 2.78 + 0.02 × 1 × 30 = 2.7244 + 0.6 = 3.3244; TtW = 3.3244 × 5e8 / 2.5e7 = 66.488; WtT 20; total 86.488
    const gas: FuelEuFuelFactors = {
      ...oil,
      factorId: 'gas',
      lcvMjPerG: 0.05,
      wttGco2eqPerMj: 20,
      cfCo2GPerG: 2.75,
      cfCh4GPerG: 0,
      cfN2oGPerG: 0.0001,
      cSlipPercent: 2,
      slipCh4GPerG: 1,
    };
    const result = fuelEuGhgIntensity({ year: 2025, fuels: [{ fuelMassT: 500, factors: gas }], gwp, applyRfnboReward: false });
    expect(result.ttwGco2eqPerMj).toBeCloseTo(66.488, 10);
    expect(result.ghgIntensityGco2eqPerMj).toBeCloseTo(86.488, 10);
  });

  it('doubles RFNBO energy in the denominator while Article 5(1) allows it, and only when asked', () => {
    // 100 t = 1e8 g; energy 2e6 MJ, rewarded 4e6 MJ; WtT = 2e6 × 5 / 4e6 = 2.5; TtW = 1.4e8 / 4e6 = 35; total 37.5
    // without the reward: WtT 5, TtW 70, total 75
    const efuel: FuelEuFuelFactors = {
      ...oil,
      factorId: 'efuel',
      lcvMjPerG: 0.02,
      wttGco2eqPerMj: 5,
      cfCo2GPerG: 1.4,
      cfCh4GPerG: 0,
      cfN2oGPerG: 0,
      isRfnbo: true,
    };
    const fuels = [{ fuelMassT: 100, factors: efuel }];
    const rewarded = fuelEuGhgIntensity({ year: 2025, fuels, gwp, applyRfnboReward: true });
    expect(rewarded).toMatchObject({ energyMj: 2e6, rewardedEnergyMj: 4e6 });
    expect(rewarded.ghgIntensityGco2eqPerMj).toBeCloseTo(37.5, 10);
    expect(fuelEuGhgIntensity({ year: 2034, fuels, gwp, applyRfnboReward: true }).ghgIntensityGco2eqPerMj).toBeCloseTo(75, 10);
    expect(fuelEuGhgIntensity({ year: 2025, fuels, gwp, applyRfnboReward: false }).ghgIntensityGco2eqPerMj).toBeCloseTo(75, 10);
    // the compliance balance multiplies the energy without the reward: (89.3368 − 37.5) × 2e6 = 103,673,600 g
    expect(fuelEuComplianceBalance(rewarded).balanceGco2eq).toBeCloseTo(103_673_600, 3);
  });

  it('adds on-shore electricity to both the energy and the WtT part, and applies the wind reward factor', () => {
    // fuel: 4e7 MJ, WtT 4e8 g, TtW 3.063e9 g; OPS: 1e6 MJ at 50 g/MJ → 5e7 g
    // WtT = 4.5e8 / 4.1e7; TtW = 3.063e9 / 4.1e7; × fwind 0.95
    const result = fuelEuGhgIntensity({
      year: 2025,
      fuels: [{ fuelMassT: 1_000, factors: oil }],
      electricity: [{ energyMj: 1e6, wttGco2eqPerMj: 50, factorId: 'ops' }],
      gwp,
      windRewardFactor: 0.95,
      applyRfnboReward: true,
    });
    expect(result.energyMj).toBe(4.1e7);
    expect(result.wttGco2eqPerMj).toBeCloseTo(4.5e8 / 4.1e7, 10);
    expect(result.ttwGco2eqPerMj).toBeCloseTo(3.063e9 / 4.1e7, 10);
    expect(result.ghgIntensityGco2eqPerMj).toBeCloseTo(0.95 * (3.513e9 / 4.1e7), 10);
    expect(result.factorIds).toEqual(['oil', 'ops']);
  });

  it('refuses no energy at all, a slip outside 0-100 % and a wind factor above 1', () => {
    expect(() => fuelEuGhgIntensity({ year: 2025, fuels: [], gwp, applyRfnboReward: true })).toThrow(/No energy/);
    expect(() =>
      fuelEuGhgIntensity({ year: 2025, fuels: [{ fuelMassT: 1, factors: { ...oil, cSlipPercent: 101 } }], gwp, applyRfnboReward: true }),
    ).toThrow(/cSlipPercent/);
    expect(() =>
      fuelEuGhgIntensity({ year: 2025, fuels: [{ fuelMassT: 1, factors: oil }], gwp, windRewardFactor: 1.1, applyRfnboReward: true }),
    ).toThrow(/windRewardFactor/);
  });
});

describe('compliance balance (Annex IV Part A)', () => {
  it('is a surplus when the intensity is under the year’s target', () => {
    // 2025: (89.3368 − 86.575) × 4e7 MJ = 2.7618 × 4e7 = 110,472,000 g = 110.472 t
    const balance = fuelEuComplianceBalance(
      fuelEuGhgIntensity({ year: 2025, fuels: [{ fuelMassT: 1_000, factors: oil }], gwp, applyRfnboReward: true }),
    );
    expect(balance.balanceGco2eq).toBeCloseTo(110_472_000, 3);
    expect(balance.balanceTco2eq).toBeCloseTo(110.472, 9);
    expect(balance).toMatchObject({ isSurplus: true, energyMj: 4e7 });
    expect(balance.methods).toEqual([
      'Regulation (EU) 2023/1805, Annex I',
      'Regulation (EU) 2023/1805, Article 4(2)',
      'Regulation (EU) 2023/1805, Annex IV Part A',
    ]);
  });

  it('is a deficit when the intensity is over it, and undefined before 2025', () => {
    // 2030: (85.6904 − 86.575) × 4e7 = −0.8846 × 4e7 = −35,384,000 g
    const balance = fuelEuComplianceBalance(
      fuelEuGhgIntensity({ year: 2030, fuels: [{ fuelMassT: 1_000, factors: oil }], gwp, applyRfnboReward: true }),
    );
    expect(balance.balanceGco2eq).toBeCloseTo(-35_384_000, 3);
    expect(balance.isSurplus).toBe(false);
    const early = fuelEuGhgIntensity({ year: 2024, fuels: [{ fuelMassT: 1_000, factors: oil }], gwp, applyRfnboReward: true });
    expect(() => fuelEuComplianceBalance(early)).toThrow(/no GHG intensity limit for 2024/);
  });
});
