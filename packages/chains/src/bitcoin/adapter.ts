import { address as baddress, Transaction } from 'bitcoinjs-lib';
import { requireChain } from '../chain-table';
import type { BalanceSheet, ChainAdapter, ChainInfo, ConfirmationStatus, FeeTiers, TokenRef } from '../types';
import { NATIVE } from '../types';
import type { WalletUtxo } from './coin-select';
import { walletDescriptors } from './descriptor';
import { BitcoinError } from './errors';
import { verifyMessageForAddress } from './message';
import { bitcoinNetwork, type BitcoinChainKey, type BitcoinNetwork } from './networks';
import { recipientScript } from './psbt-build';
import { coinsToSats, createBitcoinRpc, BitcoinRpcError, type BitcoinRpc } from './rpc';
import { deriveAddresses, type MultisigWallet } from './wallet';

/** Target blocks of the fee tiers. */
export const FEE_TIER_BLOCKS = { slow: 12, standard: 6, fast: 2 } as const;

export interface BitcoinAdapterConfig {
  chain: BitcoinChainKey;
  /** JSON-RPC URL with basic auth inside (BTC_RPC_URL / LTC_RPC_URL / BCH_RPC_URL …). */
  rpcUrl?: string;
  /** An RPC client (tests); wins over rpcUrl. */
  rpc?: BitcoinRpc;
  /** Lowest fee rate offered, sat/vB (default: the network's minimum relay rate). */
  feeFloorSatPerVb?: number;
}

export type BitcoinTxState = 'unknown' | 'mempool' | 'confirmed' | 'reorged';

export interface BitcoinTxStatus {
  state: BitcoinTxState;
  blockHash?: string;
  blockHeight?: number;
  confirmations: number;
}

export interface ListUtxosOptions {
  /** How many receive (0/i) and change (1/i) addresses to scan; defaults 20/20. */
  receiveCount?: number;
  changeCount?: number;
}

export interface BitcoinAdapter extends ChainAdapter {
  readonly network: BitcoinNetwork;
  readonly rpc: BitcoinRpc;
  listUtxos(wallet: MultisigWallet, opts?: ListUtxosOptions): Promise<WalletUtxo[]>;
  /** Node policy check without broadcasting: { allowed, reason }. */
  testMempoolAccept(rawTransaction: string): Promise<{ allowed: boolean; reason?: string }>;
  /** Status with reorg detection: pass the block hash seen earlier to learn if it left the main chain. */
  getTransactionStatus(txid: string, knownBlockHash?: string): Promise<BitcoinTxStatus>;
  getTipHeight(): Promise<number>;
  /**
   * The whole transactions that created these unspent outputs (raw hex), each checked to hash to
   * its txid. Read with the transaction index, or without one from the block gettxout places the
   * coin in.
   */
  previousTransactions(
    outpoints: Array<{ txid: string; vout: number }>,
  ): Promise<Array<{ txid: string; hex: string }>>;
}

interface ScanResult {
  success: boolean;
  height: number;
  unspents: { txid: string; vout: number; scriptPubKey: string; amount: number; height: number }[];
}

