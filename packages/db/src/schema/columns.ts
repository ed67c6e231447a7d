import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column shapes every table uses the same way. Not a table file: drizzle-kit finds no tables here. */
export const idColumn = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestampColumn = (name: string) => timestamp(name, { withTimezone: true });
