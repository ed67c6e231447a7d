import type { EmissionFactor, FactorKind } from '../factors/types.ts';
import type { FactorResolver } from './factor-resolver.ts';
import type { FuelTerms } from './fuel-factors.ts';
import type { CalculatorOptions, EntryEmission, StoredEntryValue } from './types.ts';

/** An activity factor found for an entry, with what results store and show of it. */
export type ActivityFactor = { factor: EmissionFactor; value: number; factorSet: number; text: string };

/** Shared by the row compilers of one calculator. */
export type CalculationContext = {
  resolver: FactorResolver;
  options: CalculatorOptions;
  undatedAt: string;
  /** The activity factor of a kind for the first, else the second activity named (either may be null), cached. */
  activityFactor(
    kind: FactorKind,
    first: string | null,
    second: string | null,
    day: string,
    supplier: string | null,
  ): ActivityFactor | null;
  /** The fuel terms of a catalogue fuel on a day for a supplier, made once and cached. */
  termsFor(fuel: string, day: string, supplier: string | null): FuelTerms;
};

export type RowCompiler = (
  context: CalculationContext,
  category: string,
  position: (key: string) => number,
) => (values: readonly StoredEntryValue[], entryDate: string | null, supplier: string | null) => EntryEmission;
