#!/usr/bin/env node
// The local relay for play with friends: a WebTorrent tracker over WebSocket
// (bittorrent-tracker's server, ws only: no http or udp tracker, no stats page), through which
// the players' browsers exchange their encrypted offers to connect. bin/serve runs it beside
// the site, which then answers relay.json with its port (tools/static_host.py --relay-port),
// so a game on one machine or a LAN needs no internet. Once connected, the players talk
// directly (WebRTC); the relay may stop without breaking a game.
//
//   node tools/relay.mjs [--port 8001] [--host 127.0.0.1] [--cert FILE --key FILE]
//
// With --cert and --key it listens as wss:// (a page on https may only open wss://). Prints
// one line, "relay: ws://HOST:PORT" (or wss://), once listening; exits cleanly on SIGTERM or
// SIGINT. (bittorrent-tracker's own command line loads a native WebRTC module and crashes:
// hence this file.)

import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import Server from "bittorrent-tracker/server";

function options(argv) {
  const out = { port: 8001, host: "127.0.0.1", cert: null, key: null };
  for (let i = 0; i < argv.length; i += 1) {
    const [name, inline] = argv[i].split("=", 2);
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (name === "--port") out.port = Number(value());
    else if (name === "--host") out.host = value();
    else if (name === "--cert") out.cert = value();
    else if (name === "--key") out.key = value();
    else {
      console.error(`relay: unknown argument ${argv[i]}`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) {
    console.error("relay: --port must be a port number");
    process.exit(2);
  }
  if (Boolean(out.cert) !== Boolean(out.key)) {
    console.error("relay: --cert and --key go together");
    process.exit(2);
  }
  return out;
}

// How often the browsers announce themselves again (Trystero keeps 10 s to 120 s; the public
// trackers say 120 s): a newcomer who announced before an earlier player (back from a lost
// connection to the relay) is found at the next round, so short rounds on our own relay.
const ANNOUNCE_MS = 10_000;
const args = options(process.argv.slice(2));
const tls = Boolean(args.cert);
const tracker = new Server({
  http: false, udp: false, stats: false, ws: { noServer: true },
  interval: ANNOUNCE_MS,
});
tracker.on("error", (error) => console.error(`relay: ${error.message || error}`));
tracker.on("warning", () => {}); // a client's malformed announce: its own business

// Anything but a WebSocket gets a sentence: a player who opened the relay's address to accept
// its certificate (bin/serve --lan) reads that it worked.
const handler = (request, response) => {
  response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
  response.end("Matchbook's relay for play with friends is here. You can close this tab.\n");
};
const server = tls
  ? https.createServer({ cert: readFileSync(args.cert), key: readFileSync(args.key) }, handler)
  : http.createServer(handler);
const sockets = new Set();
server.on("connection", (socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
});
server.on("upgrade", (request, socket, head) => {
  tracker.ws.handleUpgrade(request, socket, head, (ws) => {
    tracker.ws.emit("connection", ws, request);
  });
});
server.on("error", (error) => {
  console.error(`relay: ${error.message}`);
  process.exit(1);
});
server.listen(args.port, args.host, () => {
  const { port } = server.address();
  const host = args.host.includes(":") ? `[${args.host}]` : args.host;
  console.log(`relay: ${tls ? "wss" : "ws"}://${host}:${port}`);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  tracker.close();
  server.close(() => process.exit(0));
  for (const socket of sockets) socket.destroy(); // the browsers reconnect to the next relay
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
