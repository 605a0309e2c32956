// The page that plays alone: the program runs in a Web Worker (worker.js); every key of the game
// region goes to it by the terminal's name, and what it says comes back through the same
// history and cues as the online page (announce.js, cues.js).
import { Announcer } from "./announce.js";
import { Cues } from "./cues.js";
import { save, settings } from "./settings.js";
import { voiceAvailable } from "./voice.js";
import { word } from "./words.js";

const $ = (id) => document.getElementById(id);
const announcer = new Announcer($("history"), $("echo"));
// The program's options say whether cues play: the page tells only that it cannot play them.
const cues = new Cues((key) => { if (key === "no_audio") announcer.say(word(key)); }, "sounds/");
const THINKING_MS = 700;
/** While the game loads, the page says how far it has got this often (ms). */
const PROGRESS_MS = 3000;
/** A page the service worker answers has every file in this browser: a later visit. */
const later = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);

const NAMED = {
  ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
  Home: "home", End: "end", PageUp: "pageup", PageDown: "pagedown", Enter: "enter",
  Escape: "escape", Backspace: "backspace", Delete: "delete", Insert: "insert", " ": "space",
};

/** The terminal's name for the key of ``event``, or null for a key the program does not take
 * (the browser's and the screen reader's own: Alt, Control and Meta combinations). */
export function programKey(event) {
  const { key, altKey, ctrlKey, shiftKey, metaKey } = event;
  if (altKey || metaKey) return null;
  if (ctrlKey) return key === "Home" ? "c-home" : key === "End" ? "c-end" : null;
  if (/^F([1-9]|1[0-2])$/.test(key)) return shiftKey ? null : key.toLowerCase();
  if (key === "Tab") return shiftKey ? "s-tab" : "tab";
  if (shiftKey && (key === "PageUp" || key === "PageDown")) return `s-${NAMED[key]}`;
  if (key in NAMED) return NAMED[key];
  if (key.length === 1 && key > " ") return key;
  return null;
}

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
let started = false;
let thinking = null;
let keys = "";
let batches = 0;
/** Every message the program kept in its history, in order (the page's own are not in it). */
const program = [];

function present(message) {
  if (message.type === "say") {
    if (message.cue) cues.play(message.cue, message.pan);
    if (!message.text) return;
    if (message.record) program.push(message.text);
    if (message.record) announcer.say(message.text, Boolean(message.urgent));
    else announcer.aside(message.text);
  } else if (message.type === "screen") {
    // A new screen: a button or a card that had the focus is about to go; the focus goes to
    // the game region first, whose item is the new screen's title, never to the page's body.
    if ($("actions").contains(document.activeElement) || $("hand").contains(document.activeElement)) {
      $("play").focus();
    }
    $("play-title").textContent = message.title;
  } else if (message.type === "show") {
    $("state").replaceChildren(...message.lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
  } else if (message.type === "hand") {
    showHand(message);
  } else if (message.type === "keys") {
    showKeys(message.keys);
  } else if (message.type === "options") {
    // The program's options: its cue volume, and its language, which is the page's too.
    settings.cue_volume = message.cue_volume;
    if (message.language !== document.documentElement.lang) {
      const page = document.querySelector("a[hreflang]");
      if (page) location.replace(page.href);
    }
  } else if (message.type === "file") {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([message.text], { type: "application/json" }));
    link.download = message.name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } else if (message.type === "thinking") {
    clearTimeout(thinking);
    thinking = setTimeout(() => announcer.aside(word("thinking")), THINKING_MS);
  }
}

function showHand(message) {
  const cards = message.cards || [];
  // A card button pressed rebuilds the hand: focus stays on the card in the same place.
  const focused = [...$("hand").querySelectorAll("button")].indexOf(document.activeElement);
  $("hand-empty").hidden = cards.length > 0;
  $("hand").replaceChildren(...cards.map((card, index) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = card.name;
    button.setAttribute("aria-pressed", card.selected ? "true" : "false");
    if (index === message.cursor) button.setAttribute("aria-current", "true");
    button.addEventListener("click", () => {
      cues.start();
      announcer.newTurn();
      worker.postMessage({ type: "pick", index });
    });
    item.append(button);
    return item;
  }));
  if (focused >= 0) {
    const again = $("hand").querySelectorAll("button")[Math.min(focused, cards.length - 1)];
    (again || $("play")).focus();
  }
}

function showKeys(entries) {
  const fresh = JSON.stringify(entries);
  if (fresh === keys) return;
  keys = fresh;
  const focused = $("actions").contains(document.activeElement) ? document.activeElement.dataset.key : null;
  const old = [...$("actions").children];
  $("actions").append(...entries.filter((entry) => entry.button).map((entry, index) => {
    const button = document.createElement("button");
    button.type = "button";
    // "Space: turn up your card.": the key is the button's name, a word or two; what it does
    // is its description (both shown), as on the online page (table.js).
    const split = entry.label.indexOf(": ");
    if (split > 0) {
      const name = document.createElement("span");
      name.id = `action-${index}`;
      name.textContent = entry.label.slice(0, split);
      const what = document.createElement("span");
      what.id = `action-${index}-what`;
      what.textContent = entry.label.slice(split + 2);
      button.append(name, ": ", what);
      button.setAttribute("aria-labelledby", name.id);
      button.setAttribute("aria-describedby", what.id);
    } else {
      button.textContent = entry.label;
    }
    button.dataset.key = entry.key;
    button.addEventListener("click", () => press(entry.key));
    return button;
  }));
  // The button pressed stays focused when its key is still there; otherwise the focus goes
  // to the game region before the old buttons go, never to the page's body.
  if (focused !== null) {
    const same = [...$("actions").children].find((b) => !old.includes(b) && b.dataset.key === focused);
    (same || $("play")).focus();
  }
  for (const button of old) button.remove();
}

