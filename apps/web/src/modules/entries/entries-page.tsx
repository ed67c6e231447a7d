import { Database, FileUp } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { useDateFormat } from '../../lib/format.ts';
import { useFilterForm, useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Button } from '../../ui/button.tsx';
import { DataTable, type SortState } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Label } from '../../ui/label.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Select } from '../../ui/select.tsx';
import { TemplateMenu } from '../../ui/template-menu.tsx';
import { entryColumns } from './entry-columns.tsx';
import { EntryFilterBar, entryFilterError } from './entry-filter-bar.tsx';
import { ENTRY_LIST, ENTRY_PAGE_SIZES, entryPageSize, toDataEntryFilter } from './entry-filters.ts';
import { EntrySheet } from './entry-sheet.tsx';
import { ExportActions } from './export-actions.tsx';
import { FileChip, RequestChip, SupplierChip } from './entry-filter-chips.tsx';
import { DataEntriesQuery, type EntryCategory, FieldsByCategoryQuery } from './graphql.ts';

/** The orders a person can pick; none chosen is the server's default, newest first. */
const ORDERS: { value: string; label: string; sort: SortState }[] = [
  { value: '', label: 'Newest first', sort: null },
  { value: 'created:asc', label: 'Oldest first', sort: { columnId: 'created', direction: 'asc' } },
  { value: 'date:desc', label: 'Entry date, latest first', sort: { columnId: 'date', direction: 'desc' } },
  { value: 'date:asc', label: 'Entry date, earliest first', sort: { columnId: 'date', direction: 'asc' } },
  { value: 'row:asc', label: 'Row order', sort: { columnId: 'row', direction: 'asc' } },
  { value: 'row:desc', label: 'Row order, last first', sort: { columnId: 'row', direction: 'desc' } },
];
const orderValue = (sort: SortState) => (sort ? `${sort.columnId}:${sort.direction}` : '');

/** The reader's locale for numbers; the rest of the screen reads in English. */
const readerLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language || undefined);

const NO_FIELDS: readonly never[] = [];

/**
 * The organisation's data entries: each row of a validated file, typed through its mappings. Server
 * filters (search, category, file, upload, validity, one field's value) and order live in the address;
 * the page's rows are virtualised; a row opens in a side sheet; the filtered list exports as CSV or Excel.
 */
export const DataEntriesPage = () => {
  usePageMeta({ title: 'Data entries', description: 'Rows of your validated files, as typed values with their units.' });
  const { formatDate } = useDateFormat();
  const locale = readerLocale();
  const list = useListParams(ENTRY_LIST);
  const form = useFilterForm(list, entryFilterError);
  const pageSize = entryPageSize(list.pageSize);
  const filter = useMemo(() => toDataEntryFilter(list.filters), [list.filters]);
  const order = list.sortInput;
  const [result, refetch] = useQuery({
    query: DataEntriesQuery,
    variables: { filter, order, pagination: { page: list.page, pageSize } },
  });
  const category = list.filters.category as EntryCategory | '';
  const [fieldsResult] = useQuery({ query: FieldsByCategoryQuery, variables: { category: category || 'unknown' }, pause: !category });
  const connection = result.data?.dataEntries;
  const catalogueFields = (category && fieldsResult.data?.fieldsByCategory) || NO_FIELDS;
  // Only the fields the page's entries were mapped to: a file maps a handful of a category's two dozen fields.
  const fields = useMemo(() => {
    const mapped = new Set(connection?.data.flatMap((entry) => entry.values.map((value) => value.fieldName)) ?? []);
    return mapped.size === 0 ? catalogueFields : catalogueFields.filter((field) => mapped.has(field.key));
  }, [catalogueFields, connection]);
  // The Supplier column shows once the page holds entries seen through a supplier's requests.
  const showSupplier = Boolean(connection?.data.some((entry) => entry.supplierOrganizationId));
  const columns = useMemo(() => entryColumns({ fields, locale, formatDate, showSupplier }), [fields, locale, formatDate, showSupplier]);
  const [openId, setOpenId] = useState<string | null>(null);

  const pageInfo = connection?.pageInfo;
  const { page, setPage } = list;
  useEffect(() => {
    if (pageInfo && pageInfo.totalPages >= 1 && page > pageInfo.totalPages) setPage(pageInfo.totalPages, { replace: true });
  }, [pageInfo, page, setPage]);

  const filtered = list.hasFilters;
  const empty = filtered ? (
    <EmptyState
      icon={Database}
      title="No entries match these filters"
      description="Try another search, category or validity, or reset the filters."
      action={
        <Button variant="outline" onClick={form.reset}>
          Reset filters
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={Database}
      title="No data entries yet"
      description={
        <>
          <p>Entries come from your uploads, in three steps:</p>
          <ol className="mt-2 list-inside list-decimal text-left">
            <li>Upload a spreadsheet (or fill in a template first).</li>
            <li>Map its columns to fields: most are suggested for you.</li>
            <li>Validate it: each row becomes an entry here, valid or with its errors.</li>
          </ol>
        </>
      }
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/app/uploads">
              <FileUp aria-hidden="true" />
              Go to uploads
            </Link>
          </Button>
          <TemplateMenu />
        </div>
      }
    />
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Data entries"
        description="Every row of your validated files, as typed values with their units. Open a row to see its source and issues."
        actions={<ExportActions filter={filter} order={order} totalCount={pageInfo?.totalCount} />}
      />
      <EntryFilterBar form={form} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {list.filters.file || list.filters.request || list.filters.supplier ? (
          <ul className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2" aria-label="Filters from the link">
            {list.filters.request ? <RequestChip id={list.filters.request} onClear={() => list.setFilters({ request: '' })} /> : null}
            {list.filters.supplier ? <SupplierChip id={list.filters.supplier} onClear={() => list.setFilters({ supplier: '' })} /> : null}
            {list.filters.file ? <FileChip id={list.filters.file} onClear={() => list.setFilters({ file: '' })} /> : null}
          </ul>
        ) : (
          <span />
        )}
        <div className="flex flex-col gap-2 sm:w-64">
          <Label htmlFor="entries-order">Order</Label>
          <Select
            id="entries-order"
            value={orderValue(list.sort)}
            onChange={(e) => list.setSort(ORDERS.find((o) => o.value === e.target.value)?.sort ?? null)}
          >
            {ORDERS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <DataTable
        caption="Data entries"
        columns={columns}
        rows={connection?.data ?? []}
        getRowId={(entry) => entry.id}
        rowLabel={(entry) => `${entry.sourceReference}, ${entry.isValid ? 'valid' : 'has errors'}`}
        onRowActivate={(entry) => setOpenId(entry.id)}
        virtualize
        sort={list.sort}
        onSortChange={list.setSort}
        loading={result.fetching && !connection}
        refreshing={result.fetching && Boolean(connection)}
        error={
          result.error && !connection ? (
            <QueryError error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
          ) : null
        }
        empty={empty}
        pagination={
          pageInfo
            ? {
                page: Math.min(list.page, Math.max(pageInfo.totalPages, 1)),
                totalPages: pageInfo.totalPages,
                totalCount: pageInfo.totalCount,
                pageSize,
                pageSizes: ENTRY_PAGE_SIZES,
                onPageChange: list.setPage,
                onPageSizeChange: list.setPageSize,
              }
            : undefined
        }
      />
      <EntrySheet entryId={openId} fields={fields} locale={locale} onClose={() => setOpenId(null)} />
    </div>
  );
};
