// Play with friends on their own devices: the connection, and nothing else. WebRTC data
// channels between the players' browsers (Trystero), found through a relay: the one bin/serve
// runs beside the site (it answers relay.json), else public WebTorrent trackers. No server of
// ours carries a move.
//
// window.matchbookFriends, for the UI (MicroPython through PyScript's FFI: strings across,
// JSON text for anything structured):
//   defaults() -> Promise<JSON {relays, stun, local}>
//   open(role, roomId, secret, optionsJson, onEvent) -> Promise<JSON {ok, self} | {ok, error}>
//     onEvent(JSON) with {type: "join"|"leave", peer} | {type: "message", peer, text}
//                        | {type: "error", error}
//   send(peerId, text), sendAll(text) -> bool;  close();  info() -> JSON
//   rejoin() -> Promise<bool>: leave and join the same room again, as a new peer (done by
//     itself when the device comes back online or the page is shown again, while no one is
//     connected)
//
// Loading this module costs nothing: Trystero (52 kB) is imported when a room opens.

const BUNDLE = new URL("../vendor/trystero/trystero.mjs", import.meta.url).href;
const RELAY_JSON = new URL("../../relay.json", import.meta.url).href;
const ACTION = "mb";
const APP_ID = "matchbook";
const MAX_TEXT = 65536;
// Public WebTorrent trackers (only the offers to connect pass through them, encrypted with the
// room's secret) and STUN servers (each device learns its public address). Settings: open()'s
// options replace them.
const PUBLIC_RELAYS = [
  "wss://tracker.openwebtorrent.com",
  "wss://tracker.webtorrent.dev",
  "wss://tracker.btorrent.xyz",
];
const PUBLIC_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"];

let trystero = null; // the bundle, once imported
let room = null; // Trystero's room, while open
let action = null; // its one action: strings both ways
let params = null; // {role, roomId, secret, options, onEvent}: what rejoin() joins again
let peers = new Set();
let counts = { sent: 0, received: 0, dropped: 0 };
let leaving = Promise.resolve(); // the last room's leave (Trystero's takes ~0.1 s)
let opening = 0; // the latest open() or rejoin(): an older one that finishes later gives way
let hiddenSince = null;
let previous = null; // the last room Trystero gave: joining must give a new one

function emit(event) {
  const onEvent = params && params.onEvent;
  if (typeof onEvent !== "function") return;
  try {
    onEvent(JSON.stringify(event));
  } catch (error) {
    // The caller's handler failed: not the connection's business, but worth seeing.
    console.warn("matchbookFriends: onEvent failed:", error);
  }
}

function insecureReason() {
  if (window.isSecureContext && globalThis.crypto && crypto.subtle) return null;
  return (
    "Playing with friends needs a secure page (https:// or localhost): this page is " +
    `${location.protocol}//${location.host}, so browsers refuse the encryption it needs.`
  );
}

async function defaults() {
  try {
    const response = await fetch(RELAY_JSON, { cache: "no-store" });
    if (response.ok) {
      const data = await response.json();
      const port = Number(data && data.port);
      if (Number.isInteger(port) && port > 0 && port < 65536) {
        const scheme = location.protocol === "https:" ? "wss" : "ws";
        // The page's own host name: a page on a LAN address may not open ws://127.0.0.1.
        return JSON.stringify({
          relays: [`${scheme}://${location.hostname}:${port}`],
          stun: [],
          local: true,
        });
      }
    }
  } catch (error) {
    // No relay of the page's server (a static host, or offline): the public ones.
  }
  return JSON.stringify({ relays: PUBLIC_RELAYS, stun: PUBLIC_STUN, local: false });
}

function parseOptions(optionsJson) {
  let options = {};
  try {
    options = optionsJson ? JSON.parse(optionsJson) : {};
  } catch (error) {
    throw new Error("The connection settings are not valid JSON.");
  }
  const list = (value, name) => {
    if (value === null || value === undefined) return null;
    if (!Array.isArray(value) || !value.every((url) => typeof url === "string")) {
      throw new Error(`The connection setting "${name}" must be a list of addresses.`);
    }
    return value;
  };
  return { relays: list(options && options.relays, "relays"), stun: list(options && options.stun, "stun") };
}

// A fresh copy of Trystero: its module keeps the device's peer id and one socket per relay
// for the page's life, and gives a relay up for good after ~150 s down. rejoin() starts over
// with a new copy (the bundle's text, fetched once, imported from a blob URL: a new module
// each time), so it meets the room as a new peer through new sockets (the host seats a device
// by its seat token, not its peer id); the old copy's sockets are closed.
let bundleText = null;

