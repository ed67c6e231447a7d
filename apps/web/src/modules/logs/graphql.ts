import { gql } from 'urql';
import type { SortInput } from '../../lib/sort.ts';
import type { PageInfo } from '../../lib/page-info.ts';

export type AuditLogSortField = 'createdAt' | 'email' | 'action' | 'resource' | 'status';
export type LoginLogSortField = 'createdAt' | 'email' | 'method' | 'status' | 'device' | 'ipAddress';

export type Changes = Record<string, { before?: unknown; after?: unknown }>;

export type AuditLog = {
  id: string;
  action: string;
  changes: Changes | null;
  description: string;
  resource: string;
  resourceId: string | null;
  serviceName: string;
  status: string;
  userId: string | null;
  email: string | null;
  metadata: Record<string, unknown> | null;
  sequence: number;
  createdAt: string;
};

export type LoginLog = {
  id: string;
  browser: string | null;
  failureReason: string | null;
  ipAddress: string | null;
  method: string;
  os: string | null;
  status: string;
  userId: string | null;
  email: string | null;
  createdAt: string;
};

export type AuditLogFilter = {
  userId?: string | null;
  action?: string | null;
  resource?: string | null;
  status?: string | null;
  from?: string | null;
  to?: string | null;
};

export type LoginLogFilter = {
  userId?: string | null;
  status?: string | null;
  method?: string | null;
  from?: string | null;
  to?: string | null;
};

type Pagination = { page: number; pageSize: number };
const PAGE_INFO = 'pageInfo { totalPages currentPage totalCount hasNextPage hasPreviousPage }';

export const AuditLogsQuery = gql<
  { auditLogs: { data: AuditLog[]; pageInfo: PageInfo } },
  { filter: AuditLogFilter | null; pagination: Pagination; sort: SortInput<AuditLogSortField> | null }
>(`
  query AuditLogs($filter: AuditLogFilterInput, $pagination: PaginationInput, $sort: AuditLogSortInput) {
    auditLogs(filter: $filter, pagination: $pagination, sort: $sort) {
      data { id action changes description resource resourceId serviceName status userId email metadata sequence createdAt }
      ${PAGE_INFO}
    }
  }
`);

export const LoginLogsQuery = gql<
  { loginLogs: { data: LoginLog[]; pageInfo: PageInfo } },
  { filter: LoginLogFilter | null; pagination: Pagination; sort: SortInput<LoginLogSortField> | null }
>(`
  query LoginLogs($filter: LoginLogFilterInput, $pagination: PaginationInput, $sort: LoginLogSortInput) {
    loginLogs(filter: $filter, pagination: $pagination, sort: $sort) {
      data { id browser failureReason ipAddress method os status userId email createdAt }
      ${PAGE_INFO}
    }
  }
`);

export type ChainVerification = {
  valid: boolean;
  checkedCount: number;
  verifiedAt: string;
  firstBrokenLink: { id: string; sequence: number; reason: string } | null;
};

export const VerifyChainQuery = gql<{ verifyAuditLogChain: ChainVerification }, Record<string, never>>`
  query VerifyAuditLogChain {
    verifyAuditLogChain { valid checkedCount verifiedAt firstBrokenLink { id sequence reason } }
  }
`;

export type UserOption = { userId: string; firstName: string | null; lastName: string | null; email: string };

export const UserOptionsQuery = gql<{ organizationUsers: { data: UserOption[] } }, Record<string, never>>`
  query LogUserOptions {
    organizationUsers(pagination: { page: 1, pageSize: 100 }) {
      data { id userId firstName lastName email }
    }
  }
`;