/** How long each key took to be answered (ms, the last 1000): the page's speed, for bench/. */
const answers = [];
let pressed = null;

function press(key) {
  cues.start();
  announcer.newTurn();
  pressed = performance.now();
  worker.postMessage({ type: "key", key });
}

worker.onmessage = (event) => {
  const message = event.data || {};
  if (message.type === "batch") {
    batches += 1;
    if (pressed !== null && message.batch.some((part) => part.type === "say" && part.text)) {
      answers.push(performance.now() - pressed);
      answers.splice(0, answers.length - 1000);
      pressed = null;
    }
    clearTimeout(thinking);
    // The loading's last words leave the echo (not said again: shown no longer).
    if (!started) $("echo").replaceChildren();
    for (const part of message.batch) present(part);
    if (!started) {
      started = true;
      clearInterval(telling);
      keepOffline();
      // Focus is in the game region from the start (below); given again only if the page
      // lost it without the player moving it (F6 or a click put it elsewhere: left there).
      if (document.activeElement === document.body || !document.activeElement) $("play").focus();
    }
  } else if (message.type === "progress") {
    loading = message;
  } else if (message.type === "ready") {
    window.audiogame.phases = message.phases;
    if (message.elsewhere) announcer.say(word("other_tab"));
    else if (!message.kept) announcer.say(word("not_kept"));
  } else if (message.type === "failed") {
    clearInterval(telling);
    const text = word(started ? "broke" : "failed", { reason: message.reason });
    if (!started) $("play-title").textContent = text;  // a game that plays keeps its name
    announcer.say(text, true);
  }
};
worker.onerror = (event) => {
  clearInterval(telling);
  announcer.say(word("failed", { reason: event.message || "" }), true);
};

// The game region has the focus before the page has finished loading, not once the program
// has started (seconds later): a screen reader that reads a page whole when it has loaded
// (Orca, NVDA, JAWS by default) does not start to when focus is already on a widget it
// interacts with (a list box: focus mode), and a focus given while it reads did not switch
// Orca to focus mode ("we're in SayAll"), so that the player's first keys moved Orca's
// reading instead of reaching the game (docs/screen-readers.md).
$("play").focus();
// "The first visit takes a few seconds" only where it is true: a later visit has every file.
$("play-title").textContent = word(later ? "loading_again" : "loading");
announcer.say(word(later ? "loading_again" : "loading"));
worker.postMessage({ type: "start", language: document.documentElement.lang });

/** How far the loading has got, from the worker (``phase``: download, python, program). */
let loading = { phase: "download", percent: null };
let told = "";
/** Never silent for long while loading: every few seconds, how far it has got. */
const telling = setInterval(() => {
  const { phase, percent } = loading;
  let text;
  if (phase === "download" && !later) text = word("downloading", { percent: percent ?? 0 });
  else text = word(phase === "program" ? "starting_game" : "starting_python");
  announcer.aside(text === told && phase !== "download" ? word("still_starting") : text);
  told = text;
}, PROGRESS_MS);

// F6 goes from the game to the page's other controls (the game files, the history, the
// options) and back: every other key of the game region is the program's, Tab included.
document.addEventListener("keydown", (event) => {
  if (event.key !== "F6" || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  if (event.target === $("play")) $("files-h").focus();
  else $("play").focus();
}, { capture: true });

$("play").addEventListener("keydown", (event) => {
  if (event.key === "F6") return;
  const key = programKey(event);
  if (key === null) return;
  event.preventDefault();
  // A key before the program has started is answered: the game is still loading.
  if (!started) announcer.aside(word("still_loading"));
  else press(key);
});
document.addEventListener("pointerdown", () => cues.start(), { capture: true });

$("export").addEventListener("click", () => {
  if (started) worker.postMessage({ type: "export" });
});
$("import").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file || !started) return;
  const data = await file.arrayBuffer();
  worker.postMessage({ type: "import", name: file.name, data }, [data]);
  event.target.value = "";
});

const options = $("options-form");
options.elements.voice.checked = settings.voice;
options.elements.rate.value = settings.rate;
options.elements.volume.value = settings.volume;
options.addEventListener("change", (event) => {
  const field = event.target;
  settings[field.name] = field.type === "checkbox" ? field.checked : Number(field.value);
  save();
  if (field.name === "voice") {
    if (field.checked && !voiceAvailable) announcer.say(word("no_voice"));
    else announcer.say(word(field.checked ? "voice_on" : "voice_off"));
  }
});

/** The service worker keeps every file for the next visits: registered once the game has
 * started, so that it reads the files this visit has just fetched from the browser's cache
 * instead of fetching them again beside the page (offline.js). */
function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("offline.js").then((registration) => {
    const fresh = !navigator.serviceWorker.controller;
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "activated" && fresh) announcer.aside(word("offline_ready"));
      });
    });
  }).catch(() => {});
}

window.audiogame = {
  announcer, cues, worker, program, answers, get batches() { return batches; },
};
