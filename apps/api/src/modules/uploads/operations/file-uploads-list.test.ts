import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { newOrganization } from '../../../test/organization-test-kit.ts';
import { expectSortedAcrossPages, type SortArg } from '../../../test/sorting.ts';
import {
  COMPLETE_FILE_UPLOAD,
  CREATE_FILE_UPLOAD,
  dataOf,
  isSettled,
  requestUploadUrl,
  type Uploader,
  uploaderFor,
  uploadFile,
  waitForFile,
} from '../upload-flow-test-kit.ts';

const LIST = `query($pagination: PaginationInput, $filter: FileUploadFilterInput, $sort: FileUploadSortInput) {
  fileUploads(pagination: $pagination, filter: $filter, sort: $sort) {
    data { id name description status totalSize createdAt completedAt uploadedByEmail }
    pageInfo { totalPages currentPage totalCount hasNextPage hasPreviousPage }
  }
}`;

type Row = {
  id: string;
  name: string;
  description: string | null;
  status: string;
  totalSize: number;
  createdAt: string;
  completedAt: string | null;
  uploadedByEmail: string;
};
type ListAnswer = {
  fileUploads: { data: Row[]; pageInfo: { totalPages: number; currentPage: number; totalCount: number; hasNextPage: boolean } };
};

describe('the list of uploads', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let alice: Uploader;
  let aliceEmail: string;
  let bob: Uploader;
  const tag = randomUUID().slice(0, 6);

  const list = (who: Uploader, variables: Record<string, unknown> = {}) => who.gql<ListAnswer>(LIST, variables);
  const fetchPage = (who: Uploader) => async (sort: SortArg, page: number, pageSize: number) =>
    dataOf(await list(who, { sort, pagination: { page, pageSize } })).fileUploads.data;

  const batch = async (who: Uploader, name: string, description: string | null = null) =>
    dataOf(await who.gql<{ createFileUpload: Row }>(CREATE_FILE_UPLOAD, { input: { name: `${name} ${tag}`, description } }))
      .createFileUpload;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
    const a = await newOrganization(server, mailbox, 'Lillebaelt Lines');
    alice = uploaderFor(server, a.token, a.client.ip);
    aliceEmail = a.email;
    const b = await newOrganization(server, mailbox, 'Storebaelt Lines');
    bob = uploaderFor(server, b.token, b.client.ip);

    await batch(alice, 'anchor Works');
    const quayside = await batch(alice, 'Quayside Ropes', 'Mooring lines delivered in March');
    dataOf(await requestUploadUrl(alice, quayside.id, 'ropes.csv', Buffer.alloc(50, 'a')));
    const mooring = await batch(alice, 'Mooring Hub');
    dataOf(await requestUploadUrl(alice, mooring.id, 'hub.csv', Buffer.alloc(10, 'b')));
    const beacon = await batch(alice, 'Beacon Tugs', 'Tug hours');
    const file = await uploadFile(server, alice, beacon.id, 'tugs.csv', Buffer.from('Tug,Hours\nBeacon One,14\nBeacon Two,9\n'));
    await waitForFile(alice, file.id, isSettled);
    dataOf(await alice.gql(COMPLETE_FILE_UPLOAD, { input: { fileUploadId: beacon.id } }));
    const keel = await batch(alice, 'Keel Surveys');
    await uploadFile(server, alice, keel.id, 'keel.csv', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    await batch(bob, 'Harbour Pilots');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the caller's organization's uploads only, newest first, a page at a time", async () => {
    const all = dataOf(await list(alice)).fileUploads;
    expect(all.data.map((r) => r.name)).toEqual(
      ['Keel Surveys', 'Beacon Tugs', 'Mooring Hub', 'Quayside Ropes', 'anchor Works'].map((n) => `${n} ${tag}`),
    );
    expect(all.data.map((r) => r.status)).toEqual(['failed', 'completed', 'uploading', 'uploading', 'draft']);
    expect(all.pageInfo).toMatchObject({ totalCount: 5, totalPages: 1 });

    const second = dataOf(await list(alice, { pagination: { page: 2, pageSize: 2 } })).fileUploads;
    expect(second.data.map((r) => r.name)).toEqual([`Mooring Hub ${tag}`, `Quayside Ropes ${tag}`]);
    expect(second.pageInfo).toEqual({ totalPages: 3, currentPage: 2, totalCount: 5, hasNextPage: true, hasPreviousPage: true });
    expect(dataOf(await list(bob)).fileUploads.data.map((r) => r.name)).toEqual([`Harbour Pilots ${tag}`]);
  });

  it('filters by status and searches the name, the description and the uploader address', async () => {
    const names = async (filter: Record<string, unknown>) => dataOf(await list(alice, { filter })).fileUploads.data.map((r) => r.name);
    expect(await names({ status: 'uploading' })).toEqual([`Mooring Hub ${tag}`, `Quayside Ropes ${tag}`]);
    expect(await names({ status: 'completed' })).toEqual([`Beacon Tugs ${tag}`]);
    expect(await names({ search: 'mooring' })).toEqual([`Mooring Hub ${tag}`, `Quayside Ropes ${tag}`]);
    expect(await names({ search: 'tug hours', status: 'completed' })).toEqual([`Beacon Tugs ${tag}`]);
    expect(await names({ search: aliceEmail.toUpperCase() })).toHaveLength(5);
    expect(await names({ search: '100%_' })).toEqual([]);
    expect(await names({ search: 'Harbour Pilots' })).toEqual([]);
    expect(errorOf(await list(alice, { filter: { search: 'x'.repeat(201) } })).code).toBe('VALIDATION_FAILED');
  });

  it('sorts by every sort field across pages, both ways', async () => {
    await expectSortedAcrossPages(fetchPage(alice), 'name', (r) => r.name.toLowerCase());
    await expectSortedAcrossPages(fetchPage(alice), 'status', (r) => r.status);
    await expectSortedAcrossPages(fetchPage(alice), 'totalSize', (r) => r.totalSize);
    await expectSortedAcrossPages(fetchPage(alice), 'createdAt', (r) => r.createdAt);
    await expectSortedAcrossPages(fetchPage(alice), 'completedAt', (r) => r.completedAt);
  });
});
