import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, refusalOf } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, newOrganization } from '../../test/organization-test-kit.ts';
import {
  ACCEPT,
  type AnalysisView,
  BULK_ACCEPT,
  COLUMN_ANALYSES,
  CREATE_MAPPING,
  CREATE_UPLOAD_MAPPING,
  DELETE_MAPPING,
  DELETE_UPLOAD_MAPPING,
  FILE_MAPPINGS,
  type MappingView,
  type Person,
  PREVIEW,
  personFor,
  REJECT,
  UPLOAD_MAPPINGS,
  uploadSingle,
  waitForAnalyses,
} from './mappings-test-kit.ts';

const REPORT = Buffer.from(['IMO,Ship name,Fuel [t],Fuel type', '9074729,Nordic Star,12.5,HFO', '9176187,Baltic Wind,8.25,MGO'].join('\n'));

describe('mappings of another organization, and who may change mappings', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let owner: Person;
  let stranger: Person;
  let viewer: Person;
  let ids: { fileId: string; uploadId: string; analysisId: string; mappingId: string };

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
    const a = await newOrganization(server, mailbox, 'Esbjerg Offshore');
    owner = personFor(server, a.token, a.client.ip);
    const member = await addMember(mailbox, a, 'viewer');
    viewer = personFor(server, member.token, a.client.ip);
    const b = await newOrganization(server, mailbox, 'Frederikshavn Pilots');
    stranger = personFor(server, b.token, b.client.ip);

    const { uploadId, file } = await uploadSingle(server, owner, 'fuel.csv', REPORT);
    const [analysis] = await waitForAnalyses(owner, { uploadId });
    const mapping = dataOf(
      await owner.gql<{ createUploadMapping: MappingView }>(CREATE_UPLOAD_MAPPING, {
        input: { uploadId, sourceColumn: 'IMO', targetField: 'imo_number' },
      }),
    ).createUploadMapping;
    ids = { fileId: file.id, uploadId, analysisId: (analysis as AnalysisView).id, mappingId: mapping.id };
  });
  afterAll(async () => {
    await server?.close();
  });

  const operations = () =>
    [
      ['columnAnalyses by file', COLUMN_ANALYSES, { fileId: ids.fileId }],
      ['columnAnalyses by upload', COLUMN_ANALYSES, { uploadId: ids.uploadId }],
      ['acceptColumnSuggestion', ACCEPT, { id: ids.analysisId }],
      ['rejectColumnSuggestion', REJECT, { id: ids.analysisId }],
      ['bulkAcceptColumnSuggestions', BULK_ACCEPT, { input: { fileId: ids.fileId } }],
      ['fileMappings', FILE_MAPPINGS, { fileId: ids.fileId }],
      ['createFileMapping', CREATE_MAPPING, { input: { fileId: ids.fileId, sourceColumn: 'IMO', targetField: 'imo_number' } }],
      ['deleteFileMapping', DELETE_MAPPING, { id: ids.mappingId }],
      ['createUploadMapping', CREATE_UPLOAD_MAPPING, { input: { uploadId: ids.uploadId, sourceColumn: 'IMO', targetField: 'imo_number' } }],
      ['deleteUploadMapping', DELETE_UPLOAD_MAPPING, { id: ids.mappingId }],
      ['mappingPreview', PREVIEW, { fileId: ids.fileId }],
      ['upload.mappings', UPLOAD_MAPPINGS, { id: ids.uploadId }],
    ] as const;

  it('answers NOT_FOUND for every operation on another organization’s file, upload, analysis or mapping, and changes nothing', async () => {
    for (const [name, document, variables] of operations()) {
      expect(refusalOf(await stranger.gql(document, variables)).code, name).toBe('NOT_FOUND');
    }
    const mappings = dataOf(await owner.gql<{ fileMappings: MappingView[] }>(FILE_MAPPINGS, { fileId: ids.fileId })).fileMappings;
    expect(mappings.map((m) => m.id)).toEqual([ids.mappingId]);
    const analyses = dataOf(await owner.gql<{ columnAnalyses: AnalysisView[] }>(COLUMN_ANALYSES, { fileId: ids.fileId })).columnAnalyses;
    expect(analyses.every((a) => !a.isRejected)).toBe(true);
  });

  it('answers NOT_FOUND for ids that are not ids at all', async () => {
    const malformed = 'not-an-id';
    const broken = operations().map(([name, document, variables]) => {
      const text = JSON.stringify(variables).replaceAll(/"[0-9a-f]{8}-[0-9a-f-]{27}"/g, `"${malformed}"`);
      return [name, document, JSON.parse(text)] as const;
    });
    for (const [name, document, variables] of broken) {
      expect(refusalOf(await owner.gql(document, variables)).code, name).toBe('NOT_FOUND');
    }
  });

  it('lets a viewer read the suggestions, mappings and preview, and refuses them every change', async () => {
    for (const [name, document, variables] of operations()) {
      const answer = await viewer.gql(document, variables);
      const changes =
        name !== 'fileMappings' && name !== 'mappingPreview' && name !== 'upload.mappings' && !name.startsWith('columnAnalyses');
      if (changes) expect(refusalOf(answer).code, name).toBe('FORBIDDEN');
      else expect(answer.errors, name).toBeUndefined();
    }
  });

  it('shows the field catalogue to any signed-in user, and to nobody else', async () => {
    const FIELDS = `query($category: FileCategory!) { fieldsByCategory(category: $category) {
      key label description category dataType requirement synonyms canonicalUnit min max pattern validator
      acceptedUnits { unit label factor needsDensity synonyms } allowedValues { value label synonyms } } }`;
    type Field = { key: string; category: string; requirement: string; canonicalUnit: string | null; acceptedUnits: { unit: string }[] };
    const fields = dataOf(
      await viewer.gql<{ fieldsByCategory: Field[] }>(FIELDS, { category: 'vessel_fuel_consumption' }),
    ).fieldsByCategory;
    expect(fields.find((f) => f.key === 'fuel_mass')).toMatchObject({
      category: 'vessel_fuel_consumption',
      requirement: 'required',
      canonicalUnit: 't',
      acceptedUnits: expect.arrayContaining([expect.objectContaining({ unit: 'kg' })]),
    });
    expect(dataOf(await viewer.gql<{ fieldsByCategory: Field[] }>(FIELDS, { category: 'unknown' })).fieldsByCategory).toEqual([]);
    expect(refusalOf(await server.gql(FIELDS, { category: 'site_energy' })).code).toBe('UNAUTHENTICATED');
  });
});
