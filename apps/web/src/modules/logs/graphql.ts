import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

export const AuditLogFields = graphql(`
  fragment AuditLogFields on AuditLog {
    id action changes description resource resourceId serviceName status userId email metadata sequence createdAt
  }
`);

/** An audit entry; `changes` and `metadata` are the JSON scalar, read through `diff.ts`. */
export type AuditLog = ResultOf<typeof AuditLogFields>;

export const AuditLogsQuery = graphql(
  `
    query AuditLogs($filter: AuditLogFilterInput, $pagination: PaginationInput, $sort: AuditLogSortInput) {
      auditLogs(filter: $filter, pagination: $pagination, sort: $sort) {
        data { ...AuditLogFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [AuditLogFields, PageInfoFields],
);

export type AuditLogFilter = NonNullable<VariablesOf<typeof AuditLogsQuery>['filter']>;
export type AuditLogSortField = NonNullable<VariablesOf<typeof AuditLogsQuery>['sort']>['field'];

export const LoginLogFields = graphql(`
  fragment LoginLogFields on LoginLog {
    id browser failureReason ipAddress method os status userId email createdAt
  }
`);

export type LoginLog = ResultOf<typeof LoginLogFields>;

export const LoginLogsQuery = graphql(
  `
    query LoginLogs($filter: LoginLogFilterInput, $pagination: PaginationInput, $sort: LoginLogSortInput) {
      loginLogs(filter: $filter, pagination: $pagination, sort: $sort) {
        data { ...LoginLogFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [LoginLogFields, PageInfoFields],
);

export type LoginLogFilter = NonNullable<VariablesOf<typeof LoginLogsQuery>['filter']>;
export type LoginLogSortField = NonNullable<VariablesOf<typeof LoginLogsQuery>['sort']>['field'];

export const VerifyChainQuery = graphql(`
  query VerifyAuditLogChain {
    verifyAuditLogChain { chain valid checkedCount firstEntryAt lastEntryAt verifiedAt firstBrokenLink { id sequence reason } }
  }
`);

export const UserOptionsQuery = graphql(`
  query LogUserOptions {
    organizationUsers(pagination: { page: 1, pageSize: 100 }) {
      data { id userId firstName lastName email }
    }
  }
`);
