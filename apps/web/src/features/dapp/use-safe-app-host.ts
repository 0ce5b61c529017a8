import { useEffect, useRef, type RefObject } from 'react';
import { isSafeAppRequest, replyError, replyOk } from './safe-host';

/** Answers one SDK method: resolves with the reply's data, or throws what the Dapp is told. */
export type SafeAppHandler = (method: string, params: unknown) => Promise<unknown>;

/**
 * Serves the Safe Apps SDK requests of the Dapp in `frame`. Only messages from that frame's
 * window AND from the Dapp's origin are read (another tab, frame or a navigated-away frame is
 * ignored), and replies go to that origin only.
 */
export function useSafeAppHost(
  frame: RefObject<HTMLIFrameElement | null>,
  origin: string,
  handle: SafeAppHandler,
): void {
  // The latest handler answers (it reads the page's current wallet and state).
  const handler = useRef(handle);
  useEffect(() => {
    handler.current = handle;
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || event.origin !== origin) return;
      if (!isSafeAppRequest(event.data)) return;
      const { id, method, params } = event.data;
      handler.current(method, params).then(
        (data) => target.postMessage(replyOk(id, data), origin),
        (error: unknown) =>
          target.postMessage(replyError(id, error instanceof Error ? error.message : String(error)), origin),
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, origin]);
}
