import { FILE_CATEGORIES, type FileCategory } from '@tidewise/shared/uploads';
import { type Filters, type ListConfig, type ParamParser, param } from '../../lib/list-params.ts';
import type { DataEntryFilter, DataEntrySortField } from './graphql.ts';

export type EntryFilterKey =
  | 'search'
  | 'category'
  | 'file'
  | 'upload'
  | 'request'
  | 'supplier'
  | 'validity'
  | 'field'
  | 'eq'
  | 'min'
  | 'max';
export type EntryFilters = Filters<EntryFilterKey>;

export const VALIDITY_LABELS = { valid: 'Valid only', errors: 'With errors only' } as const;

/** The categories entries can have: every file category but "not sure yet", which has no fields. */
export const ENTRY_CATEGORIES = FILE_CATEGORIES.filter((c): c is Exclude<FileCategory, 'unknown'> => c !== 'unknown');

/** A decimal number as typed in a filter ("1200", "-3.5"). */
const decimal: ParamParser = (raw) => {
  const value = raw.trim();
  return /^-?\d{1,15}(\.\d{1,10})?$/.test(value) ? value : null;
};

/** A catalogue field key (snake_case). */
const fieldKey: ParamParser = (raw) => (/^[a-z][a-z0-9_]{0,63}$/.test(raw) ? raw : null);

/**
 * A field filter belongs to a category's fields: without a category it is dropped, and so are the
 * value bounds without a field. A reversed range keeps its minimum only.
 */
const normalize = (filters: EntryFilters): EntryFilters => {
  const next = { ...filters };
  if (!next.category) next.field = '';
  if (!next.field) Object.assign(next, { eq: '', min: '', max: '' });
  if (next.min && next.max && Number(next.min) > Number(next.max)) next.max = '';
  return next;
};

/**
 * The entries list's URL: `?search=&category=&file=&upload=&request=&supplier=&validity=&field=&eq=&min=&max=&sort=&dir=&page=&size=`.
 * `file` and `upload` are ids (a file, a batch of files); `request` (a data request's id) and `supplier` (a
 * supplier organisation's id) show a supplier's entries seen through requests; `field` with `eq` or
 * `min`/`max` filters on one value of the chosen category.
 */
export const ENTRY_LIST = {
  sortFields: { created: 'createdAt', date: 'entryDate', row: 'rowIndex' },
  filters: {
    search: param.text(),
    category: param.oneOf(ENTRY_CATEGORIES),
    file: param.id,
    upload: param.id,
    request: param.id,
    supplier: param.id,
    validity: param.oneOf(Object.keys(VALIDITY_LABELS)),
    field: fieldKey,
    eq: param.text(),
    min: decimal,
    max: decimal,
  },
  pageSize: 50,
  normalize,
} satisfies ListConfig<EntryFilterKey, DataEntrySortField>;

/** Rows per page the entries table offers; a smaller size from an old link reads as the first. */
export const ENTRY_PAGE_SIZES = [50, 100] as const;
export const entryPageSize = (size: number) => ((ENTRY_PAGE_SIZES as readonly number[]).includes(size) ? size : ENTRY_PAGE_SIZES[0]);

/** A bound as the API takes it, or undefined when empty. */
const toNumber = (value: string) => (value === '' ? undefined : Number(value));

/** The `filter` argument of `dataEntries` and `exportDataEntries` for the URL's filters; null when none is set. */
export const toDataEntryFilter = (filters: EntryFilters): DataEntryFilter | null => {
  const filter: DataEntryFilter = {};
  if (filters.search) filter.search = filters.search;
  if (filters.category) filter.category = filters.category as DataEntryFilter['category'];
  if (filters.file) filter.fileId = filters.file;
  if (filters.upload) filter.fileUploadId = filters.upload;
  if (filters.request) filter.calendarTaskId = filters.request;
  if (filters.supplier) filter.supplierOrganizationId = filters.supplier;
  if (filters.validity) filter.isValid = filters.validity === 'valid';
  if (filters.field && (filters.eq || filters.min || filters.max)) {
    filter.fieldValue = {
      field: filters.field,
      ...(filters.eq ? { equals: filters.eq } : {}),
      ...(filters.min ? { min: toNumber(filters.min) } : {}),
      ...(filters.max ? { max: toNumber(filters.max) } : {}),
    };
  }
  return Object.keys(filter).length > 0 ? filter : null;
};
