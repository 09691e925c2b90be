// The browser's own check of what the server says (docs/FAIRNESS.md): every game message's
// Ed25519 signature, its chain to the message before it as this viewer received it, and, for a
// game that hides boards, the commitments to them, the opening of every answered shot and the
// seeds revealed at the end. Nobody has to trust the server here either.

import { concat, equal, fromBase64, fromBase64URL, sha256, utf8 } from "./bytes.js";
import { gameOf, itemsOf, isServerItem } from "./items.js";

export class CheckFailure extends Error {
  constructor(code, reason) {
    super(reason);
    this.code = code;
  }
}

/** The server's signing key, from `/.well-known/parley-key`. */
export async function serverKey() {
  const answer = await fetch("/.well-known/parley-key", { cache: "no-store" });
  if (!answer.ok) return null;
  const published = await answer.json();
  const raw = fromBase64(published.publicKey);
  if (published.algorithm !== "Ed25519" || !raw || raw.length !== 32) return null;
  return crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
}

/** A signed URL read back, as `ChainedURL` reads it. Throws `CheckFailure`; `null` when unsigned. */
export async function readSigned(url) {
  const game = gameOf(url);
  const mark = url.indexOf("?");
  let query = mark < 0 ? "" : url.slice(mark + 1);
  if (query.includes("#")) query = query.slice(0, query.indexOf("#"));
  const pairs = query.split("&");
  const nameOf = (pair) => decode(pair.split("=")[0]);
  const valueOf = (pair) => (pair.includes("=") ? decode(pair.slice(pair.indexOf("=") + 1)) : "");
  const names = pairs.map(nameOf);
  const at = names.map((name, index) => (name === "Chain_Signature" ? index : -1)).filter((index) => index >= 0);
  if (at.length === 0) return null;
  if (!game) throw new CheckFailure("no-game", "The URL names no game (no /g/GAME).");
  if (at.length > 1) throw new CheckFailure("duplicated-item", `Chain_Signature appears ${at.length} times.`);
  if (at[0] !== pairs.length - 1) throw new CheckFailure("signature-not-last", `Items follow the signature: ${names.slice(at[0] + 1).join(", ")}.`);
  const signed = pairs.slice(0, at[0]);
  const value = (name) => {
    const found = signed.filter((pair) => nameOf(pair) === name);
    if (found.length === 0) throw new CheckFailure("missing-item", `The URL has no ${name}.`);
    if (found.length > 1) throw new CheckFailure("duplicated-item", `${name} appears ${found.length} times.`);
    return valueOf(found[0]);
  };
  const session = value("Chain_Session");
  if (!/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/.test(session)) {
    throw new CheckFailure("malformed-item", `Chain_Session is ${session}, not a UUID.`);
  }
  const number = value("Chain_Message");
  if (!/^[0-9]+$/.test(number) || Number(number) < 1) throw new CheckFailure("malformed-item", `Chain_Message is ${number}, not a whole number from 1.`);
  const previousText = value("Chain_Previous");
  const previous = previousText === "none" ? null : fromBase64URL(previousText);
  if (previousText !== "none" && (!previous || previous.length !== 32)) {
    throw new CheckFailure("malformed-item", `Chain_Previous is ${previousText}, not none or 43 characters of base64url.`);
  }
  const signatureText = valueOf(pairs[at[0]]);
  const signature = fromBase64URL(signatureText);
  if (!signature || signature.length !== 64) throw new CheckFailure("malformed-item", "Chain_Signature is not 86 characters of base64url.");
  const bytes = utf8("parley-chain-1\n" + game + "\n" + signed.join("&"));
  return { game, session: session.toUpperCase(), message: Number(number), previous, signature, bytes, digest: await sha256(bytes) };
}

function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * What one viewer received, checked as it comes: one per conversation, forgotten with it.
 * `boardsOf(game, items, variant)` gives a game's hidden boards (its web presentation's
 * `hiddenBoards`), or null.
 */
