// The part of Trystero the site uses, bundled by tools/build.py with esbuild into
// static/vendor/trystero/trystero.mjs (static/js/friends.mjs imports it when a room opens).
export { joinRoom, selfId, getRelaySockets } from "@trystero-p2p/torrent";
