import { z } from 'zod';
import type { CreatePactConnectionInput, PactConnection, UpdatePactConnectionInput } from './graphql.ts';

export const MAX_NAME = 200;
export const MAX_URL = 2000;
export const MAX_CLIENT_ID = 500;
export const MAX_SECRET = 2000;

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
};

const url = (message: string) =>
  z
    .string()
    .trim()
    .max(MAX_URL)
    .refine((value) => value === '' || isWebUrl(value), message);

/**
 * The connection form. Adding needs the secret; editing keeps the stored one unless a new one is typed (it is never
 * sent back). Whether plain http is allowed is the server's call (it refuses it outside development).
 */
export const connectionSchema = (editing: boolean) =>
  z.object({
    name: z.string().trim().min(1, 'Name the connection, for example after the supplier’s system.').max(MAX_NAME),
    supplierId: z.string(),
    baseUrl: url('Enter the host’s address, like https://pact.supplier.example.').refine((v) => v !== '', 'Enter the host’s base URL.'),
    tokenUrl: url('Enter the token endpoint’s address, or leave it empty.'),
    clientId: z.string().trim().min(1, 'Enter the client ID the partner gave you.').max(MAX_CLIENT_ID),
    clientSecret: editing ? z.string().max(MAX_SECRET) : z.string().min(1, 'Enter the client secret the partner gave you.').max(MAX_SECRET),
  });

export type ConnectionFormValues = z.output<ReturnType<typeof connectionSchema>>;

export const emptyConnectionForm = (): ConnectionFormValues => ({
  name: '',
  supplierId: '',
  baseUrl: '',
  tokenUrl: '',
  clientId: '',
  clientSecret: '',
});

/** An existing connection's values; the token URL only when one was given (not the default it falls back to). */
export const connectionFormOf = (connection: PactConnection): ConnectionFormValues => ({
  name: connection.name,
  supplierId: connection.supplier?.id ?? '',
  baseUrl: connection.baseUrl,
  tokenUrl: connection.tokenUrl === defaultTokenUrl(connection.baseUrl) ? '' : connection.tokenUrl,
  clientId: connection.clientId,
  clientSecret: '',
});

/** `<baseUrl>/auth/token`, the token endpoint used when none is given. */
export const defaultTokenUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/auth/token`;

export const toCreateInput = (values: ConnectionFormValues): CreatePactConnectionInput => ({
  name: values.name,
  baseUrl: values.baseUrl,
  clientId: values.clientId,
  clientSecret: values.clientSecret,
  ...(values.supplierId ? { supplierId: values.supplierId } : {}),
  ...(values.tokenUrl ? { tokenUrl: values.tokenUrl } : {}),
});

/** Only what changed; a token URL emptied goes as null (back to the default), a secret only when a new one was typed. */
export const toUpdateInput = (id: string, before: ConnectionFormValues, values: ConnectionFormValues): UpdatePactConnectionInput => ({
  id,
  ...(values.name !== before.name ? { name: values.name } : {}),
  ...(values.baseUrl !== before.baseUrl ? { baseUrl: values.baseUrl } : {}),
  ...(values.tokenUrl !== before.tokenUrl ? { tokenUrl: values.tokenUrl || null } : {}),
  ...(values.clientId !== before.clientId ? { clientId: values.clientId } : {}),
  ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
});
