import type { Socket } from 'node:net';
import { formatErrorMessage, type ErrorCode } from '@keystead/contract';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them — headers over its 16 KB limit
 * (a long query string), malformed request lines — still get the `{ code, message, data }`
 * envelope. The headers were not read, so the message is in English.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (socket.destroyed || !socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const code: ErrorCode = tooLarge ? 'REQUEST_BODY_TOO_LARGE_ERROR' : 'PARAMS_INVALID_ERROR';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({
    code,
    message: formatErrorMessage(code, 'en-US', { field: 'request' }),
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
