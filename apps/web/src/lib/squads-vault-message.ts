/**
 * The bytes of Squads v4's `vaultTransactionCreate`, read in the page: the transfer a proposing
 * approval puts into the vault is in them, and the signer's device signs them without reading
 * them. Layouts as in the program's IDL (`VaultTransactionCreateArgs`) and the SDK's
 * `transactionMessageBeet` (the compact TransactionMessage the IDL only calls `bytes`). Plain
 * Uint8Array/DataView: no Node Buffer in the page. Anything malformed or left over throws.
 */

/** Anchor's discriminator of `vault_transaction_create` (sha256("global:vault_transaction_create")[0..8]). */
export const VAULT_TRANSACTION_CREATE = [48, 250, 78, 168, 208, 226, 218, 211];

export interface VaultInstruction {
  programIdIndex: number;
  accountIndexes: number[];
  data: Uint8Array;
}

/** Squads' TransactionMessage: what the vault runs; account keys as 32-byte public keys. */
export interface VaultMessage {
  numSigners: number;
  numWritableSigners: number;
  numWritableNonSigners: number;
  accountKeys: Uint8Array[];
  instructions: VaultInstruction[];
  /** Address lookup tables the message loads accounts from (their count: any is refused). */
  addressTableLookups: number;
}

export interface VaultTransactionCreate {
  vaultIndex: number;
  ephemeralSigners: number;
  message: VaultMessage;
  memo: string | null;
}

/** A cursor over `bytes` that throws past the end; `done` throws on trailing bytes. */
function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new Error(`truncated at byte ${at}`);
    const from = at;
    at += n;
    return from;
  };
  return {
    u8: () => view.getUint8(need(1)),
    u16: () => view.getUint16(need(2), true),
    u32: () => view.getUint32(need(4), true),
    take: (n: number) => bytes.slice(need(n), at),
    done: () => {
      if (at !== bytes.length) throw new Error(`${bytes.length - at} trailing bytes`);
    },
  };
}

const list = <T>(length: number, item: () => T): T[] => Array.from({ length }, item);

/** The compact TransactionMessage: u8 counts, u8-length lists, instruction data with a u16 length. */
export function readVaultMessage(bytes: Uint8Array): VaultMessage {
  const r = reader(bytes);
  const smallBytes = () => [...r.take(r.u8())];
  const message: VaultMessage = {
    numSigners: r.u8(),
    numWritableSigners: r.u8(),
    numWritableNonSigners: r.u8(),
    accountKeys: list(r.u8(), () => r.take(32)),
    instructions: list(r.u8(), () => ({
      programIdIndex: r.u8(),
      accountIndexes: smallBytes(),
      data: r.take(r.u16()),
    })),
    addressTableLookups: list(r.u8(), () => {
      r.take(32);
      smallBytes();
      smallBytes();
    }).length,
  };
  r.done();
  return message;
}

/** vaultTransactionCreate's data: discriminator, vault_index u8, ephemeral_signers u8, message Vec<u8>, memo Option<String>. */
export function readVaultTransactionCreate(data: Uint8Array): VaultTransactionCreate {
  const r = reader(data);
  const discriminator = [...r.take(8)];
  if (discriminator.some((byte, i) => byte !== VAULT_TRANSACTION_CREATE[i]))
    throw new Error('not vaultTransactionCreate');
  const vaultIndex = r.u8();
  const ephemeralSigners = r.u8();
  const message = readVaultMessage(r.take(r.u32()));
  const tag = r.u8();
  if (tag > 1) throw new Error(`memo option tag ${tag}`);
  const memo = tag === 1 ? new TextDecoder('utf-8', { fatal: true }).decode(r.take(r.u32())) : null;
  r.done();
  return { vaultIndex, ephemeralSigners, message, memo };
}
