# The lobby: pick a game, players, who sits where (human or bot), rules version and options.
# Everything offered comes from the engine's rules data (the catalog).

from ui.markup import button, esc, tag, text
from ui.motion import speed_options


def field_error(errors, field_id):
    """The engine's refusal beside the field that caused it (``errors``: field id -> text)."""
    message = (errors or {}).get(field_id)
    if not message:
        return ""
    return tag("p", {"class": "field-error", "id": field_id + "-error", "role": "alert"},
               esc(message))


def described(attributes, errors, field_id, hint=None):
    """aria-describedby and aria-invalid for a control with a hint and maybe an error."""
    ids = [hint] if hint else []
    if (errors or {}).get(field_id):
        ids.append(field_id + "-error")
        attributes["aria-invalid"] = "true"
    if ids:
        attributes["aria-describedby"] = " ".join(ids)
    return attributes


def option_control(spec, value, errors=None, rule_href=None):
    """One option, in words: its title, its values' labels, what it means, and (``rule_href``)
    a link to the ruling behind it for a player who wants to read it."""
    name = "opt-" + spec["id"]
    label = spec.get("title") or spec["id"]
    hint = esc(spec.get("meaning", ""))
    if rule_href:
        hint += " " + tag("a", {"href": rule_href, "class": "option-rule"}, "Read the ruling")
    values = spec["values"]
    if sorted([str(v) for v in values]) == ["False", "True"] or values in ([False, True],
                                                                          [True, False]):
        control = tag("input", described({"type": "checkbox", "id": name, "name": name,
                                          "data-option": spec["id"], "data-kind": "bool",
                                          "checked": bool(value)}, errors, name,
                                         name + "-hint"))
        return tag("div", {"class": "field check"}, control,
                   text("label", {"for": name}, label),
                   tag("small", {"id": name + "-hint"}, hint), field_error(errors, name))
    # Each <option> carries the index of its value in the engine's table, so values of any
    # JSON type (numbers, strings, null) come back exactly as the engine declared them.
    choices = []
    labels = spec.get("labels") or []
    for index, choice in enumerate(values):
        # The words a person reads for the value (the rules data's labels), never its code.
        shown = labels[index] if index < len(labels) else ("none" if choice is None
                                                           else str(choice))
        choices.append(text("option", {"value": str(index), "selected": choice == value},
                            shown))
    return tag("div", {"class": "field"}, text("label", {"for": name}, label),
               tag("select", described({"id": name, "name": name, "data-option": spec["id"],
                                        "data-kind": "index"}, errors, name, name + "-hint"),
                   *choices),
               tag("small", {"id": name + "-hint"}, hint), field_error(errors, name))


def setting_check(name, field_id, label, hint, settings):
    """One of the player's settings as a checkbox, its meaning in a sentence under it."""
    box = tag("input", {"type": "checkbox", "id": field_id, "data-setting": name,
                        "checked": bool(settings.get(name)),
                        "aria-describedby": field_id + "-hint"})
    return tag("div", {"class": "field check"}, box, text("label", {"for": field_id}, label),
               text("small", {"id": field_id + "-hint"}, hint))


def settings_fieldset(settings):
    # Nothing chosen on a first visit: a first game's, slow and with hints (the app's lobby
    # passes what they are now).
    speed = settings.get("speed") or "slow"
    settings = dict(settings, hints=settings.get("hints") is not False)
    return tag("fieldset", {"class": "options"}, text("legend", {}, "Settings"),
               tag("div", {"class": "field"},
                   text("label", {"for": "setting-speed"}, "Speed of play"),
                   tag("select", {"id": "setting-speed", "data-setting": "speed",
                                  "aria-describedby": "setting-speed-hint"},
                       *speed_options(speed)),
                   text("small", {"id": "setting-speed-hint"},
                        "How long the bots wait before they move and how fast the cards"
                        " travel. Also at the table.")),
               setting_check("hints", "setting-hints", "Offer hints",
                             "A Hint button at your turn shows the move the Basic bot would"
                             " make, and why.", settings),
               setting_check("allow_undo", "setting-undo", "Offer undo",
                             "Take back your last move if it showed you nothing new and nobody"
                             " has moved since.", settings),
               setting_check("four_colour", "setting-four-colour", "Four-colour suits",
                             "Clubs green and diamonds blue, so no two suits share a colour"
                             " (hearts stay red, spades black).", settings),
               tag("details", {"class": "connection"},
                   text("summary", {}, "Connection for play with friends"),
                   setting_text("relays", "setting-relays", "Relays",
                                "wss:// addresses of WebTorrent trackers, separated by spaces."
                                " Empty: this site's own relay, else public ones.", settings),
                   setting_text("stun", "setting-stun", "STUN servers",
                                "stun: addresses, separated by spaces. Empty: public ones.",
                                settings)))


