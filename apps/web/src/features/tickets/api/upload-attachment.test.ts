import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { clearToken, saveToken } from '../../../lib/token.ts';
import { uploadAttachment } from './upload-attachment.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  saveToken('aaa.bbb.ccc', Math.floor(Date.now() / 1000) + 3600);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearToken();
});

describe('uploadAttachment', () => {
  it('sends the file as multipart form data through the request helper, with the token and no JSON type', async () => {
    const attachment = {
      attachment_id: 9,
      file_name: 'trace.log',
      content_type: 'text/plain; charset=utf-8',
      size_bytes: 5,
    };
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ data: attachment, code: 'SUCCESS', message: '' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const file = new File(['hello'], 'trace.log', { type: 'text/plain' });
    await expect(uploadAttachment(file)).resolves.toEqual(attachment);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/tickets/upload-attachment');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer aaa.bbb.ccc');
    expect(headers['Content-Type']).toBeUndefined();
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('trace.log');
  });
});
