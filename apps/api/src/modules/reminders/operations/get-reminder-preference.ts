import { userNotificationSettings } from '@tidewise/db/schema/requests';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';

export type ReminderPreferenceView = { remindersMuted: boolean };

/** The signed-in user's reminder setting: not muted until they mute it. */
export const getReminderPreference = async (ctx: Context): Promise<ReminderPreferenceView> => {
  const actor = requireActor(ctx);
  const [row] = await ctx.db
    .select({ remindersMuted: userNotificationSettings.remindersMuted })
    .from(userNotificationSettings)
    .where(eq(userNotificationSettings.userId, actor.userId))
    .limit(1);
  return { remindersMuted: row?.remindersMuted ?? false };
};
