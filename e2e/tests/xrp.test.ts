/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { overlaysAtRest } from '../lib/motion';
import { shoot, shootFull } from '../lib/screen-checks';
import { signerTeamInBrowser } from '../lib/signer-team';
import { toastWith } from '../lib/wallets';
import {
  chooseApproverAndReview,
  chooseWeightedSigners,
  createAndApprove,
  infoToReview,
  startTransfer,
  waitForBalance,
  walletAddressOf,
  walletBaseInfo,
} from '../lib/wizard-steps';
import {
  addXrpAddress,
  entryText,
  freshXrpKey,
  pasteAndSend,
  PROOF_BOX,
  proveXrpAddress,
  SETUP_BOX,
  SIGN_BOX,
  signSingle,
  txJsonOf,
  xrpProof,
  xrplFund,
  type TestKey,
} from '../lib/xrpl-signer';

const XRP = 1_000_000n;

/**
 * XRP Ledger end to end against the SYNTHETIC fixture node (packages/xrpl-fixture-node; no rippled
 * runs here, TEST keys only): three people prove XRPL addresses by pasting signatures (secp256k1
 * and ed25519 keys; wrong proofs refused), the admin builds a 1/1/1 wallet with quorum 2 in the
 * wizard, funds its reserve, pastes the master-signed signer list and master-key switch-off, then
 * a payment with destination tag 4242 is approved, signed by two pasted Signer entries within its
 * ledger window, broadcast and followed to completion.
 */
