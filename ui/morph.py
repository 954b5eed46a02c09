# Changing the DOM into new markup in place, keeping the nodes whose markup is the same: the
# lobby is patched, not rebuilt, so what the player is reading is not drawn (nor painted) again
# when, say, the engine arrives and Start becomes clickable, and the lobby the build put in the
# page (tools/static_data.py) is kept by the app's first render. Runs in MicroPython.

from ui.dom import document

# Replaced, never patched, when their markup changes: their live value is a property that an
# attribute set later would not reset (what the player typed or picked).
FORM_CONTROLS = ("INPUT", "SELECT", "TEXTAREA", "OPTION")


def morph_into(element, html):
    """Change ``element``'s content into ``html`` in place. False (nothing done) when the top
    level has not the same number of nodes: the caller then replaces it whole."""
    box = document.createElement("template")
    box.innerHTML = html
    if box.content.childNodes.length != element.childNodes.length:
        return False
    _morph_children(element, box.content)
    return True


def _morph_children(old, new):
    stale, fresh = old.childNodes, new.childNodes
    # Pairs first: replaceWith moves a fresh node out of the live list being walked.
    pairs = [(stale[i], fresh[i]) for i in range(fresh.length)]
    for before, after in pairs:
        if before.isEqualNode(after):
            continue
        if (before.nodeType == 1 and before.nodeName == after.nodeName
                and before.nodeName not in FORM_CONTROLS
                and before.childNodes.length == after.childNodes.length):
            _morph_attributes(before, after)
            _morph_children(before, after)
        else:
            before.replaceWith(after)


def _morph_attributes(before, after):
    names = [before.attributes[i].name for i in range(before.attributes.length)]
    for name in names:
        if not after.hasAttribute(name):
            before.removeAttribute(name)
    for i in range(after.attributes.length):
        attribute = after.attributes[i]
        if before.getAttribute(attribute.name) != attribute.value:
            before.setAttribute(attribute.name, attribute.value)
