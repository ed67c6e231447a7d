import { z } from 'zod';
import { builder } from '../../schema/builder.ts';
import { pageOf, PaginationInput, pageArg } from '../../schema/common.graphql.ts';
import { sortInputOf } from '../../schema/sorting.graphql.ts';
import { AUDIT_LOG_STATUSES, LOGIN_LOG_METHODS, LOGIN_LOG_STATUSES } from './logs.policy.ts';
import { AUDIT_LOG_SORT_FIELDS, type AuditLogRow, findAuditLogs } from './operations/find-audit-logs.ts';
import { findLoginLogs, LOGIN_LOG_SORT_FIELDS, type LoginLogRow } from './operations/find-login-logs.ts';
import { findUserAuditLogs } from './operations/find-user-audit-logs.ts';
import { findUserLoginLogs } from './operations/find-user-login-logs.ts';

const AuditLogRef = builder.objectRef<AuditLogRow>('AuditLog').implement({
  description: 'One entry of the append-only, hash-chained audit trail.',
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.exposeString('action', { description: 'The operation, e.g. `createAuthorizationRole`.' }),
    changes: t.field({ type: 'JSON', description: 'Field by field `{ before, after }`.', resolve: (log) => log.changes }),
    description: t.exposeString('description'),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    resource: t.exposeString('resource'),
    resourceId: t.exposeString('resourceId', { nullable: true }),
    serviceName: t.exposeString('serviceName'),
    status: t.exposeString('status', { description: `One of ${AUDIT_LOG_STATUSES.join(', ')}.` }),
    userId: t.exposeID('userId', { nullable: true }),
    email: t.exposeString('email', { nullable: true, description: "The acting user's email, for display." }),
    metadata: t.field({ type: 'JSON', description: 'Request id, IP address, user agent and error code.', resolve: (log) => log.metadata }),
    sequence: t.exposeInt('sequence', { description: "Position in the organization's hash chain." }),
    createdAt: t.field({ type: 'DateTime', resolve: (log) => log.createdAt }),
  }),
});

const LoginLogRef = builder.objectRef<LoginLogRow>('LoginLog').implement({
  description: 'One sign-in attempt.',
  fields: (t) => ({
    id: t.exposeID('id'),
    browser: t.exposeString('browser', { nullable: true }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    ipAddress: t.exposeString('ipAddress', { nullable: true }),
    method: t.exposeString('method', { description: `One of ${LOGIN_LOG_METHODS.join(', ')}.` }),
    os: t.exposeString('os', { nullable: true }),
    referenceId: t.exposeString('referenceId', { nullable: true }),
    serviceId: t.exposeString('serviceId', { nullable: true }),
    status: t.exposeString('status', { description: `One of ${LOGIN_LOG_STATUSES.join(', ')}.` }),
    userAgent: t.exposeString('userAgent', { nullable: true }),
    userId: t.exposeID('userId', { nullable: true }),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (log) => log.createdAt }),
  }),
});

const AuditLogPage = pageOf('AuditLog', AuditLogRef);
const LoginLogPage = pageOf('LoginLog', LoginLogRef);

const text = z.string().trim().max(200).nullish();

const AuditLogFilterInput = builder
  .inputType('AuditLogFilterInput', {
    fields: (t) => ({
      userId: t.id({ required: false }),
      action: t.string({ required: false }),
      resource: t.string({ required: false }),
      status: t.string({ required: false, description: `One of ${AUDIT_LOG_STATUSES.join(', ')}.` }),
      from: t.field({ type: 'DateTime', required: false, description: 'Inclusive.' }),
      to: t.field({ type: 'DateTime', required: false, description: 'Inclusive.' }),
    }),
  })
  .validate(
    z.object({
      userId: z.union([z.string(), z.number()]).nullish(),
      action: text,
      resource: text,
      status: z.enum(AUDIT_LOG_STATUSES, { error: `status must be one of ${AUDIT_LOG_STATUSES.join(', ')}` }).nullish(),
      from: z.date().nullish(),
      to: z.date().nullish(),
    }),
  );

