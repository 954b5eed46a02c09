// The QR code of a friends' table invite link, for a friend in the same room to scan. Drawn
// here, in the browser: the link holds the table's secret, so it never goes to a web service.
//
// window.matchbookQr(text) -> Promise<string>: the SVG markup of a QR code of `text` (error
// correction M, a quiet zone of 4 modules, black on white), with role="img" and an aria-label,
// no width or height (CSS sizes it; the viewBox keeps it square). "" on any failure: a
// JavaScript exception thrown into MicroPython cannot be caught there.
//
// Loading this module costs nothing: uqr (static/vendor/uqr/uqr.mjs) is imported on the
// first call.

const BUNDLE = new URL("../vendor/uqr/uqr.mjs", import.meta.url).href;
const LABEL = "QR code of the invite link";
const QUIET_ZONE = 4; // modules of white around the code, as the standard asks

let uqr = null; // the bundle's import, once asked for (asked again after a failure)

function load() {
  if (!uqr) {
    uqr = import(BUNDLE).catch(function (error) {
      uqr = null;
      throw error;
    });
  }
  return uqr;
}

window.matchbookQr = async function (text) {
  try {
    const { renderSVG } = await load();
    const svg = renderSVG(String(text), {
      ecc: "M",
      border: QUIET_ZONE,
      pixelSize: 1, // one viewBox unit a module: the shortest markup
      whiteColor: "#fff",
      blackColor: "#000",
    });
    const open = /^<svg\b[^>]*>/.exec(svg);
    const viewBox = open && /\sviewBox="([^"]*)"/.exec(open[0]);
    if (!viewBox) return "";
    // The root tag made afresh: its viewBox, and no width or height.
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox[1]}" role="img" ` +
      `aria-label="${LABEL}">` + svg.slice(open[0].length)
    );
  } catch (error) {
    console.warn("matchbookQr: no QR code", error);
    return "";
  }
};
