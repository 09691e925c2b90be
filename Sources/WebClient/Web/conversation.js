// One conversation as this browser holds it: its members, its events in order (each handled
// once: only the next `seq` is taken, docs/PROTOCOL.md, Events), and its games' sessions.

export class Conversation {
  constructor(summary) {
    this.id = summary.conversation;
    this.handled = 0;
    this.events = [];
    this.sessions = new Map();
    this.names = new Map();
    this.update(summary);
  }

  /** Takes a `conversation` frame's summary: invites, who you are, the members now. */
  update(summary) {
    this.invite = summary.invite;
    this.watchInvite = summary.watchInvite ?? null;
    this.you = summary.you;
    this.lastSeq = Math.max(this.lastSeq ?? 0, summary.lastSeq ?? 0);
    this.members = new Map(summary.members.map((member) => [member.id, member]));
    for (const member of summary.members) if (member.name) this.names.set(member.id, member.name);
  }

  get watching() {
    return this.members.get(this.you)?.role === "spectator";
  }

  /** A participant's name as this viewer knows it. */
  nameOf(id) {
    if (id === this.you) return "you";
    return this.names.get(id) ?? "someone";
  }

  /** `$<UUID>` tokens replaced by the names they stand for; "You" where a sentence begins. */
  words(text) {
    const whole = String(text ?? "");
    return whole.replace(/\$([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})/g, (_, id, offset) => {
      const name = this.nameOf(id.toUpperCase());
      const startsSentence = offset === 0 || /[.!?]\s+$/.test(whole.slice(0, offset));
      return startsSentence && name === "you" ? "You" : name;
    });
  }

  /** How many play here: the members who do not watch. */
  get playerCount() {
    return [...this.members.values()].filter((member) => member.role !== "spectator").length;
  }

  /** The members who joined to watch, by name. */
  get spectators() {
    return [...this.members.values()].filter((member) => member.role === "spectator");
  }

  /** Takes an event when it is the next one; answers whether it did. */
  take(event) {
    if (event.seq !== this.handled + 1) return false;
    this.handled = event.seq;
    this.lastSeq = Math.max(this.lastSeq, event.seq);
    this.events.push(event);
    const participant = event.participant;
    if (participant?.name) this.names.set(participant.id, participant.name);
    if (event.kind === "joined" && participant) this.members.set(participant.id, participant);
    if ((event.kind === "left" || event.kind === "removed") && participant) this.members.delete(participant.id);
    if (event.kind === "renamed" && participant && this.members.has(participant.id)) {
      this.members.set(participant.id, { ...this.members.get(participant.id), name: participant.name });
    }
    if (event.status) {
      const id = event.status.session;
      const session = this.sessions.get(id) ?? { id, game: event.status.game, variant: event.status.variant, messages: [], seats: [], reveal: null };
      this.sessions.set(id, session);
      session.status = event.status;
      session.lastEvent = event;
      if (event.kind === "message") {
        session.messages.push(event);
        if (!session.seats.includes(event.message.sender)) session.seats.push(event.message.sender);
      }
      if (event.reveal) session.reveal = event;
    }
    return true;
  }

  /** The viewer's seat in a session: players take seats in the order of their first moves. */
  seat(session) {
    const index = session.seats.indexOf(this.you);
    return index < 0 ? null : index;
  }

  /** Whether the viewer may move in a session now. */
  mayMove(session) {
    const status = session.status;
    if (!status || status.outcome.finished || this.watching) return false;
    const listed = status.turn.participants.includes(this.you);
    switch (status.turn.kind) {
      case "player":
        return listed;
      case "anyoneExcept":
        return !listed;
      case "anyone":
        return true;
      default:
        return false;
    }
  }

  /** The sessions still played where the viewer may move. */
  get yourTurns() {
    return [...this.sessions.values()].filter((session) => this.mayMove(session));
  }

  /** Who moves next in a session, in words. */
  turnWords(session) {
    const status = session.status;
    if (status.outcome.finished) {
      const winners = status.outcome.winners.map((id) => this.nameOf(id));
      if (winners.length === 0) return "Game over";
      return winners.includes("you") ? "Game over: you won" : `Game over: ${winners.join(" and ")} won`;
    }
    // "Anyone may move" between two is the viewer or the other: said only in a group.
    if (this.mayMove(session)) return status.turn.kind === "player" || this.playerCount <= 2 ? "Your turn" : "Your turn (anyone may move)";
    switch (status.turn.kind) {
      case "player":
        return `Waiting for ${status.turn.participants.map((id) => this.nameOf(id)).join(" and ")}`;
      case "anyoneExcept": {
        // Between two players, "anyone but you" is the other one.
        const others = [...this.members.values()].filter((member) => member.role !== "spectator" && !status.turn.participants.includes(member.id));
        if (others.length === 1 && status.turn.participants.includes(this.you)) return `Waiting for ${this.nameOf(others[0].id)}`;
        return `Anyone but ${status.turn.participants.map((id) => this.nameOf(id)).join(" and ")} may move`;
      }
      default:
        return "Anyone may move";
    }
  }

  /** The game the server paired this conversation's players for (a `paired` event's `pairing`), or null. */
  get pairing() {
    return this.events.find((event) => event.kind === "paired")?.pairing ?? null;
  }

  /**
   * A player's rating in the conversation's rated game, `{ rating, provisional }`: the newest
   * `rated` event's `after`, else the pairing's; null when neither names them.
   */
  ratingOf(id) {
    for (let index = this.events.length - 1; index >= 0; index -= 1) {
      const event = this.events[index];
      if (event.kind === "rated") {
        const rating = event.ratings?.find((each) => each.participant === id);
        if (rating) return rating.after;
      }
      if (event.kind === "paired") {
        const seat = event.pairing.players.indexOf(id);
        return seat >= 0 ? event.pairing.ratings?.[seat] ?? null : null;
      }
    }
    return null;
  }

  /** The conversation's title: the other members' names. */
  get title() {
    const others = [...this.members.values()].filter((member) => member.id !== this.you && member.role !== "spectator");
    if (others.length === 0) return "Just you";
    return others.map((member) => member.name ?? "someone").join(", ");
  }

  /** The newest game's session, which tells one conversation with the same people from another. */
  get newestSession() {
    const sessions = [...this.sessions.values()];
    return sessions[sessions.length - 1] ?? null;
  }

  /** The export of a session's game, as `parley verify` and `parley replay` read it (JSON lines). */
  exportLines(session) {
    const summary = {
      conversation: this.id, invite: "", you: this.you, lastSeq: this.lastSeq,
      members: [...this.members.values()],
    };
    const events = this.events.filter((event) => event.status?.session === session.id && (event.kind === "message" || event.reveal));
    return [{ type: "conversation", id: "export", conversation: summary }, ...events.map((event) => ({ type: "event", ...event }))]
      .map((frame) => JSON.stringify(frame))
      .join("\n") + "\n";
  }
}
