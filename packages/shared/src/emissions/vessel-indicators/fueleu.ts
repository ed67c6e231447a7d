import { fuelEuRewardFactor, fuelEuTarget, type FuelEuTarget } from './fueleu-limits.ts';
import { SOURCES } from './sources.ts';

/**
 * Per-fuel factors of Annex I/II for one fuel on one consumer, from the factor library (never held here): lower
 * calorific value, well-to-tank intensity, tank-to-wake emission factors per gram of fuel, and the consumer's
 * non-combusted share (slip) with the methane a gram of slipped fuel carries.
 */
export type FuelEuFuelFactors = {
  factorId: string;
  lcvMjPerG: number;
  wttGco2eqPerMj: number;
  cfCo2GPerG: number;
  cfCh4GPerG: number;
  cfN2oGPerG: number;
  /** Cslip of the consumer, per cent of the fuel mass that leaves unburnt. */
  cSlipPercent: number;
  /** g CH4 per g of slipped fuel (the slipped fuel's methane content); 0 where nothing slips. */
  slipCh4GPerG: number;
  isRfnbo: boolean;
};

/** GWP100 values of the set the regulation names for Annex I, passed in from the factor library with their set. */
export type FuelEuGwp = { co2: number; ch4: number; n2o: number; set: string };

export type FuelEuFuelUse = { fuelMassT: number; factors: FuelEuFuelFactors };

/** Electricity delivered at an on-shore power supply connection point k, with its well-to-tank intensity. */
export type FuelEuElectricityUse = { energyMj: number; wttGco2eqPerMj: number; factorId: string };

export type FuelEuIntensityInput = {
  year: number;
  fuels: readonly FuelEuFuelUse[];
  electricity?: readonly FuelEuElectricityUse[];
  gwp: FuelEuGwp;
  /** fwind of Annex I for wind-assisted propulsion; omitted means no wind reward (1). */
  windRewardFactor?: number;
  /** Article 5(1) says the RFNBO multiplier "may" be used; true applies it in the years it is allowed. */
  applyRfnboReward: boolean;
};

export type FuelEuIntensity = {
  year: number;
  /** g CO2eq per MJ, well-to-wake: fwind × (WtT + TtW). */
  ghgIntensityGco2eqPerMj: number;
  wttGco2eqPerMj: number;
  ttwGco2eqPerMj: number;
  /** Σ Mi × LCVi + Σ Ek, the energy the compliance balance multiplies (no reward factor). */
  energyMj: number;
  /** Σ Mi × LCVi × RWDi + Σ Ek, the denominator of Annex I. */
  rewardedEnergyMj: number;
  gwpSet: string;
  factorIds: string[];
  method: string;
};

