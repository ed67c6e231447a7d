import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { findSupplierMatches } from '../supplier-matching.ts';

/** Suppliers of the caller whose names resemble `name`, so a customer sees a likely duplicate before inviting. */
export const supplierMatches = (ctx: Context, name: string) => findSupplierMatches(ctx.db, requireActor(ctx).organizationId, name);
