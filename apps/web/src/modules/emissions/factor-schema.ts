import { FACTOR_KINDS, type FactorKind, UNITS_BY_KIND } from '@tidewise/shared/emissions/factors/types';
import { z } from 'zod';
import { isCalendarDay } from '../../lib/date-range.ts';
import type { CreateEmissionFactorInput } from './graphql.ts';

/** Kinds that apply to a fuel (the rest, transport intensities and spend, to an activity). */
export const FUEL_KINDS: readonly FactorKind[] = ['cf', 'lcv', 'wtt', 'ch4_ttw', 'n2o_ttw', 'slip'];
export const isFuelKind = (kind: string) => (FUEL_KINDS as readonly string[]).includes(kind);

const NO_UNITS: readonly string[] = [];

/** The units a kind may be written in (the library's rule: a factor in any other unit is refused). */
export const unitsFor = (kind: string): readonly string[] =>
  (FACTOR_KINDS as readonly string[]).includes(kind) ? UNITS_BY_KIND[kind as FactorKind] : NO_UNITS;

/** The server's limits (a source text, the evidence, an activity's name). */
export const MAX_SOURCE_TEXT = 500;
export const MAX_EVIDENCE = 4000;
export const MAX_ACTIVITY = 120;

/**
 * A decimal as the source prints it, with a point: "3.114", "0.00004", "91". No rounding, no exponent; at most 12 digits
 * on either side of the point, as the server takes.
 */
const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const required = (message: string, max: number, tooLong: string) =>
  z.string().trim().min(1, { error: message }).max(max, { error: tooLong });

/**
 * The "Add factor" form: a kind, the fuel or activity it applies to, the value exactly as printed with a
 * unit the kind allows, where it stands (document, section, edition) and the evidence, optionally one
 * supplier, and when it applies. Every problem is said at once, on its field.
 */
export const factorFormSchema = z
  .object({
    kind: z.string().refine((v) => (FACTOR_KINDS as readonly string[]).includes(v), { error: 'Pick the kind of factor' }),
    fuel: z.string().trim(),
    consumer: z.string().trim(),
    activity: z
      .string()
      .trim()
      .max(MAX_ACTIVITY, { error: `Keep the activity under ${MAX_ACTIVITY} characters` }),
    value: z
      .string()
      .trim()
      .min(1, { error: 'Enter the value' })
      .refine((v) => v === '' || DECIMAL.test(v), { error: 'Write the value as a decimal number with a point, like 3.114' })
      .refine((v) => !DECIMAL.test(v) || Number(v) > 0, { error: 'The value must be more than 0' }),
    unit: z.string(),
    document: required('Name the source document', MAX_SOURCE_TEXT, `Keep the document under ${MAX_SOURCE_TEXT} characters`),
    section: required('Name the table or section of the document', MAX_SOURCE_TEXT, `Keep the section under ${MAX_SOURCE_TEXT} characters`),
    edition: required('Give the edition or date of the document', MAX_SOURCE_TEXT, `Keep the edition under ${MAX_SOURCE_TEXT} characters`),
    evidence: required(
      'Say what shows the value holds, like a supplier’s declaration',
      MAX_EVIDENCE,
      `Keep the evidence under ${MAX_EVIDENCE} characters`,
    ),
    supplierOrganizationId: z.string(),
    validFrom: z
      .string()
      .trim()
      .min(1, { error: 'Give the first day it applies' })
      .refine((v) => v === '' || isCalendarDay(v), { error: 'Give the day as a date' }),
    validTo: z
      .string()
      .trim()
      .refine((v) => v === '' || isCalendarDay(v), { error: 'Give the day as a date' }),
  })
  .superRefine(
    (values, ctx) => {
      const kind = text(values.kind);
      if (!kind) return;
      if (isFuelKind(kind) && !text(values.fuel))
        ctx.addIssue({ code: 'custom', message: 'Pick the fuel', path: ['fuel'], input: values.fuel });
      if (!isFuelKind(kind) && !text(values.activity))
        ctx.addIssue({ code: 'custom', message: 'Name the activity it applies to', path: ['activity'], input: values.activity });
      const units = unitsFor(kind);
      if (units.length > 0 && !units.includes(text(values.unit)))
        ctx.addIssue({ code: 'custom', message: 'Pick the unit', path: ['unit'], input: values.unit });
      const from = text(values.validFrom);
      const to = text(values.validTo);
      if (isCalendarDay(from) && isCalendarDay(to) && to <= from)
        ctx.addIssue({ code: 'custom', message: 'The end must be after the first day', path: ['validTo'], input: to });
    },
    { when: () => true },
  );

export type FactorFormValues = z.output<typeof factorFormSchema>;

export const emptyFactorForm = (): FactorFormValues => ({
  kind: '',
  fuel: '',
  consumer: '',
  activity: '',
  value: '',
  unit: '',
  document: '',
  section: '',
  edition: '',
  evidence: '',
  supplierOrganizationId: '',
  validFrom: '',
  validTo: '',
});

/** The mutation's input from the form: only what applies to the kind, empty optional fields left out. */
export const toFactorInput = (values: FactorFormValues, replacesKey: string | null): CreateEmissionFactorInput => {
  const fuelKind = isFuelKind(values.kind);
  return {
    kind: values.kind as CreateEmissionFactorInput['kind'],
    value: values.value,
    unit: values.unit,
    document: values.document,
    section: values.section,
    edition: values.edition,
    evidence: values.evidence,
    validFrom: values.validFrom,
    ...(fuelKind && values.fuel ? { fuel: values.fuel } : {}),
    ...(fuelKind && values.fuel === 'LNG' && values.consumer ? { consumer: values.consumer } : {}),
    ...(!fuelKind && values.activity ? { activity: values.activity } : {}),
    ...(values.supplierOrganizationId ? { supplierOrganizationId: values.supplierOrganizationId } : {}),
    ...(values.validTo ? { validTo: values.validTo } : {}),
    ...(replacesKey ? { replacesKey } : {}),
  };
};
