import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { invitations, organizationRelationships, organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import { emailChangeRequests, organizationSettings } from '@tidewise/db/schema/organization-admin';
import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';

/**
 * One kind of business data an organization owns, and how to remove it. `clearOrganizationData`
 * runs every part in order inside one transaction; a new business table (uploads, data entries,
 * calendar) plugs in by adding its part here. Users, memberships, roles and the audit trail are
 * never a part: clearing data must leave the organization able to sign in and to prove what happened.
 */
export type OrganizationDataPart = {
  name: string;
  clear: (tx: Executor, organizationId: string) => Promise<number>;
};

/** Supplier organizations this customer created that nobody registered and that nobody else relates to. */
const removeOrphanedInvitedSuppliers = async (tx: Executor, customerId: string, supplierIds: string[]) => {
  if (!supplierIds.length) return;
  const orphans = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        inArray(organizations.id, supplierIds),
        eq(organizations.createdByOrganizationId, customerId),
        eq(organizations.registrationStatus, 'invited'),
        notExists(
          tx
            .select({ id: organizationRelationships.id })
            .from(organizationRelationships)
            .where(eq(organizationRelationships.supplierOrganizationId, organizations.id)),
        ),
      ),
    );
  const orphanIds = orphans.map((o) => o.id);
  if (!orphanIds.length) return;
  const invitees = await tx
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(and(inArray(organizationUsers.organizationId, orphanIds), isNull(users.passwordHash)));
  await tx.delete(organizations).where(inArray(organizations.id, orphanIds));
  const inviteeIds = invitees.map((i) => i.userId);
  if (inviteeIds.length) {
    await tx
      .delete(users)
      .where(
        and(
          inArray(users.id, inviteeIds),
          isNull(users.passwordHash),
          notExists(tx.select({ id: organizationUsers.id }).from(organizationUsers).where(eq(organizationUsers.userId, users.id))),
        ),
      );
  }
};

export const ORGANIZATION_DATA_PARTS: readonly OrganizationDataPart[] = [
  {
    name: 'supplierRelationships',
    clear: async (tx, organizationId) => {
      const removed = await tx
        .delete(organizationRelationships)
        .where(eq(organizationRelationships.customerOrganizationId, organizationId))
        .returning({ supplierId: organizationRelationships.supplierOrganizationId });
      await removeOrphanedInvitedSuppliers(
        tx,
        organizationId,
        removed.map((r) => r.supplierId),
      );
      return removed.length;
    },
  },
  {
    name: 'pendingInvitations',
    clear: async (tx, organizationId) =>
      (
        await tx
          .delete(invitations)
          .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt)))
          .returning({ id: invitations.id })
      ).length,
  },
  {
    name: 'emailChangeRequests',
    clear: async (tx, organizationId) =>
      (
        await tx
          .delete(emailChangeRequests)
          .where(eq(emailChangeRequests.organizationId, organizationId))
          .returning({ id: emailChangeRequests.id })
      ).length,
  },
  {
    name: 'organizationSetting',
    clear: async (tx, organizationId) =>
      (
        await tx
          .delete(organizationSettings)
          .where(eq(organizationSettings.organizationId, organizationId))
          .returning({ id: organizationSettings.organizationId })
      ).length,
  },
];
