import { getAssociatedTokenAddressSync, unpackAccount } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { base58 } from '@scure/base';
import { accountBalances } from '../account-family';
import { isChainError } from '../errors';
import {
  FamilyError,
  type FamilyAdapter,
  type FamilyWallet,
  type FeeChoice,
  type FollowedTransaction,
  type StoredTransfer,
} from '../family';
import { blockFacts } from '../followed';
import type { SolanaAdapter } from './adapter';
import { isOnCurve } from './address';
import { solanaWalletSetup, solWalletKeys } from './family-setup';
import {
  approvalMessage,
  checkApproval,
  COMPUTE_UNITS,
  executionMessage,
  LAMPORTS_PER_SIGNATURE,
  paidBy,
  unsignedWire,
  type SquadsTransfer,
} from './flow';
import { solanaDeposits } from './deposits';
import { fromNode, sendRefused } from './node-errors';
import { decodeMultisig, decodeProposal, proposalPda, SquadsPermission } from './squads';
import {
  mintDecimals,
  planTransfer,
  spendableLamports,
  vaultTokenAccount,
  type SolTransferState,
} from './transfer';

/** The stored transfer: the plan, and once the first approval is on chain, its transaction index. */
interface SolPayload extends SquadsTransfer {
  index: string | null;
  approvals: Array<{ member: string; signature: string }>;
}

interface SolState extends SolTransferState {
  microLamportsPerCu: bigint;
}

const payloadOf = (stored: Pick<StoredTransfer, 'payload'>) => JSON.parse(stored.payload) as SolPayload;
const key = (address: string) => new PublicKey(address);

function feePayerOf(wallet: FamilyWallet) {
  const keys = solWalletKeys(wallet.keys);
  if (!wallet.feePayer || wallet.feePayer.address !== keys.feePayer)
    throw new FamilyError('WALLET_STATUS_ERROR');
  return wallet.feePayer;
}

/** The priority fee a choice means: a tier of recent fees, or a custom micro-lamports per compute unit. */
function priorityOf(fee: FeeChoice, tiers: Record<string, bigint>): bigint {
  if (fee.tier === 'custom') {
    if (!/^\d+$/.test(fee.rate)) throw new FamilyError('TRANSFER_FEE_TOO_LOW_ERROR');
    return BigInt(fee.rate);
  }
  return tiers[fee.tier] ?? 0n;
}

/**
 * The Solana family: Squads v4 multisig vaults whose fees and rent the space's fee payer pays.
 * A signer's signature is their approval transaction (checked byte for byte and by ed25519,
 * then completed by the fee payer and sent); at the threshold the fee payer executes the vault
 * transaction, and the transfer is done when its signature is finalized.
 */
