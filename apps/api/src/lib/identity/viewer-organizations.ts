import type { Context } from '../../context.ts';

/**
 * Organizations a request speaks for besides the signed-in actor's: while an invitation token is
 * validated, the invited organization (the person is about to join it); while a session starts
 * (no access token yet), the session's organization. Kept per request, keyed by the context
 * object, so nothing outlives the request.
 */
const granted = new WeakMap<object, Set<string>>();

export const speakForOrganization = (ctx: Context, organizationId: string) => {
  const ids = granted.get(ctx) ?? new Set<string>();
  ids.add(organizationId);
  granted.set(ctx, ids);
};

/** The actor's organization and any granted for this request. */
export const viewerOrganizationIds = (ctx: Context): ReadonlySet<string> => {
  const ids = new Set(granted.get(ctx));
  if (ctx.actor) ids.add(ctx.actor.organizationId);
  return ids;
};

/**
 * Who created (invited) an organization is its own business and its creator's: another customer
 * that shares a relationship with the same supplier must not learn who else works with it.
 */
export const canSeeCreatorOf = (
  viewerOrganizationIds: ReadonlySet<string>,
  organization: { id: string; createdByOrganizationId: string | null },
) =>
  organization.createdByOrganizationId !== null &&
  (viewerOrganizationIds.has(organization.id) || viewerOrganizationIds.has(organization.createdByOrganizationId));
