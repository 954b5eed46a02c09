# Renderers are functions from a view to markup. They build escaped HTML text because it is
# one DOM call per render from MicroPython, and because the same functions run in CPython
# tests (which check, e.g., that no face-down card's identity reaches the DOM).
# Runs in MicroPython and CPython: keep to the subset both share.


def esc(text):
    """The one escaping function: every text from outside (a name, a seed, a link, a stored
    record, the engine's words) reaches the markup through it, in content and attributes."""
    text = str(text)
    for char in "&<>\"'":
        if char in text:
            break
    else:
        return text  # most texts need nothing: no new strings for them
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def attrs(values):
    if not values:
        return ""
    parts = []
    # Sorted: MicroPython's dicts do not keep insertion order, and the markup must not vary.
    for name in sorted(values) if len(values) > 1 else values:
        value = values[name]
        if value is None or value is False:
            continue
        if value is True:
            parts.append(" " + name)
        else:
            parts.append(" " + name + '="' + esc(value) + '"')
    return "".join(parts)


def tag(name, attributes=None, *children):
    """``tag("button", {"class": "x"}, "text", raw_html)``: strings are raw HTML; use esc()."""
    return "".join(("<", name, attrs(attributes), ">", "".join(children), "</", name, ">"))


def text(name, attributes, content):
    return tag(name, attributes, esc(content))


def button(label, attributes=None):
    values = {"type": "button"}
    values.update(attributes or {})
    return text("button", values, label)
