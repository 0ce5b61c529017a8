/** §3 Signer address as GET /permission-address presents it. */
export interface LinkedWallet {
  id: number;
  name: string;
  chain_key: string;
  sign_type: number;
  status: number;
  organization_id: number;
}

export interface SignerAddress {
  id: number;
  name: string;
  address: string;
  family: 'EVM' | 'BTC';
  description: string | null;
  source: string;
  /** 0 pending verification, 1 verified, 2 pending deletion. */
  status: 0 | 1 | 2;
  public_key: string | null;
  path: string | null;
  /** Bitcoin-family keys: the chain of the xpub and the master fingerprint. */
  chain_key?: string | null;
  fingerprint?: string | null;
  created_at: string;
  verified_at: string | null;
  linked_wallets: LinkedWallet[];
}

export const SIGNER_STATUS = { pending: 0, verified: 1, pendingDeletion: 2 } as const;
