/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openSignedIn, registerAccount, uniqueEmail } from '../lib/accounts';
import { VIEWPORTS, launchBrowser, newPage, screenshot } from '../lib/browser';
import { modalClosed, overlaysAtRest } from '../lib/motion';
import { addMember, createSpace, invitationPath, openInSpace, registerCreator } from '../lib/spaces';

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every new spaces screen at 1280×800 and 390×844 (e2e/screenshots/spaces-*). */
describe.each(Object.entries(VIEWPORTS))('spaces screens at %s size', (size, viewport) => {
  let browser: Browser;
  let close: () => Promise<void>;
  let creator: Awaited<ReturnType<typeof registerCreator>>;
  let spaceId: number;
  let invitee: Awaited<ReturnType<typeof registerAccount>>;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    creator = await registerCreator();
    await createSpace(creator.session, 'Sandbox', 'experience');
    spaceId = (await createSpace(creator.session, 'Acme Treasury')).organization_id;
    await creator.session.call('PATCH', '/api/v1/organization', { description: 'Company funds and payroll' });
    await addMember(creator.session, await registerAccount(), 2);
    await creator.session.call('POST', '/api/v1/organization/invite', {
      emails: uniqueEmail('pending'),
      role: 7,
    });
    invitee = await registerAccount();
    await creator.session.call('POST', '/api/v1/organization/invite', { emails: invitee.email, role: 0 });
  });
  afterAll(async () => close());

  const shot = async (page: Page, name: string) => {
    await overlaysAtRest(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `spaces-${name}-${size}`);
  };

  it('space list, create form, user menu with spaces', async () => {
    const { page, context } = await newPage(browser, viewport);
    await openInSpace(page, creator.session, spaceId, '/organization');
    await page.getByTestId('space-card').nth(1).waitFor();
    await shot(page, 'list');
    await page.getByTestId('space-create').click();
    await page.getByTestId('space-form-submit').waitFor();
    await shot(page, 'create-form');
    await page.keyboard.press('Escape');
    await modalClosed(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sandbox' }).waitFor();
    await shot(page, 'user-menu');
    await context.close();
  });

  it('welcome window of a user without a space', async () => {
    const fresh = await registerAccount();
    const { page, context } = await newPage(browser, viewport);
    await openSignedIn(page, fresh.session, '/organization');
    await page.getByTestId('welcome-formal').waitFor();
    await shot(page, 'welcome');
    await context.close();
  });

  it.each(['base', 'members', 'defaults', 'plan'])('settings tab %s', async (tab) => {
    const { page, context } = await newPage(browser, viewport);
    await openInSpace(page, creator.session, spaceId, `/organization/settings?tab=${tab}`);
    await page.getByTestId(`${tab === 'base' ? 'base-info' : tab}-tab`).waitFor();
    if (tab === 'members') await page.locator('tr.ant-table-row').nth(2).waitFor();
    if (tab === 'defaults') {
      await page.getByTestId('scan-run').click();
      await page.getByTestId('scan-findings').waitFor();
    }
    await shot(page, `settings-${tab}`);
    if (tab === 'members') {
      await page.getByTestId('invite-open').click();
      await page.getByTestId('invite-emails').fill('a@example.com, b@example.com, c@example.com');
      await shot(page, 'invite-modal');
      await page.getByTestId('invite-submit').click();
      await page.locator('.ant-modal-content', { hasText: 'Limit reached' }).waitFor();
      await shot(page, 'limit-members');
    }
    await context.close();
  });

  it('settings in zh-CN', async () => {
    const { page, context } = await newPage(browser, viewport);
    await openInSpace(page, creator.session, spaceId, '/organization/settings?tab=members&lang=zh-CN');
    await page.getByRole('tab', { name: '成员与邀请' }).waitFor();
    await page.locator('tr.ant-table-row').nth(2).waitFor();
    await shot(page, 'settings-zh-CN');
    await context.close();
  });

  it('audit log', async () => {
    const { page, context } = await newPage(browser, viewport);
    await openInSpace(page, creator.session, spaceId, '/audit-log');
    await page.locator('tr.ant-table-row').nth(2).waitFor();
    await page.getByTestId('audit-verify').click();
    await page.getByTestId('audit-verify-result').waitFor();
    await shot(page, 'audit-log');
    await context.close();
  });

  it('invitation: accept page, invitation register, notifications', async () => {
    const path = await invitationPath(invitee.email);
    const signedIn = await newPage(browser, viewport);
    await openSignedIn(signedIn.page, invitee.session, path);
    await signedIn.page.getByTestId('invite-accept').waitFor();
    await shot(signedIn.page, 'invite-confirm');
    await signedIn.page.getByTestId('notification-bell').click();
    await signedIn.page.locator('.ks-notification-drawer').getByTestId('notification-item').first().waitFor();
    await shot(signedIn.page, 'notifications');
    await signedIn.context.close();

    const newcomer = uniqueEmail('newcomer');
    await creator.session.call('POST', '/api/v1/organization/invite', { emails: newcomer, role: 0 });
    const visitor = await newPage(browser, viewport);
    await visitor.page.goto(await invitationPath(newcomer));
    await visitor.page.getByTestId('invite-register-card').waitFor();
    await shot(visitor.page, 'invite-register');
    await visitor.context.close();
  });
});
