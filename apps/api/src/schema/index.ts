import { lexicographicSortSchema } from 'graphql';
import { withMutationAudit } from './audit-mutations.ts';
import { builder } from './builder.ts';
import './common.graphql.ts';
import './sorting.graphql.ts';
import './identity.graphql.ts';
import '../modules/platform/platform.graphql.ts';
import '../modules/contact/contact.graphql.ts';
import '../modules/audit/audit.graphql.ts';
import '../modules/auth/auth.graphql.ts';
import '../modules/auth/sign-in/sign-in.graphql.ts';
import '../modules/auth/sessions/sessions.graphql.ts';
import '../modules/auth/registration/registration.graphql.ts';
import '../modules/auth/password-reset/password-reset.graphql.ts';
import '../modules/account/account.graphql.ts';
import '../modules/roles/roles.graphql.ts';
import '../modules/logs/logs.graphql.ts';
import '../modules/organizations/organization.graphql.ts';
import '../modules/suppliers/supplier.graphql.ts';
import '../modules/uploads/uploads-types.graphql.ts';
import '../modules/uploads/file-uploads.graphql.ts';
import '../modules/uploads/single-uploads.graphql.ts';
import '../modules/uploads/rows.graphql.ts';
import '../modules/uploads/live.graphql.ts';
import '../modules/entries/entries.graphql.ts';
import '../modules/mappings/mappings.graphql.ts';

/** Every module's `*.graphql.ts` is imported above; the order does not matter. */
export const buildSchema = () => withMutationAudit(lexicographicSortSchema(builder.toSchema()));
