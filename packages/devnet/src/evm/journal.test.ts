import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  JOURNAL_VERSION,
  JournalWriter,
  readJournal,
  type JournalEntry,
  type JournalHeader,
} from './journal';

const header: JournalHeader = {
  kind: 'header',
  version: JOURNAL_VERSION,
  chainId: 31337,
  initialDate: '2025-01-01T00:00:00.000Z',
  hardhatVersion: '2.29.1',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const entry = (n: number): JournalEntry => ({
  kind: 'rpc',
  method: 'evm_mine',
  params: [],
  ts: 1_735_689_600 + n,
  blocks: 1,
  offset: 0,
  at: 0,
});

describe('journal', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keystead-journal-'));
    path = join(dir, 'journal.ndjson');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is absent until written, then reads back header and entries in order', () => {
    expect(readJournal(path)).toBeUndefined();
    const writer = new JournalWriter(path);
    writer.append(header);
    writer.append(entry(1));
    writer.append(entry(2));
    writer.close();
    expect(readJournal(path)).toEqual({ header, entries: [entry(1), entry(2)] });
  });

  it('drops a torn last line (kill -9 mid-write) and appends cleanly after it', () => {
    writeFileSync(path, `${JSON.stringify(header)}\n${JSON.stringify(entry(1))}\n{"kind":"rpc","meth`);
    expect(readJournal(path)?.entries).toEqual([entry(1)]);
    const writer = new JournalWriter(path);
    writer.append(entry(2));
    writer.close();
    expect(readJournal(path)?.entries).toEqual([entry(1), entry(2)]);
  });

  it('finishes a complete last line that lacks its newline', () => {
    writeFileSync(path, `${JSON.stringify(header)}\n${JSON.stringify(entry(1))}`);
    expect(readJournal(path)?.entries).toEqual([entry(1)]);
    appendFileSync(path, `${JSON.stringify(entry(2))}\n`);
    expect(readJournal(path)?.entries).toEqual([entry(1), entry(2)]);
  });

  it('refuses a journal damaged in the middle', () => {
    writeFileSync(path, `${JSON.stringify(header)}\nnot json\n${JSON.stringify(entry(1))}\n`);
    expect(() => readJournal(path)).toThrow(/corrupt at line 2/);
    expect(readFileSync(path, 'utf8')).toContain('not json');
  });
});
