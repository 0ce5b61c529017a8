/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dismissToasts, pictures, screenshot } from '../lib/browser';
import { modalClosed, motionDone } from '../lib/motion';
import { failOnce } from '../lib/screen-checks';
import { teamInBrowser } from '../lib/team-browser';
import { randomAddress } from '../lib/transfers';
import { settledDialog, toastWith } from '../lib/wallets';

/**
 * Fund-purpose tags (issue 15) on the devnet: an admin manages the space's tag tree in the space
 * settings (system tags only switch on and off); with the wallet's asset-tag switch on, the
 * transfer wizard requires a fund purpose, the list and the detail show it, and the detail changes
 * it with a history of who changed what.
 */
describe('fund-purpose tags', () => {
  const session = teamInBrowser();

  /** The tag tree's row showing exactly this name. */
  const row = (page: Page, name: string) =>
    page
      .locator('[data-testid^="label-row-"]')
      .filter({ has: page.getByTestId('label-name').getByText(name, { exact: true }) });

  /** Submits the open tag form and waits for its toast and for the dialog to be gone. */
  async function submitForm(page: Page, toast: string): Promise<void> {
    await page.getByTestId('label-form-submit').click();
    await toastWith(page, toast);
    await modalClosed(page);
  }

  it(
    'an admin adds, renames, disables and deletes custom tags; system tags only switch',
    { timeout: 120_000 },
    async () => {
      const page = await session.open(session.team.admin, '/organization/settings?tab=labels');
      await page.getByTestId('labels-tab').waitFor();
      // A tree that could not be loaded says so with Retry, never an empty tree.
      await failOnce(page, '**/api/v1/label-category/tree');
      await page.reload();
      const failed = page.getByTestId('labels-error');
      await failed.waitFor();
      expect(await failed.innerText()).toContain('The fund-purpose tags could not be loaded.');
      await failed.getByTestId('query-retry').click();
      await page.getByTestId('labels-tab').waitFor();
      // Names of this attempt (a retry finds the first attempt's entries in the same space).
      const run = Date.now().toString(36).slice(-4);
      const category = `Grants ${run}`;
      const tag = `Research ${run}`;
      const renamed = `Research grants ${run}`;

      // System entries come with the space, named in the user's language; no rename or delete is offered.
      const payroll = row(page, 'Payroll');
      await payroll.waitFor();
      expect(await payroll.getByTestId('label-source').innerText()).toBe('System');
      expect(await payroll.getByTestId('label-rename').count()).toBe(0);
      expect(await payroll.getByTestId('label-delete').count()).toBe(0);
      expect(await row(page, 'Operations').getByTestId('label-delete').count()).toBe(0);

      // A category, and a tag in it.
      await page.getByTestId('label-add-category').click();
      let form = await settledDialog(page, 'Add a category');
      await form.locator('#label-name').fill(category);
      await submitForm(page, `${category} was added.`);
      await row(page, category).getByTestId('label-add-in-category').click();
      form = await settledDialog(page, 'Add a tag');
      expect(await form.locator('.ant-select-selection-item').innerText()).toBe(category);
      await form.locator('#label-name').fill(tag);
      await submitForm(page, `${tag} was added.`);
      await row(page, tag).waitFor();

      // A name the space already has (any case) is refused under the name, the dialog stays.
      await page.getByTestId('label-add-label').click();
      form = await settledDialog(page, 'Add a tag');
      await form.locator('#label-name').fill('payroll');
      await page.getByTestId('label-form-submit').click();
      await expect
        .poll(() => form.locator('.ant-form-item-explain-error').allInnerTexts())
        .toEqual(['A label with this name already exists.']);
      await form.getByRole('button', { name: 'Cancel' }).click();
      await modalClosed(page);

      // Rename, then disable.
      await row(page, tag).getByTestId('label-rename').click();
      form = await settledDialog(page, `Rename ${tag}`);
      await form.locator('#label-name').fill(renamed);
      await submitForm(page, 'The new name was saved.');
      const grants = row(page, renamed);
      await grants.getByTestId('label-toggle').click();
      await toastWith(page, `${renamed} is disabled.`);
      await expect.poll(() => grants.getByTestId('label-status').innerText()).toBe('Disabled');
      await dismissToasts(page);
      await pictures(page, 'labels-settings-tab', grants);

      // A category with tags left cannot go: the dialog says why.
      await row(page, category).getByTestId('label-delete').click();
      form = await settledDialog(page, `Delete ${category}?`);
      await page.getByTestId('label-delete-confirm').click();
      await expect
        .poll(() => form.getByTestId('label-delete-error').innerText())
        .toBe('This category still has tags: move or delete them first.');
      await screenshot(page, 'labels-settings-category-not-empty');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await modalClosed(page);

      // Delete the tag, then the empty category.
      await grants.getByTestId('label-delete').click();
      await settledDialog(page, `Delete ${renamed}?`);
      await page.getByTestId('label-delete-confirm').click();
      await toastWith(page, `${renamed} was deleted.`);
      await modalClosed(page);
      await expect.poll(() => grants.count()).toBe(0);
      await row(page, category).getByTestId('label-delete').click();
      await settledDialog(page, `Delete ${category}?`);
      await page.getByTestId('label-delete-confirm').click();
      await toastWith(page, `${category} was deleted.`);
      await expect.poll(() => row(page, category).count()).toBe(0);
    },
  );

  /** Opens a select and picks the option `name`, once the list has finished opening. */
  async function pick(page: Page, select: Locator, name: string): Promise<void> {
    await select.click();
    const option = new RegExp(`^${name}$`);
    const dropdown = page
      .locator('.ant-select-dropdown:visible')
      .filter({ has: page.locator('.ant-select-item-option').filter({ hasText: option }) });
    await motionDone(dropdown);
    await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  }

  /** The fund-purpose select with this input id. */
  const purposeSelect = (page: Page, id: string) =>
    page.locator('.ant-select').filter({ has: page.locator(`#${id}`) });

  /** The wizard up to the info step with a valid recipient and amount of test USDT. */
  async function wizardInfo(page: Page): Promise<void> {
    await page.getByTestId(`transfer-wallet-${session.team.walletId}`).click();
    await page.getByTestId('transfer-next').click();
    await page.locator('#transfer-to').waitFor();
    await page
      .locator('.ant-select')
      .filter({ has: page.locator('#transfer-asset') })
      .click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'USDT' }).click();
    await page.locator('#transfer-to').fill(randomAddress());
    await page.locator('#transfer-amount').fill('1.5');
  }

  it(
    'a wallet with asset tags on requires a fund purpose; the list and detail show it, the detail changes it',
    { timeout: 120_000 },
    async () => {
      const { team } = session;
      await team.admin.session.call('PUT', '/api/v1/wallets/open-asset-tag', {
        wallet_id: team.walletId,
        open: true,
      });
      const page = await session.open(team.admin, '/wallet/transfer');
      await wizardInfo(page);
      const field = page.getByTestId('fund-purpose-field');
      // Required: the asterisk, and going on without one says so at the field.
      await field.locator('.ant-form-item-required').waitFor();
      await page.getByTestId('transfer-next').click();
      await expect
        .poll(() => field.locator('.ant-form-item-explain-error').innerText())
        .toBe('Choose a fund purpose: this wallet needs one for every transfer.');
      // The message fades in: the picture waits for it.
      await motionDone(field.locator('.ant-form-item-explain-error'));
      await pictures(page, 'labels-wizard-required', field);
      await pick(page, purposeSelect(page, 'transfer-fund-purpose'), 'Supplier payment');
      await expect.poll(() => field.locator('.ant-form-item-explain-error').count()).toBe(0);
      await page.getByTestId('transfer-next').click();
      await page.getByTestId('transfer-people').waitFor();
      await page.getByTestId('transfer-next').click();
      await page.getByTestId('transfer-review').waitFor();
      expect(await page.getByTestId('review-fund-purpose').innerText()).toBe('Supplier payment');
      await page.getByTestId('transfer-create').click();
      await page.waitForURL((url) => /^\/task\/\d+$/.test(url.pathname));
      const number = await page.getByTestId('task-number').innerText();
      await expect
        .poll(() => page.getByTestId('task-fund-purpose').innerText())
        .toContain('Supplier payment');

      // The next wizard offers it first, under "Recently used".
      const again = await session.open(team.admin, '/wallet/transfer');
      // The field's choices that could not be loaded say so in place, with Retry.
      await failOnce(again, '**/api/v1/label-transfer?*');
      await wizardInfo(again);
      const failed = again.getByTestId('fund-purpose-error');
      await failed.waitFor();
      expect(await failed.innerText()).toContain('The fund purposes could not be loaded.');
      await failed.getByTestId('query-retry').click();
      await again
        .locator('.ant-select')
        .filter({ has: again.locator('#transfer-fund-purpose') })
        .click();
      const purposes = again.locator('.ant-select-dropdown').filter({ hasText: 'Recently used' });
      await expect
        .poll(() => purposes.locator('.ant-select-item-group').first().innerText())
        .toBe('Recently used');
      expect(await purposes.locator('.ant-select-item').nth(1).innerText()).toBe('Supplier payment');
      await screenshot(again, 'labels-wizard-recent');
      await again.context().close();

      // The list's row says it, and the filter finds it.
      const list = await session.open(team.admin, '/transfer');
      await list.getByTestId('tab-all').click();
      const rows = list.getByTestId('transfer-row');
      const listed = rows.filter({ hasText: number.replace(/^Transfer /, '') });
      await expect.poll(() => listed.getByTestId('row-fund-purpose').innerText()).toBe('Supplier payment');
      await pick(list, list.getByTestId('filter-fund-purpose'), 'Payroll');
      await list.getByTestId('filters-apply').click();
      await expect.poll(() => listed.count()).toBe(0);
      await pick(list, list.getByTestId('filter-fund-purpose'), 'Supplier payment');
      await list.getByTestId('filters-apply').click();
      await expect.poll(() => listed.count()).toBe(1);
      expect(new Set(await rows.getByTestId('row-fund-purpose').allInnerTexts())).toEqual(
        new Set(['Supplier payment']),
      );
      await screenshot(list, 'labels-transfer-list');
      await list.context().close();

      // The detail changes it and keeps the history.
      await page.getByTestId('fund-purpose-edit').click();
      await pick(page, purposeSelect(page, 'task-fund-purpose'), 'Payroll');
      await page.getByTestId('fund-purpose-save').click();
      await toastWith(page, 'The fund purpose was saved.');
      await expect.poll(() => page.getByTestId('task-fund-purpose').innerText()).toContain('Payroll');
      await page.getByTestId('fund-purpose-history').click();
      const history = await settledDialog(page, 'Fund-purpose history');
      await expect.poll(() => history.getByTestId('fund-purpose-record').count()).toBe(2);
      const records = await history.getByTestId('fund-purpose-record').allInnerTexts();
      expect(records[0]).toMatch(/changed it from Supplier payment to Payroll/);
      expect(records[1]).toMatch(/set it to Supplier payment/);
      await screenshot(page, 'labels-detail-history');
      await history.getByRole('button', { name: 'Close' }).click();
      await modalClosed(page);
      await dismissToasts(page);
      await pictures(page, 'labels-detail', page.getByTestId('task-fund-purpose'));
    },
  );
});
