import type { FileCategory } from '@tidewise/shared/uploads';
import { emailSchema } from '@tidewise/shared/auth';
import type { ObjectRef } from '@pothos/core';
import type { Context } from '../../context.ts';
import { builder, type BuilderTypes } from '../../schema/builder.ts';
import { OrganizationRef } from '../../schema/identity.graphql.ts';
import { FileCategoryRef } from '../../schema/uploads.graphql.ts';
import { confirmSupplierMatch } from './operations/confirm-supplier-match.ts';
import { findUploadSupplierData } from './operations/find-upload-supplier-data.ts';
import { findUploadSupplierDataByTask } from './operations/find-upload-supplier-data-by-task.ts';
import { setUploadSupplierContact } from './operations/set-upload-supplier-contact.ts';
import {
  type BatchSupplierMatching,
  batchSupplierMatching,
  dataEntryIdsOf,
  type PossibleMatchView,
  type UploadSupplierDataView,
} from './records.ts';
import { asMatchStatus, SUPPLIER_MATCH_STATUSES, SUPPLIER_MATCHING_STATUSES } from './supplier-matches.policy.ts';

/** Supplier matching (decision 6): the suppliers of a customer's upload, their matches, and the supplier fields of FileUploadValidation. */

const READ = 'uploads:read';
const UPDATE = 'uploads:update';

const SupplierMatchStatusRef = builder.enumType('SupplierMatchStatus', { values: SUPPLIER_MATCH_STATUSES });

const SupplierMatchingStatusRef = builder.enumType('SupplierMatchingStatus', {
  description: 'queued, running, completed, failed, or none when the file names no supplier.',
  values: SUPPLIER_MATCHING_STATUSES,
});

const PossibleSupplierMatchRef = builder.objectRef<PossibleMatchView>('PossibleSupplierMatch').implement({
  fields: (t) => ({
    organization: t.field({ type: OrganizationRef, resolve: (m) => m.organization }),
    score: t.exposeFloat('score'),
    reason: t.exposeString('reason'),
  }),
});

const UploadSupplierDataRef = builder.objectRef<UploadSupplierDataView>('UploadSupplierData').implement({
  description: "Which rows of a customer's file concern which supplier, and the request made from them (spec UploadSupplierData).",
  fields: (t) => ({
    id: t.exposeID('id'),
    supplierName: t.exposeString('supplierName'),
    supplierOrgId: t.exposeID('supplierOrgId', { nullable: true }),
    supplierOrganization: t.field({ type: OrganizationRef, nullable: true, resolve: (v) => v.supplierOrganization }),
    matchStatus: t.field({ type: SupplierMatchStatusRef, resolve: (v) => asMatchStatus(v.matchStatus) }),
    matchScore: t.float({ nullable: true, resolve: (v) => (v.restricted ? null : v.matchScore) }),
    matchReason: t.string({ nullable: true, resolve: (v) => (v.restricted ? null : v.matchReason) }),
    possibleMatches: t.field({ type: [PossibleSupplierMatchRef], resolve: (v) => v.possibleMatchViews }),
    isConfirmed: t.exposeBoolean('isConfirmed'),
    contactEmail: t.string({ nullable: true, resolve: (v) => (v.restricted ? null : v.contactEmail) }),
    itemCount: t.exposeInt('itemCount'),
    rowIndices: t.field({ type: ['Int'], description: '0-based data rows.', resolve: (v) => v.rowIndices }),
    dataEntryIds: t.field({
      type: ['ID'],
      description: "Entries of the file's current validation for these rows.",
      resolve: (v) => (v.restricted ? [] : dataEntryIdsOf(v)),
    }),
    fileId: t.exposeID('fileId'),
    fileName: t.exposeString('fileName'),
    uploadId: t.exposeID('fileUploadId', { nullable: true }),
    responseUploadId: t.exposeID('responseUploadId', { nullable: true }),
    calendarTaskId: t.exposeID('calendarTaskId', { nullable: true }),
    uploadPurpose: t.field({ type: FileCategoryRef, nullable: true, resolve: (v) => v.uploadPurpose as FileCategory | null }),
    uploadSecondaryPurpose: t.exposeString('uploadSecondaryPurpose', { nullable: true }),
  }),
});

