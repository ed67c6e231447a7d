import { describe, expect, it } from 'vitest';
import { gwp, gwpSetFor } from '../factors/gwp.ts';
import { EMISSION_FACTORS } from '../factors/library.ts';
import { type FuelEuFuelFactors, fuelEuComplianceBalance, fuelEuGhgIntensity } from './fueleu.ts';

const value = (id: string) => {
  const factor = EMISSION_FACTORS.find((f) => f.id === id);
  if (!factor) throw new Error(`${id} is not in the library`);
  return Number(factor.value);
};

const annexII = (fuel: string, slip?: string): FuelEuFuelFactors => ({
  factorId: `fueleu.*.${fuel}`,
  lcvMjPerG: value(`fueleu.lcv.${fuel}`),
  wttGco2eqPerMj: value(`fueleu.wtt.${fuel}`),
  cfCo2GPerG: value(`fueleu.cf.${fuel}`),
  cfCh4GPerG: value(`fueleu.ch4.${fuel}`),
  cfN2oGPerG: value(`fueleu.n2o.${fuel}`),
  cSlipPercent: slip ? value(slip) : 0,
  // Annex II prints 1 g CH4 per g of slipped LNG.
  slipCh4GPerG: slip ? 1 : 0,
  isRfnbo: false,
});

describe('a FuelEU GHG intensity and compliance balance worked through by hand with the Annex II values', () => {
  it('1,000 t HFO and 500 t LNG on an Otto medium-speed engine in 2025: a deficit of 94.21 t CO2eq', () => {
    const set = gwpSetFor('fueleu');
    expect(set).toBe('AR4');
    // Energy: HFO 1e9 g × 0.0405 MJ/g = 40,500,000 MJ; LNG 5e8 g × 0.0491 = 24,550,000 MJ; E = 65,050,000 MJ.
    // WtT: 40.5e6 × 13.5 + 24.55e6 × 18.5 = 546,750,000 + 454,175,000 = 1,000,925,000 g → 15.387010 g/MJ.
    // TtW HFO per g: 3.114 + 0.00005 × 25 + 0.00018 × 298 = 3.16889 → 3,168,890,000 g.
    // TtW LNG per g: (1 − 0.031) × (2.750 + 0 × 25 + 0.00011 × 298) + 0.031 × 1 × 25 = 0.969 × 2.78278 + 0.775
    //   = 3.47151382 → 1,735,756,910 g. TtW = 4,904,646,910 g / 65,050,000 = 75.398108 g/MJ.
    // Intensity = 15.387010 + 75.398108 = 90.785118 g/MJ; 2025 target = 91.16 × (1 − 0.02) = 89.3368.
    // Balance = (89.3368 − 90.785118) × 65,050,000 = −94,213,070 g = −94.21307 t CO2eq.
    const intensity = fuelEuGhgIntensity({
      year: 2025,
      fuels: [
        { fuelMassT: 1_000, factors: annexII('hfo') },
        { fuelMassT: 500, factors: annexII('lng', 'fueleu.slip.lng.otto_ms') },
      ],
      gwp: { co2: 1, ch4: gwp('AR4', 'CH4') ?? Number.NaN, n2o: gwp('AR4', 'N2O') ?? Number.NaN, set: 'AR4' },
      applyRfnboReward: true,
    });
    expect(intensity.energyMj).toBeCloseTo(65_050_000, 3);
    expect(intensity.wttGco2eqPerMj).toBeCloseTo(15.38701, 5);
    expect(intensity.ttwGco2eqPerMj).toBeCloseTo(75.398108, 5);
    expect(intensity.ghgIntensityGco2eqPerMj).toBeCloseTo(90.785118, 5);
    const balance = fuelEuComplianceBalance(intensity);
    expect(balance.target.targetGco2eqPerMj).toBeCloseTo(89.3368, 6);
    expect(balance.balanceTco2eq).toBeCloseTo(-94.21307, 4);
    expect(balance.isSurplus).toBe(false);
  });
});
