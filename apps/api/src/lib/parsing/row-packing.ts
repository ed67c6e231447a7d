import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync } from 'node:zlib';
import type { CellValue } from './types.ts';

/** One stored row: its row number and its values. */
export type PackedRowPair = [rowNumber: number, values: CellValue[]];

const deflateRawAsync = promisify(deflateRaw);

/**
 * How a batch of rows is stored (file_row_chunks.rows): the JSON `[[rowNumber, [values...]], ...]` the reader's
 * worker made, raw-deflated at level 1 and written as base64 text. The deflating runs on libuv's thread pool, so
 * neither the event loop nor the reader's worker pays for it, and the embedded database then receives about a
 * sixth of the JSON's characters per chunk, which is what its main-thread cost grows with (base64 text, because a
 * bytea parameter is hex-encoded character by character on the way in).
 */
export const packRowsJson = async (json: string): Promise<string> => (await deflateRawAsync(json, { level: 1 })).toString('base64');

export const unpackRows = (packed: string): PackedRowPair[] =>
  JSON.parse(inflateRawSync(Buffer.from(packed, 'base64')).toString('utf8')) as PackedRowPair[];