async function freshTrystero() {
  if (bundleText === null) {
    const response = await fetch(BUNDLE);
    if (!response.ok) throw new Error(`${BUNDLE}: ${response.status}`);
    bundleText = await response.text();
  }
  const url = URL.createObjectURL(new Blob([bundleText], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function closeRelaySockets(copy) {
  for (const socket of Object.values(copy.getRelaySockets())) {
    if (socket && socket.readyState <= WebSocket.OPEN) {
      socket.onclose = null; // or Trystero would open it again
      socket.close();
    }
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Trystero reports the end of every peer connection through console.error ("Trystero peer
// error: OperationError: User-Initiated Abort, reason=Close called" when a friend closes the
// tab or reloads): that is not an error of this page, and the "leave" event says it. Those
// lines are logged as warnings; every other console.error stays an error.
function quietPeerEnds() {
  const error = console.error.bind(console);
  console.error = (...args) => {
    if (typeof args[0] === "string" && args[0].startsWith("Trystero peer error")) {
      console.warn(...args);
    } else {
      error(...args);
    }
  };
}

function join() {
  const { roomId, secret, resolved } = params;
  const config = {
    appId: APP_ID,
    password: secret,
    relayConfig: { urls: resolved.relays },
    rtcConfig: { iceServers: resolved.stun.map((urls) => ({ urls })) },
  };
  const made = trystero.joinRoom(config, roomId, {
    onJoinError: (details) => emit({ type: "error", error: String((details && details.error) || "could not join") }),
  });
  if (made === previous) throw new Error("the last room has not finished leaving");
  room = previous = made;
  action = room.makeAction(ACTION);
  room.onPeerJoin = (peer) => {
    peers.add(peer);
    emit({ type: "join", peer });
  };
  room.onPeerLeave = (peer) => {
    if (peers.delete(peer)) emit({ type: "leave", peer });
  };
  action.onMessage = (data, context) => {
    const peer = context && context.peerId;
    if (typeof data !== "string" || data.length > MAX_TEXT) {
      counts.dropped += 1;
      return;
    }
    counts.received += 1;
    emit({ type: "message", peer, text: data });
  };
}

function leave() {
  const old = room;
  room = null;
  action = null;
  if (old) {
    old.onPeerJoin = null;
    old.onPeerLeave = null;
    // Trystero keeps a room until its leave ends; a join before that would get it back.
    leaving = Promise.race([old.leave().catch(() => {}), pause(3000)]);
  }
  const gone = [...peers];
  peers = new Set();
  return gone;
}

async function open(role, roomId, secret, optionsJson, onEvent) {
  const fail = (error) => JSON.stringify({ ok: false, error });
  if (role !== "host" && role !== "guest") return fail('The role must be "host" or "guest".');
  if (typeof roomId !== "string" || !roomId || typeof secret !== "string" || !secret) {
    return fail("A room needs a name and a secret.");
  }
  const insecure = insecureReason();
  if (insecure) return fail(insecure);
  let options;
  try {
    options = parseOptions(optionsJson);
  } catch (error) {
    return fail(error.message);
  }
  shut();
  const ticket = ++opening;
  let resolved = { relays: options.relays, stun: options.stun };
  if (resolved.relays === null || resolved.stun === null) {
    const base = JSON.parse(await defaults());
    resolved = { relays: resolved.relays ?? base.relays, stun: resolved.stun ?? base.stun };
  }
  if (!resolved.relays.length) return fail("There is no relay to meet the others through.");
  try {
    if (!trystero) quietPeerEnds();
    trystero = trystero || (await import(BUNDLE));
  } catch (error) {
    return fail("The connection code could not be loaded (are you offline on a first visit?).");
  }
  if (ticket !== opening) return fail("Another room was opened meanwhile.");
  shut(); // in case a room opened while this one waited
  await leaving;
  if (ticket !== opening) return fail("Another room was opened meanwhile.");
  params = { role, roomId, secret, options, resolved, onEvent };
  counts = { sent: 0, received: 0, dropped: 0 };
  try {
    join();
  } catch (error) {
    params = null;
    return fail(`The room could not be opened: ${error && error.message}`);
  }
  return JSON.stringify({ ok: true, self: trystero.selfId });
}

async function rejoin() {
  if (!params || !trystero) return false;
  const ticket = ++opening;
  const gone = leave();
  for (const peer of gone) emit({ type: "leave", peer });
  await leaving;
  let copy;
  try {
    copy = await freshTrystero();
  } catch (error) {
    copy = null;
  }
  if (ticket !== opening || !params) return false;
  if (copy) {
    closeRelaySockets(trystero);
    trystero = copy;
    previous = null;
  }
  try {
    join();
  } catch (error) {
    emit({ type: "error", error: `The room could not be joined again: ${error && error.message}` });
    return false;
  }
  return true;
}

function shut() {
  leave();
  params = null;
}

function close() {
  opening += 1; // an open() still on its way gives way
  shut();
}

function deliver(text, target) {
  if (!action || typeof text !== "string" || text.length > MAX_TEXT) return false;
  if (target !== null && !peers.has(target)) return false;
  if (target === null && !peers.size) return false;
  action.send(text, target === null ? undefined : { target }).catch((error) => {
    emit({ type: "error", error: `A message was not sent: ${error && error.message}` });
  });
  counts.sent += 1;
  return true;
}

const send = (peerId, text) => deliver(text, typeof peerId === "string" ? peerId : undefined);
const sendAll = (text) => deliver(text, null);

function info() {
  return JSON.stringify({
    open: Boolean(room),
    role: params ? params.role : null,
    self: trystero ? trystero.selfId : null,
    peers: [...peers],
    ...counts,
  });
}

// Back from a lost connection: a relay given up for good never comes back by itself.
function rejoinIfAlone() {
  if (params && room && !peers.size) rejoin();
}
addEventListener("online", rejoinIfAlone);
// Leaving the page for good (a closed tab, a reload): the others see the leave at once
// (~0.1 s) rather than when the connection times out (~10 s).
addEventListener("pagehide", (event) => {
  if (!event.persisted && room) close();
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") {
    hiddenSince = Date.now();
  } else if (hiddenSince !== null) {
    hiddenSince = null;
    rejoinIfAlone();
  }
});

window.matchbookFriends = { defaults, open, send, sendAll, close, rejoin, info };
