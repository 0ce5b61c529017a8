// Accounts as RPC replies show them (UiAccount): base64 or base58 data, or for jsonParsed the
// parsed form of SPL Token accounts and mints, other accounts falling back to base64 as on a node.
import type { Chain } from './chain.js';
import { encodeBase58 } from './base58.js';
import { invalidParams } from './errors.js';
import { dataBuffer, parsedTokenData, type VmAccount } from './tokens.js';

const ENCODINGS = ['base64', 'base58', 'jsonParsed'];

/** The encoding a request asks for (`fallback` when none), refused when the devnet cannot give it. */
export function accountEncoding(config: { encoding?: unknown } | undefined, fallback = 'base64'): string {
  const encoding = String(config?.encoding ?? fallback);
  if (!ENCODINGS.includes(encoding)) throw invalidParams(`unsupported encoding: ${encoding}`);
  return encoding;
}

export function encodeAccount(chain: Chain, address: string, account: VmAccount, encoding: string) {
  const base = {
    executable: account.executable,
    owner: account.programAddress,
    lamports: Number(account.lamports),
    // LiteSVM 1.5.0 does not expose an account's rent epoch (and writes 0 with setAccount): 0 for all.
    rentEpoch: 0,
    space: account.data.length,
  };
  if (encoding === 'jsonParsed') {
    const parsed = parsedTokenData(address, account, chain.mintDecimals);
    if (parsed) return { ...base, data: parsed };
  }
  const data = dataBuffer(account);
  if (encoding === 'base58') return { ...base, data: [encodeBase58(data), 'base58'] };
  return { ...base, data: [data.toString('base64'), 'base64'] };
}
