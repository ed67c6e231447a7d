import { expect } from 'vitest';
import { uniqueEmail } from '../../test/auth-test-kit.ts';
import { dataOf, type Gql, gqlOf, waitFor } from '../../test/graphql-test-kit.ts';
import type { TestServer } from '../../test/harness.ts';
import type { Admin } from '../../test/organization-test-kit.ts';
import { validatedCsv } from '../../test/upload-test-kit.ts';

/**
 * For the supplier-matching tests: a customer's suppliers invited, a supplier list uploaded, mapped and validated
 * through the public operations as the web app does it, and the batch's matching read back once it settled.
 */

/** The ids of a file's data entries by row index (first 100). */
export const entryIdsByRow = async (gql: Gql, fileId: string) => {
  const { dataEntries } = dataOf(
    await gql<{ dataEntries: { data: { id: string; rowIndex: number }[] } }>(
      'query($filter: DataEntryFilterInput, $pagination: PaginationInput) { dataEntries(filter: $filter, pagination: $pagination) { data { id rowIndex } } }',
      { filter: { fileId }, pagination: { page: 1, pageSize: 100 } },
    ),
  );
  return new Map(dataEntries.data.map((entry) => [entry.rowIndex, entry.id]));
};

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

/** A supplier list uploaded, mapped and validated by the customer, then matched. Rows are names, or names with a registration number. */
export const matchedSupplierList = async (
  server: TestServer,
  customer: Admin,
  fileName: string,
  names: readonly (string | { name: string; registrationNumber: string })[],
) => {
  const gql = gqlOf(customer);
  const withNumbers = names.some((n) => typeof n !== 'string');
  const csv = withNumbers
    ? `${['Supplier name,Registration number', ...names.map((n) => (typeof n === 'string' ? `"${n}",` : `"${n.name}","${n.registrationNumber}"`))].join('\n')}\n`
    : supplierListCsv(names as string[]);
  const file = await validatedCsv(server, gql, {
    name: fileName,
    csv,
    category: 'supplier_list',
    mappings: [
      { sourceColumn: 'Supplier name', targetField: 'supplier_name' },
      ...(withNumbers ? [{ sourceColumn: 'Registration number', targetField: 'registration_number' }] : []),
    ],
  });
  expect(file.validation.status).toBe('validated');
  const matching = await waitForMatching(gql, file.fileUploadId);
  const rows = dataOf(
    await gql<{ uploadSupplierData: SupplierDataView[] }>(UPLOAD_SUPPLIER_DATA, { id: file.fileUploadId }),
  ).uploadSupplierData;
  const named = (name: string) => {
    const row = rows.find((r) => r.supplierName === name);
    if (!row) throw new Error(`no supplier row named ${name}: ${rows.map((r) => r.supplierName).join(', ')}`);
    return row;
  };
  return { ...file, matching, rows, named };
};
