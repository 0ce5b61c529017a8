/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openTransportReplayer, RecordStore } from '@ledgerhq/hw-transport-mocker';
import { mnemonicToAccount } from 'viem/accounts';
import { openSignedIn } from '../lib/accounts';
import { launchBrowser, newPage, screenshot } from '../lib/browser';
import { registerCreator } from '../lib/spaces';
import { dialog, settledDialog } from '../lib/wallets';
import {
  MYCRYPTO,
  MYCRYPTO_DEVICE_PHRASE,
} from '../../apps/web/src/lib/wallet-connectors/ledger/ledger-recordings';

/** One connection: the device's BIP-44 and legacy extended keys, then Ledger Live's accounts. */
const CONNECT = [MYCRYPTO.bip44Parent, MYCRYPTO.legacyParent, MYCRYPTO.liveAccounts].join('\n');

/**
 * The page talks to a "Ledger" whose replies are a real device's, recorded by MyCrypto (no device
 * or emulator runs here): Ledger's replayer answers each APDU the page sends and fails on any
 * APDU it did not record, so the page must ask exactly what a device was asked.
 */
async function replayLedger(page: Page, ...recordings: string[]): Promise<void> {
  const transport = await openTransportReplayer(RecordStore.fromString(recordings.join('\n')));
  await page.exposeFunction('__keysteadLedgerExchange', async (apdu: string) =>
    (await transport.exchange(Buffer.from(apdu, 'hex'))).toString('hex'),
  );
}

describe('a Ledger signer through the screens (recorded device replies)', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => {
    await close();
  });

  it('connects a Ledger, lists its accounts with their paths and adds one as a signer with its path', async () => {
    const user = await registerCreator();
    const { context, page } = await newPage(browser);
    // The add dialog connects once, the verification dialog once more.
    await replayLedger(page, CONNECT, CONNECT);
    await openSignedIn(page, user.session, '/permission-address');
    await page.getByTestId('permission-address-page').waitFor();

    await page.getByTestId('signer-add').click();
    const add = await settledDialog(page, 'Add a signer address');
    await add.locator('#signer-name').fill('Treasury Ledger');
    await add.getByTestId('signer-use-connected').click();
    await add.getByTestId('connector-ledger').click();
    await add.getByTestId('connector-connect').click();

    // Ledger Live's second account, chosen by its path.
    const path = "m/44'/60'/1'/0/0";
    const expected = mnemonicToAccount(MYCRYPTO_DEVICE_PHRASE, { path }).address;
    await add.getByTestId('connector-account').click();
    const options = page.locator('.ant-select-item-option');
    await expect.poll(() => options.count()).toBe(14);
    await screenshot(page, 'ledger-accounts');
    await options.filter({ hasText: path }).click();
    await add.locator(`#signer-address[value="${expected}"]`).waitFor();
    await add.getByTestId('signer-add-submit').click();

    // Verification: the same device connects again with the new address preselected.
    const verify = await settledDialog(page, 'Verify the signer address');
    await verify.getByTestId('connector-ledger').click();
    await verify.getByTestId('connector-connect').click();
    await expect.poll(() => verify.getByTestId('connector-account').textContent()).toContain(expected);
    await expect.poll(() => verify.getByTestId('signer-verify-submit').isEnabled()).toBe(true);
    await screenshot(page, 'ledger-verify');
    await verify.getByRole('button', { name: 'Cancel' }).click();
    await dialog(page, 'Verify the signer address').waitFor({ state: 'hidden' });

    await page.getByTestId('signer-view').first().click();
    await expect.poll(() => page.getByTestId('signer-path').textContent()).toBe(path);
    const drawer = page.locator('.ant-drawer-content');
    await expect.poll(() => drawer.textContent()).toContain('Ledger');
    await expect.poll(() => drawer.textContent()).toContain(expected);
    await context.close();
  });
});
