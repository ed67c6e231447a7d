import type { Executor } from '@tidewise/db/client';
import { pactConnections, pactReceivedFootprints } from '@tidewise/db/schema/pact';
import { PF_STATUSES, parseProductFootprint } from '@tidewise/shared/pact/product-footprint';
import { and, eq, ne } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import { isUuid } from '../../../lib/db.ts';
import { publishConnectionChange, queueEntriesRegeneration } from './jobs.ts';

/**
 * Footprints arriving from a partner's host system (pulled by pact.sync, sent in a Fulfilled answer to our request,
 * or announced by a Published event) are stored per connection, all versions kept. The amount bought (`quantity`) is
 * the customer's and belongs to the product, not to one footprint id: a new footprint of the same product (a product
 * id in common) takes the quantity of the earlier one, and the earlier one is Deprecated when the partner did not say
 * so itself. Then the connection's entries file is made again.
 */

export type ReceiveHow = 'pulled' | 'fulfilled' | 'published';

type Received = {
  id: string;
  version: number;
  status: string;
  created: number;
  productIds: string[];
  document: Record<string, unknown>;
  isValid: boolean;
  problems: string[];
};

const MAX_PROBLEMS = 50;

/** The document as a row to store, or null when it cannot be keyed (no UUID id). */
const receivedOf = (doc: unknown): Received | null => {
  const parsed = parseProductFootprint(doc);
  if (parsed.ok) {
    const { footprint } = parsed;
    return {
      id: footprint.id.toLowerCase(),
      version: footprint.version,
      status: footprint.status,
      created: Date.parse(footprint.created),
      productIds: footprint.productIds,
      document: doc as Record<string, unknown>,
      isValid: true,
      problems: [],
    };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  const raw = doc as Record<string, unknown>;
  if (typeof raw.id !== 'string' || !isUuid(raw.id)) return null;
  return {
    id: raw.id.toLowerCase(),
    version:
      Number.isInteger(raw.version) && (raw.version as number) >= 0 && (raw.version as number) < 2 ** 31 ? (raw.version as number) : 0,
    status: (PF_STATUSES as readonly unknown[]).includes(raw.status) ? (raw.status as string) : 'Active',
    created: typeof raw.created === 'string' ? Date.parse(raw.created) || 0 : 0,
    productIds: [],
    document: raw,
    isValid: false,
    problems: parsed.problems.slice(0, MAX_PROBLEMS),
  };
};

const productIdsOf = (document: Record<string, unknown>): string[] =>
  Array.isArray(document.productIds) ? document.productIds.filter((p): p is string => typeof p === 'string') : [];

const createdOf = (document: Record<string, unknown>) => (typeof document.created === 'string' ? Date.parse(document.created) || 0 : 0);

/**
 * Stores one footprint and settles its product's versions: the newest (by `created`, then `version`) of the valid
 * footprints sharing a product id stays Active and carries the quantity; the others become Deprecated.
 */
const storeOne = async (tx: Executor, connection: { id: string; organizationId: string }, item: Received) => {
  const [existing] = await tx
    .select({ quantity: pactReceivedFootprints.quantity })
    .from(pactReceivedFootprints)
    .where(and(eq(pactReceivedFootprints.connectionId, connection.id), eq(pactReceivedFootprints.footprintId, item.id)))
    .limit(1);
  let status = item.status;
  let quantity = existing?.quantity ?? null;
  if (item.isValid && item.productIds.length > 0) {
    const others = (
      await tx
        .select({
          footprintId: pactReceivedFootprints.footprintId,
          status: pactReceivedFootprints.status,
          quantity: pactReceivedFootprints.quantity,
          version: pactReceivedFootprints.version,
          document: pactReceivedFootprints.document,
        })
        .from(pactReceivedFootprints)
        .where(
          and(
            eq(pactReceivedFootprints.connectionId, connection.id),
            eq(pactReceivedFootprints.isValid, true),
            ne(pactReceivedFootprints.footprintId, item.id),
          ),
        )
    ).filter((o) => productIdsOf(o.document).some((p) => item.productIds.includes(p)));
    const isNewer = (o: (typeof others)[number]) => {
      const created = createdOf(o.document);
      return created > item.created || (created === item.created && o.version > item.version);
    };
    if (others.some(isNewer)) {
      // An earlier version arriving after a later one: kept as history, never the product's current footprint.
      status = 'Deprecated';
    } else {
      const withQuantity = others
        .filter((o) => o.quantity !== null)
        .sort((a, b) => createdOf(b.document) - createdOf(a.document) || b.version - a.version)[0];
      if (quantity === null && withQuantity) quantity = withQuantity.quantity;
      if (status === 'Active') {
        for (const older of others.filter((o) => o.status !== 'Deprecated'))
          await tx
            .update(pactReceivedFootprints)
            .set({ status: 'Deprecated', updatedAt: new Date() })
            .where(and(eq(pactReceivedFootprints.connectionId, connection.id), eq(pactReceivedFootprints.footprintId, older.footprintId)));
      }
    }
  }
  const values = {
    version: item.version,
    status,
    document: item.document,
    quantity,
    isValid: item.isValid,
    problems: item.problems,
    updatedAt: new Date(),
  };
  await tx
    .insert(pactReceivedFootprints)
    .values({ connectionId: connection.id, footprintId: item.id, organizationId: connection.organizationId, ...values })
    .onConflictDoUpdate({ target: [pactReceivedFootprints.connectionId, pactReceivedFootprints.footprintId], set: values });
};

/**
 * Validates and stores footprints of a connection, answers how many were stored and how many failed the data model
 * (those with a UUID id are kept with their problems and make no entry; others cannot be kept and are only counted).
 * The entries file is made again afterwards (job pact.entries). Safe to call twice with the same documents.
 */
export const receiveFootprints = async (
  services: AppServices,
  connectionId: string,
  documents: unknown[],
  how: ReceiveHow,
): Promise<{ stored: number; invalid: number }> => {
  const items: Received[] = [];
  let invalid = 0;
  for (const doc of documents) {
    const item = receivedOf(doc);
    if (!item?.isValid) invalid += 1;
    if (item) items.push(item);
  }
  // Oldest first, so a batch holding several versions of a product settles on its newest.
  items.sort((a, b) => a.created - b.created || a.version - b.version);
  const connection = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: pactConnections.id, organizationId: pactConnections.organizationId })
      .from(pactConnections)
      .where(eq(pactConnections.id, connectionId))
      .for('update')
      .limit(1);
    if (!row) return null;
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      await storeOne(tx, row, item);
    }
    return { ...row, stored: seen.size };
  });
  if (!connection) throw new Error(`PACT connection ${connectionId} not found`);
  services.logger.info({ connectionId, how, stored: connection.stored, invalid }, 'PACT footprints received');
  await queueEntriesRegeneration(services, connectionId);
  publishConnectionChange(services, connection);
  return { stored: connection.stored, invalid };
};
