import { asRelationshipStatus } from '@tidewise/shared/organization';
import type { Refusal } from '../authz.ts';

/**
 * Where a supplier invitation goes and whether it may (re)open the relationship: the rules of the supplier
 * invitation flow (lib/identity/supplier-invitation.ts), shared by inviteSupplier and completeFileUpload.
 */

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
