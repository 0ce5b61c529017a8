import '../../node-globals';
import Transport from '@ledgerhq/hw-transport';
import TransportWebHID from '@ledgerhq/hw-transport-webhid';

/** One APDU in, the device's reply out (hex): how a test stands in for the USB device. */
export type ApduExchange = (apdu: string) => Promise<string>;

/** A transport over an ApduExchange: the browser tests replay recorded device replies with it. */
class ExchangeTransport extends Transport {
  // Not named `send`: Transport.send frames the APDU and checks the status word.
  constructor(private readonly answer: ApduExchange) {
    super();
  }

  override async exchange(apdu: Buffer): Promise<Buffer> {
    return Buffer.from(await this.answer(apdu.toString('hex')), 'hex');
  }
}

/**
 * The device's transport, for any of its apps (Ethereum, Tron): over WebHID (a device already
 * allowed, else the browser's chooser), or over `exchange` when a test provides one.
 */
export async function openTransport(exchange?: ApduExchange): Promise<Transport> {
  return exchange ? new ExchangeTransport(exchange) : await TransportWebHID.create();
}
