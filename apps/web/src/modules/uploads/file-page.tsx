import { STORED_FILE_STATUSES } from '@tidewise/shared/uploads';
import { ChevronLeft, ClipboardCheck, Columns3, Copy, Download, RotateCcw } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useClient, useMutation, useQuery, useSubscription } from 'urql';
import { errorMessage, mutationFailure } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { newerFile } from './batch-files.ts';
import { MissingRecord } from './missing-record.tsx';
import { CategoryCard } from './category-card.tsx';
import {
  cellText,
  delimiterName,
  FILE_STATUS_LABELS,
  FILE_STATUS_VARIANT,
  formatBytes,
  formatRows,
  isNotFound,
  wholePercent,
} from './format.ts';
import {
  DownloadUrlQuery,
  type FileDetail,
  FileDetailQuery,
  FileUpdatedSubscription,
  FileValidationStatusQuery,
  RetryFileProcessingMutation,
} from './graphql.ts';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { SampleRows } from './sample-rows.tsx';
import { SheetPicker } from './sheet-picker.tsx';

type DetectedColumn = NonNullable<FileDetail['fileMetadata']>['detectedColumns'][number];

const DATA_TYPE_LABELS: Record<DetectedColumn['dataType'], string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  date: 'Date',
  boolean: 'Yes / no',
  empty: 'Empty',
};

const newest = (previous: FileDetail | undefined, data: { fileUpdated: FileDetail }) =>
  newerFile(previous, data.fileUpdated) ?? data.fileUpdated;

/**
 * One file: its status and reading progress live (`fileUpdated`), what the reader found (format,
 * encoding and delimiter or sheet, header row, columns with their types and samples), its rows 50 at
 * a time, the sheet to read for a workbook, its category, and the original file to download.
 */
export const FilePage = () => {
  const { fileUploadId = '', fileId = '' } = useParams();
  const [result, refetch] = useQuery({ query: FileDetailQuery, variables: { id: fileId, fileUploadId } });
  const [{ data: live }] = useSubscription({ query: FileUpdatedSubscription, variables: { fileId } }, newest);
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const queried = result.data?.file;
  const file = queried ? (newerFile(queried, live) ?? queried) : undefined;
  const batch = result.data?.fileUpload;
  usePageMeta({ title: file?.originalName ?? 'File', description: 'What was read from an uploaded file.' });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <Link
        to={`/app/uploads/${fileUploadId}`}
        className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        {batch ? `Back to ${batch.name}` : 'Back to the upload'}
      </Link>
      {file ? (
        <FileView file={file} editable={batch?.status !== 'completed'} />
      ) : isNotFound(result.error) ? (
        <MissingRecord title="This file does not exist" description="It may have been deleted with its upload, or the link is wrong." />
      ) : result.error ? (
        <>
          <PageHeader title="File" />
          <QueryError title="This file could not be loaded" error={result.error} onRetry={refresh} />
        </>
      ) : (
        <CardsLoading label="Loading the file" cards={3} />
      )}
    </div>
  );
};

