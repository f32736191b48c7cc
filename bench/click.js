// Benchmark reference: thirteen buttons, and a click toggles one's
// aria-pressed and its look (no Python, no framework). How soon Chromium
// paints after such a click is the floor for our table's clicks.
const row = document.getElementById("row");
for (let n = 0; n < 13; n++) {
  const button = document.createElement("button");
  button.textContent = String(n + 1);
  button.setAttribute("aria-pressed", "false");
  row.append(button);
}
const style = document.createElement("style");
style.textContent = 'button[aria-pressed="true"] { transform: translateY(-8px); background: gold; }';
document.head.append(style);
row.addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (button) button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
});
document.documentElement.dataset.ready = "1";
