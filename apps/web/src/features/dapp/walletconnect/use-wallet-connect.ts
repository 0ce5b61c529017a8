import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionTypes } from '@walletconnect/types';
import { fetchDappTask, readChainForDapp } from '../api/dapp-calls';
import type { Kit, Proposal, SessionRequest } from './wallet-side';
import { wcActionOf, type WcAction } from './wc-requests';

type WalletSide = typeof import('./wallet-side');
const walletSide = (): Promise<WalletSide> => import('./wallet-side');

/** A Safe of the space a session can speak for. */
export interface SafeEntry {
  walletId: number;
  name: string;
  address: string;
  chainId: number;
}

/** A transaction or message request waiting for the review: its session, its Safe and what it asks. */
export type PendingSend = {
  request: SessionRequest;
  session: SessionTypes.Struct;
  safe: SafeEntry;
} & (
  | { calls: Extract<WcAction, { kind: 'send' }>['calls'] }
  | { message: Extract<WcAction, { kind: 'sign' }>['message'] }
);

/** How often a waiting message request asks whether its task is signed. */
const SIGNATURE_POLL_MS = 3000;
/** Task statuses after which a message will never be signed (failed, revoked, rejected, cancelled). */
const ENDED = new Set([2, 7, 8, 9, 10, 11]);

/** The Safe a session's account names (`eip155:<chain>:<address>`), if it is one of `safes`. */
export function safeOfSession(session: SessionTypes.Struct, safes: SafeEntry[]): SafeEntry | undefined {
  const account = session.namespaces.eip155?.accounts[0] ?? '';
  const [, chain, address] = account.split(':');
  return safes.find(
    (safe) => safe.chainId === Number(chain) && safe.address.toLowerCase() === address?.toLowerCase(),
  );
}

/**
 * The page's WalletConnect wallet: starts it, keeps the sessions of this space's Safes, shows
 * proposals and transaction requests one at a time, and answers reads at once. Requests for a
 * Safe this space does not hold are refused (sessions live in this browser, not per space).
 */
