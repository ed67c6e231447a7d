import type { IncomingMessage, ServerResponse } from 'node:http';
import { pactFootprints } from '@tidewise/db/schema/pact';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppServices, RequestMeta } from '../../../context.ts';
import { isUuid } from '../../../lib/db.ts';
import { FilterError, type FootprintPredicate, parseFootprintFilter } from './odata-filter.ts';
import { auditPact, describeClient, type PactClientRow } from './pact-auth.ts';
import { sendJson, sendPactError } from './pact-responses.ts';

/**
 * Action ListFootprints and Action GetFootprint over the organisation's published rows of pact_footprints; the
 * `document` column is served as stored. Paging is keyset (newest first: created, then id, descending) with an
 * opaque cursor in the `Link: <...>; rel="next"` URL; the filter runs in memory over batches read in that order
 * (see decision 0020: the filterable properties live inside the jsonb document, and an organisation publishes
 * hundreds of footprints, not millions).
 */

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;
const BATCH = 500;

type Cursor = { created: string; id: string };

/** Opaque to the client: base64url of the last row's position. */
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify([cursor.created, cursor.id])).toString('base64url');

const decodeCursor = (text: string): Cursor | null => {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [created, id] = value as unknown[];
    if (typeof created !== 'string' || Number.isNaN(Date.parse(created)) || typeof id !== 'string' || !isUuid(id)) return null;
    return { created, id };
  } catch {
    return null;
  }
};

/**
 * The absolute next-page URL: the host of the request's `host` header (the spec requires it), the scheme of
 * APP_URL (or x-forwarded-proto behind a trusted proxy).
 */
const nextPageUrl = (services: AppServices, req: IncomingMessage, url: URL, cursor: string) => {
  const app = new URL(services.env.APP_URL);
  const forwarded = services.env.TRUST_PROXY
    ? String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim()
    : '';
  const scheme = forwarded === 'http' || forwarded === 'https' ? `${forwarded}:` : app.protocol;
  const next = new URL(`${scheme}//${req.headers.host ?? app.host}/2/footprints`);
  for (const [name, value] of url.searchParams) if (name !== 'cursor') next.searchParams.append(name, value);
  next.searchParams.set('cursor', cursor);
  return next.toString();
};

/** Created as text to the microsecond, so the keyset comparison never loses precision through a JS Date. */
const createdText = sql<string>`to_char(${pactFootprints.created} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const listPactFootprints = async (
  services: AppServices,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  requestMeta: RequestMeta,
  client: PactClientRow,
) => {
  const limitText = url.searchParams.get('limit');
  let limit = DEFAULT_PAGE_LIMIT;
  if (limitText !== null) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1) {
      sendPactError(res, 'BadRequest', `limit must be a positive integer; got "${limitText.slice(0, 20)}".`);
      return;
    }
    // The host MAY return fewer than asked (spec, Pagination).
    limit = Math.min(Number(limitText), MAX_PAGE_LIMIT);
  }
  const filterText = url.searchParams.get('$filter');
  let predicate: FootprintPredicate | null = null;
  if (filterText?.trim()) {
    try {
      predicate = parseFootprintFilter(filterText);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      sendPactError(res, error.kind === 'syntax' ? 'BadRequest' : 'NotImplemented', `$filter: ${error.message}`);
      return;
    }
  }
  const cursorText = url.searchParams.get('cursor');
  let cursor: Cursor | null = null;
  if (cursorText !== null) {
    cursor = decodeCursor(cursorText);
    if (!cursor) {
      sendPactError(res, 'BadRequest', 'cursor is not one this host issued; follow the Link header of the previous page.');
      return;
    }
  }

  const page: Record<string, unknown>[] = [];
  let last: Cursor | null = null;
  let hasMore = false;
  let position = cursor;
  outer: for (;;) {
    const rows = await services.db
      .select({ id: pactFootprints.id, created: createdText, document: pactFootprints.document })
      .from(pactFootprints)
      .where(
        and(
          eq(pactFootprints.organizationId, client.organizationId),
          position
            ? sql`(${pactFootprints.created}, ${pactFootprints.id}) < (${position.created}::timestamptz, ${position.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(pactFootprints.created), desc(pactFootprints.id))
      .limit(BATCH);
    for (const row of rows) {
      position = { created: row.created, id: row.id };
      if (predicate && !predicate(row.document)) continue;
      if (page.length === limit) {
        hasMore = true;
        break outer;
      }
      page.push(row.document);
      last = position;
    }
    if (rows.length < BATCH) break;
  }

  await auditPact(services, requestMeta, client, {
    action: 'pact.listFootprints',
    resource: 'pactFootprint',
    description: `${describeClient(client)} listed ${page.length} footprint${page.length === 1 ? '' : 's'}`,
    metadata: { limit: limitText, filter: filterText?.slice(0, 500) ?? null, cursor: cursorText !== null },
  });
  const headers: Record<string, string> = {};
  if (hasMore && last) headers.link = `<${nextPageUrl(services, req, url, encodeCursor(last))}>; rel="next"`;
  sendJson(res, 200, { data: page }, headers);
};

export const getPactFootprint = async (
  services: AppServices,
  res: ServerResponse,
  id: string,
  requestMeta: RequestMeta,
  client: PactClientRow,
) => {
  if (!isUuid(id)) {
    sendPactError(res, 'BadRequest', `"${id.slice(0, 60)}" is not a footprint id (a UUID).`);
    return;
  }
  const [row] = await services.db
    .select({ document: pactFootprints.document })
    .from(pactFootprints)
    .where(and(eq(pactFootprints.id, id), eq(pactFootprints.organizationId, client.organizationId)))
    .limit(1);
  await auditPact(services, requestMeta, client, {
    action: 'pact.getFootprint',
    resource: 'pactFootprint',
    resourceId: id,
    status: row ? 'success' : 'failure',
    description: row ? `${describeClient(client)} read footprint ${id}` : `${describeClient(client)} asked for unknown footprint ${id}`,
  });
  if (!row) {
    sendPactError(res, 'NoSuchFootprint');
    return;
  }
  sendJson(res, 200, { data: row.document });
};
