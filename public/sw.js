// Service worker of the demo: keeps the app shell (page, scripts, WASM) so scoring works offline
// after the first visit. Models are cached separately by the engine (Cache Storage, per file).
// precache.json, written by the build, lists every app file.
// The build writes its own id here (vite.config.ts), so every new build is a new service worker.
const SHELL = 'oralis-shell-__BUILD__';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const files = await (await fetch('./precache.json', { cache: 'no-store' })).json();
      const cache = await caches.open(SHELL);
      await cache.addAll(['./', ...files]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('oralis-shell-') && key !== SHELL) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin || url.pathname.includes('/oralis/')) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(SHELL);
      // ignoreVary: servers that send Vary (vite preview: Vary: Origin) would otherwise make every lookup miss offline.
      const cached = await cache.match(event.request, { ignoreSearch: true, ignoreVary: true });
      if (cached) return cached;
      const response = await fetch(event.request);
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    })(),
  );
});
