import { describe, expect, it } from 'vitest';
import { canSeeCreatorOf, canUnlockUser, hasExpiredLock, isLocked } from './auth.policy.ts';

const now = new Date('2030-01-01T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const actor = (permissions: string[]) => ({ userId: 'u1', organizationId: 'o1', sessionId: 's1', permissions: new Set(permissions) });

describe('isLocked', () => {
  it('is false for a user that was never locked', () => {
    expect(isLocked({ lockedAt: null, lockedUntil: null }, now)).toBe(false);
  });
  it('holds until lockedUntil and then releases', () => {
    expect(isLocked({ lockedAt: minutes(-1), lockedUntil: minutes(14) }, now)).toBe(true);
    expect(isLocked({ lockedAt: minutes(-16), lockedUntil: minutes(-1) }, now)).toBe(false);
    expect(hasExpiredLock({ lockedAt: minutes(-16), lockedUntil: minutes(-1) }, now)).toBe(true);
  });
  it('holds forever without an end', () => {
    expect(isLocked({ lockedAt: minutes(-600), lockedUntil: null }, now)).toBe(true);
  });
});

describe('canUnlockUser', () => {
  it('needs the permission and the same organization', () => {
    expect(canUnlockUser(actor(['users:unlock']), { organizationIds: ['o1'] })).toBe(true);
    expect(canUnlockUser(actor(['users:unlock']), { organizationIds: ['o2'] })).toBe(false);
    expect(canUnlockUser(actor(['users:read']), { organizationIds: ['o1'] })).toBe(false);
  });
});

describe('canSeeCreatorOf', () => {
  const supplier = { id: 'supplier', createdByOrganizationId: 'creator' };
  it('shows the creator to the organization itself and to the creator', () => {
    expect(canSeeCreatorOf(new Set(['supplier']), supplier)).toBe(true);
    expect(canSeeCreatorOf(new Set(['creator']), supplier)).toBe(true);
  });
  it('hides it from anyone else, including another customer of the same supplier', () => {
    expect(canSeeCreatorOf(new Set(['other-customer']), supplier)).toBe(false);
    expect(canSeeCreatorOf(new Set(), supplier)).toBe(false);
  });
  it('has nothing to show for an organization nobody created', () => {
    expect(canSeeCreatorOf(new Set(['customer']), { id: 'customer', createdByOrganizationId: null })).toBe(false);
  });
});
