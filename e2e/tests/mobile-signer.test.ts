/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createPublicClient, hashMessage, hashTypedData, http, parseAbi, type Hex } from 'viem';
import { hardhat } from 'viem/chains';
import { launchBrowser, newPage, screenshot } from '../lib/browser';
import {
  callFromPhone,
  fundSafe,
  offlineCopyReady,
  openPhone,
  PHONE,
  phonePage,
  signerId,
} from '../lib/mobile-phone';
import { shoot } from '../lib/screen-checks';
import { devnetRpcUrl } from '../lib/wallet-provider';
import { readQrOf } from '../lib/qr-device';
import { createSpace, openInSpace, registerCreator } from '../lib/spaces';
import {
  deploySafe,
  randomAddress,
  signByApi,
  signPrepared,
  taskInfo,
  verifySigner,
  waitFor,
  type PreparedExecution,
} from '../lib/transfers';

const PIN = '135790';

/**
 * "Sign on your phone" on the desktop's task page: its QR code, read with zbar as the phone's
 * camera app would, must link to `expected` (the task in its space); the phone opens it.
 */
async function openOnPhone(desktop: Page, phone: Page, expected: string): Promise<void> {
  await desktop.getByTestId('open-on-phone').click();
  const qr = desktop.getByTestId('open-on-phone-qr');
  await qr.waitFor();
  const link = await waitFor(
    'the task QR code read by zbar',
    () => readQrOf(qr),
    (text) => text !== null,
    10_000,
  );
  expect(link!.endsWith(expected)).toBe(true);
  await phone.goto(link!);
}

interface Review {
  status: number;
  safe_tx: { safe_tx_hash: string } | null;
  signatures: Array<{ signer: string }>;
}

/**
 * The companion phone signer (§1, issue 20), through two browsers: the desktop shows a one-time
 * pairing QR code; a phone (its own Chromium, phone-sized, its fake camera showing that code)
 * pairs by scanning it, makes a key under a PIN and verifies it, lists a Safe transfer waiting for
 * it (also offline, from its service worker and kept list), checks the hashes and signs; the
 * transfer is then executed on the devnet.
 */
