/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  hashMessage,
  http,
  parseAbi,
  toHex,
  type Hex,
} from 'viem';
import { hardhat } from 'viem/chains';
import { screenshot } from '../lib/browser';
import { chooseDappSafe } from '../lib/dapp-page';
import { modalClosed, motionDone } from '../lib/motion';
import { teamInBrowser } from '../lib/team-browser';
import {
  DEVNET_KEYS,
  approveSignAndBroadcast,
  randomAddress,
  signByApi,
  usdtBalance,
} from '../lib/transfers';
import { devnetRpcUrl } from '../lib/wallet-provider';
import { relayReport, walletConnectDapp } from '../lib/walletconnect-dapp';

/**
 * WalletConnect's wallet side on /dapp (§1 Dapp connector): a Dapp running WalletConnect's own
 * client library pairs with the team's Safe through the relay stand-in, reads the chain through
 * it and sends a USDT transfer, which is reviewed, becomes a Dapp task, is approved, signed and
 * broadcast, and the Dapp finds the executed transaction by the safeTxHash it was answered; then
 * asks for a personal_sign, answered with the Safe's signature once the owners signed.
 */
describe('WalletConnect on /dapp', () => {
  const session = teamInBrowser();
  const admin = () => session.team.admin.session;
  let dapp: Awaited<ReturnType<typeof walletConnectDapp>>;

  beforeAll(async () => {
    await admin().call('PUT', '/api/v1/organization/settings', { enable_dapp: true });
    await admin().call('POST', '/api/v1/wallets/dapp', { wallet_id: session.team.walletId, open: true });
    dapp = await walletConnectDapp('Swap Example');
  });
  afterAll(async () => dapp?.close());

  async function openWithSafe(): Promise<Page> {
    const page = await session.open(session.team.admin, '/dapp');
    await chooseDappSafe(page);
    // WalletConnect has started (connected to the relay) once its spinner is gone.
    await page.getByTestId('wc-panel').waitFor();
    await expect.poll(() => page.getByTestId('wc-starting').count()).toBe(0);
    return page;
  }

  async function pair(page: Page, uri: string) {
    await page.getByTestId('wc-uri').fill(uri);
    await page.getByTestId('wc-pair').click();
    const proposal = page.getByRole('dialog').filter({ has: page.getByTestId('wc-proposal') });
    await proposal.waitFor();
    await motionDone(proposal);
    return proposal;
  }

  it(
    'pairs, answers reads, turns a transaction into a Dapp task and the Dapp finds it executed',
    { timeout: 180_000 },
    async () => {
      const page = await openWithSafe();
      const { uri, session: approved } = await dapp.propose({ optional: ['eip155:31337'] });
      const proposal = await pair(page, uri);
      const shown = await proposal.innerText();
      expect(shown).toContain('Swap Example');
      expect(shown).toContain('https://dapp.example');
      expect(shown).toContain(session.team.safe);
      await screenshot(page, 'wc-proposal');
      await proposal.getByTestId('wc-approve').click();
      await modalClosed(page);
      const wcSession = await approved;
      expect(wcSession.namespaces.eip155!.accounts).toEqual([`eip155:31337:${session.team.safe}`]);
      await expect.poll(() => page.getByTestId('wc-session').innerText()).toContain('Swap Example');

      // Reads: the chain id, and the Safe's balance as the node has it.
      expect(await dapp.request(wcSession, 'eth_chainId', [])).toBe('0x7a69');
      const client = createPublicClient({ chain: hardhat, transport: http(devnetRpcUrl()) });
      const balance = await client.getBalance({ address: session.team.safe });
      const read = await dapp.request<string>(wcSession, 'eth_getBalance', [session.team.safe, 'latest']);
      expect(BigInt(read)).toBe(balance);
      // Messages are offered (the Safe signs them by EIP-1271); eth_sign's bare hashes are not.
      expect(wcSession.namespaces.eip155!.methods).toContain('personal_sign');
      expect(wcSession.namespaces.eip155!.methods).toContain('eth_signTypedData_v4');
      expect(wcSession.namespaces.eip155!.methods).not.toContain('eth_sign');
      expect(wcSession.namespaces.eip155!.methods).toContain('eth_sendTransaction');

      // A USDT transfer, reviewed decoded and confirmed: the Dapp is answered the safeTxHash.
      const recipient = randomAddress();
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, 7_500_000n],
      });
      const sending = dapp.request<Hex>(wcSession, 'eth_sendTransaction', [
        { from: session.team.safe, to: session.team.usdt, data, value: '0x0' },
      ]);
      const review = page.getByRole('dialog').filter({ hasText: "Review the Dapp's request" });
      await review.getByTestId('dapp-call-0').waitFor();
      expect(await review.getByTestId('dapp-review-who').innerText()).toContain(
        'https://dapp.example asks Ops Safe',
      );
      const call = (await review.getByTestId('dapp-call-0').innerText()).toLowerCase();
      expect(call).toContain('7.5 usdt');
      expect(call).toContain(recipient.toLowerCase());
      await motionDone(review);
      await screenshot(page, 'wc-review');
      await review.getByTestId('dapp-confirm').click();
      await modalClosed(page);
      const safeTxHash = await sending;
      expect(safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);
      const href = await page.getByTestId('dapp-task-link').getAttribute('href');
      const taskId = Number(/\/task\/(\d+)$/.exec(href ?? '')?.[1]);
      const task = await admin().call<{ safe_tx_hash: string; dapp: { name: string } }>(
        'GET',
        `/api/v1/task/dapp?task_id=${taskId}`,
      );
      expect(task).toMatchObject({ safe_tx_hash: safeTxHash, dapp: { name: 'Swap Example' } });
      // Not executed yet: no receipt for it.
      expect(await dapp.request(wcSession, 'eth_getTransactionReceipt', [safeTxHash])).toBeNull();

      const { team } = session;
      const txHash = await approveSignAndBroadcast(team, taskId);
      await client.waitForTransactionReceipt({ hash: txHash });
      await expect
        .poll(
          async () =>
            (
              await dapp.request<{ transactionHash: string } | null>(wcSession, 'eth_getTransactionReceipt', [
                safeTxHash,
              ])
            )?.transactionHash,
          { timeout: 60_000 },
        )
        .toBe(txHash);
      expect(await usdtBalance(team.usdt, recipient)).toBe(7_500_000n);

      // personal_sign: reviewed as text, a message task; the Dapp's request waits for the Safe's
      // signature, which the Safe itself accepts (isValidSignature on the devnet).
      const text = 'Swap Example login\nnonce 7';
      const signing = dapp.request<Hex>(wcSession, 'personal_sign', [toHex(text), session.team.safe]);
      const messageReview = page.getByRole('dialog').filter({ hasText: "Review the Dapp's message" });
      await messageReview.getByTestId('dapp-message-text').waitFor();
      expect(await messageReview.getByTestId('dapp-message-text').innerText()).toBe(text);
      expect(await messageReview.getByTestId('dapp-message-hash').innerText()).toBe(hashMessage(text));
      await motionDone(messageReview);
      await screenshot(page, 'wc-message-review');
      await messageReview.getByTestId('dapp-confirm').click();
      await modalClosed(page);
      const messageHref = await page.getByTestId('dapp-task-link').first().getAttribute('href');
      const messageTask = Number(/\/task\/(\d+)$/.exec(messageHref ?? '')?.[1]);
      expect(messageTask).not.toBe(taskId);
      for (const approver of team.approvers)
        await approver.session.call('POST', '/api/v1/task/approve', { task_id: messageTask, result: 1 });
      await signByApi(team.signers[0].session, messageTask, DEVNET_KEYS[1]);
      await signByApi(team.signers[1].session, messageTask, DEVNET_KEYS[2]);
      const signature = await signing;
      const magic = await client.readContract({
        address: team.safe,
        abi: parseAbi(['function isValidSignature(bytes32, bytes) view returns (bytes4)']),
        functionName: 'isValidSignature',
        args: [hashMessage(text), signature],
      });
      expect(magic).toBe('0x1626ba7e');

      // Rejected in the review: the Dapp hears 4001 and no task is made.
      // Its outcome is held at once: the refusal may arrive while the click is still resolving.
      const refused = dapp
        .request(wcSession, 'eth_sendTransaction', [
          { from: session.team.safe, to: session.team.usdt, data, value: '0x0' },
        ])
        .then(
          () => 'answered',
          (error: unknown) => error,
        );
      await review.getByTestId('dapp-call-0').waitFor();
      await motionDone(review);
      await review.getByTestId('dapp-reject').click();
      expect(await refused).toMatchObject({ code: 4001 });
      await modalClosed(page);
      expect(await page.getByTestId('dapp-task-created').count()).toBe(2);

      // Disconnected on the page: the Dapp is told, and the list empties.
      const deleted = new Promise((resolve) => dapp.client.once('session_delete', resolve));
      await page.getByTestId('wc-disconnect').click();
      await deleted;
      await expect.poll(() => page.getByTestId('wc-session').count()).toBe(0);
      await screenshot(page, 'wc-disconnected');
      expect((await relayReport()).violations).toEqual([]);
    },
  );

  it('refuses a Dapp that requires another chain and a link that is not a pairing link', async () => {
    const page = await openWithSafe();
    await page.getByTestId('wc-uri').fill('wc:not-a-link');
    await page.getByTestId('wc-pair').click();
    await expect.poll(() => page.getByText('This is not a WalletConnect v2 link').count()).toBe(1);

    const other = await walletConnectDapp('Mainnet Only');
    try {
      const { uri, session: approved } = await other.propose({ required: ['eip155:1'] });
      const settled = approved.then(
        () => 'approved',
        () => 'rejected',
      );
      const proposal = await pair(page, uri);
      expect(await proposal.getByTestId('wc-chain-mismatch').innerText()).toContain(
        "The Dapp's chain does not match this wallet's chain.",
      );
      expect(await proposal.getByTestId('wc-approve').isDisabled()).toBe(true);
      await screenshot(page, 'wc-chain-mismatch');
      await proposal.getByTestId('wc-reject').click();
      await modalClosed(page);
      expect(await settled).toBe('rejected');
      expect(await page.getByTestId('wc-session').count()).toBe(0);
    } finally {
      await other.close();
    }
    expect((await relayReport()).violations).toEqual([]);
  });
});
