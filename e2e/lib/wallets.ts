import type { Page } from 'playwright-core';
import { VIEWPORTS, screenshot } from './browser';
import { motionDone, resizeTo } from './motion';
import type { InjectedWallet } from './wallet-provider';

/** Screenshots at 1280×800 and 390×844 of what the page shows now; ends back at 1280×800. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-desktop`);
  await resizeTo(page, VIEWPORTS.mobile);
  await screenshot(page, `${name}-mobile`);
  await resizeTo(page, VIEWPORTS.desktop);
}

/** Waits for a toast with this text (other toasts, e.g. live notifications, may show too). */
export async function toastWith(page: Page, text: string): Promise<void> {
  await page.locator('.ant-notification-notice').filter({ hasText: text }).first().waitFor();
}

/** The dialog whose title is `title`. */
export const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });

/**
 * The dialog once its opening motion has ended: a click on a dialog still zooming in may land
 * beside the button it aimed at on a loaded machine.
 */
export async function settledDialog(page: Page, title: string) {
  const opened = dialog(page, title);
  await motionDone(opened);
  return opened;
}

/**
 * Adds the injected wallet's address on /permission-address ("use connected wallet") and
 * verifies it by signing the challenge; the page must already show /permission-address.
 */
export async function addAndVerifySigner(page: Page, wallet: InjectedWallet, name: string): Promise<void> {
  await page.getByTestId('signer-add').click();
  const add = dialog(page, 'Add a signer address');
  await add.locator('#signer-name').fill(name);
  await add.getByTestId('signer-use-connected').click();
  await add.getByTestId('connector-connect').click();
  await add
    .locator('#signer-address')
    .and(page.locator(`[value="${wallet.address}"]`))
    .waitFor();
  await add.getByTestId('signer-add-submit').click();
  const verify = await settledDialog(page, 'Verify the signer address');
  await verify.getByTestId('connector-connect').click();
  await verify.getByTestId('connected-account').waitFor();
  await verify.getByTestId('signer-verify-submit').click();
  await verify.waitFor({ state: 'hidden' });
}
