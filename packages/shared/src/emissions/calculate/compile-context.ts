import type { FactorResolver } from './factor-resolver.ts';
import type { FuelTerms } from './fuel-factors.ts';
import type { CalculatorOptions, EntryEmission, StoredEntryValue } from './types.ts';

/** Shared by the row compilers of one calculator. */
export type CalculationContext = {
  resolver: FactorResolver;
  options: CalculatorOptions;
  undatedAt: string;
  /** The fuel terms of a catalogue fuel on a day for a supplier, made once and cached. */
  termsFor(fuel: string, day: string, supplier: string | null): FuelTerms;
};

export type RowCompiler = (
  context: CalculationContext,
  category: string,
  position: (key: string) => number,
) => (values: readonly StoredEntryValue[], entryDate: string | null, supplier: string | null) => EntryEmission;
