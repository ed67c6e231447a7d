import type { Executor } from '@tidewise/db/client';
import { dataEntries, fileValidations } from '@tidewise/db/schema/entries';
import { uploadSupplierData } from '@tidewise/db/schema/requests';
import { fieldsByCategory, isCatalogueCategory } from '@tidewise/shared/field-catalogue/index';
import type { CatalogueCategory, FieldDefinition } from '@tidewise/shared/field-catalogue/types';
import { reportingPeriodRange } from '@tidewise/shared/requests/inputs';
import { and, asc, eq, inArray } from 'drizzle-orm';

/**
 * What a request's template holds (issue 12: "an Excel template already filled with the rows the customer
 * knows"): the columns of the required category, and one row per row of the customer's file the request
 * concerns, with the values of the customer's current entries for the fields that say WHICH thing the row is
 * about (vessel, voyage, port, period, shipment, leg, site, supplier). Measurements are never copied: the
 * supplier provides those. The reporting period fills the period fields left empty.
 */

/** Fields that identify what a row describes; the only ones copied from the customer's entries. */
const IDENTIFYING_FIELDS = new Set([
  'imo_number',
  'vessel_imo',
  'vessel_name',
  'ship_type',
  'voyage_id',
  'departure_port',
  'arrival_port',
  'reporting_year',
  'period_start',
  'period_end',
  'shipment_id',
  'leg_id',
  'transport_date',
  'mode',
  'origin',
  'destination',
  'vehicle_type',
  'hub_name',
  'hub_locode',
  'hub_type',
  'site_name',
  'country',
  'meter_id',
  'supplier_name',
  'supplier_id',
  'description',
  'purchase_date',
]);

/** The same thing under another key in another category. */
const ALIASES: Record<string, string> = { imo_number: 'vessel_imo', vessel_imo: 'imo_number' };

export type TemplateCell = string | number | boolean | Date | null;
export type TemplateContent = { category: CatalogueCategory; fields: readonly FieldDefinition[]; rows: TemplateCell[][] };

const ROW_CHUNK = 1000;

/** The customer's current entries of the rows a request concerns, as key → value records, in file then row order. */
const customerRecords = async (db: Executor, task: { id: string; organizationId: string }): Promise<Record<string, unknown>[]> => {
  const supplierRows = await db
    .select({ fileId: uploadSupplierData.fileId, rowIndices: uploadSupplierData.rowIndices })
    .from(uploadSupplierData)
    .where(and(eq(uploadSupplierData.calendarTaskId, task.id), eq(uploadSupplierData.organizationId, task.organizationId)))
    .orderBy(asc(uploadSupplierData.createdAt), asc(uploadSupplierData.id));
  const records: Record<string, unknown>[] = [];
  for (const { fileId, rowIndices } of supplierRows) {
    const [validation] = await db
      .select({ generation: fileValidations.entriesGeneration, fields: fileValidations.entryFields })
      .from(fileValidations)
      .where(and(eq(fileValidations.fileId, fileId), eq(fileValidations.organizationId, task.organizationId)))
      .limit(1);
    if (!validation || validation.generation === 0 || rowIndices.length === 0) continue;
    const sorted = [...new Set(rowIndices)].sort((a, b) => a - b);
    for (let i = 0; i < sorted.length; i += ROW_CHUNK) {
      const entries = await db
        .select({ values: dataEntries.values })
        .from(dataEntries)
        .where(and(eq(dataEntries.generation, validation.generation), inArray(dataEntries.rowIndex, sorted.slice(i, i + ROW_CHUNK))))
        .orderBy(asc(dataEntries.rowIndex));
      for (const entry of entries)
        records.push(Object.fromEntries(validation.fields.map((key, position) => [key, entry.values[position] ?? null])));
    }
  }
  return records;
};

const asCell = (field: FieldDefinition, value: unknown): TemplateCell => {
  if (value === null || value === undefined || value === '') return null;
  if (field.dataType === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value))
    return new Date(`${value.slice(0, 10)}T00:00:00Z`);
  // An enum cell shows the label its drop-down list offers; the reader takes labels and values alike.
  if (field.dataType === 'enum' && typeof value === 'string')
    return field.allowedValues?.find((allowed) => allowed.value === value)?.label ?? value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
};

/** The values a reporting period gives the period fields of a category. */
const periodValues = (period: string | null): Record<string, TemplateCell> => {
  if (!period) return {};
  const { from, to } = reportingPeriodRange(period);
  return {
    period_start: new Date(`${from}T00:00:00Z`),
    period_end: new Date(`${to}T00:00:00Z`),
    reporting_year: Number(period.slice(0, 4)),
  };
};

const cellKey = (cell: TemplateCell) => (cell instanceof Date ? cell.toISOString() : cell);

/** The template of a request, or null when it asks for no category. */
export const templateContentOf = async (
  db: Executor,
  task: { id: string; organizationId: string; requiredUploadPurpose: string | null; requiredUploadSecondaryPurpose: string | null },
): Promise<TemplateContent | null> => {
  const category = task.requiredUploadPurpose;
  if (!category || !isCatalogueCategory(category)) return null;
  const fields = fieldsByCategory(category);
  const fromPeriod = periodValues(task.requiredUploadSecondaryPurpose);
  const withPeriod = (row: TemplateCell[]) =>
    fields.map((field, i) => row[i] ?? (Object.hasOwn(fromPeriod, field.key) ? (fromPeriod[field.key] ?? null) : null));
  const rows: TemplateCell[][] = [];
  const seen = new Set<string>();
  for (const record of await customerRecords(db, task)) {
    const row = withPeriod(
      fields.map((field) =>
        IDENTIFYING_FIELDS.has(field.key)
          ? asCell(field, record[field.key] ?? (ALIASES[field.key] ? record[ALIASES[field.key] as string] : null))
          : null,
      ),
    );
    const key = JSON.stringify(row.map(cellKey));
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(row);
  }
  // Without rows of the customer, one row carries the period alone (when the category has period fields).
  if (rows.length === 0 && fields.some((f) => Object.hasOwn(fromPeriod, f.key))) rows.push(withPeriod([]));
  return { category, fields, rows };
};
