import type { Executor } from '@tidewise/db/client';
import { organizationRelationships, organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import { PRODUCT_NAME } from '@tidewise/shared/product';
import { and, eq, sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { refuse } from '../authz.ts';
import type { Mailer, MailMessage } from '../mail.ts';
import { createInvitation, expireOpenInvitations } from './invitations.ts';
import { createSupplierOrganization } from './supplier-organizations.ts';
import {
  checkInvitationAgainstRelationship,
  type InvitationTarget,
  isRefusal,
  planSupplierInvitation,
} from './supplier-invitation-policy.ts';
import { findUserByEmail } from './users.ts';

/**
 * The supplier invitation flow: a customer invites a supplier by an email address. Shared by inviteSupplier
 * (suppliers module) and completeFileUpload (uploads module, decision 7), which add their own audit rows.
 */

type OrganizationRow = typeof organizations.$inferSelect;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** To a supplier that already has an account: a new customer asks to share data with it. */
export const connectionRequestEmail = (to: string, options: { customerName: string; supplierName: string; url: string }): MailMessage => {
  const intro = `${options.customerName} invited ${options.supplierName} to share emissions data on ${PRODUCT_NAME}.`;
  const action = 'Sign in to accept the request.';
  return {
    to,
    subject: `${options.customerName} wants to share data with you on ${PRODUCT_NAME}`,
    text: [intro, `${action} ${options.url}`, PRODUCT_NAME].join('\n\n'),
    html: `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5"><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(options.url)}">${escapeHtml(action)}</a></p></div>`,
    metadata: { kind: 'supplier-connection-request' },
  };
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

export type SupplierInvitationInput = {
  /** The inviting customer organization (its type checked by the caller). */
  customer: OrganizationRow;
  invitedByUserId: string;
  /** Normalised (lower case, trimmed). */
  email: string;
  organizationName: string;
  firstName?: string | null;
  lastName?: string | null;
};

export type SupplierInvitationOutcome = {
  supplierOrganizationId: string;
  /** True when a new supplier organization was created. */
  createdOrganization: boolean;
  relationshipId: string;
  /** The relationship before the invitation reopened it; null when it is new. */
  relationshipBefore: Record<string, unknown> | null;
  target: InvitationTarget['kind'];
  /** True when an invitation link was emailed (a person without an account yet); false for a connection request to an account. */
  invitationSent: boolean;
};

/**
 * Invites a supplier by email, inside the caller's transaction, with a mailer that sends after commit. The
 * supplier organization is created (as `invited`) unless the address belongs to a contact of an existing supplier,
 * or the customer already created an unregistered supplier of that name (see planSupplierInvitation). The
 * relationship starts `pending`; a new contact gets `/supplier/register?token=`, an existing account a request to
 * sign in and accept (completeSupplierRegistration). Refusals are thrown as AppErrors.
 */
export const inviteSupplierOrganization = async (
  services: { tx: Executor; mailer: Mailer; env: Pick<Env, 'APP_URL'> },
  input: SupplierInvitationInput,
): Promise<SupplierInvitationOutcome> => {
  const { tx, mailer } = services;
  const { customer, email } = input;
  const { user, facts } = await gatherFacts(tx, customer.id, email, input.organizationName);
  const target = planSupplierInvitation(facts);
  if (isRefusal(target)) return refuse(target);

  let supplierOrganizationId: string;
  let createdOrganization = false;
  let opened: { id: string; before: Record<string, unknown> | null };
  if (target.kind === 'new-organization') {
    const created = await createSupplierOrganization(tx, { name: input.organizationName, customerOrganizationId: customer.id });
    // The identity module links new suppliers with its own first status; the relationship status model starts at `pending`.
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

  const invitationSent = !(target.kind === 'existing-contact' && target.registered);
  if (!invitationSent) {
    const [supplier] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, supplierOrganizationId));
    await mailer.send(
      connectionRequestEmail(email, {
        customerName: customer.name,
        supplierName: supplier?.name ?? input.organizationName,
        url: `${services.env.APP_URL}/auth/login`,
      }),
    );
  } else {
    if (user) await expireOpenInvitations(tx, user.id);
    await createInvitation(
      { db: tx, mailer, env: services.env },
      {
        kind: 'supplier',
        email,
        organizationId: supplierOrganizationId,
        invitedByUserId: input.invitedByUserId,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
      },
    );
  }
  return {
    supplierOrganizationId,
    createdOrganization,
    relationshipId: opened.id,
    relationshipBefore: opened.before,
    target: target.kind,
    invitationSent,
  };
};
