// TEST-ONLY signer for the fixture node's own tests and for Keystead tests that need a second,
// independent signer: secp256k1 (@noble) over sha256(raw_data). Never used with real keys.
import { secp256k1 } from '@noble/curves/secp256k1';
import { addressFromPublicKey, fromHex, toHex } from './address.js';
import { encodeRawData, encodeTransaction, txIdOf } from './independent.js';

export interface TestKey {
  privateKey: string;
  address: string;
}

/** A deterministic test key from a small number (the private key is that number, 32 bytes). */
export function testKey(n: number): TestKey {
  const privateKey = BigInt(n).toString(16).padStart(64, '0');
  return { privateKey, address: addressFromPrivateKey(privateKey) };
}

export function addressFromPrivateKey(privateKeyHex: string): string {
  return addressFromPublicKey(secp256k1.getPublicKey(fromHex(privateKeyHex), false));
}

/** r‖s‖v over the tx id, v = 27 + recovery bit (as tronweb writes it). */
export function signTxId(txIdHex: string, privateKeyHex: string): string {
  const sig = secp256k1.sign(fromHex(txIdHex), fromHex(privateKeyHex));
  return toHex(sig.toCompactRawBytes()) + (27 + sig.recovery).toString(16);
}

export interface SignedTestTx {
  txID: string;
  raw_data: unknown;
  raw_data_hex: string;
  signature: string[];
  visible: boolean;
}

/** raw_data JSON → the signed transaction JSON /wallet/broadcasttransaction takes. */
export function signRawData(rawData: unknown, privateKeys: readonly string[], visible = true): SignedTestTx {
  const raw_data_hex = encodeRawData(rawData);
  const txID = txIdOf(raw_data_hex);
  return {
    txID,
    raw_data: rawData,
    raw_data_hex,
    signature: privateKeys.map((k) => signTxId(txID, k)),
    visible,
  };
}

/** The whole Transaction protobuf hex of a signed test tx (for /wallet/broadcasthex). */
export function toBroadcastHex(tx: Pick<SignedTestTx, 'raw_data_hex' | 'signature'>): string {
  return encodeTransaction(tx.raw_data_hex, tx.signature);
}
