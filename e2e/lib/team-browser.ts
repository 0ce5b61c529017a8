import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApiSession } from './api-session';
import { launchBrowser, newPage } from './browser';
import { openInSpace } from './spaces';
import { setupTransferTeam, type TransferTeam } from './transfers';

/**
 * One transfer team (space, Safe, people; lib/transfers.ts) and one browser for a describe block:
 * registers its setup and teardown hooks; `open` signs a person into the team's space at a path.
 */
export function teamInBrowser(setupMs = 120_000, browserArgs: () => string[] = () => []) {
  let browser: Browser;
  let close: () => Promise<void>;
  let team: TransferTeam | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser(browserArgs()));
    team = await setupTransferTeam();
  }, setupMs);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await close();
  });

  return {
    /** The team, once the setup hook has run. */
    get team(): TransferTeam {
      if (!team) throw new Error('the transfer team is set up in beforeAll');
      return team;
    },
    async open(who: { session: ApiSession }, path: string): Promise<Page> {
      const { context, page } = await newPage(browser);
      contexts.push(context);
      await openInSpace(page, who.session, this.team.spaceId, path);
      return page;
    },
  };
}
