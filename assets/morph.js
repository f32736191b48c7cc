// Re-rendering without rebuilding: the Python controller hands morph() the
// whole screen's new HTML (hearts.ui.view), and morphdom changes only what
// differs in the page. So after a click the browser restyles, lays out and
// repaints one card and a line of text, not the whole table; a card that is
// still there keeps its element (and keyboard focus); and a card already on
// the table does not replay its animation.
import morphdom from "../build/vendor/morphdom/morphdom-esm.js";

// The cards of the hand are matched by their card (data-card), the rest by
// place; the HTML has no ids.
const key = (node) => (node.nodeType === 1 && node.getAttribute("data-card")) || undefined;

const OPTIONS = {
  childrenOnly: true,
  getNodeKey: key,
  // An element equal to its new self is left alone, children and all.
  onBeforeElUpdated: (from, to) => !from.isEqualNode(to),
};

export function morph(target, html) {
  const next = target.cloneNode(false); // detached: parsing it costs no layout
  next.innerHTML = html;
  morphdom(target, next, OPTIONS);
}
