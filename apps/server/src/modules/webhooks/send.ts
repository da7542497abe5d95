import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './address.js';

/** A receiver answers within this long, and this much of its answer is read at most. */
export const SEND_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/** `x-shop-signature`: the time, and the HMAC-SHA256 of "<time>.<body>" with the subscription's secret. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Connects to the address checked already, whatever the name resolves to now. */
function pinned(target: Target): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * POSTs the body, signed, to the target; answers the receiver's status. A redirect is an answer
 * like any other (never followed); the answer is read up to a size and the whole exchange
 * within a time, or it fails.
 */
export function postSigned(target: Target, body: string, secret: string): Promise<number> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned(target),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'shop-webhooks/1',
          'x-shop-signature': signature(secret, body, Math.floor(Date.now() / 1000)),
        },
      },
      (response) => {
        let read = 0;
        const status = response.statusCode ?? 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) {
            response.destroy();
            resolve(status);
          }
        });
        response.on('end', () => resolve(status));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
