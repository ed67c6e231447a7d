import type { Plugin } from 'graphql-yoga';

/**
 * Set-Cookie values queued during one GraphQL request, keyed by its Request object, so nothing
 * outlives the request. Resolvers queue through the context; the plugin adds them to the response.
 */
const pending = new WeakMap<Request, string[]>();

/** Queues a Set-Cookie header for the response to this request. */
export const queueResponseCookie = (request: Request, cookie: string) => {
  const queued = pending.get(request);
  if (queued) queued.push(cookie);
  else pending.set(request, [cookie]);
};

/**
 * Yoga plugin that writes the queued cookies on the way out. Resolvers have no access to the HTTP
 * response; this keeps cookie handling in one place instead of reaching for the Node response.
 */
export const useResponseCookies = (): Plugin => ({
  onResponse: ({ request, response }) => {
    const queued = pending.get(request);
    if (!queued) return;
    pending.delete(request);
    for (const cookie of queued) response.headers.append('set-cookie', cookie);
  },
});
