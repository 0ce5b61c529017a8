// SPL tokens through web3.js and @solana/spl-token helpers: mints, associated token accounts,
// transferChecked with a separate fee payer, and the parsed account replies of a node.
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMint,
  createMintToInstruction,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
  mintTo,
  TOKEN_PROGRAM_ID,
  unpackAccount,
} from '@solana/spl-token';
import { getTransactionDecoder } from '@solana/kit';
import { Keypair, sendAndConfirmTransaction, type Connection, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SolanaDevnet } from './index.js';
import { fundedKey, signed, startTestDevnet } from './test-helpers.js';

let devnet: SolanaDevnet;
let connection: Connection;

beforeAll(async () => {
  ({ devnet, connection } = await startTestDevnet());
});
afterAll(() => devnet.close());

// Not inlined, so V8 cannot fold it: it has to run the FPU's `fprem` sequence, which gives NaN
// instead of -0 while a program run has left the FPU register stack full (LiteSVM issue #396).
function remainder(a: number, b: number): number {
  return a % b;
}

describe('SPL Token', () => {
  let payer: Keypair;
  let mint: PublicKey;

  beforeAll(async () => {
    payer = fundedKey(devnet);
    mint = await createMint(connection, payer, payer.publicKey, null, 6);
  });

  it('moves tokens with transferChecked while a separate fee payer pays', async () => {
    const owner = fundedKey(devnet, 1);
    const recipient = Keypair.generate().publicKey;
    const feePayer = fundedKey(devnet);
    const from = getAssociatedTokenAddressSync(mint, owner.publicKey);
    const to = getAssociatedTokenAddressSync(mint, recipient);
    await sendAndConfirmTransaction(
      connection,
      await signed(
        connection,
        [createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, from, owner.publicKey, mint)],
        [payer],
      ),
      [payer],
    );
    await mintTo(connection, payer, mint, from, payer, 10_000_000n);
    const ownerSol = await connection.getBalance(owner.publicKey);
    const payerSol = await connection.getBalance(feePayer.publicKey);

    const tx = await signed(
      connection,
      [
        createAssociatedTokenAccountIdempotentInstruction(feePayer.publicKey, to, recipient, mint),
        createTransferCheckedInstruction(from, mint, to, owner.publicKey, 2_500_000n, 6),
      ],
      [feePayer, owner],
    );
    const signature = await sendAndConfirmTransaction(connection, tx, [feePayer, owner]);

    expect((await getAccount(connection, from)).amount).toBe(7_500_000n);
    expect((await getAccount(connection, to)).amount).toBe(2_500_000n);
    expect(await connection.getBalance(owner.publicKey)).toBe(ownerSol);
    const rent = await connection.getMinimumBalanceForRentExemption(165);
    expect(await connection.getBalance(feePayer.publicKey)).toBe(payerSol - 10_000 - rent); // 2 signatures

    const meta = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.meta;
    type Balances = NonNullable<typeof meta>['postTokenBalances'];
    const amounts = (list: Balances) =>
      (list ?? []).map((b) => [b.owner, b.uiTokenAmount.uiAmountString]).sort();
    expect(amounts(meta?.preTokenBalances)).toEqual([[owner.publicKey.toBase58(), '10']]);
    expect(amounts(meta?.postTokenBalances)).toEqual(
      [
        [owner.publicKey.toBase58(), '7.5'],
        [recipient.toBase58(), '2.5'],
      ].sort(),
    );
  });

  it('answers getParsedTokenAccountsByOwner, balances and supply like a node', async () => {
    const owner = Keypair.generate().publicKey;
    const ata = getAssociatedTokenAddressSync(mint, owner);
    await sendAndConfirmTransaction(
      connection,
      await signed(
        connection,
        [createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, ata, owner, mint)],
        [payer],
      ),
      [payer],
    );
    await mintTo(connection, payer, mint, ata, payer, 1_250_000n);

    const parsed = await connection.getParsedTokenAccountsByOwner(owner, { mint });
    expect(parsed.value).toHaveLength(1);
    expect(parsed.value[0]?.pubkey.toBase58()).toBe(ata.toBase58());
    expect(parsed.value[0]?.account.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint: mint.toBase58(),
          owner: owner.toBase58(),
          state: 'initialized',
          tokenAmount: { amount: '1250000', decimals: 6, uiAmount: 1.25, uiAmountString: '1.25' },
        },
      },
      space: 165,
    });
    const byProgram = await connection.getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ID });
    expect(byProgram.value.map((a) => unpackAccount(a.pubkey, a.account).amount)).toEqual([1_250_000n]);
    expect((await connection.getTokenAccountsByOwner(Keypair.generate().publicKey, { mint })).value).toEqual(
      [],
    );

    expect((await connection.getTokenAccountBalance(ata)).value.uiAmountString).toBe('1.25');
    const supply = (await getMint(connection, mint)).supply;
    expect((await connection.getTokenSupply(mint)).value.amount).toBe(supply.toString());
    const mintInfo = await connection.getParsedAccountInfo(mint);
    expect(mintInfo.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: { decimals: 6, mintAuthority: payer.publicKey.toBase58(), freezeAuthority: null },
      },
    });
  });

  it('leaves the FPU clean after programs ran (LiteSVM before 1.5.0 did not, issue #396)', async () => {
    const owner = Keypair.generate().publicKey;
    const ata = getAssociatedTokenAddressSync(mint, owner);
    const create = createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, ata, owner, mint);
    // Straight on the VM (the ATA program makes the indirect call that dirtied it), then through
    // the RPC server.
    const tx = await signed(connection, [create], [payer], devnet.svm.latestBlockhash());
    const result = devnet.svm.sendTransaction(getTransactionDecoder().decode(tx.serialize()));
    expect(Object.is(remainder(-0, 64), -0)).toBe(true);
    expect(result.constructor.name).toBe('TransactionMetadata');
    devnet.advance();
    const mintOne = createMintToInstruction(mint, ata, payer.publicKey, 1n);
    await connection.sendRawTransaction((await signed(connection, [mintOne], [payer])).serialize());
    expect(Object.is(remainder(-0, 64), -0)).toBe(true);
  });
});
