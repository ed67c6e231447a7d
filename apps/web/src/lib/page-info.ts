/** The spec's page information on every paginated list (`PageInfo`). */
export type PageInfo = { totalPages: number; currentPage: number; totalCount: number; hasNextPage: boolean; hasPreviousPage: boolean };
