/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';

/**
 * antd's open and close motions (rc-motion) put `…-appear`, `…-enter` or `…-leave` classes (with
 * `-prepare`/`-start`/`-active`) on the moving element and take them off when its transition ends.
 * Waiting for those classes to go waits for one transition that ends; it is not "every animation
 * on the page" (spinners and skeletons animate for ever).
 */
const MOTION_CLASS = '-(appear|enter|leave)(-(prepare|start|active))?$';

/** The overlays whose opening or closing a screenshot should not catch half-way. */
const OVERLAYS = [
  '.ant-modal',
  '.ant-modal-mask',
  '.ant-drawer-content-wrapper',
  '.ant-drawer-mask',
  '.ant-dropdown',
  '.ant-select-dropdown',
  '.ant-picker-dropdown',
  '.ant-popover',
  '.ant-notification-notice-wrapper',
  '.ant-message-notice-wrapper',
].join(', ');

const LIMIT_MS = 5_000;

/** Waits until the element (or a wrapper around it) has finished antd's open or close motion. */
export async function motionDone(locator: Locator): Promise<void> {
  const target = locator.first();
  await target.waitFor();
  await target.evaluate(
    async (element, { source, limit }) => {
      const motion = new RegExp(source);
      const moving = () => {
        for (let node: Element | null = element; node; node = node.parentElement)
          if (Array.from(node.classList).some((name) => motion.test(name))) return true;
        return false;
      };
      const deadline = performance.now() + limit;
      while (moving()) {
        if (performance.now() > deadline) throw new Error(`still moving: ${element.className}`);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    },
    { source: MOTION_CLASS, limit: LIMIT_MS },
  );
}

/**
 * Waits until no modal, drawer, dropdown, popover or toast is opening or closing (each of them
 * ends its motion; what else animates on the page is not looked at).
 */
export async function overlaysAtRest(page: Page): Promise<void> {
  await page.evaluate(
    async ({ source, selector, limit }) => {
      const motion = new RegExp(source);
      const moving = () =>
        Array.from(document.querySelectorAll(selector)).some((element) =>
          Array.from(element.classList).some((name) => motion.test(name)),
        );
      const deadline = performance.now() + limit;
      while (moving()) {
        if (performance.now() > deadline) throw new Error('an overlay is still opening or closing');
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    },
    { source: MOTION_CLASS, selector: OVERLAYS, limit: LIMIT_MS },
  );
}

/** Waits until no modal (dialog) is open: every wrapper is hidden (after its close motion) or gone. */
export async function modalClosed(page: Page): Promise<void> {
  await page.locator('.ant-modal-wrap:visible').first().waitFor({ state: 'detached' });
}

/** Waits until no drawer (the narrow screen's menu, the notification centre) is open or closing. */
export async function drawerClosed(page: Page): Promise<void> {
  await page.locator('.ant-drawer-content-wrapper:visible').first().waitFor({ state: 'detached' });
}

/**
 * Resizes the page and waits until the main layout has followed: the sidebar shows from 992 px
 * (antd's lg) and gives way to a drawer below; antd re-renders on the media query's change,
 * after the resize. Pages outside the main layout (no menu button) have nothing to wait for.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  if ((await page.getByTestId('menu-toggle').count()) === 0) return;
  await page.getByTestId('sidebar').waitFor({ state: size.width >= 992 ? 'visible' : 'detached' });
}
