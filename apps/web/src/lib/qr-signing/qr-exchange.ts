import type { UR } from '@ngraveio/bc-ur';
import { WalletError } from '../wallet-connectors/types';

/**
 * One exchange with an air-gapped device: the page shows QR codes (the request), the device
 * shows QR codes back (the signed reply, or its account export). Connectors and screens ask for
 * an exchange here; the one QR dialog of the app (mounted at the root) carries it out.
 */
export interface QrExchangeRequest {
  /** Already translated: what this exchange is for. */
  title: string;
  /** UR parts to show in turn (empty: the device only shows, e.g. its account export). */
  frames: string[];
  /** UR types the reply may have. */
  expect: string[];
  /** Lines to compare with the device's screen (hashes, amounts), label → value. */
  details?: Array<{ label: string; value: string }>;
  /** Already translated: what to do on the device, where the dialog's own hint does not fit. */
  hint?: string;
}

export interface PendingExchange extends QrExchangeRequest {
  id: number;
  resolve(ur: UR): void;
  reject(error: Error): void;
}

let current: PendingExchange | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(value: PendingExchange | null) {
  current = value;
  for (const listener of listeners) listener();
}

/** Resolves the device's reply; rejects (user rejected) when the user closes the dialog. */
export function exchangeByQr(request: QrExchangeRequest): Promise<UR> {
  current?.reject(new WalletError('wallet_user_reject', 'replaced by another QR exchange'));
  return new Promise<UR>((resolve, reject) => {
    const id = nextId++;
    const settle = () => {
      if (current?.id === id) publish(null);
    };
    publish({
      ...request,
      id,
      resolve: (ur) => {
        settle();
        resolve(ur);
      },
      reject: (error) => {
        settle();
        reject(error);
      },
    });
  });
}

export const qrExchangeStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => current,
};
