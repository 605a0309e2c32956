// Every message reaches the player through ARIA live regions: the history, a polite log that
// can be read back (Page Up, Page Down), and an assertive region for urgent messages (your
// turn). An urgent message goes into the history too, but with the log muted for a moment, so
// that a screen reader says it once. The browser's voice, when chosen, says each message too.
import { speak, silence } from "./voice.js";
import { word } from "./words.js";

const LIMIT = 500;
const MUTE_MS = 600;

export class Announcer {
  constructor(region, log, urgent, echo) {
    this.logRegion = region;
    this.log = log;
    this.urgent = urgent;
    this.echo = echo;
    this.cursor = null;
    this.interruptNext = false;
    this.muted = 0;
    this.waiting = [];
    this.count = 0;
    this.recorded = 0;
  }

  /** A key was pressed: the first message it causes cuts off the voice's older ones. */
  newTurn() {
    this.interruptNext = true;
  }

  say(text, urgent = false) {
    if (!text) return;
    this.count += 1;
    this.last = text;
    const interrupt = this.interruptNext || urgent;
    this.interruptNext = false;
    speak(text, interrupt);
    if (urgent) {
      this.muted += 1;
      this.logRegion.setAttribute("aria-live", "off");
      this.add(text, true);
      this.region(this.urgent, text);
      setTimeout(() => this.unmute(), MUTE_MS);
    } else if (this.muted) {
      this.waiting.push(text);
    } else {
      this.add(text, false);
    }
  }

  unmute() {
    this.muted -= 1;
    if (this.muted) return;
    this.logRegion.setAttribute("aria-live", "polite");
    for (const text of this.waiting.splice(0)) this.add(text, false);
  }

  add(text, urgent) {
    this.recorded += 1;
    const item = document.createElement("li");
    item.textContent = text;
    if (urgent) item.className = "urgent";
    this.log.append(item);
    while (this.log.children.length > LIMIT) this.log.firstElementChild.remove();
    this.cursor = null;
    item.scrollIntoView({ block: "nearest" });
  }

  /** Say `text` without keeping it: read-back, key lists, repeats. */
  aside(text) {
    this.count += 1;
    this.last = text;
    speak(text, true);
    this.region(this.echo, text);
  }

  region(element, text) {
    // A new node each time, so that the same words twice are said twice.
    const line = document.createElement("p");
    line.textContent = text;
    element.replaceChildren(line);
  }

  get items() {
    return [...this.log.children];
  }

  repeat() {
    const items = this.items;
    this.aside(items.length ? items[items.length - 1].textContent : word("history_empty"));
  }

  review(where) {
    const items = this.items;
    if (!items.length) {
      this.aside(word("history_empty"));
      return;
    }
    const end = items.length - 1;
    const before = this.cursor ?? end;
    const moves = { previous: before - 1, next: before + 1, first: 0, last: end };
    const cursor = Math.max(0, Math.min(end, moves[where]));
    for (const item of items) item.classList.remove("reading");
    items[cursor].classList.add("reading");
    items[cursor].scrollIntoView({ block: "nearest" });
    this.cursor = cursor;
    this.aside(word("history_position", {
      text: items[cursor].textContent, position: cursor + 1, total: items.length,
    }));
  }

  silence() {
    silence();
  }
}
