import { describe, expect, it } from 'vitest';
import { connectionFormOf, connectionSchema, toCreateInput, toUpdateInput } from './connection-schema.ts';
import type { PactConnection } from './graphql.ts';

const connection: PactConnection = {
  id: 'c1',
  name: 'Baltic host',
  baseUrl: 'https://pact.baltic.example',
  tokenUrl: 'https://pact.baltic.example/auth/token',
  clientId: 'nordwind',
  status: 'synced',
  lastSyncStartedAt: null,
  lastSyncedAt: null,
  lastError: null,
  footprintCount: 0,
  footprintsWithQuantity: 0,
  createdAt: '2026-01-01T00:00:00Z',
  supplier: { id: 's1', name: 'Baltic Marine Services' },
  entriesFile: null,
};

const valid = {
  name: 'Baltic host',
  supplierId: 's1',
  baseUrl: 'https://pact.baltic.example',
  tokenUrl: '',
  clientId: 'nordwind',
  clientSecret: 's3cret',
};

describe('the connection form', () => {
  it('needs the secret to add a connection but not to edit one', () => {
    expect(connectionSchema(false).safeParse({ ...valid, clientSecret: '' }).success).toBe(false);
    expect(connectionSchema(true).safeParse({ ...valid, clientSecret: '' }).success).toBe(true);
  });

  it('refuses addresses that are not web addresses or carry credentials', () => {
    const schema = connectionSchema(false);
    expect(schema.safeParse({ ...valid, baseUrl: 'ftp://host.example' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, baseUrl: 'https://user:pw@host.example' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, baseUrl: '' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, tokenUrl: 'not a url' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, tokenUrl: 'https://id.baltic.example/oauth/token' }).success).toBe(true);
  });

  it('adds without the empty optional fields', () => {
    expect(toCreateInput({ ...valid, supplierId: '' })).toEqual({
      name: 'Baltic host',
      baseUrl: 'https://pact.baltic.example',
      clientId: 'nordwind',
      clientSecret: 's3cret',
    });
  });

  it('edits with only what changed: the default token URL shows empty, a secret goes only when typed', () => {
    const before = connectionFormOf(connection);
    expect(before.tokenUrl).toBe('');
    expect(toUpdateInput('c1', before, before)).toEqual({ id: 'c1' });
    expect(toUpdateInput('c1', before, { ...before, name: 'Baltic PACT', clientSecret: 'new' })).toEqual({
      id: 'c1',
      name: 'Baltic PACT',
      clientSecret: 'new',
    });
    const withToken = connectionFormOf({ ...connection, tokenUrl: 'https://id.example/token' });
    expect(toUpdateInput('c1', withToken, { ...withToken, tokenUrl: '' })).toEqual({ id: 'c1', tokenUrl: null });
  });
});
