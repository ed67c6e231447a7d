/** Database helpers every module needs: driver-neutral error checks and safe SQL fragments. */
import { notFound } from './errors.ts';

/** True for a unique-constraint violation, whichever driver raised it (PGlite or node-postgres). */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** GraphQL ids arrive as any string; anything that is not a UUID cannot name a row. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * NOT_FOUND for the first id of a list that is not a UUID (an empty one included), before any query sees it:
 * the check every "many ids" operation makes.
 */
export const requireUuids = (ids: readonly string[], resource: string): void => {
  const invalid = ids.find((id) => !isUuid(id));
  if (invalid !== undefined) throw notFound(resource, invalid);
};

/** A `like`/`ilike` pattern that matches `search` anywhere, with the wildcard characters escaped. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
