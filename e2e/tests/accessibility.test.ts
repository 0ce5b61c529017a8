/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mailIds, waitForCode } from '../lib/api-session';
import { launchBrowser, newPage } from '../lib/browser';
import { openSignedIn } from '../lib/accounts';
import { openInSpace } from '../lib/spaces';
import { randomAddress, setupTransferTeam, transferByApi, type TransferTeam } from '../lib/transfers';

/**
 * What a user sees (hardening issue): the main screens pass axe's WCAG 2 A/AA rules with no
 * serious or critical violation, log no React error (a recovered render error is React's #520
 * in the minified build) and the wallet wizard's type cards and the list rows work by keyboard.
 */
interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

async function seriousViolations(page: Page): Promise<Finding[]> {
  const result = await new AxeBuilder({ page: page as never })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

/** Console errors React writes (a recovered render error, a minified React error). */
function recordReactErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Recovered render error|Minified React error|react\.dev\/errors/i.test(text)) errors.push(text);
  });
  page.on('pageerror', (error) => {
    if (/Minified React error|react\.dev\/errors/i.test(error.message)) errors.push(error.message);
  });
  return errors;
}

/** The page has rendered: its test id shows and no spinner or skeleton is left. */
async function settled(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).first().waitFor();
  await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached' });
}

describe('accessibility of the main screens (axe, WCAG 2 AA)', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let team: TransferTeam;
  let taskId: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    team = await setupTransferTeam();
    taskId = await transferByApi(team, randomAddress(), '3');
    const seen = await mailIds(team.admin.email);
    await team.admin.session.call('POST', '/api/v1/email-code', {
      category: 'address_book_add',
      language_code: 'en-US',
    });
    await team.admin.session.call('POST', '/api/v1/address-book', {
      name: 'Payroll desk',
      address: randomAddress(),
      email_code: await waitForCode(team.admin.email, seen),
    });
  }, 150_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await close();
  });

  async function open(path: string | null): Promise<{ page: Page; errors: string[] }> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    const errors = recordReactErrors(page);
    if (path === null) await page.goto('/login');
    else await openInSpace(page, team.admin.session, team.spaceId, path);
    return { page, errors };
  }

  it.each([
    ['login', null, 'login-page'],
    ['organization', '/organization', 'organization-page'],
    ['wallet list', '/wallet', 'wallet-list-page'],
    ['wallet detail', '/wallet/detail/:wallet', 'wallet-detail-page'],
    ['transfer list', '/transfer', 'transfer-list-page'],
    ['transfer detail', '/task/:task', 'transfer-detail-page'],
    ['address book', '/address-book', 'address-book-page'],
    ['audit log', '/audit-log', 'audit-log-page'],
    ['account', '/account', 'profile-card'],
  ])('%s: no serious or critical violation, no React error', async (name, route, testId) => {
    const path = route?.replace(':wallet', String(team.walletId)).replace(':task', String(taskId)) ?? null;
    const { page, errors } = await open(path);
    await settled(page, testId);
    const violations = await seriousViolations(page);
    if (violations.length > 0 || errors.length > 0)
      await page.screenshot({ path: `/tmp/a11y-${name.replace(/ /g, '-')}.png`, fullPage: true });
    // Apart, so a failure prints each list whole (one object diff elides the errors' text).
    expect(violations, `${name}: axe violations`).toEqual([]);
    expect(errors, `${name}: React errors`).toEqual([]);
  });

  it('entering the space and moving to a transfer by clicks logs no React error', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    const errors = recordReactErrors(page);
    await openSignedIn(page, team.admin.session, '/organization');
    await page.getByTestId('space-enter').first().click();
    await page.waitForURL((url) => url.pathname !== '/organization');
    await page.getByTestId('sidebar-menu').getByText('Transactions', { exact: true }).click();
    await settled(page, 'transfer-list-page');
    await page.getByTestId('tab-all').click();
    await page.getByRole('link', { name: `T${String(taskId).padStart(6, '0')}` }).click();
    await settled(page, 'transfer-detail-page');
    await page.getByTestId('sidebar-menu').getByText('Home', { exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/task'));
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('the wallet list rows open the wallet by keyboard', async () => {
    const { page } = await open('/wallet');
    await settled(page, 'wallet-list-page');
    const row = page.getByRole('link', { name: /Ops Safe/ }).first();
    await row.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/wallet/detail/${team.walletId}`);
  });

  it('the transfer list rows open the transfer by keyboard', async () => {
    const { page } = await open('/transfer');
    await settled(page, 'transfer-list-page');
    await page.getByTestId('tab-all').click();
    const number = `T${String(taskId).padStart(6, '0')}`;
    await page
      .getByRole('link', { name: new RegExp(number) })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/task/${taskId}`);
  });

  it("the wallet wizard's type cards are reachable and chosen by keyboard, with a visible focus", async () => {
    const { page } = await open('/multiple-wallet');
    const card = page.getByRole('button', { name: /multi-signature/i }).first();
    await card.waitFor();
    // Tab reaches the card (it is in the tab order) and the focus shows.
    for (
      let step = 0;
      step < 40 && !(await card.evaluate((element) => element === document.activeElement));
      step += 1
    )
      await page.keyboard.press('Tab');
    expect(await card.evaluate((element) => element === document.activeElement)).toBe(true);
    const outline = await card.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.getByTestId('wallet-type-multi').waitFor({ state: 'detached' });
    await page.getByTestId('wizard-step-base').waitFor();
  });
});
