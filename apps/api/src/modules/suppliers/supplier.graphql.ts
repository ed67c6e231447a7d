import { asRelationshipStatus, inviteSupplierSchema, RELATIONSHIP_STATUSES, type RelationshipStatus } from '@tidewise/shared/organization';
import { z } from 'zod';
import { paginationSchema } from '../../lib/pagination.ts';
import { builder } from '../../schema/builder.ts';
import { MessageResponseRef, PaginationInput, pageOf } from '../../schema/common.graphql.ts';
import { sortInputOf } from '../../schema/sorting.graphql.ts';
import { completeSupplierRegistration } from './operations/complete-supplier-registration.ts';
import { findOrganizationRelationships, RELATIONSHIP_SORT_FIELDS } from './operations/find-organization-relationships.ts';
import type { SupplierMatch } from './supplier-matching.ts';
import { getSupplier } from './operations/get-supplier.ts';
import { groupSuppliers, type SupplierGroup } from './operations/grouped-suppliers.ts';
import { type InviteSupplierResult, inviteSupplier } from './operations/invite-supplier.ts';
import { resendSupplierInvitation } from './operations/resend-supplier-invitation.ts';
import { updateOrganizationRelationshipStatus } from './operations/update-organization-relationship-status.ts';
import type { OrganizationRow, RelationshipWithOrganizations } from './relationships.ts';
import { OrganizationRef } from '../../schema/identity.graphql.ts';
import { SupplierRef } from '../../schema/suppliers.graphql.ts';
import { supplierMatches } from './operations/supplier-matches.ts';

export const RelationshipStatusRef = builder.enumType('RelationshipStatus', {
  description:
    'pending → active (supplier accepts) → suspended ⇄ active; pending, active or suspended → ended; ended → pending (new invitation).',
  values: RELATIONSHIP_STATUSES,
});

const statusOf = (stored: string): RelationshipStatus => asRelationshipStatus(stored) ?? 'ended';

export const OrganizationRelationshipRef = builder.objectRef<RelationshipWithOrganizations>('OrganizationRelationship').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: RelationshipStatusRef, resolve: (r) => statusOf(r.status) }),
    verifiedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.verifiedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    customerOrganization: t.field({ type: OrganizationRef, resolve: (r) => r.customerOrganization }),
    supplierOrganization: t.field({ type: OrganizationRef, resolve: (r) => r.supplierOrganization }),
  }),
});
const OrganizationRelationshipPageRef = pageOf('OrganizationRelationship', OrganizationRelationshipRef);

SupplierRef.implement({
  description: 'A supplier organization of yours with the relationship that links it to you.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => r.supplierOrganizationId }),
    name: t.string({ resolve: (r) => r.supplierOrganization.name }),
    organization: t.field({ type: OrganizationRef, resolve: (r) => r.supplierOrganization }),
    relationship: t.field({ type: OrganizationRelationshipRef, resolve: (r) => r }),
  }),
});

const SupplierGroupRef = builder.objectRef<SupplierGroup>('SupplierGroup').implement({
  fields: (t) => ({
    status: t.field({ type: RelationshipStatusRef, resolve: (g) => g.status }),
    label: t.exposeString('label'),
    count: t.exposeInt('count'),
    suppliers: t.field({ type: [SupplierRef], resolve: (g) => g.suppliers }),
  }),
});

const SupplierMatchRef = builder.objectRef<SupplierMatch>('SupplierMatch').implement({
  fields: (t) => ({
    organization: t.field({ type: OrganizationRef, resolve: (m) => m.organization }),
    similarity: t.exposeFloat('similarity', { description: 'pg_trgm similarity of the names, 0 to 1.' }),
    relationshipStatus: t.field({ type: RelationshipStatusRef, resolve: (m) => statusOf(m.relationshipStatus) }),
  }),
});

const InviteSupplierResultRef = builder.objectRef<InviteSupplierResult>('InviteSupplierResult').implement({
  fields: (t) => ({
    relationship: t.field({ type: OrganizationRelationshipRef, resolve: (r) => r.relationship }),
    createdOrganization: t.exposeBoolean('createdOrganization'),
    possibleMatches: t.field({ type: [SupplierMatchRef], resolve: (r) => r.possibleMatches }),
  }),
});

const CompleteSupplierRegistrationResultRef = builder
  .objectRef<{ organization: OrganizationRow; activated: RelationshipWithOrganizations[] }>('CompleteSupplierRegistrationResult')
  .implement({
    fields: (t) => ({
      organization: t.field({ type: OrganizationRef, resolve: (r) => r.organization }),
      activated: t.field({ type: [OrganizationRelationshipRef], resolve: (r) => r.activated }),
    }),
  });

