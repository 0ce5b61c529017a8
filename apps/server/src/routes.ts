import type { AppInstance } from './app';
import type { AppContext } from './context';
import { devMailboxRoutes } from './modules/dev-mailbox/mailbox.routes';
import { healthRoutes } from './modules/health/health.routes';
import { languageListRoutes, webConfigRoutes } from './modules/web-config/web-config.routes';

/** The API's bases (§7): v1 under /api/v1, web-config under /api/web/v2, exchange v4 under /api/web/v4. */
export async function registerApiRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  await app.register(
    async (v1) => {
      await healthRoutes(v1 as AppInstance, ctx);
      await languageListRoutes(v1 as AppInstance);
    },
    { prefix: '/api/v1' },
  );
  await app.register(async (v2) => webConfigRoutes(v2 as AppInstance, ctx), { prefix: '/api/web/v2' });
  if (!ctx.config.isProduction) {
    await app.register(async (dev) => devMailboxRoutes(dev as AppInstance, ctx));
  }
}
