import type { CalendarTaskStatus } from '@tidewise/shared/requests/statuses';
import { requireActor } from '../../lib/authz.ts';
import type { CalendarTaskEvent } from '../../lib/data-requests.ts';
import { AppError } from '../../lib/errors.ts';
import { type LiveItem, liveStream, unwrapLiveItem } from '../../lib/events/live-stream.ts';
import { builder } from '../../schema/builder.ts';
import { findTaskForActor, type TaskView } from './records.ts';
import { CalendarTaskRef, CalendarTaskStatusRef } from './requests.graphql.ts';

/**
 * Live updates of data requests (decision 10): every change is published to both the customer's and the
 * supplier's organization channel with the task's id only; each subscription reads the task again through the
 * organization-scoped loader before it answers.
 */

const READ = 'calendar:read';

const unlessGone = async (load: () => Promise<TaskView>): Promise<TaskView | null> => {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
};

type TaskChange = { calendarTaskId: string; status: CalendarTaskStatus };

const CalendarTaskChangeRef = builder.objectRef<TaskChange>('CalendarTaskChange').implement({
  description: 'One task changed (status, answer, review); read it again with calendarTask.',
  fields: (t) => ({
    calendarTaskId: t.exposeID('calendarTaskId'),
    status: t.field({ type: CalendarTaskStatusRef, resolve: (c) => c.status }),
  }),
});

builder.subscriptionField('calendarTaskUpdated', (t) =>
  t.field({
    type: CalendarTaskRef,
    description: 'The task each time it changes. Completes when it is deleted.',
    authScopes: { permission: READ },
    args: { calendarTaskId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const organizationId = requireActor(ctx).organizationId;
      const task = await findTaskForActor(ctx, String(args.calendarTaskId));
      return liveStream<TaskView>({
        ctx,
        permission: READ,
        sources: [
          {
            events: ctx.pubsub.subscribe('requests.task', organizationId),
            // A subtask's change can move its request: both name the request through parentTaskId.
            keyOf: (e: CalendarTaskEvent) => (e.calendarTaskId === task.id || e.parentTaskId === task.id ? task.id : null),
          },
        ],
        read: async (id) => {
          const current = await unlessGone(() => findTaskForActor(ctx, id));
          return current ? { emit: current } : 'end';
        },
      });
    },
    resolve: (item: LiveItem<TaskView>) => unwrapLiveItem(item),
  }),
);

builder.subscriptionField('calendarTasksUpdated', (t) =>
  t.field({
    type: CalendarTaskChangeRef,
    description: "Any task of the caller's organization, on either side, changed.",
    authScopes: { permission: READ },
    subscribe: async (_root, _args, ctx) => {
      const organizationId = requireActor(ctx).organizationId;
      return liveStream<TaskChange>({
        ctx,
        permission: READ,
        sources: [{ events: ctx.pubsub.subscribe('requests.task', organizationId), keyOf: (e: CalendarTaskEvent) => e.calendarTaskId }],
        read: async (id) => {
          const current = await unlessGone(() => findTaskForActor(ctx, id));
          return current ? { emit: { calendarTaskId: current.id, status: current.status as CalendarTaskStatus } } : 'skip';
        },
      });
    },
    resolve: (item: LiveItem<TaskChange>) => unwrapLiveItem(item),
  }),
);
