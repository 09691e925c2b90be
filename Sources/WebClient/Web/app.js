// The web client: what `parley play` does, in a page. It keeps the install key, the
// conversations and their events, sends moves (keeping them while offline), checks every game
// message, and draws it all with game presentations it loads from the server.

import { hex, sha256, utf8 } from "./bytes.js";
import { Connection, Offline, Refused } from "./connection.js";
import { Conversation } from "./conversation.js";
import { clear, h, neutralised, svg } from "./dom.js";
import { queryOf, stateItemsOf } from "./items.js";
import { installKey } from "./keys.js";
import { perMove, Seeking } from "./seeking.js";
import { everything, read, remove, write } from "./store.js";
import { serverKey, Witness } from "./verify.js";

const state = {
  games: [],
  modules: new Map(),
  loaded: new Map(),
  drawings: new Map(),
  conversations: new Map(),
  witnesses: new Map(),
  checks: new Map(),
  failures: [],
  pending: new Map(),
  inFlight: new Set(),
  refusals: new Map(),
  notices: new Map(),
  panels: new Map(),
  replays: new Map(),
  stickers: new Map(),
  current: null,
  name: null,
  account: null,
  profile: null,
  nameRefusal: null,
  online: false,
  connectionWords: "Connecting…",
};

const main = document.getElementById("main");
const connectionBadge = document.getElementById("connection");
const youButton = document.getElementById("you");
const alarm = document.getElementById("alarm");
const announcer = document.getElementById("announcer");
const seekingBar = document.getElementById("seeking");
const youMenu = document.getElementById("you-menu");

// ---------------------------------------------------------------- start

async function start() {
  const [games, matchmaking, key, name, chainKey, pending, current] = await Promise.all([
    fetch("/client/games.json").then((answer) => answer.json()),
    fetch("/client/matchmaking.json").then((answer) => answer.json()).catch(() => ({ timeControls: [] })),
    installKey(),
    read("settings", "name"),
    serverKey().catch(() => null),
    everything("pending"),
    read("settings", "current"),
  ]);
  // Come back to the conversation that was open, once the list says it is still yours.
  state.returningTo = current ?? null;
  forgetOldDrafts();
  Object.assign(state, { games, key, name: name ?? null, chainKey });
  for (const [id, frame] of pending) state.pending.set(id, frame);
  state.seeking = new Seeking({
    games,
    timeControls: matchmaking.timeControls ?? [],
    request: (frame) => state.connection.request(frame),
    onChange: render,
    onPaired: paired,
  });
  state.connection = new Connection({
    url: `wss://${location.host}/ws`,
    key,
    name: () => state.name,
    onFrame: received,
    onState: connectionChanged,
    onWelcome: (welcome) => {
      state.account = welcome.account;
      state.seeking.reconnected();
      synchronise().catch(report);
    },
  });
  youButton.addEventListener("click", () => openYou());
  // Only the conversation and the list scroll: the page itself never does, whatever the focus.
  addEventListener("scroll", () => {
    if (document.scrollingElement.scrollTop !== 0) document.scrollingElement.scrollTop = 0;
  });
  // A pairing made while the page was hidden is named in its title until it is seen.
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) document.title = "Parley";
  });
  state.connection.start();
  setInterval(tick, 1000);
  globalThis.parleyClient = { state, drop: () => state.connection.drop() };
  render();
}

function report(error) {
  console.error(error);
  if (!(error instanceof Offline)) showNotice(state.current, error.message);
}

function connectionChanged(kind, reason) {
  state.online = kind === "online";
  state.connectionWords = { connecting: "Connecting…", online: "Online", offline: "Offline: reconnecting…" }[kind];
  if (reason) state.connectionWords += ` (${reason})`;
  render();
}

// ---------------------------------------------------------------- keeping in step

/** After each welcome: the list of conversations, then every one resumed from its last event. */
async function synchronise() {
  const listed = [];
  let after;
  do {
    const page = await state.connection.request({ type: "list", ...(after ? { after } : {}) });
    listed.push(...page.conversations);
    after = page.next;
  } while (after);
  const ids = new Set(listed.map((summary) => summary.conversation));
  for (const id of [...state.conversations.keys()]) if (!ids.has(id)) forget(id);
  for (const summary of listed) adopt(summary);
  if (state.returningTo && state.current === null && state.conversations.has(state.returningTo)) state.current = state.returningTo;
  state.returningTo = null;
  render();
  // A server holds at most 16 replays for one connection at once: eight at a time.
  const waiting = listed.map((summary) => state.conversations.get(summary.conversation));
  await Promise.all(Array.from({ length: Math.min(8, waiting.length) }, async () => {
    while (waiting.length > 0) await resume(waiting.shift());
  }));
}

let relisting = null;

/** Lists the conversations again soon: an event came for one this page does not know yet. */
function relistSoon() {
  relisting ??= setTimeout(() => {
    relisting = null;
    if (state.online) synchronise().catch(report);
  }, 300);
}

function adopt(summary) {
  const known = state.conversations.get(summary.conversation);
  if (known) {
    known.update(summary);
    return known;
  }
  const conversation = new Conversation(summary);
  state.conversations.set(conversation.id, conversation);
  state.witnesses.set(conversation.id, new Witness(state.chainKey, boardsOf));
  conversation.checking = Promise.resolve();
  return conversation;
}

function forget(id) {
  state.conversations.delete(id);
  state.witnesses.delete(id);
  if (state.current === id) state.current = null;
}

async function resume(conversation) {
  let synced;
  for (let attempt = 0; !synced; attempt += 1) {
    try {
      synced = await state.connection.request({ type: "resume", conversation: conversation.id, after: conversation.handled });
    } catch (error) {
      // A busy server, or a store away for a moment: asked again a little later.
      if (!(error instanceof Refused) || !["rate-limited", "unavailable"].includes(error.code) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * (attempt + 1)));
    }
  }
  conversation.synced = true;
  if (conversation.handled > 0) state.connection.tell({ type: "ack", conversation: conversation.id, seq: conversation.handled });
  render();
  // Moves kept while offline go now: sent again with the same id, each is applied once.
  for (const [id, frame] of state.pending) if (frame.conversation === conversation.id) deliver(id, frame);
  return synced;
}

