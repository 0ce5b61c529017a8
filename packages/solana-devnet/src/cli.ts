// Runs a Solana devnet until interrupted:
//   npx tsx packages/solana-devnet/src/cli.ts [--port 8899] [--host 127.0.0.1]
// It creates a 6-decimal "USDT" test mint at an address that is the same on every start (derived
// from a fixed seed), so app configuration can name it. Fund keys and mint tokens through the
// /fixture/* endpoints (see README.md).
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Keypair } from '@solana/web3.js';
import { startSolanaDevnet } from './devnet.js';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8899' }, host: { type: 'string', default: '127.0.0.1' } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65534) throw new Error(`invalid --port ${values.port}`);

const devnet = await startSolanaDevnet({ port, host: values.host });
const seed = createHash('sha256').update('keystead solana-devnet USDT test mint').digest();
const usdt = await devnet.createMint(6, Keypair.fromSeed(seed).publicKey.toBase58());

process.stdout.write(
  [
    `Solana devnet (LiteSVM) listening`,
    `  JSON-RPC   ${devnet.url}`,
    `  WebSocket  ${devnet.wsUrl}`,
    `  USDT mint  ${usdt} (6 decimals, test mint)`,
    `  fixtures   POST ${devnet.url}/fixture/airdrop {address, lamports}`,
    `             POST ${devnet.url}/fixture/mint {mint, owner, amount}`,
    `             POST ${devnet.url}/fixture/create-mint {decimals}`,
    `             POST ${devnet.url}/fixture/set-account {address, owner, data (base64), lamports?}`,
    '',
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void devnet.close().then(() => process.exit(0));
  });
}
