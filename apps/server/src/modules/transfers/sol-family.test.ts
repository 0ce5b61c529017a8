// Solana through the API on the local Solana VM (packages/solana-devnet: LiteSVM, the real Solana
// runtime, behind JSON-RPC; every transaction is executed and signature-checked by the VM). The
// Squads v4 program is not available on this machine, so its ProgramConfig and the wallet's
// Multisig account are written into the VM as the program lays them out (encoded by Anchor's coder
// from the IDL: FIXTURE accounts, named so below), and every Squads instruction the server sends is
// refused by the VM for the missing program. What the server decides around that is tested here.
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMultisig, multisigPda, programConfigPda, SQUADS_PROGRAM_ID, vaultPda } from '@keystead/chains';
import { multisigData, programConfigData } from '@keystead/chains/solana/squads-test-kit';
import type { SolanaDevnet } from '@keystead/solana-devnet';
import type { TestApp } from '../../../test/test-app';
import { solanaTestApp } from '../../../test/solana-helpers';
import type { TransferSpace } from '../../../test/transfer-helpers';
import { verifiedAddress } from '../../../test/wallet-helpers';
import { createSpace, person } from '../../../test/space-helpers';
import { confirmDeployments, refreshBalances } from '../../jobs/wallet-jobs';
import { recordDeposits } from '../../jobs/deposit-scan';
import { feePayerSigner } from '../fee-payers/fee-payer-keys';
import { recordSponsored, settleSponsored } from '../fee-payers/payment-records';

const SOL = 1_000_000_000n;
const keys = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
const outsider = Keypair.generate();
const payee = Keypair.generate();
const seedOf = (key: Keypair) => key.secretKey.slice(0, 32);

/** signMessage as Solana wallets do it: ed25519 over the UTF-8 bytes, base58. */
const signMessage = (key: Keypair) => (message: string) =>
  base58.encode(ed25519.sign(new TextEncoder().encode(message), seedOf(key)));

/** A wallet's signTransaction: the signer's ed25519 signature over the message bytes, in its slot. */
function signTransaction(wire: string, key: Keypair, over?: Uint8Array): string {
  const tx = VersionedTransaction.deserialize(Buffer.from(wire, 'base64'));
  const slot = tx.message.staticAccountKeys.findIndex((k) => k.equals(key.publicKey));
  tx.signatures[slot] = ed25519.sign(over ?? tx.message.serialize(), seedOf(key));
  return Buffer.from(tx.serialize()).toString('base64');
}

