// The page: wires the connection, the lobby, the table, the live regions, the cues and the keys.
// No game logic here: the server's presenter decides what is said, which cue plays where and
// what the table shows; the page sends keys and actions.
import { Announcer } from "./announce.js";
import { Cues } from "./cues.js";
import { gameKey, historyKey, pageKey } from "./keys.js";
import { createMessage, followGame, showTables } from "./lobby.js";
import { Connection, adoptSeat, stored } from "./net.js";
import { save, settings } from "./settings.js";
import { TableView } from "./table.js";
import { voiceAvailable } from "./voice.js";
import { word } from "./words.js";

const $ = (id) => document.getElementById(id);
const announcer = new Announcer($("history"), $("echo"));
const said = new Set();

/** Say a page word once only in this visit (sound on, no voice...). */
function once(key) {
  if (said.has(key)) return;
  said.add(key);
  announcer.say(word(key));
}

const cues = new Cues(once);
let view = "enter";
let refusal = "";

function status(text) {
  $("status").textContent = text;
}

const VIEWS = { enter: ["enter"], lobby: ["lobby", "create"], table: ["table"] };

/** How long the view left stays in the page once focus has moved to the new one, unless a key
 * or a touch comes first: a screen reader busy with earlier events may still hold the old
 * view's field as its place when it comes to the focus event, and if that field is gone by
 * then, Orca moves to the new view silently and says nothing of where the player is. */
const OLD_VIEW_MS = 1000;

/** Show view `name` and, if given, move focus to `element` in it: the new view is shown; once
 * it is in the accessibility tree it gets focus (focus given in the same task as `hidden` is
 * lifted reaches Chromium's tree first and a screen reader says nothing); the old view is
 * taken out of sight at once (nothing moves under a pointer) and out of the accessibility tree
 * at the player's next key or touch, or after OLD_VIEW_MS. Focus never falls to the page's
 * body on the way. */
function showView(name, element) {
  view = name;
  for (const id of VIEWS[name]) {
    $(id).hidden = false;
    $(id).classList.remove("visually-hidden");
  }
  const others = Object.entries(VIEWS).filter(([other]) => other !== name)
    .flatMap(([, ids]) => ids).map((id) => $(id));
  const hideOthers = () => {
    document.removeEventListener("keydown", hideOthers, true);
    document.removeEventListener("pointerdown", hideOthers, true);
    if (view !== name) return;
    for (const other of others) {
      other.hidden = true;
      other.classList.remove("visually-hidden");
    }
  };
  if (!element) {
    hideOthers();
    return;
  }
  for (const other of others) if (!other.hidden) other.classList.add("visually-hidden");
  requestAnimationFrame(() => setTimeout(() => {
    if (view === name && !element.closest("[hidden]")) element.focus();
    document.addEventListener("keydown", hideOthers, true);
    document.addEventListener("pointerdown", hideOthers, true);
    setTimeout(hideOthers, OLD_VIEW_MS);
  }, 0));
}

const connection = new Connection({
  welcome(message, back) {
    status(word("connected", { name: message.name }));
    if (back) announcer.say(word("reconnected"));
    else announcer.say(word("connected", { name: message.name }));
    if (!back && connection.sentToken) announcer.say(word("seat_kept"));
    if (!connection.token) {
      showView("lobby", $("lobby-h"));
      connection.send({ type: "list" });
    }
  },
  message: receive,
  unknown() {
    announcer.say(word("not_understood"));
  },
  lost() {
    status(word("reconnecting"));
    announcer.say(word("reconnecting"), true);
  },
  unreachable(seconds) {
    announcer.say(word("unreachable", { seconds }), true);
  },
  waiting(seconds) {
    status(word("unreachable", { seconds }));
  },
  replaced() {
    status(word("other_tab"));
    announcer.say(word("other_tab"), true);
  },
  refused() {
    status(refusal || word("refused"));
    showView("enter", $("name"));
  },
});

const table = new TableView({
  title: $("play-title"), heading: $("table-h"), seatLine: $("seat-line"), start: $("start"),
  state: $("state"), hand: $("hand"), handEmpty: $("hand-empty"), actions: $("actions"),
  gameKeys: $("game-keys"),
}, (message) => connection.send(message));