def setting_text(name, field_id, label, hint, settings):
    """One of the player's settings typed as text, its meaning in a sentence under it."""
    field = tag("input", {"type": "text", "id": field_id, "data-setting": name,
                          "value": settings.get(name) or "", "maxlength": "1500",
                          "spellcheck": "false", "aria-describedby": field_id + "-hint"})
    return tag("div", {"class": "field"}, text("label", {"for": field_id}, label), field,
               text("small", {"id": field_id + "-hint"}, hint))


def seat_choices(info, form, seat, kind):
    """A seat's choices. With ``form["levels"]`` (a bot level per seat): a person, or a bot of
    one of the game's levels named in words (the catalog's ``bot_levels``); the app sends that
    seat's level in the ``bot`` op. Without it: Human or Bot, and one level for every bot
    (``bot_level_field``)."""
    levels = form.get("levels")
    human = text("option", {"value": "human", "selected": kind == "human"}, "Human")
    if levels is None:
        return [human, text("option", {"value": "bot", "selected": kind == "bot"}, "Bot")]
    level = levels[seat] if seat < len(levels) and levels[seat] else \
        (info.get("bots") or ["basic"])[0]
    return [human] + [text("option", {"value": entry["id"],
                                      "selected": kind != "human" and entry["id"] == level},
                           entry["name"] + " bot")
                      for entry in info.get("bot_levels") or []]


def level_words(info, form):
    """What each level means, once under the seats, when each seat picks its own."""
    if form.get("levels") is None or not info.get("bot_levels"):
        return ""
    return tag("ul", {"class": "level-words", "id": "level-words"},
               *[tag("li", {}, text("strong", {}, entry["name"] + ":"), esc(" " + entry["about"]))
                 for entry in info["bot_levels"]])


def bot_level_field(info, form):
    """One level for every bot, when the seats do not each name theirs."""
    if form.get("levels") is not None:
        return ""
    words = level_names(info)
    bots = [text("option", {"value": level, "selected": level == form.get("bot")},
                 words.get(level, level))
            for level in info.get("bots") or []]
    return tag("div", {"class": "field"}, text("label", {"for": "bot-level"}, "Bot level"),
               tag("select", {"id": "bot-level", "data-field": "bot"}, *bots))


def problems_notice(problems):
    """Records that could not be read at boot: what happened to each, in words."""
    if not problems:
        return ""
    items = [text("li", {}, problem["text"]) for problem in problems]
    return tag("div", {"class": "notice warn problems", "role": "alert"},
               text("p", {}, "Some saved records could not be read:"),
               tag("ul", {}, *items), button("Dismiss", {"data-cmd": "dismiss-problems"}))


def resume_notice(resume):
    """The unfinished game, always offered (``resume``: {"title", "moves"})."""
    if not resume:
        return ""
    return tag("div", {"class": "notice resume", "id": "resume-notice"},
               text("p", {}, "You have an unfinished game of " + resume["title"] + " ("
                    + str(resume["moves"]) + (" move" if resume["moves"] == 1 else " moves")
                    + " so far)."),
               button("Resume it", {"data-cmd": "resume", "class": "primary"}))


def confirm_notice(confirm):
    """Before a new game replaces the unfinished one: resume it, or abandon it to History."""
    if not confirm:
        return ""
    action = "play the shared deal" if confirm["what"] == "deal" else "start the new game"
    return tag("div", {"class": "notice warn confirm", "role": "alert", "id": "confirm"},
               text("p", {}, "Your game of " + confirm["title"] + " is not finished. Resume"
                    " it, or abandon it (it goes to History, marked unfinished) and " + action
                    + "?"),
               tag("p", {"class": "confirm-buttons"},
                   button("Resume " + confirm["title"], {"data-cmd": "resume",
                                                         "class": "primary"}),
                   button("Abandon it and " + action,
                          {"data-cmd": "abandon-deal" if confirm["what"] == "deal"
                           else "abandon-start"})))


