import { PERMISSION_NAMES, PERMISSIONS, SYSTEM_ROLE_PERMISSIONS, SYSTEM_ROLES, splitPermission } from '@tidewise/shared/permissions';
import type { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../schema/index.ts';

type Scopes = { public?: boolean; authenticated?: boolean; permission?: string };

/**
 * The catalogue covers every operation: each root field that asks for a permission names one that
 * exists, so an operation added with a misspelt or new name fails here until the catalogue has it.
 */
describe('permission catalogue', () => {
  const schema = buildSchema();
  const fields = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]
    .filter((type): type is GraphQLObjectType => Boolean(type))
    .flatMap((type) => Object.values(type.getFields()).map((field) => ({ name: `${type.name}.${field.name}`, field })));
  const scopesOf = (field: (typeof fields)[number]['field']) =>
    (field.extensions as { pothosOptions?: { authScopes?: Scopes } }).pothosOptions?.authScopes ?? {};

  for (const { name, field } of fields) {
    const permission = scopesOf(field).permission;
    if (permission === undefined) continue;
    it(`${name} asks for ${permission}, which is in the catalogue`, () => {
      expect(PERMISSION_NAMES).toContain(permission);
    });
  }

  it('names every permission resource:action, in kebab-case, with a description', () => {
    for (const name of PERMISSION_NAMES) {
      expect(name).toMatch(/^[a-z][a-z-]*:[a-z][a-z-]*$/);
      const { resource, action } = splitPermission(name);
      expect(`${resource}:${action}`).toBe(name);
      expect(PERMISSIONS[name].length).toBeGreaterThan(10);
    }
  });

  it('lets system roles grant only catalogue permissions, and administrators all of them', () => {
    for (const role of SYSTEM_ROLES) for (const permission of SYSTEM_ROLE_PERMISSIONS[role]) expect(PERMISSION_NAMES).toContain(permission);
    expect([...SYSTEM_ROLE_PERMISSIONS.organization_admin].sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  it('keeps administration (users, roles, logs) away from viewers', () => {
    const administration = SYSTEM_ROLE_PERMISSIONS.viewer.filter((p) => /^(users|roles|user-roles|audit-logs|login-logs):/.test(p));
    expect(administration).toEqual([]);
  });
});
