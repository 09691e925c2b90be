// Playing someone: the form that asks for a game with a stranger (game, variant, time a move,
// rated or casual, the house bot if nobody comes), the wait that says what it waits for and
// for how long, and the seek made again when the connection comes back (a server takes an
// account's seeks back when its last connection closes, docs/PROTOCOL.md, Finding a game).

import { Refused } from "./connection.js";
import { h } from "./dom.js";

/** A time control in words: "5 minutes a move", "1 day a move". */
export function perMove(seconds) {
  const units = [[86400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]];
  const [size, unit] = units.find(([size]) => seconds % size === 0 && seconds >= size) ?? [1, "second"];
  const count = seconds / size;
  return `${count} ${unit}${count === 1 ? "" : "s"} a move`;
}

/** A wait in words: "0:12", "1:05:00". */
function clock(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const shown = `${minutes % 60}:${String(whole % 60).padStart(2, "0")}`;
  return minutes >= 60 ? `${Math.floor(minutes / 60)}:${shown.padStart(5, "0")}` : shown;
}

/** The waits for the house bot the form offers, in seconds; `null` waits for a person only. */
const houseBotWaits = [[null, "keep waiting for a person"], [0, "play the house bot at once"], [10, "the house bot after 10 seconds"],
  [30, "the house bot after 30 seconds"], [60, "the house bot after 1 minute"], [300, "the house bot after 5 minutes"]];

export class Seeking {
  /**
   * `games`: the catalog (`/client/games.json`); `timeControls`: the server's seconds a move;
   * `request(frame)`: sends a request and answers its answer; `onChange()`: something to draw;
   * `onPaired(summary)`: a seek was paired, with the new conversation's summary.
   */
  constructor({ games, timeControls, request, onChange, onPaired }) {
    Object.assign(this, { games, timeControls, request, onChange, onPaired });
    /** What is sought while it waits: `{ frame, since, ids }`, or null. */
    this.sought = null;
    /** Why the last seek was refused, shown in the form. */
    this.refusal = null;
    /** The form's choices, kept while the page lives. */
    this.choice = null;
  }

  /** The games and variants a seek may ask for: those that two can play. */
  get choices() {
    return this.games.flatMap((game) => game.variants
      .filter((variant) => variant.seats[0] <= 2 && variant.seats[1] >= 2)
      .map((variant) => ({ game, variant, key: `${game.id}/${variant.id}` })));
  }

  /** A game and variant by name: "Battleship (Classic)", or the game's name when it has one variant. */
  gameName(game, variant) {
    const entry = this.games.find((each) => each.id === game);
    const named = entry?.variants.find((each) => each.id === variant);
    return entry ? (entry.variants.length > 1 && named ? `${entry.name} (${named.name})` : entry.name) : game;
  }

  /** What a seek asks for, in words: "Four in a Row, 5 minutes a move, rated". */
  words(frame) {
    return `${this.gameName(frame.game, frame.variant)}, ${perMove(frame.secondsPerMove)}, ${frame.rated ? "rated" : "casual"}`;
  }

  /** Asks for a game; answers once it waits, is paired or is refused. */
  async seek(choice) {
    const frame = {
      type: "seek", id: crypto.randomUUID(), game: choice.game, variant: choice.variant,
      secondsPerMove: choice.secondsPerMove, rated: choice.rated,
    };
    if (choice.houseBotAfter !== null && choice.houseBotAfter !== undefined) frame.houseBotAfter = choice.houseBotAfter;
    this.refusal = null;
    this.sought = { frame, since: Date.now(), ids: new Set([frame.id]) };
    this.onChange();
    await this.send(frame);
  }

  /** Sends a seek; `again`: the one that waited before a drop, made again. */
  async send(frame, again = false) {
    try {
      const answer = await this.request(frame);
      // A seek paired at once may be answered by its conversation before its `done`.
      if (answer?.type === "conversation") this.take(answer);
    } catch (error) {
      // Another window of this account still seeks the same: its seek stands for this one too.
      if (again && error instanceof Refused && error.code === "already-seeking") return;
      if (this.sought?.ids.has(frame.id)) this.sought = null;
      this.refusal = error.message;
    } finally {
      this.onChange();
    }
  }

  /** Takes a `conversation` frame when it answers one of this page's seeks; answers whether it did. */
  take(frame) {
    if (frame.type !== "conversation" || !this.sought?.ids.has(frame.id)) return false;
    this.sought = null;
    this.onPaired(frame.conversation);
    this.onChange();
    return true;
  }

  /** Takes the seek back. */
  async cancel() {
    const sought = this.sought;
    if (!sought) return;
    this.sought = null;
    this.onChange();
    await this.request({ type: "unseek", seek: sought.frame.id }).catch(() => {});
  }

