// Sizes Matchbook example frames from their "height" messages (static/js/embed.mjs posts one
// whenever the frame's content changes height), so a frame never scrolls inside. Used by the
// site's own pages (the rules page's "Try it", the editor's preview); a teaching page may
// load it too, once: <script src="https://YOUR-MATCHBOOK-SITE/static/js/embed-host.js"></script>
// It listens only to frames of the site it was loaded from, and reads nothing else.
(() => {
  const script = document.currentScript;
  const site = script && script.src ? new URL(script.src, location.href).origin
    : location.origin;
  addEventListener("message", (event) => {
    const data = event.data;
    if (event.origin !== site || !data || data.source !== "matchbook") return;
    if (data.type !== "height") return;
    const height = Number(data.height);
    if (!Number.isFinite(height) || height < 40 || height > 20000) return;
    for (const frame of document.getElementsByTagName("iframe")) {
      if (frame.contentWindow !== event.source) continue;
      // The content gets the height: a border-box frame adds its borders and padding.
      const style = getComputedStyle(frame);
      const extra = style.boxSizing !== "border-box" ? 0
        : ["borderTopWidth", "borderBottomWidth", "paddingTop", "paddingBottom"]
          .reduce((sum, name) => sum + (parseFloat(style[name]) || 0), 0);
      frame.style.height = Math.ceil(height + extra) + "px";
    }
  });
})();
