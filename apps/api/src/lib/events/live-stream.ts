import type { Context } from '../../context.ts';
import { type AppError, forbidden, unauthenticated } from '../errors.ts';

/** One topic a subscription listens to, and which record (if any) an event of it names. */
export type LiveSource<Event> = {
  events: AsyncIterableIterator<Event>;
  /** The key of the record to read again, or null for an event this subscription ignores. */
  keyOf: (event: Event) => string | null;
};

/** What a subscription does with a key once it has read the record again. */
export type LiveRead<Value> = { emit: Value } | 'skip' | 'end';

export type LiveStreamOptions<Value> = {
  ctx: Context;
  // biome-ignore lint/suspicious/noExplicitAny: each source has its own event type; keyOf ties it to its events
  sources: LiveSource<any>[];
  /** Reads the record behind a key, scoped to the actor's organization. */
  read: (key: string) => Promise<LiveRead<Value>>;
  /** The permission the field was subscribed with; checked again before each answer. */
  permission: string;
};

/** What the stream hands the field's `resolve`: a record, or the refusal that ends it. */
export type LiveItem<Value> = { value: Value } | { refusal: AppError };

/** The record, or the refusal thrown for the client to see (then the stream completes). */
export const unwrapLiveItem = <Value>(item: LiveItem<Value>): Value => {
  if ('refusal' in item) throw item.refusal;
  return item.value;
};

/**
 * The body of a live field. Starts listening at once, before the response begins (in memory no event
 * published after that is missed; through Redis, once Redis has taken the SUBSCRIBE a moment later), and
 * yields the records the events name, read again through the organization-scoped loader: an event is only
 * a hint, never data. A read that fails (the database away for a moment) skips that event.
 *
 * Keys waiting to be read are kept in arrival order without repeats, so a burst of events about one
 * record costs one read and memory stays bounded however fast events come; a read always sees the newest
 * state. Before each answer the session is checked again (a stream outlives its access token): a session
 * ended or a permission withdrawn ends the stream with UNAUTHENTICATED or FORBIDDEN. The stream ends when
 * the request aborts (the client went away), when `read` answers `end`, or when the client completes it.
 */
export const liveStream = <Value>({ ctx, sources, read, permission }: LiveStreamOptions<Value>): AsyncGenerator<LiveItem<Value>> => {
  const actor = ctx.actor;
  if (!actor) throw unauthenticated();
  const signal = ctx.request.signal;
  const pending = new Set<string>();
  let wake: (() => void) | null = null;
  let closed = false;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    signal.removeEventListener('abort', close);
    for (const source of sources) void source.events.return?.();
    notify();
  };
  signal.addEventListener('abort', close);
  if (signal.aborted) close();

  // Each pump calls next() at once (its first step runs synchronously), which attaches the listener.
  for (const source of sources) {
    void (async () => {
      try {
        for await (const event of { [Symbol.asyncIterator]: () => source.events }) {
          const key = source.keyOf(event);
          if (key === null || closed) continue;
          pending.add(key);
          notify();
        }
      } catch (error) {
        ctx.logger.warn({ err: error }, 'live event source failed');
        close();
      }
    })();
  }

  const nextKey = async (): Promise<string | null> => {
    while (!closed) {
      const [key] = pending;
      if (key !== undefined) {
        pending.delete(key);
        return key;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    return null;
  };

  /** Why the actor may no longer listen (session ended, locked or expired; permission withdrawn), or null. */
  const refusalNow = async (): Promise<AppError | null> => {
    const current = await ctx.resolveActor(ctx, {
      userId: actor.userId,
      organizationId: actor.organizationId,
      sessionId: actor.sessionId,
    });
    if (!current) return unauthenticated();
    if (!current.permissions.has(permission)) return forbidden();
    return null;
  };

  return (async function* () {
    try {
      for (let key = await nextKey(); key !== null; key = await nextKey()) {
        let refusal: AppError | null;
        let outcome: LiveRead<Value>;
        try {
          refusal = await refusalNow();
          outcome = refusal ? 'end' : await read(key);
        } catch (error) {
          // A failed read (the database away for a moment) skips this event; the next one reads again.
          ctx.logger.warn({ err: error }, 'live update could not be read');
          continue;
        }
        if (refusal) {
          yield { refusal };
          return;
        }
        if (outcome === 'end') return;
        if (outcome === 'skip' || closed) continue;
        yield { value: outcome.emit };
      }
    } finally {
      close();
    }
  })();
};
