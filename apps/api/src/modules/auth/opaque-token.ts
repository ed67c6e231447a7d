import { z } from 'zod';

/** Login, hand-off and refresh tokens as arguments: opaque, non-empty, never longer than a real one could be. */
export const opaqueToken = z.string().trim().min(1, { error: 'token is required' }).max(512, { error: 'token is too long' });
