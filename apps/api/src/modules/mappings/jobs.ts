import type { AppServices } from '../../context.ts';

/** Suggests a catalogue field for each column of a processed file (analysis/analyze-columns.ts). */
export const ANALYZE_COLUMNS_JOB = 'mappings.analyzeColumns';

export type AnalyzeColumnsJob = {
  fileId: string;
  organizationId: string;
  /**
   * The file's parse_generation when the job was sent: a job of an older reading (another sheet was chosen
   * since) stops without writing.
   */
  generation: number;
};

declare module '../../lib/jobs/job-types.ts' {
  interface JobRegistry {
    [ANALYZE_COLUMNS_JOB]: AnalyzeColumnsJob;
  }
}

/**
 * Queues the column analysis of a file. Send after the transaction that made the file processed or changed its
 * category has committed. The key names the category, so a change of category queues a new analysis even while
 * one for the old category still waits.
 */
export const enqueueColumnAnalysis = (services: Pick<AppServices, 'jobs'>, job: AnalyzeColumnsJob, category: string | null) =>
  services.jobs.send(ANALYZE_COLUMNS_JOB, job, { singletonKey: `${job.fileId}:${job.generation}:${category ?? 'none'}` });
