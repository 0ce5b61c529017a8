import { utils } from 'tronweb';
import { tronHex } from './address';

/** TaPoS fields: the transaction names a recent block, and expires (at most 24 h after it). */
export interface TronReference {
  ref_block_bytes: string;
  ref_block_hash: string;
  timestamp: number;
  expiration: number;
}

export interface TronContractJson {
  parameter: { value: Record<string, unknown>; type_url: string };
  type: 'TransferContract' | 'TriggerSmartContract' | 'AccountPermissionUpdateContract';
  Permission_id?: number;
}

export interface TronRawData extends TronReference {
  contract: [TronContractJson];
  fee_limit?: number;
}

/** A transaction as the HTTP API prints it with visible=false (addresses 41-hex). */
export interface TronTransaction {
  txID: string;
  raw_data: TronRawData;
  raw_data_hex: string;
  signature: string[];
  visible: false;
}

/** The reference a transaction built now takes from the head block, expiring `lifetimeMs` later. */
export function referenceOf(
  block: { blockID: string; number: number; timestamp: number },
  lifetimeMs: number,
): TronReference {
  return {
    ref_block_bytes: (block.number & 0xffff).toString(16).padStart(4, '0'),
    ref_block_hash: block.blockID.slice(16, 32),
    timestamp: block.timestamp,
    expiration: block.timestamp + lifetimeMs,
  };
}

const contractOf = (
  type: TronContractJson['type'],
  value: Record<string, unknown>,
  permissionId: number,
): TronContractJson => ({
  parameter: { value, type_url: `type.googleapis.com/protocol.${type}` },
  type,
  ...(permissionId ? { Permission_id: permissionId } : {}),
});

/** Sun amounts travel as JSON numbers: refuse what a double cannot hold exactly. */
const safeNumber = (value: bigint): number => {
  if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`amount out of range: ${value}`);
  return Number(value);
};

export function trxTransferContract(from: string, to: string, amount: bigint, permissionId: number) {
  return contractOf(
    'TransferContract',
    { owner_address: tronHex(from), to_address: tronHex(to), amount: safeNumber(amount) },
    permissionId,
  );
}

export function triggerContract(from: string, contract: string, data: string, permissionId: number) {
  return contractOf(
    'TriggerSmartContract',
    { owner_address: tronHex(from), contract_address: tronHex(contract), data: data.replace(/^0x/, '') },
    permissionId,
  );
}

export interface PermissionSpec {
  type: 0 | 2;
  permission_name: string;
  threshold: number;
  operations?: string;
  keys: { address: string; weight: number }[];
}

export function permissionUpdateContract(account: string, owner: PermissionSpec, actives: PermissionSpec[]) {
  const spelled = (p: PermissionSpec) => ({
    ...p,
    keys: p.keys.map((k) => ({ address: tronHex(k.address), weight: k.weight })),
  });
  return contractOf(
    'AccountPermissionUpdateContract',
    { owner_address: tronHex(account), owner: spelled(owner), actives: actives.map(spelled) },
    0,
  );
}

/** The unsigned transaction: its protobuf raw data (tronweb's encoder) and id = sha256(raw data). */
export function tronTransaction(
  contract: TronContractJson,
  reference: TronReference,
  feeLimit?: bigint,
): TronTransaction {
  const raw_data: TronRawData = {
    contract: [contract],
    ...reference,
    ...(feeLimit ? { fee_limit: safeNumber(feeLimit) } : {}),
  };
  return { ...encoded(raw_data), signature: [], visible: false };
}

/** raw_data_hex and txID of raw data (tronweb's protobuf encoding). */
export function encoded(raw_data: TronRawData): Pick<TronTransaction, 'raw_data' | 'raw_data_hex' | 'txID'> {
  const pb = utils.transaction.txJsonToPb({ raw_data, visible: false });
  return {
    raw_data,
    raw_data_hex: String(utils.transaction.txPbToRawDataHex(pb)).toLowerCase(),
    txID: String(utils.transaction.txPbToTxID(pb)).replace(/^0x/, '').toLowerCase(),
  };
}

/** The signer of a 65-byte r‖s‖v signature over the tx id (base58), or null when it does not recover. */
export function recoverTronSigner(txId: string, signature: string): string | null {
  if (!/^(0x)?[0-9a-fA-F]{130}$/.test(signature)) return null;
  try {
    const recovered = utils.crypto.ecRecover(
      `0x${txId.replace(/^0x/, '')}`,
      `0x${signature.replace(/^0x/, '')}`,
    );
    return recovered ? utils.address.fromHex(recovered) : null;
  } catch {
    return null;
  }
}

/** The whole signed Transaction protobuf (what /wallet/broadcasthex takes), via tronweb's encoder. */
export function signedTransactionHex(tx: Pick<TronTransaction, 'raw_data' | 'signature'>): string {
  const pb = utils.transaction.txJsonToPb({ raw_data: tx.raw_data, visible: false });
  for (const signature of tx.signature)
    pb.addSignature(Uint8Array.from(Buffer.from(signature.replace(/^0x/, ''), 'hex')));
  return Buffer.from(pb.serializeBinary() as Uint8Array).toString('hex');
}

/**
 * A transaction JSON as a signer's wallet returns it (TronLink's signTransaction), accepted only
 * when its raw data still encodes to its raw_data_hex and id: what was signed is what it shows.
 */
export function parseTronTransaction(text: string): TronTransaction {
  let parsed: Partial<TronTransaction>;
  try {
    parsed = JSON.parse(text) as Partial<TronTransaction>;
  } catch {
    throw new SyntaxError('not a transaction JSON');
  }
  if (!parsed || typeof parsed !== 'object' || !parsed.raw_data || !Array.isArray(parsed.raw_data.contract))
    throw new SyntaxError('no raw_data');
  const again = encoded(parsed.raw_data);
  if (parsed.raw_data_hex && parsed.raw_data_hex.toLowerCase() !== again.raw_data_hex)
    throw new SyntaxError('raw_data does not match raw_data_hex');
  if (parsed.txID && parsed.txID.replace(/^0x/, '').toLowerCase() !== again.txID)
    throw new SyntaxError('txID is not the hash of raw_data');
  const signature = (parsed.signature ?? []).map((s) => String(s).replace(/^0x/, '').toLowerCase());
  return { ...again, signature, visible: false };
}
