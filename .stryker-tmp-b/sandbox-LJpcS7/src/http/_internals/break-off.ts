/**
 * Ending a response the way its upstream's ended: a reset as a TCP reset, a body cut
 * short as a connection closed before the chunked terminator. Never a clean end, so a
 * client of the proxy or of a replay sees the failure a direct client saw.
 */
// @ts-nocheck

import type { ServerResponse } from 'node:http';
import type { Incomplete } from '../cassette.ts';

// A reset that overtakes the last bytes reaches the client as a plain close: the bytes go first.
const RESET_GRACE_MS = 20;

export async function breakOff(response: ServerResponse, how: Incomplete): Promise<void> {
  if (response.destroyed) return;
  if (how === 'truncated') return void response.destroy();
  await new Promise<void>((sent) => response.write('', () => sent()));
  await new Promise<void>((later) => setTimeout(later, RESET_GRACE_MS));
  if (response.socket === null) response.destroy();
  else response.socket.resetAndDestroy();
}

/** The error a client's socket reports for a break-off, for replays that open no socket. */
export function breakOffError(how: Incomplete): Error {
  return how === 'reset'
    ? Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' })
    : Object.assign(new Error('other side closed'), { name: 'SocketError', code: 'UND_ERR_SOCKET' });
}
