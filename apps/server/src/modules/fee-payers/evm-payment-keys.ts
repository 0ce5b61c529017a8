import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { PaymentAddressStatus } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { Wallet } from '../../db/schema';
import { decryptSecret, encryptSecret } from '../../lib/crypto';

/**
 * EVM payment addresses: platform-held keys that send and pay for the executions of the wallets
 * bound to them (and refund what is left). One key serves every EVM chain. The private key is
 * generated here, sealed under PAYMENT_MASTER_KEY at once, opened only to sign, and never
 * returned, logged or put in an error.
 */
export const EVM_PAYMENT_FAMILY = 'EVM';

export interface PaymentAddressRef {
  id: number;
  organizationId: number;
  name: string | null;
  address: string;
}

/** Generates and stores a new payment address of the space (the caller checks the plan's limit). */
export async function insertPaymentAddress(
  ctx: AppContext,
  trx: Db,
  organizationId: number,
  name: string,
): Promise<{ id: number; address: string }> {
  const key = generatePrivateKey();
  const { address } = privateKeyToAccount(key);
  return trx
    .insertInto('fee_payers')
    .values({
      organization_id: organizationId,
      family: EVM_PAYMENT_FAMILY,
      address,
      name,
      secret_sealed: encryptSecret(ctx.config.paymentMasterKey, key),
    })
    .returning(['id', 'address'])
    .executeTakeFirstOrThrow();
}

/** The space's active payment address of that id, or null (another space's is never found). */
export async function findPaymentAddress(
  db: Db,
  organizationId: number,
  id: number,
): Promise<PaymentAddressRef | null> {
  const row = await db
    .selectFrom('fee_payers')
    .select(['id', 'organization_id', 'name', 'address'])
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('family', '=', EVM_PAYMENT_FAMILY)
    .where('status', '=', PaymentAddressStatus.Active)
    .executeTakeFirst();
  return row
    ? { id: row.id, organizationId: row.organization_id, name: row.name, address: row.address }
    : null;
}

/** The payment address that sends a wallet's executions: switch on and one bound, else null. */
export async function walletSponsor(db: Db, wallet: Wallet): Promise<PaymentAddressRef | null> {
  if (!wallet.payment_on || wallet.payment_address_id === null) return null;
  return findPaymentAddress(db, wallet.organization_id, wallet.payment_address_id);
}

/** The payment address's key as a signing account, opened for one send. */
export async function paymentAccount(ctx: AppContext, payer: PaymentAddressRef): Promise<PrivateKeyAccount> {
  const row = await ctx.db
    .selectFrom('fee_payers')
    .select('secret_sealed')
    .where('id', '=', payer.id)
    .executeTakeFirstOrThrow();
  return privateKeyToAccount(decryptSecret(ctx.config.paymentMasterKey, row.secret_sealed) as Hex);
}
