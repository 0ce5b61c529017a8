import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { URDecoder, UREncoder, type UR } from '@ngraveio/bc-ur';
import { CryptoHDKey, CryptoKeypath, PathComponent } from '@keystonehq/bc-ur-registry';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from 'viem/accounts';

/**
 * An air-gapped signer played from outside the page, the way a Keystone-like device works: it
 * reads the page's QR codes off the screen (screenshots of the code, read by zbar's `zbarimg`),
 * decodes them with the reference UR library, and answers with QR pictures the page reads back.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-qr-device-'));
let picture = 0;

/** Reads the animated request on screen frame by frame until the UR is whole. */
export async function readShownUr(page: Page): Promise<UR> {
  const canvas = page.getByTestId('qr-exchange').getByTestId('qr-request');
  await canvas.waitFor();
  const decoder = new URDecoder();
  for (let shot = 0; shot < 200 && !decoder.isComplete(); shot += 1) {
    const file = path.join(dir, `screen-${picture++}.png`);
    await canvas.screenshot({ path: file });
    const text = zbar(file);
    if (text) decoder.receivePart(text.toLowerCase());
  }
  if (!decoder.isSuccess()) throw new Error(`the request was not read whole: ${decoder.resultError()}`);
  return decoder.resultUR();
}

/** The text of the QR code in an element's picture, read by zbar (the outside reader), or null. */
export async function readQrOf(element: Locator): Promise<string | null> {
  const file = path.join(dir, `shot-${picture++}.png`);
  await element.screenshot({ path: file });
  return zbar(file);
}

function zbar(file: string): string | null {
  try {
    return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null; // no code found in this shot (between two frames)
  }
}

/** The device's reply as QR pictures (one per part), to upload. */
export async function replyPictures(ur: UR, maxFragmentLength = 150): Promise<string[]> {
  const encoder = new UREncoder(ur, maxFragmentLength);
  const count = encoder.fragmentsLength === 1 ? 1 : encoder.fragmentsLength * 2;
  const files: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const file = path.join(dir, `reply-${picture++}.png`);
    await QRCode.toFile(file, encoder.nextPart().toUpperCase(), { errorCorrectionLevel: 'M', margin: 4 });
    files.push(file);
  }
  return files;
}

/** The device's account export: the m/44'/60'/0' key of a phrase, as Keystone shows it for MetaMask. */
export function accountExport(mnemonic: string): UR {
  const master = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const account = master.derive("m/44'/60'/0'");
  const fingerprint = Buffer.alloc(4);
  fingerprint.writeUInt32BE(master.fingerprint);
  return new CryptoHDKey({
    isMaster: false,
    key: Buffer.from(account.publicKey!),
    chainCode: Buffer.from(account.chainCode!),
    origin: new CryptoKeypath(
      [44, 60, 0].map((index) => new PathComponent({ index, hardened: true })),
      fingerprint,
    ),
  }).toUR();
}

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) that shows one
 * QR code — the device's screen held up to the camera. Y4M, 4:2:0: the code drawn in the luma
 * plane (black modules on white), neutral chroma.
 */
export function cameraVideo(ur: UR): string {
  return qrCameraVideo(UREncoder.encodeSinglePart(ur).toUpperCase());
}

/** The same for any text (a pairing link shown on the desktop's screen, say). */
export function qrCameraVideo(text: string): string {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = code.modules.size;
  const scale = 6;
  const side = (size + 8) * scale; // four modules of white around the code
  const width = side + (side % 2);
  const luma = Buffer.alloc(width * width, 255);
  for (let row = 0; row < size; row += 1)
    for (let column = 0; column < size; column += 1) {
      if (!code.modules.get(row, column)) continue;
      for (let y = 0; y < scale; y += 1)
        luma.fill(
          0,
          ((row + 4) * scale + y) * width + (column + 4) * scale,
          ((row + 4) * scale + y) * width + (column + 5) * scale,
        );
    }
  const chroma = Buffer.alloc((width / 2) * (width / 2) * 2, 128);
  const file = path.join(dir, `camera-${picture++}.y4m`);
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${width} F10:1 Ip A1:1 C420jpeg\nFRAME\n`),
      luma,
      chroma,
    ]),
  );
  return file;
}

/** A multisig key export (crypto-hdkey) of an account tpub, as Sparrow or Keystone shows it. */
export function bitcoinKeyExport(key: { xpub: string; fingerprint: string; path: string }): UR {
  const node = HDKey.fromExtendedKey(key.xpub, { public: 0x043587cf, private: 0x04358394 });
  const parent = Buffer.alloc(4);
  parent.writeUInt32BE(node.parentFingerprint);
  const components = key.path
    .replace(/^m\//, '')
    .split('/')
    .map((part) => new PathComponent({ index: parseInt(part, 10), hardened: part.endsWith("'") }));
  return new CryptoHDKey({
    isMaster: false,
    key: Buffer.from(node.publicKey!),
    chainCode: Buffer.from(node.chainCode!),
    origin: new CryptoKeypath(components, Buffer.from(key.fingerprint, 'hex'), components.length),
    parentFingerprint: parent,
  }).toUR();
}

/** Uploads pictures into the open QR dialog. */
export async function uploadToDialog(page: Page, files: string[]): Promise<void> {
  await page.getByTestId('qr-exchange').locator('input[type=file]').setInputFiles(files);
}
