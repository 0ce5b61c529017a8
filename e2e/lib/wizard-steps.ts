/// <reference lib="dom" />
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiSession } from './api-session';
import { waitFor } from './transfers';
import { dialog, toastWith } from './wallets';

/** On /permission-address: opens "Add a signer address", names it and picks the family; the dialog. */
export async function openAddSigner(page: Page, name: string, family: string) {
  await page.getByTestId('permission-address-page').waitFor();
  await page.getByTestId('signer-add').click();
  const add = dialog(page, 'Add a signer address');
  await add.locator('#signer-name').fill(name);
  await add
    .locator('.ant-select')
    .filter({ has: page.locator('#signer-family') })
    .click();
  await page.locator('.ant-select-item-option').filter({ hasText: family }).click();
  return add;
}

/** The wallet wizard from its start: multi-signature, the name and the chain, on to the signers. */
export async function walletBaseInfo(page: Page, name: string, chain: string): Promise<void> {
  await page.getByTestId('wallet-type-multi').click();
  await page.locator('#wallet-name').fill(name);
  await page
    .locator('.ant-select')
    .filter({ has: page.locator('#wallet-chain') })
    .click();
  await page.locator('.ant-select-item-option').filter({ hasText: chain }).click();
  await page.getByTestId('wizard-next').click();
}

/** The weighted signers step (Tron, XRP): each key's signer option ticked with its weight, and the threshold. */
export async function chooseWeightedSigners(
  page: Page,
  weights: Array<[{ address: string }, string]>,
  threshold: string,
): Promise<void> {
  for (const [key, weight] of weights) {
    const row = page.getByTestId(`signer-option-${key.address}`);
    await row.getByRole('checkbox').check();
    await row.locator('.ant-input-number-input').fill(weight);
  }
  await page.locator('#wallet-threshold').fill(threshold);
}

/** The wallet wizard's People step: `email` approves (1 of 1); on to Review. */
export async function chooseApproverAndReview(page: Page, email: string): Promise<void> {
  await page.getByTestId('wizard-step-roles').waitFor();
  await page.getByTestId('wallet-approvers').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: email })
    .click();
  await page.keyboard.press('Escape');
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wallet-review').waitFor();
}

/** The wallet's address, as its page shows it. */
export const walletAddressOf = async (session: ApiSession, walletId: number) =>
  (await session.call<{ address: string }>('GET', `/api/v1/wallets/base-info?wallet_id=${walletId}`)).address;

/** Waits until the wallet's assets (refreshed from the chain) hold at least `min` of `symbol`. */
export async function waitForBalance(session: ApiSession, walletId: number, symbol: string, min: number) {
  await waitFor(
    `the ${symbol} balance`,
    async () => {
      await session
        .call('POST', '/api/v1/wallets/refresh-balance', { wallet_id: walletId })
        .catch(() => undefined);
      return session.call<{ detail: Array<{ symbol: string; amount: string }> }>(
        'GET',
        `/api/v1/wallets/asset-info?wallet_id=${walletId}`,
      );
    },
    (assets) => assets.detail.some((line) => line.symbol === symbol && Number(line.amount) >= min),
  );
}

/** The transfer wizard: the wallet, then the asset on the info step. */
export async function startTransfer(page: Page, walletId: number, asset: string | RegExp): Promise<void> {
  await page.getByTestId(`transfer-wallet-${walletId}`).click();
  await page.getByTestId('transfer-next').click();
  await page
    .locator('.ant-select')
    .filter({ has: page.locator('#transfer-asset') })
    .click();
  await page.locator('.ant-select-item-option').filter({ hasText: asset }).click();
}

/** From the info step through the people step to the review. */
export async function infoToReview(page: Page): Promise<void> {
  await page.getByTestId('transfer-next').click();
  await page.getByTestId('transfer-people').waitFor();
  await page.getByTestId('transfer-next').click();
  await page.getByTestId('transfer-review').waitFor();
}

/**
 * Creates the reviewed transfer and, on its page, approves it as its approver: the signing window
 * opens on the family's sign card (`card`), about 24 h. Returns the task's path.
 */
export async function createAndApprove(page: Page, card: string): Promise<string> {
  await page.getByTestId('transfer-create').click();
  await page.waitForURL((url) => /^\/task\/\d+$/.test(url.pathname));
  await page.getByTestId('approval-form').waitFor();
  await page.getByTestId('approve').click();
  await toastWith(page, 'You approved the transfer.');
  await expect
    .poll(() => page.getByTestId(card).getByTestId('signing-countdown').innerText())
    .toMatch(/^2[34] h \d+ min \d+ s left to sign$/);
  return new URL(page.url()).pathname;
}
