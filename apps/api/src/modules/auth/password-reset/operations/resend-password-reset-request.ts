import type { Context } from '../../../../context.ts';
import { passwordResetRequest } from './password-reset-request.ts';

/** A new code for the same email; the previous token and code stop working. */
export const resendPasswordResetRequest = (ctx: Context, input: { authKey: string }) => passwordResetRequest(ctx, input);
