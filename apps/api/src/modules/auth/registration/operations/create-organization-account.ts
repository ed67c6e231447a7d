import { users } from '@tidewise/db/schema/identity';
import { organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import type { OrganizationAccountInput } from '@tidewise/shared/auth';
import type { Context } from '../../../../context.ts';
import { AppError } from '../../../../lib/errors.ts';
import { assignSystemRole } from '../../../../lib/identity/system-roles.ts';
import { AUTH_MESSAGES } from '../../../../lib/identity/messages.ts';
import { type MfaSetupStart, startMfaSetup } from '../mfa-setup.ts';
import { authRateLimits } from '../../../../lib/identity/rate-limits.ts';
import { findUserByEmail, normalizeEmail } from '../../../../lib/identity/users.ts';
import { ORGANIZATION_TYPE_LABELS } from '../../../../lib/identity/supplier-organizations.ts';
import { isUniqueViolation } from '../../../../lib/db.ts';
import { hashPassword } from '../../../../lib/identity/passwords.ts';

/**
 * Organisation sign-up: a new customer organization with its first user as administrator, then the
 * chosen second factor, confirmed exactly like registration (verifyAuthenticatorSetup or
 * verifyEmailMfa).
 */
export const createOrganizationAccount = async (
  ctx: Context,
  input: OrganizationAccountInput,
): Promise<{ userId: string } & MfaSetupStart> => {
  authRateLimits.signIn(ctx.requestMeta.ipAddress);
  const email = normalizeEmail(input.email);
  const emailTaken = () => new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { field: 'email' });
  if (await findUserByEmail(ctx.db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  let user: { id: string; email: string };
  try {
    user = await ctx.db.transaction(async (tx) => {
      const [organization] = await tx
        .insert(organizations)
        .values({
          name: input.organizationName,
          organizationType: 'customer',
          organizationTypeLabel: ORGANIZATION_TYPE_LABELS.customer,
          registrationStatus: 'registered',
          industry: input.industry,
          companySize: input.companySize,
          websiteUrl: input.website,
          registrationNumber: input.registrationNumber,
          description: input.description,
        })
        .returning({ id: organizations.id });
      const [created] = await tx
        .insert(users)
        .values({ email, passwordHash, role: 'organization_admin', registeredAt: new Date() })
        .returning({ id: users.id, email: users.email });
      if (!organization || !created) throw new Error('organization account insert returned nothing');
      await tx
        .insert(organizationUsers)
        .values({ userId: created.id, organizationId: organization.id, firstName: input.firstName, lastName: input.lastName });
      await assignSystemRole(tx, { userId: created.id, organizationId: organization.id, roleKey: 'organization_admin' });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const setup = await startMfaSetup(ctx.db, ctx, user, input.mfaMethod);
  return { userId: user.id, ...setup };
};
