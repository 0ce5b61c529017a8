import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerAccount } from './accounts';
import type { ApiSession } from './api-session';
import { launchBrowser, newPage } from './browser';
import { addMember, createSpace, openInSpace, registerCreator } from './spaces';

type Person = { email: string; session: ApiSession };

/**
 * A space of three signers (its admin, Bob and Carol) and one browser for a describe block: the
 * weighted-wallet tests (Tron, XRP) build their wallets from nothing. Registers the setup and
 * teardown hooks; `open` signs a person into the space at a path, after `prepare` (e.g. a wallet
 * stand-in installed into the page).
 */
export function signerTeamInBrowser(spaceName: string) {
  let browser: Browser;
  let close: () => Promise<void>;
  const contexts: BrowserContext[] = [];
  const team = { admin: null as Person | null, bob: null as Person | null, carol: null as Person | null };
  let spaceId = 0;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    team.admin = await registerCreator();
    spaceId = (await createSpace(team.admin.session, spaceName)).organization_id;
    team.bob = await registerAccount();
    team.carol = await registerAccount();
    for (const member of [team.bob, team.carol]) await addMember(team.admin.session, member);
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await close();
  });

  const person = (who: Person | null) => {
    if (!who) throw new Error('the signer team is set up in beforeAll');
    return who;
  };
  return {
    get admin() {
      return person(team.admin);
    },
    get bob() {
      return person(team.bob);
    },
    get carol() {
      return person(team.carol);
    },
    async open(who: { session: ApiSession }, path: string, prepare?: (page: Page) => Promise<unknown>) {
      const { context, page } = await newPage(browser);
      contexts.push(context);
      await prepare?.(page);
      await openInSpace(page, who.session, spaceId, path);
      return page;
    },
  };
}
