import { organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import { MFA_METHODS, type MfaMethod } from '@tidewise/shared/auth';
import { asc, eq } from 'drizzle-orm';
import type { UserRow } from '../lib/identity/users.ts';
import { canSeeCreatorOf, viewerOrganizationIds } from '../lib/identity/viewer-organizations.ts';
import { builder } from './builder.ts';

/* Identity types that several modules return: organizations, memberships, users, the second-factor method. */

type OrganizationRow = typeof organizations.$inferSelect;
type OrganizationUserRow = typeof organizationUsers.$inferSelect;

export const MfaMethodRef = builder.enumType('MfaMethod', { values: MFA_METHODS });

/** Stored values are the enum names; anything else reads as "not chosen yet". */
export const asMfaMethod = (value: string | null): MfaMethod | null => (value === 'Email' || value === 'Authenticator' ? value : null);

export const OrganizationRef = builder.objectRef<OrganizationRow>('Organization');
OrganizationRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    organizationType: t.exposeString('organizationType', { description: '`customer` or `supplier`.' }),
    organizationTypeLabel: t.exposeString('organizationTypeLabel', { nullable: true }),
    logo: t.exposeString('logo', { nullable: true }),
    websiteUrl: t.exposeString('websiteUrl', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    registrationStatus: t.exposeString('registrationStatus', { nullable: true }),
    createdByOrganization: t.field({
      type: OrganizationRef,
      nullable: true,
      description:
        'For a supplier: the customer organization that invited it. Shown only to the organization itself, to that customer, and on the invitation welcome step; null for anyone else.',
      resolve: async (organization, _args, ctx) => {
        if (!organization.createdByOrganizationId || !canSeeCreatorOf(viewerOrganizationIds(ctx), organization)) return null;
        const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, organization.createdByOrganizationId)).limit(1);
        return row ?? null;
      },
    }),
  }),
});

export const OrganizationUserRef = builder.objectRef<OrganizationUserRow>('OrganizationUser').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    userId: t.exposeID('userId'),
    organizationId: t.exposeID('organizationId'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    jobPosition: t.exposeString('jobPosition', { nullable: true }),
    organization: t.field({
      type: OrganizationRef,
      resolve: async (membership, _args, ctx) => {
        const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, membership.organizationId)).limit(1);
        if (!row) throw new Error('organization of a membership is missing');
        return row;
      },
    }),
  }),
});

/** A person's account as the app shows it; never exposes credentials or MFA secrets. */
export const UserRef = builder.objectRef<UserRow>('User').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.exposeString('role'),
    language: t.exposeString('language'),
    organizationUser: t.field({
      type: OrganizationUserRef,
      nullable: true,
      resolve: async (user, _args, ctx) => {
        const [row] = await ctx.db
          .select()
          .from(organizationUsers)
          .where(eq(organizationUsers.userId, user.id))
          .orderBy(asc(organizationUsers.createdAt))
          .limit(1);
        return row ?? null;
      },
    }),
  }),
});
