import { expect, test } from '@playwright/test';
import { openFromMenu } from '../admin/support.ts';
import { apiSignIn, DEMO, screenshotPath, signInWithEmailCode } from '../identity/support.ts';
import { expectAccessibleAtBothWidths } from '../support/accessibility.ts';
import { watchConsole } from '../support/console.ts';
import {
  connections,
  deleteConnectionsOf,
  entriesComputed,
  FLEET_YEAR,
  ownFleetFile,
  publishedCount,
  revokeClientsNamed,
  validatedOwnFleet,
} from './setup.ts';

test.use({ actionTimeout: 20_000 });

const SUPPLIER = 'Baltic Marine Services';
const CREDENTIALS = 'Loopback partner';
const CONNECTION = 'Loopback host';
const PRODUCT = `Sea freight transport, Container ship, ${FLEET_YEAR}`;

/*
 * The footprint by hand (docs/pact-exchange.md "Publishing"; FuelEU Maritime Annex II with AR6, GWP100 CH4 29.8,
 * N2O 273, as docs/emissions-calculation.md), per tonne of fuel, well-to-wake = tank-to-wake + well-to-tank:
 *   HFO  3.114 + 0.00005 × 29.8 + 0.00018 × 273 = 3.16463 t, + 0.0405 MJ/g × 13.5 g/MJ = 0.54675 t → 3,711.38 kg
 *   MGO  3.206 + 0.00005 × 29.8 + 0.00018 × 273 = 3.25663 t, + 0.0427 MJ/g × 14.4 g/MJ = 0.61488 t → 3,871.51 kg
 * The container ships of the file (Skarv 80 t HFO and 10 t MGO, Lomvi 60 t HFO):
 *   CO2e WtW       = 140 × 3,711.38 + 10 × 3,871.51 = 519,593.2 + 38,715.1 = 558,308.3 kg
 *   transport work = (20,000 t × 1,000 nm + 8,000 t × 250 nm + 15,000 t × 800 nm) × 1.852
 *                  = 34,000,000 t·nm × 1.852 = 62,968,000 t·km
 *   → 558,308.3 / 62,968,000 = 0.0088665401… kg CO2e per t·km, served with 8 decimals: "0.00886654"
 */
const WTW_KG = 558_308.3;
const TONNE_KM = (20_000 * 1_000 + 8_000 * 250 + 15_000 * 800) * 1.852;
const PER_TKM = '0.00886654';

/*
 * The quantity bought: 100,000,000 t·km, so the received footprint makes 0.00886654 × 100,000,000 = 886,654 kg
 * (886.7 t) of Baltic Marine Services' emissions in 2024, the year's only supplier, so its supplier hotspot (the own
 * ships' well-to-tank part, category 3, is the rest of the Scope 3 total).
 */
const QUANTITY = 100_000_000;
const EXPECTED_KG = Number(PER_TKM) * QUANTITY;

/**
 * The whole PACT exchange with data, as an administrator of the demo customer walks it: the organisation's own fleet
 * (set up through the API) is published as a transport-service footprint in kg CO2e per t·km; credentials are issued
 * for a partner; a connection to a PACT host pulls that footprint as the demo supplier's; a quantity turns it into the
 * supplier's data entry; the report shows the supplier at footprint × quantity.
 *
 * The browser-test server is one process, so the organisation's own PACT host plays the supplier's: the connection's
 * base URL is the test server's own origin (http on 127.0.0.1, allowed by PACT_ALLOW_INSECURE_URLS in the config), and
 * the credentials it uses are the ones issued on the credentials screen.
 */
