/**
 * The texts a vessel indicator is computed by, named on every result so an auditor can redo the arithmetic with the
 * same method. Only texts whose wording was read for this module are named; constants this module does not hold
 * (CII reference-line parameters, rating vectors, reduction factors, fuel factors, GWP sets) arrive as inputs that
 * carry their own source.
 */
export const SOURCES = {
  ciiRegulation: 'MARPOL Annex VI regulation 28 (as revised by resolution MEPC.328(76))',
  ciiCalculationGuidelines: 'Resolution MEPC.352(78), 2022 CII guidelines (G1)',
  ciiReferenceLineGuidelines: 'Resolution MEPC.353(78), 2022 CII reference lines guidelines (G2)',
  ciiReductionFactorGuidelines: 'Resolution MEPC.338(76), 2021 CII reduction factor guidelines (G3)',
  ciiRatingGuidelines: 'Resolution MEPC.354(78), 2022 CII rating guidelines (G4)',
  fuelEuLimit: 'Regulation (EU) 2023/1805, Article 4(2)',
  fuelEuRfnboMultiplier: 'Regulation (EU) 2023/1805, Article 5(1)',
  fuelEuIntensity: 'Regulation (EU) 2023/1805, Annex I',
  fuelEuComplianceBalance: 'Regulation (EU) 2023/1805, Annex IV Part A',
  euMrvIntensities: 'Regulation (EU) 2015/757 (EU MRV), CO2 per distance and per transport work',
} as const;

export type SourceKey = keyof typeof SOURCES;
