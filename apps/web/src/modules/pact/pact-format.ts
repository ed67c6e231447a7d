import type { PactConnectionStatus, PactEventDirection, PactEventStatus, PactFootprintStatus } from './graphql.ts';

type BadgeVariant = 'default' | 'secondary' | 'outline' | 'success' | 'destructive';

export const CONNECTION_STATUS: Record<PactConnectionStatus, { label: string; variant: BadgeVariant }> = {
  idle: { label: 'Not synced yet', variant: 'outline' },
  syncing: { label: 'Syncing', variant: 'secondary' },
  synced: { label: 'Synced', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export const FOOTPRINT_STATUS: Record<PactFootprintStatus, { label: string; variant: BadgeVariant }> = {
  Active: { label: 'Active', variant: 'success' },
  Deprecated: { label: 'Deprecated', variant: 'outline' },
};

export const EVENT_STATUS: Record<PactEventStatus, { label: string; variant: BadgeVariant }> = {
  received: { label: 'Received', variant: 'outline' },
  processing: { label: 'Processing', variant: 'secondary' },
  processed: { label: 'Processed', variant: 'success' },
  answered: { label: 'Answered', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export const EVENT_DIRECTION: Record<PactEventDirection, string> = { received: 'Received', sent: 'Sent' };

/** The PACT v2 CloudEvent types, as people read them; an unknown type shows as it came. */
const EVENT_TYPES: Record<string, string> = {
  'org.wbcsd.pathfinder.ProductFootprint.Published.v1': 'Footprints published',
  'org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1': 'Footprints requested',
  'org.wbcsd.pathfinder.ProductFootprintRequest.Fulfilled.v1': 'Request fulfilled',
  'org.wbcsd.pathfinder.ProductFootprintRequest.Rejected.v1': 'Request rejected',
};

export const eventTypeLabel = (type: string) => EVENT_TYPES[type] ?? type;

/** "42 %" for a share given in percent (the PACT data model's primaryDataShare), a dash when unknown. */
export const formatShare = (share: number | null | undefined) =>
  share === null || share === undefined ? '—' : `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(share)} %`;

/**
 * Product ids typed into the request form: one per line or separated by commas, trimmed, empty ones and repeats
 * dropped, order kept.
 */
export const parseProductIds = (text: string) => [
  ...new Set(
    text
      .split(/[\n,]/)
      .map((id) => id.trim())
      .filter(Boolean),
  ),
];

/**
 * A quantity as typed ("1200", "1 200", "1,200.5"), as the number to save; an empty field clears it (null). Answers
 * an error text for anything that is not a number of zero or more.
 */
export const parseQuantity = (text: string): { value: number | null } | { error: string } => {
  const cleaned = text.trim().replace(/[\s,]/g, '');
  if (cleaned === '') return { value: null };
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return { error: 'Enter a number of zero or more, like 1200 or 35.5.' };
  return { value: Number(cleaned) };
};

/** The document as served, indented for reading; text that is not JSON shows as it is. */
export const prettyDocument = (document: string) => {
  try {
    return JSON.stringify(JSON.parse(document), null, 2);
  } catch {
    return document;
  }
};

/** The ids of the earlier versions a ProductFootprint names (precedingPfIds), newest last as the spec lists them. */
export const precedingIds = (document: string): string[] => {
  try {
    const parsed = JSON.parse(document) as { precedingPfIds?: unknown };
    return Array.isArray(parsed.precedingPfIds) ? parsed.precedingPfIds.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
};

/** The years footprints can be published for and filtered by: this year back to 2018, newest first. */
export const publishYears = (now = new Date()) => {
  const current = now.getFullYear();
  return Array.from({ length: current - 2018 + 1 }, (_, i) => current - i);
};
