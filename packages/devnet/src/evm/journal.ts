// Hardhat cannot dump its state, so the chain is persisted as a journal of the state-changing
// JSON-RPC requests that succeeded, with what a replay needs to rebuild the very same chain.
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from 'node:fs';

export const JOURNAL_VERSION = 1;

/** First line of the journal: what the genesis block depends on. */
export interface JournalHeader {
  kind: 'header';
  version: number;
  chainId: number;
  /** Genesis timestamp (ISO); fixed so block hashes are identical after a replay. */
  initialDate: string;
  hardhatVersion: string;
  createdAt: string;
}

export interface JournalEntry {
  kind: 'rpc';
  /** JSON-RPC method and params exactly as they succeeded. */
  method: string;
  params: unknown[];
  /** Timestamp of the first block this request mined; pinned with evm_setNextBlockTimestamp on replay. */
  ts?: number;
  /** Number of blocks this request mined, and the hash of the last one (checked on replay). */
  blocks?: number;
  hash?: string;
  /** Result of transaction submissions (the tx hash), checked on replay. */
  result?: unknown;
  /** Chain clock minus wall clock (seconds) after the request: restored after a replay. */
  offset: number;
  /** Wall-clock time of the request (unix seconds), for humans reading the file. */
  at: number;
}

export interface JournalContents {
  header: JournalHeader;
  entries: JournalEntry[];
}

/**
 * Reads the journal. A torn last line (kill -9 in the middle of a write) is dropped and cut
 * off the file so later appends start on a clean line; corruption elsewhere is an error.
 */
export function readJournal(path: string): JournalContents | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const records: unknown[] = [];
  let goodBytes = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const isLast = i === lines.length - 1;
    if (line.trim() === '') {
      if (!isLast) goodBytes += Buffer.byteLength(line) + 1;
      continue;
    }
    try {
      records.push(JSON.parse(line));
    } catch (error) {
      // Only the final line may be incomplete; anything else means the file was damaged.
      const onlyBlankAfter = lines.slice(i + 1).every((l) => l.trim() === '');
      if (!onlyBlankAfter) throw new Error(`journal ${path} is corrupt at line ${i + 1}: ${String(error)}`);
      truncateSync(path, goodBytes);
      break;
    }
    goodBytes += Buffer.byteLength(line) + (isLast ? 0 : 1);
  }
  if (records.length === 0) return undefined;
  const [header, ...rest] = records as [JournalHeader, ...JournalEntry[]];
  if (header.kind !== 'header' || header.version !== JOURNAL_VERSION) {
    throw new Error(`journal ${path} has an unknown header: ${JSON.stringify(header)}`);
  }
  if (!text.endsWith('\n') && goodBytes === Buffer.byteLength(text)) {
    // A complete last record without its newline: finish the line before appending more.
    const fd = openSync(path, 'a');
    writeSync(fd, '\n');
    closeSync(fd);
  }
  return { header, entries: rest.filter((r) => r.kind === 'rpc') };
}

/** Append-only writer; each record is flushed to disk before the request is answered. */
export class JournalWriter {
  private fd: number;

  constructor(path: string) {
    this.fd = openSync(path, 'a');
  }

  append(record: JournalHeader | JournalEntry): void {
    writeSync(this.fd, JSON.stringify(record) + '\n');
    // fdatasync: a power loss or kill -9 loses at most the request being answered.
    fdatasyncSync(this.fd);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
