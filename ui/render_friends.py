# Markup of a table played from several devices: the host's room (seats filling as friends
# join, the invite link), the guest's join form and waiting room, and the panel beside a
# friends' table (who is connected, the deal's fingerprint, reactions). The engine decides
# who may sit and what each seat sees (engine/service.py's guest ops); this only shows.
# Runs in MicroPython and CPython.

from ui.markup import button, esc, tag, text

# What a seat holds at a friends' table: the host ("human"), a friend's device, or a bot.
FRIEND = "friend"


def fingerprint(commitment):
    """The seed's hash as a player can compare it by eye: four groups of four."""
    if not commitment:
        return ""
    short = commitment[:16]
    return " ".join(short[index:index + 4] for index in range(0, 16, 4))


def seat_rows(room, you=None, host_controls=False):
    """One <li> a seat: who sits there, and whether their device is connected. The host may
    put a bot in a seat nobody has taken (before the deal), or let a bot stand in for a friend
    whose device is gone (during the game, until they are back)."""
    rows = []
    stand_in = room.get("stand_in") or []
    for seat, kind in enumerate(room["seats"]):
        name = room["names"][seat]
        if seat == you:
            name += " (you)"
        if kind == "human":
            state = "host" if seat == 0 else "here"
        elif kind == "bot":
            state = "bot"
        elif room["connected"][seat]:
            state = "connected"
        elif seat < len(stand_in) and stand_in[seat]:
            state = "stand-in"
        elif room["taken"][seat]:
            state = "away"
        else:
            state = "waiting"
        words = {"host": "hosting", "here": "plays on the host's device (hot seat)",
                 "bot": "a bot plays", "connected": "connected",
                 "away": "not connected", "waiting": "waiting for a friend",
                 "stand-in": "not connected: a bot plays until they are back"}[state]
        controls = []
        if host_controls and seat > 0 and not room["started"] and not room["taken"][seat]:
            # Before the deal, a seat nobody has taken: a friend's, a bot's, or a player at
            # the host's device (hot seat: the table hides the hands between them).
            for other, label in ((FRIEND, "Seat a friend here"), ("bot", "Put a bot here"),
                                 ("human", "Someone here plays it")):
                if other != kind:
                    controls.append(("friends-seat", label, other))
        elif host_controls and room["started"] and state in ("away", "stand-in"):
            controls.append(("friends-stand-in", "Let a bot play for now" if state == "away"
                             else "Wait for them instead", None))
        control = ""
        for command, label, other in controls:
            attributes = {"data-cmd": command, "data-seat": str(seat),
                          "aria-label": label + " (seat " + str(seat + 1) + ")"}
            if other:
                attributes["data-kind"] = other
            control += button(label, attributes)
        if control:
            control = tag("span", {"class": "seat-controls"}, control)
        rows.append(tag("li", {"class": "friend-seat " + state, "data-seat": str(seat),
                               "data-state": state},
                        text("span", {"class": "seat-name"}, name),
                        text("span", {"class": "seat-state"}, words), control))
    return tag("ol", {"class": "friend-seats", "aria-label": "Seats"}, *rows)


def start_reason(room):
    """Why the host cannot start yet ("" when it can)."""
    missing = [seat for seat, kind in enumerate(room["seats"])
               if kind == FRIEND and not room["connected"][seat]]
    if missing:
        return ("Waiting for " + str(len(missing)) + (" friend" if len(missing) == 1
                                                      else " friends")
                + " to sit down (or put a bot in their seat).")
    return ""


def invite_block(link, copied, qr=""):
    """The invite: the link with Copy, and (``qr``: the SVG static/js/qr.mjs drew from the
    link, in this browser) a code to scan for friends in the same room."""
    code = ""
    if qr.startswith("<svg"):
        code = tag("figure", {"class": "invite-qr"}, qr,
                   text("figcaption", {}, "Friends in the same room can scan this."))
    return tag("div", {"class": "invite", "data-invite": link},
               text("label", {"for": "invite-link"}, "Invite link: send it to your friends"),
               tag("input", {"id": "invite-link", "readonly": True, "value": link,
                             "class": "share-link"}),
               button("Copy", {"data-cmd": "friends-copy", "class": "primary"}),
               text("span", {"class": "copied", "role": "status"}, copied), code)


