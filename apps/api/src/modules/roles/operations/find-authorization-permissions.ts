import type { Executor } from '@tidewise/db/client';
import { authorizationPermissions } from '@tidewise/db/schema/roles';
import { asc } from 'drizzle-orm';
import type { PermissionRow } from '../role-store.ts';

/** The whole catalogue, the same for every organization, ordered by resource then action. */
export const findAuthorizationPermissions = (db: Executor): Promise<PermissionRow[]> =>
  db.select().from(authorizationPermissions).orderBy(asc(authorizationPermissions.resource), asc(authorizationPermissions.action));
