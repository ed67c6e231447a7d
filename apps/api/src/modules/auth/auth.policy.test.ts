import { describe, expect, it } from 'vitest';
import { canUnlockUser } from './auth.policy.ts';

const actor = (permissions: string[]) => ({ userId: 'u1', organizationId: 'o1', sessionId: 's1', permissions: new Set(permissions) });

describe('canUnlockUser', () => {
  it('needs the permission and the same organization', () => {
    expect(canUnlockUser(actor(['users:unlock']), { organizationIds: ['o1'] })).toBe(true);
    expect(canUnlockUser(actor(['users:unlock']), { organizationIds: ['o2'] })).toBe(false);
    expect(canUnlockUser(actor(['users:read']), { organizationIds: ['o1'] })).toBe(false);
  });
});
