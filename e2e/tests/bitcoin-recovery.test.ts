/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApiSession } from '../lib/api-session';
import { registerAccount } from '../lib/accounts';
import { launchBrowser, newPage, screenshot } from '../lib/browser';
import { overlaysAtRest } from '../lib/motion';
import { addMember, createSpace, openInSpace, registerCreator } from '../lib/spaces';
import { devnetKey, verifyKeyByApi, type DevnetKey } from '../lib/bitcoin-devnet-keys';
import { screenshotBoth } from '../lib/wallets';

const CHAIN = 'ltc-regtest';
/** A P2WPKH address on Litecoin regtest outside the wallet (a fixed test key's). */
const OUTSIDE = 'rltc1qdyade5th6gmu8y5p3ts5x9ukqg6lrkpttmhulu';
/** The recovery key's delay in blocks: the faucet's block is the first of them. */
const DELAY = 3;

/** The error antd shows under the form field holding `selector`. */
const fieldError = (page: Page, selector: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator(selector) })
    .locator('.ant-form-item-explain-error');

async function fillRecoveryKey(page: Page, key: DevnetKey): Promise<void> {
  await page.locator('#recovery-xpub').fill(key.xpub);
  await page.locator('#recovery-fingerprint').fill(key.fingerprint);
  await page.locator('#recovery-path').fill(key.path);
  await page.locator('#recovery-blocks').fill(String(DELAY));
}

/** The status cell of the coins table's first row ("Recoverable now" or "N blocks left"). */
const firstCoinStatus = (page: Page) =>
  page
    .locator('[data-testid="timelock-coins"] .ant-table-tbody tr.ant-table-row')
    .first()
    .locator('td')
    .last();

/**
 * A Litecoin regtest 2-of-3 wallet with an emergency recovery key (a backup key kept offline,
 * devnet key 7, 3 blocks): created in the wizard, funded, its coin shown waiting and then
 * recoverable; the admin (acting for the backup key) prepares the sweep, signs it with the key
 * off the page and broadcasts it; a signer sees the tab without the sweep.
 */
