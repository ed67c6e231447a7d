import type { Executor } from '@tidewise/db/client';
import { loginLogs } from '@tidewise/db/schema/login-logs';
import type { RequestMeta } from '../../context.ts';
import { parseUserAgent } from '../user-agent.ts';

export type LoginLogMethod = 'password' | 'Email' | 'Authenticator' | 'refresh';
export type LoginLogStatus = 'success' | 'mfa_required' | 'failure';

export type LoginLogEntry = {
  userId: string | null;
  organizationId?: string | null;
  method: LoginLogMethod;
  status: LoginLogStatus;
  failureReason?: string | null;
  referenceId?: string | null;
};

export const LOGIN_LOG_SERVICE_ID = 'api';

/** Records one sign-in attempt with the caller's address and parsed user agent. */
export const writeLoginLog = async (db: Executor, meta: RequestMeta, entry: LoginLogEntry) => {
  const { browser, os } = parseUserAgent(meta.userAgent);
  await db.insert(loginLogs).values({
    userId: entry.userId,
    organizationId: entry.organizationId ?? null,
    method: entry.method,
    status: entry.status,
    failureReason: entry.failureReason ?? null,
    referenceId: entry.referenceId ?? meta.requestId,
    browser,
    os,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
    serviceId: LOGIN_LOG_SERVICE_ID,
  });
};
