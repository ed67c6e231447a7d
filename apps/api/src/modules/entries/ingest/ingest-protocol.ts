import type { MappingRule } from '@tidewise/shared/entry-rules/index';
import type { CatalogueCategory } from '@tidewise/shared/field-catalogue/types';

// Messages between runIngestInWorker (parent) and ingest-worker (worker thread). The parent sends duplicate keys
// (`keys`, acknowledged) and then the file's row chunks in order (`chunk`, answered by one `result` each); it never
// has more than a few chunks unanswered, so the worker's memory stays bounded whatever the file's size.

export type IngestWorkerInput = {
  fileId: string;
  generation: number;
  category: CatalogueCategory;
  rules: MappingRule[];
  /** Issue rows the run may store in all; those already stored (resume) count. */
  issueCap: number;
  storedIssues: number;
  heapLimitMb: number;
};

/** What one chunk added to a run's counts. */
export type CountsDelta = {
  totalRows: number;
  emptyRows: number;
  validRows: number;
  invalidRows: number;
  errorCount: number;
  warningCount: number;
  dataPointErrors: number;
  dataPointWarnings: number;
  dataPointSuccesses: number;
  storedIssues: number;
};

export type ChunkResult = {
  id: number;
  /** Data rows of the chunk (empty ones included). */
  rows: number;
  /**
   * data_entries rows in COPY text (ENTRY_COPY_COLUMNS), UTF-8 bytes moved (not copied) from the worker: they never
   * enter the main thread's heap, and are freed as soon as they are written.
   */
  entries: Uint8Array;
  /** validation_issues rows in COPY text (ISSUE_COPY_COLUMNS), UTF-8. */
  issues: Uint8Array;
  counts: CountsDelta;
};

export const ENTRY_COPY_COLUMNS = [
  'generation',
  'row_index',
  'row_number',
  'entry_date',
  'is_valid',
  'values',
  'validation_errors',
  'dup_hash',
] as const;

export const ISSUE_COPY_COLUMNS = ['file_id', 'generation', 'row_number', 'field', 'code', 'type', 'message', 'value'] as const;

export type ParentMessage =
  /** Hashes of duplicate keys: of the organization's other stored entries, or of this run's entries already stored (resume). */
  | { type: 'keys'; id: number; scope: 'stored' | 'file'; hashes: Float64Array; rowNumbers?: Int32Array }
  | { type: 'chunk'; id: number; firstIndex: number; packed: string };

export type WorkerMessage = { type: 'ack'; id: number } | ({ type: 'result' } & ChunkResult) | { type: 'error'; message: string };

export const emptyCounts = (): CountsDelta => ({
  totalRows: 0,
  emptyRows: 0,
  validRows: 0,
  invalidRows: 0,
  errorCount: 0,
  warningCount: 0,
  dataPointErrors: 0,
  dataPointWarnings: 0,
  dataPointSuccesses: 0,
  storedIssues: 0,
});

export const addCounts = <T extends CountsDelta>(total: T, delta: CountsDelta): T => {
  for (const key of Object.keys(delta) as (keyof CountsDelta)[]) total[key] += delta[key];
  return total;
};
