import type { PendingReminder } from '@tidewise/shared/requests/reminders';
import type { CalendarTaskStatus } from '@tidewise/shared/requests/statuses';

/** An open top-level request the reminder pass looks at, with what its email needs. */
export type OpenTask = {
  id: string;
  title: string;
  status: CalendarTaskStatus;
  deadline: Date;
  createdAt: Date;
  supplierOrganizationId: string;
  customerName: string;
  timeZone: string;
};

/** A reminder due for one supplier user about one request. */
export type DueReminder = PendingReminder & { email: string; task: OpenTask };
