import type { Executor } from '@tidewise/db/client';
import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import type { RelationshipStatus } from '@tidewise/shared/organization';

export const ORGANIZATION_TYPE_LABELS = { customer: 'Customer', supplier: 'Supplier' } as const;

/**
 * A supplier organization created by a customer, linked to it with a `pending` relationship
 * (becomes `active` when the supplier's first user registers or accepts), or `active` straight away
 * for seeds. Used by inviteSupplier, seeds and tests; statuses follow @tidewise/shared/organization.
 */
export const createSupplierOrganization = async (
  db: Executor,
  input: { name: string; customerOrganizationId: string; status?: Extract<RelationshipStatus, 'pending' | 'active'> },
) => {
  const [organization] = await db
    .insert(organizations)
    .values({
      name: input.name,
      organizationType: 'supplier',
      organizationTypeLabel: ORGANIZATION_TYPE_LABELS.supplier,
      registrationStatus: input.status === 'active' ? 'registered' : 'invited',
      createdByOrganizationId: input.customerOrganizationId,
    })
    .returning();
  if (!organization) throw new Error('organization insert returned nothing');
  const status = input.status ?? 'pending';
  await db.insert(organizationRelationships).values({
    customerOrganizationId: input.customerOrganizationId,
    supplierOrganizationId: organization.id,
    status,
    verifiedAt: status === 'active' ? new Date() : null,
  });
  return organization;
};