describe('XRP wallets and transfers in the browser (SYNTHETIC fixture node)', () => {
  const team = signerTeamInBrowser('XRP desk');
  const rpc = () => inject('xrplRpcUrl');
  const aliceKey = freshXrpKey('secp256k1', 'alice');
  const bobKey = freshXrpKey('ed25519', 'bob');
  const carolKey = freshXrpKey('secp256k1', 'carol');
  let walletId = 0;

  const verified = (page: Page) =>
    expect.poll(() => page.getByTestId('signer-status').first().innerText()).toBe('Verified');

  it('signers prove their XRPL addresses by pasted signatures (secp256k1, ed25519); wrong proofs are refused', async () => {
    // Alice: a malformed paste and another key's proof are said at once; a proof of another text
    // by her own key is refused by the server, said next to the paste.
    // The fixture stands for the XRPL testnet, which a full space uses once its switch is on.
    await team.admin.session.call('PUT', '/api/v1/organization/settings', { enable_testnet: true });
    const alice = await team.open(team.admin, '/permission-address');
    const verify = await addXrpAddress(alice, 'Alice XRPL', aliceKey.address);
    const message = (await verify.getByTestId('xrp-challenge').textContent())!;
    expect(message).toContain(aliceKey.address);
    const paste = verify.getByTestId('xrp-verify-signature');
    await paste.fill('1234');
    expect(await verify.getByTestId('paste-problem').innerText()).toMatch(/^Paste the public key \(66 hex/);
    await paste.fill(xrpProof(carolKey, message));
    expect(await verify.getByTestId('paste-problem').innerText()).toBe(
      `This public key is not the key of ${aliceKey.address}: sign with this address's own key.`,
    );
    expect(await verify.getByTestId('xrp-verify-submit').isDisabled()).toBe(true);
    await shoot(alice, 'xrp-signer-other-key', verify);
    await pasteAndSend(verify, PROOF_BOX, xrpProof(aliceKey, `${message} (edited)`));
    await expect
      .poll(() => verify.getByTestId('paste-refusal').innerText())
      .toMatch(/^Not accepted: this signature does not prove r|^The signature is invalid/);
    await overlaysAtRest(alice);
    await shoot(alice, 'xrp-signer-refused', verify);
    await proveXrpAddress(verify, aliceKey);
    await verify.waitFor({ state: 'hidden' });
    await verified(alice);

    // Bob holds an ed25519 key, Carol a secp256k1 one.
    for (const [who, key, name] of [
      [team.bob, bobKey, 'Bob XRPL'],
      [team.carol, carolKey, 'Carol XRPL'],
    ] as const) {
      const page = await team.open(who, '/permission-address');
      const dialogOf = await addXrpAddress(page, name, key.address);
      await proveXrpAddress(dialogOf, key);
      await dialogOf.waitFor({ state: 'hidden' });
      await verified(page);
    }
    await overlaysAtRest(alice);
    await alice.reload();
    await verified(alice);
    await shoot(alice, 'xrp-signers');
  });

  it(
    'the wizard builds a 1/1/1 wallet with quorum 2; reserve top-up, signer list and master key off, ready',
    { timeout: 180_000 },
    async () => {
      // The account's master key is fresh for every attempt: a run that handed an account over never meets it again.
      const master = freshXrpKey('secp256k1', 'master');
      const page = await team.open(team.admin, '/multiple-wallet');
      await walletBaseInfo(page, 'XRP treasury', 'XRP Ledger Testnet');

      // Signers with weights, the quorum as a weight; the account may not be one of the signers.
      await page.getByTestId('xrp-signers').waitFor();
      await chooseWeightedSigners(
        page,
        [aliceKey, bobKey, carolKey].map((key) => [key, '1'] as [TestKey, string]),
        '2',
      );
      await expect
        .poll(() => page.getByTestId('weight-sum').innerText())
        .toBe('3 keys chosen, weights add up to 3; payments need signatures worth 2.');
      await page.locator('#wallet-account-address').fill(aliceKey.address);
      await page.getByTestId('wizard-next').click();
      await page.getByText('cannot also be one of its signers').waitFor();
      await shoot(page, 'xrp-wizard-own-account');
      await page.locator('#wallet-account-address').fill(master.address);
      await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBe(0);
      await page.getByTestId('wizard-next').click();

      await chooseApproverAndReview(page, team.admin.email);
      expect(await page.getByTestId('review-account').innerText()).toBe(master.address);
      expect(await page.getByTestId('wallet-review').innerText()).toContain('quorum 2 of weight 3');
      await overlaysAtRest(page);
      await shoot(page, 'xrp-wizard-review');

      // Status 6: the ledger's reserves (fixture: 1 + 0.2 XRP) and what the account needs now.
      await page.getByTestId('wizard-create').click();
      await page.getByTestId('xrp-top-up').waitFor();
      walletId = Number(new URL(page.url()).searchParams.get('wallet_id'));
      expect(walletId).toBeGreaterThan(0);
      expect(await page.getByTestId('xrp-deposit-address').innerText()).toBe(master.address);
      await expect.poll(() => page.getByTestId('xrp-balance-value').innerText()).toBe('0 XRP');
      expect(await page.getByTestId('xrp-required').innerText()).toBe('1.3 XRP');
      expect(await page.getByTestId('xrp-reserve-base').innerText()).toBe('1 XRP');
      expect(await page.getByTestId('xrp-reserve-owner').innerText()).toBe('0.2 XRP');
      await shootFull(page, 'xrp-top-up');

      // The wallet's own page leads back to this step while it is being set up.
      await page.goto(`/wallet/detail/${walletId}`);
      await page.getByTestId('xrp-setup-alert').waitFor();
      await page.getByTestId('open-account-setup').click();
      await page.getByTestId('xrp-top-up').waitFor();

      // Funded (SYNTHETIC fixture endpoint): the server's watcher opens the signer-list step.
      await xrplFund(rpc(), master.address, 30n * XRP);
      for (const step of ['signer_list', 'disable_master'] as const) {
        const sign = page.locator(`[data-testid="xrp-setup-sign"][data-step="${step}"]`);
        await sign.waitFor({ timeout: 30_000 });
        const tx = txJsonOf((await sign.getByTestId('xrp-setup-tx').textContent())!);
        expect(tx.TransactionType).toBe(step === 'signer_list' ? 'SignerListSet' : 'AccountSet');
        if (step === 'signer_list') {
          const list = await sign.getByTestId('xrp-signer-list').innerText();
          for (const key of [aliceKey, bobKey, carolKey]) expect(list).toContain(key.address);
          expect(await sign.getByTestId('xrp-setup-quorum').innerText()).toBe('quorum 2 of weight 3');
          // Signed by a signer's key instead of the account's master key: refused, said as such.
          await pasteAndSend(sign, SETUP_BOX, signSingle(tx, aliceKey));
          await expect
            .poll(() => sign.getByTestId('paste-refusal').innerText())
            .toBe(
              `Not signed by the master key of ${master.address}: sign this transaction with that account's own key, not a signer's key.`,
            );
        }
        await overlaysAtRest(page);
        await shootFull(page, `xrp-setup-${step}`);
        await pasteAndSend(sign, SETUP_BOX, signSingle(tx, master));
        await toastWith(
          page,
          step === 'signer_list' ? 'The signer list was sent.' : 'Disabling the master key was sent.',
        );
      }
      await page.getByTestId('open-wallet').waitFor({ timeout: 30_000 });
      await overlaysAtRest(page);
      await shoot(page, 'xrp-ready');
      await page.getByTestId('open-wallet').click();
      await page.getByTestId('wallet-detail-page').waitFor();
      await expect.poll(() => page.getByTestId('wallet-status').first().innerText()).toBe('Normal');
    },
  );

  it(
    'a payment with destination tag 4242: approved, two pasted Signer entries within the ledger window, broadcast',
    { timeout: 180_000 },
    async () => {
      expect(walletId).toBeGreaterThan(0);
      const address = await walletAddressOf(team.admin.session, walletId);
      const payee = freshXrpKey('ed25519', 'payee');
      await xrplFund(rpc(), payee.address, 20n * XRP);
      await xrplFund(rpc(), address, 50n * XRP);
      await waitForBalance(team.admin.session, walletId, 'XRP', 50);

      // Alice (operator, approver, holder of a signer key) starts it in the wizard.
      const page = await team.open(team.admin, '/wallet/transfer');
      await startTransfer(page, walletId, /^XRP/);
      await page.getByTestId('xrp-one-at-a-time').waitFor();
      await page.locator('#transfer-to').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
      await page.locator('#transfer-amount').fill('5');
      await page.locator('#transfer-destination-tag').fill('42x');
      await page.getByTestId('transfer-next').click();
      await page.getByText('This is not a valid XRP address.').waitFor();
      await page.getByText('A destination tag is a whole number').waitFor();
      await page.locator('#transfer-to').fill(payee.address);
      await page.locator('#transfer-destination-tag').fill('4242');
      await page.getByTestId('fee-quote-drops').waitFor();
      expect(await page.getByTestId('fee-quote-drops-rate').innerText()).toMatch(
        /^\d+ drops per signature slot × 4$/,
      );
      await overlaysAtRest(page);
      await shoot(page, 'xrp-transfer-info', page.getByTestId('fee-quote'));
      await infoToReview(page);
      expect(await page.getByTestId('review-destination-tag').innerText()).toBe('4242');
      await expect.poll(() => page.getByTestId('review-fee').innerText()).toMatch(/^≈ [\d.]+ XRP/);
      await overlaysAtRest(page);
      await shoot(page, 'xrp-transfer-review');
      // Approval stamps the Payment's ledger window; what is signed shows from then on.
      const taskPath = await createAndApprove(page, 'xrp-sign-card');
      const card = page.getByTestId('xrp-sign-card');
      expect(await card.getByTestId('xrp-to').innerText()).toBe(payee.address);
      expect(await card.getByTestId('xrp-amount').innerText()).toBe('5 XRP');
      expect(await card.getByTestId('xrp-destination-tag').innerText()).toBe('4242');
      expect(await card.getByTestId('xrp-last-ledger').innerText()).toMatch(
        /^until ledger \d+ \(LastLedgerSequence\)/,
      );
      expect(await card.getByTestId('xrp-weight-reached').innerText()).toBe('Weight 0 of 2 reached');
      expect(await card.getByTestId('xrp-key-bytes').count()).toBe(3);
      await shootFull(page, 'xrp-transfer-signing');

      // Bob (ed25519) multisigns elsewhere and pastes his Signer entry. Carol's entry is said to be
      // hers at once; his signature of another amount is refused by the server.
      const bobPage = await team.open(team.bob, taskPath);
      const bobForm = bobPage.getByTestId('xrp-sign-form');
      await bobForm.waitFor();
      expect(await bobForm.getByTestId('xrp-sign-account').innerText()).toBe(bobKey.address);
      const tx = txJsonOf((await bobForm.getByTestId('xrp-sign-tx').textContent())!);
      expect(tx).toMatchObject({
        TransactionType: 'Payment',
        DestinationTag: 4242,
        Destination: payee.address,
      });
      await bobForm.getByTestId('xrp-signature').fill(entryText(tx, carolKey));
      expect(await bobForm.getByTestId('paste-problem').innerText()).toBe(
        `This Signer entry is for ${carolKey.address}, not for your key ${bobKey.address}.`,
      );
      await pasteAndSend(bobForm, SIGN_BOX, entryText({ ...tx, Amount: '6000000' }, bobKey));
      await toastWith(bobPage, 'The signature is invalid.');
      await pasteAndSend(bobForm, SIGN_BOX, entryText(tx, bobKey));
      await toastWith(bobPage, 'Your signature was added: weight 1 of 2.');
      await expect
        .poll(() => bobPage.getByTestId('xrp-weight-reached').innerText())
        .toBe('Weight 1 of 2 reached');
      expect(await bobPage.getByTestId('next-waiting').innerText()).toMatch(/^Waiting for .+ to sign$/);
      await shootFull(bobPage, 'xrp-transfer-weight-1');

      // Alice (secp256k1) signs: the quorum is reached and the broadcast opens.
      await page.goto(taskPath);
      const aliceForm = page.getByTestId('xrp-sign-form');
      await aliceForm.waitFor();
      await pasteAndSend(aliceForm, SIGN_BOX, entryText(tx, aliceKey));
      await toastWith(page, 'the quorum is reached');
      await page.getByTestId('xrp-broadcast-submit').waitFor();
      expect(await page.getByTestId('xrp-weight-reached').innerText()).toBe('Weight 2 of 2 reached');
      await shootFull(page, 'xrp-transfer-broadcast');
      await page.getByTestId('xrp-broadcast-submit').click();
      await toastWith(page, 'The transaction was broadcast.');
      // The fixture validates a ledger after each accepted submit; the server's watcher completes the task.
      await expect
        .poll(() => page.getByTestId('task-status').first().innerText(), { timeout: 45_000 })
        .toBe('Completed');
      await shootFull(page, 'xrp-transfer-completed');
    },
  );
});
