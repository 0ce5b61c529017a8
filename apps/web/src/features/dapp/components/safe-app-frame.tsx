import { useCallback, useEffect, useRef, useState } from 'react';
import type { Chain, WalletDetail } from '@keystead/contract/api/wallet-replies';
import { useLazyTranslation } from '@/lib/use-namespace';
import {
  fetchDappTask,
  fetchDappTaskByHash,
  readChainForDapp,
  useCreateDappMessage,
  useCreateDappTask,
} from '../api/dapp-calls';
import {
  Methods,
  balancesOf,
  callsOf,
  chainInfoOf,
  messageOf,
  txDetailsOf,
  type DappMessageRequest,
} from '../safe-host';
import { fetchWalletAssets } from '@/features/wallet';
import { useSafeAppHost } from '../use-safe-app-host';
import { CreatedTasks } from './created-tasks';
import { ReviewModal, type DappRequest } from './review-modal';
import { MessageReviewModal } from './message-review-modal';

/** What the Dapp is told when the user rejects its request (the SDK rejects its promise with it). */
const REJECTED = 'Transactions were rejected by the user';

/** A request under review: calls (sendTransactions) or a message (signMessage, signTypedMessage). */
type Pending = (DappRequest | { origin: string; message: DappMessageRequest }) & {
  resolve: (value: { safeTxHash: string } | { messageHash: string }) => void;
  reject: (error: Error) => void;
};

interface Created {
  taskId: number;
  safeTxHash: string;
  to: string;
  callCount: number;
}

/**
 * A Safe App in a sandboxed frame of its own origin, answered as the Safe `wallet` would: its
 * transactions are reviewed here and become one Dapp task that goes through the wallet's usual
 * approvals and signatures.
 */
