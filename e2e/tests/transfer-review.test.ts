/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { randomAddress, transferByApi, type Person, type TransferTeam } from '../lib/transfers';
import { teamInBrowser } from '../lib/team-browser';

/**
 * What a user sees (hardening issue): the Safe signer sees the decoded call and the three hashes
 * to compare on a device; the detail names who must act next and marks "(you)"; the list shows
 * progress and "Needs you"; a failed list request shows an error with Retry, never an empty list.
 */
interface Review {
  safe_tx: {
    safe_tx_hash: string;
    domain_hash: string;
    message_hash: string;
    recipient: string;
    amount: string;
  };
  next_action: { stage: string; waiting_for: Array<{ user_id: number; nickname: string }> };
  creator: { nickname: string };
}

describe('what a signer, an approver and a list reader see', () => {
  const session = teamInBrowser();
  let team: TransferTeam;
  beforeAll(() => {
    team = session.team;
  });
  const open = (who: Person, path: string) => session.open(who, path);
  const review = (who: Person, taskId: number) =>
    who.session.call<Review>('GET', `/api/v1/task/info?task_id=${taskId}`);
  const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

  it('the signer sees the decoded recipient and amount and the three hashes; the detail names who signs', async () => {
    const recipient = randomAddress();
    const taskId = await transferByApi(team, recipient, '7.5', true);
    const signer = team.signers[0];
    const page = await open(signer, `/task/${taskId}`);
    const card = page.getByTestId('signature-card');
    await card.getByTestId('safe-tx-review').waitFor();
    const expected = await review(signer, taskId);
    expect((await text(page, 'review-recipient')).toLowerCase()).toBe(recipient.toLowerCase());
    expect(await text(page, 'review-amount')).toBe('7.5 USDT');
    expect(await text(page, 'review-operation')).toBe('CALL');
    expect(await text(page, 'review-safe-tx-hash')).toBe(expected.safe_tx.safe_tx_hash);
    expect(await text(page, 'review-domain-hash')).toBe(expected.safe_tx.domain_hash);
    expect(await text(page, 'review-message-hash')).toBe(expected.safe_tx.message_hash);
    // Who signs next: every key holder who has not signed; the caller marked.
    expect(expected.next_action.stage).toBe('sign');
    const waiting = await text(page, 'next-waiting');
    expect(waiting).toMatch(/^Waiting for .* to sign$/);
    const me = expected.next_action.waiting_for.find((p) => p.user_id === signer.userId)!;
    expect(waiting).toContain(`${me.nickname} (you)`);
    for (const other of expected.next_action.waiting_for.filter((p) => p.user_id !== signer.userId))
      expect(waiting).toContain(other.nickname);
    expect(await text(page, 'task-creator')).toContain(expected.creator.nickname);
    await page.getByTestId('your-turn').waitFor();
    await page.screenshot({ path: '/tmp/review-signer-detail.png', fullPage: true });
  });

  it('during approval the approver is marked, sees the risk tags and the call; a signer sees "Not yet"', async () => {
    const taskId = await transferByApi(team, randomAddress(), '2');
    const approver = team.approvers[0];
    const page = await open(approver, `/task/${taskId}`);
    await page.getByTestId('approval-form').waitFor();
    const expected = await review(approver, taskId);
    const waiting = await text(page, 'next-waiting');
    expect(waiting).toMatch(/to approve$/);
    const me = expected.next_action.waiting_for.find((p) => p.user_id === approver.userId)!;
    expect(waiting).toContain(`${me.nickname} (you)`);
    // A fresh address: new and first transfer, as the operator saw it.
    await page.getByTestId('risk-tag-6').waitFor();
    await page.getByTestId('risk-tag-20').waitFor();
    await page.getByTestId('approval-card').getByTestId('review-message-hash').waitFor();
    await page.screenshot({ path: '/tmp/review-approver-detail.png', fullPage: true });

    const signer = await open(team.signers[1], `/task/${taskId}`);
    await signer.getByTestId('sign-not-yet').waitFor();
    expect(await signer.getByTestId('signature-card').innerText()).toContain('Not yet');
    expect(await text(signer, 'next-waiting')).not.toContain('(you)');
  });

  it('the list shows progress and "Needs you"; a failed list request shows an error with Retry, which recovers', async () => {
    const taskId = await transferByApi(team, randomAddress(), '1');
    const approver = team.approvers[1];
    const page = await open(approver, '/transfer');
    await page.getByTestId('tab-all').click();
    const row = page.getByTestId('transfer-row').filter({ hasText: `T${String(taskId).padStart(6, '0')}` });
    await row.getByTestId('needs-you').waitFor();
    expect(await row.getByTestId('row-progress').innerText()).toContain('Approvals 0/2');
    await page.screenshot({ path: '/tmp/review-list.png', fullPage: true });

    // The list request fails: an error with Retry, never "Nothing waits for you".
    await page.route('**/api/v1/transfer/list?**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream failure' }),
    );
    await page.reload();
    await page.getByTestId('transfer-list-error').waitFor();
    expect(await page.getByTestId('transfer-list-page').innerText()).not.toContain('Nothing waits for you');
    expect(await page.getByTestId('transfer-row').count()).toBe(0);
    await page.screenshot({ path: '/tmp/review-list-error.png', fullPage: true });
    await page.unroute('**/api/v1/transfer/list?**');
    await page.getByTestId('query-retry').click();
    await page.getByTestId('transfer-row').first().waitFor();
    expect(await page.getByTestId('transfer-list-error').count()).toBe(0);

    // The wallet list likewise: no "$0.00" for a request that failed.
    await page.route('**/api/v1/wallets?**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream failure' }),
    );
    await page.goto('/wallet');
    await page.getByTestId('wallet-list-error').waitFor();
    expect(await page.getByTestId('wallet-list-page').innerText()).not.toContain('$0.00');
    await page.unroute('**/api/v1/wallets?**');
    await page.getByTestId('wallet-list-error').getByTestId('query-retry').click();
    await page.getByTestId('wallet-total').waitFor();
  });
});
