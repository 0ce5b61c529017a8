/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailIds, waitForCode } from '../lib/api-session';
import {
  DEVNET_KEYS,
  randomAddress,
  signByApi,
  taskInfo,
  transferByApi,
  usdtBalance,
  waitFor,
  type Person,
  type TransferTeam,
} from '../lib/transfers';
import { teamInBrowser } from '../lib/team-browser';
import { motionDone, modalClosed } from '../lib/motion';
import { dialog, screenshotBoth, toastWith } from '../lib/wallets';
import { devnetRpcUrl } from '../lib/wallet-provider';

/**
 * Transfers end to end on the devnet (issue 6): five people of one space in their own browser
 * contexts move test USDT out of a 2-of-3 Safe — the operator creates it in the wizard, two
 * approvers approve, two signers sign with the devnet signer, the operator broadcasts and the
 * recipient's on-chain balance rises by exactly the amount. Then a rejection, a revoke at each
 * stage (the fully signed one through an on-chain rejection), a similar-address warning and a
 * whitelist refusal.
 */
describe('transfers on the devnet', () => {
  const session = teamInBrowser();
  let team: TransferTeam;
  beforeAll(() => {
    team = session.team;
  });
  const open = (who: Person, path: string) => session.open(who, path);

  const status = (page: Page) => page.getByTestId('task-status').first().innerText();

  /** Picks the devnet signer in a card and connects it. */
  async function connectDevnet(page: Page, card: string): Promise<void> {
    const scope = page.getByTestId(card);
    await scope.getByTestId('connector-devnet').click();
    await scope.getByTestId('connector-connect').click();
    await scope.getByTestId('connector-account').waitFor();
  }

  async function signInUi(who: Person, taskId: number, name: string): Promise<void> {
    const page = await open(who, `/task/${taskId}`);
    await page.getByTestId('sign-form').waitFor();
    await connectDevnet(page, 'signature-card');
    if (name) await screenshotBoth(page, name);
    await page.getByTestId('sign-submit').click();
    await toastWith(page, 'Your signature was added.');
    await page.context().close();
  }

  /** Waits for the page to show Completed; on failure names what the server knows (broadcast attempts, receipt). */
  async function untilCompleted(page: Page, taskId: number): Promise<void> {
    // The page follows the task by itself (live updates and polling); wait for its status to read Completed.
    const completed = await page
      .getByTestId('task-status')
      .first()
      .filter({ hasText: /^Completed$/ })
      .waitFor({ timeout: 45_000 })
      .then(() => true)
      .catch(() => false);
    if (completed) return;
    const info = await Promise.race([
      team.admin.session.call<{ status: number; broadcasts?: Array<{ tx_hash: string }> }>(
        'GET',
        `/api/v1/task/info?task_id=${taskId}`,
      ),
      new Promise<never>((_resolve, reject) =>
        setTimeout(
          () =>
            reject(
              new Error(
                `Task ${taskId} not completed and the server does not answer GET /task/info within 5 s`,
              ),
            ),
          5_000,
        ),
      ),
    ]);
    const receipts = await Promise.all(
      (info.broadcasts ?? []).map((b) =>
        fetch(devnetRpcUrl(), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'eth_getTransactionReceipt',
            params: [b.tx_hash],
          }),
        }).then((r) => r.text()),
      ),
    );
    throw new Error(
      `Task ${taskId} not completed: ${JSON.stringify({ ...info, typed_data: undefined })} receipts: ${receipts.join(' ')}`,
    );
  }

  async function chooseUsdt(page: Page): Promise<void> {
    await page
      .locator('.ant-select')
      .filter({ has: page.locator('#transfer-asset') })
      .click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'USDT' }).click();
  }

  async function revokeInUi(page: Page, text: string): Promise<void> {
    await page.getByTestId('revoke').click();
    await expect.poll(() => page.getByTestId('revoke-text').innerText()).toContain(text);
    await confirmDialog(page, 'revoke-confirm');
  }

  /**
   * Clicks a dialog's confirm button once the dialog has stopped zooming in: on a loaded machine a
   * click during the motion can land on the mask, which closes the dialog unconfirmed.
   */
  async function confirmDialog(page: Page, testId: string): Promise<void> {
    await motionDone(page.getByTestId(testId));
    await page.getByTestId(testId).click();
    await modalClosed(page);
  }

  it(
    'creates, approves, signs and broadcasts a USDT transfer; the recipient receives exactly the amount',
    { timeout: 180_000 },
    async () => {
      const recipient = randomAddress();
      const before = await usdtBalance(team.usdt, recipient);

      // The operator's wizard.
      const operator = await open(team.admin, '/wallet/transfer');
      await operator.getByTestId(`transfer-wallet-${team.walletId}`).click();
      await screenshotBoth(operator, 'transfer-wizard-wallet');
      await operator.getByTestId('transfer-next').click();
      await operator.locator('#transfer-to').waitFor();
      await operator.getByTestId('transfer-next').click();
      await operator.locator('.ant-form-item-explain-error').first().waitFor();
      await chooseUsdt(operator);
      await operator.locator('#transfer-to').fill(team.safe);
      await operator.locator('#transfer-amount').fill('5000');
      await expect
        .poll(() => operator.locator('.ant-form-item-explain-error').allInnerTexts())
        .toEqual(['The recipient cannot be the sending wallet.', 'Insufficient balance.']);
      await operator.locator('#transfer-to').fill(recipient);
      await operator.getByTestId('recipient-tag-20').waitFor();
      await chooseUsdt(operator);
      await operator.getByTestId('transfer-max').click();
      await expect.poll(() => operator.locator('#transfer-amount').inputValue()).toBe('1000');
      await operator.getByTestId('large-amount-warning').waitFor();
      await operator.locator('#transfer-amount').fill('12.5');
      await operator.locator('#transfer-remark').fill('Supplier invoice 42');
      expect(await operator.getByTestId('fee-standard').isChecked()).toBe(true);
      await screenshotBoth(operator, 'transfer-wizard-info');
      await operator.getByTestId('transfer-next').click();
      await operator.getByTestId('transfer-people').waitFor();
      await screenshotBoth(operator, 'transfer-wizard-people');
      await operator.getByTestId('transfer-next').click();
      await operator.getByTestId('transfer-review').waitFor();
      expect(await operator.getByTestId('review-amount').innerText()).toBe('12.5 USDT');
      await screenshotBoth(operator, 'transfer-wizard-review');
      await operator.getByTestId('transfer-create').click();
      await operator.waitForURL((url) => /^\/task\/\d+$/.test(url.pathname));
      const taskId = Number(new URL(operator.url()).pathname.split('/').pop());
      await expect.poll(() => status(operator)).toBe('Pending approval');
      await screenshotBoth(operator, 'transfer-detail-created');

      // The approvers find it in their to-do list and approve.
      for (const [index, approver] of team.approvers.entries()) {
        const page = await open(approver, '/transfer');
        await page.getByTestId('transfer-row').first().waitFor();
        if (index === 0) await screenshotBoth(page, 'transfer-list-todo');
        await page.getByTestId('transfer-row').first().click();
        await page.getByTestId('approval-form').waitFor();
        await page.locator('#approval-comment').fill(`Checked by approver ${index + 1}`);
        if (index === 0) await screenshotBoth(page, 'transfer-detail-approve');
        await page.getByTestId('approve').click();
        await toastWith(page, 'You approved the transfer.');
        await page.context().close();
      }
      await expect
        .poll(() => taskInfo(team.admin.session, taskId).then((task) => task.status), { timeout: 15_000 })
        .toBe(3);

      // Two signers sign with the devnet signer.
      await signInUi(team.signers[0], taskId, 'transfer-detail-sign');
      await signInUi(team.signers[1], taskId, '');

      // The operator (broadcaster) broadcasts: the devnet signer signs the execution, the server relays it.
      await operator.reload();
      await operator.getByTestId('broadcast-form').waitFor();
      await connectDevnet(operator, 'broadcast-card');
      await screenshotBoth(operator, 'transfer-detail-broadcast');
      await operator.getByTestId('broadcast-submit').click();
      await untilCompleted(operator, taskId);
      const hash = await operator.getByTestId('task-hash').innerText();
      expect(hash).toMatch(/^0x[0-9a-f]{64}/);
      expect(await usdtBalance(team.usdt, recipient)).toBe(before + 12_500_000n);
      // The completed transfer says where it is on chain and what the execution cost, in ETH and USD.
      await expect
        .poll(() => operator.getByTestId('task-chain-state').innerText(), { timeout: 15_000 })
        .toMatch(/^In block \d+, \d+ confirmations?/);
      expect(await operator.getByTestId('task-fee-paid').innerText()).toMatch(
        /^0\.\d+ ETH \(≈ \$\d+\.\d{2}\)$/,
      );
      await operator.getByTestId('broadcast-list').waitFor();
      await screenshotBoth(operator, 'transfer-detail-completed');

      // All tab, saved position, records.
      await operator.goto('/transfer');
      await operator.getByTestId('tab-all').click();
      await operator.getByTestId('transfer-row').first().waitFor();
      await screenshotBoth(operator, 'transfer-list-all');
      await operator.reload();
      await expect.poll(() => operator.locator('.ant-tabs-tab-active').innerText()).toBe('All');
      await operator.getByTestId('tab-records').click();
      await screenshotBoth(operator, 'transfer-list-records');
      await operator.context().close();
    },
  );

  it(
    'an approver rejects; revokes at approval, at signing and (through an on-chain rejection) when fully signed',
    { timeout: 180_000 },
    async () => {
      // Rejection.
      const rejected = await transferByApi(team, randomAddress(), '1');
      const approver = await open(team.approvers[0], `/task/${rejected}`);
      await approver.getByTestId('approval-form').waitFor();
      await approver.locator('#approval-comment').fill('Unknown supplier');
      await approver.getByTestId('reject').click();
      // Rejecting asks for confirmation and a reason (the comment is offered as the reason).
      await approver.getByTestId('reject-modal').waitFor();
      expect(await approver.locator('#reject-reason').inputValue()).toBe('Unknown supplier');
      await confirmDialog(approver, 'reject-confirm');
      await expect.poll(() => status(approver), { timeout: 15_000 }).toBe('Approval rejected');
      await screenshotBoth(approver, 'transfer-detail-rejected');
      await approver.context().close();

      const admin = await open(team.admin, '/transfer');
      // Revoke at 0.
      const atApproval = await transferByApi(team, randomAddress(), '1');
      await admin.goto(`/task/${atApproval}`);
      await revokeInUi(admin, 'Nothing was signed yet');
      await expect.poll(() => status(admin), { timeout: 15_000 }).toBe('Revoked');

      // Revoke at 3.
      const atSigning = await transferByApi(team, randomAddress(), '1', true);
      await admin.goto(`/task/${atSigning}`);
      await expect.poll(() => status(admin), { timeout: 15_000 }).toBe('Pending signatures');
      await revokeInUi(admin, 'Signatures collected so far are discarded');
      await expect.poll(() => status(admin), { timeout: 15_000 }).toBe('Revoked');

      // Revoke at 5: a rejection transaction with the same nonce, signed and broadcast like a transfer.
      const signed = await transferByApi(team, randomAddress(), '1', true);
      await signByApi(team.signers[0].session, signed, DEVNET_KEYS[1]);
      await signByApi(team.signers[1].session, signed, DEVNET_KEYS[2]);
      await admin.goto(`/task/${signed}`);
      await expect.poll(() => status(admin), { timeout: 15_000 }).toBe('Pending broadcast');
      await admin.getByTestId('revoke').click();
      await expect
        .poll(() => admin.getByTestId('revoke-text').innerText())
        .toContain('rejection transaction');
      await screenshotBoth(admin, 'transfer-revoke-broadcast');
      const revoked = admin.waitForResponse((response) => response.url().includes('/task/revoke'));
      await confirmDialog(admin, 'revoke-confirm');
      const reply = (await (await revoked).json()) as { code: string; data: { rejection_task_id?: number } };
      expect(reply.code, JSON.stringify(reply)).toBe('OK');
      await admin.waitForURL((url) => url.pathname === `/task/${reply.data.rejection_task_id}`);
      const rejectionId = Number(new URL(admin.url()).pathname.split('/').pop());
      await admin.getByTestId('rejection-of').waitFor();
      let rejection = await taskInfo(team.admin.session, rejectionId);
      if (rejection.status === 0)
        for (const person of team.approvers)
          await person.session.call('POST', '/api/v1/task/approve', { task_id: rejectionId, result: 1 });
      await signByApi(team.signers[0].session, rejectionId, DEVNET_KEYS[1]);
      await signByApi(team.signers[1].session, rejectionId, DEVNET_KEYS[2]);
      rejection = await waitFor(
        'the rejection to be signed',
        () => taskInfo(team.admin.session, rejectionId),
        (task) => task.status === 5,
      );
      await admin.reload();
      await admin.getByTestId('broadcast-form').waitFor();
      await connectDevnet(admin, 'broadcast-card');
      await admin.getByTestId('queue-card').waitFor();
      await screenshotBoth(admin, 'transfer-rejection-broadcast');
      await admin.getByTestId('broadcast-submit').click();
      await untilCompleted(admin, rejectionId);
      await expect
        .poll(() => taskInfo(team.admin.session, signed).then((task) => task.status), { timeout: 30_000 })
        .toBe(7);
      await admin.goto(`/task/${signed}`);
      await expect.poll(() => status(admin)).toBe('Revoked');
      await screenshotBoth(admin, 'transfer-detail-revoked');
      await admin.context().close();
    },
  );

  it(
    'adds a whitelisted address, warns loudly about a look-alike of it, then refuses a non-whitelisted recipient',
    { timeout: 120_000 },
    async () => {
      // The admin whitelists one address in the address book (e-mailed code).
      const listed = randomAddress();
      const operator = await open(team.admin, '/address-book');
      await operator.getByTestId('address-add').click();
      const add = dialog(operator, 'Add a whitelisted address');
      await add.locator('#book-name').fill('Main supplier');
      await add.locator('#book-address').fill(listed);
      const seen = await mailIds(team.admin.email);
      await add.getByTestId('send-code').click();
      await add.locator('#email_code').fill(await waitForCode(team.admin.email, seen));
      await screenshotBoth(operator, 'address-book-add');
      await operator.getByTestId('address-add-submit').click();
      await toastWith(operator, 'The address was added to the address book.');
      await operator.getByTestId('address-delete').first().waitFor();
      await screenshotBoth(operator, 'address-book');

      // A look-alike of the listed address (same first and last characters): a loud warning that must be acknowledged.
      const lookalike = `${listed.slice(0, 6)}${listed.slice(6, 38) === '0'.repeat(32) ? '1'.repeat(32) : '0'.repeat(32)}${listed.slice(-4)}`;
      await operator.goto(`/wallet/transfer?wallet_id=${team.walletId}`);
      await operator.getByTestId('transfer-next').click();
      await chooseUsdt(operator);
      await operator.locator('#transfer-to').fill(lookalike);
      await operator.getByTestId('similar-warning').waitFor();
      await operator.locator('#transfer-amount').fill('1');
      await operator.getByTestId('transfer-next').click();
      await operator.getByTestId('transfer-info-errors').waitFor();
      expect(await operator.getByTestId('transfer-info-errors').innerText()).toContain(
        'Confirm that you checked',
      );
      await screenshotBoth(operator, 'transfer-wizard-similar');
      await operator.getByTestId('similar-ack').click();
      await operator.getByTestId('transfer-next').click();
      await operator.getByTestId('transfer-next').click();
      await operator.getByTestId('transfer-create').click();
      await operator.waitForURL((url) => /^\/task\/\d+$/.test(url.pathname));
      const similarTask = Number(new URL(operator.url()).pathname.split('/').pop());
      await team.admin.session.call('POST', '/api/v1/task/revoke', { task_id: similarTask });

      // With the whitelist on, only the listed address may receive.
      await team.admin.session.call('PUT', '/api/v1/wallets/open-whitelist', {
        wallet_id: team.walletId,
        open: true,
      });
      await operator.goto(`/wallet/transfer?wallet_id=${team.walletId}`);
      await operator.getByTestId('transfer-next').click();
      await chooseUsdt(operator);
      await operator.locator('#transfer-to').fill(listed);
      await operator.getByTestId('recipient-tag--1').waitFor();
      await operator.locator('#transfer-to').fill(randomAddress());
      await operator.locator('#transfer-amount').fill('1');
      await operator.getByTestId('recipient-tag-6').waitFor();
      await operator.getByTestId('transfer-next').click();
      await operator.getByTestId('transfer-next').click();
      await operator.getByTestId('transfer-create').click();
      await toastWith(operator, 'This wallet can only send to whitelisted addresses.');
      await operator.getByTestId('transfer-step-info').waitFor();
      await team.admin.session.call('PUT', '/api/v1/wallets/open-whitelist', {
        wallet_id: team.walletId,
        open: false,
      });
      await operator.context().close();
    },
  );

  it(
    'small-amount test: the wallet sends a little ETH to itself through real signing and broadcast',
    { timeout: 120_000 },
    async () => {
      const admin = await open(team.admin, `/wallet/detail/${team.walletId}?tab=deposit`);
      const card = admin.getByTestId('small-amount-test');
      await card.waitFor();
      await screenshotBoth(admin, 'wallet-small-amount-test');
      await card.getByTestId('small-amount-test-start').click();
      await admin.waitForURL((url) => /^\/task\/\d+$/.test(url.pathname));
      const taskId = Number(new URL(admin.url()).pathname.split('/').pop());
      await expect.poll(() => status(admin), { timeout: 15_000 }).toBe('Pending signatures');
      const task = await taskInfo(team.admin.session, taskId);
      expect((task as unknown as { to: string }).to.toLowerCase()).toBe(team.safe.toLowerCase());
      await signByApi(team.signers[0].session, taskId, DEVNET_KEYS[1]);
      await signByApi(team.signers[1].session, taskId, DEVNET_KEYS[2]);
      await admin.reload();
      await admin.getByTestId('broadcast-form').waitFor();
      await connectDevnet(admin, 'broadcast-card');
      await admin.getByTestId('broadcast-submit').click();
      await untilCompleted(admin, taskId);
      await admin.context().close();
    },
  );
});
