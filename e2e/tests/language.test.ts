/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../lib/browser';

const LOGIN_TITLE = { 'en-US': 'Log in', 'zh-CN': '登录', 'zh-HK': '登入' } as const;

async function title(page: Page): Promise<string> {
  return (await page.locator('.ks-auth-title').innerText()).trim();
}

describe('language rules (§4 Language)', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => ({ browser, close } = await launchBrowser()));
  afterAll(async () => close());

  async function fresh(stored?: string): Promise<Page> {
    const { page } = await newPage(browser);
    if (stored) await page.addInitScript((value) => localStorage.setItem('ks.language', value), stored);
    return page;
  }

  it('defaults to en-US', async () => {
    const page = await fresh();
    await page.goto('/login');
    expect(await title(page)).toBe(LOGIN_TITLE['en-US']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.context().close();
  });

  it('?lang=zh-CN wins over the stored language', async () => {
    const page = await fresh('zh-HK');
    await page.goto('/login?lang=zh-CN');
    expect(await title(page)).toBe(LOGIN_TITLE['zh-CN']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.context().close();
  });

  it('uses the stored language when the address names none', async () => {
    const page = await fresh('zh-HK');
    await page.goto('/login');
    expect(await title(page)).toBe(LOGIN_TITLE['zh-HK']);
    await page.context().close();
  });

  it('falls back to en-US for an unsupported ?lang', async () => {
    const page = await fresh();
    await page.goto('/login?lang=fr-FR');
    expect(await title(page)).toBe(LOGIN_TITLE['en-US']);
    await page.context().close();
  });

  it('the dropdown switches between all three languages and remembers the choice', async () => {
    const page = await fresh();
    await page.goto('/login');
    for (const language of ['zh-CN', 'zh-HK', 'en-US'] as const) {
      await page.getByTestId('language-dropdown').click();
      await page.locator(`[data-lang="${language}"]`).click();
      await page.waitForFunction((expected) => document.documentElement.lang === expected, language);
      expect(await title(page)).toBe(LOGIN_TITLE[language]);
      expect(await page.evaluate(() => localStorage.getItem('ks.language'))).toBe(language);
    }
    await page.context().close();
  });
});
