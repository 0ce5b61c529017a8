import { sql } from 'kysely';
import { PaymentAddressStatus, PLANS, type PaymentSetting } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { Wallet } from '../../db/schema';
import { LockNamespace } from '../../jobs/lock-ids';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { withEmailCode } from '../auth/email-code.service';
import { effectivePlan, featureList } from '../spaces/space-presenter';
import { familyOf } from '../transfers/transfer-family';
import { loadWalletFor } from '../wallets/wallet-access';
import { EVM_PAYMENT_FAMILY, findPaymentAddress, insertPaymentAddress } from './evm-payment-keys';

/** Payment addresses are a paid-plan feature (the space's feature list says "payment"). */
function assertPaymentEnabled(actor: CommandContext): void {
  if (!featureList(actor.organization).includes('payment')) throw new AppError('PAYMENT_DISABLED_ERROR');
}

/** A wallet of the actor's space that can have a payment address: EVM families only. */
async function paymentWallet(ctx: AppContext, actor: CommandContext, walletId: number): Promise<Wallet> {
  const { wallet } = await loadWalletFor(ctx.db, actor, walletId);
  if (!familyOf(ctx, wallet.chain_key).prepareNativeSend) throw new AppError('PAYMENT_EVM_ONLY_ERROR');
  return wallet;
}

/** Runs a payment setting change whose e-mail code is used up in the same transaction. */
const withCode = <T>(
  ctx: AppContext,
  actor: CommandContext,
  purpose: string,
  code: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> => withEmailCode(ctx, actor.user.email, purpose, code, work);

/** POST /wallets/payment/generate: a new EVM payment address, within the plan's number. */
export async function generatePaymentAddress(
  ctx: AppContext,
  actor: CommandContext,
  input: { name: string; email_code: string },
): Promise<{ id: number; address: string }> {
  assertPaymentEnabled(actor);
  const organizationId = actor.organization.id;
  return withCode(ctx, actor, 'payment_add', input.email_code, async (trx) => {
    await sql`select pg_advisory_xact_lock(${LockNamespace.SpacePaymentAddresses}, ${organizationId}::int)`.execute(
      trx,
    );
    const max = PLANS[effectivePlan(actor.organization)].paymentAddresses;
    const held = await trx
      .selectFrom('fee_payers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('family', '=', EVM_PAYMENT_FAMILY)
      .where('status', '=', PaymentAddressStatus.Active)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= max) throw new AppError('LIMIT_PAYMENT_ADDRESSES_ERROR', { max }, { max });
    const created = await insertPaymentAddress(ctx, trx, organizationId, input.name);
    await writeAudit(trx, {
      organizationId,
      userId: actor.user.id,
      type: 'payment',
      operation: 'payment_address_create',
      ip: actor.ip,
      content: { id: created.id, name: input.name, address: created.address },
    });
    return created;
  });
}

/** POST /wallets/payment/switch: turns a wallet's payment switch on (paid plans) or off. */
export async function switchPayment(
  ctx: AppContext,
  actor: CommandContext,
  input: { wallet_id: number; open: boolean; email_code: string },
): Promise<void> {
  if (input.open) assertPaymentEnabled(actor);
  const wallet = await paymentWallet(ctx, actor, input.wallet_id);
  await withCode(ctx, actor, input.open ? 'payment_open' : 'payment_close', input.email_code, async (trx) => {
    await trx.updateTable('wallets').set({ payment_on: input.open }).where('id', '=', wallet.id).execute();
    await writeAudit(trx, {
      organizationId: wallet.organization_id,
      userId: actor.user.id,
      type: 'wallet',
      operation: input.open ? 'payment_open' : 'payment_close',
      ip: actor.ip,
      content: { wallet_id: wallet.id },
    });
  });
}

/** POST /wallets/payment/binding: binds the wallet to a payment address of its space, or unbinds it. */
export async function bindPayment(
  ctx: AppContext,
  actor: CommandContext,
  input: { wallet_id: number; payment_address_id: number | null; email_code: string },
): Promise<void> {
  const wallet = await paymentWallet(ctx, actor, input.wallet_id);
  const target = input.payment_address_id;
  if (target !== null) {
    assertPaymentEnabled(actor);
    // Another space's address reads as not found, never as someone else's.
    if (!(await findPaymentAddress(ctx.db, wallet.organization_id, target)))
      throw new AppError('ADDRESS_NOT_FOUND_ERROR');
  }
  const purpose = target === null ? 'payment_unbind' : 'payment_bind';
  await withCode(ctx, actor, purpose, input.email_code, async (trx) => {
    await trx
      .updateTable('wallets')
      .set({ payment_address_id: target })
      .where('id', '=', wallet.id)
      .execute();
    await writeAudit(trx, {
      organizationId: wallet.organization_id,
      userId: actor.user.id,
      type: 'wallet',
      operation: purpose,
      ip: actor.ip,
      content: { wallet_id: wallet.id, payment_address_id: target, before: wallet.payment_address_id },
    });
  });
}

/** GET /wallets/payment/changeable: the wallet's payment setting and the addresses it may bind. */
export async function paymentSetting(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
): Promise<PaymentSetting> {
  const { wallet } = await loadWalletFor(ctx.db, actor, walletId);
  const evm = Boolean(familyOf(ctx, wallet.chain_key).prepareNativeSend);
  const choices = evm
    ? await ctx.db
        .selectFrom('fee_payers')
        .select(['id', 'name', 'address'])
        .where('organization_id', '=', wallet.organization_id)
        .where('family', '=', EVM_PAYMENT_FAMILY)
        .where('status', '=', PaymentAddressStatus.Active)
        .orderBy('id')
        .execute()
    : [];
  return {
    wallet_id: wallet.id,
    evm,
    payment_on: wallet.payment_on,
    payment_address: choices.find((c) => c.id === wallet.payment_address_id) ?? null,
    choices,
  };
}
