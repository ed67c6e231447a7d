import { reminderPreferenceSchema } from '@tidewise/shared/requests/reminders';
import { builder } from '../../schema/builder.ts';
import { getReminderPreference, type ReminderPreferenceView } from './operations/get-reminder-preference.ts';
import { updateReminderPreference } from './operations/update-reminder-preference.ts';

/** A user's setting for data request reminder emails (decision 0016, "Muting"). */

const ReminderPreferenceRef = builder.objectRef<ReminderPreferenceView>('ReminderPreference').implement({
  fields: (t) => ({
    remindersMuted: t.exposeBoolean('remindersMuted'),
  }),
});

const ReminderPreferenceInput = builder
  .inputType('ReminderPreferenceInput', {
    fields: (t) => ({
      remindersMuted: t.boolean({ required: true }),
    }),
  })
  .validate(reminderPreferenceSchema);

builder.queryField('reminderPreference', (t) =>
  t.field({
    type: ReminderPreferenceRef,
    description: "The signed-in user's reminder setting.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => getReminderPreference(ctx),
  }),
);

builder.mutationField('updateReminderPreference', (t) =>
  t.field({
    type: ReminderPreferenceRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: ReminderPreferenceInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateReminderPreference(ctx, input),
  }),
);
