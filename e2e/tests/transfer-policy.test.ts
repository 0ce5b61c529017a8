/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dismissToasts, pictures } from '../lib/browser';
import { modalClosed, motionDone } from '../lib/motion';
import { failOnce } from '../lib/screen-checks';
import { teamInBrowser } from '../lib/team-browser';
import { randomAddress, transferByApi } from '../lib/transfers';
import { settledDialog, toastWith } from '../lib/wallets';

/**
 * The transfer policy (issue 21) on the devnet: an admin proposes a group and a rule, sees it wait
 * and cannot approve it; another admin approves it in their own browser; the rule is in force, the
 * dry run names it above the tier and no rule below, and a transfer over the tier shows the rule
 * on its detail (with the delay it waits out) and in the list.
 */
describe('transfer policy', () => {
  const session = teamInBrowser();

  /**
   * Picks an option of an antd select by its text, until the select shows it: a click on an
   * option of a list still opening can miss on a loaded machine. A multiple select stays open.
   */
  async function choose(page: Page, select: Locator, text: string): Promise<void> {
    const chosen = select.locator('.ant-select-selection-item').filter({ hasText: text });
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first();
    await expect
      .poll(
        async () => {
          if ((await chosen.count()) > 0) return true;
          if (!(await option.isVisible())) await select.click();
          await option.waitFor({ timeout: 5_000 }).catch(() => undefined);
          await motionDone(option).catch(() => undefined);
          await option.click({ timeout: 5_000 }).catch(() => undefined);
          return (await chosen.count()) > 0;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
  }

  /** Clicks a button, closing first the live notices (deposits) that may sit over it. */
  async function clickPastToasts(page: Page, button: Locator): Promise<void> {
    await expect
      .poll(
        async () => {
          await dismissToasts(page);
          return button.click({ timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(true);
  }

  it(
    'an admin proposes, another admin approves, the dry run and a transfer show the rule',
    { timeout: 240_000 },
    async () => {
      const team = session.team;
      // The second admin: a signer of the team made admin (the plan's member limit is reached).
      const checker = team.signers[0]!;
      const members = await team.admin.session.call<{
        list: { member_id: number; user_id: number | null }[];
      }>('GET', '/api/v1/organization/member?page=1&page_size=50');
      const row = members.list.find((member) => member.user_id === checker.userId)!;
      await team.admin.session.call('PUT', '/api/v1/organization/member', {
        member_id: row.member_id,
        role: 2,
      });
      const me = await checker.session.call<{ nickname: string; email: string }>(
        'GET',
        '/api/v1/user/base-info',
      );
      const checkerName = me.nickname || me.email;

      // A retry finds the first attempt's change: withdrawn, so this attempt proposes again.
      const before = await team.admin.session.call<{
        in_force: unknown;
        pending_change: { id: number } | null;
      }>('GET', '/api/v1/transfer-policy');
      if (before.pending_change)
        await team.admin.session.call('POST', '/api/v1/transfer-policy/changes/revoke', {
          change_id: before.pending_change.id,
        });
      const fresh = before.in_force === null;
      if (!fresh) {
        const emptied = await team.admin.session.call<{ pending_change: { id: number } }>(
          'POST',
          '/api/v1/transfer-policy/changes',
          { document: { rules: [], groups: [], change_quorum: 1 } },
        );
        await checker.session.call('POST', '/api/v1/transfer-policy/changes/approve', {
          change_id: emptied.pending_change.id,
          result: 1,
        });
      }
      const page = await session.open(team.admin, '/settings/transfer-policy');
      // A policy that could not be loaded says so with Retry, never "no policy".
      await failOnce(page, '**/api/v1/transfer-policy');
      await page.reload();
      const failed = page.getByTestId('query-error');
      await failed.waitFor();
      expect(await failed.innerText()).toContain('The transfer policy could not be loaded.');
      await failed.getByTestId('query-retry').click();
      await page.getByTestId(fresh ? 'policy-empty' : 'policy-in-force-document').waitFor();
      // The team's deposit notices arrive live and sit over the page's top right corner.
      await dismissToasts(page);

      if (fresh) {
        expect(await page.getByTestId('policy-empty').innerText()).toContain(
          "No policy: every transfer follows its wallet's approval threshold.",
        );
        await pictures(page, 'transfer-policy-empty', page.getByTestId('policy-in-force'));
      }

      // Propose: a group with the other admin, one rule over $100 that needs one of its approvals
      // and an hour's delay. An empty amount range first: the server's refusal shows in the editor.
      await clickPastToasts(page, page.getByTestId('policy-edit'));
      const editor = await settledDialog(page, 'Propose a new transfer policy');
      await editor.getByTestId('policy-add-group').click();
      await editor.getByTestId('policy-group-name').fill('Finance');
      await choose(page, editor.getByTestId('policy-group-members'), checkerName);
      await editor.getByTestId('policy-add-rule').click();
      await editor.getByTestId('policy-rule-name').fill('Large');
      await editor.getByTestId('policy-rule-usd-gte').fill('100');
      await editor.getByTestId('policy-rule-usd-lt').fill('50');
      await choose(page, editor.getByTestId('policy-rule-group'), 'Finance');
      await editor.getByTestId('policy-rule-group-count').fill('1');
      await editor.getByTestId('policy-rule-delay').fill('60');
      await editor.getByTestId('policy-submit').click();
      const refusal = editor.getByTestId('policy-editor-error');
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain(
        'The policy is not valid: rule 1 "Large": amount_usd is an empty range.',
      );
      await pictures(page, 'transfer-policy-editor', editor.getByTestId('policy-editor-rule'));
      await editor.getByTestId('policy-rule-usd-lt').fill('');
      await editor.getByTestId('policy-submit').click();
      await toastWith(page, 'Proposed: it takes effect once other admins approve it.');
      await modalClosed(page);

      // It waits; its proposer cannot approve it; the empty policy is still in force.
      const pending = page.getByTestId('policy-pending');
      await pending.waitFor();
      const proposed = await pending.getByTestId('policy-rule').innerText();
      expect(proposed).toContain(
        'Rule 1 “Large”: amount ≥ $100 → 1 approval from Finance + 60 min delay before broadcast',
      );
      expect(proposed).toContain('New');
      expect(await pending.getByTestId('policy-pending-progress').innerText()).toBe('0 of 1 approval');
      expect(await pending.getByTestId('policy-cannot-vote').innerText()).toContain(
        'You proposed this change: another admin must approve it.',
      );
      expect(await pending.getByTestId('policy-approve').count()).toBe(0);
      if (fresh) await page.getByTestId('policy-empty').waitFor();
      await dismissToasts(page);
      await pictures(page, 'transfer-policy-pending', pending);

      // The other admin approves in their own browser: in force.
      const other = await session.open({ session: checker.session }, '/settings/transfer-policy');
      await clickPastToasts(other, other.getByTestId('policy-approve'));
      await toastWith(other, 'Your vote was recorded.');
      const inForce = other.getByTestId('policy-in-force-document');
      await inForce.waitFor();
      expect(await other.getByTestId('policy-pending').count()).toBe(0);
      expect(await inForce.getByTestId('policy-rule').innerText()).toContain(
        'Rule 1 “Large”: amount ≥ $100 → 1 approval from Finance',
      );
      expect(await inForce.getByTestId('policy-group').innerText()).toContain(`Finance: ${checkerName}`);
      expect(await inForce.getByTestId('policy-quorum').innerText()).toContain(
        'A change needs 1 approval from another admin.',
      );

      // The dry run: above the tier the rule, below it no rule (and why the rule did not match).
      const test = other.getByTestId('policy-test');
      await choose(other, test.getByTestId('policy-test-wallet'), 'Ops Safe');
      await choose(other, test.getByTestId('policy-test-token'), 'USDT');
      await test.getByTestId('policy-test-to').fill(randomAddress());
      await test.getByTestId('policy-test-amount').fill('150');
      await test.getByTestId('policy-test-run').click();
      const result = test.getByTestId('policy-test-result');
      await expect
        .poll(() => result.innerText())
        .toContain(
          "Rule 1 “Large” → 1 approval from Finance + the wallet's approvals + 60 min delay before broadcast",
        );
      expect(await result.innerText()).toContain('amount $150 ≥ $100');
      await test.getByTestId('policy-test-amount').fill('5');
      await test.getByTestId('policy-test-run').click();
      await expect
        .poll(() => result.innerText())
        .toContain("No rule matches: the wallet's approval threshold applies.");
      expect(await result.getByTestId('policy-test-trace').innerText()).toContain(
        'Rule 1 “Large”: amount $5',
      );
      await dismissToasts(other);
      await pictures(other, 'transfer-policy-in-force', test);

      // A transfer over the tier carries the rule: on its detail and in the list. Approved by the
      // wallet's approvers and the group, it waits out the delay before it may be broadcast.
      const taskId = await transferByApi(team, randomAddress(), '150', true);
      await checker.session.call('POST', '/api/v1/task/approve', { task_id: taskId, result: 1 });
      const detail = await session.open({ session: checker.session }, `/task/${taskId}`);
      const line = detail.getByTestId('task-policy');
      await line.waitFor();
      expect(await line.innerText()).toContain(
        "Rule 1 “Large” → 1 approval from Finance + the wallet's approvals + 60 min delay before broadcast",
      );
      const after = detail.getByTestId('broadcast-after');
      await after.waitFor();
      expect(await after.innerText()).toContain('Broadcast possible after');
      await dismissToasts(detail);
      await pictures(detail, 'transfer-policy-task', line);
      await detail.goto(new URL('/transfer', detail.url()).toString());
      await expect
        .poll(() => detail.getByTestId('task-policy').first().innerText())
        .toContain('Rule 1 “Large”');
      await pictures(detail, 'transfer-policy-list', detail.getByTestId('task-policy').first());
    },
  );
});
