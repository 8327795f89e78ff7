/*
 * Barberly admin's service worker (issue 26 item 4, decision 0187). It keeps the app shell and the static files so
 * the installed app opens, and shows web pushes. It never caches an api answer: /api/*, /auth/* and anything not
 * GET go to the network only (the worker does not even answer them), so nobody sees another session's data or a
 * stale booking.
 */
const SHELL_CACHE = 'barberly-shell-v1';
const STATIC_CACHE = 'barberly-static-v1';
const SHELL = '/dashboard';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([SHELL, '/manifest.webmanifest', '/icons/icon-192.png']))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n !== SHELL_CACHE && n !== STATIC_CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

/**
 * The storefront shares the admin's origin on the main domain (the proxy sends /shop/*, /demo/shop/* and /_sf/* to
 * it): a shop page in the Appearance tab's preview frame is a navigation too. Those are not the admin's to keep: kept
 * as the shell, a shop's page would open the installed app offline, and its files would fill the static cache.
 */
const STOREFRONT_PREFIXES = ['/shop/', '/demo/', '/_sf/'];

function networkOnly(url, request) {
  return (
    request.method !== 'GET' ||
    STOREFRONT_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)) ||
    url.pathname === '/healthz' ||
    url.origin !== self.location.origin ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/auth/') ||
    url.pathname === '/api' ||
    url.pathname === '/auth' ||
    url.pathname.startsWith('/mcp') ||
    request.headers.has('authorization') ||
    request.headers.get('accept') === 'text/event-stream'
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (networkOnly(url, request)) return;
  if (request.mode === 'navigate') {
    // The page from the network; the kept shell when offline (the app then says what it cannot load).
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL).then((kept) => kept || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed file names never change: the cache first.
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }
  // Icons, the manifest, the favicon: the network, the kept copy when offline.
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request).then((kept) => kept || Response.error())),
  );
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Barberly';
  event.waitUntil(
    self.registration
      .showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        tag: typeof data.tag === 'string' ? data.tag : undefined,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/dashboard' },
      })
      .then(() => self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
      .then((windows) => {
        for (const w of windows) w.postMessage({ type: 'barberly-push', payload: data });
      }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = event.notification.data?.url || '/dashboard';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if ('focus' in w) {
          w.navigate(target);
          return w.focus();
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
