import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { invitationPath, openFromMenu, registrationCode } from '../admin/support.ts';
import { apiSignIn, DEMO, enterCode, graphql, screenshotPath, signInWithEmailCode } from '../identity/support.ts';
import { watchConsole } from '../support/console.ts';
import { EXACT_LEGS, EXACT_SUPPLIER, SEMI_SPELLING, SEMI_SUPPLIER, UNKNOWN_SUPPLIER, voyageCsv } from './fixtures.ts';
import { expectAccessibleAtBothWidths } from '../support/accessibility.ts';

const PASSWORD = 'Tide-Request-2025!';
const DAY = 24 * 60 * 60 * 1000;

type OutboxRow = { to: string; subject: string; text: string; metadata: Record<string, unknown> | null; createdAt: string };
const outbox = async (request: APIRequestContext) => (await (await request.get('/dev/outbox.json?limit=200')).json()) as OutboxRow[];

/** A signed-in browser of its own for one person. */
const personPage = async (browser: Browser, request: APIRequestContext, email: string, password: string) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, email, password);
  await expect(page).toHaveURL(/\/app$/);
  return page;
};

/** Uploads files on the batch page the browser is on and waits until each is read. */
const dropAndWait = async (page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) => {
  await page.locator('input[type="file"]').setInputFiles(files);
  for (const file of files) {
    const line = page.getByRole('listitem', { name: file.name, exact: true });
    await expect(line.getByText('Processed', { exact: true })).toBeVisible({ timeout: 30_000 });
  }
};

/** From a processed file's line on the batch page: accepts the confident suggestions and validates. */
const mapAndValidate = async (page: Page, fileName: string) => {
  const line = page.getByRole('listitem', { name: fileName, exact: true });
  await line.getByRole('link', { name: fileName }).click();
  await page.getByRole('link', { name: 'Map columns' }).click();
  await expect(page).toHaveURL(/\/mapping$/);
  // A file whose headers the organisation mapped before arrives mapped already: nothing left to accept.
  const acceptAll = page.getByRole('button', { name: /^Accept all above 80%/ });
  await expect(page.getByRole('group', { name: 'Fuel consumed [t]', exact: true })).toBeVisible();
  if (await acceptAll.isEnabled()) {
    await acceptAll.click();
    await expect(page.getByText(/^Accepted \d+ suggestions? at or above 80%\.$/)).toBeVisible();
  }
  await expect(page.getByRole('group', { name: 'Fuel consumed [t]', exact: true }).getByText(/^Mapped to/)).toContainText('Fuel consumed');
  await page.getByRole('button', { name: 'Validate and create entries' }).click();
  await expect(page).toHaveURL(/\/validation$/);
  await expect(page.getByText('Validated', { exact: true })).toBeVisible({ timeout: 30_000 });
};

/**
 * A data request from end to end, in the browser, on the real server: the customer uploads a voyage file
 * naming three carriers (one exactly as on the platform, one spelled differently, one unknown), confirms the
 * semi-match, gives an address for the unknown one, sets a deadline and sends. The unknown carrier registers
 * from its invitation. The demo supplier opens the request from its inbox, downloads the template prefilled
 * with its legs, fills it in, uploads, maps, validates and submits; the customer returns it with a comment
 * on one row; the supplier fixes it and submits again; the customer accepts and finds the entries among its
 * data. Then the server's clock moves past the deadline and the carrier that did not answer gets a reminder.
 */
