/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { registerAccount } from '../lib/accounts';
import type { ApiSession } from '../lib/api-session';
import { dismissToasts, pictures } from '../lib/browser';
import { payPlus } from '../lib/evm-payment';
import { modalClosed } from '../lib/motion';
import { failOnce } from '../lib/screen-checks';
import { moveDevnetTime, safeOwners } from '../lib/recovery';
import { addMember } from '../lib/spaces';
import { teamInBrowser } from '../lib/team-browser';
import {
  DEVNET_KEYS,
  approveSignAndBroadcast,
  taskInfo,
  verifySigner,
  waitFor,
  type TransferTeam,
} from '../lib/transfers';
import { installInjectedWallet } from '../lib/wallet-provider';
import { settledDialog, toastWith } from '../lib/wallets';

/**
 * Emergency recovery of a Safe end to end on the devnet (issue 20), through the wallet's Recovery
 * tab. A failed read says so with Retry. The admin enables recovery in the UI with a member's
 * verified address as recoverer and a 2-day delay; the owners run the enabling task by API; the
 * tab shows it enabled. The recoverer — a member with no role on the wallet, reaching it from the
 * notification's link — starts a recovery in the UI and sends it from their own browser wallet
 * (an injected provider with their key); the tab shows it pending with its date. An owner vetoes
 * it in the UI, the veto runs by API, and the tab shows recovery enabled again. A second recovery
 * then runs after the devnet's clock is moved past the delay: the new key is an owner on chain.
 */
