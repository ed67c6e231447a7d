// Worker-thread entry of a validation run: turns the file's row chunks into data entries and issues in COPY text
// (ingest-protocol.ts). Started only by run-ingest-in-worker.ts (through ingest-worker-bootstrap.mjs from source).
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { buildEntry, compileEntryPlan, duplicateInFileIssue, duplicateOfStoredEntryIssue } from '@tidewise/shared/entry-rules/index';
import { unpackRowChunk } from '../row-chunks.ts';
import { COPY_NULL, copyJson, issueCopyLine } from './copy-text.ts';
import { hashDuplicateKey } from './entry-keys.ts';
import { KeyIndex } from './key-index.ts';
import { type ChunkResult, emptyCounts, type IngestWorkerInput, type ParentMessage, type WorkerMessage } from './ingest-protocol.ts';

const port = parentPort;
if (!port) throw new Error('ingest-worker must run in a worker thread');

const input = workerData as IngestWorkerInput;
const { plan } = compileEntryPlan(input.category, input.rules);
const generation = String(input.generation);
const fileId = input.fileId;

/** Keys of the organization's other stored entries of the category, and of this run's entries so far (with their first row). */
const storedKeys = new KeyIndex();
const fileKeys = new KeyIndex();
let storedIssues = input.storedIssues;

const send = (message: WorkerMessage) => port.postMessage(message);
const encoder = new TextEncoder();

const checkHeap = () => {
  if (getHeapStatistics().used_heap_size > input.heapLimitMb * 1024 * 1024) {
    throw new Error('Validating the file needed more memory than allowed.');
  }
};

const handleChunk = (id: number, firstIndex: number, packed: string): ChunkResult => {
  const pairs = unpackRowChunk(packed);
  const counts = emptyCounts();
  let entries = '';
  let issues = '';
  for (let i = 0; i < pairs.length; i++) {
    const [rowNumber, cells] = pairs[i] as [number, (string | number | boolean | null)[]];
    const built = buildEntry(plan, rowNumber, cells);
    counts.totalRows += 1;
    let rowIssues = built.issues;
    let hash: number | null = null;
    if (built.isEmpty) {
      counts.emptyRows += 1;
    } else if (built.duplicateKey !== null) {
      hash = hashDuplicateKey(built.duplicateKey);
      const first = fileKeys.get(hash);
      if (first !== undefined) rowIssues = [...rowIssues, duplicateInFileIssue(input.category, rowNumber, first)];
      else {
        fileKeys.add(hash, rowNumber);
        if (storedKeys.has(hash)) rowIssues = [...rowIssues, duplicateOfStoredEntryIssue(input.category, rowNumber)];
      }
    }
    for (const issue of rowIssues) {
      if (issue.type === 'error') counts.errorCount += 1;
      else counts.warningCount += 1;
      if (storedIssues < input.issueCap) {
        issues += issueCopyLine(fileId, input.generation, issue);
        storedIssues += 1;
        counts.storedIssues += 1;
      }
    }
    if (built.isEmpty) continue;
    if (built.isValid) counts.validRows += 1;
    else counts.invalidRows += 1;
    counts.dataPointErrors += built.dataPoints.errors;
    counts.dataPointWarnings += built.dataPoints.warnings;
    counts.dataPointSuccesses += built.dataPoints.successes;
    const errors =
      rowIssues.length === 0
        ? COPY_NULL
        : copyJson(
            rowIssues.map((issue) => ({
              code: issue.code,
              type: issue.type,
              field: issue.field,
              message: issue.message,
              value: issue.value,
            })),
          );
    entries += `${generation}\t${firstIndex + i}\t${rowNumber}\t${built.entryDate ?? COPY_NULL}\t${built.isValid ? 't' : 'f'}\t${copyJson(
      built.values,
    )}\t${errors}\t${hash === null ? COPY_NULL : hash}\n`;
  }
  checkHeap();
  // Fresh buffers of their own (never Buffer's shared pool): they are moved to the parent, not copied.
  return { id, rows: pairs.length, entries: encoder.encode(entries), issues: encoder.encode(issues), counts };
};

port.on('message', (message: ParentMessage) => {
  try {
    if (message.type === 'keys') {
      if (message.scope === 'stored') for (const hash of message.hashes) storedKeys.add(hash);
      else {
        message.hashes.forEach((hash, i) => {
          fileKeys.add(hash, message.rowNumbers?.[i] ?? 0);
        });
      }
      checkHeap();
      send({ type: 'ack', id: message.id });
      return;
    }
    const result = handleChunk(message.id, message.firstIndex, message.packed);
    port.postMessage({ type: 'result', ...result } satisfies WorkerMessage, [
      result.entries.buffer as ArrayBuffer,
      result.issues.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
