import { graphql } from '../../lib/graphql.ts';
import { SUBMIT_CONTACT_REQUEST } from './components/contact-request-document.ts';

/**
 * The public contact mutation typed from the schema. Import it with `import type` only: the public
 * pages send the text with a plain POST and ship no GraphQL runtime.
 */
export const SubmitContactRequestMutation = graphql(SUBMIT_CONTACT_REQUEST);
