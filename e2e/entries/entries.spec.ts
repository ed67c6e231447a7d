import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page, test } from '@playwright/test';
import { openFromMenu } from '../admin/support.ts';
import { DEMO, screenshotPath, signInWithEmailCode } from '../identity/support.ts';
import { watchConsole } from '../support/console.ts';
import { BAD_ROWS, FIRST_VOYAGE, FORMULA_SHIP, fuelConsumptionCsv, WRONG_IMO } from './fixtures.ts';
import { expectAccessible } from '../support/accessibility.ts';

/** The card of one source column on the mapping screen (a group named by its header). */
const columnCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** The text of a downloaded file, without a byte order mark. */
const downloadedText = async (download: Download) => (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');

/** The rows of a CSV text, each as its cells (a quoted cell may hold commas, line breaks and doubled quotes). */
const csvRows = (text: string) => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
};

/** A design screenshot of the whole page, or of the window only when a side panel covers it. */
const shot = (page: Page, name: string, outputPath: (name: string) => string, fullPage = true) =>
  page.screenshot({ path: screenshotPath(`entries-${name}.png`, outputPath), fullPage });

/**
 * "From columns to data entries" in the browser, on the real server: the demo supplier uploads a
 * vessel fuel-consumption CSV with its own headers, DD.MM.YYYY dates, kilograms and a few bad rows;
 * accepts the confident suggestions, maps the quantity column by hand, says its unit is kg and what
 * the unknown fuel "VLSFO" is; sees the preview in tonnes; validates and follows the report live to
 * its totals; downloads the issues; then finds the typed entries, opens one, filters the invalid ones
 * and exports them as CSV with formulas neutralised. The three screens are checked with axe at 1440
 * and 375 px.
 */
