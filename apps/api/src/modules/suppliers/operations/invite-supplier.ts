import { organizations } from '@tidewise/db/schema/organizations';
import type { InviteSupplierInput } from '@tidewise/shared/organization';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { isUniqueViolation } from '../../../lib/db.ts';
import { inTransactionWithMail } from '../../../lib/deferred-mail.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { inviteSupplierOrganization } from '../../../lib/identity/supplier-invitation.ts';
import { normalizeEmail } from '../../../lib/identity/users.ts';
import { findRelationshipOf, type RelationshipWithOrganizations } from '../relationships.ts';
import { findSupplierMatches, type SupplierMatch } from '../supplier-matching.ts';

export type InviteSupplierResult = {
  relationship: RelationshipWithOrganizations;
  /** True when a new supplier organization was created. */
  createdOrganization: boolean;
  /** Other suppliers of the caller whose name resembles the one typed. */
  possibleMatches: SupplierMatch[];
};

/**
 * A customer invites a supplier by email (the flow in lib/identity/supplier-invitation.ts). The supplier
 * organization is created unless the address belongs to a contact of an existing supplier, or the customer
 * already created an unregistered supplier of that name (see planSupplierInvitation). The relationship starts
 * `pending`; a new contact gets `/supplier/register?token=`, an existing account a request to sign in and
 * accept (completeSupplierRegistration).
 */
export const inviteSupplier = async (ctx: Context, input: InviteSupplierInput): Promise<InviteSupplierResult> => {
  const actor = requireActor(ctx);
  const email = normalizeEmail(input.email);
  try {
    return await inTransactionWithMail(ctx, async (tx, mailer) => {
      const [customer] = await tx.select().from(organizations).where(eq(organizations.id, actor.organizationId)).limit(1);
      if (!customer) throw notFound('Organization');
      if (customer.organizationType !== 'customer') {
        throw new AppError('FORBIDDEN', 'Only customer organizations can invite suppliers.');
      }
      const invited = await inviteSupplierOrganization(
        { tx, mailer, env: ctx.env },
        {
          customer,
          invitedByUserId: actor.userId,
          email,
          organizationName: input.organizationName,
          firstName: input.firstName,
          lastName: input.lastName,
        },
      );
      const relationship = await findRelationshipOf(tx, customer.id, invited.relationshipId);
      await recordAudit(tx, ctx, {
        resource: 'organizationRelationship',
        resourceId: relationship.id,
        description: `Invited ${email} of supplier ${relationship.supplierOrganization.name}`,
        before: invited.relationshipBefore,
        after: {
          status: relationship.status,
          supplierOrganizationId: invited.supplierOrganizationId,
          supplierOrganizationName: relationship.supplierOrganization.name,
          email,
          createdOrganization: invited.createdOrganization,
          target: invited.target,
        },
      });
      const possibleMatches = await findSupplierMatches(tx, customer.id, input.organizationName, {
        excludeOrganizationId: invited.supplierOrganizationId,
      });
      return { relationship, createdOrganization: invited.createdOrganization, possibleMatches };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This supplier has just been invited.', { field: 'email' });
    throw error;
  }
};
