import type { FileCategory } from '../uploads.ts';

/**
 * The field catalogue: the data entries a column of an uploaded sheet can be mapped to, per file category.
 * It is data, not code, so the API (mapping, validation) and the web (mapping screen, help text) read the
 * same definitions. See docs/field-catalogue.md.
 *
 * Bump CATALOGUE_VERSION on every change: patch for wording and new synonyms, minor for a new field, unit or
 * allowed value, major for a removed or renamed key or a changed canonical unit. Stored mappings record the
 * version they were made with.
 */
export const CATALOGUE_VERSION = '1.2.0';

/** The categories that have fields; `unknown` has none. */
export type CatalogueCategory = Exclude<FileCategory, 'unknown'>;

export type FieldDataType = 'string' | 'number' | 'integer' | 'date' | 'boolean' | 'enum';
export type FieldRequirement = 'required' | 'recommended' | 'optional';

/** The pure checks in validators.ts a field may name. */
export type ValidatorName = 'imoNumber' | 'unLocode' | 'currencyCode' | 'email' | 'countryCode';

/**
 * A unit a value may arrive in. `factor` turns a value in this unit into the field's canonical unit
 * (value × factor). When `needsDensity` is set the unit is a volume: value × factor gives m³, and the
 * density of the fuel in t/m³ is needed to reach the canonical mass.
 */
export type UnitDefinition = {
  unit: string;
  label: string;
  factor: number;
  needsDensity?: boolean;
  /** Spellings of the unit in headers and unit columns, e.g. "tonnes", "m tonnes". */
  synonyms: readonly string[];
};

/** One value of an enum field, with the spellings that mean it. */
export type AllowedValue = {
  value: string;
  label: string;
  synonyms: readonly string[];
};

export type FieldDefinition = {
  /** Stable snake_case key; never reused for another meaning. */
  key: string;
  label: string;
  /** Shown in the UI next to the field: what belongs in it and in which form. */
  description: string;
  dataType: FieldDataType;
  requirement: FieldRequirement;
  /** Header spellings in English, Norwegian, Danish and German, and common abbreviations. */
  synonyms: readonly string[];
  canonicalUnit?: string;
  acceptedUnits?: readonly UnitDefinition[];
  min?: number;
  max?: number;
  /** A regular expression source the trimmed text value must match in full. */
  pattern?: string;
  allowedValues?: readonly AllowedValue[];
  validator?: ValidatorName;
  /**
   * For the enum field that names a row's fuel (fuel type, energy carrier): a typical density in t/m³ per
   * allowed value, used to turn a volume into a mass when the mapping gives no density of its own.
   */
  densities?: Readonly<Record<string, number>>;
};

export type CategoryFields = readonly FieldDefinition[];