export function createSolanaFamily(chain: SolanaAdapter): FamilyAdapter {
  const multisigOf = async (wallet: FamilyWallet) => {
    const [account] = await fromNode(() => chain.accounts([solWalletKeys(wallet.keys).multisig]));
    if (!account) throw new FamilyError('WALLET_STATUS_ERROR');
    return decodeMultisig(account.data);
  };
  /** The index an approval takes: the stored one, or — for the first — the multisig's next. */
  const followSignature = async (txHash: string): Promise<FollowedTransaction> => {
    const result = await chain.getConfirmation(txHash);
    if (result.state === 'confirmed') return { state: 'executed', ...blockFacts(result) };
    if (result.state === 'failed')
      return { state: 'failed', reason: result.reason ?? 'FAILED', ...blockFacts(result) };
    return { state: result.state };
  };
  const approvalIndex = async (wallet: FamilyWallet, payload: SolPayload) =>
    payload.index !== null
      ? { index: BigInt(payload.index), proposes: false }
      : { index: (await multisigOf(wallet)).transactionIndex + 1n, proposes: true };

  return {
    chain,
    capabilities: {
      tokens: true,
      batch: false,
      preSign: false,
      coinControl: false,
      spendsCoins: false,
      feeUnit: 'lamports',
      speedUp: 'none',
      // Only the fee payer may execute: a revoked transfer's proposal is never executed.
      revokeSigned: 'release',
      broadcast: 'server-finalizes',
      finalityDepth: 1,
      addressScript: null,
      setupDeposit: 0n,
      protocols: {
        key: 'a Solana address (base58 ed25519 public key)',
        ownership: 'the challenge message signed with signMessage (ed25519 over its UTF-8 bytes), base58',
        transfer:
          'a Squads v4 proposalApprove transaction (fee payer: the space’s fee payer) signed by the member with signTransaction; its message bytes are what is signed',
      },
    },

    ...solanaWalletSetup(chain),
    deposits: solanaDeposits(chain),

    readBalances: (wallets, tokens) => accountBalances(chain, wallets, tokens, fromNode),

    async token(contract) {
      const mint = contract.trim();
      const [account] = await fromNode(() => chain.accounts([mint]));
      const decimals = mintDecimals(mint, account ?? null);
      return { contract: mint, symbol: `SPL-${mint.slice(0, 4)}`, decimals, name: `SPL token ${mint}` };
    },

    recipient(address) {
      if (!chain.isValidAddress(address))
        throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR', { field: 'to' });
      return address;
    },

    async readTransferState(wallet, intent) {
      const to = intent.outputs[0]?.to ?? '';
      const mint = intent.token?.contract ?? null;
      const recipientAta =
        mint && chain.isValidAddress(to) && isOnCurve(to)
          ? getAssociatedTokenAddressSync(key(mint), key(to)).toBase58()
          : null;
      const addresses = [
        wallet.address,
        mint,
        mint ? vaultTokenAccount(wallet.address, mint) : null,
        to,
        recipientAta,
      ];
      const [accounts, reserve, tokenAccountRent, tiers] = await fromNode(() =>
        Promise.all([
          chain.accounts(addresses.map((a) => (a && chain.isValidAddress(a) ? a : wallet.address))),
          chain.rentExempt(0),
          chain.rentExempt(165),
          chain.getFeeTiers(),
        ]),
      );
      const at = (i: number) =>
        addresses[i] && chain.isValidAddress(addresses[i]!) ? (accounts[i] ?? null) : null;
      const vaultTokens = at(2);
      const state: SolState = {
        vaultLamports: BigInt(at(0)?.lamports ?? 0),
        reserve,
        tokenAccountRent,
        mint: at(1),
        vaultTokens: vaultTokens ? unpackAccount(key(addresses[2]!), vaultTokens).amount : 0n,
        recipient: at(3),
        recipientTokenAccount: at(4),
        microLamportsPerCu: priorityOf(
          intent.fee,
          Object.fromEntries(Object.entries(tiers.tiers).map(([k, v]) => [k, v.microLamportsPerCu ?? 0n])),
        ),
      };
      return state;
    },

    async buildTransfer(wallet, intent, raw, held) {
      if (intent.outputs.length !== 1) throw new FamilyError('TRANSFER_BATCH_UNSUPPORTED_ERROR');
      const state = raw as SolState;
      const output = intent.outputs[0]!;
      const plan = planTransfer({
        vault: wallet.address,
        to: output.to,
        amount: output.amount,
        mint: intent.token?.contract ?? null,
        state,
        held: held.lockedAmount,
      });
      const keys = solWalletKeys(wallet.keys);
      const payload: SolPayload = {
        plan,
        multisig: keys.multisig,
        microLamportsPerCu: state.microLamportsPerCu.toString(),
        index: null,
        approvals: [],
      };
      // What the fee payer spends: one approval per signer (two signatures each) and the execution.
      const signatures = BigInt(keys.threshold) * 2n + 1n;
      const priority =
        ((BigInt(keys.threshold) + 1n) * COMPUTE_UNITS * state.microLamportsPerCu) / 1_000_000n;
      const total = signatures * LAMPORTS_PER_SIGNATURE + priority + BigInt(plan.accountRent);
      return {
        payload: JSON.stringify(payload),
        payloadHash: null,
        sequence: null,
        signingThreshold: keys.threshold,
        amount: output.amount,
        inputs: [],
        usedChangeIndex: false,
        fee: { total, rate: state.microLamportsPerCu.toString(), vsize: null },
        details: {
          to: plan.to,
          destination: plan.destination,
          creates_token_account: plan.createsAccount,
          token_account_rent: plan.accountRent,
          // What the fee payer spends, by part (lamports), as the wizard shows it.
          fee_parts: {
            signatures: (signatures * LAMPORTS_PER_SIGNATURE).toString(),
            priority: priority.toString(),
            token_account_rent: plan.accountRent,
          },
          fee_payer: keys.feePayer,
          paid_by_fee_payer: total.toString(),
        },
      };
    },

    maxSendable(wallet, intent, raw, held) {
      const state = raw as SolState;
      if (intent.token) return { amount: state.vaultTokens - held.lockedAmount, fee: null };
      // The fee payer pays the fees: the vault may send all above its rent-exempt reserve.
      return { amount: spendableLamports(state, held.lockedAmount), fee: null };
    },

    signingView(wallet, stored) {
      const payload = payloadOf(stored);
      const keys = solWalletKeys(wallet.keys);
      return {
        multisig: payload.multisig,
        vault: wallet.address,
        fee_payer: keys.feePayer,
        transaction_index: payload.index,
        approved_by: payload.approvals.map((a) => a.member),
        // A recent blockhash lives about a minute: each signer asks for theirs when they sign.
        sign_with: 'POST /sol-sign-create',
      };
    },

    reviewView(_wallet, stored) {
      const { plan, index } = payloadOf(stored);
      return {
        to: plan.to,
        amount: plan.amount,
        mint: plan.mint,
        destination: plan.destination,
        creates_token_account: plan.createsAccount,
        transaction_index: index,
      };
    },

    async signingTransaction(wallet, stored, signerKey) {
      const payload = payloadOf(stored);
      const keys = solWalletKeys(wallet.keys);
      if (!keys.signers.includes(signerKey)) throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      const { index, proposes } = await approvalIndex(wallet, payload);
      const { blockhash, lastValidBlockHeight } = await fromNode(() => chain.latestBlockhash());
      const message = approvalMessage(payload, {
        feePayer: keys.feePayer,
        member: signerKey,
        index,
        proposes,
        blockhash,
      });
      return { transaction: unsignedWire(message), lastValidBlockHeight, proposes, index: index.toString() };
    },

    async verifySubmission(wallet, stored, submission) {
      const payload = payloadOf(stored);
      const keys = solWalletKeys(wallet.keys);
      const text = submission.signature?.trim() ?? '';
      if (!text) throw new FamilyError('SIGNATURE_EMPTY_ERROR');
      const { index, proposes } = await approvalIndex(wallet, payload);
      const checked = checkApproval(payload, text, {
        feePayer: keys.feePayer,
        members: new Set(keys.signers),
        index,
        proposes,
      });
      return [
        {
          signerKey: checked.member,
          kind: 'squads-approval',
          proof: JSON.stringify({
            wire: checked.wire,
            signature: checked.signature,
            index: index.toString(),
          }),
          audit: { signer: checked.member, transaction_index: index.toString(), proposes },
        },
      ];
    },

    async submitSignatures(wallet, _stored, verified) {
      const feePayer = feePayerOf(wallet);
      const sent: string[] = [];
      for (const v of verified) {
        const { wire } = JSON.parse(v.proof) as { wire: string };
        const paid = paidBy(feePayer, Buffer.from(wire, 'base64'));
        try {
          await chain.send(paid);
        } catch (error) {
          if (!isChainError(error, 'ALREADY_KNOWN')) throw sendRefused(error);
        }
        // A transaction's id is its first signature: the fee payer's.
        sent.push(base58.encode(paid.subarray(1, 65)));
      }
      return sent;
    },

    async currentThreshold(wallet, _stored, keys) {
      const state = await multisigOf(wallet);
      const voters = new Set(
        state.members.filter((m) => m.permissions & SquadsPermission.Vote).map((m) => m.key),
      );
      if (keys.some((k) => !voters.has(k))) throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      return state.threshold;
    },

    mergeSignatures(_wallet, payload, _submission, verified) {
      const current = JSON.parse(payload) as SolPayload;
      const have = new Set(current.approvals.map((a) => a.member));
      for (const v of verified) {
        const proof = JSON.parse(v.proof) as { signature: string; index: string };
        current.index ??= proof.index;
        if (!have.has(v.signerKey))
          current.approvals.push({ member: v.signerKey, signature: proof.signature });
      }
      return JSON.stringify(current);
    },

    async finalize(wallet, stored) {
      const payload = payloadOf(stored);
      const feePayer = feePayerOf(wallet);
      if (payload.index === null)
        throw new FamilyError('TASK_STATUS_ERROR', { reason: 'signatures_below_threshold' });
      const index = BigInt(payload.index);
      const [proposal] = await fromNode(() =>
        chain.accounts([proposalPda(payload.multisig, index).toBase58()]),
      );
      // The chain, not our count, says whether the vault transaction may run.
      if (!proposal || decodeProposal(proposal.data).status !== 'Approved')
        throw new FamilyError('TASK_STATUS_ERROR', { reason: 'signatures_below_threshold' });
      const { blockhash } = await fromNode(() => chain.latestBlockhash());
      const message = executionMessage(payload, { feePayer: feePayer.address, index, blockhash });
      const wire = paidBy(feePayer, Buffer.from(unsignedWire(message), 'base64'));
      const signature = wire.subarray(1, 65);
      return {
        raw: Buffer.from(wire).toString('base64'),
        txHash: base58.encode(signature),
        fee: stored.fee.total,
        vsize: null,
      };
    },

    async relay(raw) {
      try {
        await chain.send(Buffer.from(raw, 'base64'));
        return 'sent';
      } catch (error) {
        if (isChainError(error, 'ALREADY_KNOWN')) return 'known';
        if (isChainError(error, 'RPC_ERROR')) throw new FamilyError('RELAY_UNREACHABLE');
        throw sendRefused(error);
      }
    },

    follow: (txHash) => followSignature(txHash),
    followSponsored: (txHash) => followSignature(txHash),
  };
}
