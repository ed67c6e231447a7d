import { normalizeLabel } from '../field-catalogue/index.ts';
import { cellText, numberText, quote, trimText } from './cells.ts';
import type { UnitDefinition } from '../field-catalogue/types.ts';
import type { FieldSetup } from './field-setup.ts';
import { parseNumberText } from './numbers.ts';
import { type CellReader, mappedText, spreadsheetError } from './reader-kit.ts';
import { type FieldRef, type RowScratch, reportRow } from './row-scratch.ts';
import type { CellValue } from './types.ts';

/**
 * For factors like 0.001 (kg -> t) the whole number to divide by instead (1000): dividing by an exact integer
 * stores 12.5 kg as 0.0125 t rather than 0.012500000000000001. 0 when the factor is not such a fraction.
 */
const divisors = new Map<number, number>();
const divisorOf = (factor: number): number => {
  let divisor = divisors.get(factor);
  if (divisor === undefined) {
    const inverse = 1 / factor;
    divisor = factor < 1 && Math.abs(inverse - Math.round(inverse)) < 1e-9 ? Math.round(inverse) : 0;
    divisors.set(factor, divisor);
  }
  return divisor;
};

const UNIT_LIKE = /^[\p{L}³²µ°/ .·*-]+$/u;

/** Numbers and integers: text numbers, units in the cell, factor, unit conversion and density, limits. */
export const numberReader = (setup: FieldSetup, field: FieldRef): CellReader => {
  const mapText = mappedText(setup);
  const { factor, min, max, units, densitySource } = setup;
  const mappedUnit = setup.unit;
  const canonical = setup.definition.canonicalUnit ?? null;
  const unitSuffix = canonical ? ` ${canonical}` : '';
  const isInteger = setup.definition.dataType === 'integer';
  const hasUnits = units.size > 0;
  const accepted = (setup.definition.acceptedUnits ?? []).map((u) => u.unit).join(', ');
  const mappedDivisor = mappedUnit ? divisorOf(mappedUnit.factor) : 0;

  /** The density for a volume in this row: the mapping's, else the row's fuel's typical one. */
  const densityFor = (row: RowScratch, raw: string, unit: string): number | null => {
    if (setup.density !== null) return setup.density;
    if (!densitySource) {
      reportRow(
        row,
        field,
        'DENSITY_MISSING',
        `${quote(raw)} ${unit} is a volume: give the fuel’s density in t/m³ in the column’s unit conversion.`,
        raw,
      );
      return null;
    }
    const fuel = row.values[densitySource.index];
    const density = typeof fuel === 'string' ? densitySource.densities[fuel] : undefined;
    if (density !== undefined) return density;
    reportRow(
      row,
      field,
      'DENSITY_MISSING',
      typeof fuel === 'string'
        ? `${quote(raw)} ${unit} is a volume and ${densitySource.valueLabels.get(fuel) ?? fuel} has no typical density: give the density in t/m³ in the column’s unit conversion.`
        : `${quote(raw)} ${unit} is a volume and the row has no ${densitySource.label} to take a typical density from.`,
      raw,
    );
    return null;
  };

  /** The unit written in the last text read ("12 kg"), or null. */
  let textUnit: UnitDefinition | null = null;
  /** A text cell's number, or null after reporting why it is not one. */
  const readText = (cell: string | boolean, row: RowScratch): number | null => {
    textUnit = null;
    const raw = typeof cell === 'string' ? trimText(cell) : (cellText(cell) as string);
    if (typeof cell === 'string' && spreadsheetError(raw, field, row)) return null;
    const parsed = typeof cell === 'string' ? parseNumberText(mapText(raw)) : null;
    if (!parsed) {
      reportRow(row, field, 'NOT_A_NUMBER', `${quote(raw)} is not a number.`, raw);
      return null;
    }
    if (parsed.unit !== null) {
      textUnit = units.get(normalizeLabel(parsed.unit)) ?? null;
      if (!textUnit) {
        if (hasUnits && UNIT_LIKE.test(parsed.unit)) {
          const detail = `${quote(raw)}: the unit ${quote(parsed.unit)} cannot be converted to ${canonical}; accepted: ${accepted}.`;
          reportRow(row, field, 'UNIT_NOT_CONVERTIBLE', detail, raw);
        } else reportRow(row, field, 'NOT_A_NUMBER', `${quote(raw)} is not a number.`, raw);
        return null;
      }
    }
    if (parsed.ambiguous) {
      const detail = `${quote(raw)} was read as ${numberText(parsed.value)}; if the separator was meant for thousands, write it without one.`;
      reportRow(row, field, 'AMBIGUOUS_NUMBER', detail, raw);
    }
    return parsed.value;
  };

  /** Integer and limit checks on the converted value; false after reporting. */
  const passes = (value: number, source: number, converted: boolean, cell: CellValue, row: RowScratch): boolean => {
    if (isInteger && !Number.isInteger(value)) {
      reportRow(row, field, 'NOT_AN_INTEGER', `${quote(numberText(source))} is not a whole number.`, cellText(cell));
      return false;
    }
    const below = min !== undefined && value < min;
    if (!below && (max === undefined || value <= max)) return true;
    const shown = converted ? `${quote(numberText(source))} (${numberText(value)}${unitSuffix})` : quote(numberText(source));
    if (below) reportRow(row, field, 'BELOW_MIN', `${shown} is below the minimum of ${numberText(min)}${unitSuffix}.`, cellText(cell));
    else reportRow(row, field, 'ABOVE_MAX', `${shown} is above the maximum of ${numberText(max as number)}${unitSuffix}.`, cellText(cell));
    return false;
  };

  return (cell, row) => {
    let value: number;
    let unit = mappedUnit;
    if (typeof cell === 'number') {
      if (!Number.isFinite(cell)) {
        reportRow(row, field, 'NOT_A_NUMBER', `${quote(String(cell))} is not a number.`, String(cell));
        return null;
      }
      value = cell;
    } else {
      const read = readText(cell as string | boolean, row);
      if (read === null) return null;
      value = read;
      if (textUnit) unit = textUnit;
    }
    const source = value;
    let converted = false;
    if (factor !== 1) {
      value *= factor;
      converted = true;
    }
    if (unit !== null && (unit.factor !== 1 || unit.needsDensity)) {
      const divisor = unit === mappedUnit ? mappedDivisor : divisorOf(unit.factor);
      value = divisor === 0 ? value * unit.factor : value / divisor;
      if (unit.needsDensity) {
        const density = densityFor(row, numberText(source), unit.unit);
        if (density === null) return null;
        value *= density;
      }
      converted = true;
    }
    return passes(value, source, converted, cell, row) ? value : null;
  };
};
