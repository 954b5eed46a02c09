// MicroPython cannot catch an exception thrown by JavaScript (a full quota, storage
// disabled by the browser): it would stop the UI. So ui/storage.py reaches localStorage
// only through these wrappers, which report failures as return values instead.
// measure() and moveAside() keep a huge or deeply nested record out of MicroPython's heap:
// it is sized here and, if bad, set aside here, never parsed by the UI.
globalThis.matchbookStorage = {
  get length() { try { return localStorage.length; } catch { return 0; } },
  key(index) { try { return localStorage.key(index); } catch { return null; } },
  getItem(key) { try { return localStorage.getItem(key); } catch { return null; } },
  setItem(key, value) {
    try { localStorage.setItem(key, value); return ""; }
    catch (error) { return (error && error.name) || "StorageError"; }
  },
  removeItem(key) { try { localStorage.removeItem(key); } catch { /* nothing to remove */ } },
  // "<characters> <nesting depth>" of a record ("" when absent); brackets inside JSON
  // strings do not count. The depth scan stops once past `limit`.
  measure(key, limit) {
    let text;
    try { text = localStorage.getItem(key); } catch { return ""; }
    if (text === null) return "";
    let depth = 0, deepest = 0, inString = false;
    for (let i = 0; i < text.length && deepest <= limit; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === 92) i++;  // a backslash escapes the next character
        else if (c === 34) inString = false;
      } else if (c === 34) inString = true;
      else if (c === 91 || c === 123) { depth++; if (depth > deepest) deepest = depth; }
      else if (c === 93 || c === 125) depth--;
    }
    return text.length + " " + deepest;
  },
  // Copy a record under `target` with the reason, then remove it. Returns "" when it was kept
  // aside, else the error that stopped the copy (the record is removed all the same, so it
  // cannot stop the next boot).
  moveAside(key, target, reason) {
    let failure = "";
    try {
      const raw = localStorage.getItem(key);
      if (raw !== null) {
        localStorage.setItem(target, JSON.stringify(
          {kind: "quarantine", schema: 1, from: key, reason: reason, raw: raw}));
      }
    } catch (error) { failure = (error && error.name) || "StorageError"; }
    try { localStorage.removeItem(key); } catch { /* gone already */ }
    return failure;
  },
};
