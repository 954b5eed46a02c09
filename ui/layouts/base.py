# The layout interface: what a game's table layout provides to the generic table.
#
# The generic table (ui/render_table.py) draws what every game has: the status line, the
# seats, the viewer's hand, the choices, the refusal and the log. A game adds only what is its
# own through one subclass of Layout in ui/layouts/<game id>.py, registered in
# ui/layouts/__init__.py. Every method receives the view and the table context, and keeps
# nothing between renders (no module globals filled by one call and read by another).
#
# The table context ``ctx`` (built by the app, the embed and the tests) holds:
#   layout   this Layout;          viewer   the seat whose view this is (None: spectator)
#   seats    "human"/"bot" a seat; names    the name shown for each seat ("You" included)
#   speaker  a Speaker (engine/words.py) for sentences about seats: who(), verb(), seats()
#   legal    the viewer's legal actions (data-action="N" indexes this list)
#   tries    moves the viewer may ask for and hear refused (data-try="N" indexes this list):
#            a layout that draws such a button in its own zone appends the action here
#   title, message, rule, choosing, busy_bot: what the table shows around the game
#   hints    whether the Hint button is offered; hint: the engine's hint asked for ({"action":
#            index into legal, "why", "rule"}): a layout that draws a move's button in its own
#            zone adds render_table.hinted(ctx, index) to its classes
#
# Card faces come from the engine's own words module for the game (``words``, mounted into
# the UI by the build): the names a player reads are written once, in engine/games/<id>/.
# Runs in MicroPython and CPython: keep to the subset both share.


class Layout:
    game_id = ""
    words = None  # the game's words module: card_label, card_name, describe (log entries)

    # ---- cards ---------------------------------------------------------------------------------
    def card_label(self, code):
        """Short face text, e.g. "7♦"."""
        return self.words.card_label(code)

    def card_name(self, code):
        """The card in words for assistive technology, e.g. "7 of diamonds"."""
        return self.words.card_name(code)

    def card_class(self, code):
        """CSS classes for a face (colour); never the only way a card is told apart."""
        return ""

    # ---- the decision in front of the viewer -----------------------------------------------------
    def prompt(self, view, ctx):
        """The status line when it is the viewer's turn: what to decide, in a sentence."""
        return "Your turn."

    def action_label(self, action, view, ctx):
        """A button's text for one legal action, in words (never a code)."""
        return str(action.get("type"))

    def places_action(self, action):
        """True when the layout draws this action's button in its own zone (e.g. a grid stack);
        the generic choices row then leaves it out."""
        return False

    def unavailable_actions(self, view, legal, ctx):
        """Moves the player may ask for and hear the engine refuse (e.g. a cut that is not
        allowed yet): [(action, hint)]. The engine gives the reason when pressed."""
        return []

    # ---- the table -----------------------------------------------------------------------------
    def centre(self, view, ctx):
        """Markup of the game's own zones (piles, trick, grid, office ...)."""
        return ""

    def seat_extra(self, view, seat, ctx):
        """Markup added to a seat's row (bids, tricks, guides ...)."""
        return ""

    def result(self, view, ctx):
        """Markup of the end of the game or round, once ``view["result"]`` is set."""
        return ""

    def score_reason(self, bid, tricks, points):
        """Why a round scored what it did, in the game's words ("" when it has none)."""
        return ""

    def team_score_reason(self, set_points, unmatched, penalty, points):
        """Why a team's round scored what it did (a game with teams' sets; "" otherwise)."""
        return ""

    def describe(self, entry, ctx):
        """One log entry in words, from the engine's words module."""
        return self.words.describe(entry, ctx["speaker"])
