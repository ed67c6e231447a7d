import type { Actor, Context } from '../context.ts';
import { AppError, unauthenticated } from './errors.ts';

/** A rule's answer when it says no: the error code, the message for the client and the field at fault. */
export type Refusal = { code: 'VALIDATION_FAILED' | 'CONFLICT' | 'FORBIDDEN'; message: string; field?: string };

/**
 * The signed-in actor. Resolvers run behind authScopes, so an actor is always there; this narrows
 * the type, and answers UNAUTHENTICATED (never a masked error) should an operation be called without one.
 */
export const requireActor = (ctx: Pick<Context, 'actor'>): Actor => {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
};

/** Turns a policy's refusal into the AppError the client sees. */
export const refuse = (refusal: Refusal): never => {
  throw new AppError(refusal.code, refusal.message, refusal.field ? { field: refusal.field } : {});
};
