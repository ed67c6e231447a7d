import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

export const OrganizationRelationshipFields = graphql(`
  fragment OrganizationRelationshipFields on OrganizationRelationship {
    id status verifiedAt createdAt
    customerOrganization { id name registrationStatus location }
    supplierOrganization { id name registrationStatus location }
  }
`);

export type OrganizationRelationship = ResultOf<typeof OrganizationRelationshipFields>;

export const RelationshipsQuery = graphql(
  `
    query OrganizationRelationships(
      $pagination: PaginationInput
      $status: RelationshipStatus
      $search: String
      $side: RelationshipSide
      $sort: OrganizationRelationshipSortInput
    ) {
      organizationRelationships(pagination: $pagination, status: $status, search: $search, side: $side, sort: $sort) {
        data { ...OrganizationRelationshipFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [OrganizationRelationshipFields, PageInfoFields],
);

export type RelationshipSortField = NonNullable<VariablesOf<typeof RelationshipsQuery>['sort']>['field'];

export const InviteSupplierMutation = graphql(
  `
    mutation InviteSupplier($input: InviteSupplierInput!) {
      inviteSupplier(input: $input) {
        relationship { ...OrganizationRelationshipFields }
        createdOrganization
        possibleMatches { organization { id name } similarity }
      }
    }
  `,
  [OrganizationRelationshipFields],
);

export type InviteSupplierInput = VariablesOf<typeof InviteSupplierMutation>['input'];
export type InviteSupplierResult = ResultOf<typeof InviteSupplierMutation>['inviteSupplier'];

export const ResendSupplierInvitationMutation = graphql(`
  mutation ResendSupplierInvitation($relationshipId: ID!) {
    resendSupplierInvitation(relationshipId: $relationshipId) { success message errors { message } }
  }
`);

export const UpdateRelationshipStatusMutation = graphql(
  `
    mutation UpdateOrganizationRelationshipStatus($id: ID!, $status: RelationshipStatus!) {
      updateOrganizationRelationshipStatus(id: $id, status: $status) { ...OrganizationRelationshipFields }
    }
  `,
  [OrganizationRelationshipFields],
);
