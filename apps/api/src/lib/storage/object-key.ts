import { randomUUID } from 'node:crypto';
import { isUuid } from '../db.ts';

/**
 * 1 to 8 segments of letters, digits, `.`, `_` and `-`, none starting with a dot: no `..`, no hidden
 * names, no percent-encoding, no backslash, nothing a file system or URL parser reads differently.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;
const MAX_SEGMENTS = 8;

/** True for a key this storage would have generated; everything else is refused before it meets a path. */
export const isValidObjectKey = (key: string): boolean => {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= MAX_SEGMENTS && segments.every((segment) => SEGMENT.test(segment));
};

/** Throws for an invalid key: a programming error, since keys come from `createObjectKey`. */
export const assertObjectKey = (key: string): void => {
  if (!isValidObjectKey(key)) throw new Error('Invalid storage object key');
};

/**
 * `org/<organizationId>/<uuid>`: generated, never the uploader's file name, so names cannot collide,
 * traverse or leak, and one organisation's objects share a prefix (listing, lifecycle rules, erasure).
 */
export const createObjectKey = (organizationId: string): string => {
  if (!isUuid(organizationId)) throw new Error('Organization id must be a UUID');
  return `org/${organizationId.toLowerCase()}/${randomUUID()}`;
};