export class Witness {
  constructor(key, boardsOf) {
    this.key = key;
    this.boardsOf = boardsOf;
    this.newest = new Map();
    this.roots = new Map();
  }

  /** Checks one message's URL: "signed", "unsigned", or throws `CheckFailure`. */
  async check(url, variant) {
    const read = await readSigned(url);
    if (!read) return "unsigned";
    if (!this.key) return "unsigned";
    // Linked first, so that a message that counts up is its session's newest even when it
    // fails: the next one is checked against what was received.
    let broken = null;
    try {
      this.link(read);
    } catch (failure) {
      broken = failure;
    }
    const valid = await crypto.subtle.verify({ name: "Ed25519" }, this.key, read.signature, read.bytes);
    if (!valid) throw new CheckFailure("bad-signature", "Its signature is not the server's key's.");
    if (broken) throw broken;
    const items = itemsOf(url);
    let boards;
    try {
      boards = await this.boardsOf(read.game, items.filter(([name]) => !isServerItem(name)), variant);
    } catch (error) {
      throw new CheckFailure("undecodable-state", `The server signed a state its game cannot read: ${error.message}`);
    }
    if (boards) await this.checkBoards(items, boards, read.session);
    return "signed";
  }

  link(read) {
    const before = this.newest.get(read.session);
    if (!before) {
      this.newest.set(read.session, read);
      return;
    }
    if (read.message === before.message && equal(read.digest, before.digest)) return;
    if (read.message <= before.message) {
      throw new CheckFailure("chain-out-of-order", `Message ${read.message} comes after message ${before.message} of the same session, but a chain only counts up.`);
    }
    this.newest.set(read.session, read);
    if (!equal(read.previous, before.digest)) {
      throw new CheckFailure("chain-broken", `Message ${read.message} does not follow message ${before.message} as you received it: something was left out or changed.`);
    }
  }

  async checkBoards(items, boards, session) {
    const proofs = readProofs(items);
    const committed = this.roots.get(session) ?? new Map();
    const cellName = (cell) => (boards.cellNames?.[cell] ?? String(cell));
    for (const board of [...boards.placed].sort((a, b) => a - b)) {
      const root = proofs.roots.get(board);
      if (!root) throw new CheckFailure("fleet-uncommitted", `Seat ${board}'s fleet is placed, but the server gave no commitment to it.`);
      if (committed.has(board) && !equal(committed.get(board), root)) {
        throw new CheckFailure("fleet-commitment-changed", `The server's commitment to seat ${board}'s fleet changed during the game.`);
      }
      committed.set(board, root);
    }
    this.roots.set(session, committed);
    const shot = boards.shots[boards.shots.length - 1];
    if (shot) {
      const opening = proofs.opening;
      if (!opening || opening.board !== shot.board || opening.cell !== shot.cell) {
        throw new CheckFailure("fleet-no-opening", `The server did not open cell ${cellName(shot.cell)} of seat ${shot.board}'s fleet, which it answered.`);
      }
      if (!equal(await openingRoot(opening), committed.get(shot.board))) {
        throw new CheckFailure("fleet-bad-opening", `The opening of cell ${cellName(shot.cell)} of seat ${shot.board}'s fleet does not lead to the fleet's commitment.`);
      }
      if (opening.covered !== shot.hit) {
        throw new CheckFailure(
          "fleet-answer-contradicted",
          `The server answered ${shot.hit ? "hit" : "miss"} at cell ${cellName(shot.cell)} of seat ${shot.board}'s fleet, but the cell it committed to says ${opening.covered ? "a ship covers it" : "no ship covers it"}.`,
        );
      }
    }
    if (!boards.isOver && proofs.seeds.size === 0) return;
    for (const board of [...boards.placed].sort((a, b) => a - b)) {
      const seed = proofs.seeds.get(board);
      const cells = boards.shown[board];
      if (!seed || !cells) throw new CheckFailure("fleet-not-revealed", `The game is over, but seat ${board}'s fleet was not revealed with its seed.`);
      if (!equal(await commitmentRoot(cells, seed), committed.get(board))) {
        throw new CheckFailure("fleet-reveal-mismatch", `Seat ${board}'s fleet as revealed is not the one the server committed to.`);
      }
      const contradicted = boards.shots.find((each) => each.board === board && each.cell < cells.length && cells[each.cell] !== each.hit);
      if (contradicted) {
        throw new CheckFailure(
          "fleet-reveal-contradicts",
          `Seat ${board}'s revealed fleet contradicts the answer ${contradicted.hit ? "hit" : "miss"} given at cell ${cellName(contradicted.cell)}.`,
        );
      }
    }
  }
}

