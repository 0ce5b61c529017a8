import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { commandContext, type CommandContext } from '../../lib/command-context';
import { canOnWallet, type WalletRelation } from '../policy/policy';
import { WalletStatus } from './wallet-status';

export async function walletRelation(db: Db, walletId: number, userId: number): Promise<WalletRelation> {
  const [roles, signer] = await Promise.all([
    db
      .selectFrom('wallet_members')
      .select('role')
      .where('wallet_id', '=', walletId)
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('wallet_signers')
      .select('wallet_id')
      .where('wallet_id', '=', walletId)
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { roles: new Set(roles.map((row) => row.role)), isSigner: Boolean(signer) };
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
