import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf, type Gql } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Admin, newOrganization } from '../../../test/organization-test-kit.ts';
import { FUEL_MAPPINGS, fuelCsv, validatedFile } from '../entries-test-kit.ts';
import { signExportToken } from './export-token.ts';

let server: TestServer;
let mailbox: Mailbox;
let admin: Admin;
let gql: Gql;
let fileId: string;

/** Names a spreadsheet would run as formulas, and plain ones. */
const NAMES = ['=1+2', '+47 Bergen', '@SUM(A1)', '-Nordic', 'Aurora Borealis'];
const ROWS = 12;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
  admin = await newOrganization(server, mailbox);
  gql = gqlOf(admin);
  const csv = fuelCsv(ROWS, (i) => NAMES[i % NAMES.length] ?? '').replace(/,HFO,105\.25,/, ',HFO,lots,');
  ({ fileId } = await validatedFile(server, gql, 'export-me.csv', csv, FUEL_MAPPINGS('t')));
});

afterAll(async () => {
  await server?.close();
});

const EXPORT_ENTRIES = 'mutation($input: ExportDataEntriesInput!) { exportDataEntries(input: $input) { url fileName expiresAt } }';
const EXPORT_ISSUES = 'mutation($fileId: ID!) { exportValidationIssues(fileId: $fileId) { url fileName expiresAt } }';

type Link = { url: string; fileName: string; expiresAt: string };

/** The link names APP_URL; the test server listens on a port of its own. */
const download = (url: string) => {
  const parsed = new URL(url);
  return fetch(`${server.url}${parsed.pathname}${parsed.search}`);
};

describe('exports', () => {
  it('streams the entries as CSV for Excel: BOM, units in the header, formulas neutralised', async () => {
    const link = dataOf(
      await gql<{ exportDataEntries: Link }>(EXPORT_ENTRIES, {
        input: { format: 'csv', filter: { fileId }, order: { field: 'rowIndex' } },
      }),
    ).exportDataEntries;
    expect(link.fileName).toMatch(/^data-entries-.*\.csv$/);
    const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5);
    const response = await download(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="data-entries\.csv"/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Source,Row number,Entry date,Valid,IMO number,Vessel name,Period start,Period end,Fuel consumed [t],Issues');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]).toBe(`"export-me.csv, row 2",2,2024-01-02,Yes,9321483,'+47 Bergen,2024-01-02,2024-02-02,101.25,`);
    // The quoted source ("file, row n") holds one comma.
    const vessels = lines.slice(1).map((line) => line.split(',')[6]);
    expect(vessels).toEqual(expect.arrayContaining(["'=1+2", "'+47 Bergen", "'@SUM(A1)", "'-Nordic", 'Aurora Borealis']));
    const invalid = lines.find((line) => line.includes(',No,'));
    expect(invalid).toMatch(/Error: Row \d+, Fuel consumed/);
  });

  it('streams the entries as XLSX with numbers as numbers and formulas as text', async () => {
    const link = dataOf(
      await gql<{ exportDataEntries: Link }>(EXPORT_ENTRIES, { input: { format: 'xlsx', filter: { fileId, isValid: true } } }),
    ).exportDataEntries;
    const response = await download(link.url);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1, 5)).toEqual(['Source', 'Row number', 'Entry date', 'Valid']);
    expect(rows).toHaveLength(ROWS);
    const byRow = new Map(rows.slice(1).map((row) => [row[2], row]));
    expect(byRow.get(2)?.[6]).toBe("'+47 Bergen");
    expect(byRow.get(2)?.[9]).toBe(101.25);
    expect(byRow.get(2)?.[4]).toBe(true);
    expect(rows.slice(1).map((row) => row[6])).toContain("'=1+2");
  });

  it('streams the issues as CSV', async () => {
    const link = dataOf(await gql<{ exportValidationIssues: Link }>(EXPORT_ISSUES, { fileId })).exportValidationIssues;
    expect(link.fileName).toBe('export-me-issues.csv');
    const bytes = Buffer.from(await (await download(link.url)).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Row number,Field,Type,Code,Message,Value');
    expect(lines.some((line) => /^\d+,Fuel consumed,error,NOT_A_NUMBER,/.test(line))).toBe(true);
  });

  it('refuses an expired, altered or forged link', async () => {
    const key = server.app.services.secrets.tokenSigningKey;
    const claims = { kind: 'issues', organizationId: admin.organizationId, fileId, format: 'csv' } as const;
    const expired = await signExportToken(key, claims, Date.now() - 6 * 60_000);
    const answer = async (token: string) => {
      const response = await fetch(`${server.url}/exports/${token}`);
      return `${response.status} ${await response.text()}`;
    };
    expect(await answer(expired.token)).toBe('403 This link has expired.');
    const { token } = await signExportToken(key, claims);
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    expect(await answer(flipped)).toBe('403 This link is not valid.');
    const forged = await signExportToken(new TextEncoder().encode('not the server key'), claims);
    expect(await answer(forged.token)).toBe('403 This link is not valid.');
    // The link is bound to its organization: another organization's file is not found through it.
    const other = await newOrganization(server, mailbox);
    const theirs = await signExportToken(key, { ...claims, organizationId: other.organizationId });
    expect(await answer(theirs.token)).toBe('404 What this link exports no longer exists.');
    expect(await answer('not-a-token')).toBe('403 This link is not valid.');
  });
});
