import { describe, expect, it } from 'vitest';
import {
  approvalNeedsRecentSignIn,
  canCancelEmailChange,
  canGrantPermissions,
  canSeeOrganization,
  checkEmailChangeTransition,
  checkMemberLock,
  checkMemberRemoval,
  confirmsOrganizationName,
  isRecentSignIn,
  type MemberFacts,
} from './organization.policy.ts';

const admin = (userId: string, isActive = true): MemberFacts => ({ userId, isAdministrator: true, isActive });
const member = (userId: string): MemberFacts => ({ userId, isAdministrator: false, isActive: true });

describe('organization policy', () => {
  it('shows an organization to itself and to actively related organizations only', () => {
    expect(canSeeOrganization('a', 'a', [])).toBe(true);
    expect(canSeeOrganization('a', 'b', ['b'])).toBe(true);
    expect(canSeeOrganization('a', 'b', [])).toBe(false);
    expect(canSeeOrganization('a', 'b', ['c'])).toBe(false);
  });

  it('counts a sign-in as recent for 15 minutes', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    expect(isRecentSignIn(new Date('2025-01-01T11:46:00Z'), now)).toBe(true);
    expect(isRecentSignIn(new Date('2025-01-01T11:45:00Z'), now)).toBe(false);
    expect(isRecentSignIn(new Date('2025-01-01T10:00:00Z'), now)).toBe(false);
  });

  it('wants the organization name typed exactly', () => {
    expect(confirmsOrganizationName('Nordic Tankers', 'Nordic Tankers')).toBe(true);
    expect(confirmsOrganizationName('  Nordic Tankers ', 'Nordic Tankers')).toBe(true);
    expect(confirmsOrganizationName('nordic tankers', 'Nordic Tankers')).toBe(false);
    expect(confirmsOrganizationName('', '')).toBe(false);
  });

  it('refuses removing yourself', () => {
    expect(checkMemberRemoval('me', [admin('me'), admin('other')], ['me'])).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses removing the last active administrator, counting locked and unregistered ones out', () => {
    const members = [admin('me'), admin('boss'), member('x')];
    expect(checkMemberRemoval('x', members, ['me', 'boss'])).toMatchObject({
      code: 'CONFLICT',
      message: 'The last administrator of the organization cannot be removed.',
    });
    expect(checkMemberRemoval('me', members, ['boss'])).toBeNull();
    expect(checkMemberRemoval('x', [admin('boss'), admin('locked', false), member('x')], ['boss'])).toMatchObject({ code: 'CONFLICT' });
    expect(checkMemberRemoval('boss', [admin('boss'), member('x')], ['x'])).toBeNull();
  });

  it('refuses locking yourself or the last active administrator', () => {
    expect(checkMemberLock('me', [admin('me'), admin('b')], 'me')).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(checkMemberLock('x', [admin('b'), member('x')], 'b')).toMatchObject({ code: 'CONFLICT' });
    expect(checkMemberLock('me', [admin('me'), admin('b')], 'b')).toBeNull();
    expect(checkMemberLock('me', [admin('me'), member('x')], 'x')).toBeNull();
  });

  it('moves email change requests only out of pending, naming both statuses', () => {
    expect(checkEmailChangeTransition('pending', 'approved')).toBeNull();
    expect(checkEmailChangeTransition('pending', 'rejected')).toBeNull();
    expect(checkEmailChangeTransition('pending', 'cancelled')).toBeNull();
    expect(checkEmailChangeTransition('approved', 'rejected')).toEqual({
      code: 'CONFLICT',
      message: 'An email change request cannot change from approved to rejected.',
    });
    expect(checkEmailChangeTransition('cancelled', 'cancelled')).toEqual({
      code: 'CONFLICT',
      message: 'The email change request is already cancelled.',
    });
    expect(checkEmailChangeTransition('bogus', 'approved')).toMatchObject({ code: 'CONFLICT' });
  });

  it('lets only the requester cancel, and asks a recent sign-in to approve your own request', () => {
    expect(canCancelEmailChange('u1', { userId: 'u1' })).toBe(true);
    expect(canCancelEmailChange('admin', { userId: 'u1' })).toBe(false);
    expect(approvalNeedsRecentSignIn('u1', { userId: 'u1' })).toBe(true);
    expect(approvalNeedsRecentSignIn('admin', { userId: 'u1' })).toBe(false);
  });

  it('grants no permission the granter does not hold', () => {
    const mine = new Set(['users:read', 'users:invite']);
    expect(canGrantPermissions(mine, ['users:read'])).toBe(true);
    expect(canGrantPermissions(mine, [])).toBe(true);
    expect(canGrantPermissions(mine, ['users:read', 'roles:update'])).toBe(false);
  });
});
