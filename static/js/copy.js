// The position editor's Copy button. A JavaScript exception thrown into MicroPython cannot be
// caught there, so the clipboard (absent on plain http, or refused) is only touched here.
window.matchbookCopy = function (text) {
  try {
    if (!navigator.clipboard || !window.isSecureContext) return false;
    navigator.clipboard.writeText(String(text)).catch(function () {});
    return true;
  } catch (error) {
    return false;
  }
};
