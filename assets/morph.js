// Re-rendering without rebuilding: the page (assets/page.js) hands morph() the
// whole screen's new HTML (hearts.app.view), and morphdom changes only what
// differs in the page. So after a click the browser restyles, lays out and
// repaints one card and a line of text, not the whole table; a card that is
// still there keeps its element (and keyboard focus); and a card already on
// the table does not replay its animation.
import morphdom from "../build/vendor/morphdom/morphdom-esm.js";

// The cards of the hand are matched by their card (data-card), a dialog by
// which dialog it is (data-dialog: one that opens in another's place is a
// new element, at its top, not the other's scroll), the rest by place; the
// HTML has no ids.
const key = (node) => (node.nodeType === 1 && (node.getAttribute("data-card")
  || (node.hasAttribute("data-dialog") && `dialog ${node.getAttribute("data-dialog")}`))) || undefined;

const OPTIONS = {
  childrenOnly: true,
  getNodeKey: key,
  // An element equal to its new self is left alone, children and all.
  onBeforeElUpdated: (from, to) => !from.isEqualNode(to),
};

// The focused element, as the page finds it again after a render
// (assets/page.js, focusKey): its card, or its action and value.
function focusSelector(el) {
  return ["data-card", "data-action", "data-value"].filter((a) => el.hasAttribute(a))
    .map((a) => `[${a}="${CSS.escape(el.getAttribute(a))}"]`).join("");
}

export function morph(target, html) {
  const next = target.cloneNode(false); // detached: parsing it costs no layout
  next.innerHTML = html;
  // Removing the focused element makes Chromium restyle the page there and
  // then, and in the middle of morphdom's changes that restyle is of the
  // whole changed table (7-20 ms of a card play or the pass here). So a
  // focused card or button that the new screen no longer has loses focus
  // first, while the page's style is still clean; assets/page.js then puts
  // focus where it belongs.
  const active = document.activeElement;
  if (active && active !== target && target.contains(active)) {
    const selector = focusSelector(active);
    if (selector && !next.querySelector(selector)) active.blur();
  }
  morphdom(target, next, OPTIONS);
}
