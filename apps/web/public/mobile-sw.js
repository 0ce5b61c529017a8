/* Keystead Signer's service worker (scope /mobile), registered only by the /mobile page.
 * - the /mobile page: network first, the last copy when the network fails;
 * - /assets/*: hashed, immutable files: cache first, kept as they are fetched (and those the page
 *   loaded before this worker took over, which the page lists in a message);
 * - /api and anything else: never cached, never answered from here. */
const CACHE = 'keystead-signer-v1';
const PAGE = '/mobile';
const STATIC_FILES = ['/manifest.webmanifest', '/mobile-icon.svg', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([new Request(PAGE, { cache: 'reload' }), ...STATIC_FILES]))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

function isAsset(url) {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
}

async function keepAssets(urls) {
  const cache = await caches.open(CACHE);
  for (const path of urls) {
    const url = new URL(path, self.location.origin);
    if (!isAsset(url) || (await cache.match(url.pathname))) continue;
    try {
      const response = await fetch(url.pathname);
      if (response.ok) await cache.put(url.pathname, response);
    } catch {
      // offline now: kept next time
    }
  }
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'cache-assets' && Array.isArray(data.urls))
    event.waitUntil(keepAssets(data.urls));
});

async function pageNetworkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(PAGE, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(PAGE);
    if (kept) return kept;
    throw error;
  }
}

async function assetCacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(url.pathname);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(url.pathname, response.clone());
  return response;
}

async function staticNetworkFirst(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(url.pathname, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(url.pathname);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/')) return;
  if (request.mode === 'navigate') {
    if (url.pathname === PAGE || url.pathname.startsWith(`${PAGE}/`))
      event.respondWith(pageNetworkFirst(request));
    return;
  }
  if (isAsset(url)) {
    event.respondWith(assetCacheFirst(request, url));
    return;
  }
  if (STATIC_FILES.includes(url.pathname)) event.respondWith(staticNetworkFirst(request, url));
});