export function useWalletConnect(config: { project_id: string; relay_url: string }, safes: SafeEntry[]) {
  const [kit, setKit] = useState<Kit | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const [sessions, setSessions] = useState<SessionTypes.Struct[]>([]);
  const [proposal, setProposal] = useState<{ proposal: Proposal; safe: SafeEntry } | null>(null);
  const [sends, setSends] = useState<PendingSend[]>([]);
  // safeTxHash → task, so the Dapp's receipt query for it finds the chain transaction.
  const tasks = useRef(new Map<string, number>());
  const safesRef = useRef(safes);
  safesRef.current = safes;
  const pairingSafe = useRef<SafeEntry | null>(null);

  const refresh = useCallback((current: Kit) => setSessions(Object.values(current.getActiveSessions())), []);

  const start = useCallback(() => {
    setStartError(null);
    walletSide()
      .then((side) => side.walletKit(config))
      .then((started) => {
        setKit(started);
        refresh(started);
      }, setStartError);
  }, [config, refresh]);
  useEffect(start, [start]);

  useEffect(() => {
    if (!kit) return;
    const respond = (
      event: SessionRequest,
      outcome: { result: unknown } | { code: number; message: string },
    ) =>
      kit.respondSessionRequest({
        topic: event.topic,
        response:
          'result' in outcome
            ? { id: event.id, jsonrpc: '2.0', result: outcome.result }
            : { id: event.id, jsonrpc: '2.0', error: { code: outcome.code, message: outcome.message } },
      });

    const onProposal = (event: Proposal) => {
      const safe = pairingSafe.current;
      if (safe) setProposal({ proposal: event, safe });
      else void walletSide().then((side) => kit.rejectSession({ id: event.id, reason: side.rejection() }));
    };
    const onRequest = async (event: SessionRequest) => {
      const session = kit.getActiveSessions()[event.topic];
      const safe = session && safeOfSession(session, safesRef.current);
      if (!session || !safe)
        return respond(event, { code: 4100, message: 'This Safe is not open in this space' });
      const action = wcActionOf(
        event.params.request.method,
        event.params.request.params,
        safe.address,
        safe.chainId,
      );
      try {
        switch (action.kind) {
          case 'send':
            return setSends((list) => [...list, { request: event, session, safe, calls: action.calls }]);
          case 'sign':
            return setSends((list) => [...list, { request: event, session, safe, message: action.message }]);
          case 'answer':
            return await respond(event, { result: action.result });
          case 'refuse':
            return await respond(event, action);
          case 'read':
            return await respond(event, {
              result: await readChainForDapp(safe.walletId, action.method, action.params),
            });
          case 'receipt': {
            // A safeTxHash this page answered stands for its chain transaction once executed.
            const taskId = tasks.current.get(action.hash);
            const hash = taskId ? (await fetchDappTask(taskId)).tx_hash : action.hash;
            const result = hash ? await readChainForDapp(safe.walletId, action.method, [hash]) : null;
            return await respond(event, { result });
          }
        }
      } catch (error) {
        await respond(event, {
          code: -32603,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    };
    const onDelete = () => refresh(kit);
    kit.on('session_proposal', onProposal);
    kit.on('session_request', onRequest);
    kit.on('session_delete', onDelete);
    return () => {
      kit.off('session_proposal', onProposal);
      kit.off('session_request', onRequest);
      kit.off('session_delete', onDelete);
    };
  }, [kit, refresh]);

  return {
    kit,
    startError,
    retryStart: start,
    sessions: sessions.filter((session) => safeOfSession(session, safes)),
    proposal,
    send: sends[0] ?? null,
    /** Pairs with a Dapp's link for `safe`; the proposal then waits for approve or reject. */
    async pair(uri: string, safe: SafeEntry) {
      if (!kit) return;
      pairingSafe.current = safe;
      await kit.pair({ uri: uri.trim() });
    },
    async approve() {
      if (!kit || !proposal) return;
      const side = await walletSide();
      const namespaces = side.safeNamespaces(proposal.proposal.params, proposal.safe);
      await kit.approveSession({ id: proposal.proposal.id, namespaces });
      setProposal(null);
      refresh(kit);
    },
    async reject(reason: 'user' | 'chains' = 'user') {
      if (!kit || !proposal) return;
      const side = await walletSide();
      const why = reason === 'chains' ? side.unsupportedChains() : side.rejection();
      setProposal(null);
      await kit.rejectSession({ id: proposal.proposal.id, reason: why });
    },
    async disconnect(topic: string) {
      if (!kit) return;
      const side = await walletSide();
      await kit.disconnectSession({ topic, reason: side.userDisconnected() });
      refresh(kit);
    },
    /**
     * Ends the review of the first request: a transaction is answered the task's safeTxHash at
     * once; a message keeps the Dapp waiting for the Safe's signature (as Safe{Wallet} does) until
     * enough owners signed, or is refused when its task ends unsigned.
     */
    async settle(outcome: { taskId: number; safeTxHash: string } | 'rejected') {
      const current = sends[0];
      if (!kit || !current) return;
      setSends((list) => list.slice(1));
      const { id, topic } = current.request;
      const refuse = (message: string) =>
        kit.respondSessionRequest({
          topic,
          response: { id, jsonrpc: '2.0', error: { code: 4001, message } },
        });
      if (outcome === 'rejected') return refuse('Rejected by the user');
      if ('message' in current) {
        // Until the request expires for the Dapp (WalletConnect's expiry, else an hour).
        const until = (current.request.params.request.expiryTimestamp ?? 0) * 1000 || Date.now() + 3_600_000;
        while (Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, SIGNATURE_POLL_MS));
          const task = await fetchDappTask(outcome.taskId).catch(() => null);
          if (task?.signature)
            return kit.respondSessionRequest({
              topic,
              response: { id, jsonrpc: '2.0', result: task.signature },
            });
          if (task && ENDED.has(task.status)) return refuse('The Safe did not sign the message');
        }
        return refuse('The message was not signed in time').catch(() => undefined);
      }
      tasks.current.set(outcome.safeTxHash.toLowerCase(), outcome.taskId);
      return kit.respondSessionRequest({
        topic,
        response: { id, jsonrpc: '2.0', result: outcome.safeTxHash },
      });
    },
  };
}