test('a customer asks three carriers for data from a voyage file and gets a validated answer back', async ({
  browser,
  request,
  page,
}, testInfo) => {
  test.setTimeout(360_000);
  const errors = watchConsole(page);
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: screenshotPath(`requests-${name}.png`, (n) => testInfo.outputPath(n)), fullPage: true });
  const stamp = Date.now().toString(36);
  const unknownContact = `ops-${stamp}@kattegat-towage.example`;
  const semiContact = `ops-${stamp}@skagerrak-bunkers.example`;

  // The semi-match: an existing supplier of the customer whose name the voyage file spells differently.
  const adminToken = await apiSignIn(request, DEMO.admin.email, DEMO.admin.password);
  await graphql(
    request,
    'mutation($input: InviteSupplierInput!) { inviteSupplier(input: $input) { createdOrganization } }',
    { input: { email: semiContact, firstName: 'Sigrid', lastName: 'Holm', organizationName: SEMI_SUPPLIER } },
    adminToken,
  );

  // 1. The customer uploads the voyage file, confirms it holds transport legs, maps and validates it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  await openFromMenu(page, 'Uploads');
  await page.getByRole('button', { name: 'New upload' }).first().click();
  const create = page.getByRole('dialog', { name: 'New upload' });
  await create.getByLabel('Name').fill(`Voyages H1 ${stamp}`);
  await create.getByRole('button', { name: 'Create and add files' }).click();
  await expect(page).toHaveURL(/\/app\/uploads\/[0-9a-f-]{36}$/);
  const batchPath = new URL(page.url()).pathname;
  const csv = { name: `voyages-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(voyageCsv()) };
  await dropAndWait(page, [csv]);
  await page.getByRole('listitem', { name: csv.name, exact: true }).getByRole('link', { name: csv.name }).click();
  await page.getByLabel(/the category$/).selectOption({ label: 'Transport legs (suggested)' });
  await page.getByRole('button', { name: 'Confirm category' }).click();
  await expect(page.getByText('Confirmed as Transport legs.')).toBeVisible();
  await page.getByRole('link', { name: 'Map columns' }).click();
  await page.getByRole('button', { name: /^Accept all above 80%/ }).click();
  await expect(page.getByRole('group', { name: 'Carrier', exact: true }).getByText(/^Mapped to/)).toContainText('Carrier');
  await page.getByRole('button', { name: 'Validate and create entries' }).click();
  await expect(page.getByText('Validated', { exact: true })).toBeVisible({ timeout: 30_000 });

  // 2. The upload shows the carriers found; the review screen says which is which.
  await page.goto(batchPath);
  await expect(page.getByText(/3 found — 1 matched, 1 to confirm, 1 unknown/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Review suppliers and send request' }).click();
  await expect(page).toHaveURL(/\/suppliers$/);
  await expect(page.getByRole('listitem', { name: EXACT_SUPPLIER }).getByText(`Matched to ${EXACT_SUPPLIER}`)).toBeVisible();
  await expect(page.getByRole('listitem', { name: UNKNOWN_SUPPLIER }).getByText('Not on the platform')).toBeVisible();
  const choice = page.getByRole('group', { name: `Which organisation is “${SEMI_SPELLING}”?` });
  await choice.getByRole('radio', { name: new RegExp(SEMI_SUPPLIER) }).check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('listitem', { name: SEMI_SPELLING }).getByText(`Confirmed as ${SEMI_SUPPLIER}`)).toBeVisible();
  const summary = page.getByRole('region', { name: '3 suppliers found, 7 rows' });
  await expect(summary.getByRole('definition')).toHaveText([/^2 suppliers, 5 rows/, /^0 suppliers, 0 rows/, /^1 supplier, 2 rows/]);
  await page.getByLabel('Invite at').fill(unknownContact);
  await page.getByLabel('Invite at').press('Tab');
  await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
  await shot(page, 'review');
  await expectAccessibleAtBothWidths(page, 'supplier review');

  const deadline = new Date(Date.now() + 14 * DAY);
  const deadlineDate = deadline.toISOString().slice(0, 10);
  await page.getByLabel('Reporting period').fill('2025-H1');
  await page.getByLabel('Deadline').fill(deadlineDate);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { name: '3 requests sent' })).toBeVisible();

  // 3. The unknown carrier registers from its invitation and finds the request in its inbox.
  const invitedContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const invited = await invitedContext.newPage();
  await invited.goto(await invitationPath(request, unknownContact, 'supplier-invitation'));
  await invited.getByRole('button', { name: 'Start Registration' }).click();
  await invited.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invited.getByLabel('Confirm password').fill(PASSWORD);
  const setupCode = await registrationCode(request, unknownContact);
  await invited.getByRole('button', { name: 'Create Account' }).click();
  await enterCode(invited, await setupCode());
  await expect(invited).toHaveURL(/\/app$/);
  await openFromMenu(invited, 'Requests inbox');
  await expect(invited.getByRole('link', { name: /Transport legs/ }).first()).toBeVisible();
  await invitedContext.close();

  // 4. The demo supplier opens the request, downloads the template prefilled with its legs, fills it and answers.
  const supplier = await personPage(browser, request, DEMO.supplier.email, DEMO.supplier.password);
  const supplierErrors = watchConsole(supplier);
  await openFromMenu(supplier, 'Requests inbox');
  await supplier
    .getByRole('link', { name: /Transport legs/ })
    .first()
    .click();
  await expect(supplier).toHaveURL(/\/app\/inbox\/[0-9a-f-]{36}$/);
  const inboxRequestPath = new URL(supplier.url()).pathname;
  await expectAccessibleAtBothWidths(supplier, 'inbox request');
  const downloading = supplier.waitForEvent('download');
  await supplier.getByRole('button', { name: 'Download template' }).click();
  const template = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await template.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const header = Array.from({ length: sheet.columnCount }, (_, i) => sheet.getRow(1).getCell(i + 1).text);
  const column = (label: string) => {
    // A header is the field's label, its unit in brackets, and a star when it is required: "Distance [km] *".
    const at = header.findIndex((h) => h.replace(/\s*\*$/, '').replace(/\s*\[[^\]]*\]$/, '') === label);
    if (at < 0) throw new Error(`the template has no column ${label}: ${header.join(' | ')}`);
    return at + 1;
  };
  const shipments: string[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const shipment = sheet.getRow(r).getCell(column('Shipment')).text;
    if (shipment) shipments.push(shipment);
  }
  expect(shipments.sort()).toEqual(EXACT_LEGS.map((l) => l.shipment).sort());
  // The supplier fills what only it knows: the fuel each leg burnt, and the required fields.
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    if (!row.getCell(column('Shipment')).text) continue;
    const leg = EXACT_LEGS.find(
      (l) => l.shipment === row.getCell(column('Shipment')).text && String(l.leg) === row.getCell(column('Leg')).text,
    );
    if (!leg) throw new Error(`an unexpected row in the template: ${row.getCell(column('Shipment')).text}`);
    row.getCell(column('Transport mode')).value = 'Sea';
    row.getCell(column('Origin')).value = leg.origin;
    row.getCell(column('Destination')).value = leg.destination;
    row.getCell(column('Mass transported')).value = leg.cargo;
    row.getCell(column('Distance')).value = r === 3 ? -1 : leg.distance;
    row.getCell(column('Fuel consumed')).value = Math.round(leg.distance * 0.031 * 10) / 10;
    row.commit();
  }
  const answer = {
    name: `answer-${stamp}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  };

  await supplier.getByRole('button', { name: 'Upload your answer' }).click();
  await expect(supplier).toHaveURL(/\/app\/uploads\/[0-9a-f-]{36}$/);
  await expect(supplier.getByText(/This upload answers the request/)).toBeVisible();
  await dropAndWait(supplier, [answer]);
  await mapAndValidate(supplier, answer.name);
  await supplier.goto(inboxRequestPath);
  await supplier.getByRole('button', { name: 'Submit to Nordwind Shipping' }).click();
  await expect(supplier.getByText(/Nordwind Shipping is reviewing your answer\./)).toBeVisible();

  // 5. The customer reads the answer and returns it with a comment on the row with the wrong distance.
  await openFromMenu(page, 'Data requests');
  await expect(page.getByRole('region', { name: 'Request figures' })).toBeVisible();
  await page
    .getByRole('link', { name: new RegExp(EXACT_SUPPLIER) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/requests\/[0-9a-f-]{36}$/);
  await expectAccessibleAtBothWidths(page, 'customer request');
  // The answer's issues as CSV: the negative distance on the sheet's row 3 (row 1 is the header).
  const issuesDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download the issues of ${answer.name} (CSV)` }).click();
  const issuesCsv = (await readFile(await (await issuesDownload).path())).toString('utf8').replace(/^\uFEFF/, '');
  expect(issuesCsv.split(/\r?\n/)[0]).toBe('Row number,Field,Type,Code,Message,Value');
  expect(issuesCsv).toMatch(/\n3,Distance,error,BELOW_MIN,/);
  await page.getByRole('button', { name: 'Return with comments' }).click();
  await page.getByLabel(/What should the supplier change/).fill('One distance is negative; please check it.');
  await page.getByRole('button', { name: 'Add a comment' }).click();
  const comment = page.getByRole('group', { name: 'Comment 1' });
  await comment.getByLabel(/Row/).fill('3');
  await comment.getByLabel(/Field/).selectOption({ label: 'Distance' });
  await comment.getByLabel('Comment').fill('A distance cannot be negative.');
  await page.getByRole('button', { name: 'Return to the supplier' }).click();
  await expect(page.getByText(/Returned on .* with 1 comment/)).toBeVisible();

  // 6. The supplier sees the comment live, fixes the row, and submits again.
  await expect(supplier.getByRole('heading', { name: 'Nordwind Shipping returned your answer' })).toBeVisible();
  await expect(supplier.getByRole('list', { name: 'Comments on your answer' })).toContainText('A distance cannot be negative.');
  await shot(supplier, 'returned');
  sheet.getRow(3).getCell(column('Distance')).value = EXACT_LEGS[1]?.distance ?? 290;
  const fixed = { ...answer, name: `answer-${stamp}-fixed.xlsx`, buffer: Buffer.from(await workbook.xlsx.writeBuffer()) };
  await supplier.getByRole('button', { name: 'Replace answer' }).click();
  await supplier.getByRole('alertdialog', { name: 'Replace your answer?' }).getByRole('button', { name: 'Start a new answer' }).click();
  await expect(supplier).toHaveURL(/\/app\/uploads\/[0-9a-f-]{36}$/);
  await dropAndWait(supplier, [fixed]);
  await mapAndValidate(supplier, fixed.name);
  await supplier.goto(inboxRequestPath);
  await supplier.getByRole('button', { name: /^(Submit|Resubmit) to Nordwind Shipping$/ }).click();
  await expect(supplier.getByText(/Nordwind Shipping is reviewing your answer\./)).toBeVisible();

  // 7. The customer accepts; the supplier's entries join the customer's data.
  await page.reload();
  await page.getByRole('button', { name: 'Accept answer' }).click();
  await page.getByRole('alertdialog', { name: 'Accept this answer?' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(/Accepted on/).first()).toBeVisible();
  await expect(supplier.getByText(/Nordwind Shipping accepted your answer\./)).toBeVisible();
  await page.getByRole('link', { name: 'Open in data entries' }).click();
  await expect(page).toHaveURL(/\/app\/data-entries\?request=[0-9a-f-]{36}/);
  await expect(page.getByText(`${EXACT_LEGS.length} results`)).toBeVisible();
  await shot(page, 'entries');

  // 8. The deadline passes (the server's clock moved forward): the carrier that never answered is reminded.
  // Four days past the deadline: the first overdue reminder (every 3 days after it) is due.
  const moved = await request.post('/test/clock', { data: { advanceMs: 18 * DAY } });
  expect(moved.ok()).toBe(true);
  expect((await moved.json()) as { sent: number }).toMatchObject({ sent: expect.any(Number) });
  await expect
    .poll(
      async () => (await outbox(request)).filter((m) => m.to === unknownContact && m.metadata?.kind === 'data-request-reminder').length,
      {
        message: `a reminder for ${unknownContact}`,
      },
    )
    .toBe(1);
  const reminder = (await outbox(request)).find((m) => m.to === unknownContact && m.metadata?.kind === 'data-request-reminder');
  expect(reminder?.text).toContain('Nordwind Shipping');
  expect(reminder?.text).toMatch(/overdue/i);

  expect(errors).toEqual([]);
  expect(supplierErrors).toEqual([]);
});
