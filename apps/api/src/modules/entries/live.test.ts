import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, gqlOf, holdSubscription, type Gql } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { type Admin, newOrganization } from '../../test/organization-test-kit.ts';
import { uploadCsv, waitForRead } from '../../test/upload-test-kit.ts';
import { APPLY, FUEL_MAPPINGS, fuelCsv, mapColumn, setCategory } from './entries-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;
let admin: Admin;
let gql: Gql;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
  admin = await newOrganization(server, mailbox);
  gql = gqlOf(admin);
});

afterAll(async () => {
  await server?.close();
});

const BATCH_VALIDATION = `subscription($id: ID!) {
  fileUploadValidationUpdated(fileUploadId: $id) { fileUploadId status totalRowCount validRowCount files { fileId status rowsValidated percent } }
}`;
const FILE_UPDATED = 'subscription($id: ID!) { fileUpdated(fileId: $id) { id validation { status rowsValidated percent totalRows } } }';

type BatchValidation = {
  fileUploadValidationUpdated: {
    fileUploadId: string;
    status: string;
    totalRowCount: number;
    validRowCount: number;
    files: { status: string }[];
  };
};
type FileUpdate = {
  fileUpdated: { id: string; validation: { status: string; rowsValidated: number; percent: number; totalRows: number } };
};

describe('live validation updates', () => {
  it('streams a batch’s validation from queued to validated, and File.validation through fileUpdated, to its own organization only', async () => {
    const { fileId, fileUploadId } = await uploadCsv(server, gql, 'live.csv', fuelCsv(3000));
    expect(await waitForRead(gql, fileId)).toBe('processed');
    await setCategory(gql, fileId, 'vessel_fuel_consumption');
    for (const mapping of FUEL_MAPPINGS('t')) await mapColumn(gql, fileId, mapping);

    const batch = await holdSubscription<BatchValidation>(server, BATCH_VALIDATION, { id: fileUploadId }, admin.token);
    const file = await holdSubscription<FileUpdate>(server, FILE_UPDATED, { id: fileId }, admin.token);
    const other = await newOrganization(server, mailbox);
    const theirs = await holdSubscription<BatchValidation>(server, BATCH_VALIDATION, { id: fileUploadId }, other.token);
    try {
      dataOf(await gql(APPLY, { fileId }));
      const isDone = (r: { data?: BatchValidation | null }) => r.data?.fileUploadValidationUpdated.status === 'validated';
      await batch.waitFor((results) => results.some(isDone), 'the batch validated');
      const statuses = batch.results.map((r) => r.data?.fileUploadValidationUpdated.status);
      // Events about one batch arriving while it is read are folded into one read: a state may be skipped, never reordered.
      const order = ['queued', 'validating', 'validated'];
      const ranks = statuses.map((status) => order.indexOf(status ?? ''));
      expect(ranks.every((rank, i) => rank >= 0 && (i === 0 || rank >= (ranks[i - 1] ?? 0)))).toBe(true);
      expect(batch.results.find(isDone)?.data?.fileUploadValidationUpdated).toMatchObject({
        fileUploadId,
        totalRowCount: 3000,
        validRowCount: 3000,
        files: [{ status: 'validated' }],
      });
      await file.waitFor(
        (results) => results.some((r) => r.data?.fileUpdated.validation.status === 'validated'),
        'fileUpdated carried the validation',
      );
      expect(file.results.at(-1)?.data?.fileUpdated.validation).toMatchObject({
        status: 'validated',
        rowsValidated: 3000,
        percent: 100,
        totalRows: 3000,
      });
      await theirs.waitFor((results) => results.length > 0, 'the other organization was refused');
      expect(theirs.results[0]?.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      await Promise.all([batch.close(), file.close(), theirs.close()]);
    }
  });
});
