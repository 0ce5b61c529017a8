import { WalletError } from '../wallet-connectors/types';
import { exchangeByQr } from './qr-exchange';
import type { SolQrAccount } from './sol-ur';

/** The UR code loads with the first QR exchange, not with the page. */
const codec = () => import('./sol-ur');

/** Keys read from a device's export in this page: a second signature needs no second scan. */
const known = new Map<string, SolQrAccount>();

export interface SolQrSignInput {
  /** The signer's address: the key that must sign. */
  signer: string;
  kind: 'transaction' | 'message';
  /** Exactly the bytes to be signed. */
  data: Uint8Array;
  /** Already translated. */
  titles: { accounts: string; accountsHint: string; sign: string };
  /** Lines to compare with the device's screen. */
  details: Array<{ label: string; value: string }>;
}

/**
 * A Solana signature from an air-gapped Keystone: first (once per page) its account export, to
 * learn the path and master fingerprint of the signer's key, then the `sol-sign-request` and its
 * `sol-signature`, verified with the signer's key over `data` before it is returned.
 */
export async function signSolByQr(input: SolQrSignInput): Promise<Uint8Array> {
  const { NotSignedBySigner, solAccountsFromUr, solSignRequestUr, solSignatureFromUr } = await codec();
  const { urFrames } = await import('./ur-codec');
  let account = known.get(input.signer);
  if (!account) {
    const exported = await exchangeByQr({
      title: input.titles.accounts,
      hint: input.titles.accountsHint,
      frames: [],
      expect: ['crypto-multi-accounts'],
    });
    try {
      for (const each of solAccountsFromUr(exported)) known.set(each.address, each);
    } catch (error) {
      throw new WalletError('wallet_connect_failed', String(error));
    }
    account = known.get(input.signer);
    if (!account)
      throw new WalletError('signer_mismatch', `the device's Solana accounts do not include ${input.signer}`);
  }
  const requestId = crypto.randomUUID();
  const request = solSignRequestUr({ kind: input.kind, data: input.data, account, requestId });
  const reply = await exchangeByQr({
    title: input.titles.sign,
    frames: urFrames(request),
    expect: ['sol-signature'],
    details: input.details,
  });
  try {
    return solSignatureFromUr(reply, requestId, input.data, input.signer);
  } catch (error) {
    const code = error instanceof NotSignedBySigner ? 'signer_mismatch' : 'sign_error';
    throw new WalletError(code, String(error));
  }
}
