import { type ApiErrorBody, TIMINGS } from '@barberly/common';
import { getSupabase } from './supabase';
import { sleep } from './timing';

/** Every non-ok answer of our api becomes one of these; toasts and forms read status, message and fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, message: string, opts: { code?: string; fields?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = opts.code;
    this.fields = opts.fields;
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}

/** The api's `{"error":{"message"}}` when it sent one, else the spec's `status: text`. */
export async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (isApiErrorBody(body)) {
      return new ApiError(res.status, body.error.message, { code: body.error.code, fields: body.error.fields });
    }
  } catch {
    // not JSON: fall through to the plain form
  }
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
}

type TokenSource = () => Promise<string | null>;

/**
 * Spec 7: the token lookup tries up to 3 times, waiting 100 ms then 200 ms in between, because the auth client may
 * still be restoring the session when the first call goes out. No token after that is only a warning.
 */
export async function lookUpToken(
  source: TokenSource,
  tries: number = TIMINGS.tokenLookupRetries,
  firstDelayMs: number = TIMINGS.tokenLookupDelayMs,
): Promise<string | null> {
  let delay = firstDelayMs;
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      const token = await source();
      if (token) return token;
    } catch {
      // retried below
    }
    if (attempt < tries) {
      await sleep(delay);
      delay *= 2;
    }
  }
  console.warn('No access token available: calling the api without authorization');
  return null;
}

async function sessionToken(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  return data.session?.access_token ?? null;
}

let tokenSource: TokenSource = sessionToken;
/** Tests swap the source; the app never does. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/** The session's access token (looked up as every call does), for a stream the admin reads itself (decision 0189). */
export function currentAccessToken(): Promise<string | null> {
  return lookUpToken(tokenSource);
}

/** Spec 8 'Session required but absent'. */
export const NO_SESSION_MESSAGE = 'No auth session available';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Refuse to call without a session: throws ApiError(401, 'No auth session available') instead. */
  requireSession?: boolean;
}

/** The one way the admin calls its api: bearer token when there is a session, cookies included, JSON both ways. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const token = await lookUpToken(tokenSource);
  if (!token && opts.requireSession) throw new ApiError(401, NO_SESSION_MESSAGE, { code: 'no_session' });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body (a photo upload) goes as multipart with the browser's own boundary; anything else as JSON.
  const form = typeof FormData !== 'undefined' && opts.body instanceof FormData ? opts.body : undefined;
  if (opts.body !== undefined && !form) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method: opts.method ?? 'GET',
    headers,
    body: form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    credentials: 'include',
    signal: opts.signal,
  });
  if (!res.ok) {
    const error = await toApiError(res);
    console.error(`${opts.method ?? 'GET'} ${path} failed`, error.message);
    throw error;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A POST whose answer is a stream of server-sent events (the assistant's chat): each `data:` line's JSON goes to
 * `onEvent` as it arrives. A non-ok answer throws the same ApiError as every other call.
 */
export async function apiEventStream<E>(
  path: string,
  body: unknown,
  onEvent: (event: E) => void,
  signal?: AbortSignal,
): Promise<void> {
  const token = await lookUpToken(tokenSource);
  if (!token) throw new ApiError(401, NO_SESSION_MESSAGE, { code: 'no_session' });
  const res = await fetch(path, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  if (!res.ok || !res.body) throw await toApiError(res);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (block.startsWith('data: ')) onEvent(JSON.parse(block.slice(6)) as E);
    }
  }
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/**
 * Spec 7's default query: GET the key's URL. On 401 either throw (a session is required: without one the call is not
 * even made, and the error says 'No auth session available') or answer null.
 * useQuery({ queryKey: ['/api/my/shops'], queryFn: getQueryFn({ on401: 'throw' }) })
 */
export function getQueryFn<T>({ on401 }: { on401: 'throw' | 'returnNull' }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }): Promise<T | null> => {
    try {
      return await apiRequest<T>(String(queryKey[0]), { signal, requireSession: on401 === 'throw' });
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}