def initial_form():
    """The lobby's form before the player has touched it (then ``form_for_game``)."""
    return {"game": "matatu", "players": 4, "seats": ["human", "bot", "bot", "bot"],
            "names": [], "rules": None, "options": {}, "bot": None, "seed": "",
            "levels": [None, None, None, None]}  # a bot level per seat


def form_for_game(form, info):
    """``form`` set for a new game of ``info`` (its catalog entry): the player count kept if
    the game allows it, the newest rules version, the default options and bot."""
    players = form.get("players", info["default_players"])
    counts = info.get("player_counts") or range(info["min_players"], info["max_players"] + 1)
    if players not in counts:
        players = info["default_players"]
    form["game"] = info["id"]
    form["players"] = players
    form["rules"] = info["rule_versions"][-1]["id"]
    form["options"] = {spec["id"]: spec["default"] for spec in info["options"]}
    form["bot"] = (info.get("bots") or [None])[0]
    fit_seats(form)
    return form


def fit_seats(form):
    """As many seats (and a bot level for each) as players: new seats are bots."""
    seats = form["seats"]
    while len(seats) < form["players"]:
        seats.append("bot")
    form["seats"] = seats[:form["players"]]
    levels = form.get("levels") or []
    form["levels"] = (levels + [None] * form["players"])[:form["players"]]


def start_row(engine_ready, errors, confirm):
    """What the lobby's <div class="start-row"> holds: Start (and why it cannot start yet),
    the engine's refusal of the form, the question before an unfinished game is replaced."""
    start_attributes = {"type": "button", "data-cmd": "start", "class": "primary", "id": "start"}
    if not engine_ready:
        start_attributes["aria-disabled"] = "true"
        start_attributes["aria-describedby"] = "start-why"
    elif (errors or {}).get("start"):
        start_attributes["aria-describedby"] = "start-error"
    start_attributes["aria-describedby"] = " ".join(
        [part for part in (start_attributes.get("aria-describedby"), "setup-summary") if part])
    friends = {"type": "button", "data-cmd": "play-friends", "id": "play-friends"}
    if not engine_ready:
        friends["aria-disabled"] = "true"
        friends["aria-describedby"] = "start-why"
    return (tag("p", {}, tag("button", start_attributes, "Play"),
                tag("button", friends, "Play with friends"),
                text("span", {"id": "start-why", "class": "why"},
                     "" if engine_ready else "The game engine is still loading…"))
            + field_error(errors, "start") + confirm_notice(confirm))


def first_lobby(catalog, settings):
    """The lobby a first visit shows (no game kept, the engine not ready yet): the build puts
    it in index.html (tools/static_data.py), so the page shows it before any Python runs,
    and the app's first render finds the very same markup and keeps those nodes."""
    form = initial_form()
    info = catalog[0]
    for entry in catalog:
        if entry["id"] == form["game"]:
            info = entry
    return render_lobby(catalog, form_for_game(form, info), None, False, settings, {}, None)


# Where the players sit on a tile's picture, by how many they are (the player's own first,
# at the bottom): x, y on a 120 x 64 table.
TILE_SEATS = {2: [(60, 52), (60, 10)],
              3: [(60, 52), (16, 22), (104, 22)],
              4: [(60, 52), (14, 31), (60, 10), (106, 31)],
              5: [(60, 52), (14, 36), (34, 11), (86, 11), (106, 36)],
              6: [(60, 52), (16, 44), (16, 19), (60, 10), (104, 19), (104, 44)],
              7: [(60, 52), (18, 46), (10, 26), (36, 9), (84, 9), (110, 26), (102, 46)]}


def tile_art(info):
    """A small picture of the game's table (decorative: the tile's words say it all): its
    usual number of players around the felt, each with a card back, one card face up in the
    middle. Drawn from the catalog, so a new game gets one too."""
    players = max(2, min(int(info.get("default_players") or 4), 7))
    parts = ['<svg class="tile-art" viewBox="0 0 120 64" aria-hidden="true" focusable="false">',
             '<ellipse cx="60" cy="32" rx="58" ry="30" class="felt"/>']
    for x, y in TILE_SEATS[players]:
        parts.append('<rect x="' + str(x - 6) + '" y="' + str(y - 5) + '" width="12" '
                     'height="10" rx="2" class="back"/>')
    parts.append('<rect x="52" y="21" width="16" height="22" rx="2" class="face"/>'
                 '<circle cx="60" cy="32" r="4" class="pip"/></svg>')
    return "".join(parts)


