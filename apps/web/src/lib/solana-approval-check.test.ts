import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { approvalMessage, type SquadsTransfer } from '@keystead/chains/solana/flow';
import { approveInstruction, vaultPda } from '@keystead/chains/solana/squads';
import { approvalRefusal, assertApproval } from './solana-approval-check';

const address = () => Keypair.generate().publicKey.toBase58();
const BLOCKHASH = new PublicKey(new Uint8Array(32).fill(5)).toBase58();
const wire = (message: ReturnType<TransactionMessage['compileToV0Message']>) =>
  Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');

describe("the page's check of a server-built Solana approval (built here by the server's own code)", () => {
  const multisig = address();
  const feePayer = address();
  const member = address();
  const transfer: SquadsTransfer = {
    multisig,
    microLamportsPerCu: '1000',
    plan: {
      vault: vaultPda(multisig).toBase58(),
      to: address(),
      amount: '1000000',
      mint: null,
      decimals: 9,
      source: null,
      destination: null,
      createsAccount: false,
      accountRent: '0',
    },
  };
  const built = (index: bigint, proposes: boolean, who = member) =>
    wire(approvalMessage(transfer, { feePayer, member: who, index, proposes, blockhash: BLOCKHASH }));
  const expected = { multisig, feePayer, signer: member, index: '7' };

  it('passes the first approval (vault transaction, proposal, vote) and a later vote, for the index shown', async () => {
    expect(await approvalRefusal(built(7n, true), expected)).toBeNull();
    expect(await approvalRefusal(built(7n, false), expected)).toBeNull();
  });

  it('refuses another index, another multisig, another fee payer, another signer', async () => {
    expect(await approvalRefusal(built(8n, false), expected)).toMatch(/proposal of transaction #7/);
    expect(await approvalRefusal(built(7n, false), { ...expected, multisig: address() })).toMatch(
      /Squads instruction on/,
    );
    expect(await approvalRefusal(built(7n, false), { ...expected, feePayer: address() })).toMatch(
      /not the fee payer/,
    );
    expect(await approvalRefusal(built(7n, false, address()), expected)).toMatch(/does not sign it/);
  });

  it("refuses anything but Squads on this multisig: a transfer out of the signer's own account", async () => {
    const drain = new TransactionMessage({
      payerKey: new PublicKey(feePayer),
      recentBlockhash: BLOCKHASH,
      instructions: [
        approveInstruction({ multisig, index: 7n, member }),
        SystemProgram.transfer({
          fromPubkey: new PublicKey(member),
          toPubkey: new PublicKey(feePayer),
          lamports: 1,
        }),
      ],
    }).compileToV0Message();
    const refusal = await approvalRefusal(wire(drain), expected);
    expect(refusal).toBe(`it calls ${SystemProgram.programId.toBase58()}`);
    await expect(assertApproval(wire(drain), expected)).rejects.toMatchObject({
      code: 'transaction_mismatch',
    });
    expect(await approvalRefusal('not base64 of a transaction', expected)).toBe('not a transaction');
  });
});
