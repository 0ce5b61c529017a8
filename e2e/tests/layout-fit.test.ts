/// <reference lib="dom" />
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../lib/browser';
import { openInSpace } from '../lib/spaces';
import {
  DEVNET_KEYS,
  randomAddress,
  setupTransferTeam,
  signByApi,
  transferByApi,
  waitFor,
  type TransferTeam,
  signPrepared,
  type PreparedExecution as Prepared,
} from '../lib/transfers';

/** Hardhat test account 4 (publicly known key): the broadcaster here, used by no other test. */
const BROADCASTER_KEY: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';

/** How far the element's content sticks out of its own box (0 when it fits). */
const overflow = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.scrollWidth - element.clientWidth);

/**
 * What a user sees (hardening issue): the wallet list's "Available … Locked …" stays inside its
 * column and the transfer detail's broadcast table shows every column at 1280 px.
 */
describe('nothing is cut off or spills over', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let team: TransferTeam;
  let taskId: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    team = await setupTransferTeam();
    taskId = await transferByApi(team, randomAddress(), '5', true);
    await signByApi(team.signers[0].session, taskId, DEVNET_KEYS[1]);
    await signByApi(team.signers[1].session, taskId, DEVNET_KEYS[2]);
    const broadcaster = privateKeyToAccount(BROADCASTER_KEY);
    const prepared = await team.admin.session.call<Prepared>('POST', '/api/v1/broadcast-create', {
      task_id: taskId,
      from: broadcaster.address,
    });
    const raw = await signPrepared(broadcaster, prepared);
    await team.admin.session.call('POST', '/api/v1/broadcast', { task_id: taskId, raw_tx: raw });
    await waitFor(
      'the broadcast on record',
      () => team.admin.session.call<{ broadcasts: unknown[] }>('GET', `/api/v1/task/info?task_id=${taskId}`),
      (info) => info.broadcasts.length > 0,
    );
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await close();
  });

  async function open(path: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await openInSpace(page, team.admin.session, team.spaceId, path);
    return page;
  }

  it("the wallet list's available and locked amounts stay inside the amount column", async () => {
    const page = await open('/wallet');
    const amount = page
      .locator('td')
      .filter({ has: page.getByTestId('wallet-row-amount') })
      .first();
    await amount.waitFor();
    expect(await amount.evaluate((cell) => cell.scrollWidth - cell.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/wallet-list-amounts.png' });
  });

  it("the broadcast table shows every column inside the transfer detail's card", async () => {
    const page = await open(`/task/${taskId}`);
    await page.getByTestId('broadcast-list').waitFor();
    expect(await overflow(page, '[data-testid="broadcast-list"] .ant-table-content')).toBeLessThanOrEqual(0);
    const card = await page.getByTestId('broadcast-list').boundingBox();
    // The right-most column: when each attempt was last sent.
    const lastSent = await page
      .getByTestId('broadcast-list')
      .locator('th')
      .filter({ hasText: 'Last sent' })
      .boundingBox();
    expect(lastSent!.x + lastSent!.width).toBeLessThanOrEqual(card!.x + card!.width + 1);
    await page.getByTestId('broadcast-list').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/transfer-broadcast-table.png', fullPage: true });
  });
});
