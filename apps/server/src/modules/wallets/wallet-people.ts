import type { Kysely } from 'kysely';
import type { Database, WalletMemberRole } from '../../db/schema';

export interface WalletPeopleInput {
  operators: number[];
  approvers: number[];
  viewers: number[];
  risk_control_users: number[];
  broadcasters: number[];
}

/** A new wallet's signers and role holders (each person once per role), in the creating transaction. */
export async function insertWalletPeople(
  trx: Kysely<Database>,
  walletId: number,
  body: WalletPeopleInput,
  signers: Array<{ signerAddressId: number; userId: number; address: string; weight?: number }>,
): Promise<void> {
  if (signers.length)
    await trx
      .insertInto('wallet_signers')
      .values(
        signers.map((s) => ({
          wallet_id: walletId,
          signer_address_id: s.signerAddressId,
          user_id: s.userId,
          address: s.address,
          // Weighted wallets (Tron) keep each key's weight; every other key weighs 1.
          weight: s.weight ?? 1,
        })),
      )
      .execute();
  const roles: Array<[WalletMemberRole, number[]]> = [
    ['operator', body.operators],
    ['approver', body.approvers],
    ['viewer', body.viewers],
    ['risk_control', body.risk_control_users],
    ['broadcaster', body.broadcasters],
  ];
  const rows = roles.flatMap(([role, ids]) =>
    [...new Set(ids)].map((userId) => ({ wallet_id: walletId, user_id: userId, role })),
  );
  if (rows.length) await trx.insertInto('wallet_members').values(rows).execute();
}
