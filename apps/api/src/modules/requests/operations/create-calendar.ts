import { createCalendarSchema } from '@tidewise/shared/requests/inputs';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { now } from '../../../lib/clock.ts';
import { type CalendarRow, createCalendarRow } from '../../../lib/data-requests.ts';
import { parseInput } from '../inputs.ts';

/** A new calendar of the caller's organization: requests made in it share its deadline unless they set their own. */
export const createCalendar = async (ctx: Context, input: { deadline: Date }): Promise<CalendarRow> => {
  const actor = requireActor(ctx);
  const { deadline } = parseInput(createCalendarSchema(now()), input);
  return ctx.db.transaction((tx) =>
    createCalendarRow(tx, { organizationId: actor.organizationId, deadline, createdByUserId: actor.userId }, ctx),
  );
};
