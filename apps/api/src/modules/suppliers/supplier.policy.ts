import {
  asRelationshipStatus,
  canTransition,
  MANUAL_RELATIONSHIP_TRANSITIONS,
  RELATIONSHIP_STATUS_TRANSITIONS,
  type RelationshipStatus,
  transitionMessage,
} from '@tidewise/shared/organization';
import type { Refusal } from '../../lib/authz.ts';

type RelationshipSides = { customerOrganizationId: string; supplierOrganizationId: string };

/** Which side of a relationship the caller's organization is on; null when it is neither. */
export const sideOf = (organizationId: string, relationship: RelationshipSides): 'customer' | 'supplier' | null =>
  relationship.customerOrganizationId === organizationId
    ? 'customer'
    : relationship.supplierOrganizationId === organizationId
      ? 'supplier'
      : null;

/**
 * A status change asked for by hand. Only the customer decides (suspend, resume, end); pending
 * becomes active only when the supplier accepts, and an ended relationship reopens only through a
 * new invitation.
 */
export const checkManualStatusChange = (side: 'customer' | 'supplier', storedFrom: string, to: RelationshipStatus): Refusal | null => {
  if (side !== 'customer') return { code: 'FORBIDDEN', message: 'Only the customer of a relationship can change its status.' };
  const from = asRelationshipStatus(storedFrom);
  if (!from) return { code: 'CONFLICT', message: transitionMessage('supplier relationship', storedFrom, to) };
  if (canTransition(MANUAL_RELATIONSHIP_TRANSITIONS, from, to)) return null;
  const hint =
    from === 'pending' && to === 'active'
      ? ' It becomes active when the supplier accepts the invitation.'
      : from === 'ended' && to === 'pending'
        ? ' Invite the supplier again instead.'
        : '';
  return { code: 'CONFLICT', message: `${transitionMessage('supplier relationship', from, to)}${hint}` };
};

/** A change made by the system (invitation, acceptance), checked against the full machine. */
export const checkSystemStatusChange = (storedFrom: string, to: RelationshipStatus): Refusal | null => {
  const from = asRelationshipStatus(storedFrom);
  if (from && canTransition(RELATIONSHIP_STATUS_TRANSITIONS, from, to)) return null;
  return { code: 'CONFLICT', message: transitionMessage('supplier relationship', from ?? storedFrom, to) };
};

// The invitation rules are shared with completeFileUpload (decision 7), so they live with the invitation flow in lib.
export {
  checkInvitationAgainstRelationship,
  type InvitationFacts,
  type InvitationTarget,
  isRefusal,
  planSupplierInvitation,
} from '../../lib/identity/supplier-invitation-policy.ts';
