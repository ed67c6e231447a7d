import { describe, expect, it } from 'vitest';
import { authorizationRoleSchema } from './roles.ts';

const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('custom role inputs', () => {
  it('needs a name of at most 80 characters and a description of at most 500', () => {
    expect(first(authorizationRoleSchema.safeParse({ name: ' ' }))).toBe('Name is required');
    expect(first(authorizationRoleSchema.safeParse({ name: 'x'.repeat(81) }))).toBe('Name must be at most 80 characters');
    expect(first(authorizationRoleSchema.safeParse({ name: 'Auditors', description: 'x'.repeat(501) }))).toBe(
      'Description must be at most 500 characters',
    );
    expect(authorizationRoleSchema.parse({ name: ' Auditors ', description: null })).toEqual({ name: 'Auditors', description: null });
  });
});
