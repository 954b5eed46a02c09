# The position editor (editor.html): a teacher builds a scenario by moving cards between the
# hands and piles of a real position, the engine checks it (every card once, counts legal),
# caption steps make a lesson script, and the page writes the embed snippet that plays it.
# A controller of its own: it talks to the engine through ui.client and renders with
# ui.markup, and never imports ui.app. Runs in MicroPython on the main thread.
#
# The engine decides: whether a position is legal, whose turn it is and which moves exist
# come from the worker's "check_scenario" op; the editor only moves card codes around.

import asyncio
import json

from ui.client import EngineClient, EngineError
from ui.dom import create_proxy, document, is_none, window
from ui.layouts import LAYOUTS
from ui.markup import button, esc, tag, text

ZONE_NAMES = {"hands": "Hand of Seat ", "pile": "Pile (bottom first, top card last)",
              "stock": "Stock (top first)", "trick": "Trick"}

client = EngineClient()


def card_label(game, code):
    layout = LAYOUTS.get(game)  # every game's card names, through the Layout interface
    try:
        label = layout.card_label(code) if layout else code
    except Exception:  # a card code the game's words do not know: show the code
        label = code
    return label if label == code else label + " (" + code + ")"


def zone_title(key):
    words = key.replace("_", " ")
    return words[:1].upper() + words[1:]  # MicroPython's str has no capitalize()


def is_cards(value):
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def zones_of(position):
    """The editable places of a position: (path, label, cards). A path is a key, or a key and
    an index for a list of lists (one hand per seat). Other parts stay in the JSON."""
    zones = []
    for key in sorted(position):
        value = position[key]
        if is_cards(value):
            zones.append((key, ZONE_NAMES.get(key, zone_title(key)),
                          value))
        elif isinstance(value, list) and value and all(is_cards(item) for item in value):
            prefix = ZONE_NAMES.get(key, zone_title(key) + " ")
            for index, cards in enumerate(value):
                zones.append((key + "." + str(index), prefix + str(index + 1), cards))
    return zones


def zone_list(position, path):
    key, _, index = path.partition(".")
    value = position[key]
    return value[int(index)] if index else value


def pretty(value, indent=""):
    """JSON with one key per line, objects nested inside (MicroPython's json.dumps has no
    indent), so a teacher can find the hands and the pile in the JSON text."""
    inner = indent + "  "
    if isinstance(value, dict) and value:
        lines = [inner + json.dumps(key) + ": " + pretty(value[key], inner) for key in value]
        return "{\n" + ",\n".join(lines) + "\n" + indent + "}"
    if isinstance(value, list) and value and all(isinstance(item, (dict, list))
                                                 for item in value):
        lines = [inner + pretty(item, inner) for item in value]
        return "[\n" + ",\n".join(lines) + "\n" + indent + "]"
    return json.dumps(value)


def action_label(game, action, view, legal):
    """A move in the words of the table's buttons ("Play 2♠"), as the learner will see it."""
    layout = LAYOUTS.get(game)
    try:
        label = layout.action_label(action, view or {}, {"legal": legal}) if layout else None
    except Exception:  # a move the layout cannot word from this view: show it plainly
        label = None
    if label and label != action.get("type"):
        return label
    parts = [str(action.get("type", "move"))]
    for name in sorted(action):
        if name not in ("type", "seat"):
            parts.append(name + " " + json.dumps(action[name]))
    return " ".join(parts)


def render_zones(game, position, selected):
    zones = zones_of(position)
    if not zones:
        return text("p", {"class": "why"}, "This game's position has no hands or piles to pick"
                                           " cards into here: edit it as JSON below.")
    parts = []
    for path, label, cards in zones:
        chips = []
        for index, code in enumerate(cards):
            chosen = selected == (path, index)
            chips.append(button(card_label(game, code), {
                "class": "chip" + (" selected" if chosen else ""), "data-cmd": "pick",
                "data-zone": path, "data-index": str(index), "data-card": code,
                "aria-pressed": "true" if chosen else "false"}))
        heading_id = "zone-" + path.replace(".", "-")
        parts.append(tag(
            "section", {"class": "zone", "aria-labelledby": heading_id,
                        "data-zone": path},
            tag("div", {"class": "zone-head"},
                text("h3", {"id": heading_id}, label + " · " + str(len(cards))),
                button("Move here", {"data-cmd": "move", "data-zone": path,
                                     "disabled": selected is None or selected[0] == path,
                                     "aria-describedby": heading_id})),
            tag("div", {"class": "chips"}, *chips) if chips
            else text("p", {"class": "why"}, "No cards.")))
    return "".join(parts)


