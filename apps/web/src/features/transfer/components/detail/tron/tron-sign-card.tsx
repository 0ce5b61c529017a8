import { useChains, type WalletDetail } from '@/features/wallet';
import type { TronTaskInfo } from '../../../api/types';
import { WeightedSignCard } from '../weighted-sign-card';
import { TronFeeParts } from './tron-fee-parts';
import { TronSignedWhat } from './tron-signed-what';
import { TronSignForm } from './tron-sign-form';

/**
 * Tron signing and sending (§4: signed within 24 h or timed out): the transaction id, permission
 * and raw data; TronLink or a pasted signature; the fee burnt, part by part.
 */
export function TronSignCard(props: {
  task: TronTaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
  mayBroadcast: boolean;
}) {
  const { task } = props;
  const symbol = useChains().data?.list.find((chain) => chain.chain_id === task.chain_id)?.symbol ?? 'TRX';
  return (
    <WeightedSignCard
      family="TRX"
      {...props}
      signedWhat={task.tron ? <TronSignedWhat task={task} /> : null}
      signForm={(keys) => <TronSignForm task={task} keys={keys} />}
      fee={task.fee_parts ? <TronFeeParts parts={task.fee_parts} total={task.fee} symbol={symbol} /> : null}
    />
  );
}
