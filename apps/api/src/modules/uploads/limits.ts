import type { Env } from '../../env.ts';
import type { ParseLimits } from '../../lib/parsing/types.ts';

/** The file reader's limits from configuration (UPLOAD_MAX_ROWS and the others; README, Configuration). */
export const parseLimitsOf = (
  env: Pick<
    Env,
    'UPLOAD_MAX_ROWS' | 'UPLOAD_MAX_COLUMNS' | 'UPLOAD_MAX_CELL_LENGTH' | 'UPLOAD_MAX_UNCOMPRESSED_BYTES' | 'UPLOAD_MAX_COMPRESSION_RATIO'
  >,
): ParseLimits => ({
  maxRows: env.UPLOAD_MAX_ROWS,
  maxColumns: env.UPLOAD_MAX_COLUMNS,
  maxCellLength: env.UPLOAD_MAX_CELL_LENGTH,
  maxUncompressedBytes: env.UPLOAD_MAX_UNCOMPRESSED_BYTES,
  maxCompressionRatio: env.UPLOAD_MAX_COMPRESSION_RATIO,
});
