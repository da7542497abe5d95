import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
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
        const url = secretQueryPaths.test(request.url) ? request.url.split('?')[0] : request.url;
        return { method: request.method, url, remoteAddress: request.ip };
      },
    },
  };
}

type Bindings = Record<string, unknown>;

/**
 * A request's logger (`request.log`), made only when something logs through it: most requests
 * write nothing but their access line, and making a pino child for each was a measurable part of
 * a cached read. Its lines are those of `parent.child(bindings)`, redaction included.
 */
export class RequestLogger {
  #child: pino.Logger | undefined;

  constructor(
    readonly parent: pino.Logger,
    readonly bindings: Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  private get real(): pino.Logger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  get silent(): pino.LogFn {
    return this.real.silent;
  }
  isLevelEnabled(level: string): boolean {
    return this.#child ? this.#child.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }
  child(bindings: Bindings, options?: pino.ChildLoggerOptions): pino.Logger {
    return this.real.child(bindings, options);
  }
  // Each method passes its arguments on as they came (pino reads them by position).
  fatal(...args: Parameters<pino.LogFn>): void {
    this.real.fatal(...args);
  }
  error(...args: Parameters<pino.LogFn>): void {
    this.real.error(...args);
  }
  warn(...args: Parameters<pino.LogFn>): void {
    this.real.warn(...args);
  }
  info(...args: Parameters<pino.LogFn>): void {
    this.real.info(...args);
  }
  debug(...args: Parameters<pino.LogFn>): void {
    this.real.debug(...args);
  }
  trace(...args: Parameters<pino.LogFn>): void {
    this.real.trace(...args);
  }
}

/** Fastify's `childLoggerFactory`: every request's logger is a `RequestLogger`. */
export function requestLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: pino.ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger as pino.Logger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * The logger of access lines, one per root logger: the same stream and serializers, without the
 * redaction of secret fields. An access line holds only the request id, the method, the URL (an
 * auth path's without its query, by the `req` serializer), the address, the status and the time:
 * nothing that redaction could find, and redaction was most of the cost of writing it.
 */
const accessLoggers = new WeakMap<pino.Logger, pino.Logger>();
export function accessLoggerOf(parent: pino.Logger): pino.Logger {
  let logger = accessLoggers.get(parent);
  if (!logger) {
    logger = parent.child({}, { redact: [] });
    accessLoggers.set(parent, logger);
  }
  return logger;
}

/**
 * One access line per request, written when it is answered (method, address, status, time),
 * instead of Fastify's two (one on arrival, one on completion): half the logging work. A request
 * that errored is logged with its error through the request's own (redacting) logger.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.log instanceof RequestLogger) {
      accessLoggerOf(reply.log.parent).info({ ...reply.log.bindings, ...line }, 'request completed');
    } else reply.log.info(line, 'request completed');
  }
}
