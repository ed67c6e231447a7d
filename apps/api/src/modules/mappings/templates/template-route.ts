import type { IncomingMessage, ServerResponse } from 'node:http';
import { isCatalogueCategory } from '@tidewise/shared/field-catalogue/index';
import type { CatalogueCategory } from '@tidewise/shared/field-catalogue/types';
import { buildTemplate } from './build-template.ts';

/** `GET /templates/{category}.xlsx`: the Excel template of a category (public; it holds no data). */

const TEMPLATE_PATH = /^\/templates\/([a-z_]+)\.xlsx$/;

export const isTemplateRoute = (pathname: string) => pathname.startsWith('/templates/');

/** Built once per category and process: the catalogue does not change while the server runs. */
const cache = new Map<CatalogueCategory, Promise<Buffer>>();

const templateOf = (category: CatalogueCategory): Promise<Buffer> => {
  let built = cache.get(category);
  if (!built) {
    built = buildTemplate(category);
    built.catch(() => cache.delete(category));
    cache.set(category, built);
  }
  return built;
};

export const handleTemplateRoute = async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed');
    return;
  }
  const category = pathname.match(TEMPLATE_PATH)?.[1];
  if (!category || !isCatalogueCategory(category)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No template for this category.');
    return;
  }
  const bytes = await templateOf(category);
  res.writeHead(200, {
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${category}-template.xlsx"`,
    'content-length': String(bytes.length),
    'cache-control': 'public, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
};