const assertNonNegative = (value: number, name: string) => {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be zero or more, got ${value}`);
};

/** TtW g CO2eq per g of combusted fuel: CfCO2 × GWPCO2 + CfCH4 × GWPCH4 + CfN2O × GWPN2O (Annex I). */
export const ttwCo2eqPerGFuel = (factors: FuelEuFuelFactors, gwp: FuelEuGwp): number =>
  factors.cfCo2GPerG * gwp.co2 + factors.cfCh4GPerG * gwp.ch4 + factors.cfN2oGPerG * gwp.n2o;

/**
 * GHG intensity of the energy used on board (Annex I), well-to-wake in g CO2eq/MJ:
 * WtT = (Σ Mi·LCVi·WtTi + Σ Ek·WtTk) / E, TtW = Σ Mi·[(1 − Cslip/100)·CO2eq,TtW + (Cslip/100)·CO2eq,slip] / E,
 * with E = Σ Mi·LCVi·RWDi + Σ Ek, and the result fwind × (WtT + TtW). Fuel masses arrive in tonnes and are
 * converted to grams, the unit of Annex I.
 */
export const fuelEuGhgIntensity = (input: FuelEuIntensityInput): FuelEuIntensity => {
  const windRewardFactor = input.windRewardFactor ?? 1;
  if (!(windRewardFactor > 0 && windRewardFactor <= 1)) throw new RangeError(`windRewardFactor must be in (0, 1], got ${windRewardFactor}`);
  let energyMj = 0;
  let rewardedEnergyMj = 0;
  let wttG = 0;
  let ttwG = 0;
  input.fuels.forEach((fuel, index) => {
    const f = fuel.factors;
    assertNonNegative(fuel.fuelMassT, `fuels[${index}].fuelMassT`);
    assertNonNegative(f.lcvMjPerG, `fuels[${index}].lcvMjPerG`);
    if (!(f.cSlipPercent >= 0 && f.cSlipPercent <= 100)) throw new RangeError(`fuels[${index}].cSlipPercent must be 0 to 100`);
    const massG = fuel.fuelMassT * 1_000_000;
    const fuelEnergy = massG * f.lcvMjPerG;
    const slipShare = f.cSlipPercent / 100;
    energyMj += fuelEnergy;
    rewardedEnergyMj += fuelEnergy * (input.applyRfnboReward ? fuelEuRewardFactor(input.year, f.isRfnbo) : 1);
    wttG += fuelEnergy * f.wttGco2eqPerMj;
    ttwG += massG * ((1 - slipShare) * ttwCo2eqPerGFuel(f, input.gwp) + slipShare * f.slipCh4GPerG * input.gwp.ch4);
  });
  for (const [index, supply] of (input.electricity ?? []).entries()) {
    assertNonNegative(supply.energyMj, `electricity[${index}].energyMj`);
    energyMj += supply.energyMj;
    rewardedEnergyMj += supply.energyMj;
    wttG += supply.energyMj * supply.wttGco2eqPerMj;
  }
  if (rewardedEnergyMj <= 0) throw new RangeError('No energy used: the GHG intensity is undefined');
  const wtt = wttG / rewardedEnergyMj;
  const ttw = ttwG / rewardedEnergyMj;
  return {
    year: input.year,
    ghgIntensityGco2eqPerMj: windRewardFactor * (wtt + ttw),
    wttGco2eqPerMj: wtt,
    ttwGco2eqPerMj: ttw,
    energyMj,
    rewardedEnergyMj,
    gwpSet: input.gwp.set,
    factorIds: [...input.fuels.map((fuel) => fuel.factors.factorId), ...(input.electricity ?? []).map((supply) => supply.factorId)],
    method: SOURCES.fuelEuIntensity,
  };
};

export type FuelEuComplianceBalance = {
  target: FuelEuTarget;
  actualGco2eqPerMj: number;
  energyMj: number;
  /** g CO2eq; positive is a surplus, negative a deficit. */
  balanceGco2eq: number;
  balanceTco2eq: number;
  isSurplus: boolean;
  methods: string[];
};

/**
 * Compliance balance of Annex IV Part A: (GHGIE_target − GHGIE_actual) × [Σ Mi·LCVi + Σ Ek], in g CO2eq. Throws for
 * a year before 2025, when Article 4 sets no limit to compare with.
 */
export const fuelEuComplianceBalance = (intensity: FuelEuIntensity): FuelEuComplianceBalance => {
  const target = fuelEuTarget(intensity.year);
  if (!target) throw new RangeError(`Regulation (EU) 2023/1805 sets no GHG intensity limit for ${intensity.year}`);
  const balanceGco2eq = (target.targetGco2eqPerMj - intensity.ghgIntensityGco2eqPerMj) * intensity.energyMj;
  return {
    target,
    actualGco2eqPerMj: intensity.ghgIntensityGco2eqPerMj,
    energyMj: intensity.energyMj,
    balanceGco2eq,
    balanceTco2eq: balanceGco2eq / 1_000_000,
    isSurplus: balanceGco2eq >= 0,
    methods: [intensity.method, target.source, SOURCES.fuelEuComplianceBalance],
  };
};
