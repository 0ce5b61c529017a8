import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isLitecoindAvailable,
  LitecoinRpcError,
  startLitecoinRegtest,
  type LitecoinRegtest,
} from './litecoin-regtest';

const litecoindAvailable = isLitecoindAvailable();

describe.skipIf(!litecoindAvailable)('Litecoin regtest', () => {
  let dataDir: string;
  let node: LitecoinRegtest | null = null;
  let address: string;

  const stop = async () => {
    const pid = node?.pid;
    await node?.stop();
    node = null;
    // Stopped cleanly: no orphan daemon left behind.
    if (pid) expect(() => process.kill(pid, 0)).toThrow();
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'keystead-litecoin-'));
  });
  afterAll(async () => {
    await node?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on 127.0.0.1 with generated credentials', async () => {
    node = await startLitecoinRegtest({ dataDir });
    expect(node).not.toBeNull();
    expect(node!.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(node!.rpcPassword).toMatch(/^[0-9a-f]{48}$/);
    expect(statSync(join(dataDir, 'litecoin', 'devnet-rpc.json')).mode & 0o077).toBe(0);
    const chain = (await node!.rpc('getblockchaininfo')) as { chain: string; blocks: number };
    expect(chain).toMatchObject({ chain: 'regtest', blocks: 0 });
    const network = (await node!.rpc('getnetworkinfo')) as { connections: number; localaddresses: unknown[] };
    expect(network.connections).toBe(0);
    expect(network.localaddresses).toEqual([]);
  });

  it('mines 101 blocks to a wallet address and sees the matured coinbase', async () => {
    const wallet = await node!.ensureWallet('test');
    address = await node!.newAddress(wallet);
    expect(address).toMatch(/^rltc1/);
    const hashes = await node!.mineBlocks(101, address);
    expect(hashes).toHaveLength(101);
    expect(await node!.rpc('getblockcount')).toBe(101);
    // Regtest coinbase is 50 LTC and matures after 100 blocks: only the first is spendable.
    expect(await node!.rpc('getbalance', [], { wallet })).toBe(50);
  });

  it('reports RPC errors with their code', async () => {
    await expect(node!.rpc('getblockhash', [10_000])).rejects.toBeInstanceOf(LitecoinRpcError);
    await expect(node!.rpc('getblockhash', [10_000])).rejects.toMatchObject({ code: -8 });
  });

  it('keeps the chain and the wallet across a restart', async () => {
    const tip = await node!.rpc('getbestblockhash');
    await stop();
    node = await startLitecoinRegtest({ dataDir });
    expect(await node!.rpc('getblockcount')).toBe(101);
    expect(await node!.rpc('getbestblockhash')).toBe(tip);
    const wallet = await node!.ensureWallet('test');
    expect(await node!.rpc('getbalance', [], { wallet })).toBe(50);
    const info = (await node!.rpc('getaddressinfo', [address], { wallet })) as { ismine: boolean };
    expect(info.ismine).toBe(true);
    await stop();
  });
});
