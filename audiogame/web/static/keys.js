// Keys: the page's own (help, repeat, silence, the history) work anywhere; the game's keys work
// in the table's game region (a list box, so that screen readers pass them on) and go to the
// server by the names the terminal uses.
const NAMED = {
  ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
  Home: "home", End: "end", Enter: "enter", " ": "space", Backspace: "backspace",
  Tab: "tab", Delete: "delete", Insert: "insert",
};

/** What the page itself does for this key, or null. */
export function pageKey(event) {
  const { key, altKey, ctrlKey, shiftKey, metaKey } = event;
  if (metaKey) return null;
  const letter = key.length === 1 ? key.toLowerCase() : "";
  if ((key === "F1" && !altKey && !ctrlKey) || (altKey && !ctrlKey && letter === "k")) return "help";
  if ((key === "F2" && !altKey && !ctrlKey) || (altKey && !ctrlKey && letter === "r")) return "repeat";
  if ((key === "F3" && !altKey && !ctrlKey) || (altKey && !ctrlKey && letter === "x")) return "silence";
  if ((key === "F4" && !altKey && !ctrlKey) || (altKey && !ctrlKey && letter === "u")) return "rules";
  if (altKey && !ctrlKey && letter === "m") return "pause";
  if ((key === "F5" && !altKey && !ctrlKey && !shiftKey) || (altKey && !ctrlKey && letter === "w")) return "who";
  if ((key === "F6" && !altKey && !ctrlKey && !shiftKey) || (altKey && !ctrlKey && letter === "c")) return "chat";
  return null;
}

/** The history keys, inside the table region. */
export function historyKey(event) {
  const { key, altKey, ctrlKey, shiftKey, metaKey } = event;
  if (altKey || metaKey) return null;
  if (ctrlKey && key === "Home") return "first";
  if (ctrlKey && key === "End") return "last";
  if (ctrlKey) return null;
  if (key === "PageUp") return shiftKey ? "first" : "previous";
  if (key === "PageDown") return shiftKey ? "last" : "next";
  return null;
}

/** The terminal's name for a game key, or null for keys the game does not use. */
export function gameKey(event) {
  const { key, altKey, ctrlKey, shiftKey, metaKey } = event;
  if (altKey || ctrlKey || metaKey) return null;
  if (key === "Tab") return shiftKey ? "s-tab" : "tab";
  if (key in NAMED) return NAMED[key];
  if (key.length === 1 && key > " ") return key;
  return null;
}
