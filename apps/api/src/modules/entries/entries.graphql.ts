/** The entries module's GraphQL: validations, data entries, live validation updates. */
import './validation.graphql.ts';
import './data-entries.graphql.ts';
import './live.graphql.ts';
