// The fingerprint a friends' table shows at the deal, checked at the end on a guest's device
// (ui/guest.py): SHA-256 of a text, as lowercase hex. Here because MicroPython cannot catch a
// JavaScript exception: a browser without crypto.subtle (a page that is not a secure
// context) answers "" instead of throwing.
window.matchbookSha256 = async function (text) {
  try {
    const bytes = new TextEncoder().encode(String(text));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  } catch (error) {
    return "";
  }
};
