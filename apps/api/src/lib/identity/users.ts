import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import { and, asc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../db.ts';
import { notFound } from '../errors.ts';

export type UserRow = typeof users.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const findUserByEmail = async (db: Executor, email: string): Promise<UserRow | null> => {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
};

export const findUserById = async (db: Executor, userId: string): Promise<UserRow | null> => {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
};

/** The organization a user signs in to: their first membership. */
export const findPrimaryOrganizationId = async (db: Executor, userId: string): Promise<string | null> => {
  const [row] = await db
    .select({ organizationId: organizationUsers.organizationId })
    .from(organizationUsers)
    .where(eq(organizationUsers.userId, userId))
    .orderBy(asc(organizationUsers.createdAt))
    .limit(1);
  return row?.organizationId ?? null;
};

/** Membership in the caller's organization, or NOT_FOUND: users of other organizations do not exist here. */
export const getMemberEmail = async (db: Executor, organizationId: string, userId: string): Promise<string> => {
  if (!isUuid(userId)) throw notFound('User', userId);
  const [row] = await db
    .select({ email: users.email })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId)))
    .limit(1);
  if (!row) throw notFound('User', userId);
  return row.email;
};
