import type { Executor } from '@tidewise/db/client';
import { organizationUsers, users } from '@tidewise/db/schema/identity';
import { asc, eq, sql } from 'drizzle-orm';

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

/** GraphQL ids arrive as any string; anything that is not a UUID cannot name a row. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
