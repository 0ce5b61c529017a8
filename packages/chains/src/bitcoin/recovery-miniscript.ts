import { compileMiniscript } from '@bitcoinerlab/miniscript';
import { script as bscript } from 'bitcoinjs-lib';
import { BitcoinError } from './errors';

/** BIP-68 block-based relative locks hold 16 bits; larger values would mean something else. */
export const MAX_RECOVERY_BLOCKS = 0xffff;

export function validateRecoveryBlocks(blocks: number): void {
  if (!Number.isInteger(blocks) || blocks < 1 || blocks > MAX_RECOVERY_BLOCKS)
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      `recovery delay must be 1 to ${MAX_RECOVERY_BLOCKS} blocks, got ${blocks}`,
    );
}

/** The policy as miniscript over hex keys; signer keys are taken in the order given. */
export function recoveryMiniscript(
  threshold: number,
  signers: Uint8Array[],
  recovery: Uint8Array,
  blocks: number,
): string {
  const hex = (k: Uint8Array) => Buffer.from(k).toString('hex');
  return `or_d(multi(${threshold},${signers.map(hex).join(',')}),and_v(v:pk(${hex(recovery)}),older(${blocks})))`;
}

/**
 * The witness script, compiled by the miniscript library (not assembled here). The library's
 * ASM writes pushes as <hex>, small numbers as decimals and opcodes by name; bitcoinjs-lib's
 * compile() then picks the minimal encodings (OP_0…OP_16).
 */
export function recoveryWitnessScript(
  threshold: number,
  signers: Uint8Array[],
  recovery: Uint8Array,
  blocks: number,
): Uint8Array {
  validateRecoveryBlocks(blocks);
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > signers.length)
    throw new BitcoinError('INVALID_ARGUMENT', `threshold must be between 1 and ${signers.length}`, {
      reason: 'wallet_threshold',
    });
  const all = [...signers, recovery].map((k) => Buffer.from(k).toString('hex'));
  if (new Set(all).size !== all.length)
    throw new BitcoinError('INVALID_ARGUMENT', 'the keys of the recovery script must all differ', {
      reason: 'wallet_duplicate_key',
    });
  const compiled = compileMiniscript(recoveryMiniscript(threshold, signers, recovery, blocks));
  if (!compiled.issane)
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      `recovery miniscript refused: ${compiled.error ?? 'not sane'}`,
    );
  return asmToScript(compiled.asm);
}

function asmToScript(asm: string): Uint8Array {
  const chunks = asm
    .trim()
    .split(/\s+/)
    .map((token): number | Uint8Array => {
      if (/^OP_[0-9A-Z_]+$/.test(token)) {
        const op = (bscript.OPS as unknown as Record<string, number | undefined>)[token];
        if (op === undefined) throw new Error(`miniscript ASM: unknown opcode ${token}`);
        return op;
      }
      if (/^<([0-9a-f]{2})+>$/.test(token)) return Buffer.from(token.slice(1, -1), 'hex');
      if (/^\d+$/.test(token)) return bscript.number.encode(Number(token));
      throw new Error(`miniscript ASM: unexpected token ${token}`);
    });
  return bscript.compile(chunks);
}

export interface RecoveryScriptParts {
  threshold: number;
  /** Signer keys in script order. */
  signers: Uint8Array[];
  recovery: Uint8Array;
  blocks: number;
}

/**
 * The parts of a recovery-wallet script, or null when it is not one: accepted only if the
 * miniscript library compiles the same keys, threshold and delay to the very same bytes.
 */
export function parseRecoveryScript(script: Uint8Array): RecoveryScriptParts | null {
  // k K1…Kn n CHECKMULTISIG IFDUP NOTIF R CHECKSIGVERIFY N CHECKSEQUENCEVERIFY ENDIF
  const chunks = bscript.decompile(Buffer.from(script)) ?? [];
  const n = chunks.length - 10;
  const keys = chunks.slice(1, n + 1);
  const recovery = chunks[n + 5];
  if (n < 1 || !keys.every((k) => k instanceof Uint8Array) || !(recovery instanceof Uint8Array)) return null;
  const parts = {
    threshold: scriptNumber(chunks[0]),
    signers: keys as Uint8Array[],
    recovery,
    blocks: scriptNumber(chunks[n + 7]),
  };
  try {
    const expected = recoveryWitnessScript(parts.threshold, parts.signers, parts.recovery, parts.blocks);
    return Buffer.compare(expected, script) === 0 ? parts : null;
  } catch {
    return null;
  }
}

/** OP_1…OP_16 or a minimal script number; -1 for anything else (then the template check fails). */
function scriptNumber(chunk: number | Uint8Array | undefined): number {
  if (typeof chunk === 'number') return chunk >= 0x51 && chunk <= 0x60 ? chunk - 0x50 : -1;
  try {
    return chunk ? bscript.number.decode(Buffer.from(chunk), 4) : -1;
  } catch {
    return -1;
  }
}