describe('emergency recovery on the devnet', () => {
  const session = teamInBrowser(180_000);
  let team: TransferTeam;
  /** The recoverer: a member of the space without any role on the Safe. */
  let heir: { email: string; session: ApiSession };
  const recovererKey = generatePrivateKey();
  const recoverer = privateKeyToAccount(recovererKey).address;
  const newOwnerKey = generatePrivateKey();
  const newOwner = privateKeyToAccount(newOwnerKey).address;
  /** The admin's key (devnet account 3) is the owner said to be lost: signers 1 and 2 keep signing. */
  const lost = privateKeyToAccount(DEVNET_KEYS[3]).address;

  beforeAll(async () => {
    team = session.team;
    heir = await registerAccount();
    // The free plan's 5 members are the team: Plus (paid in devnet USDT) lets a sixth join.
    await payPlus(team.admin.session);
    await addMember(team.admin.session, heir);
    await verifySigner(heir.session, recovererKey, 'Recovery key');
    await verifySigner(heir.session, newOwnerKey, 'New phone');
    // The recoverer's wallet pays the gas of the transactions it sends.
    await team.admin.session.call('POST', '/api/v1/dev/faucet', { address: recoverer, eth: '1' });
  }, 180_000);

  /** Pictures (desktop and phone) of what the page shows under its toasts, `focus` in view. */
  const shot = async (page: Page, name: string, focus: Locator) => {
    await dismissToasts(page);
    await pictures(page, name, focus);
  };
  const tabPath = () => `/wallet/detail/${team.walletId}?tab=recovery`;
  const state = (page: Page) => page.getByTestId('recovery-state').innerText();
  const nextText = (page: Page) => page.getByTestId('recovery-next-text').innerText();
  /** The id of the task the state card links to (enabling, veto, disabling). */
  const linkedTask = async (page: Page) => {
    const href = await page.getByTestId('recovery-task-open').getAttribute('href');
    return Number(href!.split('/').pop());
  };
  /** The owners' steps of a wallet task by API, until it has run on chain. */
  async function runTask(taskId: number) {
    await approveSignAndBroadcast(team, taskId);
    await waitFor(
      `task ${taskId} to complete`,
      () => taskInfo(team.admin.session, taskId),
      (task) => task.status === 1,
      60_000,
    );
  }
  /** The recoverer's page with their browser wallet (an injected provider holding their key). */
  async function recovererPage(): Promise<Page> {
    const page = await session.open(heir, tabPath());
    await installInjectedWallet(page, recovererKey);
    await page.reload();
    await page.getByTestId('recoverer-view').waitFor();
    return page;
  }
  /** Starts a recovery in the UI (lost → new owner), sends it from the injected wallet. */
  async function startRecovery(page: Page) {
    const start = page.getByTestId('recovery-start');
    await start.locator(`[data-testid="recovery-lost-option"][data-address="${lost}" i]`).click();
    await start.getByTestId('recovery-new').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ has: page.locator(`[data-address="${newOwner}" i]`) })
      .click();
    await start.getByTestId('recovery-review-open').click();
    const review = page.getByTestId('recovery-review');
    await review.waitFor();
    return review;
  }

  it('a failed read is an error with Retry (never "not enabled"); the admin enables recovery in the UI', async () => {
    const admin = await session.open(team.admin, '/wallet');
    await failOnce(admin, '**/api/v1/wallets/recovery?*');
    await admin.goto(tabPath());
    const failed = admin.getByTestId('recovery-error');
    await failed.waitFor();
    expect(await admin.getByTestId('recovery-state').count()).toBe(0);
    await failed.getByTestId('query-retry').click();
    await expect.poll(() => state(admin)).toBe('Not enabled');
    expect(await nextText(admin)).toContain('You can enable it below');

    // The recoverer: the member's verified address, chosen in the list; a 2-day delay.
    const form = admin.getByTestId('recovery-enable');
    await form.locator('#member').click();
    await admin
      .locator('.ant-select-item-option')
      .filter({ has: admin.locator(`[data-address="${recoverer}" i]`) })
      .click();
    await form.locator('#days').fill('2');
    await expect
      .poll(() => form.getByTestId('recovery-enable-what').innerText())
      .toContain('runs only after 2 days unless the owners veto it');
    await shot(admin, 'recovery-enable-form', form);
    await form.getByTestId('recovery-enable-submit').click();
    await toastWith(admin, 'created: the owners sign it next.');
    await expect.poll(() => state(admin)).toBe('Being enabled');
    expect(await nextText(admin)).toMatch(
      /^Waiting for the owners to approve, sign and broadcast the enabling task T\d{6}\.$/,
    );
    expect((await admin.getByTestId('recovery-recoverer').innerText()).toLowerCase()).toContain(
      recoverer.toLowerCase(),
    );
    expect(await admin.getByTestId('recovery-delay').innerText()).toBe('2 days');
    const taskId = await linkedTask(admin);
    await admin.getByTestId('recovery-task').getByTestId('task-status').waitFor();
    await shot(admin, 'recovery-enabling', admin.getByTestId('recovery-state-card'));

    // The task reads as what it does, not as "0 ETH to a contract".
    await admin.getByTestId('recovery-task-open').click();
    await admin.waitForURL((url) => url.pathname === `/task/${taskId}`);
    await expect
      .poll(() => admin.getByTestId('task-number').innerText())
      .toMatch(/^Enable emergency recovery T\d{6}/);
    const line = `Enable emergency recovery: recoverer ${recoverer.slice(0, 6)}…${recoverer.slice(-4)}, delay 48 h`;
    expect(await admin.getByTestId('task-recovery-action').innerText()).toBe(line);
    await shot(admin, 'recovery-enable-task', admin.getByTestId('task-summary'));
    // So it reads in the approvers' to-do list too.
    const approver = await session.open(team.approvers[0], '/transfer');
    const listed = approver.getByTestId('transfer-row').first();
    await expect.poll(() => listed.getByTestId('row-title').innerText()).toBe('Enable emergency recovery');
    expect(await listed.getByTestId('row-recovery-action').innerText()).toBe(line);
    await approver.context().close();

    // The owners approve, sign and broadcast it (API); the tab reads the chain: enabled.
    await runTask(taskId);
    await admin.goto(tabPath());
    await admin.getByTestId('recovery-sync').click();
    await expect.poll(() => state(admin)).toBe('Enabled');
    expect(await nextText(admin)).toContain('The recoverer can start a recovery at any time');
    expect(await admin.getByTestId('recovery-module').innerText()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await shot(admin, 'recovery-enabled-admin', admin.getByTestId('recovery-tab'));

    // The wallet's audit log says who enabled it, for whom and with which delay.
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    await expect
      .poll(() => admin.getByTestId('wallet-audit-table').innerText())
      .toContain(
        `to enable emergency recovery of wallet Ops Safe: recoverer ${recoverer}, delay 48 h, no expiry`,
      );
    await admin.context().close();
  });

  it('the recoverer (no role on the wallet) starts a recovery with their own wallet; the tab shows it pending', async () => {
    const page = await recovererPage();
    await expect.poll(() => state(page)).toBe('Enabled');
    expect(await nextText(page)).toContain('You are the recoverer');

    const review = await startRecovery(page);
    expect((await review.getByTestId('recovery-review-what').innerText()).toLowerCase()).toContain(
      `replace owner ${lost} by ${newOwner}`.toLowerCase(),
    );
    expect(await review.getByTestId('recovery-review-delay').innerText()).toBe(
      '2 days from when the transaction is mined, unless the owners veto it',
    );
    expect((await review.getByTestId('recovery-tx-from').innerText()).toLowerCase()).toBe(
      recoverer.toLowerCase(),
    );
    // The wallet sends to the recovery module itself.
    const moduleAddress = await page.getByTestId('recovery-module').innerText();
    expect((await review.getByTestId('recovery-tx-to').innerText()).toLowerCase()).toBe(
      moduleAddress.toLowerCase(),
    );
    const send = review.getByTestId('recovery-queue');
    await send.getByTestId('connector-injected').click();
    await send.getByTestId('connector-connect').click();
    await expect.poll(() => send.getByTestId('connected-account').innerText()).toContain(recoverer);
    await shot(page, 'recovery-review', review.getByTestId('recovery-review-what'));
    await shot(page, 'recovery-review-send', send.getByTestId('recovery-queue-submit'));
    await send.getByTestId('recovery-queue-submit').click();
    await toastWith(page, 'Recovery queued: it can run from');

    await expect.poll(() => state(page)).toBe('Recovery pending');
    const what = await page.getByTestId('recovery-pending-what').innerText();
    expect(what.toLowerCase()).toBe(
      `a recovery is pending: replace owner ${lost} by ${newOwner}`.toLowerCase(),
    );
    expect(await page.getByTestId('recovery-pending-when').innerText()).toMatch(
      /^Executable from .+ \(in 1 d 23 h \d+ min, chain time\)\.$/,
    );
    expect(await page.getByTestId('recovery-run').isDisabled()).toBe(true);
    expect(await page.getByTestId('recovery-run').innerText()).toMatch(/^Run recovery \(from .+\)$/);
    // The recoverer holds no role on the wallet: no veto for them.
    expect(await page.getByTestId('recovery-veto').count()).toBe(0);
    expect(await nextText(page)).toMatch(
      /^The owners can veto until .+; after that anyone can run the recovery\.$/,
    );
    await shot(page, 'recovery-pending-recoverer', page.getByTestId('recovery-pending'));
    await page.context().close();
  });

  it('an owner vetoes in the UI; once the veto has run the tab shows recovery enabled again', async () => {
    const owner = await session.open(team.signers[0], `/wallet/detail/${team.walletId}`);
    // The wallet's header says it too, whatever the tab.
    const banner = owner.getByTestId('recovery-header-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(
      `owner ${lost.slice(0, 6)}…${lost.slice(-4)} is to be replaced by ${newOwner.slice(0, 6)}…${newOwner.slice(-4)}`,
    );
    expect(await banner.innerText()).toContain('The wallet signs nothing else until it is vetoed or run.');
    await shot(owner, 'recovery-pending-header', banner);
    await banner.getByTestId('recovery-header-open').click();
    await owner.getByTestId('recovery-pending').waitFor();

    await owner.getByTestId('recovery-veto').click();
    await owner.getByTestId('recovery-veto-modal-confirm').click();
    await toastWith(owner, 'created: the owners sign it next.');
    await modalClosed(owner);
    await expect.poll(() => owner.getByTestId('recovery-next').getAttribute('data-step')).toBe('vetoing');
    expect(await nextText(owner)).toMatch(/^A veto is under way: the owners sign task T\d{6}\./);
    expect(await owner.getByTestId('recovery-veto').count()).toBe(0);
    await owner.getByTestId('recovery-task').getByTestId('task-status').waitFor();
    await shot(owner, 'recovery-vetoing', owner.getByTestId('recovery-tab'));
    const vetoId = await linkedTask(owner);

    await runTask(vetoId);
    await owner.getByTestId('recovery-sync').click();
    await expect.poll(() => state(owner)).toBe('Enabled');
    expect(await owner.getByTestId('recovery-pending').count()).toBe(0);
    expect(await owner.getByTestId('recovery-header-banner').count()).toBe(0);
    await shot(owner, 'recovery-vetoed', owner.getByTestId('recovery-state-card'));
    await owner.context().close();
  });

  it(
    'a second recovery runs once the delay is over on chain: anyone runs it, the new key is an owner',
    { timeout: 120_000 },
    async () => {
      const page = await recovererPage();
      await expect.poll(() => state(page)).toBe('Enabled');
      const review = await startRecovery(page);
      const send = review.getByTestId('recovery-queue');
      await send.getByTestId('connector-injected').click();
      await send.getByTestId('connector-connect').click();
      await send.getByTestId('connected-account').waitFor();
      await send.getByTestId('recovery-queue-submit').click();
      await toastWith(page, 'Recovery queued: it can run from');
      await expect.poll(() => state(page)).toBe('Recovery pending');
      expect(await page.getByTestId('recovery-run').isDisabled()).toBe(true);

      // The devnet's clock moves past the 2-day delay; the tab reads the chain again.
      await moveDevnetTime(2 * 86_400 + 60);
      await page.getByTestId('recovery-sync').click();
      await expect.poll(() => page.getByTestId('recovery-run').isEnabled()).toBe(true);
      expect(await page.getByTestId('recovery-pending-when').innerText()).toMatch(
        /^Executable since .+ \(chain time\): anyone can run it now\.$/,
      );
      expect(await nextText(page)).toContain('The delay is over: anyone can run the recovery now.');
      await shot(page, 'recovery-runnable', page.getByTestId('recovery-pending'));

      await page.getByTestId('recovery-run').click();
      const run = page.getByTestId('recovery-run-card');
      await run.getByTestId('connector-injected').click();
      await run.getByTestId('connector-connect').click();
      await run.getByTestId('connected-account').waitFor();
      await run.getByTestId('recovery-execute-submit').click();
      await toastWith(page, 'Recovery run: owner');
      await expect.poll(() => state(page)).toBe('Enabled');
      await shot(page, 'recovery-ran', page.getByTestId('recovery-state-card'));

      const owners = await safeOwners(team.safe);
      expect(owners).toContain(getAddress(newOwner));
      expect(owners).not.toContain(getAddress(lost));
      await page.context().close();
    },
  );

  it('an admin disables recovery in the UI; once the task has run the tab shows it not enabled', async () => {
    const admin = await session.open(team.admin, tabPath());
    await expect.poll(() => state(admin)).toBe('Enabled');
    await admin.getByTestId('recovery-disable').click();
    const modal = await settledDialog(admin, 'Disable recovery');
    expect(await modal.innerText()).toContain('Creates a wallet task that disables the recovery module');
    await modal.getByTestId('recovery-disable-modal-confirm').click();
    await toastWith(admin, 'created: the owners sign it next.');
    await modalClosed(admin);
    await expect.poll(() => admin.getByTestId('recovery-next').getAttribute('data-step')).toBe('disabling');
    expect(await admin.getByTestId('recovery-disable').count()).toBe(0);
    const taskId = await linkedTask(admin);

    // The new owner (the heir's key) replaced the admin's: signers 1 and 2 still make the threshold.
    await runTask(taskId);
    await admin.getByTestId('recovery-sync').click();
    await expect.poll(() => state(admin)).toBe('Not enabled');
    await admin.getByTestId('recovery-enable').waitFor();
    await shot(admin, 'recovery-disabled', admin.getByTestId('recovery-state-card'));
    await admin.context().close();
  });
});
