/**
 * The permission catalogue: every `resource:action` the API checks. A later issue stores roles and
 * their permissions in tables; these system roles and names stay the seed of that data.
 */
export const PERMISSIONS = {
  'users:read': 'See the users of the organization',
  'users:invite': 'Invite users to the organization',
  'users:update': 'Change users of the organization',
  'users:delete': 'Remove users from the organization',
  'users:unlock': 'Unlock users locked after failed sign-in attempts',
  'roles:read': 'See roles and permissions',
  'roles:manage': 'Create, change and delete roles and their permissions',
  'organization:read': 'See the organization profile and settings',
  'organization:update': 'Change the organization profile and settings',
  'organization:clear-data': 'Delete all data of the organization',
  'suppliers:read': 'See supplier organizations and relationships',
  'suppliers:invite': 'Invite supplier organizations',
  'uploads:read': 'See uploads and files',
  'uploads:create': 'Upload data files',
  'uploads:delete': 'Delete uploads and files',
  'data-entries:read': 'See data entries',
  'calendar:read': 'See the calendar and its tasks',
  'calendar:manage': 'Create and change calendar tasks',
  'audit-logs:read': 'See audit logs',
  'login-logs:read': 'See sign-in logs',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export const SYSTEM_ROLES = ['organization_admin', 'contributor', 'viewer', 'supplier_contributor'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const SYSTEM_ROLE_LABELS: Record<SystemRole, string> = {
  organization_admin: 'Organization administrator',
  contributor: 'Contributor',
  viewer: 'Viewer',
  supplier_contributor: 'Supplier contributor',
};

const READ: Permission[] = ['users:read', 'organization:read', 'suppliers:read', 'uploads:read', 'data-entries:read', 'calendar:read'];

export const SYSTEM_ROLE_PERMISSIONS: Record<SystemRole, readonly Permission[]> = {
  organization_admin: PERMISSION_NAMES,
  contributor: [...READ, 'uploads:create', 'uploads:delete', 'calendar:manage'],
  viewer: READ,
  supplier_contributor: ['organization:read', 'uploads:read', 'uploads:create', 'data-entries:read', 'calendar:read'],
};

export const isSystemRole = (role: string): role is SystemRole => (SYSTEM_ROLES as readonly string[]).includes(role);

/** Permissions a role grants; an unknown role grants nothing (deny by default). */
export const permissionsForRole = (role: string): ReadonlySet<Permission> =>
  new Set(isSystemRole(role) ? SYSTEM_ROLE_PERMISSIONS[role] : []);
