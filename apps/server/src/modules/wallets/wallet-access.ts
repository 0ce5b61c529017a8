import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { commandContext, type CommandContext } from '../../lib/command-context';
import { canOnWallet, type WalletRelation } from '../policy/policy';
import { WalletStatus } from './wallet-status';

const roleList = (walletId: number, userId: number) =>
  sql<
    string[]
  >`array(select role::text from wallet_members where wallet_id = ${walletId} and user_id = ${userId})`;

/** The user's roles on the wallet and whether they sign for it, in one statement (read on every wallet step). */
export async function walletRelation(db: Db, walletId: number, userId: number): Promise<WalletRelation> {
  const row = await db
    .selectNoFrom((eb) => [
      roleList(walletId, userId).as('roles'),
      eb
        .exists(
          eb
            .selectFrom('wallet_signers')
            .select('wallet_id')
            .where('wallet_id', '=', walletId)
            .where('user_id', '=', userId),
        )
        .as('is_signer'),
    ])
    .executeTakeFirstOrThrow();
  return { roles: new Set(row.roles), isSigner: Boolean(row.is_signer) };
}

/**
 * The wallet a request names, only when it belongs to the request's space and the user may see
 * it. Any other wallet id reads as "not found", never as "forbidden".
 */
export async function loadWallet(
  db: Db,
  request: FastifyRequest,
  walletId: number,
  options: { allowArchived?: boolean } = {},
): Promise<{ wallet: Wallet; relation: WalletRelation }> {
  return loadWalletFor(db, commandContext(request), walletId, options);
}

/** loadWallet for a command's context. */
export async function loadWalletFor(
  db: Db,
  { organization, member, user }: Pick<CommandContext, 'organization' | 'member' | 'user'>,
  walletId: number,
  options: { allowArchived?: boolean } = {},
): Promise<{ wallet: Wallet; relation: WalletRelation }> {
  const wallet = await db
    .selectFrom('wallets')
    .selectAll()
    .where('id', '=', walletId)
    .where('organization_id', '=', organization.id)
    .executeTakeFirst();
  if (!wallet) throw new AppError('WALLET_NOT_FOUND_ERROR');
  const relation = await walletRelation(db, wallet.id, user.id);
  const decision = canOnWallet(member.role, relation, 'view');
  if (!decision.allowed) throw new AppError(decision.code!);
  if (!options.allowArchived && wallet.status === WalletStatus.Archived)
    throw new AppError('WALLET_ARCHIVED_ERROR');
  return { wallet, relation };
}
