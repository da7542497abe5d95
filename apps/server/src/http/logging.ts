import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Paths whose query strings may carry codes, tokens or passwords (OCI's): they are logged without them. */
const secretQueryPaths = /^\/api\/(auth\/|punchout\/oci)/;
/** Paths that carry a one-use token themselves (a punchout StartPage): logged without it. */
const secretPaths = /^(\/api\/punchout\/start\/)[^?]*/;

/**
 * Fastify's own logger (pino: a line as a request comes, one as it is answered) that never writes
 * a credential: no bodies, no authorization or cookie headers, no auth query strings.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    // Standard output is written asynchronously and in batches: lines are gathered until 4 KB
    // (a dozen access lines) or a second has passed, instead of one write per line. pino writes
    // what is left when the process exits.
    stream: stream ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.refreshToken',
        '*.accessToken',
        '*.clientSecret',
        '*.card',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request) {
        const path = request.url.replace(secretPaths, '$1[redacted]');
        const url = secretQueryPaths.test(path) ? path.split('?')[0] : path;
        return { method: request.method, url, remoteAddress: request.ip };
      },
    },
  };
}
