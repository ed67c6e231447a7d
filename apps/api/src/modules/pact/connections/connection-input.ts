import type { Env } from '../../../env.ts';
import { AppError } from '../../../lib/errors.ts';
import { partnerUrlProblem } from './partner-url.ts';

export const MAX_NAME_LENGTH = 100;
export const MAX_URL_LENGTH = 2000;
export const MAX_CLIENT_ID_LENGTH = 200;
export const MAX_SECRET_LENGTH = 2000;

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { field });

/** A required text, trimmed, within its length. */
export const requiredText = (raw: string, field: string, label: string, max: number): string => {
  const value = raw.trim();
  if (!value) throw invalid(field, `Enter the ${label}.`);
  if (value.length > max) throw invalid(field, `The ${label} is ${value.length} characters long; it may have at most ${max}.`);
  return value;
};

/** A partner URL the server may call (https, public address unless PACT_ALLOW_INSECURE_URLS), trimmed of trailing slashes. */
export const partnerUrl = async (raw: string, field: string, env: Pick<Env, 'PACT_ALLOW_INSECURE_URLS'>): Promise<string> => {
  const value = requiredText(raw, field, field === 'tokenUrl' ? 'token URL' : 'base URL', MAX_URL_LENGTH).replace(/\/+$/, '');
  const problem = await partnerUrlProblem(value, { allowInsecure: env.PACT_ALLOW_INSECURE_URLS });
  if (problem) throw invalid(field, problem);
  return value;
};

/** The secret as typed: not trimmed (a partner's secret may end in a space), never echoed in a message. */
export const clientSecretOf = (raw: string): string => {
  if (raw.length === 0) throw invalid('clientSecret', 'Enter the client secret the partner gave you.');
  if (raw.length > MAX_SECRET_LENGTH) throw invalid('clientSecret', `The client secret may have at most ${MAX_SECRET_LENGTH} characters.`);
  return raw;
};
