/**
 * Cells of exported spreadsheets. A text that starts like a formula (= + - @, a tab or a carriage return) gets a
 * leading apostrophe, so Excel, LibreOffice or Google Sheets show it as text instead of running it (CSV or
 * formula injection); numbers and booleans are not text and stay as they are.
 */

export type ExportCell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export const neutralizeText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell as it goes into an export: text neutralised, everything else unchanged. */
export const safeCell = (value: ExportCell): ExportCell => (typeof value === 'string' ? neutralizeText(value) : value);

const NEEDS_QUOTES = /[",\r\n]/;

/** A number in plain decimal notation (never 1e-7 or 1e+21), as a spreadsheet reads it. */
const plainNumber = (value: number): string => {
  const text = String(value);
  return text.includes('e') ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : text;
};

const csvField = (value: ExportCell): string => {
  if (value === null) return '';
  const text = typeof value === 'string' ? neutralizeText(value) : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : plainNumber(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV record (RFC 4180, CRLF). */
export const csvLine = (cells: readonly ExportCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** UTF-8 byte-order mark: Excel reads the CSV as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';
