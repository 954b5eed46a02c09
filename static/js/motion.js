// Motion derived from two states, not coded per move (STYLE.md: chessground's anim.ts). The
// UI (MicroPython) calls before(root) just before it redraws the table and after(root, hints)
// just after; every face-up card carries its code in data-face, so one animator moves each
// card from where it was to where it is now, and a new game gets motion for free:
//   - a card still on the table but somewhere else (your card from the hand to the pile, a
//     trick to the "last trick" box, the hand closing up) slides there;
//   - a card that appears comes from the seat that played it (hints.from: code -> seat, from
//     the log entries the viewer may read), into your hand from the stock (drawn, dealt:
//     several at once are dealt one after another), in place in a zone marked
//     data-motion="flip" (turned over: The Match-Maker's grid);
//   - public cards that leave go to hints.gather's seat (the trick's winner) and fade;
//   - hints.draws: seats that drew face down: a card back goes from the stock to the seat.
// Only transforms and opacity are animated (the compositor's work, no layout), nothing
// waits for an animation, and prefers-reduced-motion (or a duration of 0) turns it all off.
// Nothing here reads a card's identity that the page does not already show.
(function () {
  "use strict";
  var reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var before = null;
  var running = 0;
  // Read by tests and bench/motion_bench.py: what moved in the last redraw, and when the
  // last animation ended (performance.now()).
  var stats = { redraws: 0, moved: 0, appeared: 0, gathered: 0, turned: 0, drew: 0,
                lastPlan: null, lastEnd: 0, running: 0 };

  function table(root) {
    return root.querySelector(".table") || root;
  }

  function faces(root) {
    var found = new Map();
    var counts = {};
    var list = table(root).querySelectorAll("[data-face], [data-card]");
    for (var i = 0; i < list.length; i++) {
      var el = list[i];
      var code = el.getAttribute("data-face") || el.getAttribute("data-card");
      var zone = el.closest("[data-motion]");
      var key;
      if (zone && zone.getAttribute("data-motion") === "flip") {
        // Interchangeable cards in fixed places (a grid): a place, not a code, is the identity.
        var cell = el.closest("[data-cell]");
        key = "cell:" + (cell ? cell.getAttribute("data-cell") : i) + ":" + code;
      } else {
        counts[code] = (counts[code] || 0) + 1;
        key = code + "#" + counts[code];
      }
      var rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;  // not shown
      found.set(key, { el: el, code: code, rect: rect, hand: !!el.closest("[data-zone=hand]"),
                       flip: !!(zone && zone.getAttribute("data-motion") === "flip") });
    }
    return found;
  }

  function off(duration) {
    return !(duration > 0) || (reduce && reduce.matches);
  }

  function centre(rect) {
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  }

  function seatRect(root, seat) {
    var el = root.querySelector('.seats [data-seat="' + seat + '"]');
    return el ? el.getBoundingClientRect() : null;
  }

  function stockRect(root) {
    var el = root.querySelector(".table .stock, .table [data-stock]") ||
             root.querySelector(".table .board, .table .centre");
    return el ? el.getBoundingClientRect() : null;
  }

  function finished(animation) {
    running += 1;
    stats.running = running;
    animation.onfinish = animation.oncancel = function () {
      running -= 1;
      stats.running = running;
      stats.lastEnd = performance.now();
    };
    return animation;
  }

  // The move from point ``a`` to point ``b``, as a transform.
  function offset(a, b) {
    return "translate(" + (b.x - a.x) + "px," + (b.y - a.y) + "px)";
  }

  // Slide ``el`` from ``from`` (a rect) to where it is now; ``small``: it sets off as a small
  // card from the middle of ``from`` (a seat, the stock), not stretched to that box's shape.
  function slide(el, from, to, duration, delay, extra, small) {
    var sx = to.width ? from.width / to.width : 1, sy = to.height ? from.height / to.height : 1;
    if (small) sx = sy = 0.6;
    var start = { transform: offset(centre(to), centre(from)) + " scale(" + sx + "," + sy + ")" };
    if (extra) start.opacity = extra;
    return finished(el.animate([start, { transform: "none", opacity: 1 }],
                               { duration: duration, delay: delay || 0, easing: "ease-out",
                                 fill: "backwards" }));
  }

  // ``copy`` (a card's copy, or a back) makes a journey above the page from ``rect``: not a
  // card of the table (no identity, hidden from assistive technology, never pressed), and
  // gone when its animation ends.
  function travel(copy, rect, keyframes, timing) {
    ["id", "data-card", "data-action", "data-face"].forEach(function (name) {
      copy.removeAttribute(name);
    });
    copy.setAttribute("aria-hidden", "true");
    copy.setAttribute("tabindex", "-1");
    copy.classList.add("motion-ghost");
    copy.style.cssText = "position:fixed;margin:0;pointer-events:none;z-index:30;left:" +
      rect.left + "px;top:" + rect.top + "px;width:" + rect.width + "px;height:" +
      rect.height + "px;";
    document.body.appendChild(copy);
    var animation = finished(copy.animate(keyframes, timing));
    var done = function () { copy.remove(); };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
    return animation;
  }

  // A card that has left the page: a copy of it, where it was, goes to ``to`` and fades.
  function ghost(node, from, to, duration) {
    travel(node.cloneNode(true), from,
           [{ transform: "none", opacity: 1 },
            { transform: offset(centre(from), centre(to)) + " scale(0.5)", opacity: 0 }],
           { duration: duration, easing: "ease-in", fill: "forwards" });
  }

  // A card arriving in the hand: the hand scrolls inside the dock, which would clip a card
  // sliding in from the stock, so a copy above the page makes the journey and the card itself
  // shows when the copy lands.
  function arrive(item, from, duration, delay) {
    var to = item.rect;
    travel(item.el.cloneNode(true), to,
           [{ transform: offset(centre(to), centre(from)) + " scale(0.6)", opacity: 0.3 },
            { transform: "none", opacity: 1 }],
           { duration: duration, delay: delay, easing: "ease-out", fill: "both" });
    // hidden while it waits its turn (fill backwards) and while the copy travels
    finished(item.el.animate([{ opacity: 0 }, { opacity: 0 }],
                             { duration: duration, delay: delay, fill: "backwards" }));
  }

  // A face-down card from the stock to a seat that drew (a back has no identity to copy).
  function drawn(stock, seat, duration, delay) {
    var back = document.createElement("span");
    back.className = "card back";
    var a = centre(stock);
    travel(back, { left: a.x - 16, top: a.y - 22, width: 32, height: 44 },
           [{ transform: "none", opacity: 1 },
            { transform: offset(a, centre(seat)) + " scale(0.6)", opacity: 0.2 }],
           { duration: duration, delay: delay, easing: "ease-in-out", fill: "both" });
  }

  window.matchbookMotion = {
    stats: stats,

    // The table as it is now, just before it is redrawn.
    before: function (root) {
      var found = faces(root);
      // Copies of the public cards, for those that leave (a gathered trick).
      found.forEach(function (item) { if (!item.hand) item.copy = item.el.cloneNode(true); });
      before = found;
    },

    // The table as it is now drawn: move each card from where it was. ``hints`` (JSON from
    // the UI): {duration, from: {code: seat}, gather: seat|null, draws: [seat], viewer}.
    after: function (root, hintsJson) {
      var old = before;
      before = null;
      stats.redraws += 1;
      var hints = {};
      try { hints = JSON.parse(hintsJson || "{}"); } catch (error) { hints = {}; }
      var duration = +hints.duration || 0;
      if (!old || off(duration)) { stats.lastPlan = null; return; }
      var now = faces(root);
      var plan = { moved: 0, appeared: 0, gathered: 0, turned: 0, drew: 0, cards: [] };
      var dealt = [];
      var from = hints.from || {};
      now.forEach(function (item, key) {
        var was = old.get(key);
        if (was) {
          var r = was.rect, n = item.rect;
          if (Math.abs(r.left - n.left) > 1 || Math.abs(r.top - n.top) > 1 ||
              Math.abs(r.width - n.width) > 1) {
            slide(item.el, r, n, duration, 0);
            plan.moved += 1;
            if (item.hand !== was.hand) {
              plan.cards.push({ code: item.code, how: "from hand", key: key });
            }
          }
          return;
        }
        if (item.flip) {
          finished(item.el.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }],
                                   { duration: duration, easing: "ease-out" }));
          plan.turned += 1;
          return;
        }
        var seat = from[item.code];
        var source = seat !== undefined && seat !== hints.viewer ? seatRect(root, seat) : null;
        if (source) {
          slide(item.el, source, item.rect, duration, 0, 0.4, true);
          plan.appeared += 1;
          plan.cards.push({ code: item.code, how: "from seat", seat: seat, key: key });
        } else if (item.hand) {
          dealt.push(item);
        } else {
          finished(item.el.animate([{ opacity: 0, transform: "scale(0.8)" },
                                    { opacity: 1, transform: "none" }],
                                   { duration: duration, easing: "ease-out" }));
          plan.appeared += 1;
        }
      });
      if (dealt.length) {
        var stock = stockRect(root);
        // Dealt one after another, a whole hand within 1.8 durations: at rest before the
        // next bot moves (ui/motion.py: every speed's pause is longer than that).
        var step = Math.min(duration / 4, (0.8 * duration) / dealt.length);
        dealt.forEach(function (item, index) {
          if (stock) arrive(item, stock, duration, index * step);
          else finished(item.el.animate([{ opacity: 0 }, { opacity: 1 }],
                                        { duration: duration, delay: index * step,
                                          fill: "backwards" }));
          plan.appeared += 1;
        });
      }
      if (hints.gather !== undefined && hints.gather !== null) {
        var to = seatRect(root, hints.gather) || stockRect(root);
        old.forEach(function (item, key) {
          if (item.hand || item.flip || now.has(key) || !to) return;
          ghost(item.copy, item.rect, to, duration);
          plan.gathered += 1;
          plan.cards.push({ code: item.code, how: "gathered", seat: hints.gather });
        });
      }
      var draws = hints.draws || [];
      if (draws.length) {
        var stockAt = stockRect(root);
        draws.forEach(function (seat, index) {
          var target = seatRect(root, seat);
          if (!stockAt || !target) return;
          drawn(stockAt, target, duration, index * (duration / 4));
          plan.drew += 1;
        });
      }
      for (var name in plan) if (name !== "cards") stats[name] += plan[name];
      stats.lastPlan = plan;
    },

    // A new game: the next redraw deals it (every card arrives: the hand from the stock).
    deal: function () { before = new Map(); },

    // Forget the table (a new screen): the next redraw only measures.
    forget: function () { before = null; },
  };
})();