  /** After a new welcome: the seek that waited is made again (the server took it back at the drop). */
  reconnected() {
    if (!this.sought) return;
    const frame = { ...this.sought.frame, id: crypto.randomUUID() };
    this.sought.ids.add(frame.id);
    this.sought.frame = frame;
    this.send(frame, true);
  }

  /** The line that says what is sought and for how long, with Cancel; null while nothing is. */
  bar() {
    if (!this.sought) return null;
    return h("div", { class: "seeking row", role: "group", "aria-label": "Seeking a game" },
      h("span", { class: "waiting", role: "status" }, this.waitWords()),
      h("button", { type: "button", onclick: () => this.cancel() }, "Cancel"));
  }

  /** The wait in words, from the clock: what for, how long so far, when the bot comes. */
  waitWords(now = Date.now()) {
    const { frame, since } = this.sought;
    const waited = (now - since) / 1000;
    let words = `Seeking ${this.words(frame)}: waiting ${clock(waited)} for someone who seeks the same`;
    if (frame.houseBotAfter !== undefined) {
      const left = frame.houseBotAfter - waited;
      words += left > 0 ? ` · the house bot in ${clock(left)}` : " · the house bot is coming";
    }
    // The one rule that keeps two people who both wait apart.
    if (frame.rated && waited >= 15) words += " · a rated game never pairs two accounts connected from one address: seek a casual game to play someone beside you";
    return words;
  }

  /** The form that asks for a game. */
  form({ onCancel }) {
    const choices = this.choices;
    const kept = this.choice ?? {};
    const game = h("select", { id: "seek-game", "aria-label": "Game" },
      choices.map(({ game, variant, key }) => h("option", { value: key, selected: key === kept.key },
        game.variants.length > 1 ? `${game.name} (${variant.name})` : game.name)));
    const preferred = kept.secondsPerMove ?? (this.timeControls.includes(300) ? 300 : this.timeControls[0]);
    const time = h("select", { id: "seek-time", "aria-label": "Time a move" },
      this.timeControls.map((seconds) => h("option", { value: String(seconds), selected: seconds === preferred }, perMove(seconds))));
    const rated = h("input", { type: "checkbox", id: "seek-rated", checked: kept.rated ?? true });
    const bot = h("select", { id: "seek-bot", "aria-label": "If nobody comes" },
      houseBotWaits.map(([seconds, words]) => h("option", { value: seconds === null ? "" : String(seconds), selected: seconds === (kept.houseBotAfter === undefined ? 30 : kept.houseBotAfter) }, words)));
    const botRow = h("label", { class: "row" }, "If nobody comes: ", bot);
    const ladder = h("a", { id: "seek-ladder", target: "_blank", rel: "noopener" }, "Its ladder");
    const chosen = () => choices.find((each) => each.key === game.value) ?? choices[0];
    const follow = () => {
      const { game: entry, variant } = chosen();
      botRow.hidden = !entry.houseBot;
      ladder.href = `/leaderboard/${encodeURIComponent(entry.id)}?variant=${encodeURIComponent(variant.id)}`;
      ladder.textContent = `Ladder: ${entry.name}${entry.variants.length > 1 ? ` (${variant.name})` : ""}`;
    };
    game.addEventListener("change", follow);
    follow();
    // The choices outlive the form, which is drawn again with each event.
    const keep = () => {
      const houseBotAfter = bot.value === "" ? null : Number(bot.value);
      this.choice = { key: game.value, secondsPerMove: Number(time.value), rated: rated.checked, houseBotAfter };
    };
    const form = h("form", {
      class: "panel", "data-panel": "seek", "aria-label": "Play someone",
      onchange: keep,
      onsubmit: (event) => {
        event.preventDefault();
        keep();
        const { game: entry, variant } = chosen();
        const houseBotAfter = entry.houseBot && bot.value !== "" ? Number(bot.value) : null;
        this.seek({ game: entry.id, variant: variant.id, secondsPerMove: Number(time.value), rated: rated.checked, houseBotAfter });
      },
    },
    h("h2", {}, "Play someone"),
    h("p", { class: "notice" }, "A game with whoever else asks for the same now: the server pairs you by rating."),
    h("label", { class: "row" }, "Game: ", game),
    h("label", { class: "row" }, "Time: ", time),
    h("label", { class: "row" }, rated, " Rated: the game counts for your rating"),
    botRow,
    this.refusal ? h("p", { class: "refusal", role: "alert" }, this.refusal) : null,
    h("div", { class: "row" },
      h("button", { class: "primary", type: "submit", disabled: this.sought !== null }, this.sought ? "Seeking…" : "Play"),
      h("button", { type: "button", class: "quiet", onclick: onCancel }, "Close"),
      ladder));
    return form;
  }
}
