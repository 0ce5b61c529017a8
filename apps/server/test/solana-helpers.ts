import { startSolanaDevnet, type SolanaDevnet } from '@keystead/solana-devnet';
import { createTestApp, type TestApp } from './test-app';
import { transferSpace, type TransferSpace } from './transfer-helpers';

/**
 * A test server on the local Solana VM (chain `sol-devnet`, a testnet) with a paid space of
 * `members` members whose testnet switch is on; close the devnet after the app.
 */
export async function solanaTestApp(
  members: number,
  spaceName: string,
): Promise<{ devnet: SolanaDevnet; t: TestApp; space: TransferSpace }> {
  const devnet = await startSolanaDevnet();
  const t = await createTestApp(
    {},
    {
      chains: [
        {
          family: 'SOL',
          chainId: 'sol-devnet',
          name: 'Solana (local VM)',
          rpcUrl: devnet.url,
          isDevnet: false,
        },
      ],
    },
  );
  const space = await transferSpace(t, members, spaceName);
  await t.ctx.db
    .updateTable('organizations')
    .set({ is_open_testnet: true })
    .where('id', '=', space.spaceId)
    .execute();
  return { devnet, t, space };
}
