/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hexToString, type Hex } from 'viem';
import { openSignedIn } from '../lib/accounts';
import { launchBrowser, newPage, screenshot } from '../lib/browser';
import { motionDone } from '../lib/motion';
import { registerCreator } from '../lib/spaces';
import { dialog, settledDialog, toastWith } from '../lib/wallets';
import { relayReport } from '../lib/walletconnect-dapp';
import { phoneWallet, scanQr } from '../lib/walletconnect-phone';

type Phone = Awaited<ReturnType<typeof phoneWallet>>;

/**
 * A signer's phone wallet over WalletConnect (§2 wallet connection modals), the page being the
 * dapp: the "phone" is WalletConnect's own wallet library (@reown/walletkit) in the test process
 * with a fresh key, on the relay stand-in. It scans the pairing code off the screen, approves the
 * session and signs the server's challenge, which the server verifies; a refusal on the phone is
 * named in the page.
 */
describe('a phone wallet over WalletConnect', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  const phones: Phone[] = [];
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => {
    await Promise.all(phones.map((phone) => phone.close()));
    await close();
  });

  async function newPhone(): Promise<Phone> {
    const phone = await phoneWallet();
    phones.push(phone);
    return phone;
  }

  /** Chooses WalletConnect in `within`, scans the pairing code with `phone`; ends once paired. */
  async function pairPhone(page: Page, within: ReturnType<typeof dialog>, phone: Phone, picture?: string) {
    await within.getByTestId('connector-walletconnect').click();
    await within.getByTestId('connector-connect').click();
    const pairing = page.getByRole('dialog').filter({ has: page.getByTestId('wc-signer-pairing') });
    await motionDone(pairing);
    const uri = await pairing.getByTestId('wc-signer-uri').innerText();
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    // The code on screen carries the same link the text shows.
    expect(await scanQr(pairing.getByTestId('wc-signer-qr'))).toBe(uri);
    if (picture) await screenshot(page, picture);
    await phone.pair(uri);
    await pairing.waitFor({ state: 'detached' });
  }

  async function openSigners(page: Page) {
    const user = await registerCreator();
    await openSignedIn(page, user.session, '/permission-address');
    await page.getByTestId('permission-address-page').waitFor();
  }

  it(
    'adds a signer address from the phone, which signs the challenge, and lists it verified',
    { timeout: 120_000 },
    async () => {
      const phone = await newPhone();
      const { context, page } = await newPage(browser);
      await openSigners(page);

      await page.getByTestId('signer-add').click();
      const add = await settledDialog(page, 'Add a signer address');
      await add.locator('#signer-name').fill('My phone');
      await add.getByTestId('signer-use-connected').click();
      await pairPhone(page, add, phone, 'wc-signer-pairing');
      await add.locator(`#signer-address[value="${phone.address}"]`).waitFor();
      await add.getByTestId('signer-add-submit').click();

      // Verification: the live session is used again, without another code to scan.
      const verify = await settledDialog(page, 'Verify the signer address');
      await verify.getByTestId('connector-walletconnect').click();
      await verify.getByTestId('connector-connect').click();
      await expect.poll(() => verify.getByTestId('connected-account').innerText()).toContain(phone.address);
      await verify.getByTestId('signer-verify-submit').click();
      await toastWith(page, 'The signer address is verified.');
      await verify.waitFor({ state: 'hidden' });

      // The phone was asked once, to sign the server's challenge for its own address.
      expect(phone.requests.map((request) => request.method)).toEqual(['personal_sign']);
      const [message, account] = phone.requests[0]!.params as [Hex, string];
      expect(account).toBe(phone.address);
      expect(hexToString(message)).toContain('Keystead signer address verification');
      expect(hexToString(message)).toContain(phone.address);

      const row = page.locator('tr').filter({ hasText: 'My phone' });
      await expect.poll(() => row.innerText()).toContain('Verified');
      await row.getByTestId('signer-view').click();
      const drawer = page.locator('.ant-drawer-content');
      await expect.poll(() => drawer.innerText()).toContain('WalletConnect');
      await context.close();
    },
  );

  it(
    'names a request refused on the phone, and the address stays unverified',
    { timeout: 120_000 },
    async () => {
      const phone = await newPhone();
      const { context, page } = await newPage(browser);
      await openSigners(page);

      // The address typed in; it is verified from the phone.
      await page.getByTestId('signer-add').click();
      const add = await settledDialog(page, 'Add a signer address');
      await add.locator('#signer-name').fill('Refusing phone');
      await add.locator('#signer-address').fill(phone.address);
      await add.getByTestId('signer-add-submit').click();
      const verify = await settledDialog(page, 'Verify the signer address');
      await pairPhone(page, verify, phone);
      await expect.poll(() => verify.getByTestId('connected-account').innerText()).toContain(phone.address);

      // While the phone has the request, the page says where to confirm it.
      phone.state.holding = true;
      phone.state.refusing = true;
      await verify.getByTestId('signer-verify-submit').click();
      const waiting = page.getByRole('dialog').filter({ has: page.getByTestId('wc-signer-request') });
      await motionDone(waiting);
      await expect.poll(() => phone.requests.length).toBe(1);
      const shown = await waiting.innerText();
      expect(shown).toContain('Test Phone Wallet');
      expect(shown).toContain('sign a message');
      expect(shown).toContain(phone.address);
      await screenshot(page, 'wc-signer-request');

      await phone.release();
      await waiting.waitFor({ state: 'detached' });
      await toastWith(page, 'You rejected the request in your wallet.');
      // The dialog stays for another try; the address is still to be verified.
      expect(await verify.isVisible()).toBe(true);
      await verify.getByRole('button', { name: 'Cancel' }).click();
      const row = page.locator('tr').filter({ hasText: 'Refusing phone' });
      await expect.poll(() => row.innerText()).toContain('Pending verification');
      await context.close();
    },
  );

  it('the relay saw no protocol violations', async () => {
    const report = await relayReport();
    expect(report.violations).toEqual([]);
    expect(report.methods.wc_proposeSession).toBeGreaterThanOrEqual(2);
    expect(report.methods.wc_approveSession).toBeGreaterThanOrEqual(2);
  });
});
