import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import {
  addPartialSignatures,
  bitcoinNetwork,
  partialSignatures,
  readPsbt,
  type BitcoinChainKey,
  type PartialSignature,
  type SignerKey,
} from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { notify } from '../notifications/notification.service';
import { taskNumber } from '../transfers/transfer-create';
import { lockTask } from '../transfers/transfer-steps';
import { TransferStatus } from '../transfers/transfer-status';
import { mapped } from './utxo-errors';
import { multisigOf } from './utxo-wallet';

/** Wallet key of every public key in the PSBT's inputs (by each input's BIP-32 origin). */
function keysByPubkey(psbtBase64: string, wallet: Wallet): Map<string, SignerKey> {
  const chain = wallet.chain_key as BitcoinChainKey;
  const keys = multisigOf(wallet).keys;
  const psbt = readPsbt(psbtBase64, bitcoinNetwork(chain));
  const map = new Map<string, SignerKey>();
  for (const input of psbt.data.inputs) {
    for (const d of input.bip32Derivation ?? []) {
      const fingerprint = Buffer.from(d.masterFingerprint).toString('hex');
      const path = d.path.replace(/h/g, "'");
      const match = keys.find((k) => k.fingerprint === fingerprint && path.startsWith(`${k.path}/`));
      if (match) map.set(Buffer.from(d.pubkey).toString('hex'), match);
    }
  }
  return map;
}

/**
 * Takes a PSBT a signer sent back (Electrum, Sparrow, a hardware wallet, the devnet signer). It
 * must be the task's transaction; every NEW partial signature is verified against its public key
 * and the input's BIP-143 digest before it is kept; each signing key must be one of this user's
 * keys on the wallet and must sign every input. Distinct keys are counted; at m the task is 5.
 */
export async function signUtxoTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  loaded: { task: Task; wallet: Wallet },
  psbtBase64: string,
) {
  const { user } = requireUser(request);
  const { task, wallet } = loaded;
  const chain = wallet.chain_key as BitcoinChainKey;
  if (!task.psbt) throw new AppError('TASK_STATUS_ERROR');
  const network = bitcoinNetwork(chain);
  const submitted = await mapped(() => readPsbt(psbtBase64, network), 'psbt');
  const base = readPsbt(task.psbt, network);
  if (submitted.txInputs.length !== base.txInputs.length || unsignedId(submitted) !== unsignedId(base))
    throw new AppError('TASK_DATA_CHANGED_ERROR');
  const incoming = await mapped(() => partialSignatures(psbtBase64, chain));
  if (incoming.length === 0) throw new AppError('SIGNATURE_EMPTY_ERROR');

  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    const present = new Set(partialSignatures(locked.psbt!, chain).map((s) => `${s.inputIndex}:${s.pubkey}`));
    const fresh = incoming.filter((s) => !present.has(`${s.inputIndex}:${s.pubkey}`));
    // Every signature is one already counted: a duplicate whatever the status now.
    if (fresh.length === 0) throw new AppError('SIGNATURE_DUPLICATE_ERROR');
    if (locked.status !== TransferStatus.PendingSignature) throw new AppError('SIGNATURE_TASK_STATUS_ERROR');
    const merged = await mapped(() => addPartialSignatures(locked.psbt!, chain, fresh));
    // Group by wallet key; each must be the user's and cover every input.
    const owners = keysByPubkey(locked.psbt!, wallet);
    const byKey = new Map<string, { key: SignerKey; sigs: PartialSignature[] }>();
    for (const sig of fresh) {
      const key = owners.get(sig.pubkey);
      if (!key) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      const group = byKey.get(key.xpub) ?? { key, sigs: [] };
      group.sigs.push(sig);
      byKey.set(key.xpub, group);
    }
    const inputCount = readPsbt(merged, network).txInputs.length;
    const signersOfUser = await trx
      .selectFrom('wallet_signers')
      .select(['address', 'user_id'])
      .where('wallet_id', '=', wallet.id)
      .execute();
    for (const { key } of byKey.values()) {
      const owner = signersOfUser.find((s) => s.address === key.xpub);
      if (!owner || owner.user_id !== user.id) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      const inputs = new Set(
        partialSignatures(merged, chain)
          .filter((s) => owners.get(s.pubkey)?.xpub === key.xpub)
          .map((s) => s.inputIndex),
      );
      if (inputs.size !== inputCount)
        throw new AppError(
          'SIGNATURE_INVALID_ERROR',
          {},
          { reason: 'every input must be signed', signed_inputs: [...inputs], key: key.fingerprint },
        );
    }
    for (const { key } of byKey.values()) {
      const inserted = await trx
        .insertInto('task_signatures')
        .values({
          task_id: task.id,
          signer: key.xpub,
          user_id: user.id,
          kind: 'psbt',
          signature: key.fingerprint,
        })
        .onConflict((oc) => oc.columns(['task_id', 'signer']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1)
        throw new AppError('SIGNATURE_DUPLICATE_ERROR');
    }
    const count = await trx
      .selectFrom('task_signatures')
      .select(sql<number>`count(*)`.as('n'))
      .where('task_id', '=', task.id)
      .executeTakeFirstOrThrow();
    const threshold = locked.signing_threshold ?? wallet.threshold;
    const ready = Number(count.n) >= threshold;
    await trx
      .updateTable('tasks')
      .set({
        psbt: merged,
        ...(ready ? { status: TransferStatus.PendingBroadcast } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', task.id)
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: 'sign',
      ip: request.ip,
      content: {
        task_id: task.id,
        keys: [...byKey.values()].map((g) => ({ fingerprint: g.key.fingerprint, path: g.key.path })),
        kind: 'psbt',
      },
    });
    if (ready) {
      const broadcasters = await trx
        .selectFrom('wallet_members')
        .select('user_id')
        .where('wallet_id', '=', wallet.id)
        .where('role', 'in', ['broadcaster', 'operator'])
        .execute();
      for (const userId of new Set(broadcasters.map((b) => b.user_id))) {
        await notify(
          trx,
          {
            userId,
            organizationId: task.organization_id,
            category: 'transfer',
            topic: 'task',
            title: `Transfer ${taskNumber(task.id)} is signed`,
            body: 'It is ready to broadcast.',
            walletName: wallet.name,
            taskNumber: taskNumber(task.id),
          },
          Boolean(ctx.config.SMTP_URL),
        );
      }
    }
    return {
      status: ready ? TransferStatus.PendingBroadcast : TransferStatus.PendingSignature,
      signatures: Number(count.n),
      threshold,
    };
  });
}

function unsignedId(psbt: ReturnType<typeof readPsbt>): string {
  return Buffer.from(psbt.data.globalMap.unsignedTx.toBuffer()).toString('hex');
}
