import { ChevronLeft, ClipboardList, Columns3, Download, Table2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useSubscription } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { formatNumber, useDateFormat } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { countOf, isNotFound, listWords } from './format.ts';
import {
  ExportValidationIssuesMutation,
  FieldsByCategoryQuery,
  type FileValidation,
  FileValidationUpdatedSubscription,
  type ReportFile,
  ValidationReportQuery,
  type ValidationStatus,
} from './graphql.ts';
import { IssuesTable } from './issues-table.tsx';
import { MissingFile } from './missing-file.tsx';

export const VALIDATION_STATUS_LABELS: Record<ValidationStatus, string> = {
  not_started: 'Not validated yet',
  queued: 'Waiting to be validated',
  validating: 'Validating',
  validated: 'Validated',
  failed: 'Validation failed',
};

const STATUS_VARIANT: Record<ValidationStatus, 'success' | 'secondary' | 'destructive' | 'outline'> = {
  not_started: 'outline',
  queued: 'secondary',
  validating: 'secondary',
  validated: 'success',
  failed: 'destructive',
};

type Live = { id: string; updatedAt: string; validation: FileValidation };

const latest = (_previous: Live | undefined, data: { fileUpdated: Live }) => data.fileUpdated;

/** The validation of the queried file, or the live report when that is newer. */
const currentValidation = (file: ReportFile, live: Live | undefined) =>
  live && live.id === file.id && Date.parse(live.updatedAt) >= Date.parse(file.updatedAt) ? live.validation : file.validation;

/**
 * The validation report of one file: progress live while it runs (`fileUpdated`), then the totals,
 * the issues a page at a time with filters, each row openable, the issues as CSV, and the ways on:
 * back to the mappings or on to the entries.
 */
export const ValidationPage = () => {
  const { fileUploadId = '', fileId = '' } = useParams();
  const [result, refetch] = useQuery({ query: ValidationReportQuery, variables: { fileId, fileUploadId } });
  const [{ data: live }] = useSubscription({ query: FileValidationUpdatedSubscription, variables: { fileId } }, latest);
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const file = result.data?.file;
  usePageMeta({
    title: file ? `Validation report · ${file.originalName}` : 'Validation report',
    description: 'How the rows of a file passed validation.',
  });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <Link
        to={`/app/uploads/${fileUploadId}/files/${fileId}`}
        className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        {file ? `Back to ${file.originalName}` : 'Back to the file'}
      </Link>
      {file ? (
        <ReportView fileUploadId={fileUploadId} file={file} validation={currentValidation(file, live)} refresh={refresh} />
      ) : isNotFound(result.error) ? (
        <MissingFile title="This file does not exist" description="It may have been deleted with its upload, or the link is wrong." />
      ) : result.error ? (
        <>
          <PageHeader title="Validation report" />
          <QueryError title="The validation report could not be loaded" error={result.error} onRetry={refresh} />
        </>
      ) : (
        <CardsLoading label="Loading the validation report" cards={3} />
      )}
    </div>
  );
};

