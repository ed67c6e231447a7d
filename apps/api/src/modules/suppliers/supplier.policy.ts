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

export type InvitationTarget =
  /** The address belongs to a person of an existing supplier organization: link to it. */
  | { kind: 'existing-contact'; organizationId: string; registered: boolean }
  /** A supplier this customer created and nobody registered yet: add the person as a contact. */
  | { kind: 'new-contact'; organizationId: string }
  /** Nothing to reuse: a new supplier organization. */
  | { kind: 'new-organization' };

export type InvitationFacts = {
  customerOrganizationId: string;
  /** The account the email belongs to, with the organizations it is a member of. */
  emailAccount: { registered: boolean; organizations: { id: string; organizationType: string }[] } | null;
  /** A supplier of the same name (case aside) that this customer created and that is still `invited`. */
  ownInvitedSupplierNamed: { id: string } | null;
};

/**
 * Where an invitation goes. A person is never attached to an organization the customer does not
 * control: an existing account keeps its own organization, and a same-name organization is reused
 * only when this customer created it and nobody has registered in it yet — otherwise a customer
 * could plant an account inside another company by typing its name.
 */
export const planSupplierInvitation = (facts: InvitationFacts): InvitationTarget | Refusal => {
  if (facts.emailAccount) {
    const supplier = facts.emailAccount.organizations.find((o) => o.organizationType === 'supplier');
    if (!supplier || facts.emailAccount.organizations.some((o) => o.id === facts.customerOrganizationId)) {
      return { code: 'CONFLICT', message: 'This email address belongs to an account that is not a supplier contact.', field: 'email' };
    }
    return { kind: 'existing-contact', organizationId: supplier.id, registered: facts.emailAccount.registered };
  }
  if (facts.ownInvitedSupplierNamed) return { kind: 'new-contact', organizationId: facts.ownInvitedSupplierNamed.id };
  return { kind: 'new-organization' };
};

/**
 * Whether an invitation may (re)open the relationship: none yet, ended (reopens as pending) or
 * pending with a new contact are fine; an active or suspended supplier is already linked.
 */
export const checkInvitationAgainstRelationship = (storedStatus: string | null, target: InvitationTarget): Refusal | null => {
  if (storedStatus === null) return null;
  const status = asRelationshipStatus(storedStatus);
  if (status === 'ended') return null;
  if (status === 'pending') {
    return target.kind === 'new-contact'
      ? null
      : { code: 'CONFLICT', message: 'This supplier has already been invited. Resend the invitation instead.', field: 'email' };
  }
  return { code: 'CONFLICT', message: `This organization is already your supplier (${status ?? storedStatus}).`, field: 'email' };
};

export const isRefusal = (value: InvitationTarget | Refusal): value is Refusal => 'code' in value;
