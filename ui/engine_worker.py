# Runs in Pyodide inside a PyScript worker: the engine never touches the DOM, so the page
# needs no cross-origin isolation headers. JSON strings in, JSON strings out.
from engine.service import handle

__all__ = __export__ = ["handle"]
