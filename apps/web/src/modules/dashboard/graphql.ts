import { graphql, type ResultOf } from '../../lib/graphql.ts';

export const CompleteSupplierRegistrationMutation = graphql(`
  mutation CompleteSupplierRegistration {
    completeSupplierRegistration {
      organization { id registrationStatus }
      activated { id status customerOrganization { id name } }
    }
  }
`);

export type ActivatedRelationship = ResultOf<
  typeof CompleteSupplierRegistrationMutation
>['completeSupplierRegistration']['activated'][number];
