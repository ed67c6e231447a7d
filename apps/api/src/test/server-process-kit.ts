import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

/**
 * The real server as its own process (`node --import tsx apps/api/src/main.ts`), driven as a client would: the
 * demo supplier signs in with the emailed code from the development outbox and uploads a file through
 * createFileUpload, generateUploadUrl, the signed PUT and completeUpload. Shared by the kill -9 test and
 * `npm run bench:parse`; also writes the large CSV and XLSX files both use, streaming.
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export const DEMO_SUPPLIER = { email: 'supplier@baltic-marine.example', password: 'Anchor-Demo-2025!' };

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  pid: number;
  /** What the process wrote to stderr (and stdout), for the message of a failed wait. */
  output: () => string;
  /** SIGKILL: no shutdown, no cleanup, as a crash or an OOM kill. */
  kill9: () => Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the child keeps of this process's environment: none of the application's settings (DATABASE_URL, S3_...). */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];

/**
 * Starts the server with `env` (DATA_DIR, DATABASE_URL, ...) and defaults on a free port and waits until /healthz
 * answers. Nothing else of this process's configuration reaches it.
 */
export const startServerProcess = async (env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> => {
  const port = await freePort();
  const inherited = Object.fromEntries(INHERITED.flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])));
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []), '--import', 'tsx', MAIN],
    {
      cwd: REPOSITORY_ROOT,
      env: { ...inherited, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error(`the server exited before it answered: ${output}`);
    const healthy = await fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz in ${timeoutMs} ms: ${output}`);
    }
    await sleep(100);
  }
  const waitForExit = (signal: NodeJS.Signals) => {
    if (exited()) return Promise.resolve();
    const done = once(child, 'exit').then(() => undefined);
    child.kill(signal);
    return done;
  };
  return {
    child,
    url,
    pid: child.pid as number,
    output: () => output,
    kill9: () => waitForExit('SIGKILL'),
    stop: () => waitForExit('SIGTERM'),
  };
};

export type GraphQLAnswer<T> = { data?: T | null; errors?: { message: string; extensions?: { code?: string; field?: string } }[] };

/** A GraphQL client of one server: throws with the errors when there is no data. */
export const graphqlClient = (url: string) => {
  let token: string | null = null;
  const request = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await response.json()) as GraphQLAnswer<T>;
    if (!answer.data || answer.errors?.length) throw new Error(`GraphQL: ${JSON.stringify(answer.errors)}`);
    return answer.data;
  };
  return {
    request,
    setToken: (value: string) => {
      token = value;
    },
  };
};

export type GraphQLClient = ReturnType<typeof graphqlClient>;

type OutboxRow = { to: string; text: string; createdAt: string };

const newestCode = async (url: string, to: string, after: string): Promise<string | null> => {
  const rows = (await (await fetch(`${url}/dev/outbox.json?limit=50`)).json()) as OutboxRow[];
  const mail = rows.filter((row) => row.to === to && row.createdAt > after).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return mail?.text.match(/code is: (\d{6})/)?.[1] ?? null;
};

/** Signs in as a browser does with the Email method: password, the emailed code, the hand-off token. */
export const signIn = async (client: GraphQLClient, url: string, account = DEMO_SUPPLIER) => {
  const before = new Date(Date.now() - 1000).toISOString();
  const { login } = await client.request<{ login: { token: string } }>('mutation($input: LoginInput!) { login(input: $input) { token } }', {
    input: { authKey: account.email, authSecret: account.password },
  });
  let code: string | null = null;
  const deadline = Date.now() + 15_000;
  while (!code) {
    if (Date.now() > deadline) throw new Error(`no sign-in code emailed to ${account.email}`);
    code = await newestCode(url, account.email, before);
    if (!code) await sleep(100);
  }
  const { loginValidate } = await client.request<{ loginValidate: { token: string } }>(
    'mutation($input: LoginValidateInput!) { loginValidate(input: $input) { token } }',
    { input: { token: `${login.token}:${code}` } },
  );
  const { refreshToken } = await client.request<{ refreshToken: { token: string } }>(
    'mutation($token: String!) { refreshToken(token: $token) { token } }',
    { token: loginValidate.token },
  );
  client.setToken(refreshToken.token);
};

export type UploadedFile = { fileUploadId: string; fileId: string; status: string; completedAt: number };

/** A batch with one file sent through the public operations; `completedAt` is when completeUpload answered (performance.now()). */
export const uploadThroughApi = async (
  client: GraphQLClient,
  filePath: string,
  options: { fileName: string; mimeType: string },
): Promise<UploadedFile> => {
  const { size } = await stat(filePath);
  const { createFileUpload } = await client.request<{ createFileUpload: { id: string } }>(
    'mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }',
    { input: { name: `Upload of ${options.fileName}` } },
  );
  const { generateUploadUrl } = await client.request<{
    generateUploadUrl: { fileId: string; uploadUrl: string; method: string; headers: { name: string; value: string }[] };
  }>('mutation($input: GenerateUploadUrlInput!) { generateUploadUrl(input: $input) { fileId uploadUrl method headers { name value } } }', {
    input: { fileUploadId: createFileUpload.id, fileName: options.fileName, mimeType: options.mimeType, size },
  });
  const response = await fetch(generateUploadUrl.uploadUrl, {
    method: generateUploadUrl.method,
    headers: { ...Object.fromEntries(generateUploadUrl.headers.map((h) => [h.name, h.value])), 'content-length': String(size) },
    body: Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  if (!response.ok) throw new Error(`the upload PUT answered ${response.status}: ${await response.text()}`);
  const { completeUpload } = await client.request<{ completeUpload: { id: string; status: string } }>(
    'mutation($fileId: ID!) { completeUpload(fileId: $fileId) { id status } }',
    { fileId: generateUploadUrl.fileId },
  );
  return { fileUploadId: createFileUpload.id, fileId: completeUpload.id, status: completeUpload.status, completedAt: performance.now() };
};

export type FileView = {
  status: string;
  progress: { rowsRead: number; percent: number };
  fileMetadata: { totalRows: number; detectedColumns: { name: string }[] } | null;
  error: { code: string; message: string } | null;
};

export const FILE_QUERY = `query($id: ID!) { file(id: $id) {
  status progress { rowsRead percent } fileMetadata { totalRows detectedColumns { name } } error { code message }
} }`;

export const readFileView = async (client: GraphQLClient, fileId: string): Promise<FileView> =>
  (await client.request<{ file: FileView }>(FILE_QUERY, { id: fileId })).file;

/** Polls `file(id)` until `done` says so; throws past the deadline or when the file failed and `done` does not accept it. */
export const waitForFile = async (
  client: GraphQLClient,
  fileId: string,
  done: (file: FileView) => boolean,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<FileView> => {
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  for (;;) {
    const file = await readFileView(client, fileId);
    if (done(file)) return file;
    if (file.status === 'failed') throw new Error(`the file failed: ${JSON.stringify(file.error)}`);
    if (Date.now() > deadline) throw new Error(`the file is still ${file.status} (${file.progress.rowsRead} rows read)`);
    await sleep(options.intervalMs ?? 50);
  }
};

const FUELS = ['HFO', 'VLSFO', 'MGO', 'LNG', 'Methanol'];
const PORTS = ['Rotterdam', 'Hamburg', 'Bergen', 'Göteborg', 'Århus', 'Gdańsk', 'Antwerpen'];
export const LARGE_FILE_HEADER = [
  'Row',
  'IMO number',
  'Vessel',
  'Fuel type',
  'Fuel mass [t]',
  'Distance [nm]',
  'Date',
  'Port',
  'CO₂ [t]',
  'Comment',
];

/** Data row i (0-based) of the large files: 10 columns of the kinds supplier files hold; the first is i + 1. */
export const largeFileRecord = (i: number): (string | number)[] => [
  i + 1,
  9_000_000 + (i % 900_000),
  `Vessel ${i % 5_000}`,
  FUELS[i % FUELS.length] as string,
  ((i * 7.31) % 5_000).toFixed(2),
  (i * 13) % 20_000,
  `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/2024`,
  PORTS[i % PORTS.length] as string,
  ((i * 22.7) % 15_000).toFixed(3),
  i % 10 === 0 ? 'N/A' : `Voyage ${i % 977}, leg ${i % 3}`,
];

/** Writes a CSV of `rows` data rows under a header, streaming (1,000,000 rows are about 100 MB). */
export const writeLargeCsv = async (filePath: string, rows: number) => {
  const out = createWriteStream(filePath);
  const quote = (value: string | number) => (typeof value === 'string' && value.includes(',') ? `"${value}"` : String(value));
  let buffer = `${LARGE_FILE_HEADER.join(',')}\n`;
  for (let i = 0; i < rows; i++) {
    buffer += `${largeFileRecord(i).map(quote).join(',')}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
};

/** Writes an XLSX of `rows` data rows below a title row and the header with exceljs's streaming writer. */
export const writeLargeXlsx = async (filePath: string, rows: number) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Voyages');
  sheet.addRow(['Voyage report 2024']).commit();
  sheet.addRow(LARGE_FILE_HEADER).commit();
  for (let i = 0; i < rows; i++) {
    const values = largeFileRecord(i);
    values[4] = Number(values[4]);
    values[8] = Number(values[8]);
    sheet.addRow(values).commit();
  }
  await sheet.commit();
  await workbook.commit();
};
