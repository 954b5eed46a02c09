# The game in play, as the app (and the embed) keeps it between engine replies: who sits
# where, who is reading, the record head the engine gave when the game started, the moves and
# the log entries received so far (protocol 2's bounded replies send only what is new), and
# what the table shows around the game (a refusal, a card being chosen, a hand-off, a round
# summary). It never reads the engine's state beyond the fields of a reply.
# Runs in MicroPython and CPython: keep to the subset both share.

import json

from ui.storage import MAX_KEPT_LOG, MAX_VIEW, default_names

RECENT_SHOWN = 8  # "what just happened" lines on the table, at most


class Session:
    def __init__(self, game, seats, names=None, viewer=None, bot=None, entry=None,
                 record=None):
        self.game = game
        self.seats = list(seats)
        self.names = list(names) if names else default_names(self.seats)
        self.viewer = viewer
        self.bot = bot  # the bots' level
        self.levels = None  # a bot level per seat, chosen in the lobby (None: bot for all)
        self.entry = entry  # its id in History once filed
        self.record = record  # head: format, game, rules, options, players, seed, scenario
        self.actions = []  # every move so far
        self.log = []  # the viewer's log entries so far
        self.log_next = 0  # the engine's cursor after the last entry received
        self.log_stale = False  # the kept log no longer matches: ask for all of it again
        self.log_html = {}  # entry index -> its markup on the table (ui/render_table.py)
        self.state = None  # the last reply (its view's log is the whole kept log)
        self.hint = None  # the engine's hint for the viewer's decision now, once asked
        self.handoff = None  # hot seat: the seat the device must be passed to
        self.summary = None  # the round just scored, until the player dismisses it
        self.rounds_seen = None  # rows of the score sheet already seen
        self.seen_upto = 0  # log entries before the viewer's last decision
        self.announced = None  # log entries already said aloud (None: none yet, say none)
        self.message = None  # the engine's refusal, shown beside the hand
        self.rule = None  # the rule that refusal cites
        self.choosing = None  # a card with several ways to play it
        self.filed = False  # in History already
        self.dirty_from = 0  # the first move not yet saved (None: all saved)
        self.saved_moves = 0  # moves in storage

    # ---- talking to the engine ----------------------------------------------------------------
    def fields(self, fresh_log=False, fresh_actions=False):
        """What every state request of this session adds: the reader, bounded replies, and
        the cursors of what is already here (``fresh_*``: all of it again)."""
        return {"viewer": self.viewer, "bounded": True,
                "log_from": 0 if fresh_log or self.log_stale else self.log_next,
                "actions_from": 0 if fresh_actions else len(self.actions)}

    def take(self, reply):
        """Keep what a state reply brings: the record head, new moves, new log entries."""
        self.hint = None  # a hint is for the decision it was asked at
        if reply.get("record") is not None:
            self.record = reply["record"]
        start = reply.get("actions_from")
        if start is not None:
            start = min(start, len(self.actions))
            if start < len(self.actions):
                del self.actions[start:]  # taken back (undo)
            self.actions.extend(reply.get("actions") or [])
            if self.dirty_from is None or start < self.dirty_from:
                self.dirty_from = start
        view = reply["view"]
        first = view.get("log_from", 0)
        if first == 0:
            self.log = list(view.get("log") or [])
            self.log_stale = False
            self.log_html = {}
        elif first == self.log_next and not self.log_stale:
            self.log.extend(view.get("log") or [])
        else:
            self.log_stale = True  # shrunk under us: the next request asks for all of it
        self.log_next = view.get("log_next", len(self.log))
        if self.seen_upto > len(self.log):
            self.seen_upto = len(self.log)
        view["log"] = self.log  # the renderers read the whole log from the view
        self.state = reply
        self.message = None
        self.rule = None
        self.choosing = None
        self.note_round(view)

    def change_viewer(self, seat):
        """Another reader (hot seat): their log differs, so it is asked for from the start."""
        self.viewer = seat
        self.log_html = {}
        self.log = []
        self.log_next = 0
        self.seen_upto = 0
        self.announced = None

    # ---- what the table shows -------------------------------------------------------------
    def humans(self):
        return self.seats.count("human")

    def mover_kind(self):
        state = self.state
        if state is None or state["over"] or state["to_move"] is None:
            return None
        return self.seats[state["to_move"]]

    def needs_handoff(self):
        """Hot seat: a human other than the reader is to move, so the device changes hands."""
        state = self.state
        if state is None or state["over"] or self.humans() < 2:
            return None
        mover = state["to_move"]
        if mover is not None and self.seats[mover] == "human" and mover != self.viewer:
            return mover
        return None

    def note_round(self, view):
        """A round of a game with a score sheet was just scored: keep it for the summary."""
        sheet = view.get("score_sheet")
        if not isinstance(sheet, dict):
            return
        rows = len(sheet.get("rounds") or [])
        if self.rounds_seen is not None and rows > self.rounds_seen and not view.get("over"):
            self.summary = rows - 1
        self.rounds_seen = rows

    def recent_from(self):
        """Where the log entries since the reader's last decision start (at most a few of
        them): what the others did, and what the deal did to the reader (skipped, made to
        draw), said on the table."""
        return max(min(self.seen_upto, len(self.log)), len(self.log) - RECENT_SHOWN)

    def unannounced(self):
        """The log entries not said yet (none at the table's first render: the status line
        says whose turn it is), now counted as said."""
        start = self.announced
        self.announced = len(self.log)
        return [] if start is None else self.log[start:]

    def decided(self):
        """The reader just acted: what happened before is no longer news."""
        self.seen_upto = len(self.log)

    # ---- saving -------------------------------------------------------------------------------
    def save_record(self):
        """The record to save, share or replay: the head the engine gave plus every move."""
        record = dict(self.record or {})
        record["actions"] = list(self.actions)
        return record

    def level_of(self, seat):
        """The level the bot in ``seat`` plays at (its own, else the one for every bot)."""
        levels = self.levels or []
        return (levels[seat] if seat < len(levels) else None) or self.bot

    def stored_head(self):
        """Everything but the moves, as storage keeps the game in play."""
        record = self.record or {}
        return {"game": self.game, "rules": record.get("rules"), "record": record,
                "seats": self.seats, "names": self.names, "viewer": self.viewer,
                "bot": self.bot, "levels": self.levels, "entry": self.entry,
                "handoff": self.handoff, "view": self.kept_view()}

    def kept_view(self):
        """The table as the reader last saw it, kept with the save so that a reload shows it
        at once, before the engine is back (the app's resuming screen): only the reader's
        view(seat) reply, its legal moves and the newest log entries. A hot-seat game comes
        back at the hand-off screen, so it keeps only whose turn that is: no hand at all."""
        state = self.state
        if state is None or state["over"]:
            return None
        mover = state["to_move"]
        if self.humans() > 1:
            if mover is None or self.seats[mover] != "human":
                return None
            return {"moves": state["moves"], "handoff": mover}
        if self.viewer is None:
            return None
        view = {}
        for name, value in state["view"].items():
            if name not in ("log", "log_from", "log_next"):
                view[name] = value
        for shown in (MAX_KEPT_LOG, RECENT_SHOWN, 0):
            kept = {"moves": state["moves"], "viewer": self.viewer, "to_move": mover,
                    "legal": state["legal"], "view": view,
                    "log": self.log[max(len(self.log) - shown, 0):] if shown else []}
            if len(json.dumps(kept)) <= MAX_VIEW:
                return kept
        return None

    def saved(self):
        self.saved_moves = len(self.actions)
        self.dirty_from = None

    def moves(self):
        return self.state["moves"] if self.state is not None else 0

    # ---- History ------------------------------------------------------------------------------
    def outcome(self, unfinished=False):
        """The result in words, from the engine's result figures (a team's win as a team's)."""
        state = self.state
        names = self.names
        if unfinished:
            return "Unfinished: abandoned after " + str(state["moves"]) + " moves"
        result = state["result"] or {}
        teams = state["view"].get("teams")
        winning = result.get("winning_teams")
        if winning is not None and teams:
            if len(winning) > 1:
                outcome = "Shared victory"
            else:
                members = [names[seat] for seat in teams[winning[0]]]
                if len(members) > 1:
                    outcome = "Team " + " and ".join(members) + " won"
                else:
                    outcome = members[0] + " won"
            scores = result.get("team_scores")
        else:
            winners = result.get("winners") or []
            if len(winners) > 1:
                outcome = "Shared win: " + ", ".join(names[s] for s in winners)
            elif winners:
                outcome = names[winners[0]] + " won"
            else:
                outcome = "No winner"
            scores = result.get("scores")
        if scores is not None:
            outcome += " (points " + ", ".join(str(s) for s in scores) + ")"
        return outcome

    def history_entry(self, finished, unfinished=False):
        """The game as History keeps it: game, rules, seed, options, seats, names, bot level
        and every move (the record), with its summary in words."""
        record = self.save_record()
        return {"id": self.entry, "game": self.game, "rules": record.get("rules"),
                "record": record, "seats": self.seats, "names": self.names,
                "viewer": self.viewer, "bot": self.bot, "levels": self.levels,
                "summary": {"finished": finished, "players_text": ", ".join(self.names),
                            "outcome": self.outcome(unfinished),
                            "options": record.get("options"), "unfinished": unfinished}}
