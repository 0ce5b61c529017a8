import { verify } from 'ripple-keypairs';
import { hashes } from 'xrpl';
import { ChainError } from '../errors';
import {
  CHAIN_RESERVE,
  NATIVE,
  type BalanceSheet,
  type ChainAdapter,
  type ChainInfo,
  type ConfirmationStatus,
  type FeeTiers,
  type TokenRef,
} from '../types';
import { accountOfKey, isXrpAddress } from './address';
import { issuedKey, issuedOf, unitsOf } from './amounts';
import { createXrplRpc, isRefusal, type XrplRpc } from './rpc';
import { signerListOf, type SignerList } from './signer-list';

/** lsfDisableMaster: the account's master key can no longer sign. */
export const LSF_DISABLE_MASTER = 0x00100000;
/** lsfRequireDestTag: payments to the account must carry a destination tag. */
export const LSF_REQUIRE_DEST_TAG = 0x00020000;

export interface XrplLedgerState {
  baseFee: bigint;
  reserveBase: bigint;
  reserveInc: bigint;
  /** The last validated ledger and when it closed (unix ms). */
  ledgerIndex: number;
  closedAt: number;
}

export interface XrplAccount {
  address: string;
  /** False until a payment of at least the base reserve created it. */
  exists: boolean;
  balance: bigint;
  sequence: number;
  ownerCount: number;
  masterDisabled: boolean;
  requireDestTag: boolean;
  signerList: SignerList | null;
}

export interface TrustLine {
  currency: string;
  issuer: string;
  /** The holder's side, as the ledger spells it ("12.5"). */
  balance: string;
}

export interface XrplTransaction {
  hash: string;
  validated?: boolean;
  ledger_index?: number;
  ledger_hash?: string;
  Fee?: string;
  TransactionType?: string;
  Account?: string;
  Destination?: string;
  meta?: { TransactionResult?: string; delivered_amount?: unknown } | string;
  [field: string]: unknown;
}

export interface XrplAdapter extends ChainAdapter {
  readonly rpc: XrplRpc;
  ledgerState(): Promise<XrplLedgerState>;
  /** The open ledger's fee per transaction cost unit now (drops; the base fee when it is quiet). */
  openLedgerFee(): Promise<bigint>;
  account(address: string): Promise<XrplAccount>;
  trustLines(address: string): Promise<TrustLine[]>;
  /** A transaction by hash, or null when the server has not seen it. */
  transaction(hash: string): Promise<XrplTransaction | null>;
  /** The engine result of submitting a signed blob (tesSUCCESS, terQUEUED, tec…, tef…, tem…). */
  submit(blob: string): Promise<{ result: string; message: string }>;
}

const RIPPLE_EPOCH_MS = 946_684_800_000;
const drops = (value: unknown) => BigInt(String(value ?? 0));

/** A signer's proof as entered: "publicKey:signature", or JSON {public_key, signature}. */
export function proofParts(text: string): { publicKey: string; signature: string } | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as { public_key?: unknown; signature?: unknown };
      if (typeof parsed.public_key === 'string' && typeof parsed.signature === 'string')
        return { publicKey: parsed.public_key, signature: parsed.signature };
    } catch {
      return null;
    }
    return null;
  }
  const [publicKey, signature, extra] = trimmed.split(':');
  return publicKey && signature && extra === undefined ? { publicKey, signature } : null;
}

/**
 * Whether a signer's key signed these bytes: secp256k1 over SHA-512Half (DER), ed25519 over the
 * bytes themselves — ripple-keypairs' convention, which XRPL wallets follow — and whether the key
 * is the account's (its public key derives to the address).
 */
export function signedBy(address: string, bytesHex: string, publicKey: string, signature: string): boolean {
  if (!/^[0-9a-fA-F]{66}$/.test(publicKey) || !/^[0-9a-fA-F]+$/.test(signature)) return false;
  if (accountOfKey(publicKey) !== address) return false;
  try {
    return verify(bytesHex, signature.toUpperCase(), publicKey.toUpperCase());
  } catch {
    return false;
  }
}

