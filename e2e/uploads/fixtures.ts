import ExcelJS from 'exceljs';

/** A file as Playwright's setInputFiles takes it. */
export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** Voyages of a small fleet as a comma-separated file, with a header row. */
export const voyagesCsv = (): FilePayload => {
  const header = 'Vessel,IMO number,Departure port,Arrival port,Departure date,Distance (nm),Cargo (t)';
  const ports = ['Gdansk', 'Rotterdam', 'Hamburg', 'Aarhus', 'Klaipeda', 'Oslo'];
  const lines = Array.from({ length: 120 }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, '0');
    return `MV Baltic ${(i % 4) + 1},${9_300_000 + i},${ports[i % 6]},${ports[(i + 2) % 6]},2025-03-${day},${200 + i * 3},${1_000 + i * 10}`;
  });
  return { name: 'voyages-q1.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${lines.join('\n')}\n`) };
};

/**
 * A workbook with two sheets: "Voyages" (the larger, read first) and "Bunkers", whose columns and rows
 * differ, so switching sheets visibly changes what the file page shows.
 */
export const fleetWorkbook = async (): Promise<FilePayload> => {
  const workbook = new ExcelJS.Workbook();
  const voyages = workbook.addWorksheet('Voyages');
  voyages.addRow(['Vessel', 'From', 'To', 'Sailed on', 'Distance nm']);
  for (let i = 0; i < 30; i += 1)
    voyages.addRow([`MV Nordic ${(i % 3) + 1}`, 'Gdansk', 'Rotterdam', new Date(Date.UTC(2025, 0, i + 1)), 640 + i]);
  const bunkers = workbook.addWorksheet('Bunkers');
  bunkers.addRow(['Bunker port', 'Fuel type', 'Tonnes']);
  bunkers.addRow(['Rotterdam', 'VLSFO', 412.5]);
  bunkers.addRow(['Gdansk', 'MGO', 88]);
  bunkers.addRow(['Skagen', 'LNG', 230.25]);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { name: 'fleet-2025.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
};

/** A PNG image named as a CSV: the browser lets it through by name, the server refuses it by content. */
export const pngNamedCsv = (): FilePayload => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d4944415478da63f8cfc0f01f0005000201a3c7d7b40000000049454e44ae426082',
    'hex',
  );
  return { name: 'scan.csv', mimeType: 'text/csv', buffer: png };
};

/** A PDF: refused in the browser by its extension, before a byte is sent. */
export const invoicePdf = (): FilePayload => ({
  name: 'invoice-march.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});
