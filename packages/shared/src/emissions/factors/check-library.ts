import { type EmissionFactor, UNITS_BY_KIND } from './types.ts';

const DECIMAL = /^\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What is wrong with a set of factors, one sentence each; empty when it can be used. Run over the built-in
 * library by its test, and meant for an organisation's own factors before they are stored.
 */
export const libraryProblems = (library: readonly EmissionFactor[]): string[] => {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const factor of library) {
    const name = `${factor.id}@${factor.version}`;
    if (seen.has(name)) problems.push(`${name} appears twice.`);
    seen.add(name);
    if (!Number.isInteger(factor.version) || factor.version < 1) problems.push(`${name}: the version must be a whole number from 1.`);
    if (!DECIMAL.test(factor.value)) problems.push(`${name}: the value "${factor.value}" is not a plain decimal as printed.`);
    if (!UNITS_BY_KIND[factor.kind].includes(factor.unit)) problems.push(`${name}: ${factor.unit} is not a unit of ${factor.kind}.`);
    if (!factor.source.document.trim() || !factor.source.section.trim() || !factor.source.edition.trim()) {
      problems.push(`${name}: the source needs its document, table or section, and edition.`);
    }
    if (!ISO_DATE.test(factor.validFrom)) problems.push(`${name}: validFrom must be an ISO date.`);
    if (factor.validTo !== null && (!ISO_DATE.test(factor.validTo) || factor.validTo <= factor.validFrom)) {
      problems.push(`${name}: validTo must be an ISO date after validFrom.`);
    }
    if (factor.fuel === undefined && factor.activity === undefined) problems.push(`${name}: it applies to neither a fuel nor an activity.`);
    if (factor.printed !== undefined && !DECIMAL.test(factor.printed.value)) {
      problems.push(`${name}: the printed value "${factor.printed.value}" is not a plain decimal.`);
    }
  }
  return problems;
};
