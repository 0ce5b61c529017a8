// XRPL_RPC_URL may name a WebSocket server (ws://, wss://): the adapter then talks through
// xrpl.js's client. A small bridge here speaks rippled's WebSocket framing ({id, command, …} →
// {id, type: 'response', status, result}) and forwards to the SYNTHETIC fixture ledger's JSON-RPC.
import { startXrplFixtureNode, type XrplFixtureNode } from '@keystead/xrpl-fixture-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { chainByKey } from '../chain-table';
import { createXrplAdapter } from './adapter';
import { isRefusal, createXrplRpc } from './rpc';

describe('XRPL over WebSocket (bridge to the SYNTHETIC fixture ledger)', () => {
  let node: XrplFixtureNode;
  let server: WebSocketServer;
  let url: string;

  beforeAll(async () => {
    node = await startXrplFixtureNode();
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    server.on('connection', (socket) =>
      socket.on('message', async (data) => {
        const { id, command, ...params } = JSON.parse(String(data)) as Record<string, unknown>;
        const reply = await fetch(node.url, {
          method: 'POST',
          body: JSON.stringify({ method: command, params: [params] }),
        });
        const { result } = (await reply.json()) as { result: Record<string, unknown> };
        const failed = result.status === 'error';
        socket.send(
          JSON.stringify(
            failed
              ? { id, type: 'response', status: 'error', error: result.error, request: params }
              : { id, type: 'response', status: 'success', result },
          ),
        );
      }),
    );
    url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    // The adapter keeps its connection open for later calls: end it from the server side.
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
    await node.close();
  });

  it('reads the ledger and an account; a refusal keeps its rippled error name', async () => {
    const chain = createXrplAdapter({ info: chainByKey('xrp-testnet')!, rpcUrl: url });
    const ledger = await chain.ledgerState();
    expect(ledger).toMatchObject({ baseFee: 10n, reserveBase: 1_000_000n, reserveInc: 200_000n });
    expect(ledger.ledgerIndex).toBe(node.ledgerIndex());
    const fresh = 'rU6K7V3Po4snVhBBaU29sesqs2qTQJWDw1';
    expect((await chain.account(fresh)).exists).toBe(false);
    node.fund(fresh, 5_000_000);
    expect(await chain.account(fresh)).toMatchObject({ exists: true, balance: 5_000_000n });
    const rpc = createXrplRpc(url);
    await expect(rpc('account_info', { account: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp' })).rejects.toSatisfy((e) =>
      isRefusal(e, 'actNotFound'),
    );
  });
});