function receive(message) {
  switch (message.type) {
    case "say":
      if (message.record === false) announcer.aside(String(message.text ?? ""));
      else announcer.say(String(message.text ?? ""), Boolean(message.urgent));
      cues.play(message.cue, message.pan);
      break;
    case "cue":
      cues.play(message.cue, message.pan);
      break;
    case "show":
      table.show((message.lines || []).map(String));
      break;
    case "hand":
      table.hand(message);
      break;
    case "keys":
      table.keys(message.keys || []);
      break;
    case "lobby":
      showTables($("tables"), $("no-tables"), message.tables || [], (m) => connection.send(m));
      break;
    case "joined": {
      const fresh = view !== "table";
      table.joined(message);
      sendSeatOptions();
      showView("table", fresh ? $("play") : undefined);
      break;
    }
    case "started":
    case "dealt":
      table.started();
      if (document.activeElement === document.body || document.activeElement === $("start")) {
        $("play").focus();
      }
      break;
    case "left":
      table.clear();
      showView("lobby", $("lobby-h"));
      announcer.say(word("left_table"));
      connection.send({ type: "list" });
      break;
    case "error":
      if (view === "enter") refusal = String(message.message || message.code || "");
      announcer.say(word("server_error", { message: message.message || message.code }), true);
      if (view === "enter" || ["name_taken", "bad_name", "bad_password", "password_needed", "version"].includes(message.code)) {
        showView("enter");
      }
      if (message.code === "bad_token") connection.token = null;
      break;
    case "closing":
      if (message.reason === "idle") {
        // A table still to start where nobody did anything: gone, the player is in the lobby.
        table.clear();
        showView("lobby", $("lobby-h"));
        announcer.say(String(message.message || ""), true);
        connection.send({ type: "list" });
        break;
      }
      // "replaced" is said when the connection closes (the seat is played elsewhere).
      if (message.reason !== "replaced") {
        connection.expectClose = true;
        announcer.say(String(message.message || message.reason || ""), true);
      }
      break;
    default:
      // Values meant for other clients (the terminal's engine values) have nothing to say here.
      break;
  }
}

// ----- forms and buttons ------------------------------------------------------------------
$("name").value = stored("audiogame.name") || localStorage.getItem("audiogame.name") || "";
$("enter-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("name").value.trim();
  try { localStorage.setItem("audiogame.name", name); } catch { /* kept for this visit */ }
  status(word("connecting"));
  connection.open(name, $("password").value);
});
$("refresh").addEventListener("click", () => connection.send({ type: "list" }));
$("code-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = $("code").value.trim().toUpperCase();
  const how = event.submitter?.value === "watch" ? "watch" : "join";
  connection.send(how === "watch" ? { type: "watch", table: code } : { type: "join", table: code, seat: null });
});
const createForm = $("create-form");
createForm.addEventListener("change", () => followGame(createForm));
createForm.addEventListener("input", () => followGame(createForm));
followGame(createForm);
createForm.addEventListener("submit", (event) => {
  event.preventDefault();
  connection.send(createMessage(createForm));
});
$("start").addEventListener("click", () => connection.send({ type: "start" }));
$("who").addEventListener("click", () => connection.send({ type: "who" }));
$("leave").addEventListener("click", () => connection.send({ type: "leave" }));
$("help").addEventListener("click", () => openHelp());
$("keys-close").addEventListener("click", () => closeHelp());
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (text && connection.send({ type: "chat", text })) $("chat-text").value = "";
});

let helpReturn = null;
/** Where focus goes back to when the keys help or the rules close. */
function backTo() {
  return helpReturn && document.contains(helpReturn) && !$("pause").contains(helpReturn)
    && !helpReturn.closest("[hidden]") ? helpReturn : (view === "table" ? $("play") : $("main"));
}
function openHelp() {
  if ($("keys").hidden) helpReturn = document.activeElement;
  $("keys").hidden = false;
  $("keys-h").focus();
}
function closeHelp() {
  $("keys").hidden = true;
  backTo().focus();
}

// ----- the rules (F4) and the pause menu (Alt+M) ---------------------------------------------
const rules = JSON.parse($("rules-text").textContent);
function openRules() {
  const game = table.table?.game || createForm.elements.game.value;
  if ($("rules").hidden) helpReturn = document.activeElement;
  $("rules-h").textContent = word("rules_title", { game: word(game) });
  $("rules-body").replaceChildren(...(rules[game] || []).map((text) => {
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    return paragraph;
  }));
  $("rules").hidden = false;
  $("rules-h").focus();
}
function closeRules() {
  $("rules").hidden = true;
  backTo().focus();
}
// The pause menu is a dialog that keeps focus inside it but does not make the rest of the page
// inert: a modal dialog takes the history out of the accessibility tree and closing it puts it
// back, which a screen reader (Orca) hears as every message added again.
function openPause() {
  if ($("pause").open) return;
  helpReturn = document.activeElement;
  $("pause").show();
  $("pause-resume").focus();
}
document.addEventListener("focusin", (event) => {
  if ($("pause").open && !$("pause").contains(event.target)) $("pause-resume").focus();
});
function fromPause(then) {
  $("pause").close();
  then();
}
$("rules-button").addEventListener("click", () => openRules());
$("rules-close").addEventListener("click", () => closeRules());
$("pause-button").addEventListener("click", () => openPause());
$("pause-resume").addEventListener("click", () => fromPause(() => $("play").focus()));
$("pause-keys").addEventListener("click", () => fromPause(openHelp));
$("pause-rules").addEventListener("click", () => fromPause(openRules));
$("pause-options").addEventListener("click", () => fromPause(() => $("options-h").focus()));
$("pause-leave").addEventListener("click", () => fromPause(() => connection.send({ type: "leave" })));
// Escape closes the menu (the browser's own way): back to the game.
$("pause").addEventListener("close", () => {
  if (document.activeElement === document.body || !document.activeElement) $("play").focus();
});