const FileView = ({ file, editable }: { file: FileDetail; editable: boolean }) => {
  const { can } = useViewer();
  const { formatDate, formatDateTime } = useDateFormat();
  const client = useClient();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [{ fetching: retrying }, retry] = useMutation(RetryFileProcessingMutation);
  const processed = file.status === 'processed';
  const [validationResult] = useQuery({
    query: FileValidationStatusQuery,
    variables: { fileId: file.id },
    requestPolicy: 'cache-and-network',
    pause: !processed,
  });
  const validated = processed && (validationResult.data?.fileValidation.status ?? 'not_started') !== 'not_started';
  const { fileUploadId = '' } = useParams();
  const filePath = `/app/uploads/${fileUploadId}/files/${file.id}`;
  const canUpdate = editable && can('uploads:update');
  const stored = (STORED_FILE_STATUSES as readonly string[]).includes(file.status) && !(file.status === 'failed' && !file.uploadedAt);
  const reading = file.status === 'queued' || file.status === 'processing' || file.status === 'uploaded';
  const details = file.readDetails;
  const metadata = file.fileMetadata;
  const sheets = details?.sheets ?? [];
  const currentSheet = file.selectedSheet ?? details?.sheet ?? null;

  const download = async () => {
    setDownloading(true);
    setFailure(null);
    const answer = await client.query(DownloadUrlQuery, { fileId: file.id }, { requestPolicy: 'network-only' }).toPromise();
    setDownloading(false);
    const url = answer.data?.downloadUrl.url;
    if (!url) {
      setFailure(errorMessage(answer.error));
      return;
    }
    // The server answers with an attachment: the browser saves it and this page stays.
    window.location.assign(url);
  };

  const retryReading = async () => {
    setFailure(mutationFailure(await retry({ fileId: file.id }), (d) => d.retryFileProcessing));
  };

  return (
    <>
      <PageHeader
        title={file.originalName}
        description={[
          formatBytes(file.size),
          file.fileType?.toUpperCase(),
          file.uploadedAt ? `uploaded ${formatDateTime(file.uploadedAt)}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            {processed ? (
              <Button asChild>
                <Link to={`${filePath}/mapping`}>
                  <Columns3 aria-hidden="true" />
                  Map columns
                </Link>
              </Button>
            ) : null}
            {validated ? (
              <Button asChild variant="outline">
                <Link to={`${filePath}/validation`}>
                  <ClipboardCheck aria-hidden="true" />
                  Validation report
                </Link>
              </Button>
            ) : null}
            {stored ? (
              <Button variant="outline" onClick={download} disabled={downloading}>
                {downloading ? <Spinner className="text-current" label="Preparing the download" /> : <Download aria-hidden="true" />}
                Download
              </Button>
            ) : null}
          </>
        }
      />
      <ServerAlert message={failure} />

      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge variant={FILE_STATUS_VARIANT[file.status]}>{FILE_STATUS_LABELS[file.status]}</StatusBadge>
            {reading ? (
              <span className="text-sm text-muted-foreground">
                {file.progress.rowsRead > 0 ? `${formatRows(file.progress.rowsRead)} read` : 'Waiting for its turn to be read'}
              </span>
            ) : null}
          </div>
          {reading || file.status === 'processed' ? (
            <ProgressBar
              label={`Reading of ${file.originalName}`}
              value={file.status === 'processed' ? 100 : file.progress.percent}
              valueText={`${file.status === 'processed' ? 100 : wholePercent(file.progress.percent)}%, ${formatRows(file.progress.rowsRead)} read`}
              indeterminate={file.status !== 'processing' && file.status !== 'processed'}
              tone={file.status === 'processed' ? 'success' : 'default'}
            />
          ) : null}
          {file.status === 'failed' && file.error ? (
            <ServerAlert
              title="This file could not be read"
              message={file.error.message}
              action={
                file.uploadedAt && canUpdate ? (
                  <Button variant="outline" size="sm" className="self-start" onClick={retryReading} disabled={retrying}>
                    <RotateCcw aria-hidden="true" />
                    Retry
                  </Button>
                ) : null
              }
            />
          ) : null}
          {file.duplicateOf ? (
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <Copy className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Same content as{' '}
                {file.duplicateOf.fileUploadId ? (
                  <Link
                    to={`/app/uploads/${file.duplicateOf.fileUploadId}/files/${file.duplicateOf.fileId}`}
                    className="font-medium text-foreground underline underline-offset-4"
                  >
                    {file.duplicateOf.originalName}
                  </Link>
                ) : (
                  <span className="font-medium text-foreground">{file.duplicateOf.originalName}</span>
                )}{' '}
                uploaded on {formatDate(file.duplicateOf.uploadedAt)}
              </span>
            </p>
          ) : null}
          <Summary file={file} currentSheet={currentSheet} />
        </CardContent>
      </Card>
      <div aria-live="polite" role="status" className="sr-only">
        {`${file.originalName}: ${FILE_STATUS_LABELS[file.status]}.`}
      </div>

      {details?.format === 'xlsx' && sheets.length > 1 ? (
        <SheetPicker
          key={currentSheet ?? ''}
          fileId={file.id}
          sheets={sheets}
          current={currentSheet}
          editable={canUpdate}
          reading={reading}
        />
      ) : null}

      {metadata && file.status === 'processed' ? <CategoryCard file={file} editable={canUpdate} /> : null}

      <Card>
        <CardHeader>
          <CardTitle>Columns</CardTitle>
          <CardDescription>The columns found under the header row, the type of their values, and a few of them.</CardDescription>
        </CardHeader>
        <CardContent>
          {metadata && metadata.detectedColumns.length > 0 ? (
            <ColumnsTable columns={metadata.detectedColumns} fileName={file.originalName} />
          ) : (
            <EmptyState
              icon={Columns3}
              title={reading ? 'Columns appear once the file is read' : 'No columns found'}
              description={reading ? 'This page updates by itself.' : file.status === 'failed' ? 'The file could not be read.' : undefined}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Rows</CardTitle>
          <CardDescription>The data rows as read, numbered as in the spreadsheet.</CardDescription>
        </CardHeader>
        <CardContent>
          {file.status === 'processed' ? (
            <SampleRows key={`${file.processedAt ?? ''}|${currentSheet ?? ''}`} fileId={file.id} fileName={file.originalName} />
          ) : (
            <EmptyState
              title={reading ? 'Rows appear once the file is read' : 'No rows to show'}
              description={reading ? 'This page updates by itself.' : undefined}
            />
          )}
        </CardContent>
      </Card>
    </>
  );
};

const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="flex flex-col gap-0.5">
    <dt className="text-muted-foreground">{term}</dt>
    <dd className="break-words font-medium">{children}</dd>
  </div>
);

const Summary = ({ file, currentSheet }: { file: FileDetail; currentSheet: string | null }) => {
  const details = file.readDetails;
  const rows = file.fileMetadata?.totalRows ?? (file.status === 'processing' ? file.progress.rowsRead : null);
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
      <Fact term="Type">{(file.fileType ?? details?.format ?? '—').toUpperCase()}</Fact>
      <Fact term="Size">{formatBytes(file.size)}</Fact>
      <Fact term="Rows">{rows === null ? '—' : formatRows(rows)}</Fact>
      {details?.format === 'xlsx' ? (
        <Fact term="Sheet">{currentSheet ?? '—'}</Fact>
      ) : (
        <>
          <Fact term="Encoding">{details?.encoding ?? '—'}</Fact>
          <Fact term="Delimiter">{delimiterName(details?.delimiter) ?? '—'}</Fact>
        </>
      )}
      <Fact term="Header row">{details?.headerRowNumber ? `Row ${details.headerRowNumber}` : '—'}</Fact>
    </dl>
  );
};

const ColumnsTable = ({ columns, fileName }: { columns: readonly DetectedColumn[]; fileName: string }) => {
  const definitions: Column<DetectedColumn>[] = [
    { id: 'name', header: 'Column', cell: (c) => <span className="font-medium">{c.name || `Column ${c.index + 1}`}</span> },
    { id: 'type', header: 'Data type', cell: (c) => DATA_TYPE_LABELS[c.dataType] ?? c.dataType },
    {
      id: 'samples',
      header: 'Sample values',
      cell: (c) => {
        const samples = c.sampleValues.map(cellText).filter((s) => s !== '');
        return samples.length > 0 ? (
          <span className="text-muted-foreground">{samples.join(' · ')}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        );
      },
    },
  ];
  return <DataTable caption={`Columns of ${fileName}`} columns={definitions} rows={columns} getRowId={(c) => String(c.index)} />;
};
