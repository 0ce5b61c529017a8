import { createHmac } from 'node:crypto';
import { newSeed, seedSigner, type FeePayer } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { decryptSecret, encryptSecret } from '../../lib/crypto';

/**
 * The platform-held fee payer of a space (Solana fee sponsoring): the one place the server holds
 * a key. Its 32-byte ed25519 seed is sealed under PAYMENT_MASTER_KEY at rest, opened only to sign,
 * and never returned, logged or put in an error.
 */
const FAMILY = 'SOL';

/** The space's fee-payer address, created (and sealed) the first time it is needed. */
export async function feePayerAddress(ctx: AppContext, trx: Db, organizationId: number): Promise<string> {
  const existing = await trx
    .selectFrom('fee_payers')
    .select('address')
    .where('organization_id', '=', organizationId)
    .where('family', '=', FAMILY)
    .executeTakeFirst();
  if (existing) return existing.address;
  const seed = newSeed();
  const { address } = seedSigner(seed);
  await trx
    .insertInto('fee_payers')
    .values({
      organization_id: organizationId,
      family: FAMILY,
      address,
      secret_sealed: encryptSecret(ctx.config.paymentMasterKey, Buffer.from(seed).toString('base64')),
    })
    .onConflict((oc) => oc.column('organization_id').where('family', '=', FAMILY).doNothing())
    .execute();
  // A concurrent first use may have won: the stored one is the space's.
  return (
    await trx
      .selectFrom('fee_payers')
      .select('address')
      .where('organization_id', '=', organizationId)
      .where('family', '=', FAMILY)
      .executeTakeFirstOrThrow()
  ).address;
}

async function seedOf(ctx: AppContext, organizationId: number, db: Db = ctx.db): Promise<Uint8Array | null> {
  const row = await db
    .selectFrom('fee_payers')
    .select('secret_sealed')
    .where('organization_id', '=', organizationId)
    .where('family', '=', FAMILY)
    .executeTakeFirst();
  return row ? Buffer.from(decryptSecret(ctx.config.paymentMasterKey, row.secret_sealed), 'base64') : null;
}

/** The space's fee payer as a signer, or null before it exists. */
export async function feePayerSigner(ctx: AppContext, organizationId: number): Promise<FeePayer | null> {
  const seed = await seedOf(ctx, organizationId);
  return seed ? seedSigner(seed) : null;
}

/**
 * A wallet's one-off create key (it only seeds the Squads multisig's address): derived from the
 * fee payer's seed and the wallet's salt, so nothing more is stored and it can sign again later.
 */
export async function createKeySigner(
  ctx: AppContext,
  organizationId: number,
  salt: string,
  db: Db = ctx.db,
): Promise<FeePayer | null> {
  const seed = await seedOf(ctx, organizationId, db);
  if (!seed) return null;
  const derived = createHmac('sha256', Buffer.from(seed)).update(`squads-create-key:${salt}`).digest();
  return seedSigner(new Uint8Array(derived));
}

/** What a fee-sponsored wallet's setup needs: the space's fee payer (created when missing) and the wallet's create key. */
export async function walletSponsor(
  ctx: AppContext,
  trx: Db,
  organizationId: number,
  salt: string,
): Promise<{ feePayer: string; createKey: string }> {
  const feePayer = await feePayerAddress(ctx, trx, organizationId);
  const createKey = await createKeySigner(ctx, organizationId, salt, trx);
  return { feePayer, createKey: createKey!.address };
}
