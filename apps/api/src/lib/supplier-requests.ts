import type { Executor } from '@tidewise/db/client';
import { organizationRelationships, organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import { fileSupplierMatching, uploadSupplierData } from '@tidewise/db/schema/requests';
import { files } from '@tidewise/db/schema/uploads';
import type { DataRequestInput } from '@tidewise/shared/supplier-matching/data-request-input';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { refuse } from './authz.ts';
import { type CalendarTaskRow, createCalendarRow, createDataRequestTask, type DataRequestCaller } from './data-requests.ts';
import { AppError } from './errors.ts';
import { inviteSupplierOrganization } from './identity/supplier-invitation.ts';
import { findUserByEmail } from './identity/users.ts';
import type { Mailer } from './mail.ts';
import {
  invitationRefusalFor,
  isPlanRefusal,
  matchingUnderWayRefusal,
  planSupplierRequests,
  suspendedSupplierRefusal,
} from './supplier-requests-plan.ts';

/**
 * Sends a customer's request to the suppliers named in its upload (decision 7), inside the completion's
 * transaction: invites the unmatched suppliers given an address (the supplier invitation flow), opens a pending
 * relationship with a matched organization that is not yet a supplier of the customer (one found by an
 * identifier), makes one calendar with the request's deadline and one request per organization, and records
 * each request on its supplier rows. Emails leave through `mailer` after commit.
 */

type OrganizationRow = typeof organizations.$inferSelect;

export type SentSupplierRequests = {
  tasks: CalendarTaskRow[];
  invited: { email: string; organizationId: string; organizationName: string; createdOrganization: boolean }[];
  /** Unmatched suppliers without an address: asked nothing. */
  skipped: { supplierName: string; fileName: string }[];
  /** Matched organizations that became pending suppliers of the customer with the request. */
  relationshipsOpened: string[];
};

const refuseIfMatchingUnderWay = async (tx: Executor, fileUploadId: string) => {
  const running = await tx
    .select({ name: files.originalName })
    .from(fileSupplierMatching)
    .innerJoin(files, eq(files.id, fileSupplierMatching.fileId))
    .where(
      and(eq(files.fileUploadId, fileUploadId), ne(files.status, 'cancelled'), inArray(fileSupplierMatching.status, ['queued', 'running'])),
    );
  const refusal = matchingUnderWayRefusal(running.map((r) => r.name));
  if (refusal) refuse(refusal);
};

/** The supplier organization an address already works for with this customer (a relationship not ended), if any. */
const knownSupplierOf = async (tx: Executor, customerOrganizationId: string, email: string) => {
  const user = await findUserByEmail(tx, email);
  if (!user) return null;
  const [known] = await tx
    .select({ organizationId: organizationRelationships.supplierOrganizationId, status: organizationRelationships.status })
    .from(organizationUsers)
    .innerJoin(
      organizationRelationships,
      and(
        eq(organizationRelationships.supplierOrganizationId, organizationUsers.organizationId),
        eq(organizationRelationships.customerOrganizationId, customerOrganizationId),
      ),
    )
    .where(and(eq(organizationUsers.userId, user.id), ne(organizationRelationships.status, 'ended')))
    .limit(1);
  return known ?? null;
};

/** A matched organization must be a supplier the customer still shares with; one found only by an identifier becomes a pending one. */
const ensureRelationship = async (tx: Executor, customerOrganizationId: string, supplier: OrganizationRow): Promise<boolean> => {
  const [existing] = await tx
    .select()
    .from(organizationRelationships)
    .where(
      and(
        eq(organizationRelationships.customerOrganizationId, customerOrganizationId),
        eq(organizationRelationships.supplierOrganizationId, supplier.id),
      ),
    )
    .for('update')
    .limit(1);
  if (existing?.status === 'suspended') refuse(suspendedSupplierRefusal(supplier.name));
  if (existing && existing.status !== 'ended') return false;
  if (existing)
    await tx
      .update(organizationRelationships)
      .set({ status: 'pending', verifiedAt: null })
      .where(eq(organizationRelationships.id, existing.id));
  else
    await tx.insert(organizationRelationships).values({ customerOrganizationId, supplierOrganizationId: supplier.id, status: 'pending' });
  return true;
};

export const sendSupplierRequests = async (
  tx: Executor,
  mailer: Mailer,
  who: DataRequestCaller,
  input: { customer: OrganizationRow; userId: string; fileUploadId: string; supplierEmails: readonly string[]; request: DataRequestInput },
): Promise<SentSupplierRequests> => {
  const { customer, request } = input;
  await refuseIfMatchingUnderWay(tx, input.fileUploadId);
  const rows = await tx
    .select({
      id: uploadSupplierData.id,
      fileName: files.originalName,
      supplierName: uploadSupplierData.supplierName,
      matchStatus: uploadSupplierData.matchStatus,
      supplierOrgId: uploadSupplierData.supplierOrgId,
      contactEmail: uploadSupplierData.contactEmail,
    })
    .from(uploadSupplierData)
    .innerJoin(files, eq(files.id, uploadSupplierData.fileId))
    .where(and(eq(uploadSupplierData.fileUploadId, input.fileUploadId), ne(files.status, 'cancelled')))
    .orderBy(asc(files.createdAt), asc(uploadSupplierData.supplierName))
    .for('update', { of: uploadSupplierData });
  const plan = planSupplierRequests(rows, input.supplierEmails);
  if (isPlanRefusal(plan)) return refuse(plan);

  const requests = new Map(plan.requests);
  const invitedEmailOf = new Map<string, string>();
  const rowOrganization = new Map<string, string>();
  const invited: SentSupplierRequests['invited'] = [];
  for (const [email, invitation] of plan.invitations) {
    const known = await knownSupplierOf(tx, customer.id, email);
    let organizationId: string;
    if (known) {
      organizationId = known.organizationId;
    } else {
      try {
        const outcome = await inviteSupplierOrganization(
          { tx, mailer, env: who.env },
          { customer, invitedByUserId: input.userId, email, organizationName: invitation.organizationName },
        );
        organizationId = outcome.supplierOrganizationId;
        if (outcome.invitationSent) invitedEmailOf.set(organizationId, email);
        invited.push({
          email,
          organizationId,
          organizationName: invitation.organizationName,
          createdOrganization: outcome.createdOrganization,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw new AppError(error.code, invitationRefusalFor(invitation.organizationName, email, error.message), {
          field: 'supplierEmails',
        });
      }
    }
    for (const rowId of invitation.rowIds) rowOrganization.set(rowId, organizationId);
    requests.set(organizationId, [...(requests.get(organizationId) ?? []), ...invitation.rowIds]);
  }

  const suppliers = requests.size
    ? await tx
        .select()
        .from(organizations)
        .where(inArray(organizations.id, [...requests.keys()]))
    : [];
  const relationshipsOpened: string[] = [];
  for (const supplier of suppliers) {
    if (invitedEmailOf.has(supplier.id) || invited.some((i) => i.organizationId === supplier.id)) continue;
    if (await ensureRelationship(tx, customer.id, supplier)) relationshipsOpened.push(supplier.id);
  }

  const tasks: CalendarTaskRow[] = [];
  if (requests.size > 0) {
    const calendar = await createCalendarRow(
      tx,
      { organizationId: customer.id, deadline: request.deadline, createdByUserId: input.userId },
      who,
    );
    for (const supplier of [...suppliers].sort((a, b) => a.name.localeCompare(b.name))) {
      const task = await createDataRequestTask(
        tx,
        mailer,
        {
          calendarId: calendar.id,
          customerOrganizationId: customer.id,
          supplierOrganizationId: supplier.id,
          title: request.title,
          message: request.message,
          requestUploadId: input.fileUploadId,
          requiredUploadPurpose: request.requiredUploadPurpose,
          requiredUploadSecondaryPurpose: request.requiredUploadSecondaryPurpose,
          createdByUserId: input.userId,
          invitedEmail: invitedEmailOf.get(supplier.id) ?? null,
        },
        who,
      );
      tasks.push(task);
      const rowIds = requests.get(supplier.id) ?? [];
      await tx
        .update(uploadSupplierData)
        .set({
          calendarTaskId: task.id,
          uploadPurpose: request.requiredUploadPurpose,
          uploadSecondaryPurpose: request.requiredUploadSecondaryPurpose,
          updatedAt: new Date(),
        })
        .where(inArray(uploadSupplierData.id, rowIds));
      const invitedRows = rowIds.filter((rowId) => rowOrganization.get(rowId) === supplier.id);
      if (invitedRows.length)
        await tx.update(uploadSupplierData).set({ supplierOrgId: supplier.id }).where(inArray(uploadSupplierData.id, invitedRows));
    }
  }
  return {
    tasks,
    invited,
    skipped: plan.skipped.map((row) => ({ supplierName: row.supplierName, fileName: row.fileName })),
    relationshipsOpened,
  };
};
