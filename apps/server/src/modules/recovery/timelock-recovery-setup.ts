import type { FamilyAdapter } from '@keystead/chains';
import type { z } from 'zod';
import type { timelockRecoveryField } from '@keystead/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { family as familyWork } from '../transfers/transfer-family';
import { memberSignerKeys } from '../wallets/wallet-repository';
import type { TimelockRecoveryColumn } from '../transfers/transfer-family';

/**
 * A new Bitcoin-family wallet's recovery path from the wizard: the key checked like a signer key,
 * and the member whose verified signer key it is (else a backup key, null). Refused on families
 * and chains without it (no segwit: Bitcoin Cash; or no UTXOs at all).
 */
export async function timelockRecoverySetup(
  trx: Db,
  family: FamilyAdapter,
  organizationId: number,
  input: z.infer<typeof timelockRecoveryField> | undefined,
): Promise<TimelockRecoveryColumn | null> {
  if (!input) return null;
  const ops = family.timelockRecovery;
  if (!ops) throw new AppError('WALLET_RECOVERY_UNSUPPORTED_ERROR');
  const key = (await familyWork(() =>
    ops.parseKey({ xpub: input.xpub, fingerprint: input.fingerprint, path: input.path }),
  )) as TimelockRecoveryColumn['key'];
  const members = await memberSignerKeys(trx, organizationId, family.chain.info.key);
  const holder = members.find((row) => row.address === key.xpub && row.fingerprint === key.fingerprint);
  return { key, blocks: input.blocks, recoverer_user_id: holder?.user_id ?? null };
}
