# The headless client: talks to the engine worker (through static/js/engine.mjs) in JSON
# strings and knows nothing of the DOM (boardgame.io's Client vs its views). Runs in
# MicroPython on the main thread.

import json


class EngineError(Exception):
    def __init__(self, response):
        super().__init__(response.get("error", "The engine refused."))
        self.reason = response.get("error", "The engine refused.")
        self.rule = response.get("rule")
        self.bug = response.get("bug", False)
        self.hint = response.get("hint")


class EngineClient:
    def __init__(self):
        self.engine = None
        self.ready = False

    async def connect(self, known=None):
        """Wait for the engine, then return its catalog reply. ``known``: the digest of the
        catalog the page drew already (the build's copy); the engine then answers ``same``
        instead of sending it again."""
        from ui.dom import window

        # static/js/engine.mjs started the worker from <head>; its promises never reject
        # (MicroPython cannot catch a JavaScript exception) but answer in JSON strings.
        self.engine = window.matchbookEngine
        status = json.loads(str(await self.engine.ready))
        if not status.get("ok"):
            raise EngineError({"error": status.get("error") or "The game engine did not start.",
                               "bug": True})
        catalog = await self.call("catalog", known=known)
        self.ready = True
        return catalog

    async def call(self, op, **fields):
        return self.finish(await self.start(op, **fields))

    def start(self, op, **fields):
        """Send a request now and return the JavaScript promise of its reply text: a click
        handler can post its move at once, without waiting for an asyncio task to start."""
        fields["op"] = op
        # Strings only across the boundary: a dict would arrive as a JsProxy without its Nones.
        return self.engine.call(json.dumps(fields))

    def finish(self, reply):
        """The reply text as a response, or EngineError for a refusal (or a bug)."""
        response = json.loads(str(reply))
        if not response.get("ok"):
            raise EngineError(response)
        return response
