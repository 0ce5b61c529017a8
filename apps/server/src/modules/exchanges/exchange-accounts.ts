import { MAX_EXCHANGE_VIEWERS, type addExchangeBody } from '@keystead/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { sha256Hex } from '../../lib/crypto';
import { writeAudit } from '../audit/audit.service';
import { deleteWalletRow, insertWalletRow, lockSpaceWallets } from '../wallets/wallet-repository';
import { SignType, WalletStatus } from '../wallets/wallet-status';
import { checkedInputHash } from './exchange-check';
import {
  insertExchangeAccount,
  joinedMembers,
  keyInUse,
  useCheck,
  type ExchangeAccount,
} from './exchange-repository';
import { assertExchangeAllowed } from './exchange-rules';
import { apiKeyHint, keyFingerprint, sealCredentials } from './exchange-secrets';
import { exchangeSpec } from './exchange-table';

type AddInput = z.infer<typeof addExchangeBody>;

/** The wallets row of an exchange account: sign_type 3, no address, its chain key names the exchange. */
export const exchangeChainKey = (exchangeId: string) => `exchange:${exchangeId}`;

/**
 * Adds an exchange account (POST /v4/wallets/exchange): only with a passed connectivity check of
 * the same input by the same user (its token, used once), within the space's limits, the key not
 * added yet, viewers joined members (at most 5). The credentials are sealed (envelope encryption)
 * before they reach the database; the audit row names the exchange, never the key.
 */
export async function addExchangeAccount(ctx: AppContext, actor: CommandContext, input: AddInput) {
  const { organization, user } = actor;
  const spec = exchangeSpec(input.exchange);
  if (!spec) throw new AppError('EXCHANGE_UNSUPPORTED_ERROR');
  const viewers = [...new Set(input.viewers)];
  if (viewers.length > MAX_EXCHANGE_VIEWERS)
    throw new AppError('EXCHANGE_VIEWERS_LIMIT_ERROR', { max: MAX_EXCHANGE_VIEWERS });
  const joined = await joinedMembers(ctx.db, organization.id, viewers);
  if (viewers.some((id) => !joined.has(id))) throw new AppError('MEMBER_NOT_FOUND_ERROR');
  const fingerprint = keyFingerprint(spec.id, input.api_key);
  const sealed = sealCredentials(ctx.config, {
    apiKey: input.api_key,
    secret: input.secret,
    ...(input.passphrase ? { passphrase: input.passphrase } : {}),
  });
  return ctx.db.transaction().execute(async (trx) => {
    await lockSpaceWallets(trx, organization.id);
    const check = await useCheck(trx, {
      organizationId: organization.id,
      userId: user.id,
      tokenHash: sha256Hex(input.check_token),
      inputHash: checkedInputHash(ctx, input),
    });
    if (!check) throw new AppError('EXCHANGE_CONNECT_TEST_REQUIRED_ERROR');
    await assertExchangeAllowed(trx, organization);
    if (await keyInUse(trx, fingerprint)) throw new AppError('EXCHANGE_API_EXISTS_ERROR');
    const wallet = await insertWalletRow(trx, {
      organization_id: organization.id,
      chain_key: exchangeChainKey(spec.id),
      sign_type: SignType.Exchange,
      name: input.name,
      remark: input.remark || null,
      address: null,
      status: WalletStatus.Normal,
      threshold: 1,
      created_by: user.id,
    });
    if (viewers.length > 0)
      await trx
        .insertInto('wallet_members')
        .values(viewers.map((userId) => ({ wallet_id: wallet.id, user_id: userId, role: 'viewer' as const })))
        .execute();
    await insertExchangeAccount(trx, {
      wallet_id: wallet.id,
      organization_id: organization.id,
      exchange_id: spec.id,
      api_key_type: check.api_key_type,
      account_mode: check.account_mode === 'unified' ? 'unified' : 'classic',
      ip_whitelist: input.ip_whitelist,
      key_fingerprint: fingerprint,
      api_key_hint: apiKeyHint(input.api_key),
      ...sealed,
      created_by: user.id,
    });
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'wallet',
      operation: 'exchange_add',
      ip: actor.ip,
      content: { wallet_id: wallet.id, exchange: spec.id, api_key_type: check.api_key_type, viewers },
    });
    return wallet;
  });
}

/** Removes an exchange account: its wallet row goes, the sealed credentials and viewers with it. */
export async function deleteExchangeAccount(
  ctx: AppContext,
  actor: CommandContext,
  account: Pick<ExchangeAccount, 'wallet_id' | 'name' | 'exchange_id'>,
) {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteWalletRow(trx, account.wallet_id);
    await writeAudit(trx, {
      organizationId: actor.organization.id,
      userId: actor.user.id,
      type: 'wallet',
      operation: 'exchange_delete',
      ip: actor.ip,
      content: { wallet_id: account.wallet_id, name: account.name, exchange: account.exchange_id },
    });
  });
}
