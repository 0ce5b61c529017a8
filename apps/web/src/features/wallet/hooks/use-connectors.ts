import { useMemo } from 'react';
import { useWebConfig } from '@/features/platform';
import {
  devnetConnector,
  injectedConnector,
  ledgerConnector,
  oneKeyConnector,
  qrConnector,
  trezorConnector,
  walletConnectConnector,
  type WalletConnector,
} from '@/lib/wallet-connectors';

/**
 * The connectors that work here: the injected browser wallet (listed even when missing, so the
 * user learns it needs an extension), a Ledger where the browser has WebHID (Chromium), a Trezor
 * (through Trezor's own window), a OneKey (WebUSB, or OneKey Bridge), an air-gapped QR signer, a
 * phone wallet over WalletConnect when the server has a WalletConnect project and, on a server
 * with the devnet, the devnet signer when the chain is the devnet (`chainKey` undefined: any EVM
 * use such as a signer address).
 */
export function useConnectors(chainKey?: string): {
  connectors: WalletConnector[];
  devnetChainId: number | null;
} {
  const config = useWebConfig();
  const devnetChainId = config.data?.dev_mode && config.data.devnet ? config.data.devnet.chain_id : null;
  const projectId = config.data?.walletconnect?.project_id;
  const relayUrl = config.data?.walletconnect?.relay_url;
  return useMemo(() => {
    const ledger = ledgerConnector();
    const list: WalletConnector[] = [
      injectedConnector(),
      ...(ledger.available() ? [ledger] : []),
      trezorConnector(),
      oneKeyConnector(),
      qrConnector(),
      ...(projectId && relayUrl
        ? [walletConnectConnector({ project_id: projectId, relay_url: relayUrl })]
        : []),
    ];
    const devnetUsable =
      devnetChainId !== null && (chainKey === undefined || chainKey === String(devnetChainId));
    if (devnetUsable) list.push(devnetConnector(devnetChainId));
    return { connectors: list, devnetChainId };
  }, [devnetChainId, chainKey, projectId, relayUrl]);
}
