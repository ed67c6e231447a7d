import {
  CALENDAR_TASK_STATUSES,
  type CalendarTaskStatus,
  FINAL_CALENDAR_TASK_STATUSES,
  isRefusedForActor,
  transitionRefusal,
} from '@tidewise/shared/requests/statuses';
import type { Refusal } from '../../lib/authz.ts';

/**
 * The requests module's pure rules (decisions 0016 and 0017): which side of a task the caller is on, what each
 * side may change, and the refusals of a status change, a submission and an acceptance.
 */

export type TaskSide = 'customer' | 'supplier';

/** The customer is the task's organization, the supplier the organization asked; anyone else sees nothing. */
export const sideOf = (organizationId: string, task: { organizationId: string; supplierOrganizationId: string }): TaskSide | null =>
  task.organizationId === organizationId ? 'customer' : task.supplierOrganizationId === organizationId ? 'supplier' : null;

const subjectOf = (task: { taskType: string }) => (task.taskType === 'subtask' ? 'subtask' : 'request');

/** The statuses the side may move the task to now. */
export const allowedTransitionsFor = (
  task: { status: string; taskType: string },
  side: TaskSide,
  hasSubtasks: boolean,
): CalendarTaskStatus[] =>
  CALENDAR_TASK_STATUSES.filter(
    (to) => transitionRefusal(task.status as CalendarTaskStatus, to, side, { subject: subjectOf(task), hasSubtasks }) === null,
  );

/** A status change by one side: FORBIDDEN when that side never makes it, CONFLICT when the status does not allow it. */
export const statusChangeRefusal = (
  task: { status: string; taskType: string },
  to: CalendarTaskStatus,
  side: TaskSide,
  hasSubtasks: boolean,
): Refusal | null => {
  const from = task.status as CalendarTaskStatus;
  const message = transitionRefusal(from, to, side, { subject: subjectOf(task), hasSubtasks });
  if (!message) return null;
  return { code: isRefusedForActor(from, to, side) ? 'FORBIDDEN' : 'CONFLICT', message, field: 'status' };
};

/** Fields only the customer sets (the request's terms) and only the supplier sets (who answers, with what). */
export const CUSTOMER_FIELDS = [
  'title',
  'subTitle',
  'startDate',
  'endDate',
  'message',
  'requestUploadId',
  'requiredUploadPurpose',
  'requiredUploadSecondaryPurpose',
] as const;
export const SUPPLIER_FIELDS = ['assignedUserId', 'responseUploadId'] as const;

/** The first field of the input the side may not change, as a FORBIDDEN refusal naming it. */
export const fieldSideRefusal = (input: Record<string, unknown>, side: TaskSide): Refusal | null => {
  if (side === 'supplier') {
    const field = CUSTOMER_FIELDS.find((f) => input[f] !== undefined);
    if (field) return { code: 'FORBIDDEN', message: `Only the customer can change the ${fieldWords[field]} of a request.`, field };
  } else {
    const field = SUPPLIER_FIELDS.find((f) => input[f] !== undefined);
    if (field)
      return {
        code: 'FORBIDDEN',
        message:
          field === 'assignedUserId' ? 'Only the supplier can assign a request.' : 'Only the supplier can attach the response upload.',
        field,
      };
  }
  return null;
};

const fieldWords: Record<(typeof CUSTOMER_FIELDS)[number], string> = {
  title: 'title',
  subTitle: 'subtitle',
  startDate: 'start date',
  endDate: 'end date',
  message: 'message',
  requestUploadId: 'request upload',
  requiredUploadPurpose: 'required data',
  requiredUploadSecondaryPurpose: 'reporting period',
};

/** Details of an accepted or cancelled task stay as they were. */
export const finalTaskRefusal = (task: { status: string; taskType: string }): Refusal | null =>
  FINAL_CALENDAR_TASK_STATUSES.includes(task.status as CalendarTaskStatus)
    ? {
        code: 'CONFLICT',
        message: `${task.status === 'accepted' ? 'An accepted' : 'A cancelled'} ${subjectOf(task)} cannot be changed.`,
      }
    : null;

/** The response upload can be attached or changed while the supplier still works on the request. */
export const responseUploadRefusal = (task: { status: string; taskType: string }): Refusal | null =>
  ['requested', 'in_progress', 'returned'].includes(task.status)
    ? null
    : {
        code: 'CONFLICT',
        message: `The response upload of a ${subjectOf(task)} that is ${task.status.replace('_', ' ')} cannot be changed; take the submission back first.`,
        field: 'responseUploadId',
      };

export type ResponseFileState = { name: string; status: string; validationStatus: string | null };

/**
 * A submission hands in an answer whose every file (cancelled ones aside) was read and validated; otherwise it
 * names the files still to do.
 */
export const responseFilesRefusal = (filesOfUpload: readonly ResponseFileState[]): Refusal | null => {
  const live = filesOfUpload.filter((f) => f.status !== 'cancelled');
  if (live.length === 0) return { code: 'CONFLICT', message: 'The response upload holds no file. Add the answer file before submitting.' };
  const unread = live.filter((f) => f.status !== 'processed');
  if (unread.length > 0)
    return {
      code: 'CONFLICT',
      message: `${listNames(unread)} ${unread.length === 1 ? 'is' : 'are'} not read yet (or could not be read). Wait for it, or remove it, before submitting.`,
    };
  const unvalidated = live.filter((f) => f.validationStatus !== 'validated');
  if (unvalidated.length > 0)
    return {
      code: 'CONFLICT',
      message: `${listNames(unvalidated)} ${unvalidated.length === 1 ? 'is' : 'are'} not validated yet. Map the columns and apply the mappings before submitting.`,
    };
  return null;
};

const listNames = (files: readonly { name: string }[]) => {
  const names = files.map((f) => `"${f.name}"`);
  return names.length === 1 ? `The file ${names[0]}` : `The files ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

/** Accepting completes the response upload, which only a ready (or already completed) upload can be. */
export const acceptUploadRefusal = (uploadStatus: string | null): Refusal | null => {
  if (uploadStatus === null || uploadStatus === 'ready' || uploadStatus === 'completed') return null;
  const why =
    uploadStatus === 'uploading' || uploadStatus === 'processing'
      ? 'its files are still being uploaded or read'
      : uploadStatus === 'failed'
        ? 'none of its files could be read'
        : 'it holds no file';
  return { code: 'CONFLICT', message: `The answer cannot be accepted: ${why}. Return it to the supplier instead.` };
};
