import { graphql, type ResultOf } from './graphql.ts';

/** The spec's page information on every paginated list; spread `...PageInfoFields` into a list's `pageInfo`. */
export const PageInfoFields = graphql(`
  fragment PageInfoFields on PageInfo {
    totalPages currentPage totalCount hasNextPage hasPreviousPage
  }
`);

export type PageInfo = ResultOf<typeof PageInfoFields>;
