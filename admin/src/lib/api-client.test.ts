import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn, lookUpToken, setTokenSource, toApiError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('toApiError', () => {
  it("reads the api's error shape: status, message, code and fields", async () => {
    const res = new Response(
      JSON.stringify({
        error: { code: 'validation_failed', message: 'Invalid input', fields: { email: 'Invalid email address' } },
      }),
      { status: 400 },
    );
    const error = await toApiError(res);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      code: 'validation_failed',
      fields: { email: 'Invalid email address' },
    });
  });

  it("falls back to the spec's 'status: text' for anything else", async () => {
    const error = await toApiError(new Response('Bad Gateway', { status: 502 }));
    expect(error.status).toBe(502);
    expect(error.message).toBe('502: Bad Gateway');
  });
});

describe('lookUpToken (spec 7: 3 tries, 100 ms doubling)', () => {
  it('tries three times and then gives up with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const source = vi.fn().mockResolvedValue(null);
    expect(await lookUpToken(source, 3, 1)).toBeNull();
    expect(source).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('returns the token as soon as one appears, also after a thrown error', async () => {
    const source = vi.fn().mockRejectedValueOnce(new Error('not ready')).mockResolvedValueOnce('tok');
    expect(await lookUpToken(source, 3, 1)).toBe('tok');
    expect(source).toHaveBeenCalledTimes(2);
  });
});

describe('apiRequest', () => {
  it('sends the bearer token, includes credentials and sends JSON', async () => {
    setTokenSource(async () => 'abc');
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ ok: 1 }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/leads', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/leads');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init.headers).toMatchObject({ authorization: 'Bearer abc', 'content-type': 'application/json' });
  });

  it('throws an ApiError for a non-ok answer', async () => {
    setTokenSource(async () => 'abc');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify({ error: { code: 'forbidden', message: 'Not yours' } }), { status: 403 }),
        ),
    );
    await expect(apiRequest('/api/shops/x')).rejects.toMatchObject({ status: 403, message: 'Not yours' });
  });

  it('answers null on 401 when the query says so, and throws otherwise', async () => {
    setTokenSource(async () => 'abc');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unauthorized = () =>
      new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'No session' } }), { status: 401 });
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => unauthorized()),
    );
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/user'] })).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/auth/user'] })).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('a query that needs a session', () => {
  it("says 'No auth session available' without calling the api when there is no session", async () => {
    setTokenSource(async () => null);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/my/shops'] })).rejects.toMatchObject({
      status: 401,
      message: 'No auth session available',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
