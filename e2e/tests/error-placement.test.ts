/// <reference lib="dom" />
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerAccount, submitLogin, uniqueEmail, PASSWORD } from '../lib/accounts';
import { mailIds, waitForCode } from '../lib/api-session';
import { launchBrowser, newPage } from '../lib/browser';
import { openInSpace } from '../lib/spaces';
import { randomAddress, setupTransferTeam, type TransferTeam } from '../lib/transfers';
import { dialog } from '../lib/wallets';

/**
 * What a user sees (hardening issue): an error is said in the right words and where the eye
 * is — a wrong password or code under its field, a mistyped EVM checksum as a checksum error.
 */

/** The error antd shows under the form field holding `selector`. */
const fieldError = (page: Page, selector: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator(selector) })
    .locator('.ant-form-item-explain-error')
    .first();

/** The address with the case of one checksummed letter flipped: same bytes, wrong EIP-55 checksum. */
function mistypedChecksum(): string {
  for (;;) {
    const address = getAddress(randomAddress());
    const index = [...address].findIndex((char, i) => i > 1 && /[a-fA-F]/.test(char));
    if (index < 0) continue;
    const char = address[index]!;
    const flipped = char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase();
    return address.slice(0, index) + flipped + address.slice(index + 1);
  }
}

describe('errors in the right words and place', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let team: TransferTeam;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    team = await setupTransferTeam();
  }, 150_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await close();
  });

  async function fresh(): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    return page;
  }

  it('a wrong password is said under the password field', async () => {
    const page = await fresh();
    await submitLogin(page, uniqueEmail('nobody'), PASSWORD);
    await fieldError(page, '#password').waitFor();
    expect(await fieldError(page, '#password').innerText()).toBe('Incorrect e-mail or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('a wrong e-mailed code is said under the code field', async () => {
    const account = await registerAccount();
    const page = await fresh();
    await submitLogin(page, account.email, account.password);
    // The API session that registered the account counts as another device.
    const other = page.getByRole('dialog').filter({ hasText: 'Logged in on another device' });
    await other.getByRole('button', { name: 'Continue' }).click();
    await other.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname === '/login/email');
    await page.locator('#code').fill('000000');
    await page.getByTestId('second-factor-submit').click();
    await fieldError(page, '#code').waitFor();
    expect(await fieldError(page, '#code').innerText()).toBe(
      'The verification code is wrong or has expired.',
    );
    await page.getByTestId('attempts-left').waitFor();
  });

  it('a mistyped EVM checksum in the address book says so', async () => {
    const page = await fresh();
    await openInSpace(page, team.admin.session, team.spaceId, '/address-book');
    await page.getByTestId('address-add').click();
    const add = dialog(page, 'Add a whitelisted address');
    await add.locator('#book-name').fill('Typo supplier');
    await add.locator('#book-address').fill(mistypedChecksum());
    const seen = await mailIds(team.admin.email);
    await add.getByTestId('send-code').click();
    await add.locator('#email_code').fill(await waitForCode(team.admin.email, seen));
    await page.getByTestId('address-add-submit').click();
    await fieldError(page, '#book-address').waitFor();
    const message = await fieldError(page, '#book-address').innerText();
    expect(message).toContain('checksum');
    expect(message).not.toMatch(/Bitcoin|\{param\}/);
  });

  it('a mistyped EVM checksum in the transfer wizard says so', async () => {
    const page = await fresh();
    await openInSpace(page, team.admin.session, team.spaceId, `/wallet/transfer?wallet_id=${team.walletId}`);
    await page.getByTestId('transfer-next').click();
    await page.locator('#transfer-to').fill(mistypedChecksum());
    await page.locator('#transfer-amount').fill('1');
    await page.getByTestId('transfer-next').click();
    await fieldError(page, '#transfer-to').waitFor();
    const message = await fieldError(page, '#transfer-to').innerText();
    expect(message).toContain('checksum');
    expect(message).not.toMatch(/Bitcoin|\{param\}/);
  });
});
