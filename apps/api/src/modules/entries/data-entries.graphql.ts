import { builder } from '../../schema/builder.ts';
import { ExportFormatRef, PaginationInput, pageArg, pageOf } from '../../schema/common.graphql.ts';
import { DataEntryValueRef, IssueTypeRef } from '../../schema/entry-values.graphql.ts';
import { SortDirectionRef } from '../../schema/sorting.graphql.ts';
import { FileCategoryRef } from '../../schema/uploads.graphql.ts';
import type { StoredEntryIssue } from '@tidewise/db/schema/entries';
import { DATA_ENTRY_SORT_FIELDS, type EntryFilter, type EntryOrder } from './entry-query.ts';
import { type DataEntryView, rawDataOf } from './entry-view.ts';
import { findDataEntries } from './operations/find-data-entries.ts';
import { getDataEntry } from './operations/get-data-entry.ts';

/** Data entries: the validated rows of files, as typed values of catalogue fields. */

const READ = 'data-entries:read';

const DataEntryValidationErrorRef = builder.objectRef<StoredEntryIssue>('DataEntryValidationError').implement({
  fields: (t) => ({
    field: t.string({ nullable: true, resolve: (e) => e.field }),
    error: t.string({ resolve: (e) => e.message }),
    value: t.string({ nullable: true, resolve: (e) => e.value }),
    code: t.exposeString('code'),
    type: t.field({ type: IssueTypeRef, resolve: (e) => e.type }),
  }),
});

export const DataEntryRef = builder.objectRef<DataEntryView>('DataEntry').implement({
  description: 'One validated row of a file, in canonical units.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Names the entry of this validation; applying mappings again makes new entries.' }),
    category: t.field({ type: FileCategoryRef, resolve: (e) => e.category }),
    sourceReference: t.exposeString('sourceReference', { description: 'File name and row, e.g. "fuel-2024.xlsx, row 14".' }),
    entryDate: t.string({
      nullable: true,
      description: 'ISO date: the period start, or the field the category dates by; null when none.',
      resolve: (e) => e.entryDate,
    }),
    isValid: t.exposeBoolean('isValid'),
    rowIndex: t.exposeInt('rowIndex', { description: "0-based position among the file's data rows." }),
    rowNumber: t.exposeInt('rowNumber'),
    fileId: t.exposeID('fileId'),
    uploadId: t.id({ nullable: true, resolve: (e) => e.uploadId }),
    fileUploadId: t.id({ nullable: true, resolve: (e) => e.fileUploadId }),
    organizationId: t.exposeID('organizationId'),
    supplierOrganizationId: t.id({
      nullable: true,
      description:
        "The supplier organization whose data it is, when seen through an accepted request; null for the organization's own entries.",
      resolve: (e) => e.supplierOrganizationId,
    }),
    rawData: t.field({
      type: 'JSON',
      description: 'The source row as read: column name -> value.',
      resolve: (e, _args, ctx) => rawDataOf(ctx, e),
    }),
    validationErrors: t.field({ type: [DataEntryValidationErrorRef], resolve: (e) => e.validationErrors }),
    values: t.field({ type: [DataEntryValueRef], resolve: (e) => e.values }),
    createdAt: t.field({ type: 'DateTime', description: 'When the validation that made it completed.', resolve: (e) => e.createdAt }),
  }),
});

const DataEntrySortFieldRef = builder.enumType('DataEntrySortField', { values: DATA_ENTRY_SORT_FIELDS });

const DataEntryOrderInput = builder.inputType('DataEntryOrderInput', {
  description:
    'createdAt: by validation, then row; rowIndex: newest validation first, rows in this direction; entryDate: across files, empty dates last.',
  fields: (t) => ({
    field: t.field({ type: DataEntrySortFieldRef, required: true }),
    direction: t.field({ type: SortDirectionRef, required: false, defaultValue: 'ASC' }),
  }),
});

const DataEntryFieldFilterInput = builder.inputType('DataEntryFieldFilterInput', {
  fields: (t) => ({
    field: t.string({ required: true }),
    equals: t.string({ required: false, description: 'Exact match for text, enum and dates (ISO), numeric equality for numbers.' }),
    min: t.float({ required: false }),
    max: t.float({ required: false }),
  }),
});

