# Renderers are functions from a view to markup. They build escaped HTML text because it is
# one DOM call per render from MicroPython, and because the same functions run in CPython
# tests (which check, e.g., that no face-down card's identity reaches the DOM).
# Runs in MicroPython and CPython: keep to the subset both share.


def esc(text):
    """The one escaping function: every text from outside (a name, a seed, a link, a stored
    record, the engine's words) reaches the markup through it, in content and attributes."""
    if type(text) is not str:
        text = str(text)
    # Five tests rather than a loop over the five characters: a third of the time in
    # MicroPython, and most texts need nothing (no new string for them).
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace('"', "&quot;").replace("'", "&#39;"))
    return text


def attrs(values):
    # In the dict's order (MicroPython may not keep insertion order; HTML does not care), and
    # without building a sorted list for every tag: a render makes hundreds of tags. Parts
    # joined once, not added one by one (each + copies the string so far).
    if not values:
        return ""
    out = []
    for name, value in values.items():
        if value is True:
            out.append(" " + name)
        elif value is not None and value is not False:
            out.append(" " + name + '="' + esc(value) + '"')
    return "".join(out)


def tag(name, attributes=None, *children):
    """``tag("button", {"class": "x"}, "text", raw_html)``: strings are raw HTML; use esc()."""
    return "".join(("<", name, attrs(attributes), ">", "".join(children), "</", name, ">"))


def text(name, attributes, content):
    return tag(name, attributes, esc(content))


def button(label, attributes=None):
    values = {"type": "button"}
    values.update(attributes or {})
    return text("button", values, label)
