import { FILE_CATEGORY_LABELS, type FileCategory } from '@tidewise/shared/uploads';
import { ChevronLeft, ClipboardCheck, Columns3, FileSearch, ListTodo } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { ColumnActions } from './column-card.tsx';
import { ColumnList } from './column-list.tsx';
import { countOf, isNotFound, listWords } from './format.ts';
import {
  AcceptColumnSuggestionMutation,
  ApplyFileMappingsMutation,
  type ColumnAnalysis,
  CreateFileMappingMutation,
  DeleteFileMappingMutation,
  FieldsByCategoryQuery,
  type FileMapping,
  type MappingFile,
  MappingPreviewQuery,
  MappingScreenQuery,
  RejectColumnSuggestionMutation,
} from './graphql.ts';
import { requiredCoverage } from './mapping-logic.ts';
import { MappingPreviewPanel, PREVIEW_ROWS } from './mapping-preview.tsx';
import { MissingFile } from './missing-file.tsx';

const filePath = (fileUploadId: string, fileId: string) => `/app/uploads/${fileUploadId}/files/${fileId}`;

/**
 * The mapping screen: one line per column of a read file with the field suggested for it, how sure
 * and why, the other candidates and a picker to map by hand; units, values and date formats a field
 * needs; a preview of the first rows through the mappings; then validation, which creates the entries.
 */
export const MappingPage = () => {
  const { fileUploadId = '', fileId = '' } = useParams();
  const [result, refetch] = useQuery({ query: MappingScreenQuery, variables: { fileId, fileUploadId } });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const file = result.data?.file;
  usePageMeta({ title: file ? `Map columns · ${file.originalName}` : 'Map columns', description: 'Map the columns of a file to fields.' });
  const columns = result.data?.columnAnalyses;
  const mappings = result.data?.fileMappings;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <Link
        to={filePath(fileUploadId, fileId)}
        className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        {file ? `Back to ${file.originalName}` : 'Back to the file'}
      </Link>
      {file && columns && mappings ? (
        <MappingView fileUploadId={fileUploadId} file={file} columns={columns} mappings={mappings} refresh={refresh} />
      ) : isNotFound(result.error) ? (
        <MissingFile title="This file does not exist" description="It may have been deleted with its upload, or the link is wrong." />
      ) : result.error ? (
        <>
          <PageHeader title="Map columns" />
          <QueryError title="The columns could not be loaded" error={result.error} onRetry={refresh} />
        </>
      ) : (
        <CardsLoading label="Loading the columns" cards={3} />
      )}
    </div>
  );
};

/** The category the columns were analysed for: the confirmed one, else the suggested one. */
const categoryOf = (file: MappingFile, columns: readonly ColumnAnalysis[]): FileCategory =>
  columns[0]?.category ?? file.fileMetadata?.category ?? file.fileMetadata?.categoryAnalysis?.suggestedCategory ?? 'unknown';

