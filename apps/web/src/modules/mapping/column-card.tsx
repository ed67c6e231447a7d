import { ArrowRight, Check, Sparkles, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent } from '../../ui/card.tsx';
import { Label } from '../../ui/label.tsx';
import { Select } from '../../ui/select.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ConfidenceBadge } from './confidence-badge.tsx';
import { FieldPicker } from './field-picker.tsx';
import { formatPercent, sampleTexts, unitText } from './format.ts';
import type { ColumnAnalysis, FieldDefinition, FileMapping, TransformationInput } from './graphql.ts';
import {
  COLUMN_STATE_LABELS,
  type ColumnState,
  columnState,
  DATE_FORMATS,
  initialUnit,
  replaceTransformation,
  transformationOf,
  valueMappingOf,
  valuesToMap,
} from './mapping-logic.ts';
import { UnitForm } from './unit-form.tsx';
import { ValueMappingForm } from './value-mapping-form.tsx';

const STATE_VARIANT: Record<ColumnState, 'success' | 'secondary' | 'outline' | 'destructive' | 'default'> = {
  accepted: 'success',
  manual: 'success',
  learned: 'success',
  rejected: 'outline',
  suggested: 'secondary',
  unmapped: 'outline',
};

const DATA_TYPE_WORDS: Record<ColumnAnalysis['dataType'], string> = {
  string: 'Text',
  number: 'Numbers',
  integer: 'Whole numbers',
  date: 'Dates',
  boolean: 'Yes / no',
  empty: 'Empty',
};

/** What the screen does for a column; each answers the failure to show on the column, or null. */
export type ColumnActions = {
  accept: (column: ColumnAnalysis) => Promise<string | null>;
  reject: (column: ColumnAnalysis) => Promise<string | null>;
  map: (column: ColumnAnalysis, fieldKey: string, transformations?: TransformationInput[]) => Promise<string | null>;
  unmap: (column: ColumnAnalysis, mapping: FileMapping) => Promise<string | null>;
};

/**
 * One source column: its name and a few values, the suggested field with how sure it is and why, the
 * other candidates, Accept / Reject, a field picker, where it stands now, and for a mapped field the
 * unit, the values or the date format it needs.
 */
