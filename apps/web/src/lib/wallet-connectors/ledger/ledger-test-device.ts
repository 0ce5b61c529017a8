// For the tests only: a Ledger stood in for by recorded replies, or by nothing at all.
import { openTransportReplayer, RecordStore } from '@ledgerhq/hw-transport-mocker';
import type { ApduExchange } from './ledger-transport';

/** Ledger's own replayer answers each APDU from the recordings and fails on any other APDU. */
export async function replay(...recordings: string[]): Promise<ApduExchange> {
  const transport = await openTransportReplayer(RecordStore.fromString(recordings.join('\n')));
  return async (apdu) => (await transport.exchange(Buffer.from(apdu, 'hex'))).toString('hex');
}

/** An exchange that records what reaches it and fails: for checks that nothing is sent. */
export function silentDevice() {
  const sent: string[] = [];
  const exchange: ApduExchange = async (apdu) => {
    sent.push(apdu);
    throw new Error('nothing should reach the device');
  };
  return { sent, exchange };
}
