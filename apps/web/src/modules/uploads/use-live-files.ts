import { useEffect, useMemo, useRef } from 'react';
import { useSubscription } from 'urql';
import { FilesUpdatedSubscription, type UploadedFile } from './graphql.ts';

/** A file as the live channel last reported it, and when (this page's clock) that report arrived. */
type LiveFile = { file: UploadedFile; arrivedAt: number };

const collect = (previous: Map<string, LiveFile> | undefined, data: { filesUpdated: UploadedFile }) => {
  const next = new Map(previous);
  const file = data.filesUpdated;
  const current = next.get(file.id);
  if (!current || Date.parse(file.updatedAt) >= Date.parse(current.file.updatedAt)) next.set(file.id, { file, arrivedAt: Date.now() });
  return next;
};

/**
 * Of the live reports, those still worth showing: a file the batch query knows, or one reported after
 * the query's answer arrived (a file the query has not caught up with). A file missing from a newer
 * answer was deleted, so its older reports are dropped.
 */
export const currentLiveFiles = (
  live: ReadonlyMap<string, LiveFile>,
  queried: readonly { id: string }[],
  queriedAt: number,
): Map<string, UploadedFile> => {
  const known = new Set(queried.map((f) => f.id));
  return new Map([...live].flatMap(([id, entry]) => (known.has(id) || entry.arrivedAt > queriedAt ? [[id, entry.file] as const] : [])));
};

/**
 * The batch's files as the `filesUpdated` subscription reports them (newest answer per file). When a
 * file's status moves past what the batch query last said, `onStatusChange` runs so the batch's own
 * status and counts are read again: live, without polling.
 */
export const useLiveFiles = (
  fileUploadId: string,
  queried: readonly UploadedFile[] | undefined,
  onStatusChange: () => void,
): ReadonlyMap<string, UploadedFile> => {
  const [{ data }] = useSubscription({ query: FilesUpdatedSubscription, variables: { fileUploadId } }, collect);
  // When the query's current answer arrived: each new answer is a new array.
  const answer = useRef<{ files: readonly UploadedFile[] | undefined; at: number }>({ files: undefined, at: 0 });
  if (answer.current.files !== queried) answer.current = { files: queried, at: Date.now() };
  const queriedAt = answer.current.at;
  const live = useMemo(() => currentLiveFiles(data ?? new Map(), queried ?? [], queriedAt), [data, queried, queriedAt]);

  const known = new Map((queried ?? []).map((f) => [f.id, f]));
  const behind = [...live.values()].some((file) => {
    const seen = known.get(file.id);
    return !seen || (seen.status !== file.status && Date.parse(file.updatedAt) > Date.parse(seen.updatedAt));
  });
  const signature = [...live.values()].map((f) => `${f.id}:${f.status}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new status (the signature) is what asks for the batch again
  useEffect(() => {
    if (queried && behind) onStatusChange();
  }, [signature, Boolean(queried)]);
  return live;
};
