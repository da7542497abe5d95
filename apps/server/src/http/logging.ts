import type { FastifyServerOptions } from 'fastify';

/** Paths whose query strings may carry codes or tokens: they are logged without them. */
const secretQueryPaths = /^\/api\/auth\//;

/** Request logging that never writes a credential: no bodies, no authorization or cookie headers, no auth query strings. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
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
        const url = secretQueryPaths.test(request.url) ? request.url.split('?')[0] : request.url;
        return { method: request.method, url, remoteAddress: request.ip };
      },
    },
  };
}
