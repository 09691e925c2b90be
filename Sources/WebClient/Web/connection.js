// One WebSocket to the server, kept up: the handshake (challenge, authenticate, welcome),
// requests matched to their answers by id, and reconnecting with growing pauses after any
// drop. Events and error frames go to `onFrame`; `onState` hears "connecting", "online" and
// "offline".

const answers = new Set(["conversation", "conversations", "done", "accepted", "rejected", "synced"]);

export class Connection {
  constructor({ url, key, name, onFrame, onState, onWelcome }) {
    Object.assign(this, { url, key, name, onFrame, onState, onWelcome });
    this.waiting = new Map();
    this.pause = 500;
    this.socket = null;
    this.online = false;
    this.stopped = false;
    addEventListener("online", () => this.reconnectNow());
    // A laptop that slept holds a socket that looks open and is dead: a long gap between two
    // ticks of this timer means the page was asleep, so the connection is made again.
    let last = Date.now();
    setInterval(() => {
      if (Date.now() - last > 20000 && this.socket) this.socket.close();
      last = Date.now();
    }, 5000);
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  connect() {
    clearTimeout(this.retry);
    if (this.stopped) return;
    this.onState("connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onmessage = (message) => this.receive(socket, message.data);
    socket.onclose = (close) => this.dropped(socket, close);
    socket.onerror = () => {};
  }

  reconnectNow() {
    if (this.online || this.stopped) return;
    this.pause = 500;
    if (this.socket && this.socket.readyState === WebSocket.CONNECTING) return;
    this.connect();
  }

  dropped(socket, close) {
    if (socket !== this.socket) return;
    this.online = false;
    this.socket = null;
    for (const [, waiter] of this.waiting) waiter.reject(new Offline());
    this.waiting.clear();
    this.onState("offline", close.code === 1000 || close.code === 1001 || close.code === 1006 ? null : close.reason || `closed (${close.code})`);
    if (this.stopped) return;
    this.retry = setTimeout(() => this.connect(), this.pause);
    this.pause = Math.min(this.pause * 2, 15000);
  }

  async receive(socket, data) {
    let frame;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (frame.type === "challenge") {
      const signature = await this.key.sign("parley-auth-v1:" + frame.nonce);
      const hello = { type: "authenticate", v: 1, publicKey: this.key.publicKey, signature };
      const name = this.name();
      if (name) hello.name = name;
      socket.send(JSON.stringify(hello));
      return;
    }
    if (frame.type === "welcome") {
      this.online = true;
      this.pause = 500;
      this.onState("online");
      this.onWelcome(frame);
      return;
    }
    if (answers.has(frame.type) && this.waiting.has(frame.id)) {
      const waiter = this.waiting.get(frame.id);
      this.waiting.delete(frame.id);
      if (frame.type === "rejected") waiter.reject(new Refused(frame.error, frame.current));
      else waiter.resolve(frame);
      return;
    }
    this.onFrame(frame);
  }

  /** Sends `frame` with a new id, and answers its answer; throws `Refused` or `Offline`. */
  request(frame) {
    const id = frame.id ?? crypto.randomUUID();
    if (!this.online) return Promise.reject(new Offline());
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ ...frame, id }));
    });
  }

  /** Sends a frame that gets no answer (`ack`), when online. */
  tell(frame) {
    if (this.online) this.socket.send(JSON.stringify(frame));
  }

  /** Drops the connection as a lost network would (for the tests, and for "go offline"). */
  drop() {
    this.socket?.close();
  }
}

export class Refused extends Error {
  constructor(error, current) {
    super(error?.reason ?? "Refused.");
    this.code = error?.code;
    this.current = current;
  }
}

export class Offline extends Error {
  constructor() {
    super("Offline: the server cannot be reached now.");
  }
}