const SupplierValidationRef = builder.objectRef<UploadSupplierDataView>('SupplierValidation').implement({
  description: 'One supplier named in one file of the upload (spec supplierValidations).',
  fields: (t) => ({
    uploadSupplierDataId: t.exposeID('id'),
    fileName: t.exposeString('fileName'),
    supplierName: t.exposeString('supplierName'),
    status: t.field({ type: SupplierMatchStatusRef, resolve: (v) => asMatchStatus(v.matchStatus) }),
    rowCount: t.exposeInt('itemCount'),
    isConfirmed: t.exposeBoolean('isConfirmed'),
    matchedOrganization: t.field({ type: OrganizationRef, nullable: true, resolve: (v) => v.supplierOrganization }),
    possibleMatches: t.field({ type: [PossibleSupplierMatchRef], resolve: (v) => v.possibleMatchViews }),
  }),
});

// FileUploadValidation is the entries module's type; its supplier fields are declared here by the type's name
// (a module never imports another). Its objects carry the batch id.
const FileUploadValidationByName = 'FileUploadValidation' as unknown as ObjectRef<BuilderTypes, { fileUploadId: string }>;

/** One read per FileUploadValidation object, shared by its supplier fields. */
const summaries = new WeakMap<object, Promise<BatchSupplierMatching>>();
const summaryOf = (validation: { fileUploadId: string }, ctx: Context) => {
  let summary = summaries.get(validation);
  if (!summary) {
    summary = batchSupplierMatching(ctx.db, validation.fileUploadId);
    summaries.set(validation, summary);
  }
  return summary;
};

builder.objectFields(FileUploadValidationByName, (t) => {
  const count = (pick: (summary: BatchSupplierMatching) => number) =>
    t.int({ resolve: async (validation, _args, ctx) => pick(await summaryOf(validation, ctx)) });
  return {
    matchCount: count((s) => s.matchCount),
    semiMatchCount: count((s) => s.semiMatchCount),
    notMatchCount: count((s) => s.notMatchCount),
    matchRowCount: count((s) => s.matchRowCount),
    semiMatchRowCount: count((s) => s.semiMatchRowCount),
    notMatchRowCount: count((s) => s.notMatchRowCount),
    totalSuppliers: count((s) => s.totalSuppliers),
    supplierMatchingStatus: t.field({
      type: SupplierMatchingStatusRef,
      resolve: async (validation, _args, ctx) => (await summaryOf(validation, ctx)).supplierMatchingStatus,
    }),
    supplierValidations: t.field({
      type: [SupplierValidationRef],
      resolve: async (validation, _args, ctx) => (await summaryOf(validation, ctx)).supplierValidations,
    }),
  };
});

const ConfirmSupplierMatchInput = builder.inputType('ConfirmSupplierMatchInput', {
  description: "Confirms a supplier's organization, picks another, or says none of them (organizationId null).",
  fields: (t) => ({
    id: t.id({ required: true }),
    organizationId: t.id({ required: false }),
  }),
});

const SetUploadSupplierContactInput = builder.inputType('SetUploadSupplierContactInput', {
  description: 'Gives the address to invite an unmatched supplier at (null clears it).',
  fields: (t) => ({
    id: t.id({ required: true }),
    email: t.string({ required: false, validate: emailSchema.nullish() }),
  }),
});

builder.queryFields((t) => ({
  uploadSupplierData: t.field({
    type: [UploadSupplierDataRef],
    description: "The suppliers named in the upload's files, one per supplier and file.",
    authScopes: { permission: READ },
    args: { fileUploadId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => findUploadSupplierData(ctx, String(args.fileUploadId)),
  }),
  uploadSupplierDataByTask: t.field({
    type: [UploadSupplierDataRef],
    authScopes: { permission: 'calendar:read' },
    args: { calendarTaskId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => findUploadSupplierDataByTask(ctx, String(args.calendarTaskId)),
  }),
}));

builder.mutationFields((t) => ({
  confirmSupplierMatch: t.field({
    type: UploadSupplierDataRef,
    description: "Confirms or corrects a supplier's match; remembered for the organization's next files.",
    authScopes: { permission: UPDATE },
    args: { input: t.arg({ type: ConfirmSupplierMatchInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      confirmSupplierMatch(ctx, { id: String(input.id), organizationId: input.organizationId ? String(input.organizationId) : null }),
  }),
  setUploadSupplierContact: t.field({
    type: UploadSupplierDataRef,
    description: 'The address to invite an unmatched supplier at when the upload is completed.',
    authScopes: { permission: UPDATE },
    args: { input: t.arg({ type: SetUploadSupplierContactInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      setUploadSupplierContact(ctx, { id: String(input.id), email: input.email ? emailSchema.parse(input.email).toLowerCase() : null }),
  }),
}));
