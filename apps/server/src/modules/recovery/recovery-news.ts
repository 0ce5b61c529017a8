import { sql, type Kysely } from 'kysely';
import { SpaceRole } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Database, Wallet } from '../../db/schema';
import { notifyEach, type Recipients } from '../notifications/notification.service';
import { publicBaseUrl } from '../transfers/transfer-notify';

/** The wallet's owners (who hold its keys) and the space's admins, as one query of user ids. */
export const ownersAndAdmins = (trx: Kysely<Database>, wallet: Pick<Wallet, 'id' | 'organization_id'>) =>
  trx
    .selectFrom('wallet_signers')
    .select('user_id')
    .where('wallet_id', '=', wallet.id)
    .union(
      trx
        .selectFrom('organization_members')
        .select(sql<number>`user_id`.as('user_id'))
        .where('organization_id', '=', wallet.organization_id)
        .where('status', '=', 'joined')
        .where('role', 'in', [SpaceRole.Creator, SpaceRole.Admin]),
    );

/**
 * One notice about a wallet's recovery or inheritance to these people (notification centre and
 * mail), linking to the wallet's Recovery tab, in the caller's transaction.
 */
export async function tellAboutWallet(
  ctx: AppContext,
  trx: Kysely<Database>,
  wallet: Pick<Wallet, 'id' | 'organization_id' | 'name'>,
  people: Recipients,
  news: { title: string; body: string },
) {
  const link = `/wallet/detail/${wallet.id}?tab=recovery`;
  await notifyEach(
    trx,
    people,
    {
      organizationId: wallet.organization_id,
      category: 'message',
      topic: 'wallet',
      title: news.title,
      body: news.body,
      walletName: wallet.name,
      link,
      linkUrl: `${publicBaseUrl(ctx)}${link}`,
    },
    Boolean(ctx.config.SMTP_URL),
  );
}