const ReportView = ({
  fileUploadId,
  file,
  validation,
  refresh,
}: {
  fileUploadId: string;
  file: ReportFile;
  validation: FileValidation;
  refresh: () => void;
}) => {
  const base = `/app/uploads/${fileUploadId}/files/${file.id}`;
  const { formatDateTime } = useDateFormat();
  const running = validation.status === 'queued' || validation.status === 'validating';
  const finished = validation.status === 'validated' || validation.status === 'failed';
  const [fieldsResult] = useQuery({
    query: FieldsByCategoryQuery,
    variables: { category: validation.category ?? 'unknown' },
    pause: !validation.category || validation.category === 'unknown',
  });
  const labels = useMemo(() => new Map((fieldsResult.data?.fieldsByCategory ?? []).map((f) => [f.key, f.label])), [fieldsResult.data]);
  const label = (key: string) => labels.get(key) ?? key;
  const codes = useMemo(
    () => [...new Set([...validation.errors, ...validation.warnings].map((i) => i.code))],
    [validation.errors, validation.warnings],
  );
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const [{ fetching: exporting }, exportIssues] = useMutation(ExportValidationIssuesMutation);

  // A run that ends while the page is open: the report's own query and the issues are read again.
  const status = useRef(validation.status);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (status.current === validation.status) return;
    status.current = validation.status;
    if (validation.status === 'validated' || validation.status === 'failed') refresh();
    setAnnouncement(
      validation.status === 'validated'
        ? `Validation finished: ${countOf(validation.validRows, 'valid row')}, ${countOf(validation.invalidRows, 'invalid row')}.`
        : `${file.originalName}: ${VALIDATION_STATUS_LABELS[validation.status]}.`,
    );
  }, [validation.status, validation.validRows, validation.invalidRows, file.originalName, refresh]);

  const download = async () => {
    setExportFailure(null);
    const answer = await exportIssues({ fileId: file.id });
    const failure = mutationFailure(answer, (d) => d.exportValidationIssues);
    const url = answer.data?.exportValidationIssues.url;
    if (failure || !url) {
      setExportFailure(failure);
      return;
    }
    // A link with `download`: the browser saves what it answers and this page stays, even on a failure.
    const link = document.createElement('a');
    link.href = url;
    link.download = answer.data?.exportValidationIssues.fileName ?? 'issues.csv';
    document.body.append(link);
    link.click();
    link.remove();
  };

  const issueCount = validation.errorCount + validation.warningCount;

  return (
    <>
      <PageHeader
        title="Validation report"
        description={file.originalName}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={`${base}/mapping`}>
                <Columns3 aria-hidden="true" />
                Change mappings
              </Link>
            </Button>
            {validation.status === 'validated' ? (
              <Button asChild>
                <Link to={`/app/data-entries?file=${encodeURIComponent(file.id)}`}>
                  <Table2 aria-hidden="true" />
                  See entries
                </Link>
              </Button>
            ) : null}
          </>
        }
      />

      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge variant={STATUS_VARIANT[validation.status]}>{VALIDATION_STATUS_LABELS[validation.status]}</StatusBadge>
            {validation.validatedAt && finished ? (
              <span className="text-sm text-muted-foreground">on {formatDateTime(validation.validatedAt)}</span>
            ) : validation.startedAt && running ? (
              <span className="text-sm text-muted-foreground">started {formatDateTime(validation.startedAt)}</span>
            ) : null}
          </div>
          {running ? (
            <>
              <ProgressBar
                label={`Validation of ${file.originalName}`}
                value={validation.percent}
                indeterminate={validation.status === 'queued'}
                valueText={`${validation.percent}%, ${countOf(validation.rowsValidated, 'row')} validated`}
              />
              <p className="text-sm text-muted-foreground">
                {validation.status === 'queued'
                  ? 'Waiting for its turn. This page updates by itself.'
                  : `${formatNumber(validation.rowsValidated)} of ${countOf(validation.totalRows, 'row')} validated (${validation.percent}%). This page updates by itself.`}
              </p>
            </>
          ) : null}
          {validation.status === 'failed' ? (
            <ServerAlert
              title="The validation could not finish"
              message={validation.failureReason ?? 'Something went wrong. Please try again.'}
              action={
                <Button asChild variant="outline" size="sm" className="self-start">
                  <Link to={`${base}/mapping`}>Back to the mappings</Link>
                </Button>
              }
            />
          ) : null}
          {validation.status === 'not_started' ? (
            <EmptyState
              icon={ClipboardList}
              title="Not validated yet"
              description="Map the columns, then validate to create the data entries."
              action={
                <Button asChild>
                  <Link to={`${base}/mapping`}>Map columns</Link>
                </Button>
              }
            />
          ) : null}
          {validation.status === 'validated' ? <Totals validation={validation} label={label} /> : null}
        </CardContent>
      </Card>

      {finished || (running && issueCount > 0) ? (
        <Card>
          <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex flex-col gap-1.5">
              <CardTitle>Issues</CardTitle>
              <CardDescription>
                {issueCount === 0
                  ? 'No row has a problem.'
                  : `${countOf(validation.errorCount, 'error')} and ${countOf(validation.warningCount, 'warning')}, by row.`}
              </CardDescription>
            </div>
            {issueCount > 0 ? (
              <Button variant="outline" onClick={download} disabled={exporting}>
                {exporting ? <Spinner className="text-current" label="Preparing the download" /> : <Download aria-hidden="true" />}
                Download issues (CSV)
              </Button>
            ) : null}
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ServerAlert message={exportFailure} />
            <IssuesTable
              fileId={file.id}
              fileName={file.originalName}
              labels={labels}
              codes={codes}
              headerRowNumber={file.readDetails?.headerRowNumber}
              revision={`${validation.status}|${validation.validatedAt ?? ''}`}
            />
          </CardContent>
        </Card>
      ) : null}

      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </>
  );
};

const Stat = ({ term, value, tone }: { term: string; value: ReactNode; tone?: 'good' | 'bad' | 'warn' }) => (
  <div className="flex flex-col gap-0.5 rounded-lg border border-border p-3">
    <dt className="text-sm text-muted-foreground">{term}</dt>
    <dd
      className={
        tone === 'bad'
          ? 'text-xl font-semibold text-destructive'
          : tone === 'good'
            ? 'text-xl font-semibold text-success'
            : 'text-xl font-semibold'
      }
    >
      {value}
    </dd>
  </div>
);

/** The figures of a finished validation: rows, issues, values, and the fields. */
const Totals = ({ validation: v, label }: { validation: FileValidation; label: (key: string) => string }) => (
  <div className="flex flex-col gap-4">
    <section aria-label="Rows" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Rows</h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat term="Total rows" value={formatNumber(v.totalRows)} />
        <Stat term="Valid rows" value={formatNumber(v.validRows)} tone={v.validRows > 0 ? 'good' : undefined} />
        <Stat term="Invalid rows" value={formatNumber(v.invalidRows)} tone={v.invalidRows > 0 ? 'bad' : undefined} />
        <Stat term="Empty rows" value={formatNumber(v.emptyRows)} />
      </dl>
    </section>
    <section aria-label="Issues and values" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Issues and values</h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat term="Errors" value={formatNumber(v.errorCount)} tone={v.errorCount > 0 ? 'bad' : undefined} />
        <Stat term="Warnings" value={formatNumber(v.warningCount)} />
        <Stat term="Values accepted" value={formatNumber(v.dataPointSuccesses)} tone={v.dataPointSuccesses > 0 ? 'good' : undefined} />
        <Stat term="Values with errors" value={formatNumber(v.dataPointErrors)} tone={v.dataPointErrors > 0 ? 'bad' : undefined} />
        <Stat term="Values with warnings" value={formatNumber(v.dataPointWarnings)} />
      </dl>
    </section>
    <section aria-label="Fields" className="flex flex-col gap-2 text-sm">
      <h3 className="font-semibold">Fields</h3>
      <p>
        {countOf(v.mappedFields.length, 'field')} mapped
        {v.requiredFields.length > 0
          ? `, including ${v.requiredFields.length - v.missingRequiredFields.length} of the ${countOf(v.requiredFields.length, 'required field')}`
          : ''}
        .
      </p>
      {v.missingRequiredFields.length > 0 ? (
        <p className="text-destructive">
          Required but not mapped: <span className="font-medium">{listWords(v.missingRequiredFields.map(label))}</span>.
        </p>
      ) : null}
    </section>
  </div>
);
