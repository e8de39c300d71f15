// The web client in a real browser: headless Chromium (Debian's package) driven by
// playwright-core through a whole conversation. Screenshots land in test-artifacts/.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { randomEmail, startServer, type TestServer } from '../support/harness.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(import.meta.dir, '..', '..', 'test-artifacts');
const available = existsSync(CHROMIUM);
if (!available) console.warn(`web client test skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);

describe.skipIf(!available)('web client in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('register, describe a film, pick a candidate, ask about it, delete the session', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith('https://m.media-amazon.com')) problems.push(`off-site request ${request.url()}`);
    });
    // Posters live on the catalog's image host, which this machine cannot reach.
    await page.route('https://m.media-amazon.com/**', (route) => route.abort());
    await page.goto(server.baseUrl);

    await page.getByLabel('E-mail').fill(randomEmail());
    await page.getByLabel(/Password/).fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Message').waitFor();

    await page.getByLabel('Message').fill('a great white shark terrorizes a summer beach town and the police chief hunts it');
    await page.keyboard.press('Enter');
    const cards = page.locator('article.candidate');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(1);
    expect(await cards.first().locator('h3').textContent()).toBe('1. Jaws');
    expect(await cards.first().textContent()).toMatch(/1975 · Steven Spielberg\d+% match/);
    await page.screenshot({ path: join(ARTIFACTS, 'web-client-candidates.png') });

    await cards.first().getByRole('button', { name: 'This one' }).click();
    await page.locator('#movie-card h2').waitFor();
    expect(await page.locator('#movie-card h2').textContent()).toBe('Jaws (1975)');

    await page.getByLabel('Message').fill('Who directed it?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Jaws was directed by Steven Spielberg.').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'web-client-qa.png') });

    const sessions = page.locator('#session-list li');
    expect(await sessions.count()).toBe(1);
    await sessions.first().getByRole('button', { name: /Delete conversation/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('#session-list li').length === 0);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('fits a phone-sized screen and works from the keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.route('https://m.media-amazon.com/**', (route) => route.abort());
    await page.goto(server.baseUrl);
    await page.keyboard.press('Tab'); // focus starts in the e-mail field; tab order follows the form
    await page.getByLabel('E-mail').fill(randomEmail());
    await page.getByLabel(/Password/).fill('correct-horse-battery');
    await page.getByLabel(/Password/).press('Tab');
    await page.keyboard.press('Tab'); // past "Log in" to "Create account"
    await page.keyboard.press('Enter');
    await page.getByLabel('Message').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'web-client-phone.png'), fullPage: true });
    await page.close();
  });

  test('a refresh token that no longer works sends the user back to the login form', async () => {
    const page = await browser.newPage();
    await page.goto(server.baseUrl);
    await page.evaluate(() => sessionStorage.setItem('refresh_token', 'revoked-or-garbage'));
    await page.reload();
    await page.getByText('Your session has ended').waitFor();
    expect(await page.locator('#login-view').isVisible()).toBe(true);
    await page.close();
  });
});
