import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

/** Paths whose query strings may carry codes or tokens: they are logged without them. */
const secretQueryPaths = /^\/api\/auth\//;

/** Request logging that never writes a credential: no bodies, no authorization or cookie headers, no auth query strings. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    // Standard output is written asynchronously: lines logged while a write is under way go out
    // together in the next one, instead of one blocking write per line. pino writes what is
    // left when the process exits.
    stream: stream ?? pino.destination({ dest: 1, sync: false }),
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

/**
 * One access line per request, written when it is answered (method, address, status, time),
 * instead of Fastify's two (one on arrival, one on completion): half the logging work.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
