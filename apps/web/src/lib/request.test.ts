import * as calls from '@portal/contract/routes';
import type { CallRoute } from '@portal/contract';
import { defineCall, popups } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { errorMessages } from './api-error.ts';
import { fileNameFromDisposition } from './download.ts';
import { setNavigator } from './navigation.ts';
import { closePopup, getPopup } from './popups.ts';
import { request } from './request.ts';
import { clearToken, getToken, saveToken } from './token.ts';

const pagedCallDefinition = defineCall({
  id: 'test.paged',
  summary: 'test',
  tag: 'test',
  methods: ['POST'],
  path: '/things/:accountId/list',
  input: z.object({ accountId: z.number(), page: z.number().optional(), search: z.string().optional() }),
  data: z.object({ ok: z.boolean() }),
  codes: ['SUCCESS'],
  auth: { access: 'user' },
});
const pagedCall: CallRoute<typeof pagedCallDefinition> = {
  id: pagedCallDefinition.id,
  path: pagedCallDefinition.path,
  methods: pagedCallDefinition.methods,
  access: pagedCallDefinition.auth.access,
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  saveToken('aaa.bbb.ccc', Math.floor(Date.now() / 1000) + 3600);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  navigate.mockReset();
  closePopup();
  clearToken();
});

describe('request', () => {
  it('sends the token, the XHR header, path params, page in the query and the rest as JSON', async () => {
    fetchMock.mockResolvedValue(answer(200, { data: { ok: true }, code: 'SUCCESS', message: '' }));
    await expect(request(pagedCall, { accountId: 7, page: 2, search: 'x' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things/7/list?page=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"search":"x"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer aaa.bbb.ccc');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('sends GET input as a query string', async () => {
    fetchMock.mockResolvedValue(
      answer(200, {
        data: {
          user_id: 1,
          email_nm: 'a@b.c',
          first_nm: 'A',
          last_nm: 'B',
          two_factor_enabled: false,
          uss_admin_level: 0,
          avatar: null,
          accounts_users: [],
        },
        code: 'SUCCESS',
        message: '',
      }),
    );
    await request(calls.users.getAuthenticatedUser, {});
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/get-authenticated-user');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('refuses an answer that is not an envelope', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await expect(request(pagedCall, { accountId: 1 })).rejects.toMatchObject({ code: 'SERVER_ERROR' });
  });

  it('does not call the server for a protected call without a token, and goes to login', async () => {
    clearToken();
    await expect(request(pagedCall, { accountId: 1 })).rejects.toMatchObject({ code: 'INVALID_TOKEN', handled: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login/session');
  });

  it('sends public calls without a token', async () => {
    clearToken();
    fetchMock.mockResolvedValue(answer(200, { data: [], code: 'SUCCESS', message: '' }));
    await expect(request(calls.notifications.getOutages, {})).resolves.toEqual([]);
  });
});

describe('error catalogue', () => {
  it.each(['INVALID_TOKEN', 'EXPIRED_TOKEN'])('%s clears the token and goes to login/session', async (code) => {
    fetchMock.mockResolvedValue(answer(401, { data: null, code, message: 'Session over' }));
    await expect(request(pagedCall, { accountId: 1 })).rejects.toMatchObject({ code, handled: true });
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login/session');
  });

  it('TOO_MANY_ATTEMPTS shows the Too Many Requests popup', async () => {
    fetchMock.mockResolvedValue(answer(429, { data: null, code: 'TOO_MANY_ATTEMPTS', message: 'slow down' }));
    const error = await request(pagedCall, { accountId: 1 }).catch((e: unknown) => e);
    expect(getPopup()).toEqual(popups.tooManyAttempts);
    expect(errorMessages(error)).toEqual([]);
  });

  it('UNACCEPTED_LEGAL_AGREEMENT shows the popup and goes to the legal page after 3 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(answer(403, { data: null, code: 'UNACCEPTED_LEGAL_AGREEMENT', message: 'accept' }));
    await request(pagedCall, { accountId: 1 }).catch(() => undefined);
    expect(getPopup()).toEqual(popups.legal);
    vi.advanceTimersByTime(2999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/legal');
  });

  it.each(['USS_TWO_FACTOR_AUTH_REQUIRED', 'TWO_FACTOR_AUTH_REQUIRED'])(
    '%s shows the server message and goes to the two-factor tab after 3 s',
    async (code) => {
      vi.useFakeTimers();
      fetchMock.mockResolvedValue(answer(403, { data: null, code, message: 'Turn on two-factor first.' }));
      await request(pagedCall, { accountId: 1 }).catch(() => undefined);
      expect(getPopup()).toEqual({ title: 'Two-Factor Auth Required', body: 'Turn on two-factor first.' });
      vi.advanceTimersByTime(3000);
      expect(navigate).toHaveBeenCalledWith('/users/update-profile?tab-target=two-factor');
    },
  );

  it('VALIDATION_ERROR lists every field message on its own line', async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        data: { email: ['This value is required.'], password: ['too short', 'too long'] },
        code: 'VALIDATION_ERROR',
        message: 'Invalid input',
      }),
    );
    const error = await request(pagedCall, { accountId: 1 }).catch((e: unknown) => e);
    expect(errorMessages(error)).toEqual(['This value is required.', 'too short', 'too long']);
  });

  it('other errors carry the server message for the form', async () => {
    fetchMock.mockResolvedValue(answer(401, { data: null, code: 'INVALID_CREDENTIALS', message: 'Wrong password.' }));
    const error = await request(pagedCall, { accountId: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Wrong password.', handled: false });
    expect(errorMessages(error)).toEqual(['Wrong password.']);
    expect(getToken()).not.toBeNull();
  });

  it('a network failure becomes a generic error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request(pagedCall, { accountId: 1 })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('fileNameFromDisposition', () => {
  it('reads the plain and the extended forms', () => {
    expect(fileNameFromDisposition('attachment; filename="invoice-1-2-20240101.pdf"', 'x')).toBe(
      'invoice-1-2-20240101.pdf',
    );
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''Services-100%20A.csv", 'x')).toBe(
      'Services-100 A.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=plain.csv', 'x')).toBe('plain.csv');
  });
  it('falls back without a header', () => {
    expect(fileNameFromDisposition(null, 'download')).toBe('download');
  });
});
