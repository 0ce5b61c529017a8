import type { FamilyAdapter, SafeMessageRequest, StoredTransfer } from '@keystead/chains';
import type { DappMessage, dappMessageBody } from '@keystead/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { storeTransfer, walletToOperate } from '../transfers/transfer-create';
import { family, familyOf, familyWallet } from '../transfers/transfer-family';
import { taskSignatures } from '../transfers/transfer-repository';
import { TransferStatus } from '../transfers/transfer-status';
import { dappFacts } from './dapp-task';

/** The family's message signing, or the catalogue's refusal for a wallet that cannot sign messages. */
export function messagesOf(adapter: FamilyAdapter) {
  if (!adapter.messages) throw new AppError('DAPP_WALLET_UNSUPPORTED_ERROR');
  return adapter.messages;
}

const asRequest = (message: DappMessage): SafeMessageRequest =>
  message.kind === 'typed'
    ? { kind: 'typed', typed_data: message.typed_data as never }
    : { kind: 'personal', text: message.text ?? null, raw: (message.raw?.toLowerCase() as never) ?? null };

/**
 * POST /task/dapp-message (operators): a Dapp asks the wallet to sign a message. Same rules as a
 * Dapp's calls (the space's and the wallet's Dapp switches); the family hashes the message and
 * refuses a wallet whose signature no Dapp could check; then the one transfer lifecycle carries it
 * through approval and signing, and it is done at the signing threshold — nothing is broadcast.
 */
export async function createDappMessage(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof dappMessageBody>,
) {
  if (!actor.organization.is_open_dapp) throw new AppError('DAPP_SPACE_UNSUPPORTED_ERROR');
  const { wallet, tokens, known } = await walletToOperate(ctx, actor, input.wallet_id);
  const adapter = familyOf(ctx, wallet.chain_key);
  const messages = messagesOf(adapter);
  if (!wallet.dapp_on) throw new AppError('DAPP_WALLET_UNSUPPORTED_ERROR');
  if (input.message.kind === 'personal' && !input.message.text === !input.message.raw)
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'message' });
  const native = tokens.find((t) => t.contract === null)!;
  // Nothing leaves the wallet: the lifecycle sees a payment of 0 to itself (policies still apply).
  const intent = {
    outputs: [{ to: await family(() => adapter.recipient(wallet.address)), amount: 0n }],
    token: null,
    fee: { tier: 'standard' as const },
  };
  const dapp = {
    action: 'message' as const,
    name: input.dapp.name,
    url: input.dapp.url,
    kind: input.message.kind,
  };
  const facts = dappFacts(dapp, native, known, { fee_tier: 'standard', remark: input.remark });
  const request = asRequest(input.message);
  return storeTransfer(ctx, actor, wallet, intent, facts, (_held, state) =>
    messages.prepare(familyWallet(wallet), request, state),
  );
}

/** A message task's signature for the Dapp: the signers' verified signatures joined, once it is done (else null). */
export async function messageSignature(ctx: AppContext, task: Task, wallet: Wallet, stored: StoredTransfer) {
  if (task.status !== TransferStatus.Completed) return null;
  const messages = messagesOf(familyOf(ctx, wallet.chain_key));
  const signatures = await taskSignatures(ctx.db, task.id);
  return messages.signature(
    stored,
    signatures.map((s) => ({ signerKey: s.signer, kind: s.kind, proof: s.signature, audit: {} })),
  );
}
