import { expect } from 'vitest';
import { uniqueEmail } from '../../test/auth-test-kit.ts';
import type { TestServer } from '../../test/harness.ts';
import type { Admin } from '../../test/organization-test-kit.ts';
import { dataOf, type Gql, gqlOf, validatedFile, waitFor } from '../entries/entries-test-kit.ts';

/**
 * For the supplier-matching tests: a customer's suppliers invited, a supplier list uploaded, mapped and validated
 * through the public operations, and the batch's matching read back once it settled.
 */

export const SUPPLIER_DATA_FIELDS = `id supplierName supplierOrgId supplierOrganization { id name } matchStatus matchScore matchReason
  possibleMatches { organization { id name } score reason } isConfirmed contactEmail itemCount rowIndices dataEntryIds
  fileId fileName uploadId responseUploadId calendarTaskId uploadPurpose uploadSecondaryPurpose`;

export type SupplierDataView = {
  id: string;
  supplierName: string;
  supplierOrgId: string | null;
  supplierOrganization: { id: string; name: string } | null;
  matchStatus: 'match' | 'semiMatch' | 'notMatch';
  matchScore: number | null;
  matchReason: string | null;
  possibleMatches: { organization: { id: string; name: string }; score: number; reason: string }[];
  isConfirmed: boolean;
  contactEmail: string | null;
  itemCount: number;
  rowIndices: number[];
  dataEntryIds: string[];
  fileId: string;
  fileName: string;
  uploadId: string | null;
  responseUploadId: string | null;
  calendarTaskId: string | null;
  uploadPurpose: string | null;
  uploadSecondaryPurpose: string | null;
};

export const UPLOAD_SUPPLIER_DATA = `query($id: ID!) { uploadSupplierData(fileUploadId: $id) { ${SUPPLIER_DATA_FIELDS} } }`;
export const BY_TASK = `query($id: ID!) { uploadSupplierDataByTask(calendarTaskId: $id) { ${SUPPLIER_DATA_FIELDS} } }`;
export const CONFIRM = `mutation($input: ConfirmSupplierMatchInput!) { confirmSupplierMatch(input: $input) { ${SUPPLIER_DATA_FIELDS} } }`;
export const SET_CONTACT = `mutation($input: SetUploadSupplierContactInput!) { setUploadSupplierContact(input: $input) { ${SUPPLIER_DATA_FIELDS} } }`;

export const MATCHING = `query($id: ID!) { fileUploadValidation(fileUploadId: $id) {
  status totalRowCount supplierMatchingStatus totalSuppliers
  matchCount semiMatchCount notMatchCount matchRowCount semiMatchRowCount notMatchRowCount
  supplierValidations { uploadSupplierDataId fileName supplierName status rowCount isConfirmed
    matchedOrganization { id name } possibleMatches { organization { id name } score reason } }
} }`;

export type MatchingView = {
  status: string;
  totalRowCount: number;
  supplierMatchingStatus: string;
  totalSuppliers: number;
  matchCount: number;
  semiMatchCount: number;
  notMatchCount: number;
  matchRowCount: number;
  semiMatchRowCount: number;
  notMatchRowCount: number;
  supplierValidations: {
    uploadSupplierDataId: string;
    fileName: string;
    supplierName: string;
    status: string;
    rowCount: number;
    isConfirmed: boolean;
    matchedOrganization: { id: string; name: string } | null;
    possibleMatches: { organization: { id: string; name: string }; score: number; reason: string }[];
  }[];
};

const INVITE = `mutation($input: InviteSupplierInput!) {
  inviteSupplier(input: $input) { relationship { supplierOrganization { id name } } }
}`;

/** Invites a supplier by name as a customer does; answers the new organization. */
export const inviteSupplier = async (customer: Admin, organizationName: string, email = uniqueEmail('supplier')) => {
  const result = await gqlOf(customer)<{ inviteSupplier: { relationship: { supplierOrganization: { id: string; name: string } } } }>(
    INVITE,
    { input: { organizationName, email, firstName: 'Sven', lastName: 'Dahl' } },
  );
  return { ...dataOf(result).inviteSupplier.relationship.supplierOrganization, email };
};

/** A supplier list of one column, one supplier name per row. */
export const supplierListCsv = (names: readonly string[]) => `${['Supplier name', ...names.map((n) => `"${n}"`)].join('\n')}\n`;

export const readMatching = async (gql: Gql, fileUploadId: string) =>
  dataOf(await gql<{ fileUploadValidation: MatchingView }>(MATCHING, { id: fileUploadId })).fileUploadValidation;

/** Waits until the batch's supplier matching settled (completed, failed or none). */
export const waitForMatching = (gql: Gql, fileUploadId: string) =>
  waitFor(
    () => readMatching(gql, fileUploadId),
    (v) => ['completed', 'failed', 'none'].includes(v.supplierMatchingStatus),
    `supplier matching of ${fileUploadId}`,
  );

/** A supplier list uploaded, mapped and validated by the customer, then matched. */
export const matchedSupplierList = async (server: TestServer, customer: Admin, fileName: string, names: readonly string[]) => {
  const gql = gqlOf(customer);
  const file = await validatedFile(server, gql, fileName, supplierListCsv(names), [{ sourceColumn: 'Supplier name', targetField: 'supplier_name' }], 'supplier_list');
  expect(file.validation.status).toBe('validated');
  const matching = await waitForMatching(gql, file.fileUploadId);
  const rows = dataOf(await gql<{ uploadSupplierData: SupplierDataView[] }>(UPLOAD_SUPPLIER_DATA, { id: file.fileUploadId })).uploadSupplierData;
  const named = (name: string) => {
    const row = rows.find((r) => r.supplierName === name);
    if (!row) throw new Error(`no supplier row named ${name}: ${rows.map((r) => r.supplierName).join(', ')}`);
    return row;
  };
  return { ...file, matching, rows, named };
};
