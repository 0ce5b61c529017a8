/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApiSession } from '../lib/api-session';
import { CryptoPSBT } from '@keystonehq/bc-ur-registry';
import { registerAccount } from '../lib/accounts';
import { VIEWPORTS, launchBrowser, newPage, screenshot } from '../lib/browser';
import { overlaysAtRest } from '../lib/motion';
import { bitcoinKeyExport, readShownUr, replyPictures, uploadToDialog } from '../lib/qr-device';
import { addMember, createSpace, openInSpace, registerCreator } from '../lib/spaces';
import { waitFor } from '../lib/transfers';
import { openTransportReplayer, RecordStore } from '@ledgerhq/hw-transport-mocker';
import { devnetKey, verifyKeyByApi } from '../lib/bitcoin-devnet-keys';
import { BTC_LEGACY } from '../../apps/web/src/lib/wallet-connectors/ledger/ledger-psbt-recordings';
import { screenshotBoth, toastWith } from '../lib/wallets';

/** A P2WPKH address on Litecoin regtest outside the wallet (a fixed test key's). */
const OUTSIDE = 'rltc1qdyade5th6gmu8y5p3ts5x9ukqg6lrkpttmhulu';
/** A second P2WPKH address outside the wallet (a fixed hash, nobody's key: regtest coins only). */
const SECOND = 'rltc1qzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3p937dx';
const CHAIN = 'ltc-regtest';

/**
 * Litecoin regtest multisig end to end (issue 7): a signer adds and verifies an xpub in the
 * browser with the devnet key; the admin creates a 2-of-3 P2WSH wallet in the wizard and sees
 * its descriptors on the BTC success step; the dev faucet funds it; the admin creates a transfer
 * with two outputs in the transfer wizard (manual coin choice, sat/vB fee); two signers sign it
 * in their own pages, one with a devnet PSBT key and one by QR code (animated crypto-psbt read
 * off the screen, the signed PSBT uploaded as QR pictures); it is broadcast from the page and confirmed after a
 * block; the wallet detail shows the descriptors to copy and export.
 */
