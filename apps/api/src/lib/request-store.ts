import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './logger.ts';

/** Per-request facts reachable from code that gets no context (error masking). */
export const requestStore = new AsyncLocalStorage<{ requestId: string; logger: Logger }>();
