import type { Insertable } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, SignerAddress } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { UserCommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { markCodeUsed } from '../auth/email-code.service';
import { consumeChallenge } from './challenge.service';
import {
  deleteSignerRow,
  hasOwnSigner,
  insertSigner,
  markSignerForDeletion,
  markSignerVerified,
  signerInUse,
} from './signer-repository';

const audit = (actor: UserCommandContext, operation: string, content: Record<string, unknown>) => ({
  organizationId: null,
  userId: actor.user.id,
  type: 'signer_address',
  operation,
  ip: actor.ip,
  content,
});

type NewSigner = Omit<Insertable<Database['signer_addresses']>, 'user_id'> & {
  family: 'EVM' | 'BTC' | 'TRX' | 'XRP' | 'SOL';
};

/** A new signer key of the user (pending until its challenge is signed); each key once per user. */
export async function addSigner(
  ctx: AppContext,
  actor: UserCommandContext,
  values: NewSigner,
  auditContent: Record<string, unknown>,
): Promise<SignerAddress> {
  if (await hasOwnSigner(ctx.db, actor.user.id, values.family, values.address))
    throw new AppError('RESOURCE_EXISTS_ERROR', { resource: 'address' });
  return ctx.db.transaction().execute(async (trx) => {
    const created = await insertSigner(trx, { ...values, user_id: actor.user.id });
    await writeAudit(trx, audit(actor, 'add', auditContent));
    return created;
  });
}

/** The challenge was signed with the key (checked by the caller for its family): verified. */
export async function markVerified(
  ctx: AppContext,
  actor: UserCommandContext,
  signer: SignerAddress,
  challengeId: number,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await consumeChallenge(trx, challengeId);
    await markSignerVerified(trx, signer.id);
    await writeAudit(trx, audit(actor, 'verify', { address: signer.address }));
  });
}

/** Deletes a key with an e-mail code; a key live wallets still use is only marked for deletion. */
export async function removeSigner(
  ctx: AppContext,
  actor: UserCommandContext,
  signer: SignerAddress,
  emailCodeId: number,
): Promise<'deleted' | 'pending_deletion'> {
  return ctx.db.transaction().execute(async (trx) => {
    await markCodeUsed(trx, emailCodeId);
    const inUse = await signerInUse(trx, signer.id);
    if (inUse) await markSignerForDeletion(trx, signer.id);
    else await deleteSignerRow(trx, signer.id);
    await writeAudit(trx, audit(actor, inUse ? 'mark_for_deletion' : 'delete', { address: signer.address }));
    return inUse ? 'pending_deletion' : 'deleted';
  });
}
