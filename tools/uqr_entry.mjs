// The part of uqr the site uses, bundled by tools/build.py with esbuild into
// static/vendor/uqr/uqr.mjs (static/js/qr.mjs imports it when a QR code is first drawn).
export { renderSVG } from "uqr";