describe('the companion phone signer', () => {
  let desktopBrowser: { browser: Browser; close: () => Promise<void> };
  let admin: Awaited<ReturnType<typeof registerCreator>>;
  let spaceId: number;
  let userId: number;
  const otherKey = generatePrivateKey();
  const closers: Array<() => Promise<void>> = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    desktopBrowser = await launchBrowser();
    admin = await registerCreator();
    spaceId = (await createSpace(admin.session, 'Phone desk')).organization_id;
    userId = (await admin.session.call<{ user_id: number }>('GET', '/api/v1/user/base-info')).user_id;
    // The Safe's other owner: a key of the same person, signing by API.
    await verifySigner(admin.session, otherKey, 'Desk key');
  }, 90_000);
  /** A 2-of-2 Safe over the phone's key and the desk key, the admin its operator. */
  async function phoneAndDeskSafe(name: string, phoneKey: Hex) {
    return deploySafe(admin.session, {
      name,
      signers: [
        await signerId(admin.session, phoneKey),
        await signerId(admin.session, privateKeyToAccount(otherKey).address),
      ],
      threshold: 2,
      approvers: [],
      approval_threshold: 0,
      operators: [userId],
      broadcast_scope: 2,
    });
  }

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    for (const close of closers) await close().catch(() => undefined);
    await desktopBrowser?.close();
  });

  it('pairs by QR, makes and verifies a key, lists offline, signs with the PIN and the transfer executes', async () => {
    // Desktop: Signer addresses → Pair a phone shows the code as a QR and as text.
    const { context: desktopContext, page: desktop } = await newPage(desktopBrowser.browser);
    contexts.push(desktopContext);
    await openInSpace(desktop, admin.session, spaceId, '/permission-address');
    await desktop.getByTestId('phone-pair-open').click();
    const qr = desktop.getByTestId('phone-pairing-qr');
    await qr.waitFor();
    const shownCode = (await desktop.getByTestId('phone-pairing-code').innerText()).trim();
    expect(shownCode).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await expect.poll(() => desktop.getByTestId('phone-pairing-countdown').innerText()).toMatch(/[01]:\d\d/);
    await screenshot(desktop, 'mobile-pairing-desktop');
    // The QR code read from the screen by an outside reader holds the /mobile link with the code.
    const pairUrl = await waitFor(
      'the pairing QR code read by zbar',
      () => readQrOf(qr),
      (text) => text !== null,
      10_000,
    );
    expect(pairUrl).toMatch(/\/mobile#pair=[0-9A-Z]{10}$/);
    expect(pairUrl!.split('#pair=')[1]).toBe(shownCode.replace('-', ''));

    // The phone: its camera sees the desktop's QR code.
    const phoneSide = await openPhone(pairUrl!);
    closers.push(phoneSide.close);
    const { page: phone, context: phoneContext } = phoneSide;
    await phone.goto('/mobile');
    await phone.getByTestId('mobile-pair').waitFor();
    await screenshot(phone, 'mobile-pair');
    await phone.getByTestId('mobile-pair-scan').click();

    // Paired: no key on this phone yet → make one under a PIN; it is added and verified.
    await phone.getByTestId('mobile-create-key').waitFor();
    await expect.poll(() => phone.getByTestId('mobile-account').innerText()).toBe(admin.email);
    // The desktop's modal learns that the phone paired.
    await expect.poll(() => desktop.getByTestId('phone-pairing-done').innerText()).toContain('Phone paired');
    await screenshot(desktop, 'mobile-pairing-done');
    await phone.getByTestId('mobile-key-name').fill('Test phone');
    await phone.getByTestId('mobile-key-pin').fill(PIN);
    await phone.getByTestId('mobile-key-pin2').fill(PIN);
    await phone.getByTestId('mobile-key-create').click();
    await expect
      .poll(() => phone.getByTestId('mobile-key-status').innerText(), { timeout: 20_000 })
      .toBe('Verified');
    const address = (await phone.getByTestId('mobile-key-address').innerText()).trim() as Hex;
    await phone.getByTestId('mobile-tasks-empty').waitFor();
    await screenshot(phone, 'mobile-key-created');
    const { list: signers } = await admin.session.call<{
      list: Array<{ address: string; status: number; source: string }>;
    }>('GET', '/api/v1/permission-address');
    expect(signers.find((row) => row.address === address)).toMatchObject({ status: 1, source: 'mobile' });

    // The phone's session only signs: a desktop route answers the scope error.
    const refused = await callFromPhone(phone, '/api/v1/wallets?page=1&page_size=10', spaceId);
    expect(refused.code).toBe('PHONE_SESSION_SCOPE_ERROR');

    // A 2-of-2 Safe over the phone's key and the desk key; a USDT transfer the desk key signs first.
    const wallet = await phoneAndDeskSafe('Phone Safe', address);
    const usdt = await fundSafe(admin.session, wallet.wallet_id, wallet.address, '100');
    const to = randomAddress();
    const { task_id: taskId } = await admin.session.call<{ task_id: number }>('POST', '/api/v1/task', {
      wallet_id: wallet.wallet_id,
      to,
      amount: '12.5',
      token: usdt,
      acknowledge_similar: false,
      fee_tier: 'standard',
    });
    await signByApi(admin.session, taskId, otherKey);

    // The phone lists it (the list refreshes every 10 s).
    const card = phone.locator(`[data-testid="mobile-task"][data-task-id="${taskId}"]`);
    await card.waitFor({ timeout: 25_000 });
    expect(await card.innerText()).toContain('12.5 USDT');
    expect(await card.getByTestId('mobile-task-progress').innerText()).toBe('1 of 2 signed');
    await screenshot(phone, 'mobile-task-list');
    const axe = await new AxeBuilder({ page: phone as never })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

    // Offline: the page opens from the service worker with the kept list and says so.
    await offlineCopyReady(phone);
    await phoneContext.setOffline(true);
    await phone.reload();
    await phone.getByTestId('mobile-offline').waitFor();
    expect(await phone.getByTestId('mobile-offline').innerText()).toContain('Offline — last updated');
    await card.waitFor();
    // The page came through the service worker (its navigation timing names the worker).
    expect(
      await phone.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return navigator.serviceWorker.controller !== null && (navigation?.workerStart ?? 0) > 0;
      }),
    ).toBe(true);
    await screenshot(phone, 'mobile-offline');
    // Back online, the page asks again by itself (the session, then the list).
    await phoneContext.setOffline(false);
    await phone.getByTestId('mobile-offline').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => phone.getByTestId('mobile-key-status').innerText()).toBe('Verified');

    // The list opens the task, and so does the desktop's "Sign on your phone" QR code (its link,
    // as the phone's camera app opens it): the task is shown, the fragment cleared.
    await card.click();
    await phone.getByTestId('mobile-task-detail').waitFor();
    await phone.getByTestId('mobile-task-back').click();
    await card.waitFor();
    await desktop.goto(`/task/${taskId}`);
    await openOnPhone(desktop, phone, `/mobile#task=${spaceId}:${taskId}`);
    await phone.getByTestId('mobile-task-detail').waitFor();
    expect(new URL(phone.url()).hash).toBe('');
    await expect.poll(() => phone.getByTestId('mobile-detail-amount').innerText()).toBe('12.5 USDT');
    expect((await phone.getByTestId('mobile-detail-to').innerText()).toLowerCase()).toBe(to.toLowerCase());
    const review = (await taskInfo(admin.session, taskId)) as unknown as Review;
    expect(await phone.getByTestId('mobile-detail-safe-tx-hash').innerText()).toBe(
      review.safe_tx!.safe_tx_hash,
    );
    await screenshot(phone, 'mobile-task-detail');
    // Signing needs the network.
    await phoneContext.setOffline(true);
    await expect.poll(() => phone.getByTestId('mobile-sign').isDisabled()).toBe(true);
    await phone.getByTestId('mobile-detail-offline').waitFor();
    await phoneContext.setOffline(false);
    await expect.poll(() => phone.getByTestId('mobile-sign').isEnabled()).toBe(true);

    // A wrong PIN signs and sends nothing; the right one signs.
    await phone.getByTestId('mobile-sign').click();
    await phone.getByTestId('mobile-pin').fill('000000');
    await phone.getByTestId('mobile-pin-submit').click();
    await expect.poll(() => phone.getByTestId('mobile-pin-problem').innerText()).toContain('Wrong PIN');
    await screenshot(phone, 'mobile-wrong-pin');
    expect(((await taskInfo(admin.session, taskId)) as unknown as Review).signatures).toHaveLength(1);
    await phone.getByTestId('mobile-pin').fill(PIN);
    await phone.getByTestId('mobile-pin-submit').click();
    await expect
      .poll(() => phone.getByTestId('mobile-signed').innerText(), { timeout: 20_000 })
      .toContain('Signed (2 of 2)');
    await phone.getByTestId('mobile-tasks-empty').waitFor();
    await screenshot(phone, 'mobile-signed');
    const signed = (await taskInfo(admin.session, taskId)) as unknown as Review;
    expect(signed.signatures.map((entry) => entry.signer.toLowerCase())).toContain(address.toLowerCase());

    // Executed as the desktop would: a funded account sends the Safe's execTransaction.
    const broadcaster = privateKeyToAccount(generatePrivateKey());
    await admin.session.call('POST', '/api/v1/dev/faucet', { address: broadcaster.address, eth: '1' });
    const prepared = await admin.session.call<PreparedExecution>('POST', '/api/v1/broadcast-create', {
      task_id: taskId,
      from: broadcaster.address,
    });
    await admin.session.call('POST', '/api/v1/broadcast', {
      task_id: taskId,
      raw_tx: await signPrepared(broadcaster, prepared),
    });
    await waitFor(
      'the transfer to be executed',
      () => taskInfo(admin.session, taskId),
      (task) => task.status === 1,
      45_000,
    );

    // A phone the desktop's camera app opened with the link: it pairs at once and clears the
    // fragment; this code was used already, so the catalogue's message is shown with Retry.
    const second = await phonePage(phoneSide.browser);
    contexts.push(second.context);
    await second.page.goto(pairUrl!);
    const refusal = second.page.getByTestId('mobile-pair-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('The verification code is wrong or has expired.');
    await second.page.getByTestId('mobile-pair-retry').waitFor();
    expect(new URL(second.page.url()).hash).toBe('');
  }, 150_000);

  it("shows a Dapp's message and its hashes on the phone, signs its SafeMessage, and the task is done", async () => {
    // A phone paired by the link of a code the desktop asked for; its key made under a PIN.
    const { pair_url: pairLink } = await admin.session.call<{ pair_url: string }>(
      'POST',
      '/api/v1/mobile/pairing',
      {},
    );
    const { context: phoneContext, page: phone } = await phonePage(desktopBrowser.browser);
    contexts.push(phoneContext);
    await phone.goto(pairLink);
    await phone.getByTestId('mobile-key-name').fill('Message phone');
    await phone.getByTestId('mobile-key-pin').fill(PIN);
    await phone.getByTestId('mobile-key-pin2').fill(PIN);
    await phone.getByTestId('mobile-key-create').click();
    await expect
      .poll(() => phone.getByTestId('mobile-key-status').innerText(), { timeout: 20_000 })
      .toBe('Verified');
    const address = (await phone.getByTestId('mobile-key-address').innerText()).trim() as Hex;

    // A 2-of-2 Safe over the phone's key and the desk key, with Dapps on; a Dapp asks it to sign.
    const wallet = await phoneAndDeskSafe('Message Safe', address);
    await admin.session.call('PUT', '/api/v1/organization/settings', { enable_dapp: true });
    await admin.session.call('POST', '/api/v1/wallets/dapp', { wallet_id: wallet.wallet_id, open: true });
    const text = 'Sign in to Devnet Login\nNonce: 7f3a';
    const { task_id: taskId } = await admin.session.call<{ task_id: number }>(
      'POST',
      '/api/v1/task/dapp-message',
      {
        wallet_id: wallet.wallet_id,
        dapp: { name: 'Devnet Login', url: 'https://login.example' },
        message: { kind: 'personal', text },
      },
    );
    await signByApi(admin.session, taskId, otherKey);

    // The list names it by the Dapp that asks (it refreshes every 10 s).
    const card = phone.locator(`[data-testid="mobile-task"][data-task-id="${taskId}"]`);
    await card.waitFor({ timeout: 25_000 });
    expect(await card.getByTestId('mobile-task-amount').innerText()).toBe('Sign a message for Devnet Login');
    expect(await card.innerText()).toContain('Asked by https://login.example');

    // The desktop offers "Sign on your phone" for the message; its QR link opens it on the phone.
    const { context: desktopContext, page: desktop } = await newPage(desktopBrowser.browser);
    contexts.push(desktopContext);
    await openInSpace(desktop, admin.session, spaceId, `/task/${taskId}`);
    await openOnPhone(desktop, phone, `/mobile#task=${spaceId}:${taskId}`);

    // What the phone shows is the message, the hash the Dapp checks and the SafeMessage hash
    // of it for this Safe, computed here independently of the page and the server.
    await phone.getByTestId('mobile-message-text').waitFor();
    expect(await phone.getByTestId('mobile-detail-action').innerText()).toBe(
      'Sign a message for Devnet Login',
    );
    expect(await phone.getByTestId('mobile-message-text').innerText()).toBe(text);
    expect(await phone.getByTestId('mobile-message-dapp-hash').innerText()).toBe(hashMessage(text));
    const safeMessageHash = hashTypedData({
      domain: { chainId: 31337, verifyingContract: wallet.address },
      types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'SafeMessage',
      message: { message: hashMessage(text) },
    });
    expect(await phone.getByTestId('mobile-message-safe-hash').innerText()).toBe(safeMessageHash);
    expect(await phone.getByTestId('mobile-detail-progress').innerText()).toBe('1 of 2 signed');
    await phone.getByTestId('mobile-sign').waitFor();
    // What the phone's screen shows first (the message) and scrolled down (the hashes it signs);
    // the helper leaves the page at the desktop's size, so the phone's is put back.
    await shoot(phone, 'mobile-message-review', phone.getByTestId('mobile-task-back'));
    await shoot(phone, 'mobile-message-hashes', phone.getByTestId('mobile-message-struct-hash'));
    await phone.setViewportSize(PHONE.viewport);

    await phone.getByTestId('mobile-sign').click();
    await phone.getByTestId('mobile-pin').fill(PIN);
    await phone.getByTestId('mobile-pin-submit').click();
    const signed = phone.getByTestId('mobile-signed');
    await expect.poll(() => signed.innerText(), { timeout: 20_000 }).toContain('Signed (2 of 2)');
    expect(await signed.innerText()).toContain('the message is signed');
    // Done at the threshold, nothing broadcast; the Safe itself accepts the joined signature.
    const done = await admin.session.call<{ status: number; signature: Hex | null }>(
      'GET',
      `/api/v1/task/dapp?task_id=${taskId}`,
    );
    expect(done.status).toBe(1);
    const node = createPublicClient({ chain: hardhat, transport: http(devnetRpcUrl()) });
    const magic = await node.readContract({
      address: wallet.address,
      abi: parseAbi(['function isValidSignature(bytes32, bytes) view returns (bytes4)']),
      functionName: 'isValidSignature',
      args: [hashMessage(text), done.signature!],
    });
    expect(magic).toBe('0x1626ba7e');
  }, 150_000);
});
