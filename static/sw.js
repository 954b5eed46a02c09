// Matchbook service worker: precache the whole site so it plays offline after
// the first visit.
//
// This file is the template. tools/build.py writes dist/sw.js as
//   const CACHE_NAME = "matchbook-<content hash>";
//   const PRECACHE = [ every file of dist, relative to this script ];
//   const PRECACHE_SHA256 = { path: sha256 };
// followed by the code below. Any byte changed anywhere in the site gives a
// new CACHE_NAME, hence a new sw.js, hence an update.
//
// The page registers this only once the engine is ready, so on a first visit
// every big file (pyodide.asm.wasm is ~9 MB) is already in the HTTP cache:
// install asks for { cache: "force-cache" } to take it from there instead of
// downloading it twice, and checks the bytes against the build's sha256 so a
// stale HTTP-cache copy of an older deploy is never precached as the new one.

/* global CACHE_NAME, PRECACHE, PRECACHE_SHA256 */

const CACHE_PREFIX = "matchbook-";
const PARALLEL_FETCHES = 6; // an HTTP/1.1 browser opens about this many per host anyway

self.addEventListener("install", (event) => {
  addStaticRoutes(event);
  event.waitUntil(precache());
});

// Where the browser may answer from this version's Cache Storage by itself, without starting
// this worker and running its fetch handler (Chromium 123+; elsewhere every request comes to
// the handler below, which answers the same). A warm visit used to wait for the worker's start
// before the page's first byte, then for a round trip through it for each of its ~15 files
// before the first screen. What the browser cannot answer this way still comes here: Pyodide's
// wasm (kept in the HTTP cache, see wasmFromHttpCache) and the pages asked for with a query
// ("/?game=matatu"), whose precached copy is found by ignoring it. A file that is not in the
// cache is fetched from the network, as the handler would. MicroPython's wasm (0.4 MB) comes
// from the precache: waiting for this worker's start cost the first screen more (~100 ms in
// bench/ui_ready_bench.py) than compiling it again once, on the first warm visit.
function addStaticRoutes(event) {
  if (typeof event.addRoutes !== "function") return;
  const scope = new URL(self.registration.scope);
  const site = (pathname, search) => ({
    protocol: scope.protocol.replace(/:$/, ""),
    hostname: scope.hostname,
    port: scope.port,
    pathname,
    ...(search === undefined ? {} : { search }),
  });
  const here = scope.pathname.replace(/[\\:*?()+{}]/g, "\\$&"); // a pattern of the scope
  const rules = [
    { condition: { urlPattern: site(`${here}*/pyodide.asm.wasm`) }, source: "fetch-event" },
    {
      condition: { requestMode: "navigate", urlPattern: site(`${here}*`, "") },
      source: { cacheName: CACHE_NAME },
    },
    { condition: { requestMode: "navigate" }, source: "fetch-event" },
    {
      condition: { requestMethod: "GET", urlPattern: site(`${here}*`) },
      source: { cacheName: CACHE_NAME },
    },
  ];
  try {
    Promise.resolve(event.addRoutes(rules)).catch(() => {});
  } catch (error) {
    // a browser that refuses a rule sends every request to the handler, as before
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

// A page may let a waiting update take over now (e.g. after asking the player).
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") {
    self.skipWaiting();
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // Never answer (or cache) cross-origin requests: let the browser handle them.
  if (url.origin !== self.location.origin) return;
  if (url.pathname.endsWith(".wasm")) {
    event.respondWith(wasmFromHttpCache(request, url));
    return;
  }
  event.respondWith(cachedOrNetwork(request, url));
});

// V8 keeps a WebAssembly module's compiled code beside the response it was compiled from: in
// the HTTP cache entry, or in the Cache Storage entry when a service worker answers from
// caches.match. The first visit compiles from the network, so its code cache sits in the HTTP
// cache; the copy precached afterwards starts with none, and the first visit served from it
// compiled everything again (measured: TurboFan CPU 4.6 s instead of 1.5 s, no
// v8.wasm.moduleCacheHit in Chromium's trace). So the wasm comes from the HTTP cache when it
// is there and holds this build's bytes (same length and validators as the precached copy),
// without asking the network; else from Cache Storage, as any other file.
async function wasmFromHttpCache(request, url) {
  const cache = await caches.open(CACHE_NAME);
  const stored = await cache.match(request);
  if (!stored) return cachedOrNetwork(request, url);
  try {
    const kept = await fetch(request.url, { cache: "only-if-cached", mode: "same-origin" });
    if (kept.ok && sameBytes(kept, stored)) return kept;
  } catch (error) {
    // not in the HTTP cache (evicted, or offline with a cleared cache): Cache Storage has it
  }
  return stored;
}

function sameBytes(a, b) {
  const header = (response, name) => response.headers.get(name);
  if (header(a, "content-length") !== header(b, "content-length")) return false;
  const validators = ["etag", "last-modified"].filter((name) => header(b, name) !== null);
  return validators.length > 0 && validators.every((name) => header(a, name) === header(b, name));
}

async function cachedOrNetwork(request, url) {
  const cache = await caches.open(CACHE_NAME);
  let hit;
  if (request.mode === "navigate") {
    // "/", "/?game=matatu" and "embed.html?scenario=..." are the precached pages:
    // the query and hash only steer the app.
    const page = new URL(url.href);
    if (page.pathname.endsWith("/")) page.pathname += "index.html";
    hit = await cache.match(page.href, { ignoreSearch: true });
  } else {
    hit = await cache.match(request);
  }
  return hit || fetch(request);
}

async function precache() {
  const cache = await caches.open(CACHE_NAME);
  // A retried install keeps what an interrupted one already stored.
  const stored = new Set((await cache.keys()).map((r) => r.url));
  const queue = PRECACHE.map((path) => [new URL(path, self.location.href).href, path]).filter(
    ([url]) => !stored.has(url),
  );
  const worker = async () => {
    while (queue.length) {
      const [url, path] = queue.shift();
      const response = await fetchVerified(url, PRECACHE_SHA256[path]);
      // The site's address itself ("/") is its index.html, for the static route above.
      if (path === "index.html") await cache.put(self.registration.scope, response.clone());
      await cache.put(url, response);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
}

// First from the HTTP cache; if those bytes are not this build's, from the network.
async function fetchVerified(url, sha256) {
  for (const mode of ["force-cache", "reload"]) {
    const response = await fetch(new Request(url, { cache: mode }));
    if (!response.ok) {
      throw new Error(`precache ${url}: HTTP ${response.status}`);
    }
    const body = await response.arrayBuffer();
    if ((await hexDigest(body)) === sha256) {
      // A fresh Response: no redirect flag, which navigations would refuse.
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
  }
  throw new Error(`precache ${url}: content differs from the build (deploy in progress?)`);
}

async function hexDigest(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