// ----- options ----------------------------------------------------------------------------
const options = $("options-form");
options.elements.lang.value = document.documentElement.lang;
options.elements.voice.checked = settings.voice;
options.elements.rate.value = settings.rate;
options.elements.volume.value = settings.volume;
options.elements.cues.checked = settings.cues;
options.elements.cue_volume.value = settings.cue_volume;
options.elements.auto_pass.checked = settings.auto_pass;

// The player's own options of the table's game (the automatic pass at Cardavia), kept by the
// table for the seat: sent when the seat is taken and when they change.
function sendSeatOptions() {
  const offered = (table.table && table.table.player_options) || [];
  if (table.seat === null || table.seat === undefined) return;
  for (const name of offered) {
    if (name in settings) connection.send({ type: "seat_option", name, value: settings[name] });
  }
}
options.addEventListener("change", (event) => {
  const field = event.target;
  if (field.name === "lang") {
    location.search = `?lang=${encodeURIComponent(field.value)}`;
    return;
  }
  settings[field.name] = field.type === "checkbox" ? field.checked : Number(field.value);
  save();
  if (field.name === "voice") {
    if (field.checked && !voiceAvailable) announcer.say(word("no_voice"));
    else announcer.say(word(field.checked ? "voice_on" : "voice_off"));
  }
  if (field.name === "cues") announcer.say(word(field.checked ? "sound_on" : "sound_off"));
  if (field.name === "auto_pass") sendSeatOptions();
});

// ----- keys -------------------------------------------------------------------------------
function firstGesture() {
  cues.start();
}
document.addEventListener("pointerdown", firstGesture, { capture: true });

document.addEventListener("keydown", (event) => {
  firstGesture();
  const own = pageKey(event);
  // Who is here and the chat belong to the table: elsewhere F5 and F6 stay the browser's.
  if ((own === "who" || own === "chat") && view !== "table") return;
  if (own) {
    event.preventDefault();
    if ($("pause").open && (own === "help" || own === "rules")) $("pause").close();
    if (own === "help") openHelp();
    if (own === "repeat") announcer.repeat();
    if (own === "silence") announcer.silence();
    if (own === "rules") openRules();
    if (own === "pause" && view === "table") openPause();
    if (own === "who") connection.send({ type: "who" });
    if (own === "chat") {
      if ($("pause").open) $("pause").close();
      $("chat-text").focus();
    }
    return;
  }
  if (event.key === "Escape" && $("pause").open) {
    event.preventDefault();
    $("pause").close();
    return;
  }
  // Escape closes the keys help or the rules, wherever the focus is inside them.
  if (event.key === "Escape" && !$("keys").hidden && ($("keys").contains(event.target) || event.target === document.body)) {
    event.preventDefault();
    closeHelp();
    return;
  }
  if (event.key === "Escape" && !$("rules").hidden && ($("rules").contains(event.target) || event.target === document.body)) {
    event.preventDefault();
    closeRules();
    return;
  }
  if (event.target !== $("play")) return;
  const history = historyKey(event);
  if (history) {
    event.preventDefault();
    announcer.review(history);
    return;
  }
  if (event.key === "Escape") {
    // Out of the game region, to the buttons after it (inside it, Tab steps through plays).
    event.preventDefault();
    $("start").hidden ? $("who").focus() : $("start").focus();
    return;
  }
  const key = gameKey(event);
  if (key === null) return;
  event.preventDefault();
  announcer.newTurn();
  connection.key(key, event.repeat);
}, { capture: true });

// Back to the table straight away when this browser keeps a seat (a reload, a tab closed and
// opened again, the browser started again), within the table's grace period or after it.
// (A tab that already holds its seat, reloaded, does the same.)
adoptSeat(() => !connection.socket && !connection.welcomed).then((kept) => {
  if (!kept) return;
  $("name").value = kept.name || "";
  if (kept.elsewhere) {
    // The seat is played in another open tab: this one says so, and takes nothing from it.
    status(word("seat_elsewhere"));
    announcer.say(word("seat_elsewhere"));
    return;
  }
  status(word("connecting"));
  connection.open(kept.name, stored("audiogame.password"));
});
// The network is back: try at once, not at the next turn of the back-off.
window.addEventListener("online", () => connection.now());

window.audiogame = { connection, announcer, cues, table };