const DataEntryFilterInput = builder.inputType('DataEntryFilterInput', {
  fields: (t) => ({
    search: t.string({ required: false, description: 'Matches the text values and the file name.' }),
    category: t.field({ type: FileCategoryRef, required: false }),
    fileId: t.id({ required: false }),
    uploadId: t.id({ required: false }),
    fileUploadId: t.id({ required: false }),
    isValid: t.boolean({ required: false }),
    fieldValue: t.field({ type: DataEntryFieldFilterInput, required: false }),
    calendarTaskId: t.id({
      required: false,
      description: "Entries answering this request (the supplier's accepted response, for the customer).",
    }),
    supplierOrganizationId: t.id({ required: false, description: 'Entries of this supplier seen through accepted requests.' }),
  }),
});

export const ExportDataEntriesInput = builder.inputType('ExportDataEntriesInput', {
  fields: (t) => ({
    filter: t.field({ type: DataEntryFilterInput, required: false }),
    order: t.field({ type: DataEntryOrderInput, required: false }),
    format: t.field({ type: ExportFormatRef, required: true }),
  }),
});

type FilterArg = {
  search?: string | null;
  category?: string | null;
  fileId?: string | number | null;
  uploadId?: string | number | null;
  fileUploadId?: string | number | null;
  isValid?: boolean | null;
  fieldValue?: { field: string; equals?: string | null; min?: number | null; max?: number | null } | null;
  calendarTaskId?: string | number | null;
  supplierOrganizationId?: string | number | null;
};

const idOf = (value: string | number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** The filter argument as the operations take it (plain data: it is also signed into export links). */
export const entryFilterOf = (filter: FilterArg | null | undefined): EntryFilter => {
  const result: EntryFilter = {};
  if (!filter) return result;
  if (filter.search?.trim()) result.search = filter.search.trim();
  if (filter.category) result.category = filter.category;
  if (idOf(filter.fileId)) result.fileId = idOf(filter.fileId);
  if (idOf(filter.uploadId)) result.uploadId = idOf(filter.uploadId);
  if (idOf(filter.fileUploadId)) result.fileUploadId = idOf(filter.fileUploadId);
  if (idOf(filter.calendarTaskId)) result.calendarTaskId = idOf(filter.calendarTaskId);
  if (idOf(filter.supplierOrganizationId)) result.supplierOrganizationId = idOf(filter.supplierOrganizationId);
  if (filter.isValid !== null && filter.isValid !== undefined) result.isValid = filter.isValid;
  if (filter.fieldValue) {
    const { field, equals, min, max } = filter.fieldValue;
    result.fieldValue = { field, ...(equals != null ? { equals } : {}), ...(min != null ? { min } : {}), ...(max != null ? { max } : {}) };
  }
  return result;
};

export const entryOrderOf = (
  order: { field: EntryOrder['field']; direction?: 'ASC' | 'DESC' | null } | null | undefined,
): EntryOrder | null => (order ? { field: order.field, direction: order.direction ?? 'ASC' } : null);

const DataEntryPageRef = pageOf('DataEntry', DataEntryRef);

builder.queryFields((t) => ({
  dataEntries: t.field({
    type: DataEntryPageRef,
    description: "Your organization's entries of current validations (default order: createdAt DESC, then rowIndex).",
    authScopes: { permission: READ },
    args: {
      filter: t.arg({ type: DataEntryFilterInput, required: false }),
      order: t.arg({ type: DataEntryOrderInput, required: false }),
      pagination: t.arg({ type: PaginationInput, required: false }),
    },
    resolve: (_root, args, ctx) =>
      findDataEntries(ctx, {
        filter: entryFilterOf(args.filter),
        order: entryOrderOf(args.order),
        pagination: pageArg(args.pagination),
      }),
  }),
  dataEntry: t.field({
    type: DataEntryRef,
    authScopes: { permission: READ },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getDataEntry(ctx, String(args.id)),
  }),
}));
