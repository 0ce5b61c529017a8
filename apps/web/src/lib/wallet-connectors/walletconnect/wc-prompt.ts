import { WalletError, type Address } from '../types';

/**
 * What the page shows while it waits for the phone: the pairing link (as a QR code and text), or
 * the request the phone is to confirm. The connector asks here; the one WalletConnect dialog of
 * the app (mounted at the root, as the QR dialog) shows it.
 */
export type WalletConnectPrompt =
  | { kind: 'pair'; uri: string }
  | {
      kind: 'request';
      action: 'message' | 'typedData' | 'transaction';
      /** The wallet app's own name, as the session's peer gave it. */
      wallet: string;
      account: Address;
    };

export interface PendingPrompt {
  id: number;
  prompt: WalletConnectPrompt;
  /** The user closed the dialog: the connector stops waiting (user rejected). */
  cancel(): void;
}

let current: PendingPrompt | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(value: PendingPrompt | null) {
  current = value;
  for (const listener of listeners) listener();
}

/**
 * Shows `prompt` until `work` settles and resolves as it does; closing the dialog rejects with
 * wallet_user_reject at once (a late answer from the phone is then dropped).
 */
export function whilePrompting<T>(prompt: WalletConnectPrompt, work: Promise<T>): Promise<T> {
  current?.cancel();
  const id = nextId++;
  let cancel = () => {};
  const cancelled = new Promise<never>((_resolve, reject) => {
    cancel = () => reject(new WalletError('wallet_user_reject', 'closed in the page'));
  });
  // After a cancel nobody awaits the work: its later failure must not surface as unhandled.
  work.catch(() => undefined);
  publish({ id, prompt, cancel: () => cancel() });
  return Promise.race([work, cancelled]).finally(() => {
    if (current?.id === id) publish(null);
  });
}

export const walletConnectPrompts = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => current,
};