def players_words(info):
    counts = info.get("player_counts")
    if counts and len(counts) == 2 and counts[1] - counts[0] > 1:
        return str(counts[0]) + " or " + str(counts[1]) + " players"
    return str(info["min_players"]) + "–" + str(info["max_players"]) + " players"


def game_tiles(catalog, form):
    """Each game a tile: its picture, title, player range and one sentence on what it is
    like. Pressing one shows its Play with the setup last used."""
    tiles = []
    for info in catalog:
        selected = info["id"] == form["game"]
        tiles.append(tag("li", {}, tag(
            "button", {"type": "button", "data-cmd": "pick-game", "data-game": info["id"],
                       "class": "game-pick" + (" selected" if selected else ""),
                       "aria-pressed": "true" if selected else "false"},
            tile_art(info), text("strong", {}, info["title"]),
            text("small", {}, players_words(info)),
            text("span", {"class": "tile-summary"}, info.get("summary") or ""))))
    return tag("section", {"aria-labelledby": "games-h", "class": "lobby-games"},
               tag("h2", {"id": "games-h", "tabindex": "-1"}, "Choose a game"),
               tag("ul", {"class": "game-list", "data-zone": "games"}, *tiles))


def setup_words(info, form):
    """The setup in one line: who plays (you, the names typed, the bots and their level) and
    the options that differ from the rules' defaults."""
    words = level_names(info)
    default = (info.get("bots") or [None])[0]
    humans, bots = [], {}
    names = form.get("names") or []
    levels = form.get("levels") or []
    for seat, kind in enumerate(form["seats"]):
        if kind == "human":
            typed = names[seat].strip() if seat < len(names) and names[seat] else ""
            humans.append(typed or ("You" if not humans else "Seat " + str(seat + 1)))
        else:
            level = (levels[seat] if seat < len(levels) and levels[seat] else default)
            bots[level] = bots.get(level, 0) + 1
    bot_words = [str(count) + " " + words.get(level, "") + (" bot" if count == 1 else " bots")
                 for level, count in bots.items()]
    if len(humans) == 1:
        who = humans[0] + (" against " + and_list(bot_words) if bot_words else "")
    else:
        who = and_list(humans) + " on this device" + (
            ", with " + and_list(bot_words) if bot_words else "")
    changed = [spec.get("title") or spec["id"] for spec in info["options"]
               if form["options"].get(spec["id"], spec["default"]) != spec["default"]
               or type(form["options"].get(spec["id"], spec["default"])) is not
               type(spec["default"])]
    rules = "the usual rules" if not changed else "with " + and_list(changed).lower()
    if form.get("rules") and form["rules"] != info["rule_versions"][-1]["id"]:
        for version in info["rule_versions"]:
            if version["id"] == form["rules"]:
                rules += " (" + version.get("title", version["id"]) + ")"
    return who + ", " + rules + "."


def and_list(words):
    words = [word for word in words if word]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def level_names(info):
    return {entry["id"]: entry["name"] for entry in info.get("bot_levels") or []}


def seat_fields(info, form):
    rows = []
    names = form.get("names") or []
    for seat in range(form["players"]):
        kind = form["seats"][seat] if seat < len(form["seats"]) else "bot"
        field_id = "seat-" + str(seat)
        name_field = ""
        if kind == "human":
            name_id = "name-" + str(seat)
            name_field = tag("div", {"class": "field name"},
                             text("label", {"for": name_id}, "Name of seat " + str(seat + 1)),
                             tag("input", {"id": name_id, "data-name": str(seat),
                                           "maxlength": "24", "autocomplete": "off",
                                           "placeholder": "optional",
                                           "value": names[seat] if seat < len(names) and
                                           names[seat] else ""}))
        rows.append(tag(
            "div", {"class": "seat-row"},
            tag("div", {"class": "field"},
                text("label", {"for": field_id}, "Seat " + str(seat + 1)),
                tag("select", {"id": field_id, "data-seat": str(seat)},
                    *seat_choices(info, form, seat, kind))),
            name_field))
    rows.append(level_words(info, form))
    return tag("fieldset", {"class": "seats-setup"}, text("legend", {}, "Who plays each seat"),
               *rows)


