import { describe, expect, it } from 'vitest';
import { canSeeCreatorOf } from './viewer-organizations.ts';

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
