import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../../context.ts';
import { PayloadTooLargeError, readBody } from '../../lib/body-limit.ts';
import { advanceClock } from '../../lib/clock.ts';
import { runReminderPass } from './reminder-pass.ts';

/**
 * `POST /test/clock {"advanceMs": n}`, for browser tests only: moves the server clock forward by n ms, runs the
 * reminder pass at once (not through the queue) and answers `{ now, sent, digests }`. It exists only with
 * TEST_HOOKS=true, which the configuration refuses under NODE_ENV=production; otherwise the path is unknown (404).
 */
export const TEST_CLOCK_PATH = '/test/clock';

export const isTestClockRoute = (pathname: string) => pathname === TEST_CLOCK_PATH;

/** Up to a year at a time. */
const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

export const handleTestClockRoute = async (services: AppServices, req: IncomingMessage, res: ServerResponse) => {
  if (!services.env.TEST_HOOKS || services.env.NODE_ENV === 'production') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain; charset=utf-8' }).end('Use POST');
    return;
  }
  let advanceMs: unknown;
  try {
    const body = await readBody(req, 1024);
    advanceMs = (JSON.parse(body.toString('utf8') || '{}') as { advanceMs?: unknown }).advanceMs ?? 0;
  } catch (error) {
    if (error instanceof PayloadTooLargeError) return answer(res, 413, { error: 'The body is too large' });
    return answer(res, 400, { error: 'Send JSON: {"advanceMs": <milliseconds>}' });
  }
  if (typeof advanceMs !== 'number' || !Number.isInteger(advanceMs) || advanceMs < 0 || advanceMs > MAX_ADVANCE_MS) {
    return answer(res, 400, { error: `advanceMs must be a whole number of milliseconds from 0 to ${MAX_ADVANCE_MS}` });
  }
  const moved = advanceClock(advanceMs);
  const pass = await runReminderPass(services, moved);
  services.logger.warn({ advanceMs, now: moved.toISOString(), sent: pass.sent }, 'test hook moved the server clock');
  return answer(res, 200, { now: moved.toISOString(), sent: pass.sent, skipped: pass.skipped, digests: pass.digests });
};