export function createBitcoinAdapter(config: BitcoinAdapterConfig): BitcoinAdapter {
  const network = bitcoinNetwork(config.chain);
  const info: ChainInfo = requireChain(config.chain);
  const rpc = config.rpc ?? createBitcoinRpc(config.rpcUrl ?? process.env[info.rpcEnv] ?? missingUrl(info));
  const floor = config.feeFloorSatPerVb ?? network.minRelaySatPerVb;

  // A node runs one scantxoutset at a time: calls from this process queue behind each other.
  let scanQueue: Promise<unknown> = Promise.resolve();
  const scan = (descriptors: (string | { desc: string; range: [number, number] })[]): Promise<ScanResult> => {
    const run = async (): Promise<ScanResult> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await rpc.call<ScanResult>('scantxoutset', ['start', descriptors]);
        } catch (error) {
          // Another client's scan is running: wait and retry a few times.
          if (
            error instanceof BitcoinRpcError &&
            /already in progress/i.test(error.message) &&
            attempt < 50
          ) {
            await new Promise((r) => setTimeout(r, 200));
            continue;
          }
          throw wrapRpc(error);
        }
      }
    };
    const next = scanQueue.then(run, run);
    scanQueue = next.catch(() => undefined);
    return next;
  };

  const normalizeAddress = (address: string): string => {
    const script = recipientScript(network, address);
    return baddress.fromOutputScript(script, network.bitcoinjs);
  };

  return {
    info,
    network,
    rpc,
    isValidAddress(address) {
      try {
        normalizeAddress(address);
        return true;
      } catch {
        return false;
      }
    },
    normalizeAddress,

    async getBalances(holders: string[], tokens: TokenRef[]): Promise<BalanceSheet> {
      const sheet: BalanceSheet = new Map();
      const canonical = holders.map(normalizeAddress);
      for (const holder of canonical) sheet.set(holder, new Map([[NATIVE, 0n]]));
      if (tokens.some((t) => t.contract !== null))
        throw new BitcoinError('INVALID_ARGUMENT', 'Bitcoin-family chains have no tokens');
      if (canonical.length === 0) return sheet;
      const result = await scan(canonical.map((a) => `addr(${a})`));
      for (const u of result.unspents) {
        const holder = baddress.fromOutputScript(Buffer.from(u.scriptPubKey, 'hex'), network.bitcoinjs);
        const row = sheet.get(holder);
        if (row) row.set(NATIVE, row.get(NATIVE)! + coinsToSats(u.amount));
      }
      return sheet;
    },

    /**
     * UTXOs of a wallet by scanning the UTXO set with its descriptors (scantxoutset): stateless,
     * no wallet needs loading on the node and any number of wallets share one node. It sees
     * confirmed outputs only, which is what a custody spend should use anyway.
     */
    async listUtxos(wallet, opts = {}) {
      const receiveCount = opts.receiveCount ?? 20;
      const changeCount = opts.changeCount ?? 20;
      const byScript = new Map<string, { branch: 0 | 1; index: number }>();
      const addresses = [
        ...deriveAddresses(wallet, 0, 0, receiveCount),
        ...deriveAddresses(wallet, 1, 0, changeCount),
      ];
      for (const a of addresses)
        byScript.set(Buffer.from(a.scriptPubKey).toString('hex'), { branch: a.branch, index: a.index });
      const { receive, change } = walletDescriptors(wallet);
      // Nodes before miniscript (Litecoin Core 0.21) cannot read a recovery wallet's descriptor:
      // its addresses are scanned one by one instead.
      const result = await scan(
        wallet.recovery
          ? addresses.map((a) => `addr(${a.address})`)
          : [
              { desc: receive, range: [0, receiveCount - 1] },
              { desc: change, range: [0, changeCount - 1] },
            ],
      );
      const utxos: WalletUtxo[] = [];
      for (const u of result.unspents) {
        const where = byScript.get(u.scriptPubKey);
        if (!where) continue;
        const utxo: WalletUtxo = {
          txid: u.txid,
          vout: u.vout,
          value: coinsToSats(u.amount),
          ...where,
          confirmations: result.height - u.height + 1,
        };
        if (network.scriptType === 'p2sh')
          utxo.prevTxHex = await rawTransactionOf(rpc, u.txid, u.vout).catch((e) =>
            Promise.reject(wrapRpc(e)),
          );
        utxos.push(utxo);
      }
      return utxos.sort((a, b) => (a.txid === b.txid ? a.vout - b.vout : a.txid < b.txid ? -1 : 1));
    },

    async getFeeTiers(): Promise<FeeTiers> {
      const rate = async (blocks: number): Promise<number> => {
        try {
          const r = await rpc.call<{ feerate?: number; errors?: string[] }>('estimatesmartfee', [blocks]);
          // BTC/kvB → sat/vB; no estimate (fresh regtest, quiet node) → the floor.
          return r.feerate ? Math.max(floor, Math.round(r.feerate * 1e5 * 100) / 100) : floor;
        } catch (error) {
          throw wrapRpc(error);
        }
      };
      const slow = await rate(FEE_TIER_BLOCKS.slow);
      const standard = Math.max(slow, await rate(FEE_TIER_BLOCKS.standard));
      const fast = Math.max(standard, await rate(FEE_TIER_BLOCKS.fast));
      return {
        unit: 'sat/vB',
        tiers: {
          slow: { satPerVbyte: slow },
          standard: { satPerVbyte: standard },
          fast: { satPerVbyte: fast },
        },
      };
    },

    /** sendrawtransaction; a transaction the node already has (mempool or chain) counts as sent. */
    async broadcast(rawTransaction: string): Promise<string> {
      const txid = Transaction.fromHex(rawTransaction).getId();
      try {
        return await rpc.call<string>('sendrawtransaction', [rawTransaction]);
      } catch (error) {
        if (error instanceof BitcoinRpcError) {
          if (
            /already in (the )?(block ?chain|utxo set)|txn-already-in-mempool|txn-already-known|already have transaction/i.test(
              error.message,
            ) ||
            error.code === -27
          )
            return txid;
          throw broadcastError(error);
        }
        throw wrapRpc(error);
      }
    },

    async testMempoolAccept(rawTransaction) {
      const [result] = await rpc
        .call<{ allowed: boolean; 'reject-reason'?: string }[]>('testmempoolaccept', [[rawTransaction]])
        .catch((e) => Promise.reject(wrapRpc(e)));
      return result!.allowed ? { allowed: true } : { allowed: false, reason: result!['reject-reason'] };
    },

    async getTransactionStatus(txid, knownBlockHash) {
      let reorged = false;
      if (knownBlockHash) {
        const header = await rpc
          .call<{ confirmations: number; height: number }>('getblockheader', [knownBlockHash])
          .catch(() => null);
        // confirmations -1: the block is known but no longer on the main chain.
        if (!header || header.confirmations < 0) reorged = true;
        else
          return {
            state: 'confirmed',
            blockHash: knownBlockHash,
            blockHeight: header.height,
            confirmations: header.confirmations,
          };
      }
      let tx: { blockhash?: string; confirmations?: number } | null;
      try {
        tx = await rpc.call<{ blockhash?: string; confirmations?: number }>('getrawtransaction', [
          txid,
          true,
        ]);
      } catch (error) {
        if (error instanceof BitcoinRpcError && error.code === -5) tx = null;
        else throw wrapRpc(error);
      }
      if (!tx) return { state: reorged ? 'reorged' : 'unknown', confirmations: 0 };
      if (!tx.blockhash || !tx.confirmations)
        return { state: reorged ? 'reorged' : 'mempool', confirmations: 0 };
      const header = await rpc.call<{ height: number }>('getblockheader', [tx.blockhash]);
      // Mined again in another block after a reorg: confirmed, with the new block.
      return {
        state: 'confirmed',
        blockHash: tx.blockhash,
        blockHeight: header.height,
        confirmations: tx.confirmations,
      };
    },

    async getConfirmation(txHash: string): Promise<ConfirmationStatus> {
      const status = await this.getTransactionStatus(txHash);
      if (status.state === 'confirmed')
        return {
          state: 'confirmed',
          blockNumber: BigInt(status.blockHeight!),
          confirmations: status.confirmations,
        };
      if (status.state === 'mempool') return { state: 'pending', confirmations: 0 };
      return { state: 'unknown' };
    },

    async getTipHeight() {
      return rpc.call<number>('getblockcount').catch((e) => Promise.reject(wrapRpc(e)));
    },

    async previousTransactions(outpoints) {
      const byTxid = new Map(outpoints.map((o) => [o.txid, o.vout]));
      try {
        return await Promise.all(
          [...byTxid].map(async ([txid, vout]) => {
            const hex = await rawTransactionOf(rpc, txid, vout);
            // The node's answer is checked, not trusted: it must be the transaction asked for.
            if (Transaction.fromHex(hex).getId() !== txid)
              throw new BitcoinError('RPC_ERROR', `getrawtransaction ${txid}: another transaction`);
            return { txid, hex };
          }),
        );
      } catch (error) {
        throw wrapRpc(error);
      }
    },

    async verifyMessage(address: string, message: string, signature: string): Promise<boolean> {
      return verifyMessageForAddress(config.chain, address, message, signature);
    },

    async ping(): Promise<boolean> {
      try {
        await rpc.call('getblockchaininfo');
        return true;
      } catch {
        return false;
      }
    },
  };
}