function readProofs(items) {
  const proofs = { roots: new Map(), opening: null, seeds: new Map() };
  for (const [name, value] of items) {
    if (!name.startsWith("Fleet_")) continue;
    const parts = (value ?? "").split(".");
    const malformed = (expected) => new CheckFailure("malformed-item", `${name} is ${value}, not ${expected}.`);
    if (name === "Fleet_Root" || name === "Fleet_Seed") {
      const bytes = parts.length === 2 ? fromBase64URL(parts[1]) : null;
      if (!/^[0-9]+$/.test(parts[0] ?? "") || !bytes || bytes.length !== 32) throw malformed("BOARD.HASH");
      const map = name === "Fleet_Root" ? proofs.roots : proofs.seeds;
      if (map.has(Number(parts[0]))) throw new CheckFailure("duplicated-item", `${name}=${parts[0]} appears twice.`);
      map.set(Number(parts[0]), bytes);
    } else if (name === "Fleet_Opening") {
      if (proofs.opening) throw new CheckFailure("duplicated-item", "Fleet_Opening appears twice.");
      const salt = parts.length >= 4 ? fromBase64URL(parts[3]) : null;
      const path = parts.slice(4).map(fromBase64URL);
      if (!/^[0-9]+$/.test(parts[0] ?? "") || !/^[0-9]+$/.test(parts[1] ?? "") || !["0", "1"].includes(parts[2]) || !salt || salt.length !== 16 || path.some((node) => !node || node.length !== 32)) {
        throw malformed("BOARD.CELL.COVERED.SALT.PATH");
      }
      proofs.opening = { board: Number(parts[0]), cell: Number(parts[1]), covered: parts[2] === "1", salt, path };
    }
  }
  return proofs;
}

const two = (number) => new Uint8Array([(number >> 8) & 0xff, number & 0xff]);

async function leaf(cell, covered, salt) {
  return sha256(concat(new Uint8Array([0]), two(cell), new Uint8Array([covered ? 1 : 0]), salt));
}

async function node(left, right) {
  return sha256(concat(new Uint8Array([1]), left, right));
}

async function openingRoot(opening) {
  let hash = await leaf(opening.cell, opening.covered, opening.salt);
  let index = opening.cell;
  for (const sibling of opening.path) {
    hash = index % 2 === 0 ? await node(hash, sibling) : await node(sibling, hash);
    index = Math.floor(index / 2);
  }
  return hash;
}

async function commitmentRoot(cells, seed) {
  let width = 1;
  while (width < cells.length) width *= 2;
  let level = [];
  for (let cell = 0; cell < width; cell += 1) {
    if (cell >= cells.length) {
      level.push(new Uint8Array(32));
      continue;
    }
    const salt = (await sha256(concat(utf8("parley-fleet-salt-1"), seed, two(cell)))).slice(0, 16);
    level.push(await leaf(cell, cells[cell], salt));
  }
  while (level.length > 1) {
    const above = [];
    for (let index = 0; index < level.length; index += 2) above.push(await node(level[index], level[index + 1]));
    level = above;
  }
  return level[0];
}