describe('Bitcoin-family multisig on Litecoin regtest', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let admin: Awaited<ReturnType<typeof registerCreator>>;
  let spaceId: number;
  let signers: Array<{ email: string; session: ApiSession }>;
  let walletId: number;
  let address: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    admin = await registerCreator();
    spaceId = (await createSpace(admin.session, 'Coin desk')).organization_id;
    signers = [];
    for (let index = 0; index < 3; index += 1) signers.push(await registerAccount());
    for (const signer of signers) await addMember(admin.session, signer);
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await close();
  });

  /**
   * "Sign with Ledger" (Litecoin app): the page fetches the inputs' previous transactions, builds
   * the app's request from the task's PSBT and asks the device for the key at the signer's path.
   * The device replays a real one's recorded replies (hw-app-btc's published tests) for another
   * path, so the replay refuses the question and the page names the failure; what it asked is
   * checked here: the legacy get-public-key, not shown, at the signer's key path + /branch/index.
   */
  async function askLedger(page: Page, session: ApiSession): Promise<void> {
    const sent: string[] = [];
    const transport = await openTransportReplayer(RecordStore.fromString(BTC_LEGACY.publicKey));
    await page.exposeFunction('__keysteadLedgerExchange', async (apdu: string) => {
      sent.push(apdu);
      return (await transport.exchange(Buffer.from(apdu, 'hex'))).toString('hex');
    });
    await page.getByTestId('psbt-ledger-sign').click();
    await toastWith(page, 'An unknown hardware wallet error occurred.');
    const key = await devnetKey(session, 1);
    const steps = (hex: string) =>
      Array.from({ length: parseInt(hex.slice(10, 12), 16) }, (_, i) =>
        parseInt(hex.slice(12 + i * 8, 20 + i * 8), 16),
      );
    const origin = key.path
      .replace(/^m\//, '')
      .split('/')
      .map((step) => (step.endsWith("'") ? Number(step.slice(0, -1)) + 0x80000000 : Number(step)));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.slice(0, 8)).toBe('e0400000');
    const asked = steps(sent[0]!);
    expect(asked.slice(0, -2)).toEqual(origin);
    expect(asked.at(-2)! <= 1 && asked.at(-1)! < 20).toBe(true);
  }

  async function open(session: ApiSession, path: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await openInSpace(page, session, spaceId, path);
    return page;
  }

  it('a signer adds an xpub read from the device by QR and verifies it with the devnet key', async () => {
    const page = await open(signers[0]!.session, '/permission-address');
    await page.getByTestId('btc-key-add').click();
    // The device (devnet key 1) shows its multisig key export; a picture of it fills the form.
    const keys = await signers[0]!.session.call<{
      list: Array<{ index: number; xpub: string; fingerprint: string; path: string }>;
    }>('GET', `/api/v1/dev/utxo-devnet-keys?chain_key=${CHAIN}`);
    const key = keys.list.find((k) => k.index === 1)!;
    await page.getByTestId('btc-key-scan').click();
    await uploadToDialog(page, await replyPictures(bitcoinKeyExport(key)));
    await page.getByTestId('qr-exchange').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('#btc-key-xpub').inputValue()).toBe(key.xpub);
    expect(await page.locator('#btc-key-fingerprint').inputValue()).toBe(key.fingerprint);
    expect(await page.locator('#btc-key-path').inputValue()).toBe(key.path);
    await page.locator('#btc-key-name').fill('Device key');
    // The first challenge request fails on the way: the dialog says so, and Retry reads one.
    await page.route('**/api/v1/permission-address/challenge*', (route) => route.abort(), { times: 1 });
    await page.getByTestId('btc-key-add-submit').click();
    await page.getByTestId('signer-challenge-error').waitFor();
    await page.getByTestId('query-retry').click();
    await page.getByTestId('btc-key-challenge').waitFor();
    await page.getByTestId('signer-challenge-error').waitFor({ state: 'detached' });
    await page.getByTestId('btc-key-devnet-sign').getByRole('button').click();
    await expect.poll(() => page.getByTestId('btc-key-signature').inputValue()).not.toBe('');
    await screenshotBoth(page, 'bitcoin-verify-key');
    await page.getByTestId('btc-key-verify-submit').click();
    await expect.poll(() => page.getByTestId('signer-status').first().innerText()).toBe('Verified');
    await verifyKeyByApi(signers[1]!.session, 2);
    await verifyKeyByApi(signers[2]!.session, 3);
  });

  it('the admin creates a 2-of-3 wallet in the wizard and sees its descriptors', async () => {
    const page = await open(admin.session, '/multiple-wallet');
    await page.getByTestId('wallet-type-multi').click();
    await page.locator('#wallet-name').fill('LTC vault');
    await expect
      .poll(() => page.locator('.ant-select-selection-item').first().innerText())
      .toContain('Devnet');
    await page.getByTestId('wallet-chain').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Litecoin' })
      .click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('signer-options').waitFor();
    const options = page.locator('[data-testid="signer-options"] .ant-checkbox-wrapper');
    await expect.poll(() => options.count()).toBe(3);
    for (let index = 0; index < 3; index += 1) await options.nth(index).click();
    await page.locator('#wallet-threshold').fill('2');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-step-roles').waitFor();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wallet-review').waitFor();
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('btc-descriptor').waitFor();
    expect(await page.getByTestId('btc-descriptor-receive').innerText()).toMatch(/^wsh\(sortedmulti\(2,\[/);
    await screenshotBoth(page, 'bitcoin-wizard-success');
    walletId = Number(new URL(page.url()).searchParams.get('wallet_id'));
    const info = await admin.session.call<{ address: string; status: number }>(
      'GET',
      `/api/v1/wallets/base-info?wallet_id=${walletId}`,
    );
    expect(info.status).toBe(1);
    address = info.address;
  });

  it('a transfer with two outputs is created in the wizard, signed in two pages (a devnet key, a QR signer), broadcast from the page and confirmed', async () => {
    await admin.session.call('POST', '/api/v1/dev/utxo-faucet', { address, amount: '2' });
    const page = await open(admin.session, '/wallet/transfer');
    await page.getByTestId(`transfer-wallet-${walletId}`).click();
    await page.getByTestId('transfer-next').click();
    // The Bitcoin-family info step: the coin, recipients, coins, fee rate in sat/vB.
    await page.getByTestId('utxo-asset').waitFor();
    expect(await page.getByTestId('utxo-asset').innerText()).toContain('2 LTC');
    await expect.poll(() => page.getByTestId('fee-picker').innerText()).toMatch(/\d+(\.\d+)? sat\/vB/);
    // A malformed address is refused in the form.
    await page.locator('#transfer-to').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await page.locator('#transfer-amount').fill('0.5');
    await page.getByTestId('transfer-next').click();
    await page.getByTestId('transfer-info-errors').waitFor();
    await page.locator('#transfer-to').fill(OUTSIDE);
    // Max: the server's sweep of the one 2 LTC coin to this recipient, less exactly its fee.
    await page.getByTestId('transfer-max').click();
    await expect.poll(() => page.locator('#transfer-amount').inputValue()).toMatch(/^1\.99\d+$/);
    await page.locator('#transfer-amount').fill('0.5');
    // The fee of this one-recipient transfer per tier in LTC and USD, paid by the wallet itself.
    const quote = page.getByTestId('fee-quote-standard-coin');
    await quote.waitFor();
    expect(await quote.innerText()).toMatch(/^0\.\d+ LTC$/);
    // The devnet's price table has LTC at 80 USD.
    const usd = await page.getByTestId('fee-quote-standard-usd').innerText();
    const ltc = Number((await quote.innerText()).split(' ')[0]);
    if (usd.includes('<')) expect(ltc * 80).toBeLessThan(0.01);
    else expect(Math.abs(Number(usd.replace(/[^\d.]/g, '')) - ltc * 80)).toBeLessThanOrEqual(0.01);
    expect(await page.getByTestId('fee-quote-payer').innerText()).toContain('Paid by this wallet in LTC');
    await page.getByTestId('fee-quote').scrollIntoViewIfNeeded();
    await overlaysAtRest(page);
    await page.screenshot({ path: '/tmp/ks-shots/fee-quote-ltc.png' });
    await page.getByTestId('utxo-add-recipient').click();
    await page.locator('#transfer-to-1').fill(SECOND);
    await page.locator('#transfer-amount-1').fill('0.25');
    await expect.poll(() => page.getByTestId('transfer-available').innerText()).toContain('Total 0.75 LTC');
    // Manual coin choice: the faucet's one coin.
    await page.getByTestId('utxo-manual').click();
    await page
      .locator(
        '[data-testid="utxo-table"] .ant-table-tbody .ant-table-selection-column .ant-checkbox-wrapper',
      )
      .first()
      .click();
    await expect
      .poll(() =>
        page.locator('[data-testid="utxo-table"] .ant-table-tbody .ant-checkbox-input').first().isChecked(),
      )
      .toBe(true);
    await screenshotBoth(page, 'bitcoin-transfer-info');
    await page.getByTestId('transfer-next').click();
    await page.getByTestId('transfer-people').waitFor();
    await page.getByTestId('transfer-next').click();
    await page.getByTestId('transfer-review').waitFor();
    expect(await page.getByTestId('review-to-1').innerText()).toBe(SECOND);
    expect(await page.getByTestId('review-total').innerText()).toBe('0.75 LTC');
    expect(await page.getByTestId('review-fee-rate').innerText()).toMatch(
      /^Standard \(recommended\) · \d+(\.\d+)? sat\/vB$/,
    );
    await screenshotBoth(page, 'bitcoin-transfer-review');
    await page.getByTestId('transfer-create').click();
    await page.waitForURL(/\/task\/\d+$/);
    const taskId = Number(page.url().split('/').pop());
    await page.getByTestId('utxo-tx-card').waitFor();
    expect(await page.getByTestId('task-summary').innerText()).not.toContain('Safe transaction hash');
    await expect.poll(() => page.locator('[data-testid="utxo-outputs"] .ant-table-tbody tr').count()).toBe(3);
    expect(await page.getByTestId('utxo-change-tag').count()).toBe(1);
    expect(await page.getByTestId('task-fee').innerText()).toMatch(/^\d+ sat \(0\.\d+ LTC\)$/);

    const first = await open(signers[0]!.session, `/task/${taskId}`);
    await first.getByTestId('psbt-sign-form').waitFor();
    await screenshotBoth(first, 'bitcoin-transfer-detail');
    await askLedger(first, signers[0]!.session);
    await first.getByTestId('psbt-devnet-sign').click();
    await toastWith(first, 'Your signature was added.');
    // The second signer signs by QR code: the device (played from outside) reads the animated
    // crypto-psbt off the screen with zbar, signs it with devnet key 2, and shows the signed PSBT
    // back as QR codes, uploaded as pictures.
    const second = await open(signers[1]!.session, `/task/${taskId}`);
    await second.getByTestId('psbt-qr-sign').click();
    // What the device must show: both outputs, the change and the fee.
    const details = await second.getByTestId('qr-details').innerText();
    for (const line of [OUTSIDE, '0.5 LTC', SECOND, '0.25 LTC', 'Change', 'Network fee'])
      expect(details).toContain(line);
    const shown = CryptoPSBT.fromCBOR((await readShownUr(second)).cbor)
      .getPSBT()
      .toString('base64');
    const signed = await signers[1]!.session.call<{ psbt: string }>('POST', '/api/v1/dev/utxo-devnet-sign', {
      chain_key: CHAIN,
      index: 2,
      psbt: shown,
    });
    await screenshot(second, 'bitcoin-psbt-qr');
    await uploadToDialog(
      second,
      await replyPictures(new CryptoPSBT(Buffer.from(signed.psbt, 'base64')).toUR()),
    );
    await toastWith(second, 'Your signature was added.');
    await page.getByTestId('psbt-broadcast').click();
    await toastWith(page, 'Sent to the network.');
    // The faucet mines a block; the watcher settles the transfer.
    await admin.session.call('POST', '/api/v1/dev/utxo-faucet', { address: OUTSIDE, amount: '0.1' });
    const done = await waitFor(
      'the confirmation',
      () =>
        admin.session.call<{ status: number; hash: string }>('GET', `/api/v1/task/info?task_id=${taskId}`),
      (value) => value.status === 1,
    );
    expect(done.hash).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => page.getByTestId('task-hash').innerText(), { timeout: 15_000 }).toBe(done.hash);
    await screenshotBoth(page, 'bitcoin-transfer-done');
  });

  it('the wallet detail shows the descriptors to copy and export', async () => {
    const page = await open(admin.session, `/wallet/detail/${walletId}?tab=deposit`);
    await page.getByTestId('wallet-descriptor').waitFor();
    expect(await page.getByTestId('descriptor-receive').innerText()).toMatch(/^wsh\(sortedmulti\(2,\[/);
    expect(await page.getByTestId('descriptor-change').innerText()).toMatch(/\/1\/\*/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('descriptor-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('LTC_vault-descriptor.txt');
    // Dev mode: the regtest faucet funds the wallet's deposit address, mined at once.
    const coins = () =>
      admin.session.call<{ list: unknown[] }>('GET', `/api/v1/wallets/utxos?wallet_id=${walletId}`);
    const before = (await coins()).list.length;
    await page.locator('#regtest-faucet-amount').fill('0.25');
    await page.getByTestId('regtest-faucet-submit').click();
    await toastWith(page, 'Funds sent from the devnet faucet.');
    await waitFor('the faucet coin', coins, (value) => value.list.length === before + 1);
    // The card's top (title and export) below the sticky header, on both screens.
    const toCard = () =>
      page
        .getByTestId('wallet-descriptor')
        .evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 80));
    await toCard();
    await screenshot(page, 'bitcoin-wallet-descriptor-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await toCard();
    await screenshot(page, 'bitcoin-wallet-descriptor-mobile');
  });
});
