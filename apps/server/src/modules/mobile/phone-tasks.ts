import { chainByKey } from '@keystead/chains';
import { sql } from 'kysely';
import type { MobileTask, MobileTasks } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { SignerStatus } from '../signers/signer-repository';
import { TransferStatus } from '../transfers/transfer-status';
import { formatUnits } from '../wallets/decimal';

/** The phone shows the newest first and never more than this (it refreshes every few seconds). */
const PHONE_TASKS_MAX = 50;

/**
 * Tasks of every space the user has joined that wait for this address's signature: the address
 * must be the user's own verified EVM signer, a signer of the task's wallet, and not have signed
 * it yet — a Safe transaction or a Dapp's message (SafeMessage) alike. One query; spaces the user
 * left or was blocked in are not read.
 */
export async function tasksForPhone(ctx: AppContext, userId: number, address: string): Promise<MobileTasks> {
  const own = await ctx.db
    .selectFrom('signer_addresses')
    .select(['address'])
    .where('user_id', '=', userId)
    .where('family', '=', 'EVM')
    .where('status', '=', SignerStatus.Verified)
    .where((eb) => eb(eb.fn('lower', ['address']), '=', address.toLowerCase()))
    .executeTakeFirst();
  if (!own) throw new AppError('SIGNER_ADDRESS_NOT_FOUND_ERROR');
  const rows = await ctx.db
    .selectFrom('tasks as t')
    .innerJoin('wallets as w', 'w.id', 't.wallet_id')
    .innerJoin('organizations as o', 'o.id', 't.organization_id')
    .innerJoin('organization_members as m', (join) =>
      join.onRef('m.organization_id', '=', 't.organization_id').on('m.user_id', '=', userId),
    )
    .innerJoin('wallet_signers as s', (join) =>
      join.onRef('s.wallet_id', '=', 't.wallet_id').on('s.user_id', '=', userId),
    )
    .select([
      't.id',
      't.organization_id',
      'o.name as organization_name',
      'w.id as wallet_id',
      'w.name as wallet_name',
      'w.chain_key',
      't.type',
      't.status',
      't.symbol',
      't.amount',
      't.decimals',
      't.to_address',
      't.signing_threshold',
      't.created_at',
      sql<string | null>`t.data->'dapp'->>'action'`.as('dapp_action'),
      sql<string | null>`t.data->'dapp'->>'name'`.as('dapp_name'),
      sql<string | null>`t.data->'dapp'->>'url'`.as('dapp_url'),
      sql<string | null>`t.data->'dapp'->>'kind'`.as('message_kind'),
    ])
    .select((eb) =>
      eb
        .selectFrom('task_signatures as g')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('g.task_id', '=', 't.id')
        .as('signatures'),
    )
    .where('m.status', '=', 'joined')
    .where('t.status', '=', TransferStatus.PendingSignature)
    .where((eb) => eb(eb.fn('lower', ['s.address']), '=', address.toLowerCase()))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('task_signatures as g')
            .select('g.task_id')
            .whereRef('g.task_id', '=', 't.id')
            .where((inner) => inner(inner.fn('lower', ['g.signer']), '=', address.toLowerCase())),
        ),
      ),
    )
    .orderBy('t.id', 'desc')
    .limit(PHONE_TASKS_MAX)
    .execute();
  return {
    address: own.address,
    // The phone's key signs EVM (Safe) tasks only.
    list: rows.flatMap((row) => {
      const chain = chainByKey(row.chain_key);
      if (chain?.family !== 'EVM') return [];
      return [
        {
          task_id: row.id,
          organization_id: row.organization_id,
          organization_name: row.organization_name,
          wallet_id: row.wallet_id,
          wallet_name: row.wallet_name,
          chain: chain.name,
          type: row.type,
          status: row.status,
          symbol: row.symbol,
          amount:
            row.amount !== null && row.decimals !== null
              ? formatUnits(BigInt(row.amount), row.decimals)
              : null,
          to_address: row.to_address,
          dapp_action: row.dapp_action,
          message: messageOf(row),
          signatures: Number(row.signatures ?? 0),
          threshold: row.signing_threshold ?? 0,
          created_at: row.created_at.toISOString(),
        },
      ];
    }),
    read_at: new Date().toISOString(),
  };
}

/** A Dapp's message task: the Dapp that asks and the message's kind (the phone names the task by them). */
function messageOf(row: {
  dapp_action: string | null;
  dapp_name: string | null;
  dapp_url: string | null;
  message_kind: string | null;
}): MobileTask['message'] {
  if (row.dapp_action !== 'message') return null;
  return {
    dapp_name: row.dapp_name ?? '',
    dapp_url: row.dapp_url ?? '',
    kind: row.message_kind === 'typed' ? 'typed' : 'personal',
  };
}
