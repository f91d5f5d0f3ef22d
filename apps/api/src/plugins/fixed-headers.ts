import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';

/** Headers that are the same on every answer, in the order and spelling they are written. */
export interface FixedHeaders {
  readonly names: readonly string[];
  readonly values: readonly string[];
  /** Position of each header by its lower-cased name. */
  readonly index: ReadonlyMap<string, number>;
  /** Name, value, name, value, ...: the start of every answer's list. */
  readonly flat: readonly string[];
}

export function fixedHeaderList(headers: readonly (readonly [string, string])[]): FixedHeaders {
  return {
    names: headers.map(([name]) => name),
    values: headers.map(([, value]) => value),
    index: new Map(headers.map(([name], i) => [name.toLowerCase(), i])),
    flat: headers.flat(),
  };
}

type HeaderValue = number | string | readonly string[];

/**
 * Node's answer with a list of headers that are the same on every answer (helmet's), written ahead of
 * the answer's own, exactly as if `setHeader` had been called for each of them first, but without it.
 *
 * `setHeader` checks, lower-cases and files each header in the answer's header table, and writing the
 * head then reads the table back; with helmet's twelve headers set that way on every request, every
 * other header went through the table too (Node's "progressive" path), a large part of a light call's
 * CPU time. Here `useFixedHeaders` only notes the list; `writeHead` hands Node one flat list (the fixed
 * headers, then the answer's own), which Node checks and writes once.
 *
 * Same bytes: names, spelling, order and values as `setHeader` in that order gives; an answer's header
 * of the same name takes the fixed one's place, as `setHeader` would have replaced it. Reading a header
 * before the head is written answers from the list; any other use of the header table before then
 * (setting, removing, listing) sets the fixed headers with `setHeader` first, as before, and so does a
 * `writeHead` whose header names are not all lower-case (Fastify's are).
 */
export class FixedHeadersResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #fixed: FixedHeaders | null = null;

  /** The fixed headers of this answer (not yet set: see the class). */
  useFixedHeaders(fixed: FixedHeaders): void {
    this.#fixed = fixed;
  }

  /** Sets the fixed headers the ordinary way, before any other use of the header table. */
  #settle(): void {
    const fixed = this.#fixed;
    if (fixed === null) return;
    this.#fixed = null;
    for (let i = 0; i < fixed.names.length; i++) super.setHeader(fixed.names[i] as string, fixed.values[i] as string);
  }

  override writeHead(
    statusCode: number,
    reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const fixed = this.#fixed;
    const message = typeof reason === 'string' ? reason : undefined;
    const own = message === undefined ? (reason as typeof headers) : headers;
    const names = own && !Array.isArray(own) ? Object.keys(own) : [];
    if (fixed === null || Array.isArray(own) || !names.every(isLowerCase)) {
      this.#settle();
      return message === undefined ? super.writeHead(statusCode, own) : super.writeHead(statusCode, message, own);
    }
    this.#fixed = null;
    const list: HeaderValue[] = fixed.flat.slice();
    for (const name of names) {
      const value = (own as OutgoingHttpHeaders)[name] as HeaderValue;
      const at = fixed.index.get(name);
      // An answer's header of a fixed header's name takes its place (setHeader would have replaced it
      // there); Node skips an empty name on this path too.
      if (at !== undefined) {
        list[2 * at] = name;
        list[2 * at + 1] = value;
      } else if (name) list.push(name, value);
    }
    const flat = list as OutgoingHttpHeader[];
    return message === undefined ? super.writeHead(statusCode, flat) : super.writeHead(statusCode, message, flat);
  }

  override getHeader(name: string) {
    const fixed = this.#fixed;
    if (fixed === null || typeof name !== 'string') return super.getHeader(name);
    const at = fixed.index.get(name.toLowerCase());
    return at === undefined ? undefined : fixed.values[at];
  }

  override hasHeader(name: string): boolean {
    const fixed = this.#fixed;
    if (fixed === null || typeof name !== 'string') return super.hasHeader(name);
    return fixed.index.has(name.toLowerCase());
  }

  override setHeader(name: string, value: HeaderValue): this {
    this.#settle();
    return super.setHeader(name, value);
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    this.#settle();
    return super.appendHeader(name, value);
  }

  override setHeaders(headers: Parameters<ServerResponse['setHeaders']>[0]): this {
    this.#settle();
    return super.setHeaders(headers);
  }

  override removeHeader(name: string): void {
    this.#settle();
    super.removeHeader(name);
  }

  override getHeaders(): OutgoingHttpHeaders {
    this.#settle();
    return super.getHeaders();
  }

  override getHeaderNames(): string[] {
    this.#settle();
    return super.getHeaderNames();
  }

  // Node has it since 15.13; the installed @types/node does not declare it.
  getRawHeaderNames(): string[] {
    this.#settle();
    return (ServerResponse.prototype as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames.call(this);
  }
}

/** Fastify writes its headers under lower-case names; anything else takes the ordinary path. */
const isLowerCase = (name: string) => name === name.toLowerCase();
