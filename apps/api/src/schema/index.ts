import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.ts';
import './common.graphql.ts';
import '../modules/platform/platform.graphql.ts';
import '../modules/contact/contact.graphql.ts';

/** Every module's `*.graphql.ts` is imported above; the order does not matter. */
export const buildSchema = () => lexicographicSortSchema(builder.toSchema());