const InviteSupplierInput = builder
  .inputType('InviteSupplierInput', {
    fields: (t) => ({
      organizationName: t.string({ required: true }),
      email: t.string({ required: true }),
      firstName: t.string({ required: true }),
      lastName: t.string({ required: true }),
    }),
  })
  .validate(inviteSupplierSchema);

const RelationshipSideRef = builder.enumType('RelationshipSide', {
  description:
    'customer: relationships where you are the customer (your suppliers); supplier: where you are the supplier (your customers).',
  values: ['customer', 'supplier'] as const,
});

const OrganizationRelationshipSortInput = sortInputOf('OrganizationRelationship', RELATIONSHIP_SORT_FIELDS);

const nameArg = z.string().trim().min(1, { error: 'Enter a name' }).max(200, { error: 'The name must be at most 200 characters' });

builder.queryField('organizationRelationships', (t) =>
  t.field({
    type: OrganizationRelationshipPageRef,
    description: "Your relationships: as customer your suppliers, as supplier your customers. search matches the other side's name.",
    authScopes: { permission: 'suppliers:read' },
    args: {
      pagination: t.arg({ type: PaginationInput, required: false }),
      status: t.arg({ type: RelationshipStatusRef, required: false }),
      search: t.arg.string({ required: false, validate: z.string().max(200).nullish() }),
      side: t.arg({ type: RelationshipSideRef, required: false }),
      sort: t.arg({ type: OrganizationRelationshipSortInput, required: false }),
    },
    resolve: (_root, args, ctx) =>
      findOrganizationRelationships(
        ctx,
        paginationSchema.parse(args.pagination ?? {}),
        { status: args.status, search: args.search, side: args.side },
        args.sort,
      ),
  }),
);

builder.queryField('supplier', (t) =>
  t.field({
    type: SupplierRef,
    description: 'One of your supplier organizations, by organization id.',
    authScopes: { permission: 'suppliers:read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getSupplier(ctx, String(args.id)),
  }),
);

builder.queryField('groupedSuppliers', (t) =>
  t.field({
    type: [SupplierGroupRef],
    description: 'Your suppliers by relationship status, each status with its count and up to `limit` suppliers by name.',
    authScopes: { permission: 'suppliers:read' },
    args: { limit: t.arg.int({ required: false, defaultValue: 50, validate: z.number().int().min(0).max(100) }) },
    resolve: (_root, args, ctx) => groupSuppliers(ctx, args.limit ?? 50),
  }),
);

builder.queryField('supplierMatches', (t) =>
  t.field({
    type: [SupplierMatchRef],
    description: 'Your suppliers whose name resembles this one (trigram similarity above 0.3), best first.',
    authScopes: { permission: 'suppliers:read' },
    args: { name: t.arg.string({ required: true, validate: nameArg }) },
    resolve: (_root, args, ctx) => supplierMatches(ctx, args.name),
  }),
);

builder.mutationField('inviteSupplier', (t) =>
  t.field({
    type: InviteSupplierResultRef,
    description: 'Invites a supplier by email (/supplier/register?token=); the relationship starts pending.',
    authScopes: { permission: 'suppliers:invite' },
    args: { input: t.arg({ type: InviteSupplierInput, required: true }) },
    resolve: (_root, { input }, ctx) => inviteSupplier(ctx, inviteSupplierSchema.parse(input)),
  }),
);

builder.mutationField('resendSupplierInvitation', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { permission: 'suppliers:invite' },
    args: { relationshipId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => resendSupplierInvitation(ctx, String(args.relationshipId)),
  }),
);

builder.mutationField('completeSupplierRegistration', (t) =>
  t.field({
    type: CompleteSupplierRegistrationResultRef,
    description: "Called by a supplier's user after registering (or to accept a new customer): activates the pending relationships.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => completeSupplierRegistration(ctx),
  }),
);

builder.mutationField('updateOrganizationRelationshipStatus', (t) =>
  t.field({
    type: OrganizationRelationshipRef,
    description: 'The customer suspends (active → suspended), resumes (suspended → active) or ends a relationship.',
    authScopes: { permission: 'suppliers:update' },
    args: { id: t.arg.id({ required: true }), status: t.arg({ type: RelationshipStatusRef, required: true }) },
    resolve: (_root, args, ctx) => updateOrganizationRelationshipStatus(ctx, String(args.id), args.status),
  }),
);
