import { useCallback, useEffect, useRef, useState } from 'react';
import type { Stage } from './batch-files.ts';

/** Stages worth saying out loud: the start of each step and how it ended, not every percent. */
const ANNOUNCED: ReadonlySet<Stage> = new Set<Stage>([
  'uploading',
  'upload-failed',
  'upload-cancelled',
  'queued',
  'processing',
  'processed',
  'failed',
  'cancelled',
]);

type Line = { key: string; name: string; stage: Stage; error: string | null };

/**
 * What changed since the previous lines, as sentences for a polite live region ("fuel.csv: Processed.").
 * The first lines seen are the starting point and are not announced; a failure carries its reason.
 */
export const stageChanges = (previous: ReadonlyMap<string, Stage> | null, lines: readonly Line[], label: (stage: Stage) => string) => {
  if (!previous) return [];
  return lines.flatMap((line) => {
    if (previous.get(line.key) === line.stage || !ANNOUNCED.has(line.stage)) return [];
    const reason = (line.stage === 'failed' || line.stage === 'upload-failed') && line.error ? ` ${line.error}` : '';
    return [`${line.name}: ${label(line.stage)}.${reason}`];
  });
};

/** Sentences the live log keeps; older ones are dropped (screen readers read only what is added). */
const KEPT = 20;

export type Announcement = { id: number; text: string };

let nextId = 0;

/**
 * The live log's sentences, newest last: the lines' stage changes, and whatever else the screen
 * `announce`s (files refused before sending).
 */
export const useStageAnnouncements = (lines: readonly Line[], label: (stage: Stage) => string) => {
  const previous = useRef<Map<string, Stage> | null>(null);
  const [messages, setMessages] = useState<readonly Announcement[]>([]);
  const announce = useCallback((texts: readonly string[]) => {
    if (texts.length === 0) return;
    setMessages((current) =>
      [
        ...current,
        ...texts.map((text) => {
          nextId += 1;
          return { id: nextId, text };
        }),
      ].slice(-KEPT),
    );
  }, []);
  const signature = lines.map((l) => `${l.key}:${l.stage}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the lines' stages
  useEffect(() => {
    const changes = stageChanges(previous.current, lines, label);
    previous.current = new Map(lines.map((l) => [l.key, l.stage]));
    announce(changes);
  }, [signature]);
  return { messages, announce };
};
