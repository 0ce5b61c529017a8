/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { ETHSignature, EthSignRequest } from '@keystonehq/bc-ur-registry-eth';
import { mnemonicToAccount } from 'viem/accounts';
import { accountExport, cameraVideo, readShownUr, replyPictures, uploadToDialog } from '../lib/qr-device';
import { screenshot } from '../lib/browser';
import { teamInBrowser } from '../lib/team-browser';
import { randomAddress, taskInfo, transferByApi, waitFor, type TransferTeam } from '../lib/transfers';
import { toastWith } from '../lib/wallets';

/** The devnet's phrase: its account 1 is signer one's verified key (lib/transfers DEVNET_KEYS[1]). */
const PHRASE = 'test test test test test test test test test test test junk';

interface Review {
  safe_tx: { safe_tx_hash: string; domain_hash: string; message_hash: string };
  signatures: unknown[];
}

/**
 * Air-gapped signing of a Safe transfer through the screens (issue 19): the signer connects a QR
 * signer by showing its account export to the camera (Chromium's fake camera plays a picture of
 * it), the page shows the eth-sign-request as animated QR codes
 * with the hashes to compare, a device played from outside reads them off the screen (zbar),
 * signs what it decoded and answers with a QR picture; the platform verifies and counts it.
 */
describe('signing a Safe transfer with an air-gapped QR signer', () => {
  // Chromium's fake camera shows the device's account export, as a device held up to a webcam.
  const session = teamInBrowser(undefined, () => [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${cameraVideo(accountExport(PHRASE))}`,
  ]);
  let team: TransferTeam;
  beforeAll(() => {
    team = session.team;
  });

  it('connects by account export, shows the request and the hashes, and counts the scanned signature', async () => {
    const taskId = await transferByApi(team, randomAddress(), '4.25', true);
    const signer = team.signers[0];
    const page = await session.open(signer, `/task/${taskId}`);
    await page.getByTestId('sign-form').waitFor();
    const card = page.getByTestId('signature-card');

    // Connect: the device shows its account export to the camera; the page derives the accounts.
    await card.getByTestId('connector-qr').click();
    await card.getByTestId('connector-connect').click();
    await page.getByTestId('qr-exchange').waitFor();
    await screenshot(page, 'qr-connect');
    await page.getByTestId('qr-camera-toggle').click();
    await page.getByTestId('qr-exchange').waitFor({ state: 'detached' });
    const device = mnemonicToAccount(PHRASE, { addressIndex: 1 });
    await expect.poll(() => card.getByTestId('connector-account').innerText()).toContain(device.address);

    // Sign: the request on screen, with the hashes the device will show.
    await card.getByTestId('sign-submit').click();
    const dialog = page.getByTestId('qr-exchange');
    await dialog.getByTestId('qr-details').waitFor();
    const review = await signer.session.call<Review>('GET', `/api/v1/task/info?task_id=${taskId}`);
    const details = await dialog.getByTestId('qr-details').innerText();
    expect(details).toContain(device.address);
    expect(details).toContain(review.safe_tx.safe_tx_hash);
    expect(details).toContain(review.safe_tx.domain_hash);
    expect(details).toContain(review.safe_tx.message_hash);
    await screenshot(page, 'qr-sign-request');
    const axe = await new AxeBuilder({ page: page as never })
      .include('.ant-modal')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

    // The device reads the animated codes off the screen and signs what it decoded.
    const request = EthSignRequest.fromCBOR((await readShownUr(page)).cbor);
    expect(request.getDerivationPath()).toBe("44'/60'/0'/0/1");
    expect(`0x${request.getSignRequestAddress()!.toString('hex')}`).toBe(device.address.toLowerCase());
    const typedData = JSON.parse(request.getSignData().toString('utf8')) as Parameters<
      typeof device.signTypedData
    >[0];
    const signature = await device.signTypedData(typedData);
    const reply = new ETHSignature(Buffer.from(signature.slice(2), 'hex'), request.getRequestId(), 'device');
    await uploadToDialog(page, await replyPictures(reply.toUR()));
    await toastWith(page, 'Your signature was added.');

    const after = await waitFor(
      'the counted signature',
      () => taskInfo(signer.session, taskId),
      (value) => (value as unknown as Review).signatures.length === 1,
    );
    expect((after as unknown as Review).signatures).toHaveLength(1);
  });

  it('a reply of another kind is named in the dialog, and closing it signs nothing', async () => {
    const taskId = await transferByApi(team, randomAddress(), '1', true);
    const signer = team.signers[1];
    const page = await session.open(signer, `/task/${taskId}`);
    await page.getByTestId('sign-form').waitFor();
    const card = page.getByTestId('signature-card');
    await card.getByTestId('connector-qr').click();
    await card.getByTestId('connector-connect').click();
    // The device shows a signature where its account export is expected.
    const signed = new ETHSignature(Buffer.alloc(65, 1), Buffer.alloc(16, 2), 'device');
    await uploadToDialog(page, await replyPictures(signed.toUR()));
    await expect.poll(() => page.getByTestId('qr-problem').innerText()).toContain('eth-signature');
    await screenshot(page, 'qr-wrong-kind');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('qr-exchange').waitFor({ state: 'detached' });
    const info = (await taskInfo(signer.session, taskId)) as unknown as Review;
    expect(info.signatures).toHaveLength(0);
  });
});
