import type { Column } from '../../ui/data-table.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { SupplierName } from './entry-filter-chips.tsx';
import { countOf, fieldHeader, shownValue, valuesSummary } from './format-value.ts';
import type { DataEntryRow, FieldDefinition } from './graphql.ts';

const NUMERIC = new Set(['number', 'integer']);

/** "2 errors, 1 warning", or an em dash for a clean row. */
export const issuesText = (entry: Pick<DataEntryRow, 'validationErrors'>, locale?: string) => {
  const errors = entry.validationErrors.filter((e) => e.type === 'error').length;
  const warnings = entry.validationErrors.length - errors;
  const parts = [
    errors ? countOf(errors, 'error', 'errors', locale) : '',
    warnings ? countOf(warnings, 'warning', 'warnings', locale) : '',
  ];
  return parts.filter(Boolean).join(', ');
};

const IssuesCell = ({ entry, locale }: { entry: DataEntryRow; locale?: string }) => {
  const text = issuesText(entry, locale);
  if (!text) return <span className="text-muted-foreground">None</span>;
  const first = entry.validationErrors.slice(0, 5);
  const more = entry.validationErrors.length - first.length;
  const hasErrors = entry.validationErrors.some((e) => e.type === 'error');
  return (
    <span
      className={hasErrors ? 'whitespace-nowrap text-destructive' : 'whitespace-nowrap'}
      title={[...first.map((e) => e.error), more > 0 ? `and ${more} more` : ''].filter(Boolean).join('\n')}
    >
      {text}
    </span>
  );
};

/**
 * The entries table's columns: where each came from (and whose it is, when suppliers' entries are on the page), its date and validity, then one column per
 * field of the chosen category (its unit in the header), or a compact list of values when entries
 * of several categories show together; last, its issues. The order is chosen above the table (one
 * control for every width, including the order of creation no column shows), not from the headers.
 */
export const entryColumns = ({
  fields,
  locale,
  formatDate,
  showSupplier = false,
}: {
  fields: readonly FieldDefinition[];
  locale?: string;
  formatDate: (value: string) => string;
  /** Entries of suppliers (seen through accepted requests) are on the page: say whose each is. */
  showSupplier?: boolean;
}): Column<DataEntryRow>[] => {
  const fieldColumns = fields.map(
    (field): Column<DataEntryRow> => ({
      id: `field:${field.key}`,
      header: fieldHeader(field),
      className: NUMERIC.has(field.dataType) ? 'text-right' : undefined,
      cell: (entry) => {
        const value = entry.values.find((v) => v.fieldName === field.key);
        const text = shownValue(value, entry.validationErrors, { locale, allowedValues: field.allowedValues });
        return (
          <span
            className={
              value && !value.isValid
                ? 'md:whitespace-nowrap [overflow-wrap:anywhere] text-destructive'
                : NUMERIC.has(field.dataType)
                  ? 'md:whitespace-nowrap [overflow-wrap:anywhere] tabular-nums'
                  : 'md:whitespace-nowrap [overflow-wrap:anywhere]'
            }
            title={value && !value.isValid ? (value.validationError ?? undefined) : undefined}
          >
            {text}
          </span>
        );
      },
    }),
  );
  const summary: Column<DataEntryRow> = {
    id: 'values',
    header: 'Values',
    cell: (entry) => {
      const lines = valuesSummary(entry.values, locale);
      return lines.length ? (
        <span className="line-clamp-2 min-w-64 text-xs [overflow-wrap:anywhere]">{lines.join(' · ')}</span>
      ) : (
        <span className="text-muted-foreground">No values</span>
      );
    },
  };
  return [
    {
      id: 'row',
      header: 'Source',
      card: 'title',
      cell: (entry) => <span className="block min-w-40 font-medium [overflow-wrap:anywhere]">{entry.sourceReference}</span>,
    },
    ...(showSupplier
      ? [
          {
            id: 'supplier',
            header: 'Supplier',
            cell: (entry: DataEntryRow) =>
              entry.supplierOrganizationId ? (
                <span className="block min-w-32">
                  <SupplierName id={entry.supplierOrganizationId} />
                </span>
              ) : (
                <span className="text-muted-foreground">Your organisation</span>
              ),
          },
        ]
      : []),
    {
      id: 'date',
      header: 'Entry date',
      cell: (entry) => <span className="whitespace-nowrap">{entry.entryDate ? formatDate(entry.entryDate) : '—'}</span>,
    },
    {
      id: 'valid',
      header: 'Validity',
      cell: (entry) => (
        <StatusBadge variant={entry.isValid ? 'success' : 'destructive'} className="whitespace-nowrap">
          {entry.isValid ? 'Valid' : 'Has errors'}
        </StatusBadge>
      ),
    },
    ...(fields.length ? fieldColumns : [summary]),
    { id: 'issues', header: 'Issues', cell: (entry) => <IssuesCell entry={entry} locale={locale} /> },
  ];
};
