import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { openFromMenu } from '../admin/support.ts';
import { DEMO, screenshotPath, signInWithEmailCode } from '../identity/support.ts';
import { watchConsole } from '../support/console.ts';
import { fleetWorkbook, invoicePdf, pngNamedCsv, voyagesCsv } from './fixtures.ts';
import { expectAccessible } from '../support/accessibility.ts';

const fileLine = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/**
 * The upload story in the browser, on the real server: a supplier creates an upload and drops
 * a CSV, a two-sheet workbook and a PNG named .csv together; the two spreadsheets are sent and read
 * with their progress reaching 100% live, the PNG fails with its reason while the others carry on;
 * the workbook is read again from its other sheet, the CSV's category is changed and the CSV is
 * downloaded back byte for byte. Then the three screens are checked with axe at 1440 and 375 px.
 */
test('a supplier uploads three files at once, watches them read live, switches a sheet, sets a category and downloads a file', async ({
  context,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const csv = voyagesCsv();
  const workbook = await fleetWorkbook();
  const corrupt = pngNamedCsv();
  const uploadName = `Fleet data ${Date.now().toString(36)}`;

  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.supplier.email, DEMO.supplier.password);
  await expect(page).toHaveURL(/\/app$/);

  // The list, then a new upload named in the small create form.
  await openFromMenu(page, 'Uploads');
  await expect(page.getByRole('heading', { name: 'Uploads', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New upload' }).first().click();
  const create = page.getByRole('dialog', { name: 'New upload' });
  await create.getByRole('button', { name: 'Create and add files' }).click();
  await expect(create.getByText('Enter a name for the upload')).toBeVisible();
  await create.getByLabel('Name').fill(uploadName);
  await create.getByLabel('Description').fill('Voyages and bunkers of the first quarter');
  await create.getByRole('button', { name: 'Create and add files' }).click();
  await expect(page).toHaveURL(/\/app\/uploads\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: uploadName, level: 1 })).toBeVisible();
  const batchUrl = page.url();

  // A second tab on the list, which only the live channel can bring up to date.
  const listTab = await context.newPage();
  const listErrors = watchConsole(listTab);
  await listTab.goto('/app/uploads');
  const listedLive = listTab.getByRole('row').filter({ hasText: uploadName });
  await expect(listedLive.getByText('Draft', { exact: true })).toBeVisible();

  // The zone is a button: Enter opens the file picker, for several files.
  const zone = page.getByRole('button', { name: 'Add files: drop them here or choose them' });
  await zone.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  expect((await chooser).isMultiple()).toBe(true);

  // All three dropped together on the zone's file input, with a PDF the browser refuses before sending.
  await page.locator('input[type="file"]').setInputFiles([csv, workbook, corrupt, invoicePdf()]);
  const notAdded = page.getByRole('list', { name: 'Files not added' });
  await expect(notAdded.getByText('Not a file we can read: this is a .pdf file. Choose a .csv, .tsv, .txt or .xlsx file.')).toBeVisible();

  for (const file of [csv, workbook]) {
    await expect(page.getByRole('progressbar', { name: `Upload of ${file.name}` })).toHaveAttribute('aria-valuenow', '100', {
      timeout: 30_000,
    });
    await expect(page.getByRole('progressbar', { name: `Reading of ${file.name}` })).toHaveAttribute('aria-valuenow', '100', {
      timeout: 30_000,
    });
    await expect(fileLine(page, file.name).getByText('Processed', { exact: true })).toBeVisible();
  }
  const bad = fileLine(page, corrupt.name);
  await expect(bad.getByText('Failed', { exact: true })).toBeVisible();
  await expect(bad.getByText(/^The file is not a spreadsheet: it looks like .*PNG/)).toBeVisible();
  await expect(page.getByText('2 of 3 files read · 1 failed')).toBeVisible();
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();
  await expect(page.getByRole('log', { name: 'File status changes' })).toContainText(`${csv.name}: Processed.`);
  await expect(listedLive.getByText('Ready', { exact: true })).toBeVisible();
  await expect(listedLive.getByText('2 of 3')).toBeVisible();
  await listTab.close();
  expect(listErrors).toEqual([]);

  // The workbook: read from its larger sheet, then from the other one, live.
  await fileLine(page, workbook.name).getByRole('link', { name: workbook.name }).click();
  await expect(page.getByRole('heading', { name: workbook.name, level: 1 })).toBeVisible();
  const rowsTable = page.getByRole('region', { name: `Rows of ${workbook.name}` });
  const columnsTable = page.getByRole('region', { name: `Columns of ${workbook.name}` });
  await expect(rowsTable.getByRole('columnheader', { name: 'Distance nm' })).toBeVisible();
  await expect(page.getByText('Rows 1–30 of 30')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Voyages/ })).toBeChecked();
  await page.getByRole('radio', { name: /Bunkers/ }).check();
  await page.getByRole('button', { name: 'Read this sheet' }).click();
  await expect(rowsTable.getByRole('columnheader', { name: 'Fuel type' })).toBeVisible({ timeout: 30_000 });
  await expect(rowsTable.getByRole('cell', { name: 'VLSFO' })).toBeVisible();
  await expect(rowsTable.getByRole('columnheader', { name: 'Distance nm' })).toHaveCount(0);
  await expect(columnsTable.getByRole('cell', { name: 'Tonnes', exact: true })).toBeVisible();
  await expect(page.getByText('Rows 1–3 of 3')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Reading of ${workbook.name}` })).toHaveAttribute('aria-valuenow', '100');

  // The CSV: its category changed, then the file downloaded back.
  await page.goto(batchUrl);
  await fileLine(page, csv.name).getByRole('link', { name: csv.name }).click();
  await expect(page.getByRole('heading', { name: csv.name, level: 1 })).toBeVisible();
  const csvPath = new URL(page.url()).pathname;
  await expect(page.getByText(/^Suggested:/)).toBeVisible();
  await page.getByLabel(/the category$/).selectOption({ label: 'Port operations' });
  await page.getByRole('button', { name: /(Confirm|Save) category/ }).click();
  await expect(page.getByText('Category saved.')).toBeVisible();
  await expect(page.getByText('Confirmed as Port operations.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Confirmed as Port operations.')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(csv.name);
  expect((await readFile(await download.path())).equals(csv.buffer)).toBe(true);

  // The list shows the upload with its counts.
  await page.goto('/app/uploads');
  const listed = page.getByRole('row').filter({ hasText: uploadName });
  await expect(listed.getByText('Ready', { exact: true })).toBeVisible();
  await expect(listed.getByText('2 of 3')).toBeVisible();

  // The three screens, at a desktop and a phone width.
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [screen, path, ready] of [
      ['uploads list', '/app/uploads', page.getByRole('link', { name: uploadName })],
      ['upload', new URL(batchUrl).pathname, fileLine(page, csv.name)],
      ['file', csvPath, page.getByText('Confirmed as Port operations.')],
    ] as const) {
      await page.goto(path);
      await expect(ready.first()).toBeVisible();
      await page.screenshot({
        path: screenshotPath(`uploads-${screen.replace(/ /g, '-')}-${width}.png`, (n) => testInfo.outputPath(n)),
        fullPage: true,
      });
      await expectAccessible(page, `${screen} at ${width} px`);
    }
  }

  // Handed in: the upload is completed and takes no more files.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(batchUrl);
  await page.getByRole('button', { name: 'Complete upload' }).click();
  const complete = page.getByRole('alertdialog', { name: `Complete “${uploadName}”?` });
  await complete.getByLabel(/Supplier email addresses/).fill('not-an-address');
  await complete.getByRole('button', { name: 'Complete upload' }).click();
  await expect(complete.getByText('not-an-address: Enter a valid email address, like name@company.com')).toBeVisible();
  await complete.getByLabel(/Supplier email addresses/).fill('');
  await complete.getByRole('button', { name: 'Complete upload' }).click();
  await expect(page.getByText(`“${uploadName}” is completed.`)).toBeVisible();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add files: drop them here or choose them' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