def setup_form(info, form, settings, errors):
    """The whole setup: players, seats and names, rules version, options, deal number."""
    counts = info.get("player_counts") or range(info["min_players"], info["max_players"] + 1)
    players = [text("option", {"value": str(n), "selected": n == form["players"]}, str(n))
               for n in counts]  # e.g. Matchmakers: 2 or 4, never 3
    versions = [text("option", {"value": v["id"], "selected": v["id"] == form["rules"]},
                     v.get("title") or v["id"])
                for v in info["rule_versions"]]
    rules_at = "#/rules/" + info["id"] + "/" + str(form["rules"]) + "/"
    options = [option_control(spec, form["options"].get(spec["id"], spec["default"]), errors,
                              rules_at + spec["ruling"] if spec.get("ruling") else None)
               for spec in info["options"]]
    return tag(
        "form", {"class": "setup", "id": "setup", "aria-label": "Setup of " + info["title"],
                 "onsubmit": "return false"},
        tag("div", {"class": "field"}, text("label", {"for": "players"}, "Players"),
            tag("select", described({"id": "players", "data-field": "players"}, errors,
                                    "players"), *players),
            field_error(errors, "players")),
        seat_fields(info, form),
        bot_level_field(info, form),
        tag("div", {"class": "field"}, text("label", {"for": "rules"}, "Rules version"),
            tag("select", described({"id": "rules", "data-field": "rules"}, errors, "rules"),
                *versions), field_error(errors, "rules")),
        tag("fieldset", {"class": "options"}, text("legend", {}, "Options"), *options),
        settings_fieldset(settings or {}),
        tag("div", {"class": "field"}, text("label", {"for": "seed"}, "Deal number (optional)"),
            # The raw value: attrs() escapes it once (escaping here too turned R&D into
            # R&amp;D after a re-render, and Start then dealt another seed).
            tag("input", described({"id": "seed", "data-field": "seed", "inputmode": "numeric",
                                    "value": form.get("seed") or "", "autocomplete": "off",
                                    "maxlength": "60"}, errors, "seed")),
            field_error(errors, "seed")),
        tag("p", {}, button("Done", {"data-cmd": "toggle-setup", "aria-controls": "setup",
                                     "aria-expanded": "true"})))


def render_lobby(catalog, form, resume=None, engine_ready=True, settings=None, errors=None,
                 confirm=None, setup_open=False):
    """``form``: {"game", "players", "seats": [...], "names": [...], "rules", "options": {...},
    "bot", "seed"}, and optionally "levels" (a bot level per seat, see ``seat_choices``);
    ``resume``: the unfinished game; ``errors``: field id -> the engine's refusal;
    ``confirm``: a start waiting for resume-or-abandon; ``setup_open``: the whole setup shows
    (else one line says it, one tap away)."""
    parts = [resume_notice(resume) if not confirm else "", game_tiles(catalog, form)]
    info = None
    for candidate in catalog:
        if candidate["id"] == form["game"]:
            info = candidate
    if info is None:
        return "".join(parts)
    # A refusal of a field the closed setup hides opens it (the lobby does), so it shows.
    toggle = button("Change the setup", {"data-cmd": "toggle-setup", "aria-controls": "setup",
                                         "aria-expanded": "true" if setup_open else "false",
                                         "class": "link-button"})
    parts.append(tag(
        "section", {"class": "play-panel", "aria-labelledby": "setup-h"},
        tag("h2", {"id": "setup-h"}, esc("New game of " + info["title"])),
        text("p", {"class": "game-summary"}, info.get("summary") or ""),
        tag("p", {"class": "setup-summary", "id": "setup-summary"}, esc(setup_words(info, form))),
        tag("div", {"class": "start-row"}, start_row(engine_ready, errors, confirm)),
        tag("p", {"class": "panel-links"}, toggle,
            tag("a", {"href": "#/rules/" + info["id"]}, esc("How to play " + info["title"]))),
        setup_form(info, form, settings, errors) if setup_open else ""))
    return "".join(parts)
