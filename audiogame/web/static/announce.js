// Every message reaches the player through one live region, the history: a polite log that is
// never switched off, never emptied, never written twice, and that holds nothing that is not
// said (docs/screen-readers.md). Messages that arrive together (a trick told line by line, a
// deal's opening) are gathered into one entry of at most 30 words, one node added once, so
// that a screen reader that reports nodes added together in any order still says them all, in
// order, as one utterance. Between keys, an entry is written once the one before has had time
// to be said (its words at 400 a minute), and what comes meanwhile is gathered into it: two
// entries added a moment apart were reported to Orca in the reverse order, and a reader that
// cut a live message off with the next would lose the end of the first. An urgent message
// (your turn) ends its entry at once; it is said right after what came before it, never in its
// place: its cue says it at once. A key cuts the speech off anyway: the answer to a key is
// written at once, an entry of its own. The answers to keys that are not kept (read-back,
// repeats, key lists) go to a second polite region, the echo. The browser's voice, when
// chosen, says each message too.
import { speak, silence } from "./voice.js";
import { word } from "./words.js";

const LIMIT = 500;
/** Messages closer together than this are one entry (ms). */
const GATHER_MS = 60;
/** An entry is written after this long at most, even while messages keep coming (ms). */
const GATHER_MAX_MS = 400;
/** The time a screen reader takes to start saying an entry, and to say each of its words at
 * 400 words a minute: how long an entry holds the next one back (ms). A reader that queues
 * live messages (Orca, NVDA) says the next entry as soon as the one before is said whatever
 * the listener's rate; at 450 words a minute, the next entry is written at most 1 s after
 * the end of an entry of 30 words (docs/screen-readers.md). */
const START_MS = 250;
const WORD_MS = 150;
/** The words of an entry at most: messages that come together beyond them (a trick, a
 * player going out and the end of the game, told by one key) make the next entry. */
const ENTRY_WORDS = 30;

function wordCount(text) {
  return text.split(/\s+/).filter(Boolean).length;
}

export class Announcer {
  constructor(log, echo) {
    this.log = log;
    this.echo = echo;
    this.cursor = null;
    this.interruptNext = false;
    this.pending = [];
    this.timer = null;
    this.first = 0;
    this.count = 0;
    this.recorded = 0;
    this.asides = 0;
    /** Until when the last entry written is taken to be being said (performance.now()). */
    this.sayingUntil = 0;
  }

  /** A key was pressed: it cuts the screen reader's speech off, so what came before it is
   * written now, and the key's answer is written at once after it, an entry of its own; the
   * first message it causes cuts off the voice's older ones. */
  newTurn() {
    while (this.pending.length) this.write();
    this.sayingUntil = 0;
    this.interruptNext = true;
  }

  say(text, urgent = false) {
    if (!text) return;
    this.count += 1;
    this.last = text;
    const interrupt = this.interruptNext || urgent;
    this.interruptNext = false;
    speak(text, interrupt);
    this.recorded += 1;
    this.cursor = null;
    this.pending.push({ text, urgent });
    const now = performance.now();
    if (this.pending.length === 1) this.first = now;
    const gathered = urgent ? 0 : Math.min(GATHER_MS, this.first + GATHER_MAX_MS - now);
    this.schedule(gathered);
  }

  /** Write the next entry after ``gathered`` ms, and not before the last one has been said. */
  schedule(gathered) {
    clearTimeout(this.timer);
    const wait = Math.max(0, gathered, this.sayingUntil - performance.now());
    this.timer = setTimeout(() => this.write(), wait);
  }

  /** Write the gathered messages, in the order they came, as one entry of the history: as
   * many as fit in ENTRY_WORDS (one at least); the others make the next entry, once this one
   * has been said. */
  write() {
    clearTimeout(this.timer);
    this.timer = null;
    let words = 0;
    let take = 0;
    while (take < this.pending.length) {
      const more = wordCount(this.pending[take].text);
      if (take && words + more > ENTRY_WORDS) break;
      words += more;
      take += 1;
    }
    const messages = this.pending.splice(0, take);
    if (!messages.length) return;
    const entry = document.createElement("p");
    entry.className = "entry";
    messages.forEach(({ text, urgent }, index) => {
      if (index) entry.append(" ");
      const line = document.createElement("span");
      line.className = urgent ? "message urgent" : "message";
      line.textContent = text;
      entry.append(line);
    });
    entry.dataset.shown = String(Date.now());
    this.log.append(entry);
    this.sayingUntil = performance.now() + START_MS + words * WORD_MS;
    while (this.log.querySelectorAll(".message").length > LIMIT) this.log.firstElementChild.remove();
    // The history's own box scrolls to the new entry; the page never does (the buttons stay
    // where the player's finger or pointer is).
    const box = this.log.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
    if (this.pending.length) this.schedule(0);
  }

  /** Say `text` without keeping it: read-back, key lists, repeats. */
  aside(text) {
    this.count += 1;
    this.last = text;
    speak(text, true);
    // A new node each time, so that the same words twice are said twice (a screen reader
    // that skips a live message equal to the one before hears the two differ by a space).
    this.asides += 1;
    const line = document.createElement("p");
    line.textContent = this.asides % 2 ? text : `${text}\u00a0`;
    this.echo.replaceChildren(line);
  }

  get items() {
    return [...this.log.querySelectorAll(".message")];
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
