import type { RelationshipStatus } from '@tidewise/shared/organization';
import { gql } from 'urql';
import type { SortInput } from '../../lib/sort.ts';
import type { PageInfo } from '../../lib/page-info.ts';

export type RelationshipSortField = 'name' | 'status' | 'createdAt' | 'verifiedAt';

type OrganizationSummary = { id: string; name: string; registrationStatus: string | null; location: string | null };

export type OrganizationRelationship = {
  id: string;
  status: RelationshipStatus;
  verifiedAt: string | null;
  createdAt: string;
  customerOrganization: OrganizationSummary;
  supplierOrganization: OrganizationSummary;
};

export type RelationshipSide = 'customer' | 'supplier';

const RELATIONSHIP_FIELDS = `
  id status verifiedAt createdAt
  customerOrganization { id name registrationStatus location }
  supplierOrganization { id name registrationStatus location }
`;

export const RelationshipsQuery = gql<
  { organizationRelationships: { data: OrganizationRelationship[]; pageInfo: PageInfo } },
  {
    pagination: { page: number; pageSize: number };
    status: RelationshipStatus | null;
    search: string | null;
    side: RelationshipSide;
    sort: SortInput<RelationshipSortField> | null;
  }
>(`
  query OrganizationRelationships(
    $pagination: PaginationInput
    $status: RelationshipStatus
    $search: String
    $side: RelationshipSide
    $sort: OrganizationRelationshipSortInput
  ) {
    organizationRelationships(pagination: $pagination, status: $status, search: $search, side: $side, sort: $sort) {
      data { ${RELATIONSHIP_FIELDS} }
      pageInfo { totalPages currentPage totalCount hasNextPage hasPreviousPage }
    }
  }
`);

export type InviteSupplierInput = { organizationName: string; email: string; firstName: string; lastName: string };

export type InviteSupplierResult = {
  relationship: OrganizationRelationship;
  createdOrganization: boolean;
  possibleMatches: { organization: { id: string; name: string }; similarity: number }[];
};

export const InviteSupplierMutation = gql<{ inviteSupplier: InviteSupplierResult }, { input: InviteSupplierInput }>(`
  mutation InviteSupplier($input: InviteSupplierInput!) {
    inviteSupplier(input: $input) {
      relationship { ${RELATIONSHIP_FIELDS} }
      createdOrganization
      possibleMatches { organization { id name } similarity }
    }
  }
`);

export const ResendSupplierInvitationMutation = gql<
  { resendSupplierInvitation: { success: boolean; message: string | null; errors: { message: string }[] } },
  { relationshipId: string }
>`
  mutation ResendSupplierInvitation($relationshipId: ID!) {
    resendSupplierInvitation(relationshipId: $relationshipId) { success message errors { message } }
  }
`;

export const UpdateRelationshipStatusMutation = gql<
  { updateOrganizationRelationshipStatus: OrganizationRelationship },
  { id: string; status: RelationshipStatus }
>(`
  mutation UpdateOrganizationRelationshipStatus($id: ID!, $status: RelationshipStatus!) {
    updateOrganizationRelationshipStatus(id: $id, status: $status) { ${RELATIONSHIP_FIELDS} }
  }
`);
