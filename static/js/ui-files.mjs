// The files a page needs before MicroPython can draw it, asked for as soon as the page's
// stylesheets are in (all its first paint needs from the network: a deferred module runs only
// then, so these take no bandwidth from it): the UI's modules in one file (ui/bundle.bin;
// static/js/ui-bundle.mjs writes them into MicroPython's file system) and what PyScript
// fetches one after another before MicroPython starts. A module of its own, without imports,
// listed in <head> before the other deferred scripts: from ui-bundle.mjs, which imports
// PyScript's core for its hooks, these requests waited for PyScript's whole module graph, and
// then for the first frame (at 50 Mbit/s, 20 ms: asked ~330 ms after navigation, now ~170-250
// ms; the lobby, and the engine's download after it, came that much sooner).

const BUNDLE_URL = new URL("../../ui/bundle.bin", import.meta.url);

export const bundle = fetch(BUNDLE_URL).then((response) => {
  if (!response.ok) throw new Error(`${BUNDLE_URL.pathname}: HTTP ${response.status}`);
  return response.arrayBuffer();
});
bundle.catch(() => {}); // reported in onReady, where the page's script would fail

// What PyScript will fetch one after another before MicroPython starts (its chunks, the
// interpreter and its wasm; listed by the build, tools/site_config.py): asked for all at once.
function preloadBoot() {
  const listed = document.getElementById("boot-preloads");
  let links = [];
  try {
    links = JSON.parse(listed ? listed.textContent : "[]");
  } catch (error) {
    return; // a page without the list fetches them in PyScript's order, as before
  }
  for (const { rel, href, as } of links) {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (as) {
      link.as = as;
      link.crossOrigin = "anonymous"; // the interpreter's own fetch() is in CORS mode
    }
    document.head.append(link);
  }
}
preloadBoot();