SEAT_FIELDS = ("to_move", "dealer", "starter")  # a seat number: a choice of seats
FIELD_NAMES = {"to_move": "Who moves first", "dealer": "Dealer", "starter": "Who starts",
               "base_card": "Base card", "requested_suit": "Requested suit",
               "drawn": "Card drawn this turn"}


def field_kind(key, value):
    """How the form edits one position field, or None to leave it to the JSON view."""
    if key in SEAT_FIELDS and (value is None or isinstance(value, int)):
        return "seat"
    if (key.endswith("_card") or key == "drawn") and (value is None or isinstance(value, str)):
        return "card"
    if key.endswith("_suit") and (value is None or isinstance(value, str)):
        return "suit"
    if isinstance(value, bool):
        return "flag"
    if isinstance(value, int):
        return "number"
    if isinstance(value, str):
        return "text"
    return None


def position_cards(position):
    found = []
    for _, _, cards in zones_of(position):
        for code in cards:
            if code not in found:
                found.append(code)
    return found


def suit_label(game, suit):
    layout = LAYOUTS.get(game)
    try:
        return layout.words.suit_label(suit)
    except Exception:  # a game whose words name no suits: the letter itself
        return suit


def render_details(game, position, players):
    """The position's single fields (who moves first, the base card, the requested suit...)
    as a form, so a teacher never needs the JSON for them; the engine checks them all."""
    fields = []
    keys = sorted(position)
    # who moves first leads: it is what a teacher changes most
    keys = ([k for k in SEAT_FIELDS if k in position] + [k for k in keys if k not in SEAT_FIELDS])
    cards = position_cards(position)
    for key in keys:
        value = position[key]
        kind = field_kind(key, value)
        if kind is None:
            continue
        field_id = "ed-field-" + key
        label = FIELD_NAMES.get(key, zone_title(key))
        attrs = {"id": field_id, "data-field": key, "data-kind": kind}
        if kind in ("seat", "card", "suit"):
            choices = []
            if value is None or kind != "seat":
                choices.append(("", "None"))
            if kind == "seat":
                choices += [(str(n), "Seat " + str(n + 1)) for n in range(players)]
            elif kind == "card":
                codes = cards + ([value] if value and value not in cards else [])
                choices += [(code, card_label(game, code)) for code in codes]
            else:
                suits = []
                for code in cards:
                    if len(code) >= 2 and code[-1] in "CDHS" and code[-1] not in suits:
                        suits.append(code[-1])
                if value and value not in suits:
                    suits.append(value)
                choices += [(suit, suit_label(game, suit)) for suit in sorted(suits)]
            current = "" if value is None else str(value)
            control = tag("select", attrs, *[
                tag("option", {"value": v, "selected": v == current}, esc(words))
                for v, words in choices])
        elif kind == "flag":
            attrs["type"] = "checkbox"
            attrs["checked"] = value
            control = tag("input", attrs)
        else:
            attrs["type"] = "number" if kind == "number" else "text"
            attrs["value"] = str(value)
            if kind == "number":
                attrs["inputmode"] = "numeric"
            control = tag("input", attrs)
        fields.append(tag("label", {}, esc(label) + " ", control))
    if not fields:
        return ""
    return tag("fieldset", {"class": "details row"},
               text("legend", {}, "Who moves first, the base card and other details"),
               *fields)


def field_value(kind, element):
    """The position value a form field holds, or raises ValueError for a malformed number."""
    if kind == "flag":
        return bool(element.checked)
    raw = str(element.value)
    if kind in ("seat", "card", "suit"):
        if raw == "":
            return None
        return int(raw) if kind == "seat" else raw
    if kind == "number":
        return int(raw.strip())
    return raw


def render_step(game, index, step, legal, view):
    options = [tag("option", {"value": ""}, "No expected move (a caption only)")]
    for number, action in enumerate(legal):
        options.append(tag("option", {"value": str(number),
                                      "selected": step.get("expect") == action},
                           esc(action_label(game, action, view, legal))))
    caption_id = "step-caption-" + str(index)
    expect_id = "step-expect-" + str(index)
    parts = [text("label", {"for": caption_id}, "Caption " + str(index + 1)),
             tag("textarea", {"id": caption_id, "rows": "2", "class": "step-caption"},
                 esc(step.get("caption", "")))]
    if index == 0:  # the legal moves are known at the first step only
        parts += [text("label", {"for": expect_id}, "The learner's move (optional)"),
                  tag("select", {"id": expect_id, "class": "step-expect"}, *options)]
    parts.append(button("Remove", {"data-cmd": "remove-step", "data-index": str(index),
                                   "aria-label": "Remove caption " + str(index + 1)}))
    return tag("li", {"class": "step"}, *parts)


