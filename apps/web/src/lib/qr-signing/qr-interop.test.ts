// Air-gapped signing through real QR images, both ways, with outside tools on the other side:
// the frames the page shows are rendered to PNG and read by zbar (`zbarimg`, Debian's zbar-tools),
// a device decodes them with the reference UR library and Keystone's registry and signs — Litecoin
// Core's wallet (`walletprocesspsbt` on litecoind -regtest) for a PSBT, a key of a BIP-39 phrase for
// EIP-712 typed data — and its reply, drawn as QR images the device's way, is read back by the
// page's reader (jsQR) and checked: the PSBT finalizes and is mined, the signature recovers to the
// account.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { URDecoder, UREncoder } from '@ngraveio/bc-ur';
import { CryptoPSBT } from '@keystonehq/bc-ur-registry';
import { ETHSignature, EthSignRequest } from '@keystonehq/bc-ur-registry-eth';
import { mnemonicToAccount } from 'viem/accounts';
import { recoverTypedDataAddress, type TypedDataDefinition } from 'viem';
import { buildTransfer, safeTxTypedData } from '@keystead/chains';
import { isLitecoindAvailable, startLitecoinRegtest, type LitecoinRegtest } from '@keystead/devnet';
import { readQrText } from './qr-image';
import { QR_OPTIONS, qrText } from './qr-render';
import {
  UrCollector,
  ethSignRequestUr,
  ethSignatureFromUr,
  psbtFromUr,
  psbtToUr,
  urFrames,
} from './ur-codec';

const zbarAvailable = (() => {
  try {
    execFileSync('zbarimg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keystead-qr-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The page's frames as PNG files, read by zbar: the texts a camera pointed at the screen gets. */
async function zbarReads(frames: string[]): Promise<string[]> {
  const texts: string[] = [];
  for (const [index, frame] of frames.entries()) {
    const file = join(dir, `page-${index}.png`);
    await QRCode.toFile(file, qrText(frame), QR_OPTIONS);
    texts.push(execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim());
  }
  return texts;
}

/** The device's reader: the reference UR decoder, fed until complete. */
function deviceReads(texts: string[]) {
  const decoder = new URDecoder();
  for (const text of texts) {
    decoder.receivePart(text.toLowerCase());
    if (decoder.isComplete()) break;
  }
  expect(decoder.isSuccess()).toBe(true);
  return decoder.resultUR();
}

/** The device's reply drawn its own way (byte mode, medium correction), read by the page's reader. */
async function pageReads(parts: string[], expected: string[]) {
  const collector = new UrCollector(expected);
  for (const part of parts) {
    const png = PNG.sync.read(await QRCode.toBuffer(part, { errorCorrectionLevel: 'M', margin: 4 }));
    const text = readQrText({ data: new Uint8ClampedArray(png.data), width: png.width, height: png.height });
    expect(text).toBe(part);
    if (collector.receive(text!)) break;
  }
  return collector.result();
}

describe.skipIf(!zbarAvailable)('EIP-712 typed data signed through QR codes', () => {
  it('the device reads our eth-sign-request from the images, its signature comes back and recovers', async () => {
    const device = mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: 1,
    });
    // A Safe transaction's typed data as the platform builds it (a 1.5 USDT transfer).
    const typedData = safeTxTypedData(
      31337,
      '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      buildTransfer({
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        amount: 1_500_000n,
        token: { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', symbol: 'USDT', decimals: 6 },
        nonce: 0n,
      }),
    );
    const requestId = '3b5e9a2c-4f1d-4e8a-9c7b-2d6f0a1e5b4c';
    const frames = urFrames(
      ethSignRequestUr({
        kind: 'typed_data',
        data: JSON.stringify(typedData),
        path: "m/44'/60'/0'/0/1",
        fingerprint: 'f23f9fd2',
        address: device.address,
        chainId: 31337,
        requestId,
      }),
    );
    expect(frames.length).toBeGreaterThan(1);

    const request = EthSignRequest.fromCBOR(deviceReads(await zbarReads(frames)).cbor);
    expect(request.getDataType()).toBe(2); // typed data (EIP-4527)
    expect(request.getDerivationPath()).toBe("44'/60'/0'/0/1");
    expect(request.getChainId()).toBe(31337);
    expect(`0x${request.getSignRequestAddress()!.toString('hex')}`).toBe(device.address.toLowerCase());
    // What the device shows and signs: the JSON as it arrived.
    const shown = JSON.parse(request.getSignData().toString('utf8')) as TypedDataDefinition;
    const signature = await device.signTypedData(shown);
    const reply = new ETHSignature(
      Buffer.from(signature.slice(2), 'hex'),
      request.getRequestId(),
      'device',
    ).toUR();

    const read = await pageReads([UREncoder.encodeSinglePart(reply)], ['eth-signature']);
    const back = ethSignatureFromUr(read, requestId);
    expect(back).toBe(signature);
    expect(
      await recoverTypedDataAddress({ ...(typedData as unknown as TypedDataDefinition), signature: back }),
    ).toBe(device.address);
  });
});

describe.skipIf(!zbarAvailable || !isLitecoindAvailable())(
  'a PSBT carried by QR codes to Litecoin Core and back (litecoind -regtest)',
  () => {
    let node: LitecoinRegtest;
    let wallet = '';
    beforeAll(async () => {
      node = (await startLitecoinRegtest({ dataDir: join(dir, 'node') }))!;
      wallet = await node.ensureWallet('air-gapped');
      await node.mineBlocks(101, await node.newAddress(wallet));
    });
    afterAll(async () => node?.stop());

    it('signs the PSBT read from our animated frames; the signed PSBT read back finalizes and is mined', async () => {
      const to = await node.newAddress(await node.ensureWallet('payee'));
      const created = (await node.rpc('walletcreatefundedpsbt', [[], [{ [to]: 1.25 }]], { wallet })) as {
        psbt: string;
      };
      const frames = urFrames(psbtToUr(created.psbt), 120);
      expect(frames.length).toBeGreaterThan(2);

      const seen = CryptoPSBT.fromCBOR(deviceReads(await zbarReads(frames)).cbor)
        .getPSBT()
        .toString('base64');
      expect(seen).toBe(created.psbt);
      const signed = (await node.rpc('walletprocesspsbt', [seen], { wallet })) as {
        psbt: string;
        complete: boolean;
      };
      expect(signed.complete).toBe(true);

      const encoder = new UREncoder(new CryptoPSBT(Buffer.from(signed.psbt, 'base64')).toUR(), 150);
      const parts = Array.from({ length: encoder.fragmentsLength * 2 }, () => encoder.nextPart());
      const psbt = psbtFromUr(await pageReads(parts, ['crypto-psbt']));
      expect(psbt).toBe(signed.psbt);

      const final = (await node.rpc('finalizepsbt', [psbt])) as { hex: string; complete: boolean };
      expect(final.complete).toBe(true);
      const txid = (await node.rpc('sendrawtransaction', [final.hex])) as string;
      await node.mineBlocks(1, to);
      const tx = (await node.rpc('gettransaction', [txid], { wallet })) as { confirmations: number };
      expect(tx.confirmations).toBe(1);
    });
  },
);
