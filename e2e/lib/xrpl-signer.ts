import type { Locator, Page } from 'playwright-core';
import { signSingle, signerEntry, testKey, type TestKey } from '@keystead/xrpl-fixture-node/test-signer';
import { dialog } from './wallets';
import { openAddSigner } from './wizard-steps';

export { signSingle, signerEntry, type TestKey };

/** A fresh TEST key for one run (a random seed: a retried test never meets an account a run changed). */
export function freshXrpKey(kind: 'secp256k1' | 'ed25519', name: string): TestKey {
  return testKey(kind, `e2e-${name}-${Math.random().toString(36).slice(2)}`);
}

/** What a signer pastes to prove an XRPL address: "<public key>:<signature>" over the message's UTF-8 bytes. */
export const xrpProof = (key: TestKey, message: string) =>
  `${key.publicKey}:${key.sign(new TextEncoder().encode(message))}`;

/** A signer's multisignature of the Payment as the signer pastes it: the {"Signer": …} entry, as JSON. */
export const entryText = (txJson: Parameters<typeof signerEntry>[0], key: TestKey) =>
  JSON.stringify(signerEntry(txJson, key));

/** The Payment or setup transaction a page shows (pretty-printed tx_json), ready for the test signer. */
export const txJsonOf = (text: string) => JSON.parse(text) as Parameters<typeof signSingle>[0];

async function control(rpcUrl: string, path: string, body: object): Promise<void> {
  const reply = await fetch(`${rpcUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!reply.ok) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
}

/** SYNTHETIC fixture node control: pays `drops` to an address from the fixture's genesis account. */
export const xrplFund = (rpcUrl: string, address: string, drops: bigint) =>
  control(rpcUrl, '/fixture/fund', { address, drops: String(drops) });

/** SYNTHETIC fixture node control: closes (validates) `n` ledgers. */
export const xrplClose = (rpcUrl: string, n: number) => control(rpcUrl, '/fixture/close', { n });

/** On /permission-address: adds an XRPL address (the page opens its verification at once); the dialog. */
export async function addXrpAddress(page: Page, name: string, address: string) {
  const add = await openAddSigner(page, name, 'XRP Ledger');
  await add.locator('#signer-address').fill(address);
  await add.getByTestId('signer-add-submit').click();
  return dialog(page, 'Verify the signer address');
}

/** Pastes `text` into a paste box (its input and button test ids) and sends it. */
export async function pasteAndSend(scope: Locator, ids: { input: string; submit: string }, text: string) {
  await scope.getByTestId(ids.input).fill(text);
  await scope.getByTestId(ids.submit).click();
}

/** In the verification dialog: `key`'s proof of the challenge it shows, pasted and sent. */
export async function proveXrpAddress(verify: Locator, key: TestKey): Promise<void> {
  const message = (await verify.getByTestId('xrp-challenge').textContent())!;
  await pasteAndSend(verify, PROOF_BOX, xrpProof(key, message));
}

export const PROOF_BOX = { input: 'xrp-verify-signature', submit: 'xrp-verify-submit' };
export const SETUP_BOX = { input: 'xrp-setup-signed', submit: 'xrp-setup-submit' };
export const SIGN_BOX = { input: 'xrp-signature', submit: 'xrp-sign-submit' };
