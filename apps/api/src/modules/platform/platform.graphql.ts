import { PRODUCT_NAME } from '@tidewise/shared/product';
import { z } from 'zod';
import { requireActor } from '../../lib/authz.ts';
import { now } from '../../lib/clock.ts';
import { builder } from '../../schema/builder.ts';

type ServerInfo = { productName: string; time: Date };

const ServerInfoRef = builder.objectRef<ServerInfo>('ServerInfo').implement({
  description: 'Facts a client can show or use to check that it reaches the API.',
  fields: (t) => ({
    productName: t.exposeString('productName'),
    time: t.field({ type: 'DateTime', resolve: (info) => info.time }),
  }),
});

builder.queryField('serverInfo', (t) =>
  t.field({
    type: ServerInfoRef,
    authScopes: { public: true },
    resolve: () => ({ productName: PRODUCT_NAME, time: now() }),
  }),
);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

builder.subscriptionField('clock', (t) =>
  t.field({
    type: 'DateTime',
    description:
      'Emits the server time `ticks` times, `intervalMs` apart, then completes. Lets a client check that its live-update channel (SSE) works end to end.',
    authScopes: { public: true },
    args: {
      ticks: t.arg.int({
        required: false,
        defaultValue: 3,
        validate: z.number().int().min(1, { error: 'ticks must be 1 or more' }).max(10, { error: 'ticks must be at most 10' }),
      }),
      intervalMs: t.arg.int({
        required: false,
        defaultValue: 1000,
        validate: z
          .number()
          .int()
          .min(10, { error: 'intervalMs must be 10 or more' })
          .max(10_000, { error: 'intervalMs must be at most 10000' }),
      }),
    },
    subscribe: async function* (_root, args, ctx) {
      const ticks = args.ticks ?? 3;
      for (let i = 0; i < ticks; i += 1) {
        if (i > 0) await sleep(args.intervalMs ?? 1000, ctx.request.signal);
        if (ctx.request.signal.aborted) return;
        yield now();
      }
    },
    resolve: (date) => date,
  }),
);

type Viewer = { userId: string; organizationId: string; permissions: string[] };

const ViewerRef = builder.objectRef<Viewer>('Viewer').implement({
  description: 'Who the bearer token belongs to.',
  fields: (t) => ({
    userId: t.exposeID('userId'),
    organizationId: t.exposeID('organizationId'),
    permissions: t.exposeStringList('permissions'),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: ViewerRef,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => {
      const actor = requireActor(ctx);
      return { userId: actor.userId, organizationId: actor.organizationId, permissions: [...actor.permissions].sort() };
    },
  }),
);