function missingUrl(info: ChainInfo): never {
  throw new BitcoinError('INVALID_ARGUMENT', `${info.rpcEnv} is not set`);
}

/**
 * A transaction by id: from the transaction index (or the mempool); on a node without one, from
 * the block its still unspent output `vout` is in (gettxout's depth below the best block).
 */
async function rawTransactionOf(rpc: BitcoinRpc, txid: string, vout: number): Promise<string> {
  try {
    return await rpc.call<string>('getrawtransaction', [txid, false]);
  } catch (error) {
    if (!(error instanceof BitcoinRpcError && error.code === -5)) throw error;
  }
  const coin = await rpc.call<{ bestblock: string; confirmations: number } | null>('gettxout', [txid, vout]);
  if (!coin || coin.confirmations < 1)
    throw new BitcoinError('RPC_ERROR', `${txid}:${vout} is not an unspent output in a block`);
  const best = await rpc.call<{ height: number }>('getblockheader', [coin.bestblock]);
  const block = await rpc.call<string>('getblockhash', [best.height - coin.confirmations + 1]);
  return rpc.call<string>('getrawtransaction', [txid, false, block]);
}

function wrapRpc(error: unknown): Error {
  if (error instanceof BitcoinError) return error;
  if (error instanceof BitcoinRpcError) return new BitcoinError('RPC_ERROR', error.message, { cause: error });
  return new BitcoinError('RPC_ERROR', String(error), { cause: error });
}

/** Maps node rejections to catalogue codes. */
function broadcastError(error: BitcoinRpcError): BitcoinError {
  const msg = error.message;
  if (/insufficient fee|rejecting replacement/i.test(msg))
    return new BitcoinError('RBF_FEE_RATE_TOO_LOW_ERROR', msg, { cause: error });
  if (/non-BIP68-final/i.test(msg))
    return new BitcoinError('WALLET_RECOVERY_DELAY_ERROR', msg, { cause: error });
  if (/min relay fee not met|mempool min fee not met/i.test(msg))
    return new BitcoinError('BROADCAST_INSUFFICIENT_FEE_ERROR', msg, { cause: error });
  return new BitcoinError('BROADCAST_REJECTED_ERROR', msg, { cause: error });
}
