import type { RelationshipWithOrganizations } from '../modules/suppliers/relationships.ts';
import { builder } from './builder.ts';

/** A supplier with its relationship to the caller; implemented in modules/suppliers, returned by the emissions factors too. */
export const SupplierRef = builder.objectRef<RelationshipWithOrganizations>('Supplier');
