import { describe, expect, it } from 'vitest';
import { checkFiles, extensionOf, fileRefusal, listExtensions } from './file-checks.ts';

const LIMITS = { maxFileBytes: 50 * 1024 * 1024, maxFilesPerUpload: 3, acceptedExtensions: ['.csv', '.tsv', '.txt', '.xlsx'] };

describe('checking files before they are sent', () => {
  it('reads the extension case-insensitively, and none from a dotfile or a trailing dot', () => {
    expect(extensionOf('Fuel Q3.XLSX')).toBe('.xlsx');
    expect(extensionOf('archive.tar.gz')).toBe('.gz');
    expect(extensionOf('.csv')).toBe('');
    expect(extensionOf('report.')).toBe('');
    expect(extensionOf('README')).toBe('');
  });

  it('lists the accepted extensions as a sentence', () => {
    expect(listExtensions(['csv', '.TSV', '.xlsx'])).toBe('.csv, .tsv or .xlsx');
    expect(listExtensions(['.csv'])).toBe('.csv');
    expect(listExtensions(['.csv', 'xlsx'], { asTypes: true })).toBe('CSV or XLSX');
  });

  it('refuses a file type the reader does not take, naming the type found and those accepted', () => {
    expect(fileRefusal({ name: 'invoice.pdf', size: 10 }, LIMITS)).toBe(
      'Not a file we can read: this is a .pdf file. Choose a .csv, .tsv, .txt or .xlsx file.',
    );
    expect(fileRefusal({ name: 'legacy.xls', size: 10 }, LIMITS)).toMatch(/this is a \.xls file/);
    expect(fileRefusal({ name: 'data', size: 10 }, LIMITS)).toMatch(/this is a file without an extension/);
  });

  it('refuses an empty file and one over the size limit with both sizes', () => {
    expect(fileRefusal({ name: 'empty.csv', size: 0 }, LIMITS)).toBe('The file is empty (0 bytes).');
    expect(fileRefusal({ name: 'big.xlsx', size: 60 * 1024 * 1024 }, LIMITS)).toBe('The file is 60 MB; the limit is 50 MB per file.');
    expect(fileRefusal({ name: 'exact.csv', size: 50 * 1024 * 1024 }, LIMITS)).toBeNull();
  });

  it('takes files in order until the batch is full, refusing the rest for the count', () => {
    const files = [
      { name: 'a.csv', size: 1 },
      { name: 'b.png', size: 1 },
      { name: 'c.csv', size: 1 },
      { name: 'd.csv', size: 1 },
    ];
    const checked = checkFiles(files, LIMITS, 1);
    expect(checked.map((c) => [c.file.name, c.accepted])).toEqual([
      ['a.csv', true],
      ['b.png', false],
      ['c.csv', true],
      ['d.csv', false],
    ]);
    const last = checked[3];
    expect(last && !last.accepted ? last.reason : '').toBe('An upload holds at most 3 files. Start another upload for this one.');
  });
});
