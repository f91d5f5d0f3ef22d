import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

import helmet from 'helmet';
import { describe, expect, it } from 'vitest';

import { fixedHeaders } from './app.ts';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc='"] } },
  crossOriginEmbedderPolicy: false,
};

describe('fixedHeaders', () => {
  it("notes exactly the headers helmet sets on a real answer, in helmet's order and spelling", () => {
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    res.setHeader('X-Powered-By', 'something');
    helmet(options)(res.req, res, () => {});

    const noted = fixedHeaders(helmet(options));

    // Node has it since 15.13; the installed @types/node does not declare it.
    const rawNames = (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
    expect(noted.map(([name]) => name)).toEqual(rawNames);
    expect(Object.fromEntries(noted.map(([name, value]) => [name.toLowerCase(), value]))).toEqual({
      ...res.getHeaders(),
    });
    expect(noted.some(([name]) => name.toLowerCase() === 'x-powered-by')).toBe(false);
  });

  it('refuses a middleware that does not finish at once', () => {
    expect(() => fixedHeaders(() => {})).toThrow(/did not finish/);
  });
});
