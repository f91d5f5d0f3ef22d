import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Parent = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (`request.log`, `reply.log`) that becomes pino's child logger, with the request id
 * among its bindings, only when a line its level lets through is written. Fastify makes a child for
 * every request, and pino serialises the child's bindings as it makes it. At `warn` (the benchmarks)
 * most requests write nothing and never make one; at `info` (the production default) Fastify's two
 * lines per request make it as before. The lines are the child's, byte for byte.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bindingsOfChild: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindingsOfChild, this.options));
  }

  private write(level: Level, args: unknown[]) {
    if (this.#child || this.parent.isLevelEnabled?.(level) !== false) {
      const real = this.real;
      (real[level] as (...a: unknown[]) => void).apply(real, args);
    }
  }

  get level() {
    return this.#child ? this.#child.level : this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    const logger = (this.#child ?? this.parent) as Parent;
    return logger.isLevelEnabled ? logger.isLevelEnabled(level) : true;
  }

  bindings(): Bindings {
    return (this.real as FastifyBaseLogger & { bindings(): Bindings }).bindings();
  }
}

/** Fastify's `childLoggerFactory`: a request logger as above; a route with its own level or serializers gets pino's child at once. */
export const lazyChildLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: NonNullable<ChildOptions>,
): FastifyBaseLogger =>
  options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : (new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger);
