// The PubSub WebSocket endpoint, reduced to the one subscription web3.js cannot do without:
// Connection.confirmTransaction subscribes with signatureSubscribe and only once that subscription
// is acknowledged does it poll getSignatureStatuses, so without it sendAndConfirmTransaction (and
// with it every @solana/spl-token helper) would wait forever.
// A minimal RFC 6455 server written out here instead of a dependency: text frames, no
// fragmentation, no compression (the ws-based client web3.js uses needs none of them).
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Chain } from './chain.js';
import type { TxRecord } from './history.js';

const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OP_TEXT = 0x1;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  let header: Buffer;
  if (length < 126) header = Buffer.from([0x80 | opcode, length]);
  else if (length < 0x10000) {
    header = Buffer.from([0x80 | opcode, 126, 0, 0]);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x80 | opcode;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

export class PubSub {
  private readonly sockets = new Set<Duplex>();
  private nextSubscription = 0;

  constructor(private readonly chain: Chain) {}

  /** Handles an http.Server 'upgrade' event. */
  readonly upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const key = req.headers['sec-websocket-key'];
    if (req.headers.upgrade?.toLowerCase() !== 'websocket' || typeof key !== 'string') {
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const accept = createHash('sha1')
      .update(key + HANDSHAKE_GUID)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    this.sockets.add(socket);
    this.serve(socket);
    if (head.length > 0) socket.emit('data', head); // bytes that came with the handshake
  };

  /** Says goodbye with close code 1000, after which web3.js's client does not try to reconnect. */
  close(): void {
    for (const socket of this.sockets) {
      socket.end(frame(OP_CLOSE, Buffer.from([0x03, 0xe8])));
      setTimeout(() => socket.destroy(), 1000).unref(); // in case the client never answers
    }
  }

  private serve(socket: Duplex): void {
    const unsubscribers = new Map<number, () => void>();
    const send = (message: unknown) => socket.write(frame(OP_TEXT, Buffer.from(JSON.stringify(message))));
    let buffered = Buffer.alloc(0);

    const onText = (text: string) => {
      let request: { id?: unknown; method?: unknown; params?: unknown[] };
      try {
        request = JSON.parse(text) as typeof request;
      } catch {
        return send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      }
      const { id, method, params = [] } = request;
      if (id === undefined) return; // a notification, such as web3.js's 'ping' heartbeat
      if (method === 'signatureSubscribe') {
        const subscription = this.nextSubscription++;
        send({ jsonrpc: '2.0', id, result: subscription });
        // Like a node: only a transaction applied from now on is notified (web3.js asks
        // getSignatureStatuses about earlier ones), once, and then the subscription is dropped.
        const notify = (record: TxRecord) => {
          unsubscribers.get(subscription)?.();
          unsubscribers.delete(subscription);
          const result = { context: { slot: record.slot }, value: { err: record.meta.err } };
          send({ jsonrpc: '2.0', method: 'signatureNotification', params: { result, subscription } });
        };
        const signature = String(params[0]);
        unsubscribers.set(
          subscription,
          this.chain.history.onApplied((record) => {
            if (record.signature === signature) notify(record);
          }),
        );
      } else if (method === 'signatureUnsubscribe') {
        unsubscribers.get(Number(params[0]))?.();
        unsubscribers.delete(Number(params[0]));
        send({ jsonrpc: '2.0', id, result: true });
      } else {
        send({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (buffered.length < 2) return;
        const opcode = (buffered[0] as number) & 0x0f;
        const masked = ((buffered[1] as number) & 0x80) !== 0;
        let length = (buffered[1] as number) & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffered.length < 4) return;
          [length, offset] = [buffered.readUInt16BE(2), 4];
        } else if (length === 127) {
          if (buffered.length < 10) return;
          [length, offset] = [Number(buffered.readBigUInt64BE(2)), 10];
        }
        const mask = masked ? buffered.subarray(offset, offset + 4) : null;
        if (mask) offset += 4;
        if (buffered.length < offset + length) return;
        const payload = Buffer.from(buffered.subarray(offset, offset + length));
        if (mask) for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i % 4]!;
        buffered = buffered.subarray(offset + length);

        if (opcode === OP_TEXT) onText(payload.toString('utf8'));
        else if (opcode === OP_PING) socket.write(frame(OP_PONG, payload));
        else if (opcode === OP_CLOSE) {
          socket.end(frame(OP_CLOSE, payload.subarray(0, 2)));
          return;
        }
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      for (const unsubscribe of unsubscribers.values()) unsubscribe();
      this.sockets.delete(socket);
    });
  }
}
