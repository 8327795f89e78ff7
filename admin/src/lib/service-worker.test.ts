import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * public/sw.js (issue 26 item 4): the installed app keeps its shell and static files but never answers an api call,
 * an auth call or anything not GET from its cache; it leaves them to the network.
 */
type Listener = (event: unknown) => void;

function loadWorker() {
  const listeners = new Map<string, Listener>();
  const source = fs.readFileSync(path.join(__dirname, '../../public/sw.js'), 'utf8');
  const self = {
    location: { origin: 'https://app.example.com' },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
  };
  const caches = { match: async () => undefined, open: async () => ({ put: async () => undefined }) };
  new Function('self', 'caches', 'fetch', source)(self, caches, () => Promise.reject(new Error('offline')));
  return (url: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}) => {
    let answered = false;
    const headers = new Headers(init.headers);
    listeners.get('fetch')?.({
      request: { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors', headers },
      respondWith: (answer: Promise<unknown>) => {
        answered = true;
        // Offline in this test: the kept copies are empty, so the answer is an error response or a rejection.
        Promise.resolve(answer).catch(() => undefined);
      },
    });
    return answered;
  };
}

describe('the service worker', () => {
  const answers = loadWorker();
  it('leaves api and auth calls, and every write, to the network', () => {
    expect(answers('https://app.example.com/api/shops/1/appointments')).toBe(false);
    expect(answers('https://app.example.com/api/push/key')).toBe(false);
    expect(answers('https://app.example.com/auth/v1/token?grant_type=password')).toBe(false);
    expect(answers('https://app.example.com/dashboard', { method: 'POST', mode: 'navigate' })).toBe(false);
    expect(answers('https://other.example.com/assets/x.js')).toBe(false);
    expect(answers('https://app.example.com/assets/app.js', { headers: { authorization: 'Bearer x' } })).toBe(false);
  });
  it("leaves the storefront's pages and files on the same origin alone (the Appearance tab's preview is one)", () => {
    expect(answers('https://app.example.com/shop/joes-cuts', { mode: 'navigate' })).toBe(false);
    expect(answers('https://app.example.com/demo/shop/classic', { mode: 'navigate' })).toBe(false);
    expect(answers('https://app.example.com/_sf/assets/entries/entry-client-routing.js')).toBe(false);
  });
  it('answers pages (the shell offline) and static files', () => {
    expect(answers('https://app.example.com/dashboard', { mode: 'navigate' })).toBe(true);
    expect(answers('https://app.example.com/assets/index-abc123.js')).toBe(true);
    expect(answers('https://app.example.com/icons/icon-192.png')).toBe(true);
  });
});
