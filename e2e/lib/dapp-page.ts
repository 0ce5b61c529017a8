import type { Page } from 'playwright-core';

/** On /dapp, chooses the Safe named `name` in the wallet picker (the Safe App form and WalletConnect use it). */
export async function chooseDappSafe(page: Page, name = 'Ops Safe'): Promise<void> {
  await page
    .locator('.ant-select')
    .filter({ has: page.locator('#dapp-wallet') })
    .click();
  await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
}