describe('Solana wallets and transfers through the API (local Solana VM; Squads accounts are FIXTURES)', () => {
  let devnet: SolanaDevnet;
  let t: TestApp;
  let space: TransferSpace;
  let signerIds: number[];
  let walletId: number;
  let vault: string;
  let multisig: string;
  let usdt: string;
  const who = (i: number) => space.members[i]!;
  const count = async (table: 'wallets' | 'tasks' | 'task_signatures' | 'payment_records') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ({ devnet, t, space } = await solanaTestApp(3, 'Solana team'));
    usdt = await devnet.createMint(6);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await devnet?.close();
  });

  const walletBody = (extra: Record<string, unknown> = {}) => ({
    name: 'Solana treasury',
    chain_key: 'sol-devnet',
    signers: signerIds,
    threshold: 2,
    operators: [space.admin.userId],
    approvers: [space.admin.userId],
    approval_threshold: 1,
    ...extra,
  });

  it('signer addresses: proven by an ed25519 signMessage signature of the address’s own key', async () => {
    signerIds = [];
    for (const i of [0, 1, 2])
      signerIds.push(
        (
          await verifiedAddress(who(i), {
            family: 'SOL',
            address: keys[i]!.publicKey.toBase58(),
            name: 'Phantom',
            sign: signMessage(keys[i]!),
            wrongSign: signMessage(outsider),
          })
        ).id,
      );
    const notSolana = await who(0).client.post('/api/v1/permission-address', {
      name: 'Not Solana',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      family: 'SOL',
    });
    expect(notSolana.code).toBe('WALLET_ADDRESS_FORMAT_ERROR');
  });

  it('an ordinary Solana account is imported as a single-signature wallet once its key signs the challenge', async () => {
    const hot = Keypair.generate();
    const imported = await space.admin.client.post<{
      wallet_id: number;
      status: number;
      challenge_id: number;
      message: string;
    }>('/api/v1/wallets/single', {
      name: 'Hot SOL',
      chain_key: 'sol-devnet',
      address: hot.publicKey.toBase58(),
    });
    expect(imported.data.status).toBe(11);
    const verify = (signature: string) =>
      space.admin.client.post('/api/v1/wallets/verify', {
        wallet_id: imported.data.wallet_id,
        challenge_id: imported.data.challenge_id,
        signature,
      });
    expect((await verify(signMessage(outsider)(imported.data.message))).code).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    expect((await verify(signMessage(hot)(imported.data.message))).code).toBe('OK');
    const info = await space.admin.client.get<{ status: number }>('/api/v1/wallets/base-info', {
      wallet_id: imported.data.wallet_id,
    });
    expect(info.data.status).toBe(1);
  });

  it('refuses a threshold above the signers and a signer twice; nothing is written', async () => {
    const before = await count('wallets');
    const post = (extra: Record<string, unknown>) =>
      space.admin.client.post('/api/v1/wallets/multi', walletBody(extra));
    expect((await post({ threshold: 4 })).code).toBe('THRESHOLD_MISMATCH_ERROR');
    expect((await post({ signers: [signerIds[0], signerIds[0]] })).code).toMatch(
      /PARAMS_INVALID_ERROR|SIGNER/,
    );
    expect(await count('wallets')).toBe(before);
    expect(await t.ctx.db.selectFrom('fee_payers').selectAll().execute()).toEqual([]);
  });

  it('creation (4): the space’s fee payer, sealed at rest, creates it; a chain without Squads refuses, nothing moves', async () => {
    const created = await space.admin.client.post<{ wallet_id: number; status: number; address: string }>(
      '/api/v1/wallets/multi',
      walletBody(),
    );
    expect(created.code).toBe('OK');
    expect(created.data.status).toBe(4);
    walletId = created.data.wallet_id;
    vault = created.data.address;
    const payer = await t.ctx.db.selectFrom('fee_payers').selectAll().executeTakeFirstOrThrow();
    expect(payer).toMatchObject({ organization_id: space.spaceId, family: 'SOL' });
    expect(payer.secret_sealed).toMatch(/^v1\./);
    // The vault is the multisig's vault PDA; the multisig's address is seeded by the wallet's create key.
    const row = await t.ctx.db
      .selectFrom('wallets')
      .select(['utxo_keys'])
      .where('id', '=', walletId)
      .executeTakeFirstOrThrow();
    const walletKeys = (typeof row.utxo_keys === 'string' ? JSON.parse(row.utxo_keys) : row.utxo_keys) as {
      multisig: string;
      createKey: string;
      feePayer: string;
    };
    multisig = walletKeys.multisig;
    expect(walletKeys.feePayer).toBe(payer.address);
    expect(multisigPda(walletKeys.createKey).toBase58()).toBe(multisig);
    expect(vaultPda(multisig).toBase58()).toBe(vault);
    // The fee payer's secret is never in a reply.
    const info = await space.admin.client.get('/api/v1/wallets/base-info', { wallet_id: walletId });
    expect(JSON.stringify(info)).not.toContain(payer.secret_sealed.split('.')[3]!.slice(0, 16));

    // As with a Safe, one of the wallet's signers sets it up (here the fee payer pays for it).
    const create = (by = who(0)) =>
      by.client.post<{ status: number; tx_hash: string }>('/api/v1/wallet-sol-deploy-broadcast-create', {
        wallet_id: walletId,
      });
    expect((await create(space.admin)).code).toBe('PERMISSION_WALLET_DEPLOY_ERROR');
    expect((await create()).code).toBe('WS_DEPLOY_ERROR');
    // FIXTURE: the program's config account (its treasury) as the Squads program keeps it.
    devnet.setAccount(programConfigPda().toBase58(), {
      owner: SQUADS_PROGRAM_ID.toBase58(),
      data: await programConfigData(Keypair.generate().publicKey.toBase58()),
    });
    devnet.airdrop(payer.address, 2n * SOL);
    // The creation is built, signed by the fee payer and the create key, and refused by the VM: no program.
    expect((await create()).code).toBe('BROADCAST_REJECTED_ERROR');
    const stored = await t.ctx.db
      .selectFrom('wallets')
      .select('status')
      .where('id', '=', walletId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe(4);
    // Nothing landed, nothing was spent: no consumption record.
    expect(await count('payment_records')).toBe(0);
    // Someone of another space cannot tell this wallet from one that does not exist.
    const stranger = await person(t, { mfa: true, prefix: 'sol-stranger' });
    await createSpace(stranger, 'Elsewhere');
    const asked = await stranger.client.post('/api/v1/wallet-sol-deploy-broadcast-create', {
      wallet_id: walletId,
    });
    const missing = await stranger.client.post('/api/v1/wallet-sol-deploy-broadcast-create', {
      wallet_id: 9_999_999,
    });
    expect([asked.code, asked.message]).toEqual([missing.code, missing.message]);
  });

  it('the multisig read back from the chain (FIXTURE account) makes the wallet normal; another one does not', async () => {
    const row = await t.ctx.db
      .selectFrom('wallets')
      .select('utxo_keys')
      .where('id', '=', walletId)
      .executeTakeFirstOrThrow();
    const walletKeys = (typeof row.utxo_keys === 'string' ? JSON.parse(row.utxo_keys) : row.utxo_keys) as {
      createKey: string;
      feePayer: string;
    };
    const signers = keys.map((k) => k.publicKey.toBase58());
    const write = async (threshold: number) =>
      devnet.setAccount(multisig, {
        owner: SQUADS_PROGRAM_ID.toBase58(),
        data: await multisigData({
          createKey: walletKeys.createKey,
          signers,
          feePayer: walletKeys.feePayer,
          threshold,
        }),
      });
    await write(1);
    await confirmDeployments(t.ctx);
    const status = async () =>
      (
        await t.ctx.db
          .selectFrom('wallets')
          .select('status')
          .where('id', '=', walletId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe(4);
    await write(2);
    expect(decodeMultisig((await devnet.getAccountData(multisig))!).threshold).toBe(2);
    await confirmDeployments(t.ctx);
    expect(await status()).toBe(1);
  });

  it('balances: SOL with its rent-exempt reserve shown as locked, and an SPL token added by its mint', async () => {
    devnet.airdrop(vault, 2n * SOL);
    await devnet.mintTo(usdt, vault, 100_000_000n);
    const notMint = await space.admin.client.post('/api/v1/wallets/custom-token', {
      wallet_id: walletId,
      contract: payee.publicKey.toBase58(),
    });
    expect(notMint.code).toBe('TOKEN_NOT_FOUND_ERROR');
    const added = await space.admin.client.post('/api/v1/wallets/custom-token', {
      wallet_id: walletId,
      contract: usdt,
    });
    expect(added).toMatchObject({ code: 'OK', data: { decimals: 6 } });
    await refreshBalances(t.ctx, [walletId]);
    const assets = await space.admin.client.get<{
      detail: { symbol: string; contract_address: string | null; amount: string; lock_amount: string }[];
    }>('/api/v1/wallets/asset-info', { wallet_id: walletId });
    const sol = assets.data.detail.find((line) => line.symbol === 'SOL')!;
    expect(sol).toMatchObject({ amount: '2', lock_amount: '0.00089088' });
    expect(assets.data.detail.find((line) => line.contract_address === usdt)).toMatchObject({
      amount: '100',
    });
  });

  let taskId: number;

  it('transfers: the reserve is kept, a program address gets no token account, one output only', async () => {
    const tasksBefore = await count('tasks');
    const create = (extra: Record<string, unknown>) =>
      space.admin.client.post<{ task_id: number; status: number }>('/api/v1/task', {
        wallet_id: walletId,
        to: payee.publicKey.toBase58(),
        amount: '0.5',
        ...extra,
      });
    expect((await create({ amount: '1.9999' })).code).toBe('SOL_RESERVE_ERROR');
    expect((await create({ amount: '2.5' })).code).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    expect((await create({ to: vault, amount: '1' })).code).toBe('TRANSFER_TO_SELF_ERROR');
    const pda = PublicKey.findProgramAddressSync([Buffer.from('any')], SQUADS_PROGRAM_ID)[0].toBase58();
    expect((await create({ to: pda, token: usdt, amount: '1' })).code).toBe('ADDRESS_VALIDATION_ERROR');
    expect(await count('tasks')).toBe(tasksBefore);
    // Priced before it is created: the fee payer pays the signatures (threshold 2: two approvals of
    // two signatures and the execution) and the rent of the payee's new token account.
    const quote = await space.admin.client.post<{
      unit: string;
      payer: string;
      parts: Record<string, string>;
      tiers: { standard: { fee: string } };
    }>('/api/v1/fee/single-estimate', {
      wallet_id: walletId,
      to: payee.publicKey.toBase58(),
      amount: '12.5',
      token: usdt,
    });
    expect(quote.code).toBe('OK');
    expect(quote.data).toMatchObject({ unit: 'lamports', payer: 'fee_payer' });
    const rent = BigInt(await new Connection(devnet.url).getMinimumBalanceForRentExemption(165));
    expect(quote.data.parts).toEqual({
      signatures: '25000',
      priority: '0',
      token_account_rent: rent.toString(),
    });
    expect(quote.data.tiers.standard.fee).toBe(String(Number(25_000n + rent) / 1e9));
    const created = await create({ token: usdt, amount: '12.5' });
    expect(created.code).toBe('OK');
    taskId = created.data.task_id;
    expect((await space.admin.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).code).toBe(
      'OK',
    );
  });

  it('signing: a fresh approval to sign; the VM refuses what Squads would run; bad signatures never count', async () => {
    const estimate = await who(0).client.post<{ fee_lamports: string; fee_payer: string }>(
      '/api/v1/fee/sol-sign-estimate',
      { task_id: taskId },
    );
    expect(estimate.code).toBe('OK');
    // Two signatures (fee payer and signer), no priority fee on a quiet chain: paid by the fee payer.
    expect(estimate.data.fee_lamports).toBe('10000');
    const built = await who(0).client.post<{
      transaction: string;
      proposes: boolean;
      transaction_index: string;
    }>('/api/v1/sol-sign-create', { task_id: taskId });
    expect(built.code).toBe('OK');
    expect(built.data).toMatchObject({ proposes: true, transaction_index: '1' });
    const sign = (i: number, signature: string) =>
      who(i).client.post('/api/v1/sign', { task_id: taskId, signature });

    // Signed over other bytes: refused before anything is sent.
    expect((await sign(0, signTransaction(built.data.transaction, keys[0]!, new Uint8Array(32)))).code).toBe(
      'SIGNATURE_INVALID_ERROR',
    );
    // Another member's approval sent by someone who does not hold that key.
    const good = signTransaction(built.data.transaction, keys[0]!);
    expect((await sign(1, good)).code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
    // A message that is not ours (another recipient put in by the signer's tool).
    const altered = VersionedTransaction.deserialize(Buffer.from(built.data.transaction, 'base64'));
    const swap = altered.message.staticAccountKeys.findIndex((k) => k.equals(SQUADS_PROGRAM_ID));
    altered.message.staticAccountKeys[swap] = Keypair.generate().publicKey;
    const alteredWire = signTransaction(Buffer.from(altered.serialize()).toString('base64'), keys[0]!);
    expect((await sign(0, alteredWire)).code).toBe('TASK_DATA_CHANGED_ERROR');
    // The right approval, paid by the fee payer and sent: the VM refuses it (no Squads program).
    expect((await sign(0, good)).code).toBe('BROADCAST_REJECTED_ERROR');
    expect(await count('task_signatures')).toBe(0);
    expect(await count('payment_records')).toBe(0);
  });

  it('payment addresses: the fee payer and its balance for admins; what it paid, read from the landed transaction', async () => {
    type Listed = { list: Array<Record<string, unknown>> };
    type Records = Listed & { total: number };
    const payer = (await feePayerSigner(t.ctx, space.spaceId))!;
    // Members who are not admins, and admins of other spaces, learn nothing of it.
    expect((await who(1).client.get('/api/v1/wallets/payment/list')).code).toBe('PERMISSION_VIEW_ERROR');
    expect((await who(1).client.get('/api/v1/wallets/payment/records')).code).toBe('PERMISSION_VIEW_ERROR');
    const stranger = await person(t, { mfa: true, prefix: 'sol-payment-stranger' });
    await createSpace(stranger, 'Other desk');
    expect((await stranger.client.get<Listed>('/api/v1/wallets/payment/list')).data.list).toEqual([]);
    const before = (await space.admin.client.get<Listed>('/api/v1/wallets/payment/list')).data.list;
    expect(before).toEqual([
      expect.objectContaining({
        family: 'SOL',
        chain: 'sol-devnet',
        address: payer.address,
        symbol: 'SOL',
        decimals: 9,
        balance: (2n * SOL).toString(),
        balance_error: false,
        status: 1,
      }),
    ]);
    expect(JSON.stringify(before)).not.toMatch(/secret|sealed/);

    // A transaction the fee payer signs and sends, as the server sends its Squads transactions (those
    // cannot land here without the program): 0.1 SOL out, recorded, then settled from the chain.
    const connection = new Connection(devnet.url, 'confirmed');
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: new PublicKey(payer.address),
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({
          fromPubkey: new PublicKey(payer.address),
          toPubkey: payee.publicKey,
          lamports: SOL / 10n,
        }),
      ],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.signatures[0] = payer.sign(message.serialize());
    const hash = await connection.sendRawTransaction(tx.serialize());
    const sponsored = { organizationId: space.spaceId, chainKey: 'sol-devnet', sender: payer.address };
    await recordSponsored(t.ctx.db, { ...sponsored, purpose: 'execution', hashes: [hash], walletId, taskId });
    await recordSponsored(t.ctx.db, { ...sponsored, purpose: 'execution', hashes: [hash], walletId, taskId });
    // One the chain never saw, sent eleven minutes ago (its blockhash long expired).
    const lost = base58.encode(ed25519.sign(new Uint8Array(8), seedOf(outsider)));
    await recordSponsored(t.ctx.db, { ...sponsored, purpose: 'approval', hashes: [lost], walletId: null });
    await t.ctx.db
      .updateTable('payment_records')
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .where('hash', '=', lost)
      .execute();
    const pending = await space.admin.client.get<Records>('/api/v1/wallets/payment/records', { type: 3 });
    expect(pending.data.total).toBe(2);
    expect(pending.data.list.find((r) => r.hash === hash)).toMatchObject({
      status: 3,
      fee: null,
      volume: null,
    });

    expect(await settleSponsored(t.ctx)).toBe(2);
    expect(await settleSponsored(t.ctx)).toBe(0);
    const settled = await space.admin.client.get<Records>('/api/v1/wallets/payment/records', { type: 3 });
    expect(settled.data.list).toEqual([
      expect.objectContaining({
        hash: lost,
        status: 2,
        purpose: 'approval',
        fee: '0',
        volume: '0',
        wallet_id: null,
      }),
      expect.objectContaining({
        hash,
        status: 1,
        purpose: 'execution',
        chain: 'sol-devnet',
        sender: payer.address,
        // One signature's fee, and the 0.1 SOL that left besides it, as the VM's balances say.
        fee: '5000',
        volume: (SOL / 10n).toString(),
        wallet_id: walletId,
        wallet_name: 'Solana treasury',
        task_id: taskId,
        symbol: 'SOL',
        decimals: 9,
      }),
    ]);
    const after = (await space.admin.client.get<Listed>('/api/v1/wallets/payment/list')).data.list;
    expect(after[0]!.balance).toBe((2n * SOL - SOL / 10n - 5000n).toString());
    // Paged, and nothing of this space in another's records.
    const paged = await space.admin.client.get<Records>('/api/v1/wallets/payment/records', { page_size: 1 });
    expect([paged.data.total, paged.data.list.length]).toEqual([2, 1]);
    expect((await stranger.client.get<Records>('/api/v1/wallets/payment/records')).data.total).toBe(0);
    // Bad paging is a catalogue error, not a 500.
    expect((await space.admin.client.get('/api/v1/wallets/payment/records', { page_size: 0 })).code).toMatch(
      /PARAMS/,
    );
  });

  it('SOL and token payments to the vault from outside are recorded as deposits, with their sender', async () => {
    await recordDeposits(t.ctx); // the cursor starts at the tip
    devnet.airdrop(vault, SOL / 4n);
    await devnet.mintTo(usdt, vault, 7_000_000n);
    await recordDeposits(t.ctx);
    const records = await space.admin.client.get<{ list: { amount: string; symbol: string }[] }>(
      '/api/v1/transfer/records',
      { direction: 1, wallet_id: walletId },
    );
    expect(records.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount: '0.25', symbol: 'SOL' }),
        expect.objectContaining({ amount: '7' }),
      ]),
    );
    // Read again, nothing is recorded twice.
    await recordDeposits(t.ctx);
    const again = await space.admin.client.get<{ list: unknown[] }>('/api/v1/transfer/records', {
      direction: 1,
      wallet_id: walletId,
    });
    expect(again.data.list).toHaveLength(records.data.list.length);
  });
});
