/**
 * The permission catalogue: every `resource:action` the API checks, one per kind of operation. The
 * API stores it in `authorization_permissions` at boot (and the system roles with their permissions
 * below), so what a user may do is data; this file is the seed and the single list of names.
 * A schema test fails when a root field names a permission that is not listed here.
 */
export const PERMISSIONS = {
  'users:read': 'See the users of the organization',
  'users:invite': 'Invite users to the organization and resend their invitations',
  'users:update': 'Change users of the organization and decide on their email change requests',
  'users:delete': 'Remove users from the organization',
  'users:lock': 'Lock users of the organization',
  'users:unlock': 'Unlock users of the organization',
  'roles:read': 'See roles and the permission catalogue',
  'roles:create': 'Create custom roles',
  'roles:update': 'Change custom roles and the permissions they grant',
  'roles:delete': 'Delete custom roles',
  'user-roles:read': 'See which roles the users of the organization hold',
  'user-roles:create': 'Give roles to users of the organization',
  'user-roles:delete': 'Take roles away from users of the organization',
  'organization:read': 'See the organization profile and settings',
  'organization:update': 'Change the organization profile and settings',
  'organization:clear-data': 'Delete all business data of the organization',
  'suppliers:read': 'See supplier organizations and relationships',
  'suppliers:invite': 'Invite supplier organizations and resend their invitations',
  'suppliers:update': 'Change supplier relationships',
  'uploads:read': 'See uploads, files and their validation',
  'uploads:create': 'Upload data files',
  'uploads:update': 'Map, categorise, validate and process uploaded files',
  'uploads:delete': 'Delete uploads and files',
  'data-entries:read': 'See data entries',
  'emissions:read': 'See emissions reports, emission factors and vessel indicators',
  'emissions:manage': 'Add emission factors, change the emission settings and recompute emissions',
  'pact:read': 'See PACT credentials, connections, published and received footprints and exchange events',
  'pact:manage': 'Issue and revoke PACT API credentials, manage connections, publish footprints and state quantities',
  'calendar:read': 'See the calendar and its tasks',
  'calendar:create': 'Create calendars and calendar tasks',
  'calendar:update': 'Change calendar tasks',
  'audit-logs:read': 'See the audit trail and verify its integrity',
  'login-logs:read': 'See sign-in logs',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** `resource:action` split at the first colon. */
export const splitPermission = (name: string): { resource: string; action: string } => {
  const at = name.indexOf(':');
  return at < 0 ? { resource: name, action: '' } : { resource: name.slice(0, at), action: name.slice(at + 1) };
};

export const permissionName = (permission: { resource: string; action: string }) => `${permission.resource}:${permission.action}`;

/** Ordered from the most to the least privileged; the first one a user holds is their primary role. */
export const SYSTEM_ROLES = ['organization_admin', 'contributor', 'supplier_contributor', 'viewer'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const SYSTEM_ROLE_LABELS: Record<SystemRole, string> = {
  organization_admin: 'Organization administrator',
  contributor: 'Contributor',
  viewer: 'Viewer',
  supplier_contributor: 'Supplier contributor',
};

export const SYSTEM_ROLE_DESCRIPTIONS: Record<SystemRole, string> = {
  organization_admin: 'Everything, including users, roles, suppliers, settings and the logs',
  contributor: 'Uploads data, works on calendar tasks and sees suppliers and colleagues',
  viewer: 'Reads the data of the organization; no administration',
  supplier_contributor: 'A user of a supplier: uploads data and answers calendar tasks of its customers',
};

/** What every data role can read. Administration (users, roles, logs) is not part of it. */
const READ: Permission[] = [
  'organization:read',
  'suppliers:read',
  'uploads:read',
  'data-entries:read',
  'calendar:read',
  'emissions:read',
  'pact:read',
];

export const SYSTEM_ROLE_PERMISSIONS: Record<SystemRole, readonly Permission[]> = {
  organization_admin: PERMISSION_NAMES,
  contributor: [...READ, 'users:read', 'uploads:create', 'uploads:update', 'uploads:delete', 'calendar:create', 'calendar:update'],
  viewer: READ,
  supplier_contributor: [
    'organization:read',
    'suppliers:read',
    'uploads:read',
    'uploads:create',
    'uploads:update',
    // Their own organization's files: a wrong file is removed before the upload is handed in.
    'uploads:delete',
    'data-entries:read',
    'calendar:read',
    'calendar:update',
    // The figures computed from its own files (its customers' reports stay theirs).
    'emissions:read',
  ],
};

/** The system role whose holders the rules keep at least one of, and cannot remove from themselves. */
export const ADMINISTRATOR_ROLE: SystemRole = 'organization_admin';

export const isSystemRole = (role: string): role is SystemRole => (SYSTEM_ROLES as readonly string[]).includes(role);

/** Permissions a system role grants; an unknown role grants nothing (deny by default). */
export const permissionsForRole = (role: string): ReadonlySet<Permission> =>
  new Set(isSystemRole(role) ? SYSTEM_ROLE_PERMISSIONS[role] : []);
