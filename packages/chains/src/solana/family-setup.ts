import { PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { accountSignerKeys } from '../account-family';
import { FamilyError, type FamilyAdapter, type PreparedSetup } from '../family';
import type { SolanaAdapter } from './adapter';
import { isSolanaAddress, solanaAddress } from './address';
import { fromNode, sendRefused } from './node-errors';
import {
  createMultisigInstruction,
  decodeMultisig,
  decodeProgramConfig,
  multisigPda,
  programConfigPda,
  SquadsPermission,
  squadsMembers,
  vaultPda,
} from './squads';

/** A Squads wallet as stored: its multisig, the fee payer that is its proposing/executing member, and the voters. */
export interface SolWalletKeys {
  multisig: string;
  createKey: string;
  feePayer: string;
  signers: string[];
  threshold: number;
}

export function solWalletKeys(keys: unknown): SolWalletKeys {
  const value = (typeof keys === 'string' ? JSON.parse(keys) : keys) as SolWalletKeys | null;
  if (!value || typeof value.multisig !== 'string' || !Array.isArray(value.signers))
    throw new FamilyError('WALLET_STATUS_ERROR');
  return value;
}

/**
 * Solana wallet setup: a Squads v4 multisig whose voters are the signers and whose only other
 * member is the space's fee payer (Initiate + Execute, never Vote). The fee payer creates it and
 * pays its rent; the vault (index 0) is the wallet's address.
 */
export function solanaWalletSetup(
  chain: SolanaAdapter,
): Pick<
  FamilyAdapter,
  | 'prepareSetup'
  | 'confirmSetup'
  | 'sponsoredSetup'
  | 'signerKey'
  | 'signerKeyOf'
  | 'verifySignerProof'
  | 'singleKey'
> {
  return {
    async prepareSetup({ keys, threshold, sponsor }) {
      if (!sponsor) throw new FamilyError('WALLET_CHAIN_UNSUPPORTED_ERROR');
      const signers = keys.map((k) => solanaAddress(String(k), 'signers'));
      try {
        squadsMembers(signers, sponsor.feePayer);
      } catch {
        throw new FamilyError('PARAMS_INVALID_ERROR', { field: 'signers' });
      }
      if (!Number.isInteger(threshold) || threshold < 1 || threshold > signers.length)
        throw new FamilyError('THRESHOLD_MISMATCH_ERROR');
      const multisig = multisigPda(sponsor.createKey).toBase58();
      const walletKeys: SolWalletKeys = {
        multisig,
        createKey: sponsor.createKey,
        feePayer: sponsor.feePayer,
        signers,
        threshold,
      };
      return {
        address: vaultPda(multisig).toBase58(),
        keys: signers,
        onChain: null,
        descriptors: null,
        walletKeys,
        account: multisig,
      };
    },

    async sponsoredSetup(setup: PreparedSetup, feePayer, createKey) {
      const keys = solWalletKeys(setup.walletKeys);
      if (keys.feePayer !== feePayer.address || keys.createKey !== createKey.address)
        throw new FamilyError('TASK_DATA_CHANGED_ERROR');
      const [config] = await fromNode(() => chain.accounts([programConfigPda().toBase58()]));
      // No program config: the Squads program is not on this chain (a bare local devnet).
      if (!config)
        throw new FamilyError('WS_DEPLOY_ERROR', {}, 'the Squads v4 program is not deployed on this chain');
      const { treasury } = decodeProgramConfig(config.data);
      const { blockhash } = await fromNode(() => chain.latestBlockhash());
      const message = new TransactionMessage({
        payerKey: new PublicKey(feePayer.address),
        recentBlockhash: blockhash,
        instructions: [
          createMultisigInstruction({
            createKey: keys.createKey,
            creator: feePayer.address,
            treasury,
            signers: keys.signers,
            threshold: keys.threshold,
            sponsor: feePayer.address,
          }),
        ],
      }).compileToV0Message();
      const tx = new VersionedTransaction(message);
      const bytes = message.serialize();
      tx.signatures[0] = feePayer.sign(bytes);
      tx.signatures[1] = createKey.sign(bytes);
      try {
        return { hash: await chain.send(tx.serialize()) };
      } catch (error) {
        throw sendRefused(error);
      }
    },

    async confirmSetup(_address, expected) {
      if (!expected.account) return 'different';
      const [account] = await chain.accounts([expected.account]);
      if (!account) return 'pending';
      const state = decodeMultisig(account.data);
      const voters = state.members.filter((m) => m.permissions & SquadsPermission.Vote).map((m) => m.key);
      const same =
        state.threshold === expected.threshold &&
        voters.length === expected.owners.length &&
        expected.owners.every((o) => voters.includes(o));
      return same ? 'ready' : 'different';
    },

    ...accountSignerKeys('SOL', chain, isSolanaAddress),

    singleKey: {
      address: async (raw) => solanaAddress(raw),
      verifyOwnership: (address, message, signature) => chain.verifyMessage(address, message, signature),
    },
  };
}
