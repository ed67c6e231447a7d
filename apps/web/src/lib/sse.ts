import { createClient } from 'graphql-sse';
import { log } from './log.ts';

export type SseClientOptions = {
  url: string;
  /** Read for every subscription, so a renewed access token is used on the next one. */
  headers?: () => Record<string, string>;
};

/** An event ends at a blank line (spec section 7: the stream is read line by line). */
const EVENT_END = /\r?\n\r?\n/;

/** The JSON an event carries on its `data:` lines ('' when it carries none, as `complete` does). */
const eventData = (event: string) =>
  event
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .join('\n');

/**
 * Passes the event stream on event by event, dropping (and logging) an event whose data is not JSON:
 * the client library would end the whole subscription on it, the spec skips it.
 */
const skipMalformedEvents = () => {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = '';
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.search(EVENT_END); end !== -1; end = buffer.search(EVENT_END)) {
        const terminator = buffer.slice(end).match(EVENT_END)?.[0] ?? '\n\n';
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + terminator.length);
        const data = eventData(event);
        try {
          if (data !== '') JSON.parse(data);
        } catch {
          log.warn('Failed to parse SSE data', data);
          continue;
        }
        controller.enqueue(encoder.encode(`${event}${terminator}`));
      }
    },
    flush(controller) {
      buffer += decoder.decode();
      if (buffer !== '') controller.enqueue(encoder.encode(buffer));
    },
  });
};

/**
 * The fetch the SSE client runs on: the spec's texts for an HTTP failure (`HTTP error! status 503`) and
 * a response without a body (`No response body`), and a body with malformed events taken out. The
 * global fetch is looked up on each call.
 */
export const sseFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!response.ok) throw new Error(`HTTP error! status ${response.status}`);
  if (!response.body) throw new Error('No response body');
  return new Response(response.body.pipeThrough(skipMalformedEvents()), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

/**
 * GraphQL subscriptions over Server-Sent Events (spec section 7), in the protocol's distinct connections
 * mode that the API serves: one streaming POST per subscription, JSON in, `text/event-stream` out, one
 * result per `next` event until `complete`. A failed stream is reported once, not retried, with the
 * spec's error text.
 */
export const createSseClient = ({ url, headers = () => ({}) }: SseClientOptions) =>
  createClient({
    url,
    singleConnection: false,
    headers,
    fetchFn: sseFetch,
    retryAttempts: 0,
  });
