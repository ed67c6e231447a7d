import type { ObjectRef } from '@pothos/core';
import { GraphQLError, Kind } from 'graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageInfo, type Pagination, paginationSchema } from '../lib/pagination.ts';
import { type BuilderTypes, builder } from './builder.ts';

builder.scalarType('DateTime', {
  description: 'An ISO-8601 date and time in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO-8601 date and time');
    return date;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string');
    const date = new Date(ast.value);
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO-8601 date and time');
    return date;
  },
});

builder.scalarType('JSON', {
  description: 'Arbitrary JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

export const PageInfoRef = builder.objectRef<PageInfo>('PageInfo').implement({
  fields: (t) => ({
    totalPages: t.exposeInt('totalPages'),
    currentPage: t.exposeInt('currentPage'),
    totalCount: t.exposeInt('totalCount'),
    hasNextPage: t.exposeBoolean('hasNextPage'),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage'),
  }),
});

export const PaginationInput = builder
  .inputType('PaginationInput', {
    description: `Page numbers start at 1; pageSize defaults to ${DEFAULT_PAGE_SIZE} and may be at most ${MAX_PAGE_SIZE}.`,
    fields: (t) => ({
      page: t.int({ required: false, defaultValue: 1 }),
      pageSize: t.int({ required: false, defaultValue: DEFAULT_PAGE_SIZE }),
    }),
  })
  .validate(paginationSchema);

/** The optional `pagination` argument of a list field, with the defaults filled in. */
export const pageArg = (pagination: { page?: number | null; pageSize?: number | null } | null | undefined): Pagination => ({
  page: pagination?.page ?? 1,
  pageSize: pagination?.pageSize ?? DEFAULT_PAGE_SIZE,
});

/**
 * Declares `<Name>Page { data: [Item!]!, pageInfo: PageInfo! }`, the shape every list query returns.
 */
export const pageOf = <T>(name: string, item: ObjectRef<BuilderTypes, T>) =>
  builder.objectRef<{ data: T[]; pageInfo: PageInfo }>(`${name}Page`).implement({
    fields: (t) => ({
      data: t.field({ type: [item], resolve: (page) => page.data }),
      pageInfo: t.field({ type: PageInfoRef, resolve: (page) => page.pageInfo }),
    }),
  });

export type ResponseErrorShape = {
  message: string;
  code: string;
  field?: string | null;
  details?: unknown;
};

export const ResponseErrorRef = builder.objectRef<ResponseErrorShape>('ResponseError').implement({
  description: 'One problem with a request: what is wrong (message), a machine code and where (field).',
  fields: (t) => ({
    message: t.exposeString('message'),
    code: t.exposeString('code'),
    field: t.string({ nullable: true, resolve: (e) => e.field ?? null }),
    details: t.field({ type: 'JSON', nullable: true, resolve: (e) => e.details ?? null }),
  }),
});

export type MessageResponseShape = {
  success: boolean;
  message?: string | null;
  errors?: ResponseErrorShape[];
};

export const MessageResponseRef = builder.objectRef<MessageResponseShape>('MessageResponse').implement({
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    message: t.string({ nullable: true, resolve: (r) => r.message ?? null }),
    errors: t.field({ type: [ResponseErrorRef], resolve: (r) => r.errors ?? [] }),
  }),
});

export type ExportLinkShape = { url: string; fileName: string; expiresAt: Date };

/** The formats of every export: the entries module's and the emissions report's. */
export const ExportFormatRef = builder.enumType('ExportFormat', { values: ['csv', 'xlsx'] as const });

/** A short-lived download link: the entries module's exports and the requests module's templates. */
export const ExportLinkRef = builder.objectRef<ExportLinkShape>('ExportLink').implement({
  description: 'A short-lived link (5 minutes) that downloads the export.',
  fields: (t) => ({
    url: t.exposeString('url'),
    fileName: t.exposeString('fileName'),
    expiresAt: t.field({ type: 'DateTime', resolve: (l) => l.expiresAt }),
  }),
});