test('a supplier maps a fuel file, validates it, reads the report and the entries, and exports both', async ({
  context,
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const outputPath = (name: string) => testInfo.outputPath(name);
  const csv = fuelConsumptionCsv();
  const uploadName = `Fuel Q1 ${Date.now().toString(36)}`;

  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.supplier.email, DEMO.supplier.password);
  await expect(page).toHaveURL(/\/app$/);

  // 1. The file, uploaded and read; its category confirmed on the file screen.
  await openFromMenu(page, 'Uploads');
  await page.getByRole('button', { name: 'New upload' }).first().click();
  const create = page.getByRole('dialog', { name: 'New upload' });
  await create.getByLabel('Name').fill(uploadName);
  await create.getByRole('button', { name: 'Create and add files' }).click();
  await expect(page).toHaveURL(/\/app\/uploads\/[0-9a-f-]{36}$/);
  await page.locator('input[type="file"]').setInputFiles([csv]);
  const line = page.getByRole('listitem', { name: csv.name, exact: true });
  await expect(line.getByText('Processed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await line.getByRole('link', { name: csv.name }).click();
  await expect(page.getByRole('heading', { name: csv.name, level: 1 })).toBeVisible();
  await expect(page.getByText(/^Suggested:/)).toContainText('Vessel fuel consumption');
  await page.getByLabel(/the category$/).selectOption({ label: 'Vessel fuel consumption (suggested)' });
  await page.getByRole('button', { name: 'Confirm category' }).click();
  await expect(page.getByText('Confirmed as Vessel fuel consumption.')).toBeVisible();

  // 2. The mapping screen: suggestions with how sure and why.
  await page.getByRole('link', { name: 'Map columns' }).click();
  await expect(page).toHaveURL(/\/mapping$/);
  const mappingPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: csv.name, level: 1 })).toBeVisible();
  const imoCard = columnCard(page, 'IMO No.');
  await expect(imoCard.getByText(/^Suggested:/)).toContainText('IMO number');
  await expect(imoCard.getByText(/\d+%/).first()).toBeVisible();
  await expect(imoCard.getByText(/matches a synonym of IMO number/)).toBeVisible();
  const quantityCard = columnCard(page, 'Bunker qty (kg)');
  await expect(quantityCard.getByText(/resembles .*Fuel consumed/)).toBeVisible();
  await shot(page, 'mapping-suggested-1440', outputPath);

  // Accept all at or above 80%: every column but the quantity, whose suggestion is less sure.
  const acceptAll = page.getByRole('button', { name: /^Accept all above 80%/ });
  await expect(acceptAll).toContainText('(9)');
  await acceptAll.click();
  await expect(page.getByText('Accepted 9 suggestions at or above 80%.')).toBeVisible();
  await expect(imoCard.getByText(/^Mapped to/)).toContainText('IMO number');
  await expect(quantityCard.getByText(/^Mapped to/)).toHaveCount(0);

  // The quantity mapped by hand through the field picker, then its unit: kilograms, stored in tonnes.
  await quantityCard.getByRole('button', { name: 'Choose a field for Bunker qty (kg)' }).click();
  const picker = page.getByRole('dialog', { name: 'Map “Bunker qty (kg)”' });
  await picker.getByLabel('Find a field').fill('fuel consumed');
  await picker.getByRole('button', { name: /^Fuel consumed/ }).click();
  await expect(picker).toHaveCount(0);
  await expect(quantityCard.getByText(/^Mapped to/)).toContainText('Fuel consumed');
  const unitForm = quantityCard.getByRole('form', { name: 'Unit of Bunker qty (kg)' });
  await unitForm.getByLabel('Unit of the values').selectOption({ label: 'kilograms (kg)' });
  await unitForm.getByRole('button', { name: 'Save unit' }).click();
  await expect(unitForm.getByText('Unit saved.')).toBeVisible();

  // The fuel the catalogue does not know, said to be heavy fuel oil.
  const fuelCard = columnCard(page, 'Fuel');
  const values = fuelCard.getByRole('form', { name: 'Values of Fuel' });
  await values.getByLabel('“VLSFO” means').selectOption({ label: 'Heavy fuel oil' });
  await values.getByRole('button', { name: 'Save values' }).click();
  await expect(values.getByText('Values saved.')).toBeVisible();

  // The preview: the first voyage's 12,500 kg as 12.5 t, its fuel by its label, its date as a date.
  const preview = page.getByRole('table', { name: 'Preview of the mapped rows' });
  const firstRow = preview.getByRole('row').filter({ has: page.getByRole('cell', { name: String(FIRST_VOYAGE.line), exact: true }) });
  await expect(firstRow.getByRole('cell', { name: `${FIRST_VOYAGE.tonnes} t`, exact: true })).toBeVisible();
  await expect(firstRow.getByRole('cell', { name: 'Heavy fuel oil', exact: true })).toBeVisible();
  await expect(firstRow.getByRole('cell', { name: '2 Jan 2025', exact: true })).toBeVisible();
  await shot(page, 'mapping-done-1440', outputPath);

  // 3. Validation. A second tab already on the report follows it live, by the subscription alone, to its totals.
  const reportPath = mappingPath.replace(/\/mapping$/, '/validation');
  const reportTab = await context.newPage();
  const reportErrors = watchConsole(reportTab);
  await reportTab.goto(reportPath);
  await expect(reportTab.getByRole('heading', { name: 'Validation report', level: 1 })).toBeVisible();
  await expect(reportTab.getByText('Not validated yet').first()).toBeVisible();
  await page.getByRole('button', { name: 'Validate and create entries' }).click();
  await expect(page).toHaveURL(reportPath);
  const totals = (tab: Page) => tab.getByRole('region', { name: 'Rows' }).getByRole('definition');
  await expect(reportTab.getByText('Validated', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(totals(reportTab)).toHaveText(['40', '36', '4', '0']);
  await expect(reportTab.getByRole('status').filter({ hasText: 'Validation finished: 36 valid rows, 4 invalid rows.' })).toBeAttached();
  await reportTab.close();
  expect(reportErrors).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Validation report', level: 1 })).toBeVisible();
  await expect(totals(page)).toHaveText(['40', '36', '4', '0']);
  await shot(page, 'report-1440', outputPath);

  // The issues, errors only; the wrong IMO number on its row.
  const issues = page.getByRole('table', { name: `Issues found in ${csv.name}` });
  await page.getByLabel('Type').selectOption({ label: 'Errors' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/type=error/);
  const imoIssue = issues.getByRole('row').filter({ hasText: WRONG_IMO });
  await expect(imoIssue).toContainText(`Row ${BAD_ROWS.wrongImo}`);
  await expect(imoIssue).toContainText('IMO number');
  await expect(issues.getByText('Warning', { exact: true })).toHaveCount(0);

  // The issues as CSV: a header line and the wrong IMO number's row.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download issues (CSV)' }).click();
  const [issueHeader, ...issueRows] = csvRows(await downloadedText(await downloading));
  expect(issueHeader).toEqual(['Row number', 'Field', 'Type', 'Code', 'Message', 'Value']);
  expect(issueRows).toHaveLength(Object.keys(BAD_ROWS).length);
  expect(issueRows.find((cells) => cells[0] === String(BAD_ROWS.wrongImo))?.[5]).toBe(WRONG_IMO);

  // 4. The entries of the file: their own list, typed, with units in the headers.
  await page.getByRole('link', { name: 'See entries' }).click();
  await expect(page).toHaveURL(/\/app\/data-entries\?file=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Data entries', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: `Clear the file filter (${csv.name})` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Data entries' });
  const entryRow = (line: number, validity: 'valid' | 'has errors') =>
    table.getByRole('row', { name: `${csv.name}, row ${line}, ${validity}`, exact: true });
  await expect(entryRow(FIRST_VOYAGE.line, 'valid')).toBeVisible();
  await expect(page.getByText('40 results')).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Vessel fuel consumption' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/category=vessel_fuel_consumption/);
  await expect(table.getByRole('columnheader', { name: 'Fuel consumed (t)' })).toBeVisible();
  const first = entryRow(FIRST_VOYAGE.line, 'valid');
  await expect(first.getByRole('cell', { name: FIRST_VOYAGE.tonnes, exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: 'Heavy fuel oil', exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: '2 Jan 2025', exact: true }).first()).toBeVisible();
  await expect(first.getByRole('cell', { name: FIRST_VOYAGE.imo, exact: true })).toBeVisible();
  await shot(page, 'entries-of-file-1440', outputPath);

  // One entry in the side panel: values with their units, the source row as read.
  await first.click();
  const sheet = page.getByRole('dialog', { name: `${csv.name}, row ${FIRST_VOYAGE.line}` });
  await expect(sheet.getByText('Vessel fuel consumption entry')).toBeVisible();
  const valuesList = sheet.getByRole('definition');
  await expect(valuesList.filter({ hasText: `${FIRST_VOYAGE.tonnes} t` })).toHaveCount(1);
  const source = sheet.getByRole('table', { name: 'Source row as read: column and value' });
  await expect(source.getByRole('row', { name: `Bunker qty (kg) ${FIRST_VOYAGE.kg}` })).toBeVisible();
  await expect(source.getByRole('row', { name: 'Fuel HFO' })).toBeVisible();
  await shot(page, 'entry-sheet-1440', outputPath, false);
  await sheet.getByRole('button', { name: 'Close the entry' }).click();
  await expect(sheet).toHaveCount(0);

  // Only the entries with errors: the four bad rows.
  await page.getByLabel('Validity').selectOption({ label: 'With errors only' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/validity=errors/);
  await expect(page.getByText('4 results')).toBeVisible();
  for (const line of Object.values(BAD_ROWS)) await expect(entryRow(line, 'has errors')).toBeVisible();
  await expect(table.getByRole('row', { name: /, valid$/ })).toHaveCount(0);

  // Exported as CSV: the unit in the header, the formula ship's name neutralised.
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [exportHeader = [], ...exported] = csvRows(await downloadedText(await exporting));
  expect(exportHeader).toContain('Fuel consumed [t]');
  expect(exported.map((cells) => cells[exportHeader.indexOf('Row number')])).toEqual(Object.values(BAD_ROWS).map(String));
  const formulaRow = exported.find((cells) => cells[exportHeader.indexOf('Row number')] === String(BAD_ROWS.negativeQuantity));
  expect(formulaRow?.[exportHeader.indexOf('Vessel name')]).toBe(`'${FORMULA_SHIP.name}`);

  // 5. The three screens, at a desktop and a phone width.
  const entriesPath = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [screen, path, ready] of [
      ['mapping', mappingPath, columnCard(page, 'IMO No.')],
      ['report', reportPath, page.getByText('Validated', { exact: true })],
      ['entries', entriesPath, page.getByText(`${csv.name}, row ${BAD_ROWS.wrongImo}`, { exact: true })],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      await shot(page, `${screen}-${width}`, outputPath);
      await expectAccessible(page, `${screen} at ${width} px`);
    }
  }
  expect(errors).toEqual([]);
});
