// MicroPython cannot catch an exception thrown by JavaScript (a full quota, storage
// disabled by the browser): it would stop the UI. So ui/storage.py reaches localStorage
// only through these wrappers, which report failures as return values instead.
globalThis.matchbookStorage = {
  get length() { try { return localStorage.length; } catch { return 0; } },
  key(index) { try { return localStorage.key(index); } catch { return null; } },
  getItem(key) { try { return localStorage.getItem(key); } catch { return null; } },
  setItem(key, value) {
    try { localStorage.setItem(key, value); return ""; }
    catch (error) { return (error && error.name) || "StorageError"; }
  },
  removeItem(key) { try { localStorage.removeItem(key); } catch { /* nothing to remove */ } },
};
