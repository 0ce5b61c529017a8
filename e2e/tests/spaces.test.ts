/// <reference lib="dom" />
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PASSWORD, openSignedIn, registerAccount, solveCaptchaIfShown, uniqueEmail } from '../lib/accounts';
import { ApiCallError, mailIds, waitForCode } from '../lib/api-session';
import { launchBrowser, newPage, waitForPath } from '../lib/browser';
import { addMember, createSpace, invitationPath, openInSpace, registerCreator } from '../lib/spaces';

const modal = (page: Page, text: string) => page.locator('.ant-modal-content', { hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text });
const memberRow = (page: Page, email: string) => page.locator('tr.ant-table-row', { hasText: email });

describe('spaces in the browser (issue "Spaces")', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => close());

  it('a fresh user gets the welcome window; without an authenticator the create prompt says so; with one the space is created and entered', async () => {
    const account = await registerAccount();
    const { page, context } = await newPage(browser);
    await openSignedIn(page, account.session, '/organization');
    await modal(page, 'Welcome to Keystead').waitFor();
    await page.getByTestId('welcome-experience').click();
    await page.locator('#name').fill('  Lab space   ');
    await page.getByTestId('space-form-submit').click();
    // The form already warned; the server's PERMISSION_MFA_REQUIRED_ERROR opens the prompt.
    await page.getByTestId('mfa-required-go').click();
    await waitForPath(page, '/account');

    const { bindAuthenticator } = await import('../lib/accounts');
    await bindAuthenticator(account.session, account.email);
    // Binding renews the session cookie: hand the new one to the browser.
    await openSignedIn(page, account.session, '/organization');
    await page.getByTestId('welcome-formal').click();
    await page.locator('#name').fill('Lab space   ');
    await page.locator('#description').fill('Where the team tries things');
    await page.getByTestId('space-form-submit').click();
    await toast(page, 'Space Lab space created.').waitFor();
    const card = page.getByTestId('space-card').filter({ hasText: 'Lab space' });
    await card.getByText('Current').waitFor();
    await card.getByText('Formal').waitFor();
    await card.getByText('Creator').waitFor();
    // Trailing spaces were trimmed; the space is the selected one and the remembered one.
    const spaces = await account.session.call<{ list: Array<{ name: string; organization_id: number }> }>(
      'GET',
      '/api/v1/organization',
    );
    expect(spaces.list.map((space) => space.name)).toEqual(['Lab space']);
    const id = String(spaces.list[0]!.organization_id);
    expect(await page.evaluate(() => sessionStorage.getItem('ks.organization'))).toBe(id);
    expect((await context.cookies()).find((cookie) => cookie.name === 'ks_last_space')?.value).toBe(id);
    await context.close();
  });

  it('invites a NEW user by e-mail, who registers through the link and lands in the space with a tour', async () => {
    const creator = await registerCreator();
    const space = await createSpace(creator.session, 'Invite HQ');
    const admin = await newPage(browser);
    await openSignedIn(admin.page, creator.session, '/organization/settings?tab=members');
    await admin.page.getByTestId('members-tab').waitFor();
    const invitee = uniqueEmail('newbie');
    await admin.page.getByTestId('invite-open').click();
    await admin.page.getByTestId('invite-emails').fill(invitee);
    await admin.page.getByTestId('invite-submit').click();
    await toast(admin.page, `Invitations sent to ${invitee}`).waitFor();
    await memberRow(admin.page, invitee).getByText('Pending').waitFor();

    const visitor = await newPage(browser);
    await visitor.page.goto(await invitationPath(invitee));
    await waitForPath(visitor.page, '/register');
    const card = visitor.page.getByTestId('invite-register-card');
    await card.getByText('Accept your invitation').waitFor();
    await card.getByText(`to join Invite HQ`).waitFor();
    expect(await visitor.page.locator('#email').inputValue()).toBe(invitee);
    expect(await visitor.page.locator('#email').isDisabled()).toBe(true);
    const seen = await mailIds(invitee);
    await visitor.page.getByTestId('send-code').click();
    await visitor.page.getByTestId('captcha-image').waitFor();
    await solveCaptchaIfShown(visitor.page);
    await visitor.page.locator('#email_code').fill(await waitForCode(invitee, seen));
    await visitor.page.locator('#password').fill(PASSWORD);
    await visitor.page.locator('#confirm').fill(PASSWORD);
    await visitor.page.getByTestId('register-submit').click();
    // /wallet needs a space with wallets, so the guard goes on to /organization.
    await waitForPath(visitor.page, '/organization');
    expect(await visitor.page.evaluate(() => sessionStorage.getItem('ks.organization'))).toBe(
      String(space.organization_id),
    );
    await visitor.page.locator('.ks-guide-tour').getByText('Welcome to the space').waitFor();
    await visitor.page
      .getByTestId('space-card')
      .filter({ hasText: 'Invite HQ' })
      .getByText('Member', { exact: true })
      .waitFor();

    await admin.page.reload();
    await memberRow(admin.page, invitee).getByText('Joined').waitFor();
    await admin.context.close();
    await visitor.context.close();
  });

  it('changes a role and blocks a member, who then loses access to the space', async () => {
    const creator = await registerCreator();
    const space = await createSpace(creator.session, 'Block Co');
    const member = await registerAccount();
    await addMember(creator.session, member, 0);

    const admin = await newPage(browser);
    await openSignedIn(admin.page, creator.session, '/organization/settings?tab=members');
    const row = memberRow(admin.page, member.email);
    await row.getByText('Member', { exact: true }).waitFor();
    // The creator's own row offers no actions (only the risk details, like every row).
    const creatorRow = memberRow(admin.page, creator.email);
    expect(await creatorRow.getByRole('button', { name: 'More actions' }).count()).toBe(0);
    expect(await creatorRow.getByRole('button', { name: 'Block' }).count()).toBe(0);
    await row.getByRole('button', { name: 'More actions' }).click();
    await admin.page.getByRole('menuitem', { name: 'Change role' }).hover();
    await admin.page.getByRole('menuitem', { name: 'User', exact: true }).click();
    await toast(admin.page, `${member.email} is now User`).waitFor();
    await row.getByText('User', { exact: true }).waitFor();

    const memberPage = await newPage(browser);
    await openInSpace(memberPage.page, member.session, space.organization_id, '/multiple-wallet');
    await memberPage.page.getByTestId('create-wallet').waitFor();

    await row.getByRole('button', { name: 'Block' }).click();
    await admin.page.locator('.ant-modal-confirm').getByRole('button', { name: 'Block' }).click();
    await toast(admin.page, `${member.email} is blocked.`).waitFor();
    await row.getByTestId('member-status').getByText('Blocked').waitFor();

    await expect(member.session.call('GET', '/api/v1/organization/base-info')).rejects.toMatchObject({
      code: 'MEMBER_BLOCKED_ERROR',
    });
    await memberPage.page.goto('/multiple-wallet');
    await waitForPath(memberPage.page, '/organization');
    expect(await memberPage.page.evaluate(() => sessionStorage.getItem('ks.organization'))).toBeNull();
    await memberPage.page.getByTestId('organization-page').waitFor();
    expect(await memberPage.page.getByTestId('space-card').count()).toBe(0);
    await admin.context.close();
    await memberPage.context.close();
  });

  it('a live notification reaches a user who has the app open (badge and toast, no reload), who then accepts', async () => {
    const creator = await registerCreator();
    await createSpace(creator.session, 'Live Ops');
    const user = await registerAccount();
    const { page, context } = await newPage(browser);
    const stream = page.waitForResponse((reply) => reply.url().includes('/api/v1/notification/stream'));
    await openSignedIn(page, user.session, '/organization');
    await stream;
    await modal(page, 'Welcome to Keystead').getByRole('button', { name: 'Not now' }).click();
    expect(await page.getByTestId('notification-badge').locator('.ant-badge-count').count()).toBe(0);

    await creator.session.call('POST', '/api/v1/organization/invite', { emails: user.email, role: 2 });
    await toast(page, 'Invitation to Live Ops').waitFor();
    await page.getByTestId('notification-badge').locator('.ant-badge-count', { hasText: '1' }).waitFor();
    await page.getByTestId('notification-bell').click();
    const drawer = page.locator('.ks-notification-drawer');
    await drawer.getByTestId('notification-item').filter({ hasText: 'Invitation to Live Ops' }).waitFor();
    await drawer.getByTestId('notification-mark-all').click();
    await drawer.locator('[data-testid="notification-item"][data-read="true"]').first().waitFor();
    await page.getByTestId('notification-badge').locator('.ant-badge-count').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    // Signed in as the invited account: accept, the space is selected, count down home.
    await page.goto(await invitationPath(user.email));
    await page.getByTestId('invite-confirm-page').getByText('Live Ops').first().waitFor();
    await page.getByTestId('invite-accept').click();
    await page.getByTestId('invite-countdown').waitFor();
    await waitForPath(page, '/organization');
    await page.getByTestId('space-card').filter({ hasText: 'Live Ops' }).getByText('Admin').waitFor();
    await context.close();
  });

  it('an invitation opened by another account says so and offers to switch accounts', async () => {
    const creator = await registerCreator();
    await createSpace(creator.session, 'Mismatch Ltd');
    const invitee = await registerAccount();
    const other = await registerAccount();
    await creator.session.call('POST', '/api/v1/organization/invite', { emails: invitee.email, role: 0 });
    const { page, context } = await newPage(browser);
    await openSignedIn(page, other.session, await invitationPath(invitee.email));
    await page.getByTestId('invite-mismatch').getByText(`This invitation is for ${invitee.email}`).waitFor();
    expect(await page.getByTestId('invite-accept').count()).toBe(0);
    await page.getByTestId('invite-switch').click();
    await waitForPath(page, '/login');
    await context.close();
  });

  it('settings: toggles save, testnet is fixed in the experience edition, the environment scan lists findings', async () => {
    const creator = await registerCreator();
    const trial = await createSpace(creator.session, 'Trial Lab', 'experience');
    const { page, context } = await newPage(browser);
    await openInSpace(page, creator.session, trial.organization_id, '/organization/settings?tab=defaults');
    const testnet = page.getByTestId('toggle-enable_testnet');
    await testnet.waitFor();
    expect(await testnet.isDisabled()).toBe(true);
    expect(await testnet.getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('toggle-enable_dapp').click();
    await toast(page, 'Setting saved.').first().waitFor();
    expect(await page.getByTestId('toggle-enable_dapp').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('scan-run').click();
    await page.getByTestId('scan-findings').getByText('Approval verification is off').waitFor();
    await page.getByTestId('toggle-enable_approve_mfa').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="toggle-enable_approve_mfa"]')?.getAttribute('aria-checked') ===
        'true',
    );
    await page.getByTestId('scan-run').click();
    await page.getByText('Secure: no risky settings found.').waitFor();
    const info = await creator.session.call<{ is_open_approve: boolean; is_open_dapp: boolean }>(
      'GET',
      '/api/v1/organization/base-info',
    );
    expect(info).toMatchObject({ is_open_approve: true, is_open_dapp: true });
    // The server refuses turning testnet off in a trial space.
    await expect(
      creator.session.call('PUT', '/api/v1/organization/settings', { enable_testnet: false }),
    ).rejects.toBeInstanceOf(ApiCallError);
    await context.close();
  });

  it('audit log: rows, filter, CSV export as a download, integrity check', async () => {
    const creator = await registerCreator();
    const space = await createSpace(creator.session, 'Audit Trail');
    await creator.session.call('POST', '/api/v1/organization/invite', {
      emails: uniqueEmail('audited'),
      role: 0,
    });
    const { page, context } = await newPage(browser);
    await openInSpace(page, creator.session, space.organization_id, '/audit-log');
    await page.getByTestId('audit-log-page').waitFor();
    await page.locator('tr.ant-table-row', { hasText: 'Invite' }).waitFor();
    await page.locator('tr.ant-table-row', { hasText: 'Create' }).waitFor();

    await page.getByTestId('audit-operation').click();
    await page.locator('.ant-select-item-option[title="Invite"]').click();
    await page.waitForFunction(() => document.querySelectorAll('tr.ant-table-row').length === 1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`audit-log-${space.organization_id}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('time,type,operation,action,wallet,transfer,space_user,ip,location,content');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',member,invite,');

    await page.getByTestId('audit-verify').click();
    await page
      .getByTestId('audit-verify-result')
      .getByText(/The audit log is intact: \d+ rows checked/)
      .waitFor();
    await context.close();
  });

  it('switches spaces from the user menu in the header', async () => {
    const creator = await registerCreator();
    const first = await createSpace(creator.session, 'North');
    await createSpace(creator.session, 'South');
    const { page, context } = await newPage(browser);
    await openInSpace(page, creator.session, first.organization_id, '/organization');
    await page.locator('.ks-main__space').getByText('North').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'South' }).click();
    await toast(page, 'You are now in South.').waitFor();
    await page.locator('.ks-main__space').getByText('South').waitFor();
    await context.close();
  });
});
