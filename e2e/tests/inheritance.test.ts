import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { dismissToasts, newPage, pictures } from '../lib/browser';
import { typeEmailCode } from '../lib/evm-payment';
import { awayForDays, makeFamilySpace } from '../lib/inheritance';
import { modalClosed } from '../lib/motion';
import { ownServer } from '../lib/own-server';
import { setPlanDirectly } from '../lib/space-plan';
import { registerAccount } from '../lib/accounts';
import { addMember, openInSpace } from '../lib/spaces';
import { verifySigner, type Person } from '../lib/transfers';
import { settledDialog, toastWith } from '../lib/wallets';

/**
 * Family inheritance on the wallet's Recovery tab (§4), in a family space (kind 2, written into
 * the database while the server is stopped): the admin, an owner of the Safe, names an heir in the
 * UI; the heir (a member with no role on the wallet, who sees only its inheritance) accepts in the
 * UI with one of their verified addresses;
 * the card shows the plan accepted and that the succession opens at 90 days. With the owner's
 * sessions moved 91 days back (database), the heir applies for the succession with an e-mailed code.
 */
describe('family inheritance on the Recovery tab', () => {
  // A family space on a paid plan (the free plan's five members are the team already).
  const own = ownServer('inheritance', async (dataDir, team) => {
    await makeFamilySpace(dataDir, team.spaceId);
    await setPlanDirectly(dataDir, team.spaceId, 'plus', new Date(Date.now() + 30 * 86_400_000));
  });
  const heirKey = generatePrivateKey();
  const heirAddress = privateKeyToAccount(heirKey).address;
  let heir: Person;

  beforeAll(async () => {
    // A family member with no role on the wallet: the server shows them its inheritance only.
    const account = await registerAccount();
    await addMember(own.team.admin.session, account);
    const me = await account.session.call<{ user_id: number }>('GET', '/api/v1/user/base-info');
    heir = { ...account, userId: me.user_id };
    await verifySigner(heir.session, heirKey, 'Heir key');
  }, 60_000);

  const tabPath = () => `/wallet/detail/${own.team.walletId}?tab=recovery`;
  async function open(who: Person): Promise<Page> {
    const { page } = await newPage(own.browser);
    await openInSpace(page, who.session, own.team.spaceId, tabPath());
    await page.getByTestId('inheritance-card').waitFor();
    return page;
  }
  const status = (page: Page) => page.getByTestId('inheritance-status').innerText();
  const nextText = (page: Page) => page.getByTestId('inheritance-next-text').innerText();
  const shot = async (page: Page, name: string, focus: Locator) => {
    await dismissToasts(page);
    await pictures(page, name, focus);
  };

  it('the owner names an heir in the UI', async () => {
    const admin = await open(own.team.admin);
    await expect.poll(() => status(admin)).toBe('No heir named');
    expect(await nextText(admin)).toContain('A signer of the wallet can name one');
    expect(await admin.getByTestId('inheritance-card').innerText()).toContain(
      'After 90 days without sign-in by the owner, the heir may apply',
    );
    await shot(admin, 'inheritance-none', admin.getByTestId('inheritance-card'));

    await admin.getByTestId('inheritance-name').click();
    const modal = await settledDialog(admin, 'Name an heir');
    await modal.getByTestId('inheritance-heir-select').click();
    await admin
      .locator('.ant-select-item-option')
      .filter({
        has: admin.locator(`[data-testid="inheritance-heir-option"][data-user-id="${heir.userId}"]`),
      })
      .click();
    await modal.getByTestId('inheritance-heir-submit').click();
    await toastWith(admin, 'Heir named: they are told.');
    await modalClosed(admin);
    await expect.poll(() => status(admin)).toBe('Waiting for the heir');
    expect(await nextText(admin)).toMatch(/^Waiting for .+ to accept or deny\.$/);
    expect(await admin.getByTestId('inheritance-owner').innerText()).toContain('(you)');
    // The owner may change the heir or close the plan.
    await admin.getByTestId('inheritance-change').waitFor();
    await admin.getByTestId('inheritance-close').waitFor();
    await shot(admin, 'inheritance-open', admin.getByTestId('inheritance-card'));
    await admin.context().close();
  });

  it('the heir accepts in the UI with a verified address; the card shows it accepted', async () => {
    const page = await open(heir);
    // No role on the wallet: the page holds the inheritance alone, not the wallet.
    await page.getByTestId('recoverer-view').waitFor();
    expect(await page.getByTestId('recoverer-view').innerText()).toContain(
      "You are named as this wallet's heir",
    );
    await expect.poll(() => status(page)).toBe('Waiting for the heir');
    expect(await nextText(page)).toContain('You are named heir');
    await page.getByTestId('inheritance-accept').click();
    const modal = await settledDialog(page, 'Accept the inheritance');
    await modal.getByTestId('inheritance-address-select').click();
    await page
      .locator('.ant-select-item-option')
      .filter({
        has: page.locator(`[data-testid="inheritance-address-option"][data-address="${heirAddress}" i]`),
      })
      .click();
    await shot(page, 'inheritance-accept-modal', modal);
    await modal.getByTestId('inheritance-accept-submit').click();
    await toastWith(page, 'Inheritance accepted: the owners are told.');
    await modalClosed(page);
    await expect.poll(() => status(page)).toBe('Accepted');
    expect((await page.getByTestId('inheritance-heir-address').innerText()).toLowerCase()).toBe(
      heirAddress.toLowerCase(),
    );
    expect(await page.getByTestId('inheritance-inactive').innerText()).toMatch(
      /^0 days \(succession opens at 90 days\)$/,
    );
    expect(await nextText(page)).toContain('may apply for the succession');
    expect(await page.getByTestId('inheritance-heir').innerText()).toContain('(you)');
    await shot(page, 'inheritance-accepted-heir', page.getByTestId('inheritance-card'));
    await page.context().close();

    // The admin is told to enable recovery with the heir's address.
    const admin = await open(own.team.admin);
    await expect.poll(() => status(admin)).toBe('Accepted');
    const hint = admin.getByTestId('inheritance-admin-hint');
    await hint.waitFor();
    expect((await hint.innerText()).toLowerCase()).toContain(heirAddress.toLowerCase());
    await shot(admin, 'inheritance-accepted-admin', admin.getByTestId('inheritance-card'));
    await admin.context().close();
  });

  it("the admin says what the family's wallet is for (common → inheritance) in its settings", async () => {
    const { page } = await newPage(own.browser);
    await openInSpace(
      page,
      own.team.admin.session,
      own.team.spaceId,
      `/wallet/detail/${own.team.walletId}?tab=settings`,
    );
    await expect.poll(() => page.getByTestId('family-type-tag').innerText()).toBe('Common');
    const settings = page.getByTestId('wallet-settings');
    await settings.getByTestId('family-type-3').click();
    await settings.getByRole('button', { name: 'Save' }).first().click();
    await toastWith(page, 'Saved.');
    await expect.poll(() => page.getByTestId('family-type-tag').innerText()).toBe('Inheritance');
    await shot(page, 'family-wallet-type', settings.getByTestId('family-type'));
    await page.context().close();
  });

  it('after 91 days without sign-in by the owner, the heir applies with an e-mailed code', async () => {
    await own.whileStopped((dataDir, team) => awayForDays(dataDir, team.admin.userId, 91));
    const page = await open(heir);
    await expect.poll(() => nextText(page)).toContain('you may apply for the succession below');
    expect(await page.getByTestId('inheritance-inactive').innerText()).toBe(
      '91 days (succession opens at 90 days)',
    );
    const apply = page.getByTestId('inheritance-apply');
    await typeEmailCode(apply, heir.email, 'family_succession', '#inheritance-email-code');
    await shot(page, 'inheritance-apply', apply);
    await apply.getByTestId('inheritance-apply-submit').click();
    await toastWith(page, 'Succession applied: the owners are told.');
    await expect.poll(() => status(page)).toBe('Succession applied');
    expect(await nextText(page)).toContain('applied for the succession');
    await shot(page, 'inheritance-applied', page.getByTestId('inheritance-card'));
    await page.context().close();
  });
});
