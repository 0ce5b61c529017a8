import type { AppContext } from '../../context';
import { refreshRecovery } from './recovery-refresh';
import { recoveriesToWatch } from './recovery-repository';

/**
 * The recovery watcher (a claimed job): every recovery set up or being set up is read on chain,
 * so a recovery queued from outside the platform is announced as surely as one queued here.
 * One wallet's unreadable chain does not hold up the others.
 */
export async function watchRecoveries(ctx: AppContext): Promise<void> {
  for (const { wallet_id } of await recoveriesToWatch(ctx.db)) {
    await refreshRecovery(ctx, wallet_id).catch((error: unknown) =>
      ctx.log.warn({ err: error, wallet_id }, 'recovery refresh failed'),
    );
  }
}
