import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  normalizePairingCode,
} from '@keystead/contract/api/mobile';

/** What a scanned (or opened) text asks of the phone. */
export type ScannedText =
  | { kind: 'pair'; code: string }
  | { kind: 'task'; organizationId: number; taskId: number }
  | { kind: 'inherit'; organizationId: number; walletId: number };

const CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

/** A pairing code as typed or carried ("abcde-fghjk"), in its stored form, or null. */
export function pairingCode(input: string): string | null {
  const code = normalizePairingCode(input);
  return CODE.test(code) ? code : null;
}

/** "ABCDEFGHJK" → "ABCDE-FGHJK", as the desktop shows it. */
export function formatPairingCode(code: string): string {
  return code.length === PAIRING_CODE_LENGTH ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/** "12:345" → [12, 345]; anything else null. */
function idPair(value: string): [number, number] | null {
  const match = /^(\d{1,15}):(\d{1,15})$/.exec(value.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * Reads `<origin>/mobile#pair=CODE`, `<origin>/mobile#task=<space id>:<task id>`,
 * `<origin>/mobile#inherit=<space id>:<wallet id>` (a nomination as heir), a bare fragment
 * (`#pair=…`, `pair=…`) or a bare pairing code. Anything else: null.
 */
export function parseScannedText(text: string): ScannedText | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const hash = trimmed.indexOf('#');
  const fragment = hash >= 0 ? trimmed.slice(hash + 1) : trimmed;
  const params = new URLSearchParams(fragment);
  const pair = params.get('pair');
  if (pair !== null) {
    const code = pairingCode(pair);
    return code ? { kind: 'pair', code } : null;
  }
  const task = params.get('task');
  if (task !== null) {
    const ids = idPair(task);
    return ids ? { kind: 'task', organizationId: ids[0], taskId: ids[1] } : null;
  }
  const inherit = params.get('inherit');
  if (inherit !== null) {
    const ids = idPair(inherit);
    return ids ? { kind: 'inherit', organizationId: ids[0], walletId: ids[1] } : null;
  }
  if (hash >= 0 || fragment.includes('=') || fragment.includes('/')) return null;
  const code = pairingCode(fragment);
  return code ? { kind: 'pair', code } : null;
}
