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
