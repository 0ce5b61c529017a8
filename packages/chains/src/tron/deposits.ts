import type { FamilyAdapter } from '../family';
import type { IncomingTransfer } from '../types';
import type { TronAdapter } from './adapter';
import { tronBase58 } from './address';

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

interface BlockJson {
  block_header?: { raw_data?: { number?: number } };
  transactions?: {
    txID: string;
    ret?: { contractRet?: string }[];
    raw_data: { contract: { type: string; parameter: { value: Record<string, unknown> } }[] };
  }[];
}

interface TxInfoJson {
  id: string;
  blockNumber?: number;
  receipt?: { result?: string };
  log?: { address: string; topics?: string[]; data?: string }[];
}

const wordAddress = (word: string) => tronBase58(`41${word.slice(-40)}`);

/**
 * Deposits on Tron: TRX in the blocks' TransferContracts and TRC20 tokens in their Transfer
 * events (gettransactioninfobyblocknum), both only when the transaction succeeded.
 */
export function tronDeposits(chain: TronAdapter): NonNullable<FamilyAdapter['deposits']> {
  return {
    tip: async () => BigInt((await chain.headBlock()).number),
    // Tron blocks are small (3 s apart): a scan reads a minute of them.
    blocksPerScan: 20n,
    async transfersTo(wallets, tokens, from, to) {
      const watched = new Set(wallets.map((w) => w.address));
      const tokenOf = new Map(tokens.flatMap((t) => (t.contract ? [[t.contract, t.contract] as const] : [])));
      const found: Array<IncomingTransfer & { wallet: string }> = [];
      for (let n = from; n <= to; n++) {
        const [block, infos] = await Promise.all([
          chain.rpc<BlockJson>('/wallet/getblockbynum', { num: Number(n), visible: true }),
          chain.rpc<TxInfoJson[]>('/wallet/gettransactioninfobyblocknum', { num: Number(n) }),
        ]);
        for (const tx of block.transactions ?? []) {
          const contract = tx.raw_data.contract[0];
          if (contract?.type !== 'TransferContract' || tx.ret?.[0]?.contractRet !== 'SUCCESS') continue;
          const value = contract.parameter.value as {
            owner_address: string;
            to_address: string;
            amount: number;
          };
          const recipient = tronBase58(value.to_address);
          if (!watched.has(recipient)) continue;
          found.push({
            txHash: tx.txID,
            from: tronBase58(value.owner_address),
            to: recipient,
            token: null,
            amount: BigInt(value.amount),
            blockNumber: n,
            logIndex: null,
            wallet: recipient,
          });
        }
        for (const info of Array.isArray(infos) ? infos : []) {
          if (info.receipt?.result && info.receipt.result !== 'SUCCESS') continue;
          (info.log ?? []).forEach((log, logIndex) => {
            if (log.topics?.[0] !== TRANSFER_TOPIC || log.topics.length < 3) return;
            const token = tokenOf.get(tronBase58(`41${log.address.slice(-40)}`));
            const recipient = wordAddress(log.topics[2]!);
            if (!token || !watched.has(recipient)) return;
            found.push({
              txHash: info.id,
              from: wordAddress(log.topics[1]!),
              to: recipient,
              token,
              amount: BigInt(`0x${log.data || '0'}`),
              blockNumber: n,
              logIndex,
              wallet: recipient,
            });
          });
        }
      }
      return found;
    },
  };
}
