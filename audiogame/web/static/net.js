// The one WebSocket to the server, on the page's own host and port. It reconnects on its own
// after a drop (with the seat's token, kept in this tab's session storage), and says so once.
// The seat is also kept in the browser's local storage for a while, so that a tab closed and
// opened again, or a browser started again, takes it back (adoptSeat) unless another open tab
// plays it; the password is kept for this tab only.
const VERSION = 1;
const TOKEN = "audiogame.token";
const SEAT = "audiogame.seat";
const NAME = "audiogame.name";
const PASSWORD = "audiogame.password";
const DELAYS = [1, 1, 2];
const KEPT_FOR = 12 * 3600 * 1000;
const ALIVE_EVERY = 2000;
const TAB = Math.random().toString(36).slice(2);
const MAX_KEYS_PER_SECOND = 15;

export function stored(key) {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // No session storage: a drop costs the seat after the grace period, nothing else.
  }
}

/** The seat kept in this browser, ``{token, name, table, expires, tab, alive}``, or null
 * (none, or expired). */
function keptSeat() {
  try {
    const seat = JSON.parse(localStorage.getItem(SEAT) || "null");
    if (seat && typeof seat.token === "string" && typeof seat.name === "string"
        && typeof seat.expires === "number" && seat.expires > Date.now()) return seat;
    localStorage.removeItem(SEAT);
  } catch {
    // Nothing kept, or a browser that keeps nothing.
  }
  return null;
}

function keepSeat(seat) {
  try {
    if (seat === null) localStorage.removeItem(SEAT);
    else localStorage.setItem(SEAT, JSON.stringify(seat));
  } catch {
    // A browser that keeps nothing: the seat comes back within this tab only.
  }
}

/** This tab holds the kept seat and is open: say so now and then (for browsers without
 * BroadcastChannel, where the mark is all a new tab can go by); a closed tab says at once that
 * it no longer holds it. */
function stillHere(open) {
  const seat = keptSeat();
  if (seat && seat.tab === TAB && seat.token === stored(TOKEN)) {
    keepSeat({ ...seat, alive: open ? Date.now() : 0 });
  }
}
setInterval(() => stillHere(true), ALIVE_EVERY);
addEventListener("pagehide", () => stillHere(false));

// The tabs of this browser answer a tab opened afresh that asks who plays the kept seat: only a
// tab that is open can answer, so a tab closed (or a browser that quit without a word) never
// counts as open, whatever its last mark says.
const ASK_FOR = 300;
const tabs = typeof BroadcastChannel === "function" ? new BroadcastChannel("audiogame.seat") : null;
if (tabs) {
  tabs.addEventListener("message", (event) => {
    const asked = event.data || {};
    if (asked.type === "who_plays" && asked.token && asked.token === stored(TOKEN)) {
      tabs.postMessage({ type: "i_play", token: asked.token, ask: asked.ask });
    }
  });
}

/** Whether another open tab of this browser plays the seat of ``token``. */
function playedElsewhere(seat) {
  if (!tabs) return Promise.resolve(Date.now() - (seat.alive || 0) < 2 * ALIVE_EVERY);
  return new Promise((resolve) => {
    const ask = Math.random().toString(36).slice(2);
    const answer = (event) => {
      const said = event.data || {};
      if (said.type === "i_play" && said.ask === ask) done(true);
    };
    const done = (played) => {
      clearTimeout(timer);
      tabs.removeEventListener("message", answer);
      resolve(played);
    };
    const timer = setTimeout(() => done(false), ASK_FOR);
    tabs.addEventListener("message", answer);
    tabs.postMessage({ type: "who_plays", token: seat.token, ask });
  });
}

/** A page opened afresh (a tab closed and opened again, the browser started again): the seat
 * kept in this browser becomes this tab's, unless another open tab plays it. Resolves to
 * ``{name}`` (the seat is this tab's now), ``{name, elsewhere: true}`` (another tab plays it)
 * or null (no seat kept, or ``wanted()`` false once the other tabs had their time to answer). */
