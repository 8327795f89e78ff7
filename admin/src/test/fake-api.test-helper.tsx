import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Toaster } from '../components/ui/toaster';

/** One request the fake api saw: method, URL and the JSON body. */
export interface SeenRequest {
  method: string;
  url: string;
  body: unknown;
}

type Route = (request: SeenRequest) => { status: number; body?: unknown } | undefined;

/**
 * fetch answered by routes tried in order (the first that answers wins); anything else is a 404 in the api's error
 * shape. `requests` lists every call, for the assertions.
 */
export function fakeApi(...routes: Route[]) {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: SeenRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    requests.push(request);
    for (const route of routes) {
      const answer = route(request);
      if (!answer) continue;
      if (answer.status === 204) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(answer.body ?? null), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  const sent = (method: string, url: string | RegExp) =>
    requests.filter((r) => r.method === method && (typeof url === 'string' ? r.url === url : url.test(r.url)));
  return { fetchMock, requests, sent };
}

/** `on('GET', url, body)`: a route answering one method and URL (exact, or a pattern) with 200 and a body. */
export function on(
  method: string,
  url: string | RegExp,
  body: ((r: SeenRequest) => unknown) | object | string | number | boolean | null,
  status = 200,
) {
  return (request: SeenRequest) => {
    if (request.method !== method) return undefined;
    if (typeof url === 'string' ? request.url !== url : !url.test(request.url)) return undefined;
    return { status, body: typeof body === 'function' ? (body as (r: SeenRequest) => unknown)(request) : body };
  };
}

/** The dashboard's query client (never stale, no retries) around the ui, with the toasts. */
export function renderWithApi(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}