const MappingView = ({
  fileUploadId,
  file,
  columns: unordered,
  mappings,
  refresh,
}: {
  fileUploadId: string;
  file: MappingFile;
  columns: readonly ColumnAnalysis[];
  mappings: readonly FileMapping[];
  refresh: () => void;
}) => {
  const navigate = useNavigate();
  const { can } = useViewer();
  const editable = can('uploads:update');
  const columns = useMemo(() => [...unordered].sort((a, b) => a.sourceIndex - b.sourceIndex), [unordered]);
  const category = categoryOf(file, columns);
  const confirmed = Boolean(file.fileMetadata?.category);
  const [fieldsResult, refetchFields] = useQuery({
    query: FieldsByCategoryQuery,
    variables: { category },
    pause: category === 'unknown',
  });
  const fields = fieldsResult.data?.fieldsByCategory;
  const [previewResult, refetchPreview] = useQuery({
    query: MappingPreviewQuery,
    variables: { fileId: file.id, rows: PREVIEW_ROWS },
    requestPolicy: 'cache-and-network',
    pause: file.status !== 'processed' || columns.length === 0,
  });
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [validateFailure, setValidateFailure] = useState<string | null>(null);
  const [, accept] = useMutation(AcceptColumnSuggestionMutation);
  const [, reject] = useMutation(RejectColumnSuggestionMutation);
  const [, createMapping] = useMutation(CreateFileMappingMutation);
  const [, deleteMapping] = useMutation(DeleteFileMappingMutation);
  const [{ fetching: validating }, apply] = useMutation(ApplyFileMappingsMutation);

  /** After every change: the columns, the mappings and the preview again. */
  const changed = (sentence: string | null) => {
    refresh();
    refetchPreview({ requestPolicy: 'network-only' });
    if (sentence) setAnnouncement(sentence);
  };

  const labels = useMemo(() => new Map((fields ?? []).map((f) => [f.key, f.label])), [fields]);
  const valueLabels = useMemo(
    () => new Map((fields ?? []).map((f) => [f.key, new Map(f.allowedValues.map((a) => [a.value, a.label]))])),
    [fields],
  );
  const columnName = (c: ColumnAnalysis) => c.sourceColumn || `Column ${c.sourceIndex + 1}`;
  const takenBy = useMemo(() => {
    const names = new Map<string, string>();
    for (const m of mappings) if (m.isActive) names.set(m.targetField, m.sourceColumn || `Column ${m.sourceIndex + 1}`);
    return names;
  }, [mappings]);
  const invalidValues = useMemo(() => {
    const byField = new Map<string, string[]>();
    const add = (field: string | null | undefined, value: string | null | undefined) => {
      if (!field || !value) return;
      byField.set(field, [...(byField.get(field) ?? []), value]);
    };
    for (const row of previewResult.data?.mappingPreview.rows ?? []) {
      for (const v of row.values) if (!v.isValid) add(v.fieldName, v.stringValue);
      for (const issue of row.issues) add(issue.field, issue.value);
    }
    return byField;
  }, [previewResult.data]);

  const actions: ColumnActions = {
    accept: async (column) => {
      const failure = mutationFailure(await accept({ id: column.id }), (d) => d.acceptColumnSuggestion);
      if (!failure) changed(`“${columnName(column)}” mapped to ${column.suggestedTargetLabel ?? column.suggestedTargetField}.`);
      return failure;
    },
    reject: async (column) => {
      const failure = mutationFailure(await reject({ id: column.id }), (d) => d.rejectColumnSuggestion);
      if (!failure) changed(`Suggestion for “${columnName(column)}” rejected.`);
      return failure;
    },
    map: async (column, targetField, transformations) => {
      const input = { fileId: file.id, sourceColumn: column.sourceColumn, targetField, ...(transformations ? { transformations } : {}) };
      const failure = mutationFailure(await createMapping({ input }), (d) => d.createFileMapping);
      if (!failure) {
        const label = labels.get(targetField) ?? targetField;
        changed(transformations ? `Settings of ${label} saved.` : `“${columnName(column)}” mapped to ${label}.`);
      }
      return failure;
    },
    unmap: async (column, mapping) => {
      const failure = mutationFailure(await deleteMapping({ id: mapping.id }), (d) => d.deleteFileMapping);
      if (!failure) changed(`“${columnName(column)}” is no longer mapped.`);
      return failure;
    },
  };

  const validate = async () => {
    setValidateFailure(null);
    const failure = mutationFailure(await apply({ fileId: file.id }), (d) => d.applyFileMappings);
    if (failure) setValidateFailure(failure);
    else navigate(`${filePath(fileUploadId, file.id)}/validation`);
  };

  const hasValidation = file.validation.status !== 'not_started';
  const coverage = fields ? requiredCoverage(fields, mappings) : null;
  const activeCount = mappings.filter((m) => m.isActive).length;

  if (file.status !== 'processed') {
    return (
      <>
        <PageHeader title={file.originalName} description="Map its columns to fields." />
        <Card>
          <EmptyState
            icon={Columns3}
            title="Columns can be mapped once the file is read"
            description="The file screen shows how its reading goes."
            action={
              <Button asChild variant="outline">
                <Link to={filePath(fileUploadId, file.id)}>Go to the file</Link>
              </Button>
            }
          />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={file.originalName}
        description={`Map each column to a field of ${FILE_CATEGORY_LABELS[category]}, then validate to create the data entries.`}
        actions={
          hasValidation ? (
            <Button asChild variant="outline">
              <Link to={`${filePath(fileUploadId, file.id)}/validation`}>
                <ClipboardCheck aria-hidden="true" />
                Validation report
              </Link>
            </Button>
          ) : null
        }
      />

      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            <div className="flex flex-col gap-0.5">
              <dt className="text-muted-foreground">Category</dt>
              <dd className="flex flex-wrap items-baseline gap-x-2 font-medium">
                {FILE_CATEGORY_LABELS[category]}
                {confirmed ? null : <span className="font-normal text-muted-foreground">(suggested, not confirmed)</span>}
                <Link
                  to={filePath(fileUploadId, file.id)}
                  aria-label="Change the category"
                  className="font-normal text-primary underline underline-offset-4"
                >
                  Change
                </Link>
              </dd>
            </div>
            <div className="flex flex-col gap-0.5">
              <dt className="text-muted-foreground">Required fields mapped</dt>
              <dd className="font-medium">
                {coverage ? `${coverage.required.length - coverage.missing.length} of ${coverage.required.length}` : '—'}
              </dd>
            </div>
            <div className="flex flex-col gap-0.5">
              <dt className="text-muted-foreground">Columns mapped</dt>
              <dd className="font-medium">
                {activeCount} of {countOf(columns.length, 'column')}
              </dd>
            </div>
          </dl>
          {coverage && coverage.missing.length > 0 ? (
            <p className="flex items-start gap-2 text-sm">
              <ListTodo className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span>
                Still missing: <span className="font-medium">{listWords(coverage.missing.map((f) => f.label))}</span>.
              </span>
            </p>
          ) : coverage && coverage.required.length > 0 ? (
            <p className="text-sm text-success">Every required field is mapped.</p>
          ) : null}
        </CardContent>
      </Card>

      {category === 'unknown' ? (
        <Card>
          <EmptyState
            icon={FileSearch}
            title="Say what the file holds first"
            description="The fields a column can be mapped to depend on the file’s category."
            action={
              <Button asChild variant="outline">
                <Link to={`${filePath(fileUploadId, file.id)}`}>Choose the category</Link>
              </Button>
            }
          />
        </Card>
      ) : fieldsResult.error && !fields ? (
        <QueryError
          title="The fields of this category could not be loaded"
          error={fieldsResult.error}
          onRetry={() => refetchFields({ requestPolicy: 'network-only' })}
        />
      ) : !fields ? (
        <CardsLoading label="Loading the fields" cards={2} />
      ) : columns.length === 0 ? (
        <Card>
          <EmptyState icon={Columns3} title="No columns to map" description="No column was found under the file’s header row." />
        </Card>
      ) : (
        <ColumnList
          file={file}
          columns={columns}
          mappings={mappings}
          fields={fields}
          takenBy={takenBy}
          invalidValues={invalidValues}
          editable={editable}
          actions={actions}
          notice={notice}
          onBulkDone={(message) => {
            setNotice(message);
            if (message) changed(null);
          }}
        />
      )}

      {category !== 'unknown' && columns.length > 0 ? (
        <MappingPreviewPanel
          preview={previewResult.data?.mappingPreview}
          fetching={previewResult.fetching}
          error={previewResult.error}
          labels={labels}
          valueLabels={valueLabels}
          onRetry={() => refetchPreview({ requestPolicy: 'network-only' })}
        />
      ) : null}

      {editable && category !== 'unknown' && columns.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Validate and create entries</CardTitle>
            <CardDescription>
              Every row is checked with these mappings and stored as a data entry. You can change the mappings and validate again later.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {coverage && coverage.missing.length > 0 ? (
              <Alert className="border-amber-500/50 bg-amber-500/10">
                {coverage.missing.length === 1 ? 'A required field is' : `${coverage.missing.length} required fields are`} not mapped (
                {listWords(coverage.missing.map((f) => f.label))}). You can still validate: every row will be reported as invalid until{' '}
                {coverage.missing.length === 1 ? 'it is' : 'they are'} mapped.
              </Alert>
            ) : null}
            <ServerAlert message={validateFailure} />
            <Button className="self-start" onClick={validate} disabled={validating || activeCount === 0}>
              {validating ? <Spinner className="text-current" label="Starting the validation" /> : <ClipboardCheck aria-hidden="true" />}
              Validate and create entries
            </Button>
            {activeCount === 0 ? <p className="text-sm text-muted-foreground">Map at least one column first.</p> : null}
          </CardContent>
        </Card>
      ) : null}

      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </>
  );
};
