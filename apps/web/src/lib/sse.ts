import { log } from './log.ts';

export type SseSink<T> = {
  next: (value: T) => void;
  error: (error: Error) => void;
  complete: () => void;
};

export type SseRequest = {
  url: string;
  body: { query: string; variables?: Record<string, unknown>; operationName?: string | null };
  headers?: Record<string, string>;
};

/**
 * Reads a GraphQL subscription from a streaming POST (spec section 7): JSON in, `text/event-stream`
 * out, one JSON payload per `data:` line. A malformed line is logged and skipped; the stream ends
 * on `event: complete` or when the server closes it. Returns a function that cancels it.
 */
export const subscribeOverSse = <T = unknown>(request: SseRequest, sink: SseSink<T>): (() => void) => {
  const controller = new AbortController();
  let finished = false;
  const finish = (fn: () => void) => {
    if (finished) return;
    finished = true;
    fn();
  };

  const run = async () => {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...request.headers },
      body: JSON.stringify(request.body),
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`HTTP error! status ${response.status}`);
    if (!response.body) throw new Error('No response body');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let event = 'message';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          event = 'message';
          continue;
        }
        if (line.startsWith('event:')) {
          event = line.slice(6).trim();
          if (event === 'complete') {
            finish(sink.complete);
            controller.abort();
            return;
          }
          continue;
        }
        if (!line.startsWith('data:')) continue;
        const payload = line.slice(5).trim();
        if (payload === '') continue;
        try {
          sink.next(JSON.parse(payload) as T);
        } catch {
          log.warn('Failed to parse SSE data', payload);
        }
      }
    }
    finish(sink.complete);
  };

  run().catch((error: unknown) => {
    if (controller.signal.aborted) return finish(sink.complete);
    finish(() => sink.error(error instanceof Error ? error : new Error(String(error))));
  });

  return () => {
    finished = true;
    controller.abort();
  };
};
