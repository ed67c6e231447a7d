import { builder } from '../../../schema/builder.ts';
import { createPactClient, type PactClientSecret } from './operations/create-pact-client.ts';
import { findPactClients } from './operations/find-pact-clients.ts';
import { creatorEmailOf, type PactClientRecord } from './operations/pact-client-records.ts';
import { revokePactClient } from './operations/revoke-pact-client.ts';

/** PACT API credentials (issue 14, docs/pact-exchange.md). PactClient is also what a received event names. */

const READ = 'pact:read';
const MANAGE = 'pact:manage';

export const PactClientRef = builder.objectRef<PactClientRecord>('PactClient').implement({
  description: 'API client credentials this organisation issued for its PACT host (OAuth 2 client credentials).',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    clientId: t.exposeString('clientId', { description: 'Public identifier sent as the Basic auth user name to POST /auth/token.' }),
    secretHint: t.exposeString('secretHint', { description: "The secret's last four characters." }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    createdByEmail: t.string({ nullable: true, resolve: (c, _args, ctx) => creatorEmailOf(ctx.db, c) }),
    lastUsedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.lastUsedAt }),
    revokedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.revokedAt }),
    active: t.boolean({ description: 'True while the credentials can obtain tokens.', resolve: (c) => c.revokedAt === null }),
  }),
});

const PactClientSecretRef = builder.objectRef<PactClientSecret>('PactClientSecret').implement({
  description: 'What createPactClient answers: the credentials and, this once, the secret.',
  fields: (t) => ({
    client: t.field({ type: PactClientRef, resolve: (s) => s.client }),
    clientSecret: t.exposeString('clientSecret', { description: 'Shown once; only a hash is stored.' }),
    tokenUrl: t.exposeString('tokenUrl', {
      description: 'The token endpoint and API base of this platform, to hand to the partner with the credentials.',
    }),
    apiBaseUrl: t.exposeString('apiBaseUrl'),
  }),
});

const CreatePactClientInput = builder.inputType('CreatePactClientInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    connectionId: t.id({ required: false }),
  }),
});

builder.queryField('pactClients', (t) =>
  t.field({
    type: [PactClientRef],
    authScopes: { permission: READ },
    args: { includeRevoked: t.arg.boolean({ required: false }) },
    resolve: (_root, args, ctx) => findPactClients(ctx, args.includeRevoked ?? false),
  }),
);

builder.mutationField('createPactClient', (t) =>
  t.field({
    type: PactClientSecretRef,
    authScopes: { permission: MANAGE },
    args: { input: t.arg({ type: CreatePactClientInput, required: true }) },
    resolve: (_root, { input }, ctx) => createPactClient(ctx, { name: input.name, connectionId: input.connectionId?.toString() }),
  }),
);

builder.mutationField('revokePactClient', (t) =>
  t.field({
    type: PactClientRef,
    authScopes: { permission: MANAGE },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => revokePactClient(ctx, String(args.id)),
  }),
);
