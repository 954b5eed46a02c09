# When MicroPython collects its garbage: between moves, not on the click path.
#
# MicroPython's WebAssembly port cannot scan the Wasm stack, so gc.collect() there only marks
# a collection as due, and the collection runs when the current call from JavaScript returns
# (ports/webassembly/main.c, gc_collect_top_level). By default one is due after every 16 KB
# allocated (gc.threshold() is 16384), and drawing the table allocates a few hundred KB: so the
# task that answers a click ended with a full collection (about 1 ms at move 20 of a round,
# more as the game's log grows), after the new table was built but before the page saw it.
# With a larger threshold a collection is due only every few draws; and the app asks for one
# itself in the task that saves after the move has been painted (collect_soon), so it runs
# there, between moves.
#
# Runs in MicroPython and CPython (where it does nothing: CPython has no gc.threshold).

import gc

THRESHOLD = 2 * 1024 * 1024  # bytes allocated between collections when none is asked for


def collect_between_moves():
    """Collect after a threshold of THRESHOLD bytes instead of 16 KB (MicroPython only)."""
    if hasattr(gc, "threshold"):
        gc.threshold(THRESHOLD)


def collect_soon():
    """Collect garbage now, or (MicroPython in the browser) once this task returns."""
    if hasattr(gc, "threshold"):
        gc.collect()