const LoginLogFilterInput = builder
  .inputType('LoginLogFilterInput', {
    fields: (t) => ({
      userId: t.id({ required: false }),
      status: t.string({ required: false, description: `One of ${LOGIN_LOG_STATUSES.join(', ')}.` }),
      method: t.string({ required: false, description: `One of ${LOGIN_LOG_METHODS.join(', ')}.` }),
      from: t.field({ type: 'DateTime', required: false, description: 'Inclusive.' }),
      to: t.field({ type: 'DateTime', required: false, description: 'Inclusive.' }),
    }),
  })
  .validate(
    z.object({
      userId: z.union([z.string(), z.number()]).nullish(),
      status: z.enum(LOGIN_LOG_STATUSES, { error: `status must be one of ${LOGIN_LOG_STATUSES.join(', ')}` }).nullish(),
      method: z.enum(LOGIN_LOG_METHODS, { error: `method must be one of ${LOGIN_LOG_METHODS.join(', ')}` }).nullish(),
      from: z.date().nullish(),
      to: z.date().nullish(),
    }),
  );

const AuditLogSortInput = sortInputOf('AuditLog', AUDIT_LOG_SORT_FIELDS);
const LoginLogSortInput = sortInputOf('LoginLog', LOGIN_LOG_SORT_FIELDS);

const optionalId = (value: string | number | null | undefined) => (value == null ? null : String(value));

builder.queryField('auditLogs', (t) =>
  t.field({
    type: AuditLogPage,
    description: "The caller's organization's audit trail, newest first unless sort says otherwise.",
    authScopes: { permission: 'audit-logs:read' },
    args: {
      filter: t.arg({ type: AuditLogFilterInput, required: false }),
      pagination: t.arg({ type: PaginationInput, required: false }),
      sort: t.arg({ type: AuditLogSortInput, required: false }),
    },
    resolve: (_root, { filter, pagination, sort }, ctx) =>
      findAuditLogs(ctx, {
        filter: filter ? { ...filter, userId: optionalId(filter.userId) } : null,
        pagination: pageArg(pagination),
        sort,
      }),
  }),
);

builder.queryField('loginLogs', (t) =>
  t.field({
    type: LoginLogPage,
    description: "Sign-in attempts of the caller's organization's users, newest first unless sort says otherwise.",
    authScopes: { permission: 'login-logs:read' },
    args: {
      filter: t.arg({ type: LoginLogFilterInput, required: false }),
      pagination: t.arg({ type: PaginationInput, required: false }),
      sort: t.arg({ type: LoginLogSortInput, required: false }),
    },
    resolve: (_root, { filter, pagination, sort }, ctx) =>
      findLoginLogs(ctx, {
        filter: filter ? { ...filter, userId: optionalId(filter.userId) } : null,
        pagination: pageArg(pagination),
        sort,
      }),
  }),
);

builder.queryField('userAuditLogs', (t) =>
  t.field({
    type: AuditLogPage,
    description: "One member's actions, newest first.",
    authScopes: { permission: 'audit-logs:read' },
    args: { userId: t.arg.id({ required: true }), pagination: t.arg({ type: PaginationInput, required: false }) },
    resolve: (_root, args, ctx) => findUserAuditLogs(ctx, { userId: String(args.userId), pagination: pageArg(args.pagination) }),
  }),
);

builder.queryField('userLoginLogs', (t) =>
  t.field({
    type: LoginLogPage,
    description: "One member's sign-in attempts, newest first.",
    authScopes: { permission: 'login-logs:read' },
    args: { userId: t.arg.id({ required: true }), pagination: t.arg({ type: PaginationInput, required: false }) },
    resolve: (_root, args, ctx) => findUserLoginLogs(ctx, { userId: String(args.userId), pagination: pageArg(args.pagination) }),
  }),
);