export const ColumnCard = ({
  column,
  mapping,
  fields,
  takenBy,
  invalidValues,
  editable,
  actions,
}: {
  column: ColumnAnalysis;
  mapping: FileMapping | null;
  fields: readonly FieldDefinition[];
  takenBy: ReadonlyMap<string, string>;
  /** Texts of this column the preview could not read as its field. */
  invalidValues: readonly string[];
  editable: boolean;
  actions: ColumnActions;
}) => {
  const headingId = useId();
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const state = columnState(column, mapping);
  const name = column.sourceColumn || `Column ${column.sourceIndex + 1}`;
  const samples = sampleTexts(column.sampleValues);
  const field = mapping ? (fields.find((f) => f.key === mapping.targetField) ?? null) : null;
  const suggestionTaken = mapping?.targetField === column.suggestedTargetField && mapping !== null;

  const run = async (key: string, action: () => Promise<string | null>) => {
    setPending(key);
    setFailure(null);
    const answer = await action();
    setPending(null);
    setFailure(answer);
    return answer;
  };

  const saveTransformation = (type: TransformationInput['type'], replacement: TransformationInput | null) =>
    mapping
      ? actions.map(column, mapping.targetField, replaceTransformation(mapping.transformations, type, replacement))
      : Promise.resolve('Map the column to a field first.');

  return (
    <li>
      <Card aria-labelledby={headingId} role="group">
        <CardContent className="grid gap-5 pt-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="flex min-w-0 flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={headingId} className="break-words text-base font-semibold">
                {name}
              </h3>
              <StatusBadge variant={STATE_VARIANT[state]}>{COLUMN_STATE_LABELS[state]}</StatusBadge>
            </div>
            <p className="text-xs text-muted-foreground">
              Column {column.sourceIndex + 1} · {DATA_TYPE_WORDS[column.dataType]}
              {column.detectedUnit ? ` · unit read: ${unitText(column.detectedUnit)}` : ''}
            </p>
            {samples.length > 0 ? (
              <ul aria-label={`Sample values of ${name}`} className="flex flex-wrap gap-1.5">
                {samples.map((sample) => (
                  <li key={sample} className="max-w-full truncate rounded-md bg-muted px-2 py-0.5 font-mono text-xs" title={sample}>
                    {sample}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No values in the first rows.</p>
            )}
          </div>

          <div className="flex min-w-0 flex-col gap-4">
            {mapping ? (
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />
                Mapped to <span className="font-semibold">{mapping.targetLabel}</span>
                {field ? <RequirementTag requirement={field.requirement} /> : null}
              </p>
            ) : null}

            {column.suggestedTargetField ? (
              <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <Sparkles className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  Suggested: <span className="font-semibold">{column.suggestedTargetLabel ?? column.suggestedTargetField}</span>
                  <ConfidenceBadge confidence={column.confidence} />
                </p>
                {column.reasoning ? <p className="text-muted-foreground">{column.reasoning}</p> : null}
                {editable && (!suggestionTaken || !column.isRejected) ? (
                  <div className="flex flex-wrap gap-2">
                    {!suggestionTaken ? (
                      <Button
                        size="sm"
                        aria-label={`Accept ${column.suggestedTargetLabel ?? column.suggestedTargetField} for ${name}`}
                        onClick={() => run('accept', () => actions.accept(column))}
                        disabled={pending !== null}
                      >
                        {pending === 'accept' ? <Spinner className="text-current" label="Accepting" /> : <Check aria-hidden="true" />}
                        Accept
                      </Button>
                    ) : null}
                    {!column.isRejected ? (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Reject the suggestion for ${name}`}
                        onClick={() => run('reject', () => actions.reject(column))}
                        disabled={pending !== null}
                      >
                        {pending === 'reject' ? <Spinner className="text-current" label="Rejecting" /> : <X aria-hidden="true" />}
                        Reject
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </div>
            ) : !mapping ? (
              <p className="text-sm text-muted-foreground">{column.reasoning || 'No field seems to fit this column.'}</p>
            ) : null}

            {column.alternativeSuggestions.length > 0 ? (
              <div className="flex flex-col gap-2">
                <p className="text-sm font-medium">Other possibilities</p>
                <ul className="flex flex-wrap gap-2">
                  {column.alternativeSuggestions.map((alt) => (
                    <li key={alt.targetField}>
                      <Button
                        variant="outline"
                        size="sm"
                        title={alt.reasoning}
                        aria-pressed={mapping?.targetField === alt.targetField}
                        disabled={!editable || pending !== null || mapping?.targetField === alt.targetField}
                        onClick={() => run(`alt-${alt.targetField}`, () => actions.map(column, alt.targetField))}
                      >
                        {pending === `alt-${alt.targetField}` ? <Spinner className="text-current" label="Mapping" /> : null}
                        {alt.label}
                        <span className="font-normal text-muted-foreground">{formatPercent(alt.confidence)}</span>
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            {editable ? (
              <div className="flex flex-wrap items-center gap-2">
                <FieldPicker
                  columnName={name}
                  fields={fields}
                  current={mapping?.targetField ?? null}
                  takenBy={takenBy}
                  disabled={pending !== null}
                  onChoose={(key) =>
                    run('pick', () => (key ? actions.map(column, key) : mapping ? actions.unmap(column, mapping) : Promise.resolve(null)))
                  }
                />
                {mapping ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Not mapped: remove the mapping of ${name}`}
                    onClick={() => run('unmap', () => actions.unmap(column, mapping))}
                    disabled={pending !== null}
                  >
                    {pending === 'unmap' ? <Spinner className="text-current" label="Removing" /> : null}
                    Not mapped
                  </Button>
                ) : null}
              </div>
            ) : null}

            <ServerAlert message={failure} />

            {mapping && field ? (
              <FieldSettings
                key={`${column.id}-${field.key}`}
                column={column}
                columnName={name}
                mapping={mapping}
                field={field}
                invalidValues={invalidValues}
                editable={editable}
                save={saveTransformation}
              />
            ) : null}
          </div>
        </CardContent>
      </Card>
    </li>
  );
};

const RequirementTag = ({ requirement }: { requirement: FieldDefinition['requirement'] }) => (
  <span className="rounded-full border border-border px-2 py-0.5 text-xs text-muted-foreground">
    {requirement === 'required' ? 'Required' : requirement === 'recommended' ? 'Recommended' : 'Optional'}
  </span>
);

/** The settings a mapped field needs: its unit, what unknown texts mean, or how dates are written. */
const FieldSettings = ({
  column,
  columnName,
  mapping,
  field,
  invalidValues,
  editable,
  save,
}: {
  column: ColumnAnalysis;
  columnName: string;
  mapping: FileMapping;
  field: FieldDefinition;
  invalidValues: readonly string[];
  editable: boolean;
  save: (type: TransformationInput['type'], replacement: TransformationInput | null) => Promise<string | null>;
}) => {
  const numeric = field.dataType === 'number' || field.dataType === 'integer';
  const savedValues = valueMappingOf(mapping);
  const sources =
    field.dataType === 'enum' ? valuesToMap(field, [...sampleTexts(column.sampleValues, 50), ...invalidValues], savedValues) : [];
  const parts: ReactNode[] = [];
  if (numeric && field.acceptedUnits.length > 0) {
    const saved = transformationOf(mapping, 'unit_conversion');
    parts.push(
      <UnitForm
        key="unit"
        field={field}
        columnName={columnName}
        initialUnit={initialUnit(field, mapping, column.detectedUnit)}
        initialDensity={saved?.density ?? null}
        disabled={!editable}
        onSave={(t) => save('unit_conversion', t)}
      />,
    );
  }
  if (sources.length > 0 && field.allowedValues.length > 0) {
    parts.push(
      <ValueMappingForm
        key="values"
        field={field}
        columnName={columnName}
        sources={sources}
        saved={savedValues}
        disabled={!editable}
        onSave={(t) => save('value_mapping', t)}
      />,
    );
  }
  if (field.dataType === 'date') {
    parts.push(<DateFormatSelect key="date" columnName={columnName} mapping={mapping} disabled={!editable} save={save} />);
  }
  if (parts.length === 0) return null;
  return <div className="flex flex-col gap-4 border-t border-border pt-4">{parts}</div>;
};

/** How the column writes its dates; saved as soon as it is chosen. */
const DateFormatSelect = ({
  columnName,
  mapping,
  disabled,
  save,
}: {
  columnName: string;
  mapping: FileMapping;
  disabled: boolean;
  save: (type: TransformationInput['type'], replacement: TransformationInput | null) => Promise<string | null>;
}) => {
  const id = useId();
  const current = transformationOf(mapping, 'date_format')?.dateFormat ?? '';
  const [value, setValue] = useState(current);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const change = async (next: string) => {
    setValue(next);
    setPending(true);
    setFailure(null);
    setSaved(false);
    const answer = await save('date_format', next ? { type: 'date_format', dateFormat: next } : null);
    setPending(false);
    setFailure(answer);
    setSaved(!answer);
    if (answer) setValue(current);
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-format`}>How the dates of “{columnName}” are written</Label>
      <div className="flex flex-wrap items-center gap-3">
        <Select
          id={`${id}-format`}
          className="sm:w-72"
          value={value}
          onChange={(e) => change(e.target.value)}
          disabled={disabled || pending}
        >
          <option value="">Recognise automatically</option>
          {DATE_FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </Select>
        {pending ? <Spinner label="Saving the date format" /> : null}
        {saved ? (
          <span role="status" className="text-sm text-success">
            Date format saved.
          </span>
        ) : null}
      </div>
      <ServerAlert message={failure} />
    </div>
  );
};
