import { userNotificationSettings } from '@tidewise/db/schema/requests';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import type { ReminderPreferenceView } from './get-reminder-preference.ts';

/**
 * Mutes or unmutes the signed-in user's reminder emails (the request, return and acceptance emails still go).
 * Reminders that fall while muted are recorded as skipped, so unmuting sends no old news. Audited.
 */
export const updateReminderPreference = async (ctx: Context, input: ReminderPreferenceView): Promise<ReminderPreferenceView> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ remindersMuted: userNotificationSettings.remindersMuted })
      .from(userNotificationSettings)
      .where(eq(userNotificationSettings.userId, actor.userId))
      .for('update')
      .limit(1);
    const [after] = await tx
      .insert(userNotificationSettings)
      .values({ userId: actor.userId, remindersMuted: input.remindersMuted })
      .onConflictDoUpdate({ target: userNotificationSettings.userId, set: { remindersMuted: input.remindersMuted, updatedAt: new Date() } })
      .returning({ remindersMuted: userNotificationSettings.remindersMuted });
    await recordAudit(tx, ctx, {
      resource: 'userNotificationSettings',
      resourceId: actor.userId,
      description: input.remindersMuted ? 'Muted reminder emails' : 'Unmuted reminder emails',
      before: { remindersMuted: before?.remindersMuted ?? false },
      after: { remindersMuted: after?.remindersMuted ?? input.remindersMuted },
    });
    return { remindersMuted: after?.remindersMuted ?? input.remindersMuted };
  });
};