export function createXrplAdapter(options: { info: ChainInfo; rpcUrl: string }): XrplAdapter {
  const { info } = options;
  const rpc = createXrplRpc(options.rpcUrl);

  const ledgerState = async (): Promise<XrplLedgerState> => {
    const { state } = await rpc<{ state: { validated_ledger?: Record<string, number> } }>('server_state');
    const ledger = state.validated_ledger;
    if (!ledger) throw new ChainError('RPC_ERROR', 'xrpl: no validated ledger yet');
    return {
      baseFee: drops(ledger.base_fee),
      reserveBase: drops(ledger.reserve_base),
      reserveInc: drops(ledger.reserve_inc),
      ledgerIndex: Number(ledger.seq),
      closedAt: RIPPLE_EPOCH_MS + Number(ledger.close_time ?? 0) * 1000,
    };
  };

  const account = async (address: string): Promise<XrplAccount> => {
    try {
      const { account_data: data } = await rpc<{ account_data: Record<string, unknown> }>('account_info', {
        account: address,
        ledger_index: 'validated',
        signer_lists: true,
      });
      const flags = Number(data.Flags ?? 0);
      const lists = (data.signer_lists as unknown[] | undefined) ?? [];
      return {
        address,
        exists: true,
        balance: drops(data.Balance),
        sequence: Number(data.Sequence),
        ownerCount: Number(data.OwnerCount ?? 0),
        masterDisabled: (flags & LSF_DISABLE_MASTER) !== 0,
        requireDestTag: (flags & LSF_REQUIRE_DEST_TAG) !== 0,
        signerList: lists[0] ? signerListOf(lists[0]) : null,
      };
    } catch (error) {
      if (!isRefusal(error, 'actNotFound')) throw error;
      return {
        address,
        exists: false,
        balance: 0n,
        sequence: 0,
        ownerCount: 0,
        masterDisabled: false,
        requireDestTag: false,
        signerList: null,
      };
    }
  };

  const trustLines = async (address: string): Promise<TrustLine[]> => {
    try {
      const { lines } = await rpc<{ lines: { account: string; currency: string; balance: string }[] }>(
        'account_lines',
        { account: address, ledger_index: 'validated' },
      );
      return lines.map((l) => ({ currency: l.currency, issuer: l.account, balance: l.balance }));
    } catch (error) {
      if (isRefusal(error, 'actNotFound')) return [];
      throw error;
    }
  };

  const transaction = async (hash: string): Promise<XrplTransaction | null> => {
    try {
      return await rpc<XrplTransaction>('tx', { transaction: hash, binary: false });
    } catch (error) {
      if (isRefusal(error, 'txnNotFound')) return null;
      throw error;
    }
  };

  const ledgerHash = async (index: number) =>
    (await rpc<{ ledger_hash: string }>('ledger', { ledger_index: index })).ledger_hash;

  const submit = async (blob: string) => {
    const reply = await rpc<{ engine_result: string; engine_result_message?: string }>('submit', {
      tx_blob: blob,
    });
    return { result: reply.engine_result, message: reply.engine_result_message ?? reply.engine_result };
  };

  return {
    info,
    rpc,
    ledgerState,
    account,
    trustLines,
    transaction,
    submit,

    async openLedgerFee() {
      const { drops: fees } = await rpc<{ drops: Record<string, string> }>('fee');
      const open = drops(fees.open_ledger_fee);
      const base = drops(fees.base_fee);
      return open > base ? open : base;
    },

    isValidAddress: isXrpAddress,
    normalizeAddress(address) {
      if (!isXrpAddress(address)) throw new ChainError('INVALID_ADDRESS', `not an XRPL address: ${address}`);
      return address;
    },

    async getBalances(holders, tokens: TokenRef[]): Promise<BalanceSheet> {
      const sheet: BalanceSheet = new Map();
      const wanted = tokens.filter((t) => t.contract).map((t) => issuedKey(issuedOf(t.contract!)));
      const ledger = await ledgerState();
      await Promise.all(
        holders.map(async (holder) => {
          const [root, lines] = await Promise.all([account(holder), wanted.length ? trustLines(holder) : []]);
          const balances = new Map<string, bigint>([[NATIVE, root.balance]]);
          // The reserves the ledger keeps back: shown as locked, never spendable.
          if (root.exists)
            balances.set(CHAIN_RESERVE, ledger.reserveBase + ledger.reserveInc * BigInt(root.ownerCount));
          for (const line of lines) {
            const key = issuedKey({ currency: line.currency, issuer: line.issuer });
            if (wanted.includes(key)) balances.set(key.toLowerCase(), unitsOf(line.balance));
          }
          sheet.set(holder, balances);
        }),
      );
      return sheet;
    },

    async getFeeTiers(): Promise<FeeTiers> {
      const open = await this.openLedgerFee();
      return {
        unit: 'drops',
        tiers: { slow: { drops: open }, standard: { drops: (open * 3n) / 2n }, fast: { drops: open * 2n } },
      };
    },

    async broadcast(raw) {
      const { result, message } = await submit(raw);
      if (!/^(tes|ter|tec)/.test(result))
        throw new ChainError('REJECTED', `xrpl submit: ${result} ${message}`);
      return hashes.hashSignedTx(raw);
    },

    async getConfirmation(txHash): Promise<ConfirmationStatus> {
      const tx = await transaction(txHash);
      if (!tx) return { state: 'unknown' };
      if (!tx.validated || typeof tx.meta !== 'object') return { state: 'pending' };
      const at = BigInt(tx.ledger_index ?? 0);
      const [ledger, hash] = await Promise.all([ledgerState(), tx.ledger_hash ?? ledgerHash(Number(at))]);
      const facts = {
        blockNumber: at,
        // Validated ledgers are final: the hash only tells a later reader which ledger it was.
        blockHash: hash.toLowerCase(),
        confirmations: Math.max(1, ledger.ledgerIndex - Number(at) + 1),
        fee: drops(tx.Fee),
      };
      const result = tx.meta.TransactionResult ?? '';
      return result === 'tesSUCCESS'
        ? { state: 'confirmed', ...facts }
        : { state: 'failed', reason: result, ...facts };
    },

    async verifyMessage(address, message, signature) {
      const proof = proofParts(signature);
      return (
        !!proof &&
        signedBy(address, Buffer.from(message, 'utf8').toString('hex'), proof.publicKey, proof.signature)
      );
    },

    async ping() {
      try {
        await ledgerState();
        return true;
      } catch {
        return false;
      }
    },
  };
}
