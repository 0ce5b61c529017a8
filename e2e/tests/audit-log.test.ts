/// <reference lib="dom" />
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
  type Person,
  type TransferTeam,
} from '../lib/transfers';

/**
 * What a user sees (hardening issue): /audit-log says what happened in words — "Alice signed
 * T000002", "Bob created wallet Payments" — in the page's language, with one date format per
 * language; never raw operation codes or JSON.
 */
describe('the audit log in words', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let team: TransferTeam;
  let number: string;
  const names = new Map<Person, string>();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    team = await setupTransferTeam();
    const taskId = await transferByApi(team, randomAddress(), '4', true);
    await signByApi(team.signers[0].session, taskId, DEVNET_KEYS[1]);
    number = `T${String(taskId).padStart(6, '0')}`;
    for (const who of [team.admin, team.signers[0], team.approvers[0]]) {
      const info = await who.session.call<{ nickname: string | null; email: string }>(
        'GET',
        '/api/v1/user/base-info',
      );
      names.set(who, info.nickname || info.email);
    }
  }, 150_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await close();
  });

  async function open(path: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await openInSpace(page, team.admin.session, team.spaceId, path);
    await page.getByTestId('audit-sentence').first().waitFor();
    return page;
  }
  const column = (page: Page, testId: string) => page.getByTestId(testId).allInnerTexts();

  it('rows read as sentences with the transfer number and the wallet name (en-US)', async () => {
    const page = await open('/audit-log');
    const sentences = await column(page, 'audit-sentence');
    expect(sentences).toContain(`${names.get(team.signers[0])} signed ${number}`);
    expect(sentences).toContain(`${names.get(team.approvers[0])} approved ${number}`);
    expect(sentences).toContain(`${names.get(team.admin)} created ${number} from wallet Ops Safe`);
    expect(sentences).toContain('Wallet Ops Safe was deployed on chain');
    const table = await page.locator('.ant-table-tbody').innerText();
    expect(table).not.toMatch(/[{}"]|task_id|wallet_id|create_multi/);
    for (const time of await column(page, 'audit-time'))
      expect(time).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
    // The raw record is one click away.
    await page.locator('.ant-table-row-expand-icon').first().click();
    expect(await page.getByTestId('audit-details').first().innerText()).toContain('task_id');
    await page.screenshot({ path: '/tmp/audit-log-en-US.png', fullPage: true });
  });

  it.each([
    ['zh-CN', '签署了', /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/],
    ['zh-HK', '簽署了', /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/],
  ] as const)(
    'in %s the sentences and the date format follow the language',
    async (language, signed, date) => {
      const page = await open(`/audit-log?lang=${language}`);
      await page.getByText(`${names.get(team.signers[0])} ${signed} ${number}`).waitFor();
      for (const time of await column(page, 'audit-time')) expect(time).toMatch(date);
      await page.screenshot({ path: `/tmp/audit-log-${language}.png`, fullPage: true });
    },
  );
});
