import type { Executor } from '@tidewise/db/client';
import { organizationRelationships, organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import type { InviteSupplierInput } from '@tidewise/shared/organization';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { createInvitation, expireOpenInvitations } from '../../../lib/identity/invitations.ts';
import { createSupplierOrganization } from '../../../lib/identity/supplier-organizations.ts';
import { findUserByEmail, normalizeEmail } from '../../../lib/identity/users.ts';
import { connectionRequestEmail } from '../emails.ts';
import { findRelationshipOf, type RelationshipWithOrganizations } from '../relationships.ts';
import { checkInvitationAgainstRelationship, type InvitationTarget, isRefusal, planSupplierInvitation } from '../supplier.policy.ts';
import { findSupplierMatches, type SupplierMatch } from '../supplier-matching.ts';
import { inTransactionWithMail } from '../../../lib/deferred-mail.ts';
import { isUniqueViolation } from '../../../lib/db.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';

export type InviteSupplierResult = {
  relationship: RelationshipWithOrganizations;
  /** True when a new supplier organization was created. */
  createdOrganization: boolean;
  /** Other suppliers of the caller whose name resembles the one typed. */
  possibleMatches: SupplierMatch[];
};

const gatherFacts = async (tx: Executor, customerOrganizationId: string, email: string, organizationName: string) => {
  const user = await findUserByEmail(tx, email);
  const memberships = user
    ? await tx
        .select({ id: organizations.id, organizationType: organizations.organizationType })
        .from(organizationUsers)
        .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
        .where(eq(organizationUsers.userId, user.id))
    : [];
  const [named] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.createdByOrganizationId, customerOrganizationId),
        eq(organizations.organizationType, 'supplier'),
        eq(organizations.registrationStatus, 'invited'),
        eq(sql`lower(${organizations.name})`, organizationName.trim().toLowerCase()),
      ),
    )
    .limit(1);
  return {
    user,
    facts: {
      customerOrganizationId,
      emailAccount: user ? { registered: user.passwordHash !== null, organizations: memberships } : null,
      ownInvitedSupplierNamed: named ?? null,
    },
  };
};

/** Creates or reopens the customer → supplier relationship as `pending`; returns its id. */
const openRelationship = async (tx: Executor, customerOrganizationId: string, supplierOrganizationId: string, target: InvitationTarget) => {
  const [existing] = await tx
    .select()
    .from(organizationRelationships)
    .where(
      and(
        eq(organizationRelationships.customerOrganizationId, customerOrganizationId),
        eq(organizationRelationships.supplierOrganizationId, supplierOrganizationId),
      ),
    )
    .for('update')
    .limit(1);
  const refusal = checkInvitationAgainstRelationship(existing?.status ?? null, target);
  if (refusal) refuse(refusal);
  if (!existing) {
    const [created] = await tx
      .insert(organizationRelationships)
      .values({ customerOrganizationId, supplierOrganizationId, status: 'pending' })
      .returning();
    if (!created) throw new Error('relationship insert returned nothing');
    return { id: created.id, before: null };
  }
  await tx
    .update(organizationRelationships)
    .set({ status: 'pending', verifiedAt: null })
    .where(eq(organizationRelationships.id, existing.id));
  return { id: existing.id, before: { status: existing.status, verifiedAt: existing.verifiedAt } };
};

/**
 * A customer invites a supplier by email. The supplier organization is created unless the
 * address belongs to a contact of an existing supplier, or the customer already created an
 * unregistered supplier of that name (see planSupplierInvitation). The relationship starts
 * `pending`; a new contact gets `/supplier/register?token=`, an existing account a request to
 * sign in and accept (completeSupplierRegistration).
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
      const { user, facts } = await gatherFacts(tx, customer.id, email, input.organizationName);
      const target = planSupplierInvitation(facts);
      if (isRefusal(target)) return refuse(target);

      let supplierOrganizationId: string;
      let createdOrganization = false;
      let opened: { id: string; before: Record<string, unknown> | null };
      if (target.kind === 'new-organization') {
        const created = await createSupplierOrganization(tx, { name: input.organizationName, customerOrganizationId: customer.id });
        // The identity module links new suppliers with its own first status; this module's status model starts at `pending`.
        const [link] = await tx
          .update(organizationRelationships)
          .set({ status: 'pending' })
          .where(
            and(
              eq(organizationRelationships.customerOrganizationId, customer.id),
              eq(organizationRelationships.supplierOrganizationId, created.id),
            ),
          )
          .returning({ id: organizationRelationships.id });
        if (!link) throw new Error('relationship of the new supplier is missing');
        supplierOrganizationId = created.id;
        createdOrganization = true;
        opened = { id: link.id, before: null };
      } else {
        supplierOrganizationId = target.organizationId;
        opened = await openRelationship(tx, customer.id, supplierOrganizationId, target);
      }

      if (target.kind === 'existing-contact' && target.registered) {
        const [supplier] = await tx
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, supplierOrganizationId));
        await mailer.send(
          connectionRequestEmail(email, {
            customerName: customer.name,
            supplierName: supplier?.name ?? input.organizationName,
            url: `${ctx.env.APP_URL}/auth/login`,
          }),
        );
      } else {
        if (user) await expireOpenInvitations(tx, user.id);
        await createInvitation(
          { db: tx, mailer, env: ctx.env },
          {
            kind: 'supplier',
            email,
            organizationId: supplierOrganizationId,
            invitedByUserId: actor.userId,
            firstName: input.firstName,
            lastName: input.lastName,
          },
        );
      }

      const relationship = await findRelationshipOf(tx, customer.id, opened.id);
      await recordAudit(tx, ctx, {
        resource: 'organizationRelationship',
        resourceId: relationship.id,
        description: `Invited ${email} of supplier ${relationship.supplierOrganization.name}`,
        before: opened.before,
        after: {
          status: relationship.status,
          supplierOrganizationId,
          supplierOrganizationName: relationship.supplierOrganization.name,
          email,
          createdOrganization,
          target: target.kind,
        },
      });
      const possibleMatches = await findSupplierMatches(tx, customer.id, input.organizationName, {
        excludeOrganizationId: supplierOrganizationId,
      });
      return { relationship, createdOrganization, possibleMatches };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This supplier has just been invited.', { field: 'email' });
    throw error;
  }
};
