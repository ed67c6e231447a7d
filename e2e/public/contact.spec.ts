import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { watchConsole } from '../support/console.ts';
import { startAppServer } from './support.ts';

/** The address the browser-test server sends contact requests to (see playwright.config.ts). */
const CONTACT_EMAIL = 'contact@tidewise.test';

const fillForm = async (page: Page, company: string) => {
  await page.getByLabel('Name', { exact: true }).fill('Ingrid Hansen');
  await page.getByLabel('Work email', { exact: true }).fill('ingrid@northsea-offshore.example');
  await page.getByLabel('Company', { exact: true }).fill(company);
  await page.getByLabel('Reason', { exact: true }).selectOption('demo');
  await page
    .getByLabel('Message', { exact: true })
    .fill('We charter 14 platform supply vessels and want to collect fuel data from their owners.');
};

test('every field is required and each one says what is missing', async ({ page }) => {
  const errors = watchConsole(page);
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql')) posted = true;
  });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  for (const [field, message] of [
    ['name', 'Enter your name'],
    ['email', 'Enter your email address'],
    ['company', 'Enter your company'],
    ['reason', 'Choose a reason'],
    ['message', 'Enter a message'],
  ]) {
    await expect(page.locator(`#contact-${field}-error`)).toHaveText(message as string);
  }
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Work email', { exact: true }).fill('not-an-email');
  await expect(page.locator('#contact-email-error')).toHaveText('Enter a valid email address, like name@company.com');
  await page.getByLabel('Name', { exact: true }).fill('Ingrid');
  await expect(page.locator('#contact-name-error')).toHaveCount(0);
  expect(posted).toBe(false);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the honeypot field is hidden from people and from assistive technology', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  const box = await page.locator('#contact-website').boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
  await page.getByLabel('Name', { exact: true }).focus();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('contact-website');
  }
});

test('the reason comes preselected from the link that opened the page', async ({ page }) => {
  await page.goto('/partners');
  await page.getByRole('link', { name: 'Become a Partner' }).first().click();
  await expect(page).toHaveURL(/\/contact\?reason=partnership$/);
  await expect(page.getByLabel('Reason', { exact: true })).toHaveValue('partnership');

  await page.goto('/resources');
  await page
    .getByRole('link', { name: /^Register for/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contact\?reason=demo&webinar=/);
  await expect(page.getByLabel('Reason', { exact: true })).toHaveValue('demo');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(/Please register me for the webinar/);

  await page.goto('/contact?reason=not-a-reason');
  await expect(page.getByLabel('Reason', { exact: true })).toHaveValue('');
});

test('a server error is shown in a red alert and the form keeps what was typed', async ({ page }) => {
  await page.route('**/graphql', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        data: null,
        errors: [{ message: 'Too many contact requests. Try again in 10 minutes.', extensions: { code: 'RATE_LIMITED' } }],
      }),
    }),
  );
  await page.goto('/contact');
  await fillForm(page, 'Rate Limited AS');
  await page.getByRole('button', { name: 'Send message' }).click();
  const alert = page.getByTestId('contact-error');
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toContainText('Too many contact requests. Try again in 10 minutes.');
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Rate Limited AS');
  const color = await alert.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
  expect(r, 'the alert text is red').toBeGreaterThan((g ?? 0) + 60);
  expect(r).toBeGreaterThan((b ?? 0) + 60);
});

test('a sent message shows the success state and reaches the contact mailbox', async ({ page, request }) => {
  test.skip(process.env.E2E_SMTP === 'true', 'with E2E_SMTP the server sends over SMTP; the next test covers delivery');
  const company = `Outbox Marine ${Date.now()}`;
  await page.goto('/contact?reason=demo');
  await fillForm(page, company);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-success')).toContainText('We will answer within 24 hours');
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  const outbox = (await (await request.get('/dev/outbox.json')).json()) as { to: string; subject: string; text: string }[];
  const mail = outbox.find((m) => m.to === CONTACT_EMAIL && m.subject.includes(company));
  expect(mail?.subject).toBe(`Contact request: Book a demo from ${company}`);
  expect(mail?.text).toContain('ingrid@northsea-offshore.example');
});

test.describe('delivery over SMTP', () => {
  type Received = { to: string[]; subject: string; text: string };
  const received: Received[] = [];
  let smtp: SMTPServer;
  let smtpUrl = '';
  let app: Awaited<ReturnType<typeof startAppServer>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: mail.subject ?? '', text: mail.text ?? '' });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    app = await startAppServer({ SMTP_URL: smtpUrl, CONTACT_EMAIL: 'sales@tidewise.test' });
  });

  test.afterAll(async () => {
    await app?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('the contact form emails the request to CONTACT_EMAIL through the SMTP server in SMTP_URL', async ({ page }) => {
    const errors = watchConsole(page);
    const company = `SMTP Shipping ${Date.now()}`;
    await page.goto(`${app?.url}/contact`);
    await fillForm(page, company);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('contact-success')).toBeVisible();
    await expect.poll(() => received.find((m) => m.subject.includes(company)), { timeout: 10_000 }).toBeTruthy();
    const mail = received.find((m) => m.subject.includes(company));
    expect(mail?.to).toEqual(['sales@tidewise.test']);
    expect(mail?.subject).toBe(`Contact request: Book a demo from ${company}`);
    expect(mail?.text).toContain('ingrid@northsea-offshore.example');
    expect(mail?.text).toContain('platform supply vessels');
    expect(errors).toEqual([]);
  });
});
