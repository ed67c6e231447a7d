import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, permissionsForRole, SYSTEM_ROLE_PERMISSIONS, SYSTEM_ROLES } from './permissions.ts';

describe('system roles', () => {
  it('grant only permissions from the catalogue', () => {
    for (const role of SYSTEM_ROLES) for (const permission of SYSTEM_ROLE_PERMISSIONS[role]) expect(PERMISSION_NAMES).toContain(permission);
  });
  it('let administrators unlock users and nobody else', () => {
    expect(SYSTEM_ROLES.filter((role) => permissionsForRole(role).has('users:unlock'))).toEqual(['organization_admin']);
  });
  it('grant nothing to an unknown role', () => {
    expect(permissionsForRole('superuser').size).toBe(0);
  });
});