function received(frame) {
  if (globalThis.parleyTestSeams?.inbound) frame = globalThis.parleyTestSeams.inbound(frame);
  if (frame.type === "event") {
    const conversation = state.conversations.get(frame.conversation);
    // One made or joined by another window or device of this account.
    if (!conversation) return relistSoon();
    if (!conversation.take(frame)) return;
    if (frame.kind === "removed" && frame.participant?.id === conversation.you) {
      showNotice(null, "The server's operator took you out of a conversation.");
      forget(conversation.id);
    }
    announce(conversation, frame);
    if (frame.kind === "message") check(conversation, frame, frame.message.url, frame.status.variant);
    if (frame.reveal) check(conversation, frame, frame.reveal, frame.status.variant, true);
    if (conversation.handled % 20 === 0) state.connection.tell({ type: "ack", conversation: conversation.id, seq: conversation.handled });
    render();
  } else if (frame.type === "conversation") {
    state.seeking.take(frame);
  } else if (frame.type === "error") {
    showNotice(state.current, frame.reason);
  }
}

/** A seek paired: its conversation opens, as one just joined does. */
function paired(summary) {
  if (document.hidden) document.title = "Paired: your game is ready · Parley";
  state.panels.delete("");
  opened(summary).catch(report);
}

/**
 * A new event read out by a screen reader: a game message by its accessibility label, anything
 * else as the transcript words it. Events replayed by a resume are not read out.
 */
function announce(conversation, event) {
  if (!conversation.synced) return;
  const message = event.message;
  const words = message
    ? messageWords(conversation, message, event.status?.game, message.accessibilityLabel ?? message.summaryText ?? message.layout?.caption ?? "")
    : eventNode(conversation, event)?.textContent;
  if (words) announcer.textContent = `${conversation.title}: ${words}`;
}

// ---------------------------------------------------------------- checks

async function moduleOf(game) {
  if (!state.modules.has(game)) {
    const entry = state.games.find((each) => each.id === game);
    const loading = entry?.web ? import(`/client/games/${encodeURIComponent(game)}.js`).then((loaded) => loaded.default) : Promise.resolve(null);
    state.modules.set(game, loading);
    loading.then((module) => {
      state.loaded.set(game, module);
      render();
    }, (error) => {
      state.loaded.set(game, null);
      showNotice(null, `The presentation of ${game} did not load (${error.message}): its games are shown as plain items.`);
    });
  }
  return state.modules.get(game);
}

/** A game's presentation once loaded (`null` for a game without one); `undefined` while loading. */
function loadedModule(game) {
  if (!state.loaded.has(game)) moduleOf(game);
  return state.loaded.get(game);
}

async function boardsOf(game, items, variant) {
  const module = await moduleOf(game);
  return module?.hiddenBoards ? module.hiddenBoards(items, variant) : null;
}

function check(conversation, event, url, variant, reveal = false) {
  const witness = state.witnesses.get(conversation.id);
  const key = `${conversation.id}/${event.seq}${reveal ? "/reveal" : ""}`;
  conversation.checking = conversation.checking.then(async () => {
    try {
      state.checks.set(key, { result: await witness.check(url, variant) });
    } catch (failure) {
      const number = reveal ? "reveal" : `message #${event.seq}`;
      const words = `The server's ${number} FAILED the check: ${failure.message}`;
      state.checks.set(key, { result: "failed", words });
      state.failures.push({ conversation: conversation.id, words });
    }
    render();
  });
}

// ---------------------------------------------------------------- sending

function newestMessage(session) {
  return session.messages[session.messages.length - 1];
}

/** Proposes `items` as the next state of `session`, or as a new game's first when it is null. */
function propose(conversation, { game, variant, session, secondsPerMove }, items) {
  const frame = {
    type: "send",
    id: crypto.randomUUID(),
    conversation: conversation.id,
    game,
    url: `${location.origin}/g/${encodeURIComponent(game)}${queryOf(items)}`,
  };
  if (session) {
    frame.session = session.id;
    frame.basedOn = newestMessage(session).seq;
  } else {
    frame.variant = variant;
    if (secondsPerMove) frame.secondsPerMove = secondsPerMove;
    state.panels.delete(conversation.id);
  }
  state.pending.set(frame.id, frame);
  write("pending", frame.id, frame).catch(() => {});
  state.refusals.delete(conversation.id);
  render();
  return deliver(frame.id, frame);
}

/**
 * Sends a kept move; answers `{ accepted: true }`, `{ accepted: false, reason }` when the server
 * refused it, or `{ accepted: false, pending: true }` when it waits to be sent again.
 */
async function deliver(id, frame) {
  if (state.inFlight.has(id) || !state.online) return { accepted: false, pending: true };
  state.inFlight.add(id);
  try {
    await state.connection.request(frame);
    settle(id);
    return { accepted: true };
  } catch (error) {
    if (error instanceof Refused) {
      settle(id);
      const reason = error.code === "stale" ? `Someone moved first: ${error.message}` : error.message;
      state.refusals.set(frame.conversation, reason);
      return { accepted: false, reason };
    }
    if (!(error instanceof Offline)) report(error);
    return { accepted: false, pending: true };
  } finally {
    state.inFlight.delete(id);
    render();
  }
}

function settle(id) {
  state.pending.delete(id);
  remove("pending", id).catch(() => {});
}

/** A request that is not sent again after a drop (a chat, a resignation): said when it fails. */
async function ask(conversation, frame) {
  try {
    const answer = await state.connection.request(frame);
    state.refusals.delete(conversation?.id);
    return answer;
  } catch (error) {
    const words = error instanceof Offline ? "Not sent: you are offline. Try again when you are back." : error.message;
    if (conversation) state.refusals.set(conversation.id, words);
    else showNotice(null, words);
    render();
    return null;
  }
}

async function createConversation() {
  const answer = await ask(null, { type: "create" });
  if (answer) await opened(answer.conversation);
}

async function joinConversation(invite) {
  const answer = await ask(null, { type: "join", invite });
  if (answer) await opened(answer.conversation);
}

async function opened(summary) {
  const conversation = adopt(summary);
  state.current = conversation.id;
  render();
  await resume(conversation).catch(report);
}

async function leave(conversation) {
  const answer = await ask(conversation, { type: "leave", conversation: conversation.id });
  if (answer) {
    forget(conversation.id);
    render();
  }
}

/** Gives the name; a refusal is said beside the name's form, which stays open. */
async function rename(name) {
  const first = !state.name;
  try {
    await state.connection.request({ type: "rename", name });
  } catch (error) {
    state.nameRefusal = error instanceof Offline ? "Not saved: you are offline. Try again when you are back." : error.message;
    render();
    return;
  }
  state.nameRefusal = null;
  state.name = name.trim();
  if (state.panels.get("")?.kind === "name") state.panels.delete("");
  await write("settings", "name", state.name);
  if (!first) showNotice(null, `Your name is now ${state.name}.`);
  render();
}