test('an administrator publishes its fleet’s footprint, pulls it through a connection, states a quantity and finds it in the report', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const shot = async (name: string) => {
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath(`pact-exchange-${name}.png`, (n) => testInfo.outputPath(n)), fullPage: true });
  };
  /** The screen at 1440 px, then at 375 px (stacked cards), then back. */
  const shotBoth = async (name: string) => {
    await shot(name);
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(`${name}-375`);
    await page.setViewportSize({ width: 1440, height: 900 });
  };

  // 1. Setup through the API: the own fleet's 2024 fuel file, validated and computed by the current run.
  const token = await apiSignIn(request, DEMO.admin.email, DEMO.admin.password);
  await deleteConnectionsOf(request, token, SUPPLIER);
  await revokeClientsNamed(request, token, CREDENTIALS);
  await validatedOwnFleet(request, token, ownFleetFile(Date.now().toString(36)));
  expect((WTW_KG / TONNE_KM).toFixed(8)).toBe(PER_TKM);

  // 2. Publish 2024: the dialog lists the new footprint, the table shows it Active, its sheet the document as served.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  await openFromMenu(page, 'PACT exchange');
  await expect(page).toHaveURL(/\/app\/pact$/);
  await page.getByRole('button', { name: 'Publish footprints' }).first().click();
  const publish = page.getByRole('dialog', { name: 'Publish footprints' });
  await publish.getByLabel('Reference year').selectOption(String(FLEET_YEAR));
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  const outcome = page.getByRole('dialog', { name: `Footprints of ${FLEET_YEAR}` });
  // A retry on the same server publishes the same figure again: unchanged, so nothing is listed.
  if (testInfo.retry === 0) {
    await expect(outcome.getByText(`1 published for ${FLEET_YEAR}, 0 unchanged.`)).toBeVisible();
    const item = outcome.getByRole('listitem').filter({ hasText: PRODUCT });
    await expect(item).toContainText(`New footprint · ${PER_TKM} kg CO2e per ton kilometer`);
    await shot('published-dialog');
  }
  await outcome.getByRole('button', { name: 'Done' }).click();
  await expect(outcome).toBeHidden();

  await page.getByLabel('Status').selectOption('Active');
  await page.getByLabel('Reference year').selectOption(String(FLEET_YEAR));
  await expect(page).toHaveURL(new RegExp(`status=Active.*year=${FLEET_YEAR}|year=${FLEET_YEAR}.*status=Active`));
  const row = page.getByRole('row', { name: new RegExp(`^${PRODUCT}, version \\d+$`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row).toContainText(`${PER_TKM} per ton kilometer`);
  await expect(row).toContainText('100 %');
  await shotBoth('published');
  await row.click();
  const sheet = page.getByRole('dialog', { name: new RegExp(`^${PRODUCT}, version \\d+$`) });
  await expect(sheet).toBeVisible();
  const served = JSON.parse((await sheet.getByRole('region', { name: 'The ProductFootprint as JSON' }).innerText()).trim()) as {
    status: string;
    productNameCompany: string;
    pcf: { declaredUnit: string; unitaryProductAmount: string; pCfExcludingBiogenic: string; primaryDataShare: number };
  };
  expect(served).toMatchObject({ status: 'Active', productNameCompany: PRODUCT });
  expect(served.pcf).toMatchObject({
    declaredUnit: 'ton kilometer',
    unitaryProductAmount: '1',
    pCfExcludingBiogenic: PER_TKM,
    primaryDataShare: 100,
  });
  await shotBoth('published-sheet');
  await expectAccessibleAtBothWidths(page, 'published footprints with the sheet open');
  await sheet.getByRole('button', { name: 'Close the footprint' }).click();
  await expect(sheet).toBeHidden();
  await expectAccessibleAtBothWidths(page, 'published footprints');
  const servedCount = await publishedCount(request, token);

  // 3. Credentials for the partner (here: this same host), read from the dialog once.
  const pactNav = page.getByRole('navigation', { name: 'PACT exchange' });
  await pactNav.getByRole('link', { name: 'API credentials' }).click();
  await page.getByRole('button', { name: 'Create credentials' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create credentials' });
  await form.getByLabel('Name').fill(CREDENTIALS);
  await form.getByRole('button', { name: 'Create credentials' }).click();
  const issued = page.getByRole('dialog', { name: `Credentials for ${CREDENTIALS}` });
  const clientId = (await issued.getByTestId('issued-client-id').innerText()).trim();
  const secret = (await issued.getByTestId('issued-client-secret').innerText()).trim();
  expect(clientId).toMatch(/^twpact_/);
  await issued.getByRole('button', { name: 'I have stored the secret' }).click();
  await expect(issued).toBeHidden();

  // 4. A connection to the host, for the demo supplier, synced: live status Synced, every served footprint received.
  await pactNav.getByRole('link', { name: 'Connections' }).click();
  await expect(page).toHaveURL(/\/app\/pact\/connections$/);
  await page.getByRole('button', { name: 'Add connection' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add connection' });
  await add.getByLabel('Name').fill(CONNECTION);
  await add.getByLabel('Supplier').selectOption({ label: SUPPLIER });
  await add.getByLabel('Base URL').fill(baseURL as string);
  await add.getByLabel('Client ID').fill(clientId);
  await add.getByLabel('Client secret').fill(secret);
  await add.getByRole('button', { name: 'Add connection' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `${CONNECTION} added.` })).toBeVisible();
  const connectionRow = page.getByRole('row').filter({ hasText: CONNECTION });
  await expect(connectionRow.getByText('Not synced yet', { exact: true })).toBeVisible();
  await connectionRow.getByRole('button', { name: `Actions for ${CONNECTION}` }).click();
  await page.getByRole('menuitem', { name: 'Sync now' }).click();
  // The status arrives through the pactConnectionUpdated subscription, without a reload.
  await expect(connectionRow.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(connectionRow).toContainText(SUPPLIER);
  await expect(connectionRow.getByRole('link', { name: `${servedCount} received` })).toBeVisible();
  await expect(connectionRow).toContainText('—');
  await shotBoth('connections');
  await expectAccessibleAtBothWidths(page, 'connections');

  // 5. The received footprint: a quantity saved in its row, then the note links to the entries made from it.
  await connectionRow.getByRole('link', { name: `${servedCount} received` }).click();
  await expect(page).toHaveURL(/\/app\/pact\/received\?connection=[0-9a-f-]{36}/);
  await page.getByLabel('Status', { exact: true }).selectOption('Active');
  const receivedRow = page.getByRole('row').filter({ hasText: PRODUCT });
  await expect(receivedRow).toHaveCount(1);
  await expect(receivedRow).toContainText(PER_TKM);
  await expect(receivedRow.getByText('Valid', { exact: true })).toBeVisible();
  const quantity = receivedRow.getByLabel(`Quantity of ton kilometer bought of ${PRODUCT}`);
  await quantity.fill('100,000,000');
  await receivedRow.getByRole('button', { name: `Save the quantity of ${PRODUCT}` }).click();
  await expect(receivedRow.getByText('Saved.', { exact: true })).toBeVisible();
  await entriesComputed(request, token, CONNECTION, FLEET_YEAR);
  await page.reload();
  const entriesLink = page.getByRole('link', { name: 'Open the data entries made from these footprints' });
  await expect(entriesLink).toHaveAttribute('href', /^\/app\/data-entries\?file=[0-9a-f-]{36}$/);
  await expect(page.getByText(/1 received, 1 with a quantity\.|\d+ received, 1 with a quantity\./)).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: PRODUCT })
      .getByLabel(/^Quantity of/),
  ).toHaveValue(String(QUANTITY));
  await shotBoth('received');
  await expectAccessibleAtBothWidths(page, 'received footprints');

  // 6. The 2024 report: Baltic Marine Services at footprint × quantity.
  await page.goto(`/app/emissions?year=${FLEET_YEAR}`);
  const hotspots = page.getByRole('table', { name: `Supplier hotspots, ${FLEET_YEAR}` });
  const tonnes = (EXPECTED_KG / 1000).toFixed(1);
  await expect(hotspots.getByRole('link', { name: `${tonnes} t CO2e for ${SUPPLIER}: open the entries` })).toBeVisible({
    timeout: 30_000,
  });
  await shot('report');

  // 7. Events: a sync by pulling posts none; the list is checked for layout only when it has rows.
  await page.goto('/app/pact/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await shot('events');

  expect((await connections(request, token)).find((c) => c.name === CONNECTION)?.status).toBe('synced');
  expect(errors).toEqual([]);
});
