import type { IncomingMessage, ServerResponse } from 'node:http';
import { organizations } from '@tidewise/db/schema/organizations';
import { calendarTasks } from '@tidewise/db/schema/requests';
import type { FieldDefinition } from '@tidewise/shared/field-catalogue/types';
import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import type { AppServices } from '../../../context.ts';
import { isUuid } from '../../../lib/db.ts';
import { requestStore } from '../../../lib/request-store.ts';
import { visibleTo } from '../records.ts';
import { type TemplateCell, templateContentOf } from './template-rows.ts';
import { TEMPLATE_PATH_PREFIX, templateFileName, verifyTemplateToken } from './template-token.ts';

type TemplateServices = Pick<AppServices, 'db' | 'secrets' | 'logger'>;

/** True for `GET /request-templates/<token>`, the signed links of calendarTaskTemplate. */
export const isRequestTemplateRoute = (pathname: string): boolean => pathname.startsWith(TEMPLATE_PATH_PREFIX);

const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const REQUIRED_MARK = ' *';
const REQUIREMENT_TEXT = { required: 'Required', recommended: 'Recommended', optional: 'Optional' } as const;

const refuse = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(message);
};

/** The header of a field's column, as the category templates write it: label, canonical unit, required mark. */
export const requestTemplateHeaderOf = (field: FieldDefinition): string =>
  `${field.label}${field.canonicalUnit ? ` [${field.canonicalUnit}]` : ''}${field.requirement === 'required' ? REQUIRED_MARK : ''}`;

const columnLetter = (n: number): string => {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
};

/** A text cell that a spreadsheet would run as a formula is written with a leading apostrophe. */
const safe = (cell: TemplateCell): TemplateCell => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const attachment = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * `GET /request-templates/<token>`: the request's Excel template, prefilled (template-rows.ts), streamed with
 * exceljs's streaming writer as an attachment. Sheets: "Data" (the columns of the required category, enum columns
 * with a drop-down list, the prefilled rows), "Fields" (what each column means) and "Request" (what is asked,
 * by whom, by when). A forged link is 403, an expired one 403 "This link has expired.", a request no longer the
 * organization's 404.
 */
export const handleRequestTemplateRoute = async (services: TemplateServices, req: IncomingMessage, res: ServerResponse, url: URL) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed');
    return;
  }
  const token = url.pathname.slice(TEMPLATE_PATH_PREFIX.length);
  const check = TOKEN.test(token)
    ? await verifyTemplateToken(services.secrets.tokenSigningKey, token)
    : ({ valid: false, reason: 'invalid' } as const);
  if (!check.valid) {
    refuse(res, 403, check.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.');
    return;
  }
  const { organizationId, calendarTaskId } = check.claims;
  // The link is the authorization: the request must still be the organization's, as customer or supplier.
  const [task] = isUuid(calendarTaskId)
    ? await services.db
        .select()
        .from(calendarTasks)
        .where(and(eq(calendarTasks.id, calendarTaskId), visibleTo(organizationId)))
        .limit(1)
    : [];
  const content = task ? await templateContentOf(services.db, task) : null;
  if (!task || !content) {
    refuse(res, 404, 'What this link downloads no longer exists.');
    return;
  }
  const [customer] = await services.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, task.organizationId));
  res.writeHead(200, {
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': attachment(templateFileName(task.title, content.category)),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const logger = requestStore.getStore()?.logger ?? services.logger;
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useSharedStrings: false, useStyles: true });
    workbook.creator = 'Tidewise';
    const data = workbook.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] });
    const about = workbook.addWorksheet('Fields');
    const request = workbook.addWorksheet('Request');
    const lists = workbook.addWorksheet('Lists', { state: 'hidden' });
    const { fields, rows } = content;

    data.columns = fields.map((field) => ({
      key: field.key,
      width: Math.min(40, Math.max(14, requestTemplateHeaderOf(field).length + 4)),
      ...(field.dataType === 'date' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
    }));
    const header = data.addRow(fields.map(requestTemplateHeaderOf));
    header.font = { bold: true };
    header.commit();
    const lastRow = Math.max(rows.length + 1, 1000);
    let listColumn = 0;
    fields.forEach((field, i) => {
      if (!field.allowedValues?.length) return;
      listColumn += 1;
      const listLetter = columnLetter(listColumn);
      const letter = columnLetter(i + 1);
      (data as unknown as { dataValidations: { add: (range: string, v: ExcelJS.DataValidation) => void } }).dataValidations.add(
        `${letter}2:${letter}${lastRow}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [`Lists!$${listLetter}$2:$${listLetter}$${field.allowedValues.length + 1}`],
          showErrorMessage: true,
          errorStyle: 'warning',
          errorTitle: field.label,
          error: `Choose a value of ${field.label} from the list.`,
        },
      );
    });
    for (const row of rows) data.addRow(row.map(safe)).commit();
    data.commit();

    about.columns = [
      { header: 'Field', key: 'label', width: 30 },
      { header: 'Key', key: 'key', width: 28 },
      { header: 'Requirement', key: 'requirement', width: 14 },
      { header: 'Data type', key: 'dataType', width: 11 },
      { header: 'Unit', key: 'unit', width: 9 },
      { header: 'Allowed values', key: 'values', width: 50 },
      { header: 'Description', key: 'description', width: 80 },
    ];
    for (const field of fields)
      about
        .addRow({
          label: field.label,
          key: field.key,
          requirement: REQUIREMENT_TEXT[field.requirement],
          dataType: field.dataType,
          unit: field.canonicalUnit ?? '',
          values: field.allowedValues?.map((v) => `${v.label} (${v.value})`).join(', ') ?? '',
          description: field.description,
        })
        .commit();
    about.commit();

    request.columns = [
      { key: 'what', width: 22 },
      { key: 'value', width: 80 },
    ];
    for (const [what, value] of [
      ['Request', task.title],
      ['Asked by', customer?.name ?? ''],
      ['Data asked for', FILE_CATEGORY_LABELS[content.category]],
      ['Reporting period', task.requiredUploadSecondaryPurpose ?? ''],
      ['Message', task.message ?? ''],
      ['Rows prefilled', String(rows.length)],
    ] as const)
      request.addRow({ what, value: safe(value) }).commit();
    request.commit();

    fields
      .filter((f) => f.allowedValues?.length)
      .forEach((field, i) => {
        const letter = columnLetter(i + 1);
        lists.getCell(`${letter}1`).value = field.key;
        field.allowedValues?.forEach((v, row) => {
          lists.getCell(`${letter}${row + 2}`).value = v.label;
        });
      });
    lists.commit();
    await workbook.commit();
  } catch (error) {
    logger.warn({ err: error }, 'request template stopped');
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
};