def host_room(room, title, link, copied, status, qr=""):
    """The host's room before the deal: seats, the invite, Start (and why not yet)."""
    why = start_reason(room)
    start = {"data-cmd": "friends-start", "class": "primary", "id": "friends-start",
             "aria-describedby": "friends-why"}
    if why:
        start["aria-disabled"] = "true"
    return tag("section", {"class": "friends-room", "aria-labelledby": "screen-h"},
               tag("h2", {"id": "screen-h", "tabindex": "-1"},
                   esc(title + ": play with friends")),
               text("p", {"class": "notice", "role": "status", "id": "friends-status"},
                    status),
               invite_block(link, copied, qr),
               seat_rows(room, 0, host_controls=True),
               tag("p", {}, button("Friends may ask for hints",
                                   {"data-cmd": "friends-hints", "id": "friends-hints",
                                    "aria-pressed": "true" if room["hints"] else "false"})),
               tag("p", {"class": "start-row"}, button("Start the game", start),
                   text("span", {"id": "friends-why", "class": "why"}, why)),
               fairness_words(room, host=True),
               tag("p", {}, button("Close the table", {"data-cmd": "friends-close"})))


def fairness_words(room, host=False):
    """What the fingerprint proves, and what it cannot (the host's device sees every hand)."""
    lines = [text("p", {"class": "fair-words"},
                  "The host's device deals and runs the game: each friend's device is sent "
                  "only what that seat may see. At the deal the table shows a fingerprint "
                  "of the shuffle; at the end each friend's device checks the revealed "
                  "shuffle against it and replays the game. That proves the deal was fixed "
                  "before play; it cannot stop the host from looking at hands on the host's "
                  "own device.")]
    if room.get("commitment"):
        lines.insert(0, text("p", {"class": "fingerprint", "data-commitment":
                                   room["commitment"]},
                             "Fingerprint of the deal: " + fingerprint(room["commitment"])))
    return tag("details" if host else "div", {"class": "fair"},
               text("summary", {}, "Fair play") if host else "", *lines)


def reactions_bar(reactions, reactions_said):
    """A few emoji to send (no free text: the engine's ``reactions``, sent with the room);
    the last one received, said politely."""
    buttons = [button(emoji, {"data-cmd": "react", "data-emoji": emoji,
                              "aria-label": "Send " + emoji})
               for emoji in reactions]
    return tag("div", {"class": "reactions"},
               tag("div", {"class": "react-buttons", "role": "group",
                           "aria-label": "Send a reaction"}, *buttons),
               text("p", {"class": "reacted", "role": "status"}, reactions_said))


def table_panel(room, you, reactions_said, check="", host=False):
    """Beside a friends' table: who is connected, the fingerprint, reactions."""
    return tag("aside", {"class": "friends-panel", "aria-label": "Friends at this table"},
               seat_rows(room, you, host_controls=host),
               reactions_bar(room.get("reactions") or [], reactions_said), check,
               fairness_words(room))


SLOW_JOIN = ("Still connecting… The host's page must be open on their device. At a big table"
             " this can take up to half a minute.")


def join_form(title, name, error, busy, slow=False):
    """The guest's first screen: a name, then Sit down (``slow``: the connection is taking
    longer than a few seconds)."""
    attributes = {"id": "guest-name", "maxlength": "24", "autocomplete": "nickname",
                  "value": name}
    if error:
        attributes["aria-describedby"] = "join-error"
    sit = {"data-cmd": "join", "class": "primary", "id": "join"}
    if busy:
        sit["aria-disabled"] = "true"
    return tag("section", {"class": "join", "aria-labelledby": "screen-h"},
               tag("h2", {"id": "screen-h", "tabindex": "-1"}, esc(title)),
               text("p", {}, "A friend invited you to their table. Type your name and sit down;"
                    " the game is played on their device and yours."),
               text("label", {"for": "guest-name"}, "Your name"),
               tag("input", attributes),
               text("p", {"class": "field-error", "id": "join-error", "role": "alert"},
                    error or ""),
               tag("p", {}, button("Sit down", sit),
                   text("span", {"class": "why", "role": "status"},
                        (SLOW_JOIN if slow else "Connecting to the table…") if busy else "")))


def guest_waiting(room, you, title):
    return tag("section", {"class": "friends-room", "aria-labelledby": "screen-h"},
               tag("h2", {"id": "screen-h", "tabindex": "-1"}, esc(title)),
               text("p", {"class": "notice", "role": "status"},
                    "You are seated. The host starts the game when everyone is here."),
               seat_rows(room, you), fairness_words(room))


def notice_screen(heading, words, link_words="Go to Matchbook's lobby"):
    return tag("section", {"class": "join", "aria-labelledby": "screen-h"},
               tag("h2", {"id": "screen-h", "tabindex": "-1"}, esc(heading)),
               text("p", {"class": "notice", "role": "alert"}, words),
               tag("p", {}, text("a", {"href": "index.html"}, link_words)))
