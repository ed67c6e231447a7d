import type { ColumnAnalysis, FieldDefinition, FileMapping } from './graphql.ts';

/** Catalogue fields, columns and mappings for the screen's tests. */

export const fuelField = (patch: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key: 'fuel_consumed',
  label: 'Fuel consumed',
  description: 'Fuel used in the period.',
  category: 'vessel_fuel_consumption',
  dataType: 'number',
  requirement: 'required',
  canonicalUnit: 't',
  min: 0,
  max: null,
  pattern: null,
  validator: null,
  acceptedUnits: [
    { unit: 't', label: 'Tonnes', factor: 1, needsDensity: false, synonyms: ['mt', 'tonnes'] },
    { unit: 'kg', label: 'Kilograms', factor: 0.001, needsDensity: false, synonyms: ['kilo'] },
    { unit: 'm3', label: 'Cubic metres', factor: 1, needsDensity: true, synonyms: ['cbm'] },
  ],
  allowedValues: [],
  ...patch,
});

export const fuelType = fuelField({
  key: 'fuel_type',
  label: 'Fuel type',
  dataType: 'enum',
  canonicalUnit: null,
  acceptedUnits: [],
  allowedValues: [
    { value: 'HFO', label: 'Heavy fuel oil', synonyms: ['IFO 380', 'Bunker C'] },
    { value: 'MGO', label: 'Marine gas oil', synonyms: ['DMA'] },
  ],
});

export const column = (patch: Partial<ColumnAnalysis> = {}): ColumnAnalysis => ({
  id: 'c1',
  fileId: 'f1',
  sourceColumn: 'Fuel',
  sourceIndex: 0,
  category: 'vessel_fuel_consumption',
  suggestedTargetField: 'fuel_consumed',
  suggestedTargetLabel: 'Fuel consumed',
  confidence: 0.9,
  reasoning: 'Header matches.',
  isAccepted: false,
  isRejected: false,
  detectedUnit: null,
  dataType: 'number',
  sampleValues: [],
  analyzedAt: '2025-01-01T00:00:00Z',
  alternativeSuggestions: [],
  ...patch,
});

export const mapping = (patch: Partial<FileMapping> = {}): FileMapping => ({
  id: 'm1',
  fileId: 'f1',
  sourceColumn: 'Fuel',
  sourceIndex: 0,
  targetField: 'fuel_consumed',
  targetLabel: 'Fuel consumed',
  category: 'vessel_fuel_consumption',
  isActive: true,
  origin: 'suggestion',
  createdAt: '2025-01-01T00:00:00Z',
  transformations: [],
  validation: { required: true, dataType: 'number', min: 0, max: null, pattern: null },
  ...patch,
});
