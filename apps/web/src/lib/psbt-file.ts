/** PSBT files as wallets exchange them: binary (BIP-174 magic "psbt\xff") or base64 text. */

const MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff];

/** A PSBT file's bytes (binary BIP-174, or base64 text as Electrum/Sparrow also save) → base64. */
export function psbtFileToBase64(bytes: Uint8Array): string {
  if (!MAGIC.every((byte, index) => bytes[index] === byte)) return new TextDecoder().decode(bytes).trim();
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A chosen .psbt file as base64. */
export const readPsbtFile = async (file: Blob): Promise<string> =>
  psbtFileToBase64(new Uint8Array(await file.arrayBuffer()));

/** Downloads the PSBT as a binary .psbt file (what Sparrow, Electrum and hardware wallets open). */
export function downloadPsbt(base64: string, name: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
