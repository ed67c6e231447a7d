import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml', '.csv', '.webmanifest']);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts, brotli first. */
export const pickEncoding = (acceptEncoding: string | undefined): Encoding | null => {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q?.trim() !== 'q=0')
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
};

const compress = (data: Buffer, encoding: Encoding) =>
  encoding === 'br' ? brotli(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipAsync(data, { level: 9 });

const isFile = async (file: string) => {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
};

/**
 * Serves the built single-page app. Hashed assets are cached for a year; any other GET that is not
 * a file falls back to index.html so client routes survive a reload.
 */
export const createStaticHandler = (root: string) => {
  const resolvedRoot = path.resolve(root);
  const indexFile = path.join(resolvedRoot, 'index.html');
  /** Compressed hashed assets, kept for the life of the process: their content never changes. */
  const compressedAssets = new Map<string, Buffer>();

  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request path');
      return;
    }
    const candidate = path.resolve(resolvedRoot, `.${path.posix.normalize(decoded)}`);
    const inside = candidate === resolvedRoot || candidate.startsWith(`${resolvedRoot}${path.sep}`);
    let file = inside && (await isFile(candidate)) ? candidate : null;
    if (!file) {
      // A missing asset with an extension is a real 404; anything else is a client route.
      if (path.extname(decoded) && !decoded.endsWith('.html')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      if (!(await isFile(indexFile))) {
        res
          .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
          .end('The web app is not built yet. Run `npm run build` (npm start does it for you).');
        return;
      }
      file = indexFile;
    }
    const ext = path.extname(file);
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const encoding = COMPRESSIBLE.has(ext) ? pickEncoding(req.headers['accept-encoding']) : null;
    if (!encoding) {
      res.writeHead(200, headers);
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return;
    }
    const cacheKey = `${encoding}:${file}`;
    let body = immutable ? compressedAssets.get(cacheKey) : undefined;
    if (!body) {
      body = await compress(await readFile(file), encoding);
      if (immutable) compressedAssets.set(cacheKey, body);
    }
    res.writeHead(200, { ...headers, 'content-encoding': encoding, vary: 'accept-encoding', 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
};
