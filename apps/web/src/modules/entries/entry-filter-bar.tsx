import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import { useQuery } from 'urql';
import type { useFilterForm } from '../../lib/list-params.ts';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { ENTRY_CATEGORIES, type EntryFilterKey, type EntryFilters, VALIDITY_LABELS } from './entry-filters.ts';
import { fieldHeader, unitText } from './format-value.ts';
import {
  type EntryCategory,
  EntryFilterUploadQuery,
  EntryFilterUploadsQuery,
  type FieldDefinition,
  FieldsByCategoryQuery,
} from './graphql.ts';

const DECIMAL = /^-?\d{1,15}(\.\d{1,10})?$/;
const NUMERIC = new Set(['number', 'integer']);

/** Why a filter form cannot be applied: a bound that is not a number, or a reversed range. */
export const entryFilterError = (form: EntryFilters): string | null => {
  if (!form.field) return null;
  for (const [key, name] of [
    ['min', 'The minimum'],
    ['max', 'The maximum'],
  ] as const) {
    if (form[key] && !DECIMAL.test(form[key].trim())) return `${name} must be a number, such as 1200 or 3.5.`;
  }
  if (form.min && form.max && Number(form.min) > Number(form.max)) return 'The minimum is larger than the maximum.';
  return null;
};

type FilterForm = ReturnType<typeof useFilterForm<EntryFilterKey>>;

const UPLOAD_OPTIONS = { pagination: { page: 1, pageSize: 100 }, sort: { field: 'createdAt', direction: 'DESC' } } as const;

/** The batch of files a filter names: the 100 latest to choose from, and the named one when older. */
const UploadSelect = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => {
  const [{ data }] = useQuery({ query: EntryFilterUploadsQuery, variables: UPLOAD_OPTIONS });
  const options = data?.fileUploads.data ?? [];
  const missing = Boolean(value) && Boolean(data) && !options.some((o) => o.id === value);
  const [{ data: named }] = useQuery({ query: EntryFilterUploadQuery, variables: { id: value }, pause: !missing });
  return (
    <Select id="entries-upload" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All uploads</option>
      {value && !options.some((o) => o.id === value) ? (
        <option value={value}>{named?.fileUpload.name ?? 'The chosen upload'}</option>
      ) : null}
      {options.map((upload) => (
        <option key={upload.id} value={upload.id}>
          {upload.name}
        </option>
      ))}
    </Select>
  );
};

/** The value part of a field filter, by the field's data type: a range for numbers, one value otherwise. */
const FieldValueInputs = ({ field, form }: { field: FieldDefinition; form: FilterForm }) => {
  const invalid = Boolean(form.error) || undefined;
  const described = form.error ? 'entries-filter-error' : undefined;
  if (NUMERIC.has(field.dataType)) {
    const unit = field.canonicalUnit ? ` (${unitText(field.canonicalUnit)})` : '';
    return (
      <>
        <FormField id="entries-min" label={`At least${unit}`} className="flex min-w-0 flex-col gap-2 lg:col-span-1">
          <Input
            id="entries-min"
            inputMode="decimal"
            value={form.form.min}
            onChange={form.bind('min')}
            aria-invalid={invalid}
            aria-describedby={described}
          />
        </FormField>
        <FormField id="entries-max" label={`At most${unit}`} className="flex min-w-0 flex-col gap-2 lg:col-span-1">
          <Input
            id="entries-max"
            inputMode="decimal"
            value={form.form.max}
            onChange={form.bind('max')}
            aria-invalid={invalid}
            aria-describedby={described}
          />
        </FormField>
      </>
    );
  }
  const control =
    field.dataType === 'enum' ? (
      <Select id="entries-eq" value={form.form.eq} onChange={form.bind('eq')}>
        <option value="">Any value</option>
        {field.allowedValues.map((a) => (
          <option key={a.value} value={a.value}>
            {a.label}
          </option>
        ))}
      </Select>
    ) : field.dataType === 'boolean' ? (
      <Select id="entries-eq" value={form.form.eq} onChange={form.bind('eq')}>
        <option value="">Any value</option>
        <option value="true">Yes</option>
        <option value="false">No</option>
      </Select>
    ) : (
      <Input id="entries-eq" type={field.dataType === 'date' ? 'date' : 'text'} value={form.form.eq} onChange={form.bind('eq')} />
    );
  return (
    <FormField id="entries-eq" label="Equals" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
      {control}
    </FormField>
  );
};

/**
 * The entries' filter form: text search, category, validity, upload, and one field's value (a field
 * of the chosen category, equal to a value or between bounds for numbers). Applied on submit.
 */
export const EntryFilterBar = ({ form }: { form: FilterForm }) => {
  const category = form.form.category as EntryCategory | '';
  const [{ data }] = useQuery({ query: FieldsByCategoryQuery, variables: { category: category || 'unknown' }, pause: !category });
  const fields = category ? (data?.fieldsByCategory ?? []) : [];
  const field = fields.find((f) => f.key === form.form.field);
  const setCategory = (category: string) => {
    form.setValue('category', category);
    for (const key of ['field', 'eq', 'min', 'max'] as const) form.setValue(key, '');
  };
  const setField = (key: string) => {
    form.setValue('field', key);
    for (const bound of ['eq', 'min', 'max'] as const) form.setValue(bound, '');
  };
  return (
    <FilterBar label="Filter the data entries" onApply={form.apply} onReset={form.reset} error={form.error} errorId="entries-filter-error">
      <FormField id="entries-search" label="Search" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
        <Input
          id="entries-search"
          type="search"
          placeholder="Text values or file name"
          value={form.form.search}
          onChange={form.bind('search')}
        />
      </FormField>
      <FormField id="entries-category" label="Category" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
        <Select id="entries-category" value={form.form.category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">All categories</option>
          {ENTRY_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {FILE_CATEGORY_LABELS[c]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="entries-validity" label="Validity" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
        <Select id="entries-validity" value={form.form.validity} onChange={form.bind('validity')}>
          <option value="">All entries</option>
          {Object.entries(VALIDITY_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="entries-upload" label="Upload" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
        <UploadSelect value={form.form.upload} onChange={(value) => form.setValue('upload', value)} />
      </FormField>
      <FormField
        id="entries-field"
        label="Field"
        hint={form.form.category ? undefined : 'Choose a category to filter on a field.'}
        className="flex min-w-0 flex-col gap-2 lg:col-span-2"
      >
        <Select
          id="entries-field"
          value={form.form.field}
          onChange={(e) => setField(e.target.value)}
          disabled={!form.form.category || fields.length === 0}
          aria-describedby={form.form.category ? undefined : 'entries-field-hint'}
        >
          <option value="">Any field</option>
          {fields.map((f) => (
            <option key={f.key} value={f.key}>
              {fieldHeader(f)}
            </option>
          ))}
        </Select>
      </FormField>
      {field ? <FieldValueInputs field={field} form={form} /> : null}
    </FilterBar>
  );
};
