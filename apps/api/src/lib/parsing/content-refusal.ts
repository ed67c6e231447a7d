import { FileReadError } from './errors.ts';
import type { CfbContent, SniffResult } from './sniff.ts';

const withArticle = (description: string): string =>
  description === 'binary data' ? description : /^[aeiou]/i.test(description) ? `an ${description}` : `a ${description}`;

const cfbRefusal = (content: CfbContent | undefined): FileReadError => {
  if (content === 'encrypted-ooxml') {
    return new FileReadError(
      'ENCRYPTED_WORKBOOK',
      'The Excel file is password-protected. Remove the password in Excel (File > Info > Protect Workbook > Encrypt with Password) and upload it again.',
    );
  }
  if (content === 'legacy-xls') {
    return new FileReadError(
      'LEGACY_XLS',
      'The file is an Excel 97-2003 workbook (.xls). Save it as .xlsx or CSV in Excel and upload it again.',
    );
  }
  return new FileReadError(
    'UNSUPPORTED_FORMAT',
    'The file is an older Office document, not a spreadsheet we can read. Upload a CSV or an .xlsx file.',
    { detected: 'cfb' },
  );
};

/**
 * Why content that sniffing recognised cannot be read (empty, binary, PDF, an encrypted or legacy Office file),
 * or null when the reader may try it (CSV, TSV, a zip that may be a workbook). Shared by the reader and the
 * upload completion step, so a file refused on upload and one refused while reading get the same words. For a
 * CFB file, resolve `cfbContent` from its directory sector first (it may lie past the first bytes).
 */
export const contentRefusal = (sniff: SniffResult): FileReadError | null => {
  switch (sniff.kind) {
    case 'empty':
      return sniff.description === 'empty file'
        ? new FileReadError('EMPTY_FILE', 'The file is empty (0 bytes). Check that you picked the right file.')
        : new FileReadError('EMPTY_FILE', 'The file holds only blank space.');
    case 'cfb':
      return cfbRefusal(sniff.cfbContent);
    case 'pdf':
      return new FileReadError('UNSUPPORTED_FORMAT', 'The file is a PDF document. Upload the data as a CSV or an .xlsx file.', {
        detected: 'pdf',
      });
    case 'binary':
      return new FileReadError(
        'BINARY_FILE',
        `The file is not a spreadsheet: it looks like ${withArticle(sniff.description)}. Upload a CSV or an .xlsx file.`,
        { detected: sniff.description },
      );
    default:
      return null;
  }
};
