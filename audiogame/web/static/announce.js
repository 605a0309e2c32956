// Every message reaches the player through one live region, the history: a polite log that is
// never switched off, never emptied and never written twice, so that every screen reader says
// each message once, in the order shown (docs/screen-readers.md). Messages that arrive together
// (a trick told line by line, a deal's opening) are gathered into one entry, one node added
// once: a screen reader that cuts each live message short with the next one (Orca) or that
// reports nodes added together in any order still says them all, in order, as one utterance.
// An urgent message (your turn) ends the entry at once, last, so that it is said as soon as
// what came before it; it never depends on an assertive region interrupting. The answers to
// keys that are not kept (read-back, repeats, key lists) go to a second polite region, the
// echo. The browser's voice, when chosen, says each message too.
import { speak, silence } from "./voice.js";
import { word } from "./words.js";

const LIMIT = 500;
/** Messages closer together than this are one entry (ms). */
const GATHER_MS = 60;
/** An entry is said after this long at most, even while messages keep coming (ms). */
const GATHER_MAX_MS = 400;
/** At most this many words are said before an urgent message in its entry: "your turn" is
 * heard within 2 s (12 words at 450 words a minute take 1.6 s). Messages gathered before
 * them are kept in the history, unsaid, for the player to read back. */
export const WORDS_AHEAD = 12;
/** A batch longer than WORDS_AHEAD (a deal's opening) is held this long after its last
 * message, so that a "your turn" that follows it is said without waiting behind it (ms). */
const LONG_HOLD_MS = 2000;
/** ... and said after this long at most (ms). */
const LONG_HOLD_MAX_MS = 4000;
/** A long answer to a key the player has just pressed is held this long at most: the
 * player waits for it (ms). */
const KEY_HOLD_MS = 600;
/** An answer that starts this soon after a key is the key's (ms). */
const KEY_ANSWER_MS = 250;
/** An entry written this recently may still be waiting to be said (ms). */
const RECENT_MS = 1000;

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
    this.writtenAt = -Infinity;
    this.writtenWords = 0;
    this.keyAt = -Infinity;
  }

  /** A key was pressed: the first message it causes cuts off the voice's older ones. */
  newTurn() {
    this.interruptNext = true;
    this.keyAt = performance.now();
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
    if (urgent) {
      this.flush();
      return;
    }
    const now = performance.now();
    if (!this.timer) this.first = now;
    clearTimeout(this.timer);
    const words = this.pending.reduce((sum, message) => sum + wordCount(message.text), 0);
    const answersKey = this.first - this.keyAt < KEY_ANSWER_MS;
    const hold = answersKey ? KEY_HOLD_MS : LONG_HOLD_MS;
    const wait = words > WORDS_AHEAD
      ? Math.max(0, Math.min(hold, this.first + LONG_HOLD_MAX_MS - now))
      : Math.max(0, Math.min(GATHER_MS, this.first + GATHER_MAX_MS - now));
    this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Write the gathered messages as one entry of the history. Before an urgent message, only
   * the last messages within WORDS_AHEAD words are said with it; those before are written
   * first as an entry of their own that is not said (the history keys read it). */
  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    const messages = this.pending.splice(0);
    if (!messages.length) return;
    if (messages[messages.length - 1].urgent) {
      let keep = messages.length - 1;
      // An entry written a moment ago may not have been said yet: its words count too.
      let words = performance.now() - this.writtenAt < RECENT_MS ? this.writtenWords : 0;
      while (keep > 0 && words + wordCount(messages[keep - 1].text) <= WORDS_AHEAD) {
        keep -= 1;
        words += wordCount(messages[keep].text);
      }
      if (keep > 0) this.write(messages.slice(0, keep), true);
      this.write(messages.slice(keep), false);
      return;
    }
    this.write(messages, false);
  }

  write(messages, unsaid) {
    const entry = document.createElement("p");
    entry.className = unsaid ? "entry unsaid" : "entry";
    // Not said now (a "your turn" came): kept for the history keys (Page Up), out of the
    // accessibility tree (aria-hidden is not enough: Chromium still reported its text to Orca,
    // late, out of order), so that no reader says it.
    if (unsaid) entry.hidden = true;
    messages.forEach(({ text, urgent }, index) => {
      if (index) entry.append(" ");
      const line = document.createElement("span");
      line.className = urgent ? "message urgent" : "message";
      line.textContent = text;
      entry.append(line);
    });
    if (!unsaid) {
      this.writtenAt = performance.now();
      this.writtenWords = messages.reduce((sum, message) => sum + wordCount(message.text), 0);
    }
    entry.dataset.shown = String(Date.now());
    this.log.append(entry);
    while (this.log.querySelectorAll(".message").length > LIMIT) this.log.firstElementChild.remove();
    entry.scrollIntoView({ block: "nearest" });
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
