import { describe, expect, it } from 'vitest';
import {
  checkInvitationAgainstRelationship,
  checkManualStatusChange,
  checkSystemStatusChange,
  planSupplierInvitation,
  sideOf,
} from './supplier.policy.ts';

describe('supplier policy', () => {
  it('tells which side of a relationship an organization is on', () => {
    const r = { customerOrganizationId: 'c', supplierOrganizationId: 's' };
    expect(sideOf('c', r)).toBe('customer');
    expect(sideOf('s', r)).toBe('supplier');
    expect(sideOf('x', r)).toBeNull();
  });

  it('lets the customer suspend, resume and end, and nothing else', () => {
    expect(checkManualStatusChange('customer', 'active', 'suspended')).toBeNull();
    expect(checkManualStatusChange('customer', 'suspended', 'active')).toBeNull();
    expect(checkManualStatusChange('customer', 'pending', 'ended')).toBeNull();
    expect(checkManualStatusChange('customer', 'active', 'ended')).toBeNull();
    expect(checkManualStatusChange('customer', 'suspended', 'ended')).toBeNull();
    expect(checkManualStatusChange('customer', 'invited', 'ended')).toBeNull();
  });

  it('refuses illegal changes with a message naming from and to', () => {
    expect(checkManualStatusChange('customer', 'pending', 'active')).toEqual({
      code: 'CONFLICT',
      message: 'A supplier relationship cannot change from pending to active. It becomes active when the supplier accepts the invitation.',
    });
    expect(checkManualStatusChange('customer', 'ended', 'active')).toEqual({
      code: 'CONFLICT',
      message: 'A supplier relationship cannot change from ended to active.',
    });
    expect(checkManualStatusChange('customer', 'ended', 'pending')?.message).toContain('Invite the supplier again');
    expect(checkManualStatusChange('customer', 'pending', 'suspended')?.code).toBe('CONFLICT');
    expect(checkManualStatusChange('customer', 'active', 'active')?.message).toBe('The supplier relationship is already active.');
    expect(checkManualStatusChange('customer', 'weird', 'active')?.code).toBe('CONFLICT');
  });

  it('leaves status changes to the customer', () => {
    expect(checkManualStatusChange('supplier', 'active', 'ended')).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('follows the full machine for system changes', () => {
    expect(checkSystemStatusChange('pending', 'active')).toBeNull();
    expect(checkSystemStatusChange('invited', 'active')).toBeNull();
    expect(checkSystemStatusChange('ended', 'pending')).toBeNull();
    expect(checkSystemStatusChange('suspended', 'pending')).toMatchObject({ code: 'CONFLICT' });
  });

  describe('where an invitation goes', () => {
    const base = { customerOrganizationId: 'me', emailAccount: null, ownInvitedSupplierNamed: null };

    it('links the organization of an existing supplier contact', () => {
      expect(
        planSupplierInvitation({
          ...base,
          emailAccount: { registered: true, organizations: [{ id: 's1', organizationType: 'supplier' }] },
        }),
      ).toEqual({ kind: 'existing-contact', organizationId: 's1', registered: true });
    });

    it('refuses an address of a customer account or of my own organization', () => {
      expect(
        planSupplierInvitation({
          ...base,
          emailAccount: { registered: true, organizations: [{ id: 'c2', organizationType: 'customer' }] },
        }),
      ).toMatchObject({ code: 'CONFLICT', field: 'email' });
      expect(
        planSupplierInvitation({
          ...base,
          emailAccount: { registered: false, organizations: [{ id: 'me', organizationType: 'supplier' }] },
        }),
      ).toMatchObject({ code: 'CONFLICT' });
    });

    it('adds a contact only to an unregistered supplier I created, else creates an organization', () => {
      expect(planSupplierInvitation({ ...base, ownInvitedSupplierNamed: { id: 's2' } })).toEqual({
        kind: 'new-contact',
        organizationId: 's2',
      });
      expect(planSupplierInvitation(base)).toEqual({ kind: 'new-organization' });
    });

    it('reopens ended relationships and refuses linking an already linked supplier', () => {
      const contact = { kind: 'existing-contact', organizationId: 's', registered: true } as const;
      expect(checkInvitationAgainstRelationship(null, contact)).toBeNull();
      expect(checkInvitationAgainstRelationship('ended', contact)).toBeNull();
      expect(checkInvitationAgainstRelationship('pending', contact)).toMatchObject({ code: 'CONFLICT' });
      expect(checkInvitationAgainstRelationship('pending', { kind: 'new-contact', organizationId: 's' })).toBeNull();
      expect(checkInvitationAgainstRelationship('active', contact)?.message).toBe('This organization is already your supplier (active).');
      expect(checkInvitationAgainstRelationship('suspended', contact)).toMatchObject({ code: 'CONFLICT' });
    });
  });
});