/** Your name's menu: the name, and your ratings read from your profile. */
function openYou() {
  if (state.panels.get("")?.kind === "name" && state.name) {
    state.panels.delete("");
    render();
    return;
  }
  state.nameRefusal = null;
  openPanel(null, { kind: "name" });
  if (!state.account) return;
  fetch(`/profile/${state.account}.json`)
    .then((answer) => (answer.status === 404 ? { standings: [] } : answer.ok ? answer.json() : null))
    .then((profile) => {
      state.profile = profile;
      render();
    }, () => {});
}

async function postSticker(conversation, bytes, name) {
  const id = crypto.randomUUID();
  const time = String(Date.now());
  const digest = hex(await sha256(bytes));
  const signed = ["parley-sticker-v1", time, conversation.id, id, name.trim(), digest].join("\n");
  const query = `conversation=${encodeURIComponent(conversation.id)}&id=${encodeURIComponent(id)}&name=${encodeURIComponent(name)}`;
  try {
    const answer = await fetch(`/stickers?${query}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/octet-stream",
        "Parley-Key": state.key.publicKey,
        "Parley-Time": time,
        "Parley-Signature": await state.key.sign(utf8(signed)),
      },
      body: bytes,
    });
    if (!answer.ok) {
      const refusal = await answer.json().catch(() => ({ reason: `The server answered ${answer.status}.` }));
      state.refusals.set(conversation.id, refusal.reason);
    }
  } catch {
    state.refusals.set(conversation.id, "Not sent: the server cannot be reached now.");
  }
  render();
}

/**
 * The sticker the server draws of a finished state: its bytes, `null` for a state that makes
 * none, `undefined` while it is asked (once a state; the page is drawn again when it comes).
 */
function stickerFor(game, url) {
  if (!state.stickers.has(url)) {
    state.stickers.set(url, undefined);
    fetch(`/g/${encodeURIComponent(game)}/sticker.png${queryOf(stateItemsOf(url))}`)
      .then(async (answer) => (answer.ok && answer.headers.get("content-type")?.startsWith("image/png") ? new Uint8Array(await answer.arrayBuffer()) : null))
      .catch(() => null)
      .then((bytes) => {
        state.stickers.set(url, bytes);
        render();
      });
  }
  return state.stickers.get(url);
}

// ---------------------------------------------------------------- notices and panels

function showNotice(conversationID, words) {
  state.notices.set(conversationID ?? "", { words, at: Date.now() });
  render();
}

function openPanel(conversationID, panel) {
  state.panels.set(conversationID ?? "", { ...panel, opened: Date.now() });
  state.focusPanel = true;
  render();
}

// ---------------------------------------------------------------- drawing

let rendering = false;

function render() {
  if (rendering || !state.connection) return;
  rendering = true;
  setTimeout(() => {
    rendering = false;
    draw();
  }, 0);
}

/**
 * The element drawn for `key`, made once and kept while the key stands: a game's controls keep
 * what the player was doing (a fleet half placed) when other events arrive.
 */
function kept(key, make) {
  if (!state.drawings.has(key)) {
    if (state.drawings.size > 500) state.drawings.clear();
    state.drawings.set(key, make());
  }
  return state.drawings.get(key);
}

/** Draws the whole page again, keeping the focus on the control that had it. */
function draw() {
  const focused = document.activeElement;
  const focusKey = focused && focused !== document.body ? focused.getAttribute("aria-label") ?? focused.id : null;

  // Kept for the next visit, once the last one's is no longer awaited.
  if (state.returningTo === null && state.saved !== state.current) {
    state.saved = state.current;
    write("settings", "current", state.current).catch(() => {});
  }
  connectionBadge.textContent = state.connectionWords;
  connectionBadge.className = "connection " + (state.online ? "online" : state.connectionWords.startsWith("Offline") ? "offline" : "");
  youButton.textContent = state.name ? `You: ${state.name}` : "Choose a name";
  const failures = state.failures.filter((failure) => state.conversations.has(failure.conversation));
  alarm.hidden = failures.length === 0;
  alarm.textContent = failures.map((failure) => `!!! ${failure.words} !!!`).join("\n");
  // Your name's menu opens under the bar, wherever you are.
  const menuOpen = state.panels.get("")?.kind === "name" || !state.name;
  const hadFocus = youMenu.contains(document.activeElement);
  clear(youMenu);
  youMenu.hidden = !menuOpen;
  if (menuOpen) youMenu.append(youPanel());
  if (hadFocus && youMenu.contains(focused) && document.activeElement !== focused) focused.focus({ preventScroll: true });
  clear(seekingBar);
  const bar = state.seeking.bar();
  seekingBar.hidden = !bar;
  if (bar) seekingBar.append(bar);

  // The conversation stays where its reader left it, or follows its newest event when they
  // were reading the end.
  const before = main.querySelector(".view");
  const sameView = before?.dataset.conversation === String(state.current);
  // A view this page placed (at the end, or at the controls of a move) and the reader left
  // there still follows.
  const atEnd = !before || before.scrollTop === state.placedAt || before.scrollHeight - before.scrollTop - before.clientHeight < 80;
  const top = before?.scrollTop ?? 0;
  const listTop = main.querySelector(".list")?.scrollTop ?? 0;

  clear(main);
  main.classList.toggle("open", state.current !== null);
  main.append(listPane(), state.current ? conversationPane(state.conversations.get(state.current)) : welcomePane());

  const view = main.querySelector(".view");
  view.dataset.conversation = String(state.current);
  view.scrollTop = sameView && !atEnd ? top : view.scrollHeight;
  if (!sameView || atEnd) {
    showControls(view);
    state.placedAt = view.scrollTop;
  } else {
    state.placedAt = null;
  }
  main.querySelector(".list").scrollTop = listTop;

  if (focused && main.contains(focused)) {
    focused.focus({ preventScroll: true });
  } else if (focusKey) {
    const again = [...main.querySelectorAll("[aria-label], [id]")].find((element) => (element.getAttribute("aria-label") ?? element.id) === focusKey);
    again?.focus({ preventScroll: true });
  }
  if (state.focusPanel) {
    state.focusPanel = false;
    const panel = state.panels.get("")?.kind === "name" ? youMenu : main;
    panel.querySelector("[data-panel] input, [data-panel] select, [data-panel] button")?.focus({ preventScroll: true });
  }
  tick();
}

/**
 * Scrolls `view` so that the controls of a move in its newest game message (its enabled
 * buttons: the board to fire at, the columns to drop in) are in view between its top and the
 * chat bar, their top first when they do not all fit.
 */
function showControls(view) {
  const bubbles = view.querySelectorAll(".message");
  const newest = bubbles[bubbles.length - 1];
  const controls = newest ? [...newest.querySelectorAll(".game button:not([disabled])")] : [];
  if (controls.length === 0) return;
  // The board that holds them all (its labels too), when it fits; else the controls alone.
  let holder = controls[0].parentElement;
  while (holder && holder !== newest && !controls.every((control) => holder.contains(control))) holder = holder.parentElement;
  const boxes = controls.map((control) => control.getBoundingClientRect());
  if (holder) boxes.push(holder.getBoundingClientRect());
  const top = view.getBoundingClientRect().top;
  const bottom = view.querySelector(".compose")?.getBoundingClientRect().top ?? view.getBoundingClientRect().bottom;
  const first = Math.min(...boxes.map((box) => box.top));
  const last = Math.max(...boxes.map((box) => box.bottom));
  const margin = 8;
  if (last > bottom - margin && last - first <= bottom - top - 2 * margin) view.scrollTop += last - bottom + margin;
  else if (first < top + margin || last - first > bottom - top - 2 * margin) view.scrollTop += first - top - margin;
}

function listPane() {
  const pane = h("nav", { class: "list", "aria-label": "Conversations" });
  pane.append(
    h("div", { class: "row" },
      h("button", { class: "primary", type: "button", onclick: () => playSomeone() }, "Play someone"),
      h("button", { type: "button", onclick: () => createConversation() }, "New conversation")),
    kept("join", joinForm),
  );
  const conversations = [...state.conversations.values()].sort((left, right) => right.yourTurns.length - left.yourTurns.length);
  if (conversations.length === 0) pane.append(h("p", { class: "empty" }, "No conversations yet: start one, or join with an invite code."));
  for (const conversation of conversations) {
    const turns = conversation.yourTurns.length;
    const sessions = [...conversation.sessions.values()];
    const latest = sessions[sessions.length - 1];
    const line = turns > 0 ? (turns === 1 ? "Your turn" : `Your turn in ${turns} games`) : latest ? conversation.turnWords(latest) : "No game yet";
    pane.append(
      h("button", {
        type: "button",
        class: "entry" + (conversation.id === state.current ? " current" : ""),
        "aria-label": `${conversation.title}: ${line}`,
        "aria-current": conversation.id === state.current ? "true" : null,
        onclick: () => {
          state.current = conversation.id;
          render();
        },
      },
      h("span", {}, neutralised(conversation.title) + (conversation.watching ? " (watching)" : "")),
      conversation.newestSession ? h("span", { class: "game-name" }, gameTitle(conversation.newestSession)) : null,
      h("span", { class: "turn" + (turns > 0 ? " yours" : "") }, line)),
    );
  }
  return pane;
}

/** Opens the form that asks for a game with a stranger, on the welcome pane. */
function playSomeone() {
  state.current = null;
  openPanel(null, { kind: "seek" });
}

function joinForm() {
  const input = h("input", { id: "invite", placeholder: "Invite code", "aria-label": "Invite code", autocomplete: "off" });
  return h("form", {
    class: "row",
    onsubmit: (event) => {
      event.preventDefault();
      if (input.value.trim()) joinConversation(input.value.trim());
      input.value = "";
    },
  }, input, h("button", { type: "submit" }, "Join"));
}

function welcomePane() {
  const panel = state.panels.get("");
  const pane = h("section", { class: "view welcome", "aria-label": "Welcome" });
  const notice = state.notices.get("");
  if (notice) pane.append(h("p", { class: "notice", role: "status" }, neutralised(notice.words)));
  if (panel?.kind === "seek") pane.append(state.seeking.form({ onCancel: () => { state.panels.delete(""); render(); } }));
  pane.append(h("p", { class: "empty" },
    "Play someone: the server finds you a player who asks for the same game, or its house bot. Or start a conversation and hand one of its invite codes to a friend (or the invite to watch to anyone), or join one with a code you were given. Every move is checked by the server, and every message the server sends is checked here."));
  return pane;
}

/** Your name's menu: the name's form, its refusal beside it, and your ratings. */
function youPanel() {
  const holder = h("div", { class: "you", "data-panel": "name" }, kept("name", namePanel));
  if (state.nameRefusal) holder.append(h("p", { class: "refusal", role: "alert" }, neutralised(state.nameRefusal)));
  if (state.name && state.account) {
    holder.append(yourRatings(), h("button", { type: "button", class: "quiet", onclick: () => { state.panels.delete(""); render(); } }, "Close"));
  }
  return holder;
}

function yourRatings() {
  const section = h("section", { class: "panel", "aria-label": "Your ratings" }, h("h2", {}, "Your ratings"));
  const standings = state.profile?.standings;
  if (!standings) section.append(h("p", { class: "notice" }, "Reading your ratings…"));
  else if (standings.length === 0) section.append(h("p", { class: "notice" }, "No rated game yet: Play someone, rated, to get a rating."));
  else {
    section.append(h("ul", { class: "standings" }, standings.map((standing) => {
      const house = standing.variant.endsWith("@house");
      const variant = house ? standing.variant.slice(0, -"@house".length) : standing.variant;
      const ladder = `/leaderboard/${encodeURIComponent(standing.game)}?variant=${encodeURIComponent(variant)}${house ? "&against=house" : ""}&you=${state.account}`;
      return h("li", {},
        `${variantName(standing.game, variant)}${house ? " against the house bot" : ""}: ${standing.rating}${standing.provisional ? "?" : ""} `,
        h("span", { class: "notice" }, `(${standing.wins} won, ${standing.losses} lost, ${standing.draws} drawn) `),
        h("a", { href: ladder, target: "_blank", rel: "noopener" }, "ladder"));
    })));
  }
  section.append(h("a", { id: "your-profile", href: `/profile/${state.account}`, target: "_blank", rel: "noopener" }, "Your ratings and games (your profile page)"));
  return section;
}

/** A game and variant by name: "Battleship (Classic)", or the game's name when it has one variant. */
function variantName(game, variant) {
  return state.seeking.gameName(game, variant);
}

function namePanel() {
  const input = h("input", { id: "name", "aria-label": "Your name", maxlength: "40", value: state.name ?? "" });
  return h("form", {
    class: "panel",
    "data-panel": "name",
    onsubmit: (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      // Online, the form stays open until the server takes the name, and says why when not.
      if (state.online) rename(name);
      else {
        // Given to the next authenticate.
        state.panels.delete("");
        state.name = name;
        write("settings", "name", name);
      }
      render();
    },
  }, h("label", { for: "name" }, "Your name, as the others will see it"), h("div", { class: "row" }, input, h("button", { class: "primary", type: "submit" }, "Save")));
}

function conversationPane(conversation) {
  const pane = h("section", { class: "view", "aria-label": `Conversation with ${conversation.title}` });
  const players = [...conversation.members.values()].filter((member) => member.role !== "spectator");
  const pairing = conversation.pairing;
  const rated = (member) => {
    const rating = pairing?.rated ? conversation.ratingOf(member.id) : null;
    return rating ? ` ${rating.rating}${rating.provisional ? "?" : ""}` : "";
  };
  pane.append(
    h("div", { class: "row" },
      h("button", { class: "back quiet", type: "button", onclick: () => { state.current = null; render(); } }, "‹ Conversations"),
      h("h2", {}, neutralised(conversation.title)),
    ),
    h("p", { class: "members" },
      "Players: " + players.map((member) => (member.id === conversation.you ? "you" : neutralised(member.name ?? "someone")) + rated(member)).join(", "),
      conversation.spectators.length > 0 ? " · Watching: " + conversation.spectators.map((member) => (member.id === conversation.you ? "you" : neutralised(member.name ?? "someone"))).join(", ") : "",
      pairing?.rated ? [" · ", ladderLink(conversation, pairing)] : ""),
    invites(conversation),
  );
  const notice = state.notices.get(conversation.id) ?? state.notices.get("");
  if (notice) pane.append(h("p", { class: "notice", role: "status" }, neutralised(notice.words)));
  pane.append(transcript(conversation));
  const refusal = state.refusals.get(conversation.id);
  if (refusal) pane.append(h("p", { class: "refusal", role: "alert" }, neutralised(refusal)));
  for (const frame of state.pending.values()) {
    if (frame.conversation !== conversation.id) continue;
    pane.append(h("p", { class: "pending", role: "status" }, (state.online ? "Sending your move…" : "Waiting to send (offline): your move") + ` in ${gameName(frame.game)}`));
  }
  const panel = state.panels.get(conversation.id) ?? firstMove(conversation);
  if (panel) pane.append(panelFor(conversation, panel));
  pane.append(actions(conversation), kept(`compose/${conversation.id}`, () => compose(conversation)));
  return pane;
}

/** The ladder of a paired game's variant (apart when against the house bot). */
function ladderLink(conversation, pairing) {
  const bot = [...conversation.members.values()].some((member) => member.bot);
  const address = `/leaderboard/${encodeURIComponent(pairing.game)}?variant=${encodeURIComponent(pairing.variant)}${bot ? "&against=house" : ""}${state.account ? `&you=${state.account}` : ""}`;
  return h("a", { href: address, target: "_blank", rel: "noopener", class: "ladder" }, `Ladder: ${variantName(pairing.game, pairing.variant)}${bot ? " against the house bot" : ""}`);
}

/**
 * The start of a paired game for the player who moves first, until they make it: the server
 * takes that game's first message only, from them.
 */
function firstMove(conversation) {
  const pairing = conversation.pairing;
  if (!pairing || conversation.watching || pairing.players[0] !== conversation.you || conversation.sessions.size > 0) return null;
  if (conversation.events.some((event) => event.kind === "aborted")) return null;
  return { kind: "start", game: pairing.game, variant: pairing.variant, paired: true };
}

function invites(conversation) {
  const line = h("div", { class: "invites" });
  const invite = (words, code) => h("span", {}, `${words}: `, h("code", {}, code), " ", copyButton(words, code));
  if (conversation.watching) {
    line.append(invite("Invite to watch", conversation.invite));
  } else {
    line.append(invite("Invite to play", conversation.invite));
    if (conversation.watchInvite) line.append(invite("Invite to watch", conversation.watchInvite));
  }
  return line;
}

/** A button that copies `code` to the clipboard, and says so. */
function copyButton(words, code) {
  const copied = state.copied === code;
  return h("button", {
    type: "button", class: "copy", "aria-label": `Copy the ${words.toLowerCase()}`,
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(code);
        state.copied = code;
      } catch {
        state.copied = null;
        showNotice(state.current, `Copy it by hand: ${code}`);
      }
      render();
    },
  }, copied ? "Copied" : "Copy");
}

function actions(conversation) {
  const row = h("div", { class: "row" });
  if (!conversation.watching) row.append(h("button", { type: "button", onclick: () => openPanel(conversation.id, { kind: "new" }) }, "New game"));
  const file = h("input", {
    // Reached through its button only: focused itself, it would be scrolled into view.
    type: "file", accept: "image/png,image/gif,image/jpeg", class: "visually-hidden", id: "sticker-file", "aria-label": "Choose a picture to send", tabindex: "-1",
    onchange: async () => {
      const chosen = file.files?.[0];
      if (chosen) await postSticker(conversation, new Uint8Array(await chosen.arrayBuffer()), chosen.name.replace(/\.[^.]*$/, ""));
    },
  });
  row.append(
    file,
    h("button", { type: "button", onclick: () => file.click() }, "Send a picture"),
    h("button", { type: "button", class: "quiet", onclick: () => leave(conversation) }, "Leave conversation"),
  );
  return row;
}

/** The most a chat may hold: the server's `limits.textLength` on its defaults, in bytes of UTF-8. */
const chatLimit = 1024;

function compose(conversation) {
  const input = h("input", { id: "chat", placeholder: "Say something", "aria-label": "Message to the conversation", autocomplete: "off" });
  // Near the limit, how many characters are left.
  const counter = h("span", { class: "counter", "aria-live": "polite", hidden: true });
  input.addEventListener("input", () => {
    const left = chatLimit - new TextEncoder().encode(input.value).length;
    counter.hidden = left > 100;
    counter.textContent = left >= 0 ? `${left} left` : `${-left} too many`;
  });
  return h("form", {
    class: "compose",
    onsubmit: async (event) => {
      event.preventDefault();
      const text = input.value;
      if (!text.trim()) return;
      input.value = "";
      counter.hidden = true;
      const answer = await ask(conversation, { type: "chat", conversation: conversation.id, text });
      if (!answer) input.value = text;
    },
  }, input, counter, h("button", { type: "submit" }, "Send"));
}

function transcript(conversation) {
  const log = h("div", { class: "transcript", role: "log", "aria-label": "Conversation" });
  for (const event of conversation.events) {
    const node = eventNode(conversation, event);
    if (node) log.append(node);
  }
  if (conversation.events.length === 0) log.append(h("p", { class: "notice" }, conversation.handled < conversation.lastSeq ? "Loading…" : "Nothing yet."));
  return log;
}

function who(conversation, participant) {
  if (!participant) return "Someone";
  if (participant.id === conversation.you) return "You";
  return neutralised(participant.name ?? conversation.nameOf(participant.id));
}

function eventNode(conversation, event) {
  const name = who(conversation, event.participant);
  switch (event.kind) {
    case "message":
      return messageNode(conversation, event);
    case "joined":
      return h("p", { class: "notice" }, name === "You" ? "You joined" : `${name} joined`, event.participant?.role === "spectator" ? " to watch" : "");
    case "left":
      return h("p", { class: "notice" }, `${name} left`);
    case "removed":
      return h("p", { class: "notice" }, `${name} ${name === "You" ? "were" : "was"} taken out by the server's operator`);
    case "renamed":
      return h("p", { class: "notice" }, name === "You" ? `You are now called ${neutralised(event.participant.name)}` : `Someone is now called ${name}`);
    case "chat":
      return h("p", { class: "chat" + (event.participant?.id === conversation.you ? " mine" : "") },
        h("span", { class: "who" }, name), neutralised(event.text));
    case "sticker":
      return h("figure", { class: "sticker" },
        h("img", { src: new URL(event.sticker.url).pathname + "/image", alt: `Sticker from ${name}: ${neutralised(event.sticker.name)}`, width: event.sticker.width, height: event.sticker.height }),
        h("figcaption", { class: "notice" }, `${name} sent a sticker: ${neutralised(event.sticker.name)}`));
    case "timeout":
      return h("p", { class: "notice" }, event.participant ? (name === "You" ? "Your turn ran out" : `${name}'s turn ran out`) : "The turn ran out",
        revealWords(conversation, event));
    case "ended":
      return h("p", { class: "notice" }, "The server's operator ended the game", revealWords(conversation, event));
    case "resigned":
      return h("p", { class: "notice" }, `${name} resigned`, revealWords(conversation, event));
    case "paired": {
      const pairing = event.pairing;
      const game = variantName(pairing.game, pairing.variant);
      const first = pairing.players[0] === conversation.you ? "you move first" : `${who(conversation, { id: pairing.players[0] })} moves first`;
      const ratings = pairing.rated && pairing.ratings?.length === pairing.players.length
        ? " (" + pairing.players.map((player, index) => `${player === conversation.you ? "you" : who(conversation, { id: player })} ${pairing.ratings[index].rating}${pairing.ratings[index].provisional ? "?" : ""}`).join(" v ") + ")"
        : "";
      // Until the game starts, the time left to start it (or it is called off).
      const waiting = pairing.startBy && conversation.sessions.size === 0 && !conversation.events.some((each) => each.kind === "aborted");
      return h("p", { class: "notice" }, `Paired for ${game}, ${perMove(pairing.secondsPerMove)}, ${pairing.rated ? "rated" : "casual"}${ratings}: ${first}`,
        waiting ? [" · to start: ", h("span", { class: "clock", "data-deadline": String(pairing.startBy) }, "")] : "");
    }
    case "aborted":
      return h("p", { class: "notice" }, "The game was not started in time: called off, nobody rated");
    case "rated":
      return h("p", { class: "notice rated" }, (event.ratings ?? [])
        .slice().sort((a, b) => (b.participant === conversation.you) - (a.participant === conversation.you))
        .map((rating) => {
          const whose = rating.participant === conversation.you ? "Your rating" : `${who(conversation, { id: rating.participant })}'s`;
          const shown = (value) => `${value.rating}${value.provisional ? "?" : ""}`;
          const change = rating.after.rating - rating.before.rating;
          return `${whose}: ${shown(rating.before)} → ${shown(rating.after)} (${change >= 0 ? "+" : ""}${change})`;
        }).join("; "));
    default:
      return h("p", { class: "notice" }, `(${neutralised(event.kind)})`);
  }
}

function revealWords(conversation, event) {
  if (!event.reveal) return "";
  const check = state.checks.get(`${conversation.id}/${event.seq}/reveal`);
  return check?.result === "failed" ? ` · reveal FAILED CHECK` : check ? ` · every fleet revealed, ${check.result}` : " · every fleet revealed";
}

function checkBadge(conversation, event) {
  const check = state.checks.get(`${conversation.id}/${event.seq}`);
  if (!check) return h("span", { class: "check" }, "checking…");
  if (check.result === "failed") return h("span", { class: "check failed", role: "alert" }, "FAILED CHECK");
  return h("span", { class: "check " + check.result }, check.result);
}

function messageNode(conversation, event) {
  const session = conversation.sessions.get(event.status.session);
  const message = event.message;
  const mine = message.sender === conversation.you;
  const words = (text) => messageWords(conversation, message, session.game, text);
  const label = words(message.accessibilityLabel ?? message.summaryText ?? message.layout?.caption ?? "A game message");
  if (newestMessage(session) !== event) {
    return h("p", { class: "summary", "aria-label": label },
      `#${event.seq} `, neutralised(words(message.summaryText ?? message.layout?.caption ?? "")), " ", checkBadge(conversation, event));
  }
  const layout = message.layout ?? {};
  // A game that ended by a resignation, a timeout or the operator ends on that event: the last
  // message's caption ("Your turn.") no longer holds, and its reveal is what is drawn.
  const ending = session.status.outcome.finished && session.lastEvent?.kind !== "message" ? session.lastEvent : null;
  const caption = ending ? eventNode(conversation, ending)?.textContent : words(layout.caption ?? gameName(session.game));
  const bubble = h("article", { class: "message" + (mine ? " mine" : ""), "aria-label": label, "data-session": session.id });
  bubble.append(
    h("div", { class: "row" },
      h("span", { class: "caption" }, neutralised(caption ?? gameName(session.game))),
      checkBadge(conversation, event)),
  );
  if (layout.subcaption) bubble.append(h("span", { class: "subcaption" }, neutralised(words(layout.subcaption))));
  bubble.append(h("span", { class: "meta" }, `#${event.seq} · ${mine ? "you" : neutralised(conversation.nameOf(message.sender))} · ${gameTitle(session)}`));
  const replay = state.replays.get(session.id);
  const revealed = session.reveal?.reveal
    ? { seq: `${session.reveal.seq}-reveal`, message: { ...message, url: session.reveal.reveal }, status: session.reveal.status }
    : null;
  const shown = replay === undefined ? revealed ?? event : session.messages[replay];
  bubble.append(gameDrawing(conversation, session, shown, replay === undefined));
  if (replay !== undefined) bubble.append(replayControls(session, replay));
  bubble.append(statusLine(conversation, session), gameActions(conversation, session, event));
  return bubble;
}

/**
 * One of a message's texts as this viewer reads it: the mover reads their own move in the
 * words its game gives them where the person changes more than the name ("You placed your
 * ships", not "You placed their ships"); everyone else reads it with names.
 */
function messageWords(conversation, message, game, text) {
  if (message.sender === conversation.you) {
    const own = loadedModule(game)?.moversWords?.(String(text ?? ""), `$${conversation.you}`);
    if (own) return conversation.words(own);
  }
  return conversation.words(text);
}

function gameName(game) {
  return state.games.find((each) => each.id === game)?.name ?? game;
}

function gameTitle(session) {
  return variantName(session.game, session.variant);
}

function statusLine(conversation, session) {
  const status = session.status;
  const yours = conversation.mayMove(session);
  const line = h("p", { class: "status" + (yours ? " yours" : ""), role: "status" }, conversation.turnWords(session));
  if (!status.outcome.finished && status.prompt) line.append(h("span", { class: "meta" }, ` · ${neutralised(conversation.words(status.prompt))}`));
  if (status.secondsPerMove && !status.outcome.finished) line.append(h("span", { class: "meta" }, ` · ${perMove(status.secondsPerMove)}`));
  if (status.deadline && !status.outcome.finished) line.append(" · ", h("span", { class: "clock", "data-deadline": String(status.deadline) }, ""));
  return line;
}

function tick() {
  const waiting = seekingBar.querySelector(".waiting");
  if (waiting && state.seeking.sought) {
    const words = state.seeking.waitWords();
    if (waiting.textContent !== words) waiting.textContent = words;
  }
  for (const clock of document.querySelectorAll(".clock[data-deadline]")) {
    const left = Math.max(0, Math.round((Number(clock.dataset.deadline) - Date.now()) / 1000));
    const words = left >= 3600 ? `${Math.floor(left / 3600)} h ${Math.floor((left % 3600) / 60)} min left` : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
    if (clock.textContent !== words) clock.textContent = words;
  }
}

function gameActions(conversation, session, event) {
  const row = h("div", { class: "row" });
  const status = session.status;
  const entry = state.games.find((each) => each.id === session.game);
  const seat = conversation.seat(session);
  if (!status.outcome.finished && seat !== null && entry?.resign && !conversation.watching) {
    if (state.panels.get(conversation.id)?.kind === "resign") {
      row.append(
        h("span", {}, "Give up this game?"),
        h("button", {
          type: "button", class: "primary",
          onclick: () => {
            state.panels.delete(conversation.id);
            ask(conversation, { type: "resign", conversation: conversation.id, session: session.id });
          },
        }, "Yes, resign"),
        h("button", { type: "button", onclick: () => { state.panels.delete(conversation.id); render(); } }, "No, play on"));
    } else {
      row.append(h("button", { type: "button", onclick: () => openPanel(conversation.id, { kind: "resign", session: session.id }) }, "Resign"));
    }
  }
  if (status.outcome.finished) {
    if (!conversation.watching) {
      // The same game at the same time a move (`status.secondsPerMove`, when one was chosen).
      const again = { kind: "start", game: session.game, variant: session.variant, secondsPerMove: status.secondsPerMove };
      row.append(h("button", { type: "button", onclick: () => openPanel(conversation.id, again) }, "Rematch"));
    }
    const replay = state.replays.get(session.id);
    row.append(h("button", {
      type: "button",
      "aria-pressed": replay !== undefined ? "true" : "false",
      onclick: () => {
        if (replay === undefined) state.replays.set(session.id, 0);
        else state.replays.delete(session.id);
        render();
      },
    }, replay === undefined ? "Replay" : "Back to the end"));
    row.append(h("button", { type: "button", onclick: () => exportGame(conversation, session) }, "Export"));
    // Offered only where the server draws the finished state as a sticker (an ice cream).
    const sticker = stickerFor(session.game, event.message.url);
    if (sticker) {
      // Named by what it shows: "Ice Cream: waffle cone with … on top", in the game's words.
      const shows = loadedModule(session.game)?.describe?.(stateItemsOf(event.message.url));
      const name = shows ? `${gameName(session.game)}: ${shows}` : gameName(session.game);
      row.append(h("button", { type: "button", onclick: () => postSticker(conversation, sticker, name) }, "Send as a sticker"));
    }
  }
  return row;
}

function replayControls(session, index) {
  const count = session.messages.length;
  const step = (to) => {
    state.replays.set(session.id, Math.max(0, Math.min(count - 1, to)));
    render();
  };
  return h("div", { class: "row", role: "group", "aria-label": "Replay" },
    h("button", { type: "button", "aria-label": "Previous move", disabled: index === 0, onclick: () => step(index - 1) }, "‹ Previous"),
    h("span", { role: "status" }, `Move ${index + 1} of ${count}`),
    h("button", { type: "button", "aria-label": "Next move", disabled: index === count - 1, onclick: () => step(index + 1) }, "Next ›"));
}

function exportGame(conversation, session) {
  const blob = new Blob([conversation.exportLines(session)], { type: "application/x-ndjson" });
  const link = h("a", { href: URL.createObjectURL(blob), download: `parley-${session.game}-${session.id.slice(0, 8)}.jsonl` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

/** A game message's state drawn by its game's presentation, or as a plain form of its items. */
function gameDrawing(conversation, session, event, live) {
  const module = loadedModule(session.game);
  if (module === undefined) return h("p", { class: "notice" }, "Loading the game…");
  const canMove = live && conversation.mayMove(session);
  const key = `${conversation.id}/${event.seq}/${canMove}/${conversation.seat(session)}`;
  return kept(key, () => drawGame(module, conversation, session, event, canMove));
}

function drawGame(module, conversation, session, event, canMove) {
  const holder = h("div", { class: "game" });
  const items = stateItemsOf(event.message.url);
  const view = {
    items,
    variant: session.variant,
    seat: conversation.seat(session),
    canMove,
    finished: event.status.outcome.finished,
    status: event.status,
    propose: (proposed) => propose(conversation, { game: session.game, variant: session.variant, session }, proposed),
    draft: canMove ? draft(`${conversation.id}/${session.id}/${event.seq}/${conversation.seat(session)}`) : null,
    h,
    svg,
  };
  try {
    holder.append(module ? module.draw(view) : plainForm(view, false));
  } catch (error) {
    holder.append(h("p", { class: "refusal" }, `This game cannot be drawn here: ${error.message}`), plainForm(view, false));
  }
  return holder;
}

/**
 * A move being made that outlives a reload: a game's presentation keeps what the player chose
 * so far (a half-placed fleet) with `keep`, finds it in `value` when drawn again and `drop`s it
 * once sent. It lives in localStorage, which a drawing can read at once, under
 * `parley.draft/CONVERSATION/…`; one untouched for 30 days is forgotten when the client starts.
 */
function draft(key) {
  const name = `${DRAFT}${key}`;
  let value;
  try {
    value = JSON.parse(localStorage.getItem(name) ?? "null")?.value;
  } catch {
    value = undefined;
  }
  return {
    value: value ?? undefined,
    keep(next) {
      try {
        localStorage.setItem(name, JSON.stringify({ value: next, at: Date.now() }));
      } catch {
        // A full or refused storage keeps nothing: the move is still made, only not kept.
      }
    },
    drop() {
      localStorage.removeItem(name);
    },
  };
}

const DRAFT = "parley.draft/";

function forgetOldDrafts(now = Date.now()) {
  for (const name of Object.keys(localStorage)) {
    if (!name.startsWith(DRAFT)) continue;
    let at = 0;
    try {
      at = JSON.parse(localStorage.getItem(name))?.at ?? 0;
    } catch {
      // An unreadable draft is forgotten.
    }
    if (now - at > 30 * 24 * 3600 * 1000) localStorage.removeItem(name);
  }
}

/** The state's items as a table and, when the viewer may move, a line of items to add. */
function plainForm(view, starting) {
  const form = h("form", { class: "panel", "aria-label": "The state's items" });
  if (view.items.length > 0) {
    form.append(h("div", { class: "items" }, view.items.flatMap(([name, value]) => [h("span", {}, name), h("span", {}, value ?? "")])));
  }
  if (!view.canMove && !starting) return form;
  const input = h("input", { "aria-label": "Items your move adds", placeholder: "Items your move adds, such as Guess=42", autocomplete: "off" });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const added = stateItemsOf("?" + input.value.trim().replace(/^\?/, ""));
    if (added.length === 0) return;
    input.value = "";
    view.propose([...view.items, ...added]);
  });
  form.append(h("div", { class: "row" }, input, h("button", { class: "primary", type: "submit" }, starting ? "Start" : "Send")));
  return form;
}

function panelFor(conversation, panel) {
  if (panel.kind === "new") return newGamePanel(conversation);
  if (panel.kind === "start") return startPanel(conversation, panel.game, panel.variant, panel.paired, panel.secondsPerMove);
  return h("div");
}

function newGamePanel(conversation) {
  const choices = state.games.flatMap((game) => game.variants.map((variant) => ({ game, variant })));
  return h("div", { class: "panel", "data-panel": "new", role: "group", "aria-label": "New game" },
    h("h2", {}, "New game"),
    h("div", { class: "row" }, choices.map(({ game, variant }) => h("button", {
      type: "button",
      "aria-label": `Start ${game.name}${game.variants.length > 1 ? ` (${variant.name})` : ""}: ${variant.summary}`,
      onclick: () => openPanel(conversation.id, { kind: "start", game: game.id, variant: variant.id }),
    }, game.variants.length > 1 ? `${game.name} (${variant.name})` : game.name))),
    h("button", { type: "button", class: "quiet", onclick: () => { state.panels.delete(conversation.id); render(); } }, "Cancel"));
}

/**
 * A new game's first move; `paired`: the game a pairing asks this player to start, which stays
 * until started; `secondsPerMove`: the time a move chosen at first (a rematch's).
 */
function startPanel(conversation, game, variant, paired = false, secondsPerMove = undefined) {
  const module = loadedModule(game);
  if (module === undefined) return h("p", { class: "notice" }, "Loading the game…");
  return kept(`${conversation.id}/start/${game}/${variant}/${state.panels.get(conversation.id)?.opened}`,
    () => makeStartPanel(module, conversation, game, variant, paired, secondsPerMove));
}

function makeStartPanel(module, conversation, game, variant, paired, secondsPerMove) {
  const holder = h("div", { class: "panel", "data-panel": "start", role: "group", "aria-label": `New game of ${gameName(game)}` });
  const view = {
    items: [],
    variant,
    seat: 0,
    canMove: true,
    finished: false,
    status: null,
    propose: (items) => propose(conversation, { game, variant, session: null, secondsPerMove: chosen() }, items),
    draft: draft(`${conversation.id}/start/${game}/${variant}`),
    h,
    svg,
  };
  holder.append(h("h2", {}, `New game: ${gameName(game)}`));
  // Friends choose the time a move too; a paired game keeps the pairing's.
  const times = paired ? [] : state.seeking.timeControls;
  const time = times.length === 0 ? null : h("select", { id: "start-time", "aria-label": "Time a move" },
    h("option", { value: "" }, "the game's own time a move"),
    times.map((seconds) => h("option", { value: String(seconds) }, perMove(seconds))));
  if (time && times.includes(secondsPerMove)) time.value = String(secondsPerMove);
  const chosen = () => (time && time.value !== "" ? Number(time.value) : undefined);
  if (time) holder.append(h("label", { class: "row" }, "Time: ", time));
  holder.append(
    module?.start ? module.start(view) : plainForm(view, true),
    paired ? null : h("button", { type: "button", class: "quiet", onclick: () => { state.panels.delete(conversation.id); render(); } }, "Cancel"));
  return holder;
}

start().catch((error) => {
  clear(main);
  main.append(h("p", { class: "refusal", role: "alert" }, `The client could not start: ${error.message}`));
});