describe('Bitcoin-family recovery key on Litecoin regtest', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let admin: Awaited<ReturnType<typeof registerCreator>>;
  let spaceId: number;
  let signers: Array<{ email: string; session: ApiSession }>;
  let walletId: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    admin = await registerCreator();
    spaceId = (await createSpace(admin.session, 'Recovery desk')).organization_id;
    signers = [];
    for (let index = 0; index < 3; index += 1) signers.push(await registerAccount());
    for (const signer of signers) await addMember(admin.session, signer);
    for (let index = 0; index < 3; index += 1) await verifyKeyByApi(signers[index]!.session, index + 4);
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await close();
  });

  async function open(session: ApiSession, path: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await openInSpace(page, session, spaceId, path);
    return page;
  }

  it('the admin creates a 2-of-3 wallet with a backup recovery key in the wizard', async () => {
    const backup = await devnetKey(admin.session, 7);
    const page = await open(admin.session, '/multiple-wallet');
    await page.getByTestId('wallet-type-multi').click();
    await page.locator('#wallet-name').fill('LTC with recovery');
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
    // The recovery section: off by default; on, its delay defaults to 4320 blocks (≈ 8 days of Litecoin).
    await page.getByTestId('recovery-switch').click();
    expect(await page.locator('#recovery-blocks').inputValue()).toBe('4320');
    expect(await page.getByTestId('recovery-key-section').innerText()).toContain('≈ 8 days');
    // Next with the key left empty: each part is asked for under its field.
    await page.getByTestId('wizard-next').click();
    await fieldError(page, '#recovery-xpub').waitFor();
    // First a signer's own key (devnet key 4): the server refuses it at create, and the wizard
    // goes back to the signers step with the refusal under the xpub field.
    const signerKey = await devnetKey(admin.session, 4);
    await fillRecoveryKey(page, signerKey);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-step-roles').waitFor();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wallet-review').waitFor();
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('recovery-key-section').waitFor();
    await fieldError(page, '#recovery-xpub').waitFor();
    expect(await fieldError(page, '#recovery-xpub').innerText()).toBe(
      "This key is one of the wallet's signers: the recovery key must be a different key.",
    );
    await page.getByTestId('recovery-key-section').scrollIntoViewIfNeeded();
    await screenshot(page, 'bitcoin-recovery-wizard-refused');
    await fillRecoveryKey(page, backup);
    await expect.poll(() => fieldError(page, '#recovery-xpub').count()).toBe(0);
    await expect.poll(() => page.getByTestId('recovery-key-section').innerText()).toContain('≈ 8 minutes');
    await page.getByTestId('recovery-key-section').scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'bitcoin-recovery-wizard');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-step-roles').waitFor();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wallet-review').waitFor();
    const review = await page.getByTestId('review-recovery').innerText();
    expect(review).toContain(`[${backup.fingerprint}] ${backup.path}`);
    expect(review).toContain('3 blocks (≈ 8 minutes)');
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('btc-descriptor').waitFor();
    expect(await page.getByTestId('btc-descriptor-receive').innerText()).toMatch(/^wsh\(or_d\(multi\(2,/);
    walletId = Number(new URL(page.url()).searchParams.get('wallet_id'));
  });

  it('a funded coin waits for its blocks, then the admin sweeps it with the backup key', async () => {
    const info = await admin.session.call<{ address: string; recovery_blocks: number | null }>(
      'GET',
      `/api/v1/wallets/base-info?wallet_id=${walletId}`,
    );
    expect(info.recovery_blocks).toBe(DELAY);
    await admin.session.call('POST', '/api/v1/dev/utxo-faucet', { address: info.address, amount: '1' });

    // The first read fails on the way: the tab says so with Retry, never an empty table.
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await page.route('**/api/v1/wallets/recovery/coins*', (route) => route.abort(), { times: 1 });
    await openInSpace(page, admin.session, spaceId, `/wallet/detail/${walletId}?tab=recovery`);
    await page.getByTestId('timelock-error').waitFor();
    expect(await page.getByTestId('timelock-coins').count()).toBe(0);
    await page.getByTestId('query-retry').click();
    await page.getByTestId('timelock-coins').waitFor();
    await page.getByTestId('timelock-error').waitFor({ state: 'detached' });

    expect(await page.getByTestId('wallet-recovery-tag').innerText()).toBe('Recovery after 3 blocks');
    expect(await page.getByTestId('timelock-holder').innerText()).toContain('Backup key kept offline');
    expect(await page.getByTestId('timelock-descriptor').innerText()).toMatch(/^wsh\(or_d\(multi\(2,/);
    await expect.poll(() => firstCoinStatus(page).innerText()).toBe('2 blocks left');
    expect(await page.locator('[data-testid="timelock-coins"] tr.ant-table-row').count()).toBe(1);
    expect(await page.getByTestId('timelock-matured').innerText()).toContain('0 LTC');
    expect(await page.getByTestId('timelock-waiting').innerText()).toContain('1 LTC');

    // Too young to sweep: the card says the waiting period has not ended.
    await page.locator('#sweep-to').fill(OUTSIDE);
    await page.getByTestId('sweep-prepare').click();
    await expect
      .poll(() => page.getByTestId('sweep-prepare-error').innerText())
      .toContain("The recovery's waiting period has not ended yet");
    expect(await page.getByTestId('sweep-prepare-error').innerText()).toContain(
      'the next one is in 2 blocks',
    );
    await overlaysAtRest(page);
    await screenshotBoth(page, 'bitcoin-recovery-refused');
    await page.getByTestId('timelock-tab').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotBoth(page, 'bitcoin-recovery-waiting');

    // Two more blocks: the coin is the recovery key's to move (the tab re-reads by itself).
    await admin.session.call('POST', '/api/v1/dev/utxo-mine', { chain_key: CHAIN, blocks: 2 });
    await expect.poll(() => firstCoinStatus(page).innerText(), { timeout: 30_000 }).toBe('Recoverable now');
    expect(await page.getByTestId('timelock-matured').innerText()).toContain('1 LTC');

    await page.getByTestId('sweep-prepare').click();
    await page.getByTestId('sweep-psbt').waitFor();
    expect(await page.getByTestId('sweep-summary').innerText()).toContain(OUTSIDE);
    const unsigned = await page.getByTestId('sweep-psbt').inputValue();
    expect(unsigned).toMatch(/^cHNidP8/);
    // The backup key signs off the page (the devnet holds key 7), on the recovery path.
    const signed = await admin.session.call<{ psbt: string }>('POST', '/api/v1/dev/utxo-devnet-sign', {
      chain_key: CHAIN,
      index: 7,
      psbt: unsigned,
      path: 'recovery',
    });
    await page.locator('#sweep-signed').fill(signed.psbt);
    await page.getByTestId('sweep-broadcast').click();
    await page.getByTestId('sweep-done').waitFor();
    expect(await page.getByTestId('sweep-txid').innerText()).toMatch(/^[0-9a-f]{64}$/);
    // The server lists the node's confirmed coins: once the sweep is mined, the swept coin is
    // gone from the list the tab re-reads by itself.
    await admin.session.call('POST', '/api/v1/dev/utxo-mine', { chain_key: CHAIN, blocks: 1 });
    await expect
      .poll(() => page.locator('[data-testid="timelock-coins"] tr.ant-table-row').count(), {
        timeout: 30_000,
      })
      .toBe(0);
    expect(await page.getByTestId('timelock-matured').innerText()).toContain('0 LTC');
    await overlaysAtRest(page);
    await screenshotBoth(page, 'bitcoin-recovery-swept');
  });

  it('a signer sees the recovery path but no sweep (admins act for a backup key)', async () => {
    const page = await open(signers[0]!.session, `/wallet/detail/${walletId}?tab=recovery`);
    await page.getByTestId('timelock-key').waitFor();
    expect(await page.getByTestId('sweep-not-yours').innerText()).toContain('Only space admins');
    expect(await page.getByTestId('sweep-card').count()).toBe(0);
  });
});