class Editor:
    def __init__(self):
        self.catalog = []
        self.scenario = None
        self.selected = None  # (zone path, index) of the picked card
        self.steps = [{"caption": "", "expect": None}]
        self.legal = []
        self.checked = None  # the engine's answer for the current position, or None

    # ---- helpers ------------------------------------------------------------------------------
    def el(self, element_id):
        return document.getElementById(element_id)

    def field(self, element_id):
        return str(self.el(element_id).value)

    def set_html(self, element_id, html):
        self.el(element_id).innerHTML = html

    def say(self, html, state):
        self.set_html("ed-result", html)
        document.documentElement.dataset.check = state

    def game_info(self, game_id):
        for info in self.catalog:
            if info["id"] == game_id:
                return info
        return None

    # ---- booting ------------------------------------------------------------------------------
    async def boot(self):
        document.documentElement.dataset.ui = "ready"
        try:
            response = await client.connect()
        except Exception as error:
            self.set_html("ed-status", text("span", {"class": "notice warn"},
                                            "The game engine could not start: "
                                            + str(error)))
            return
        self.catalog = response["games"]
        options = [tag("option", {"value": info["id"]}, esc(info["title"]))
                   for info in self.catalog]
        self.set_html("ed-game", "".join(options))
        self.game_changed()
        document.documentElement.dataset.engine = "ready"
        self.el("ed-status").innerHTML = ""

    def game_changed(self):
        info = self.game_info(self.field("ed-game"))
        if info is None:
            return
        low, high = info["min_players"], info["max_players"]
        default = min(max(info.get("default_players", low), low), high)
        self.set_html("ed-players", "".join(
            tag("option", {"value": str(n), "selected": n == default}, str(n))
            for n in range(low, high + 1)))
        note = ("A fresh deal from the seed you chose." if info["id"] == "matatu" else
                "Starts from the position of a built-in lesson of this game.")
        self.el("ed-deal-note").innerText = note

    # ---- events -------------------------------------------------------------------------------
    def on_change(self, event):
        if str(event.target.id) == "ed-game":
            self.game_changed()
        elif self.scenario is not None and not is_none(event.target.getAttribute("data-field")):
            self.set_field(event.target)

    def set_field(self, element):
        key, kind = str(element.getAttribute("data-field")), str(element.getAttribute("data-kind"))
        try:
            value = field_value(kind, element)
        except ValueError:
            self.say(text("p", {"class": "notice warn", "role": "alert"},
                          "A whole number, please."), "refused")
            return
        self.scenario["position"][key] = value
        self.checked = None
        self.render_position()
        again = self.el("ed-field-" + key)
        if again:
            again.focus()

    def on_click(self, event):
        target = event.target.closest("[data-cmd]")
        if not target:
            return
        name = str(target.dataset.cmd)
        if name == "deal":
            asyncio.create_task(self.deal())
        elif name == "pick":
            self.pick(str(target.dataset.zone), int(str(target.dataset.index)))
        elif name == "move":
            self.move(str(target.dataset.zone))
        elif name == "apply-json":
            asyncio.create_task(self.apply_json())
        elif name == "check":
            asyncio.create_task(self.check(make_snippet=False))
        elif name == "snippet":
            asyncio.create_task(self.check(make_snippet=True))
        elif name == "add-step":
            self.read_steps()
            self.steps.append({"caption": "", "expect": None})
            self.render_steps()
        elif name == "remove-step":
            self.read_steps()
            index = int(str(target.dataset.index))
            if 0 <= index < len(self.steps):
                self.steps.pop(index)
            self.render_steps()
        elif name == "copy":
            self.copy()

    # ---- the position -------------------------------------------------------------------------
    async def deal(self):
        game = self.field("ed-game")
        seed_text = self.field("ed-seed").strip() or "1"
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else seed_text
        try:
            response = await client.call("deal_position", game=game,
                                         players=int(self.field("ed-players")), seed=seed)
        except EngineError as error:
            self.set_html("ed-status", text("span", {"class": "notice warn", "role": "alert"},
                                            error.reason))
            return
        self.set_html("ed-status", "")
        source = response.get("source")
        self.load(response["scenario"])
        self.say(text("p", {"class": "notice"},
                      "A fresh deal: move cards, then check the position." if source == "deal"
                      else "The position of the lesson \u201c" + str(source) + "\u201d: move"
                      " cards, then check the position."), "fresh")

    def load(self, scenario):
        self.scenario = scenario
        self.selected = None
        self.checked = None
        self.legal = []
        self.steps = [{"caption": "", "expect": None}]
        seats = scenario.get("players") or 2
        self.set_html("ed-seat", "".join(
            tag("option", {"value": str(n)}, "Seat " + str(n + 1)) for n in range(seats)))
        self.el("ed-editor").hidden = False
        self.render_position()
        self.render_steps()
        self.set_html("ed-output", "")

    def render_position(self):
        position = self.scenario.get("position") or {}
        self.set_html("ed-details", render_details(self.scenario.get("game"), position,
                                                   self.scenario.get("players") or 2))
        self.set_html("ed-zones", render_zones(self.scenario.get("game"),
                                               self.scenario.get("position") or {},
                                               self.selected))
        self.el("ed-json").value = pretty(self.scenario)

    def pick(self, path, index):
        self.selected = None if self.selected == (path, index) else (path, index)
        self.render_position()
        self.focus_card(path, index)

    def focus_card(self, path, index):
        found = document.querySelector('[data-cmd=pick][data-zone="' + path
                                       + '"][data-index="' + str(index) + '"]')
        if found:
            found.focus()

    def move(self, path):
        if self.selected is None:
            return
        position = self.scenario["position"]
        source, index = self.selected
        card = zone_list(position, source).pop(index)
        destination = zone_list(position, path)
        destination.append(card)
        self.selected = None
        self.checked = None
        self.render_position()
        self.focus_card(path, len(destination) - 1)
        self.say(text("p", {"class": "notice"}, "Moved " + card_label(
            self.scenario.get("game"), card) + ". Check the position to see what the engine"
            " says."), "moved")

    async def apply_json(self):
        try:
            data = json.loads(self.field("ed-json"))
        except (ValueError, RuntimeError) as error:  # RuntimeError: MicroPython's recursion limit
            # (the engine then refuses what is too deep, too long or too large, in words)
            self.say(tag("div", {"class": "notice warn", "role": "alert"},
                         text("strong", {}, "That is not JSON. "),
                         esc(str(error) or "Check the brackets, commas and quotes.")),
                     "refused")
            return
        if not isinstance(data, dict) or not isinstance(data.get("position"), dict):
            self.say(text("p", {"class": "notice warn", "role": "alert"},
                          "A scenario is a JSON object with a \"position\" object."),
                     "refused")
            return
        self.scenario = data
        self.selected = None
        self.render_position()
        await self.check(make_snippet=False)

    def refused(self, error):
        parts = [text("strong", {}, "The engine refuses this position. "),
                 text("span", {"class": "reason"}, error.reason)]
        if error.rule:
            parts.append(text("span", {"class": "rule"}, " (rule " + error.rule + ")"))
        self.say(tag("div", {"class": "notice warn", "role": "alert"}, *parts), "refused")

    async def check(self, make_snippet):
        if self.scenario is None:
            return
        try:
            response = await client.call("check_scenario", scenario=self.scenario)
        except EngineError as error:
            self.checked = None
            self.legal = []
            self.refused(error)
            self.set_html("ed-output", "")
            return
        self.checked = response
        self.read_steps()
        self.legal = response["legal"]
        self.render_steps()
        mover = response["to_move"]
        turn = "the game is over" if mover is None else "Seat " + str(mover + 1) + " to move"
        self.say(tag("p", {"class": "notice ok", "role": "status"},
                     text("strong", {}, "Position OK: "),
                     esc(turn + ", " + str(len(self.legal)) + " legal moves.")), "ok")
        if make_snippet:
            await self.make_snippet()

    # ---- caption steps ------------------------------------------------------------------------
    def read_steps(self):
        for index, step in enumerate(self.steps):
            caption = self.el("step-caption-" + str(index))
            expect = self.el("step-expect-" + str(index))
            if caption:
                step["caption"] = str(caption.value)
            if expect:
                value = str(expect.value)
                step["expect"] = (self.legal[int(value)] if value.isdigit()
                                  and int(value) < len(self.legal) else None)

    def render_steps(self):
        checked = self.checked or {}
        game, view = checked.get("game"), checked.get("view")
        self.set_html("ed-steps", "".join(render_step(game, index, step, self.legal, view)
                                          for index, step in enumerate(self.steps)))

    def lesson_script(self, seat):
        steps = []
        for step in self.steps:
            caption = step.get("caption", "").strip()
            if not caption:
                continue
            entry = {"caption": caption}
            if step.get("expect") is not None:
                entry["expect"] = step["expect"]
            steps.append(entry)
        game = self.scenario.get("game")
        return {"id": str(game) + "-my-example", "game": game,
                "title": self.field("ed-title").strip() or "My example", "seat": seat,
                "scenario": self.scenario, "steps": steps,
                "explanation": self.field("ed-explanation").strip()}

    # ---- the snippet --------------------------------------------------------------------------
    async def make_snippet(self):
        seat = int(self.field("ed-seat") or "0")
        href = str(window.location.href).split("#")[0].split("?")[0]
        base = href.rsplit("/", 1)[0] + "/"
        src = base + "embed.html?scenario=" + self.checked["encoded"]
        captions = [step.get("caption", "").strip() for step in self.steps
                    if step.get("caption", "").strip()]
        explanation = self.field("ed-explanation").strip()
        expect = self.steps[0].get("expect") if self.steps else None
        if captions or explanation or expect is not None:
            # The captions travel with the position: the embed shows one per reader's move.
            try:
                script = {"scenario": self.scenario, "seat": seat, "captions": captions,
                          "title": self.field("ed-title").strip(),
                          "explanation": explanation}
                if expect is not None:  # enforced in the frame as built-in lessons do
                    script["expect"] = expect
                packed = await client.call("pack_script", script=script)
                src = base + "embed.html?script=" + packed["text"]
            except EngineError as error:
                self.refused(error)
                return
        if seat:
            src += "&seat=" + str(seat)
        info = self.game_info(self.checked["game"]) or {}
        title = self.field("ed-title").strip() or (info.get("title", "Card game")
                                                   + " example")
        snippet = ('<iframe title="' + esc(title) + '" loading="lazy" src="' + esc(src)
                   + '" style="width:100%;border:0;height:32rem"></iframe>\n'
                   # once per page: sizes the frame to its content (docs/embeds.md)
                   + '<script src="' + esc(base) + 'static/js/embed-host.js"></script>')
        script = pretty(self.lesson_script(seat))
        self.set_html("ed-output", "".join([
            text("h2", {"id": "snippet-h"}, "Embed snippet"),
            text("p", {}, "Paste this into your page. It plays the position with the learner"
                          " at Seat " + str(seat + 1) + " and bots in the other seats, and"
                          " shows your captions, one after each of the learner's moves."),
            tag("label", {"for": "ed-snippet", "class": "visually-hidden"}, "Embed snippet"),
            tag("textarea", {"id": "ed-snippet", "readonly": True, "rows": "4",
                             "data-src": src}, esc(snippet)),
            tag("p", {"class": "row"}, button("Copy snippet", {"data-cmd": "copy"}),
                tag("span", {"id": "ed-copied", "role": "status"}, "")),
            text("h2", {}, "Try it"),
            tag("iframe", {"id": "ed-preview", "title": "Preview: " + title, "src": src,
                           "class": "preview"}),
            text("h2", {}, "Lesson script"),
            text("p", {}, "The same example as a lesson script (engine/lessons.py format),"
                          " should you want to add it as a built-in lesson."),
            tag("label", {"for": "ed-script", "class": "visually-hidden"}, "Lesson script"),
            tag("textarea", {"id": "ed-script", "readonly": True, "rows": "8"},
                esc(script)),
        ]))
        document.documentElement.dataset.snippet = "ready"

    def copy(self):
        area = self.el("ed-snippet")
        if not area:
            return
        area.select()
        copied = window.matchbookCopy(area.value)  # static/js/copy.js: never throws
        self.el("ed-copied").innerText = (" Copied." if copied else
                                          " Selected: press Ctrl+C (or \u2318C) to copy.")


editor = Editor()


async def start():
    document.addEventListener("click", create_proxy(editor.on_click))
    document.addEventListener("change", create_proxy(editor.on_change))
    await editor.boot()
