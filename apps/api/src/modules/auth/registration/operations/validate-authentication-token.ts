import type { Context } from '../../../../context.ts';
import type { UserRow } from '../../../../lib/identity/users.ts';
import { speakForOrganization } from '../../../../lib/identity/viewer-organizations.ts';
import { getOpenInvitation } from '../open-invitation.ts';

/**
 * The welcome step of invited registration: who the invitation is for and from which organization,
 * so the page can greet them before they choose a password. Unusable tokens answer the spec's
 * "Invalid or expired invitation token". The page names the inviting customer, so this request
 * speaks for the invited organization (see canSeeCreatorOf).
 */
export const validateAuthenticationToken = async (ctx: Context, token: string): Promise<UserRow> => {
  const { invitation, user } = await getOpenInvitation(ctx.db, token);
  speakForOrganization(ctx, invitation.organizationId);
  return user;
};
