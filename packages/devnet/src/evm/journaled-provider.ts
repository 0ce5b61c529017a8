// Sits between the JSON-RPC server and the in-process Hardhat provider: serialises the
// state-changing requests, journals the ones that succeeded and can replay a journal.
import type { JournalEntry, JournalWriter } from './journal';

export interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** Requests that change chain state; each successful one is journaled. */
export const JOURNALED_METHODS = new Set([
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'evm_mine',
  'hardhat_mine',
  'evm_increaseTime',
  'evm_setNextBlockTimestamp',
  'evm_setAutomine',
  'evm_setBlockGasLimit',
  'evm_snapshot',
  'evm_revert',
  'hardhat_setBalance',
  'hardhat_setCode',
  'hardhat_setStorageAt',
  'hardhat_setNonce',
  'hardhat_setCoinbase',
  'hardhat_setPrevRandao',
  'hardhat_setNextBlockBaseFeePerGas',
  'hardhat_setMinGasPrice',
  'hardhat_impersonateAccount',
  'hardhat_stopImpersonatingAccount',
  'hardhat_dropTransaction',
]);

/** Requests a journal cannot reproduce (a reset, or blocks mined by a timer, not by a request). */
const REFUSED_METHODS = new Set(['hardhat_reset', 'evm_setIntervalMining']);

/** Transaction submissions: their result (the tx hash) is compared on replay. */
const TX_METHODS = new Set(['eth_sendRawTransaction', 'eth_sendTransaction']);

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export class JournaledProvider {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly provider: Eip1193,
    private journal: JournalWriter | undefined,
    private readonly log: (line: string) => void,
  ) {}

  /** Starts journaling (after a replay, which must not append to the journal it reads). */
  attachJournal(journal: JournalWriter): void {
    this.journal = journal;
  }

  async request(method: string, params: unknown[] = []): Promise<unknown> {
    if (REFUSED_METHODS.has(method) && !(method === 'evm_setIntervalMining' && params[0] === 0)) {
      throw new RpcError(
        -32601,
        `${method} is not supported by the journaled devnet (its state could not be replayed)`,
      );
    }
    if (!JOURNALED_METHODS.has(method)) return this.provider.request({ method, params });
    // One state change at a time, so the journal order is the order the chain saw.
    return this.serialised(() => this.journaledRequest(method, params));
  }

  private serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async journaledRequest(method: string, params: unknown[]): Promise<unknown> {
    const before = await this.blockNumber();
    // A failed request throws here and is never journaled.
    const result = await this.provider.request({ method, params });
    const entry: JournalEntry = { kind: 'rpc', method, params, offset: 0, at: Math.floor(Date.now() / 1000) };
    const after = await this.blockNumber();
    if (after > before) {
      const first = await this.block(before + 1);
      const last = after === before + 1 ? first : await this.block(after);
      entry.ts = first.timestamp;
      entry.blocks = after - before;
      entry.hash = last.hash;
    }
    if (TX_METHODS.has(method)) entry.result = result;
    entry.offset = await this.clockOffset();
    this.journal?.append(entry);
    return result;
  }

  /**
   * Re-executes journaled requests. Each mined block gets its recorded timestamp, so block
   * hashes, nonces and addresses come out identical; returns how many entries diverged.
   */
  async replay(entries: JournalEntry[]): Promise<number> {
    let diverged = 0;
    for (const [index, entry] of entries.entries()) {
      try {
        if (entry.ts !== undefined)
          await this.provider.request({ method: 'evm_setNextBlockTimestamp', params: [entry.ts] });
        const result = await this.provider.request({ method: entry.method, params: entry.params });
        const problem = await this.checkReplayed(entry, result);
        if (problem) {
          diverged++;
          this.log(`replay: entry ${index} (${entry.method}) diverged: ${problem}`);
        }
      } catch (error) {
        diverged++;
        this.log(
          `replay: entry ${index} (${entry.method}) failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const last = entries.at(-1);
    if (last) await this.restoreClockOffset(last.offset);
    return diverged;
  }

  private async checkReplayed(entry: JournalEntry, result: unknown): Promise<string | undefined> {
    if (entry.result !== undefined && JSON.stringify(entry.result) !== JSON.stringify(result)) {
      return `result ${JSON.stringify(result)} instead of ${JSON.stringify(entry.result)}`;
    }
    if (entry.hash !== undefined) {
      const latest = await this.block('latest');
      if (latest.hash !== entry.hash)
        return `block ${latest.number} hash ${latest.hash} instead of ${entry.hash}`;
    }
    return undefined;
  }

  /**
   * Replay leaves the chain clock where the last pinned block put it; move it back to the
   * recorded offset from wall-clock time, so time kept running while the devnet was down
   * (and a user's evm_increaseTime still holds).
   */
  private async restoreClockOffset(recorded: number): Promise<void> {
    const delta = recorded - (await this.clockOffset());
    if (delta > 0) await this.provider.request({ method: 'evm_increaseTime', params: [delta] });
  }

  private async clockOffset(): Promise<number> {
    // evm_increaseTime(0) changes nothing and answers the current offset in seconds.
    return Number(await this.provider.request({ method: 'evm_increaseTime', params: [0] }));
  }

  private async blockNumber(): Promise<number> {
    return Number(await this.provider.request({ method: 'eth_blockNumber', params: [] }));
  }

  private async block(tag: number | 'latest'): Promise<{ number: number; timestamp: number; hash: string }> {
    const param = tag === 'latest' ? tag : `0x${tag.toString(16)}`;
    const block = (await this.provider.request({
      method: 'eth_getBlockByNumber',
      params: [param, false],
    })) as {
      number: string;
      timestamp: string;
      hash: string;
    } | null;
    if (!block) throw new Error(`block ${param} not found`);
    return { number: Number(block.number), timestamp: Number(block.timestamp), hash: block.hash };
  }
}
