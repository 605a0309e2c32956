// The one WebSocket to the server, on the page's own host and port. It reconnects on its own
// after a drop (with the seat's token, kept in this tab's session storage), and says so once.
const VERSION = 1;
const TOKEN = "audiogame.token";
const NAME = "audiogame.name";
const DELAYS = [1, 2, 4, 8, 15];
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

export class Connection {
  constructor(handlers) {
    this.handlers = handlers;
    this.socket = null;
    this.name = stored(NAME);
    this.password = null;
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
    store(TOKEN, value);
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/`;
  }

  open(name, password) {
    this.name = name;
    this.password = password || null;
    store(NAME, name);
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
      this.send({
        type: "hello", version: VERSION, name: this.name, password: this.password,
        token: this.token, client: "browser", lang: document.documentElement.lang,
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
      const back = this.lost;
      this.lost = false;
      this.handlers.welcome(message, back);
      return;
    }
    if (message.type === "error" && !this.welcomed) {
      this.refusal = message.code || "refused";
      if (message.code === "bad_token") this.token = null;
    }
    if (message.type === "joined" && message.token) this.token = message.token;
    if (message.type === "left") this.token = null;
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

  retry() {
    const seconds = DELAYS[Math.min(this.failures, DELAYS.length - 1)];
    if (this.failures === 0 && !this.lost) this.handlers.unreachable(seconds);
    this.failures += 1;
    this.handlers.waiting(seconds);
    this.timer = setTimeout(() => this.connect(), seconds * 1000);
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
