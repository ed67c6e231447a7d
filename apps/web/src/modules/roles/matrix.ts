import type { AuthorizationPermission } from './graphql.ts';

/** Actions in reading order: reading first, then creating and changing, then the rarer ones. */
const ACTION_ORDER = ['read', 'create', 'invite', 'update', 'delete', 'lock', 'unlock', 'clear-data'];

const rank = (action: string) => {
  const index = ACTION_ORDER.indexOf(action);
  return index < 0 ? ACTION_ORDER.length : index;
};

export type PermissionMatrix = {
  resources: string[];
  actions: string[];
  /** The permission at a resource × action crossing, if the catalogue has one. */
  at: (resource: string, action: string) => AuthorizationPermission | undefined;
};

/** Lays the permission catalogue out as resources (rows) × actions (columns). */
export const buildMatrix = (permissions: readonly AuthorizationPermission[]): PermissionMatrix => {
  const byKey = new Map(permissions.map((p) => [`${p.resource}:${p.action}`, p]));
  const resources = [...new Set(permissions.map((p) => p.resource))].sort((a, b) => a.localeCompare(b));
  const actions = [...new Set(permissions.map((p) => p.action))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return { resources, actions, at: (resource, action) => byKey.get(`${resource}:${action}`) };
};

/** Which permissions to assign and which to remove to go from `before` to `after`. */
export const permissionChanges = (before: ReadonlySet<string>, after: ReadonlySet<string>) => ({
  assign: [...after].filter((id) => !before.has(id)).sort(),
  remove: [...before].filter((id) => !after.has(id)).sort(),
});

/** `data-entries` → "Data entries", `clear-data` → "Clear data". */
export const label = (value: string) => {
  const text = value.replace(/[-_]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
