import { keccak256, recoverAddress, toHex, type Hex } from 'viem';
import { generatePrivateKey, sign } from 'viem/accounts';
import { recoverSafeTxSigner } from '@keystead/chains';
import { printRow } from './harness';

const SAMPLES = 50;
const ROUNDS = 4000;

async function meanMicros(run: (index: number) => unknown): Promise<number> {
  for (let i = 0; i < 200; i++) await run(i); // warm-up (JIT, WASM instantiation)
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) await run(i);
  return ((performance.now() - started) * 1000) / ROUNDS;
}

/**
 * What the signature step pays per signature to learn its signer: viem's pure-JS recovery (the
 * bare baseline, and what the server used before) against the server's own check
 * (recoverSafeTxSigner: parse, EIP-2 rules, libsecp256k1 WASM recovery, checksummed address).
 */
export async function benchRecovery(): Promise<void> {
  console.log(`\n# Signature recovery (${SAMPLES} keys, ${ROUNDS} rounds each, one process)`);
  const samples: Array<{ hash: Hex; signature: Hex }> = [];
  for (let i = 0; i < SAMPLES; i++) {
    const hash = keccak256(toHex(`safe tx ${i}`));
    samples.push({ hash, signature: await sign({ hash, privateKey: generatePrivateKey(), to: 'hex' }) });
  }
  const pick = (i: number) => samples[i % SAMPLES]!;
  const bare = await meanMicros((i) => recoverAddress(pick(i)));
  const server = await meanMicros((i) => recoverSafeTxSigner(pick(i).hash, pick(i).signature));
  printRow('viem recoverAddress (bare baseline)', { mean_us: bare.toFixed(0) });
  printRow('recoverSafeTxSigner (libsecp256k1 WASM)', {
    mean_us: server.toFixed(0),
    speedup_vs_bare: (bare / server).toFixed(1),
  });
}
