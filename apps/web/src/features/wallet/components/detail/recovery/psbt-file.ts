/** PSBT files as wallets exchange them: binary (BIP-174 magic "psbt\xff") or base64 text. */

const MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff];

/** Saves a base64 PSBT as a binary .psbt file, as Sparrow, Electrum and Core read it. */
export function downloadPsbt(base64: string, name: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** A chosen .psbt file as base64: binary files are encoded, text files are taken as they are. */
export async function readPsbtFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const binary = MAGIC.every((byte, index) => bytes[index] === byte);
  if (!binary) return new TextDecoder().decode(bytes).trim();
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}