export function SafeAppFrame({ url, wallet, chain }: { url: URL; wallet: WalletDetail; chain: Chain }) {
  const { t } = useLazyTranslation('dapp');
  const frame = useRef<HTMLIFrameElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // The request under review, read by the message handler between renders.
  const pendingRef = useRef<Pending | null>(null);
  const [created, setCreated] = useState<Created[]>([]);
  // safeTxHash (or message hash) → task of this page; others are looked up by hash.
  const tasks = useRef(new Map<string, Created>());
  const create = useCreateDappTask();
  const createMessage = useCreateDappMessage();
  const safeAddress = wallet.address ?? '';
  /** A Dapp task of this Safe by its hash: made from this page, else looked up (a request from an earlier visit). */
  const dappTask = useCallback(
    (hash: string) => {
      const known = tasks.current.get(hash.toLowerCase());
      return known ? fetchDappTask(known.taskId) : fetchDappTaskByHash(wallet.wallet_id, hash);
    },
    [wallet.wallet_id],
  );

  const handle = useCallback(
    async (method: string, params: unknown): Promise<unknown> => {
      switch (method) {
        case Methods.getSafeInfo:
          return {
            safeAddress,
            chainId: Number(wallet.chain_id),
            owners: wallet.signers.map((signer) => signer.address),
            threshold: wallet.threshold,
            isReadOnly: false,
          };
        case Methods.getChainInfo:
          return chainInfoOf(chain);
        case Methods.getSafeBalances:
          return balancesOf(await fetchWalletAssets(wallet.wallet_id), params);
        case Methods.getEnvironmentInfo:
          return { origin: window.location.origin };
        case Methods.sendTransactions: {
          const calls = callsOf(params);
          if (!calls) throw new Error('Invalid transactions: each needs to, value (wei) and data (hex)');
          if (pendingRef.current) throw new Error('Another request is being reviewed');
          return new Promise((resolve, reject) => {
            const request = { origin: url.origin, calls, resolve, reject };
            pendingRef.current = request;
            setPending(request);
          });
        }
        case Methods.signMessage:
        case Methods.signTypedMessage: {
          const message = messageOf(method, params);
          if (!message) throw new Error('Invalid message');
          if (pendingRef.current) throw new Error('Another request is being reviewed');
          return new Promise((resolve, reject) => {
            const request = { origin: url.origin, message, resolve, reject };
            pendingRef.current = request;
            setPending(request);
          });
        }
        case Methods.getOffChainSignature: {
          // The SafeMessage hash signMessage answered; '' until enough owners signed (as Safe{Wallet}).
          return (await dappTask(String(params ?? ''))).signature ?? '';
        }
        case Methods.getTxBySafeTxHash: {
          const hash = String((params as { safeTxHash?: unknown } | null)?.safeTxHash ?? '');
          const info = await dappTask(hash);
          const to = info.calls[0]?.to ?? safeAddress;
          return txDetailsOf({
            safeAddress,
            safeTxHash: hash.toLowerCase(),
            to,
            callCount: info.calls.length,
            status: info.status,
            txHash: info.tx_hash,
          });
        }
        case Methods.rpcCall: {
          // Reads only; the server refuses anything else (sending goes through sendTransactions).
          const { call, params: args } = (params ?? {}) as { call?: unknown; params?: unknown };
          if (typeof call !== 'string' || !Array.isArray(args)) throw new Error('Invalid rpcCall');
          return readChainForDapp(wallet.wallet_id, call, args);
        }
        default:
          throw new Error(`${method} is not supported yet`);
      }
    },
    [safeAddress, wallet, chain, url, dappTask],
  );
  useSafeAppHost(frame, url.origin, handle);

  // A review left open when the frame goes (another wallet or Dapp) is a rejection for the Dapp.
  useEffect(() => () => pendingRef.current?.reject(new Error(REJECTED)), []);

  const done = () => {
    pendingRef.current = null;
    setPending(null);
    create.reset();
    createMessage.reset();
  };
  const reject = () => {
    pending?.reject(new Error(REJECTED));
    done();
  };
  const confirm = () => {
    if (!pending) return;
    const dapp = { name: url.host, url: url.origin };
    if ('message' in pending) {
      createMessage.mutate(
        { wallet_id: wallet.wallet_id, dapp, message: pending.message },
        {
          onSuccess: (task) => {
            const messageHash = task.safe_tx_hash ?? '';
            const entry = { taskId: task.task_id, safeTxHash: messageHash, to: safeAddress, callCount: 0 };
            tasks.current.set(messageHash.toLowerCase(), entry);
            setCreated((list) => [entry, ...list]);
            pending.resolve({ messageHash });
            done();
          },
        },
      );
      return;
    }
    create.mutate(
      { wallet_id: wallet.wallet_id, dapp, calls: pending.calls },
      {
        onSuccess: (task) => {
          const safeTxHash = task.safe_tx_hash ?? '';
          const entry = {
            taskId: task.task_id,
            safeTxHash,
            to: pending.calls[0]!.to,
            callCount: pending.calls.length,
          };
          tasks.current.set(safeTxHash.toLowerCase(), entry);
          setCreated((list) => [entry, ...list]);
          pending.resolve({ safeTxHash });
          done();
        },
      },
    );
  };

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <CreatedTasks tasks={created} />
      {/* Keyed: the alerts growing in front of it must not remount (reload) the Dapp. */}
      <iframe
        key="frame"
        ref={frame}
        src={url.href}
        title={t('frame.title', { origin: url.origin })}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        data-testid="dapp-frame"
        style={{
          width: '100%',
          height: 560,
          border: '1px solid #e8ebf3',
          borderRadius: 8,
          background: '#fff',
        }}
      />
      {pending && 'message' in pending ? (
        <MessageReviewModal
          origin={pending.origin}
          message={pending.message}
          wallet={{ name: wallet.name, address: safeAddress }}
          creating={createMessage.isPending}
          createError={createMessage.error}
          onConfirm={confirm}
          onReject={reject}
        />
      ) : pending ? (
        <ReviewModal
          request={pending}
          wallet={{ id: wallet.wallet_id, name: wallet.name, address: safeAddress }}
          creating={create.isPending}
          createError={create.error}
          onConfirm={confirm}
          onReject={reject}
        />
      ) : null}
    </div>
  );
}