export async function adoptSeat(wanted = () => true) {
  if (stored(TOKEN)) return { name: stored(NAME) };
  const seat = keptSeat();
  if (!seat) return null;
  if (await playedElsewhere(seat)) return { name: seat.name, elsewhere: true };
  if (!wanted()) return null;  // the player came in by the form meanwhile
  store(TOKEN, seat.token);
  store(NAME, seat.name);
  keepSeat({ ...seat, tab: TAB, alive: Date.now() });
  return { name: seat.name };
}

export class Connection {
  constructor(handlers) {
    this.handlers = handlers;
    this.socket = null;
    this.name = stored(NAME);
    this.password = stored(PASSWORD);
    this.table = null;
    this.failures = 0;
    this.timer = null;
    this.stopped = false;
    this.welcomed = false;
    this.lost = false;
    this.sent = [];
  }

  get token() {
    return stored(TOKEN);
  }

  set token(value) {
    const mine = keptSeat()?.token === stored(TOKEN);
    store(TOKEN, value);
    if (value !== null) {
      keepSeat({ token: value, name: this.name, table: this.table, tab: TAB, alive: Date.now(),
        expires: Date.now() + KEPT_FOR });
    } else if (mine) {
      keepSeat(null);
    }
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/`;
  }

  open(name, password) {
    this.name = name;
    this.password = password || null;
    store(NAME, name);
    store(PASSWORD, this.password);
    this.stopped = false;
    this.connect();
  }

  connect() {
    clearTimeout(this.timer);
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    this.welcomed = false;
    this.refusal = null;
    socket.addEventListener("open", () => {
      this.failures = 0;
      this.sentToken = this.token;
      this.send({
        type: "hello", version: VERSION, name: this.name, password: this.password,
        token: this.sentToken, client: "browser", lang: document.documentElement.lang,
      });
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => this.closed(socket, event));
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      message = null;
    }
    if (!message || typeof message !== "object" || typeof message.type !== "string") {
      this.handlers.unknown(data);
      return;
    }
    if (message.type === "welcome") {
      this.welcomed = true;
      if (message.name) this.name = message.name;
      const back = this.lost;
      this.lost = false;
      this.handlers.welcome(message, back);
      return;
    }
    if (message.type === "error" && !this.welcomed) {
      this.refusal = message.code || "refused";
      if (message.code === "bad_token") this.token = null;
    }
    if (message.type === "joined" && message.token) {
      this.table = message.table?.id ?? null;
      this.token = message.token;
    }
    if (message.type === "left" || (message.type === "closing" && message.reason === "idle")) {
      this.token = null;
    }
    this.handlers.message(message);
  }

  closed(socket, event) {
    if (socket !== this.socket) return;
    this.socket = null;
    if (this.stopped) return;
    const reason = event.reason || "";
    if (reason === "replaced" || reason === "other_tab") {
      this.stopped = true;
      this.handlers.replaced();
      return;
    }
    if (!this.welcomed && this.refusal === "bad_token") {
      // The seat is gone (the table ended): come in again without it.
      this.refusal = null;
      this.connect();
      return;
    }
    if (!this.welcomed && this.refusal) {
      // Refused at the door (a name taken, a wrong password): the page said why.
      this.stopped = true;
      this.refusal = null;
      this.handlers.refused(event);
      return;
    }
    if (this.welcomed && !this.lost) {
      this.lost = true;
      // A server that said it is stopping has been heard already: say nothing twice.
      if (!this.expectClose) this.handlers.lost();
    }
    this.expectClose = false;
    this.retry();
  }

  /** The network is back (the browser says so): try at once rather than at the next turn. */
  now() {
    if (this.stopped || this.socket || this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.connect();
  }

  retry() {
    const seconds = DELAYS[Math.min(this.failures, DELAYS.length - 1)];
    if (this.failures === 0 && !this.lost) this.handlers.unreachable(seconds);
    this.failures += 1;
    this.handlers.waiting(seconds);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, seconds * 1000);
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** A game key. A key held down repeats faster than the server takes keys from one
   * connection: repeats over the limit are left out (the last one heard says where it stopped);
   * a key pressed is always sent. */
  key(name, repeat = false) {
    const now = performance.now();
    this.sent = this.sent.filter((time) => now - time < 1000);
    if (repeat && this.sent.length >= MAX_KEYS_PER_SECOND) return false;
    this.sent.push(now);
    return this.send({ type: "key", key: name });
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close(1000, "bye");
  }
}
