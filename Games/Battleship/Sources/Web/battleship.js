// Battleship in the web client (docs/WEBCLIENT.md): the boards a viewer is shown, the controls
// that hide a fleet and fire a shot, and the boards a state shows and hides for the fairness
// checks. States are read as the Swift codec reads them (BattleshipGame+Codec.swift, +Replay)
// and refused with its reasons, so `hiddenBoards` answers what `parley play` answers; the
// marks follow CellMark. The server decides every result: this module only proposes.

const kind = (name, length) => ({ name, length });

const RULES = {
  seed: { id: "seed", size: 3, fleet: [kind("boat", 1), kind("boat", 1)], duel: false, missesAllowed: 3 },
  classic: {
    id: "classic", size: 10, duel: true, missesAllowed: null,
    fleet: [kind("carrier", 5), kind("battleship", 4), kind("cruiser", 3), kind("submarine", 3), kind("destroyer", 2)],
  },
};

const COLOUR = {
  water: "var(--water, #cfe6fb)", ship: "var(--ship, #4f5b66)", miss: "var(--miss, #8a94a6)",
  hit: "var(--hit, #d7263d)", fg: "var(--fg, #1d1d1f)", bg: "var(--bg, #ffffff)", muted: "var(--muted, #6e6e73)",
  accent: "var(--accent, #0a66d9)", red: "var(--red, #d7263d)", yellow: "var(--yellow, #f2c14e)",
};

// ---- The board's geometry and names (Board.swift) ----

const cellCount = (rules) => rules.size * rules.size;
const namesByNumber = (rules) => rules.size <= 3;
const fleetCount = (rules) => (rules.duel ? 2 : 1);
// In the seed every shot is the guesser's; in classic they alternate, seat 0 first.
const shooterOf = (rules, index) => (rules.duel ? index % 2 : 1);
const targetOf = (rules, shooter) => (rules.duel ? 1 - shooter : 0);

function cellName(rules, cell) {
  if (namesByNumber(rules)) return String(cell);
  return String.fromCharCode(65 + (cell % rules.size)) + String(Math.floor(cell / rules.size) + 1);
}

// The cell a name stands for: `4` on the seed's board, `B7` (or `b7`) on classic's; a number is
// up to four digits without a sign or a leading zero, as the Swift reader has it.
function cellNamed(rules, name) {
  const number = (digits) => (/^(0|[1-9][0-9]{0,3})$/.test(digits) ? Number(digits) : null);
  if (namesByNumber(rules)) {
    const index = number(name);
    return index !== null && index < cellCount(rules) ? index : null;
  }
  if (!/^[A-Za-z]/.test(name)) return null;
  const row = number(name.slice(1));
  const column = (name.charCodeAt(0) | 0x20) - 97;
  if (row === null || row < 1 || row > rules.size || column >= rules.size) return null;
  return (row - 1) * rules.size + column;
}

const cellAt = (rules, row, column) =>
  row >= 0 && row < rules.size && column >= 0 && column < rules.size ? row * rules.size + column : null;

// The cells a ship covers, or null when it would leave the board.
function shipCells(rules, ship) {
  const cells = cellsOnBoard(rules, ship);
  return cells.length === ship.kind.length ? cells : null;
}

// The cells of a ship that are on the board: what a ship about to be placed shows.
function cellsOnBoard(rules, ship) {
  const [row, column] = [Math.floor(ship.origin / rules.size), ship.origin % rules.size];
  const cells = [];
  for (let step = 0; step < ship.kind.length; step++) {
    const cell = ship.across ? cellAt(rules, row, column + step) : cellAt(rules, row + step, column);
    if (cell !== null) cells.push(cell);
  }
  return cells;
}

// ---- Reading a state (BattleshipGame+Codec.swift and +Replay.swift) ----

function refusal(reason) {
  const error = new Error(reason);
  error.reason = reason;
  return error;
}

const values = (items, name) => items.filter(([key, value]) => key === name && value != null).map(([, value]) => value);
const lastValue = (items, name) => values(items, name).pop() ?? null;
const resultWords = (result) => (result.sunk ? `sunk ${result.sunk}` : result.hit ? "hit" : "miss");

// The state `items` hold, refused (thrown) where the Swift decoder refuses it. A fleet is
// "unplaced", "hidden", or its ships `{kind, origin, across}` in the rules' order; a shot is
// `{cell, result}`, the result `{hit, sunk}` (sunk: the kind's name) or null for a new shot.
function readState(items, variant) {
  const named = lastValue(items, "Variant") ?? "seed";
  const rules = RULES[named];
  if (!rules) throw refusal(`Battleship has no variant "${named}"; it has seed, classic.`);
  if (variant != null && variant !== named) throw refusal(`This URL is a ${named} Battleship game, not ${variant}.`);
  const state = { rules, fleets: Array(fleetCount(rules)).fill("unplaced"), shots: [], declaredComplete: false };
  for (const [seat, ships] of readFleets(rules, items)) {
    validate(rules, ships);
    state.fleets[seat] = canonical(rules, ships);
  }
  for (const value of values(items, "Hidden")) {
    // Read as Swift's `Int` reads it, a sign allowed (`-0` is seat 0).
    const seat = /^[+-]?[0-9]+$/.test(value) ? Number(value) + 0 : -1;
    if (!(seat >= 0 && seat < state.fleets.length)) throw refusal(`Hidden=${value} names no fleet of this game.`);
    if (Array.isArray(state.fleets[seat])) throw refusal(`Seat ${seat}'s fleet cannot be both shown and hidden.`);
    state.fleets[seat] = "hidden";
  }
  replay(state, values(items, "Shot").map((value) => readShot(rules, value)));
  const complete = rules.duel ? null : lastValue(items, "Is_Complete");
  if (complete !== null) settle(state, complete);
  return state;
}

function readFleets(rules, items) {
  if (!rules.duel) {
    const ships = values(items, "Ship_Location").map((value) => {
      const origin = cellNamed(rules, value);
      if (origin === null) throw refusal(`Ship_Location=${value} is not a cell from 0 to ${cellCount(rules) - 1}.`);
      return { kind: rules.fleet[0], origin, across: true };
    });
    return ships.length ? [[0, ships]] : [];
  }
  const bySeat = new Map();
  for (const value of values(items, "Ship")) {
    const parts = value.split("-").filter((part) => part !== "");
    const seat = parts.length === 4 && /^[+-]?[0-9]+$/.test(parts[0]) ? Number(parts[0]) : -1;
    const shipKind = rules.fleet.find((known) => known.name === parts[1]);
    const origin = parts.length === 4 ? cellNamed(rules, parts[2]) : null;
    if (!(seat >= 0 && seat < fleetCount(rules)) || !shipKind || origin === null || !["h", "v"].includes(parts[3])) {
      throw refusal(`Ship=${value} is not SEAT-KIND-CELL-h|v, such as 0-carrier-A1-h.`);
    }
    if (!bySeat.has(seat)) bySeat.set(seat, []);
    bySeat.get(seat).push({ kind: shipKind, origin, across: parts[3] === "h" || shipKind.length === 1 });
  }
  return [...bySeat.keys()].sort((a, b) => a - b).map((seat) => [seat, bySeat.get(seat)]);
}

// The right ships, on the board, not overlapping (BattleshipRules.validate).
function validate(rules, ships) {
  const names = (kinds) => kinds.map((shipKind) => shipKind.name).sort().join(",");
  if (names(ships.map((ship) => ship.kind)) !== names(rules.fleet)) {
    const list = rules.fleet.map((shipKind) => `${shipKind.name} (${shipKind.length})`).join(", ");
    throw refusal(`A fleet is exactly these ships: ${list}.`);
  }
  const taken = new Map();
  for (const ship of ships) {
    const cells = shipCells(rules, ship);
    if (!cells) throw refusal(`The ${ship.kind.name} does not fit on the ${rules.size}x${rules.size} board there.`);
    for (const cell of cells) {
      const other = taken.get(cell);
      if (other) {
        throw refusal(other === ship.kind && other.length === 1
          ? `Two ships may not share ${cellName(rules, cell)}.`
          : `The ${other.name} and the ${ship.kind.name} overlap at ${cellName(rules, cell)}.`);
      }
      taken.set(cell, ship.kind);
    }
  }
}

// In the rules' order, ships of one kind by their first cell: the order the server writes.
function canonical(rules, ships) {
  const rank = (ship) => rules.fleet.findIndex((known) => known.name === ship.kind.name);
  return [...ships].sort((a, b) => rank(a) - rank(b) || a.origin - b.origin);
}

function readShot(rules, value) {
  const dash = value.indexOf("-");
  const cell = cellNamed(rules, dash < 0 ? value : value.slice(0, dash));
  if (cell === null) throw refusal(`Shot=${value} does not name a cell of the board.`);
  if (dash < 0) return { cell, result: null };
  const result = value.slice(dash + 1);
  if (result === "miss") return { cell, result: { hit: false, sunk: null } };
  if (result === "hit") return { cell, result: { hit: true, sunk: null } };
  if (rules.duel && result.startsWith("sunk-")) {
    const sunk = rules.fleet.find((known) => known.name === result.slice(5));
    if (sunk) return { cell, result: { hit: true, sunk: sunk.name } };
  }
  throw refusal(`Shot=${value} has no valid result; write CELL, CELL-miss, CELL-hit or CELL-sunk-KIND.`);
}

// The running score (Scoreboard.swift): who has won, from the shots alone.
function scoreboard(rules) {
  const hits = [0, 0];
  const misses = [0, 0];
  const sunk = [new Set(), new Set()];
  return {
    hits, misses, sunk,
    record(result, shooter) {
      if (!result) return;
      if (result.hit) hits[shooter] += 1;
      else misses[shooter] += 1;
      if (result.sunk) sunk[shooter].add(result.sunk);
    },
    // The winning seat, or null while nobody has won.
    decided() {
      if (!rules.duel) {
        if (hits[1] >= rules.fleet.length) return 1;
        if (rules.missesAllowed !== null && misses[1] >= rules.missesAllowed) return 0;
        return null;
      }
      for (const seat of [0, 1]) if (sunk[seat].size >= rules.fleet.length) return seat;
      return null;
    },
  };
}

function replay(state, shots) {
  const { rules } = state;
  if (!shots.length) return;
  if (state.fleets.includes("unplaced")) {
    throw refusal(`Shot=${cellName(rules, shots[0].cell)} comes before the ships are placed.`);
  }
  const score = scoreboard(rules);
  const fired = [new Set(), new Set()];
  shots.forEach((shot, index) => {
    const name = cellName(rules, shot.cell);
    const shooter = shooterOf(rules, index);
    if (score.decided() !== null) throw refusal(`Shot=${name} comes after the game is over.`);
    const isNew = shot.result === null && index === shots.length - 1;
    if (fired[shooter].has(shot.cell)) {
      // A proposal's new shot at a cell fired at before is a move the rules refuse.
      if (isNew) throw refusal(`You already fired at ${name}; a cell counts once.`);
      throw refusal(`${name} is fired at twice by the same player.`);
    }
    fired[shooter].add(shot.cell);
    if (shot.result === null && index !== shots.length - 1) {
      throw refusal(shots.slice(index).every((later) => later.result === null)
        ? `The proposal fires ${shots.length - index} new shots; a move is one shot.`
        : "Only the last shot may be without a result.");
    }
    const fleet = state.fleets[targetOf(rules, shooter)];
    if (shot.result && Array.isArray(fleet)) {
      const actual = resultAt(rules, fleet, shot.cell, fired[shooter]);
      if (actual.hit !== shot.result.hit || actual.sunk !== shot.result.sunk) {
        throw refusal(`Shot=${name} says ${resultWords(shot.result)}, but the ships there say ${resultWords(actual)}.`);
      }
    }
    if (shot.result?.sunk && score.sunk[shooter].has(shot.result.sunk)) {
      throw refusal(`The ${shot.result.sunk} cannot be sunk twice.`);
    }
    score.record(shot.result, shooter);
  });
  state.shots = shots;
}

// What a shot at `cell` finds, by a shooter that has fired at `fired` (this cell among them).
function resultAt(rules, fleet, cell, fired) {
  const ship = fleet.find((placed) => shipCells(rules, placed).includes(cell));
  if (!ship) return { hit: false, sunk: null };
  if (!rules.duel) return { hit: true, sunk: null };
  return { hit: true, sunk: shipCells(rules, ship).every((covered) => fired.has(covered)) ? ship.kind.name : null };
}

// The seed's `Is_Complete` against the shots: a `1` with no shots is the original app's
// finished game, whose guesses never left the phone.
function settle(state, value) {
  if (value !== "0" && value !== "1") throw refusal(`Is_Complete=${value} must be 0 or 1.`);
  const finished = winner(state) !== null;
  if (value === "1" && !finished) {
    if (!state.shots.length && state.fleets[0] !== "unplaced") state.declaredComplete = true;
    else throw refusal("Is_Complete=1, but the shots do not end the game.");
  } else if (value === "0" && finished) {
    throw refusal("Is_Complete=0, but the shots end the game.");
  }
}

function winner(state) {
  const score = scoreboard(state.rules);
  state.shots.forEach((shot, index) => score.record(shot.result, shooterOf(state.rules, index)));
  return score.decided();
}

// What happens next: `{over, winner}` (winner null for a game declared over without one),
// `{placing: seat}` or `{firing: seat}`.
function phase(state) {
  const won = winner(state);
  if (won !== null || state.declaredComplete) return { over: true, winner: won };
  const unplaced = state.fleets.indexOf("unplaced");
  if (unplaced >= 0) return { placing: unplaced };
  return { firing: shooterOf(state.rules, state.shots.length) };
}

// ---- The boards a state shows and hides (BattleshipGame+HiddenBoards.swift) ----

// What `hiddenBoards(in:)` answers, with the `cellNames` its Swift answer carries for messages
// (`B7`). Never null: Battleship always has boards, placed or not. Items that do not decode
// throw the Swift decoder's reason, as `GameCatalog.hiddenBoards(game:in:)` throws; a state
// whose `Variant` is not the session's `variant` is refused as the decoder refuses it.
function hiddenBoards(items, variant) {
  const state = readState(items, variant);
  const { rules } = state;
  const placed = [];
  const shown = {};
  state.fleets.forEach((fleet, seat) => {
    if (fleet === "unplaced") return;
    placed.push(seat);
    if (fleet === "hidden") return;
    const covered = Array(cellCount(rules)).fill(false);
    for (const ship of fleet) for (const cell of cellsOnBoard(rules, ship)) covered[cell] = true;
    shown[seat] = covered;
  });
  const shots = [];
  state.shots.forEach((shot, index) => {
    if (!shot.result) return;
    shots.push({ board: targetOf(rules, shooterOf(rules, index)), cell: shot.cell, hit: shot.result.hit });
  });
  const cellNames = Array.from({ length: cellCount(rules) }, (_, cell) => cellName(rules, cell));
  return { cellCount: cellCount(rules), placed, shown, shots, isOver: phase(state).over === true, cellNames };
}

// ---- What each cell of a board shows (CellMark.swift) ----

// By cell: `mark` ("water", "ship", "miss", "hit", "sunk", "pending"), the ship's kind where it
// is known, and whether it is the newest answered shot at that board.
function marks(state, board) {
  const { rules } = state;
  const cells = Array.from({ length: cellCount(rules) }, () => ({ mark: "water", kind: null, newest: false }));
  const fleet = Array.isArray(state.fleets[board]) ? state.fleets[board] : null;
  for (const ship of fleet ?? []) {
    for (const cell of shipCells(rules, ship)) Object.assign(cells[cell], { mark: "ship", kind: ship.kind.name });
  }
  const shots = state.shots.filter((_, index) => targetOf(rules, shooterOf(rules, index)) === board);
  for (const shot of shots) {
    const { result } = shot;
    cells[shot.cell].mark = !result ? "pending" : result.sunk ? "sunk" : result.hit ? "hit" : "miss";
    if (result?.sunk) cells[shot.cell].kind = result.sunk;
  }
  const newest = shots.filter((shot) => shot.result).pop();
  if (newest) cells[newest.cell].newest = true;
  if (fleet) {
    // The whole ship is known: every cell of a ship hit all over is sunk.
    for (const ship of fleet) {
      const covered = shipCells(rules, ship);
      if (rules.duel && covered.every((cell) => ["hit", "sunk"].includes(cells[cell].mark))) {
        for (const cell of covered) cells[cell].mark = "sunk";
      }
    }
  } else {
    markSunkShips(rules, cells, shots);
  }
  return cells;
}

// On a board whose ships are hidden, a sinking shot names only the ship. Where exactly one line
// of its length runs through that cell over hits fired by then and not taken by another ship,
// the whole line is the ship; otherwise only the sinking cell is marked, never a guess.
function markSunkShips(rules, cells, shots) {
  const firedAt = new Map();
  shots.forEach((shot, order) => { if (shot.result?.hit) firedAt.set(shot.cell, order); });
  const claimed = new Set(shots.filter((shot) => shot.result?.sunk).map((shot) => shot.cell));
  shots.forEach((shot, order) => {
    if (!shot.result?.sunk) return;
    const shipKind = rules.fleet.find((known) => known.name === shot.result.sunk);
    const available = (cell) => cell === shot.cell || (!claimed.has(cell) && (firedAt.get(cell) ?? Infinity) < order);
    const candidates = new Map();
    const [row, column] = [Math.floor(shot.cell / rules.size), shot.cell % rules.size];
    for (const across of [true, false]) {
      for (let offset = 0; offset < shipKind.length; offset++) {
        const origin = cellAt(rules, row - (across ? 0 : offset), column - (across ? offset : 0));
        const covered = origin === null ? null : shipCells(rules, { kind: shipKind, origin, across });
        if (covered && covered.every(available)) candidates.set([...covered].sort((a, b) => a - b).join(","), covered);
      }
    }
    if (candidates.size !== 1) return;
    for (const cell of [...candidates.values()][0]) {
      claimed.add(cell);
      Object.assign(cells[cell], { mark: "sunk", kind: shipKind.name });
    }
  });
}

// ---- Drawing ----

// `view.h` with children that may be absent or lists.
const maker = (view) => (tag, attributes, ...children) =>
  view.h(tag, attributes ?? {}, ...children.flat().filter((child) => child != null && child !== false));

function styled(element, style) {
  Object.assign(element.style, style);
  return element;
}

// Each mark's colours (`ink` for its symbol), outlines (box-shadows) and words. A miss is the
// page's own colour with a dot in `--miss`, which is too close to `--ship` to fill a cell with.
const LOOK = {
  water: { background: COLOUR.water, ink: COLOUR.fg, rings: [], symbol: "", words: "not fired at" },
  ship: { background: COLOUR.ship, ink: COLOUR.bg, rings: [], symbol: "", words: "ship, not fired at" },
  miss: {
    background: COLOUR.bg, ink: COLOUR.miss, rings: [`inset 0 0 0 1px ${COLOUR.miss}`], symbol: "•", words: "miss",
  },
  hit: { background: COLOUR.hit, ink: COLOUR.bg, rings: [], symbol: "✕", words: "hit" },
  sunk: {
    background: COLOUR.hit, ink: COLOUR.bg, rings: [`inset 0 0 0 3px ${COLOUR.fg}`], symbol: "✕", words: "sunk",
  },
  pending: {
    background: COLOUR.yellow, ink: COLOUR.fg, rings: [], symbol: "?", words: "fired at, waiting for the answer",
  },
};

// A board of buttons, one per cell, with the column letters and row numbers along its edges
// (the seed's cells carry their numbers instead). Only one cell is in the tab order; the arrow
// keys, Home and End move between cells. `paint` gives each cell its look: `{mark, background,
// symbol, rings, label, active, pressed}`, rings being box-shadows.
function grid(view, rules, label, { onActivate, onHover } = {}) {
  const h = maker(view);
  const size = rules.size;
  const labelled = !namesByNumber(rules);
  const columns = `repeat(${size}, minmax(0, 1fr))`;
  const element = styled(h("div", { role: "group", "aria-label": label, class: "battleship-grid" }), {
    display: "grid", gap: "2px", width: "100%", gridTemplateColumns: labelled ? `1.25rem ${columns}` : columns,
  });
  const edge = (text) => styled(h("span", { "aria-hidden": "true", class: "battleship-edge" }, text), {
    color: COLOUR.muted, fontSize: "0.75rem", display: "flex", alignItems: "center", justifyContent: "center",
  });
  if (labelled) {
    element.append(edge(""));
    for (let column = 0; column < size; column++) element.append(edge(String.fromCharCode(65 + column)));
  }
  const buttons = [];
  const symbols = [];
  const rove = (cell) => buttons.forEach((button, index) => { button.tabIndex = index === cell ? 0 : -1; });
  const move = (event, cell) => {
    const [row, column] = [Math.floor(cell / size), cell % size];
    const next = {
      ArrowUp: cellAt(rules, row - 1, column), ArrowDown: cellAt(rules, row + 1, column),
      ArrowLeft: cellAt(rules, row, column - 1), ArrowRight: cellAt(rules, row, column + 1),
      Home: row * size, End: row * size + size - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    if (next !== null) buttons[next].focus();
  };
  for (let cell = 0; cell < cellCount(rules); cell++) {
    if (labelled && cell % size === 0) element.append(edge(String(cell / size + 1)));
    const symbol = h("span", { "aria-hidden": "true" });
    const number = labelled ? null : styled(h("span", { "aria-hidden": "true" }, String(cell)), {
      position: "absolute", top: "4px", left: "6px", fontSize: "0.75rem", fontWeight: "400", opacity: "0.7",
    });
    const button = h("button", {
      type: "button", class: "battleship-cell", "data-cell": cellName(rules, cell),
      onclick: () => onActivate?.(cell),
      onkeydown: (event) => move(event, cell),
      onfocus: () => { rove(cell); onHover?.(cell); },
      onmouseenter: () => onHover?.(cell),
    }, number, symbol);
    styled(button, {
      position: "relative", aspectRatio: "1", width: "100%", minWidth: "0", minHeight: "0", margin: "0", padding: "0",
      border: "none", borderRadius: "4px", display: "flex", alignItems: "center", justifyContent: "center",
      font: "inherit", fontWeight: "700", lineHeight: "1", fontSize: labelled ? "1rem" : "2rem",
    });
    buttons.push(button);
    symbols.push(symbol);
    element.append(button);
  }
  rove(0);
  // Off the board the ghost of a ship being placed follows the keyboard's cell, if any.
  element.addEventListener("mouseleave", () => {
    const focused = buttons.indexOf(document.activeElement);
    onHover?.(focused >= 0 ? focused : null);
  });
  return {
    element,
    paint(looks) {
      looks.forEach((look, cell) => {
        const button = buttons[cell];
        button.className = `battleship-cell battleship-${look.mark}`;
        button.setAttribute("aria-label", look.label);
        button.setAttribute("aria-disabled", look.active ? "false" : "true");
        if (look.pressed !== undefined) button.setAttribute("aria-pressed", look.pressed ? "true" : "false");
        styled(button, {
          background: look.background, color: LOOK[look.mark].ink, boxShadow: (look.rings ?? []).join(", ") || "none",
          cursor: look.active ? "pointer" : "default",
        });
        symbols[cell].textContent = look.symbol ?? "";
      });
    },
    // The tab stop: the first cell that acts, else `fallback`.
    rove(looks, fallback = 0) {
      const first = looks.findIndex((look) => look.active);
      rove(first >= 0 ? first : fallback);
    },
  };
}

// A cell in a sentence: `B7`, or the seed's `cell 4` (`Cell 4` to begin one).
const cellWords = (rules, cell, first = false) =>
  (namesByNumber(rules) ? `${first ? "Cell" : "cell"} ${cell}` : cellName(rules, cell));

// How one cell of a board drawn from `marks` looks and reads.
function shotLook(rules, cell, info, { own, fire }) {
  const look = LOOK[info.mark];
  // The newest shot is ringed in yellow, apart from the focus outline in the accent colour.
  const rings = [...look.rings, ...(info.newest ? [`0 0 0 3px ${COLOUR.yellow}`] : [])];
  const ship = `${own ? "your " : ""}${info.kind ?? "ship"}`;
  let words = look.words;
  if (info.mark === "ship") words = `${ship}, not fired at`;
  if (info.mark === "hit" && own && info.kind) words = `${ship}, hit`;
  if (info.mark === "sunk" && info.kind) words = `sunk ${info.kind}`;
  if (info.newest) words += ", newest shot";
  const active = fire && info.mark === "water";
  return {
    mark: info.mark, background: look.background, symbol: look.symbol, rings, active,
    label: active ? `Fire at ${cellWords(rules, cell)}` : `${cellWords(rules, cell, true)}, ${words}`,
  };
}

const BOARD_WIDTH = { seed: "14rem", classic: "22.5rem" };

function figure(view, rules, title, ...children) {
  const h = maker(view);
  const caption = styled(h("figcaption", { class: "battleship-title" }, title), {
    fontWeight: "600", marginBottom: "0.4rem",
  });
  return styled(h("figure", { class: "battleship-board" }, caption, ...children), {
    margin: "0", flex: `0 1 ${BOARD_WIDTH[rules.id]}`, minWidth: "0",
  });
}

// Boards (or controls) side by side where the window is wide enough, else one above the other.
function row(view, className, ...children) {
  return styled(maker(view)("div", { class: className }, ...children), {
    display: "flex", flexWrap: "wrap", gap: "1.5rem", alignItems: "flex-start", justifyContent: "center",
  });
}

function note(view, text, live = false) {
  const attributes = { class: "battleship-note" };
  if (live) Object.assign(attributes, { role: "status", "aria-live": "polite" });
  return styled(maker(view)("p", attributes, text), { margin: "0.5rem 0", textAlign: "center" });
}

function legend(view, rules) {
  const h = maker(view);
  const entries = ["ship", "hit", ...(rules.duel ? ["sunk"] : []), "miss", "water"].map((mark) => {
    const swatch = styled(h("span", { "aria-hidden": "true" }, LOOK[mark].symbol), {
      display: "inline-flex", alignItems: "center", justifyContent: "center", width: "1rem", height: "1rem",
      borderRadius: "3px", background: LOOK[mark].background, color: LOOK[mark].ink, fontSize: "0.7rem",
      fontWeight: "700", verticalAlign: "middle", marginRight: "0.3rem",
      boxShadow: LOOK[mark].rings.join(", ") || "none",
    });
    return h("li", { class: "battleship-legend-entry" }, swatch, mark === "water" ? "not fired at" : mark);
  });
  return styled(h("ul", { class: "battleship-legend", "aria-label": "What the cells show" }, ...entries), {
    display: "flex", flexWrap: "wrap", gap: "0.4rem 1rem", justifyContent: "center", color: COLOUR.muted,
    fontSize: "0.85rem", margin: "0.5rem 0", padding: "0", listStyle: "none",
  });
}

function button(view, text, onclick) {
  const made = maker(view)("button", { type: "button", class: "battleship-button", "aria-label": text, onclick }, text);
  return styled(made, { minHeight: "2.25rem", padding: "0.3rem 0.8rem" });
}

// Sends `items`, held while the client sends (when it says so with a promise), so that a
// double click is one proposal; the client redraws once the move is accepted, or shows the
// refusal and lets the player choose again. False when a proposal is still being sent.
function proposer(view) {
  let sending = false;
  return (items) => {
    if (sending) return false;
    const sent = view.propose(items);
    if (sent && typeof sent.then === "function") {
      sending = true;
      const release = () => { sending = false; };
      sent.then(release, release);
    }
    return true;
  };
}

// ---- The boards while the game is played ----

// Whose side the boards are drawn from: the viewer's seat, or the seat a newcomer takes by
// firing. Not the fleet a state shows: a reveal shows every fleet to everyone.
function ownSeat(view, now) {
  if (view.seat != null) return view.seat;
  return view.canMove && now.firing !== undefined ? now.firing : null;
}

// The boards with their titles. A player's target comes first, as the upright grid of the
// board game: on a phone it is the one on screen, and the one a player acts on.
function titledBoards(rules, own) {
  if (!rules.duel) return [[0, own === 0 ? "Your ships" : own === 1 ? "Find the ships" : "The hidden ships"]];
  if (own === null) return [[0, "Player 1's fleet"], [1, "Player 2's fleet"]];
  return [[1 - own, "Enemy fleet"], [own, "Your fleet"]];
}

function playing(view, state, now) {
  const { rules } = state;
  const h = maker(view);
  const own = ownSeat(view, now);
  const mayFire = view.canMove && now.firing !== undefined && own === now.firing;
  const target = mayFire ? targetOf(rules, now.firing) : null;
  const status = note(view, "", true);
  const send = proposer(view);
  // The cell fired at and not answered yet: another cell may still be chosen instead (the
  // server takes one shot), the same one is not sent twice.
  let pending = null;
  const figures = titledBoards(rules, own).map(([board, title]) => {
    const options = { own: board === own, fire: board === target };
    const named = state.fleets[board] === "unplaced" ? `${title} (not placed)` : title;
    const cells = marks(state, board);
    const fire = (cell) => {
      if (!options.fire) return;
      if (cell === pending) {
        status.textContent = `Waiting for the answer to ${cellWords(rules, cell)}.`;
      } else if (cells[cell].mark !== "water") {
        status.textContent = `${cellWords(rules, cell, true)} has been fired at already.`;
      } else if (send(withShot(view.items, cellName(rules, cell)))) {
        pending = cell;
        status.textContent = `Firing at ${cellWords(rules, cell)}…`;
        const waiting = { mark: "pending", kind: null, newest: false };
        drawn.paint(cells.map((info, index) => shotLook(rules, index, index === cell ? waiting : info, options)));
      }
    };
    const drawn = grid(view, rules, named, { onActivate: fire });
    const looks = cells.map((info, cell) => shotLook(rules, cell, info, options));
    drawn.paint(looks);
    drawn.rove(looks, Math.max(0, cells.findIndex((info) => info.newest)));
    return figure(view, rules, named, drawn.element);
  });
  status.textContent = view.finished && !now.over ? "This game is over." : situation(rules, now, own, mayFire);
  const score = scoreLine(state, own);
  return h("div", { class: "battleship" },
    status, row(view, "battleship-boards", ...figures), score && note(view, score), legend(view, rules));
}

// The proposal: the items shown with one shot after the last one (before the seed's
// `Is_Complete`), the usual proposal the server reads from that item alone.
function withShot(items, cell) {
  const lastShot = items.map(([name]) => name).lastIndexOf("Shot");
  const complete = items.findIndex(([name]) => name === "Is_Complete");
  const at = lastShot >= 0 ? lastShot + 1 : complete >= 0 ? complete : items.length;
  return [...items.slice(0, at), ["Shot", cell], ...items.slice(at)];
}

function situation(rules, now, own, mayFire) {
  const player = (seat) => `Player ${seat + 1}`;
  if (now.over && now.winner === null) return "This game is over.";
  if (now.over && !rules.duel) {
    const misses = `${rules.missesAllowed} misses`;
    if (now.winner === 1) {
      if (own === null) return "The guesser found both ships.";
      return own === 1 ? "You found both ships!" : "Your ships were found.";
    }
    return own === 0 ? `${misses}: your ships stayed hidden. You win!`
      : own === 1 ? `${misses}: you lose.` : `${misses}: the ships stayed hidden.`;
  }
  if (now.over) {
    if (own === null) return `${player(now.winner)} sank the whole enemy fleet.`;
    return own === now.winner ? "You sank the whole enemy fleet!" : "Your fleet was sunk.";
  }
  if (now.placing !== undefined) {
    if (own === null) return `Waiting for ${player(now.placing)} to place their fleet.`;
    return own === now.placing ? "Place your fleet." : "Waiting for the other player to place their fleet.";
  }
  if (mayFire) return rules.duel ? "Your turn: fire at the enemy fleet." : "Find the ships: pick a cell.";
  if (!rules.duel) return own === 0 ? "Waiting for the guesser." : "The guesser is looking for the ships.";
  if (own === null) return `${player(now.firing)} fires next.`;
  return own === now.firing ? "Your turn." : "Waiting for the enemy's shot.";
}

// Where the game stands, once shots have been fired (BoardRenderer.score).
function scoreLine(state, own) {
  const { rules } = state;
  if (!state.shots.length) return null;
  const count = rules.fleet.length;
  const score = scoreboard(rules);
  state.shots.forEach((shot, index) => score.record(shot.result, shooterOf(rules, index)));
  if (!rules.duel) return `Found ${score.hits[1]} of ${count}, misses ${score.misses[1]} of ${rules.missesAllowed}`;
  const afloat = (seat) => count - score.sunk[1 - seat].size;
  if (own === null) return `Afloat: Player 1's ships ${afloat(0)} of ${count}, Player 2's ${afloat(1)} of ${count}`;
  return `Afloat: your ships ${afloat(own)} of ${count}, theirs ${afloat(1 - own)} of ${count}`;
}

// ---- Placing a fleet ----

// The proposal: the items shown with the fleet's items where the server writes them, after
// the other fleets (and `Variant=classic` first); the seed's with `Is_Complete=0` last.
function withFleet(rules, items, seat, ships) {
  const placed = canonical(rules, ships).map((ship) => rules.duel
    ? ["Ship", `${seat}-${ship.kind.name}-${cellName(rules, ship.origin)}-${ship.across ? "h" : "v"}`]
    : ["Ship_Location", cellName(rules, ship.origin)]);
  if (!rules.duel) {
    const complete = items.findIndex(([name]) => name === "Is_Complete");
    if (complete < 0) return [...items, ...placed, ["Is_Complete", "0"]];
    return [...items.slice(0, complete), ...placed, ...items.slice(complete)];
  }
  const base = items.some(([name]) => name === "Variant") ? items : [["Variant", rules.id], ...items];
  const names = base.map(([name]) => name);
  const at = Math.max(names.lastIndexOf("Variant"), names.lastIndexOf("Ship"), names.lastIndexOf("Hidden")) + 1;
  return [...base.slice(0, at), ...placed, ...base.slice(at)];
}

// The seed's hider picks two cells; a cell picked again is taken back.
function hideBoats(view, rules, items) {
  const h = maker(view);
  const count = rules.fleet.length;
  // The cells chosen before a reload come back (`view.draft`) until the boats are sent.
  const chosen = [...new Set(view.draft?.value?.cells ?? [])]
    .filter((cell) => Number.isInteger(cell) && cell >= 0 && cell < cellCount(rules)).slice(0, count);
  const send = proposer(view);
  const status = note(view, `Hide your ${count} boats: pick ${count} cells.`, true);
  const hide = button(view, "Hide boats", () => {
    if (chosen.length !== count) return;
    const boats = chosen.map((origin) => ({ kind: rules.fleet[0], origin, across: true }));
    if (send(withFleet(rules, items, 0, boats))) {
      view.draft?.drop();
      status.textContent = "Hiding your boats…";
    }
  });
  const toggle = (cell) => {
    const at = chosen.indexOf(cell);
    if (at < 0 && chosen.length === count) {
      status.textContent = `${count} boats are hidden already: pick one of them to take it back.`;
      return;
    }
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push(cell);
    view.draft?.keep({ cells: chosen });
    paint();
    const names = [...chosen].sort((a, b) => a - b).map(String);
    status.textContent = chosen.length === count
      ? `Boats at ${names.join(" and ")}. Hide boats sends them.`
      : `${chosen.length ? `A boat at ${names[0]}. ` : ""}Pick ${count - chosen.length} more.`;
  };
  const board = grid(view, rules, "Your ships: pick the cells to hide your boats in", { onActivate: toggle });
  const paint = () => {
    board.paint(Array.from({ length: cellCount(rules) }, (_, cell) => {
      const boat = chosen.includes(cell);
      const mark = boat ? "ship" : "water";
      return {
        mark, background: LOOK[mark].background, active: true, pressed: boat,
        label: `Cell ${cell}, ${boat ? "boat" : "empty"}`,
      };
    }));
    hide.disabled = chosen.length !== count;
  };
  paint();
  return h("div", { class: "battleship battleship-placing" }, status,
    row(view, "battleship-boards", figure(view, rules, "Your ships", board.element)),
    styled(row(view, "battleship-actions", hide), { marginTop: "0.75rem" }));
}

// Classic: pick a ship, turn it (the button or `r`), click the cell it starts from; "Random
// fleet" places the ships not placed yet (a whole new fleet once all are), "Place fleet" sends.
// A ship picked again is moved where the next click puts it.
function placeFleet(view, rules, items, seat) {
  const h = maker(view);
  const ships = new Map();
  let selected = rules.fleet[0];
  let across = true;
  let hover = null;
  const send = proposer(view);
  const status = note(view, "", true);
  const title = (shipKind) => shipKind.name[0].toUpperCase() + shipKind.name.slice(1);
  const direction = () => (across ? "across" : "down");
  const prompt = () => (ships.size === rules.fleet.length
    ? "Every ship is placed: Place fleet sends them, or pick a ship to move it."
    : `${title(selected)}, ${selected.length} cells ${direction()}: pick the cell it starts from. r turns it.`);
  const select = (shipKind) => {
    selected = shipKind;
    paint();
    status.textContent = prompt();
  };
  const rotate = () => {
    across = !across;
    paint();
    status.textContent = prompt();
  };
  const pickers = rules.fleet.map((shipKind) => button(view, title(shipKind), () => select(shipKind)));
  const turn = button(view, "Across", rotate);
  turn.setAttribute("aria-keyshortcuts", "r");
  const random = button(view, "Random fleet", () => {
    const kept = ships.size === rules.fleet.length ? [] : [...ships.values()];
    ships.clear();
    for (const ship of randomFleet(rules, kept)) ships.set(ship.kind.name, ship);
    keep();
    paint();
    status.textContent = "A fleet at random. Place fleet sends it.";
  });
  const clear = button(view, "Clear", () => {
    ships.clear();
    keep();
    selected = rules.fleet[0];
    paint();
    status.textContent = prompt();
  });
  const place = button(view, "Place fleet", () => {
    if (ships.size !== rules.fleet.length) return;
    if (send(withFleet(rules, items, seat, [...ships.values()]))) {
      view.draft?.drop();
      status.textContent = "Placing your fleet…";
    }
  });
  const cellsOf = (ship) => shipCells(rules, ship);
  // The ships placed before a reload come back (`view.draft`) until the fleet is sent: each
  // one that still fits, in the order it was placed.
  const keep = () => view.draft?.keep({
    ships: [...ships.values()].map((ship) => ({ kind: ship.kind.name, origin: ship.origin, across: ship.across })),
  });
  for (const kept of view.draft?.value?.ships ?? []) {
    const kind = rules.fleet.find((each) => each.name === kept?.kind);
    if (!kind || ships.has(kind.name) || !Number.isInteger(kept.origin) || kept.origin < 0 || kept.origin >= cellCount(rules)) continue;
    const ship = { kind, origin: kept.origin, across: kept.across === true };
    const cells = cellsOf(ship);
    if (!cells || [...ships.values()].some((placed) => cellsOf(placed).some((cell) => cells.includes(cell)))) continue;
    ships.set(kind.name, ship);
  }
  selected = rules.fleet.find((shipKind) => !ships.has(shipKind.name)) ?? selected;
  const put = (cell) => {
    const cells = cellsOf({ kind: selected, origin: cell, across });
    if (!cells) {
      status.textContent = `The ${selected.name} does not fit there: it would leave the board. Press r to turn it.`;
      return;
    }
    const crossed = (placed) => placed.kind !== selected && cellsOf(placed).some((covered) => cells.includes(covered));
    const other = [...ships.values()].find(crossed);
    if (other) {
      const at = cellName(rules, cells.find((covered) => cellsOf(other).includes(covered)));
      status.textContent = `The ${selected.name} would cross the ${other.kind.name} at ${at}. `
        + `Pick the ${other.kind.name} to move it.`;
      return;
    }
    ships.set(selected.name, { kind: selected, origin: cell, across });
    keep();
    const placed = `The ${selected.name} is at ${cellName(rules, cell)}, ${direction()}.`;
    selected = rules.fleet.find((shipKind) => !ships.has(shipKind.name)) ?? selected;
    paint();
    status.textContent = `${placed} ${prompt()}`;
  };
  const board = grid(view, rules, "Your fleet: the cell a ship starts from", {
    onActivate: put,
    onHover: (cell) => { hover = cell; paint(); },
  });
  // The ships placed, and the ghost of the picked one from the cell under the pointer or focus:
  // outlined where it fits, red where it would leave the board or cross another ship.
  const paint = () => {
    const owner = Array(cellCount(rules)).fill(null);
    for (const ship of ships.values()) for (const cell of cellsOf(ship)) owner[cell] = ship.kind;
    const ghost = hover === null ? [] : cellsOnBoard(rules, { kind: selected, origin: hover, across });
    const fits = ghost.length === selected.length && ghost.every((cell) => [null, selected].includes(owner[cell]));
    board.paint(owner.map((shipKind, cell) => {
      const mark = shipKind ? "ship" : "water";
      const rings = [];
      if (ghost.includes(cell)) rings.push(`inset 0 0 0 3px ${fits ? COLOUR.accent : COLOUR.red}`);
      else if (shipKind === selected) rings.push(`inset 0 0 0 2px ${COLOUR.accent}`);
      const background = ghost.includes(cell) && fits && !shipKind
        ? `color-mix(in srgb, ${COLOUR.ship} 35%, ${COLOUR.water})` : LOOK[mark].background;
      return { mark, background, rings, active: true, label: `${cellName(rules, cell)}, ${shipKind?.name ?? "empty"}` };
    }));
    rules.fleet.forEach((shipKind, index) => {
      const ship = ships.get(shipKind.name);
      const picked = shipKind === selected;
      const where = ship ? `at ${cellName(rules, ship.origin)} ${ship.across ? "across" : "down"}` : "not placed";
      pickers[index].textContent = `${title(shipKind)} ${shipKind.length}${ship ? " ✓" : ""}`;
      pickers[index].setAttribute("aria-pressed", picked ? "true" : "false");
      pickers[index].setAttribute("aria-label", `${title(shipKind)}, ${shipKind.length} cells, ${where}`);
      styled(pickers[index], {
        fontWeight: picked ? "700" : "400", boxShadow: picked ? `inset 0 0 0 2px ${COLOUR.accent}` : "none",
      });
    });
    turn.textContent = across ? "Across ⟷" : "Down ↕";
    turn.setAttribute("aria-label", `${across ? "Across" : "Down"}: turn the ship (r)`);
    place.disabled = ships.size !== rules.fleet.length;
  };
  paint();
  status.textContent = prompt();
  const wrapped = (element) => styled(element, { display: "flex", flexWrap: "wrap", gap: "0.4rem" });
  const controls = styled(h("div", { class: "battleship-controls" },
    wrapped(h("div", { role: "group", "aria-label": "Ships" }, ...pickers)),
    wrapped(h("div", { class: "battleship-actions" }, turn, random, clear, place))), {
    display: "flex", flexDirection: "column", gap: "0.75rem", flex: `0 1 ${BOARD_WIDTH.classic}`, minWidth: "0",
  });
  return h("div", {
    class: "battleship battleship-placing",
    onkeydown: (event) => {
      if (event.key.toLowerCase() !== "r" || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      rotate();
    },
  }, status, row(view, "battleship-boards", figure(view, rules, "Your fleet", board.element), controls));
}

// `kept` and the rest of the fleet, largest first, each where it fits at random
// (RandomFleet.swift); a whole fleet at random when the ships kept leave no room.
function randomFleet(rules, kept) {
  const order = [...rules.fleet].sort((a, b) => b.length - a.length);
  for (let attempt = 0; attempt < 100; attempt++) {
    const ships = attempt < 50 ? [...kept] : [];
    const taken = new Set(ships.flatMap((ship) => shipCells(rules, ship)));
    for (const shipKind of order) {
      if (ships.some((ship) => ship.kind === shipKind)) continue;
      const fits = [];
      for (let origin = 0; origin < cellCount(rules); origin++) {
        for (const across of [true, false]) {
          const cells = shipCells(rules, { kind: shipKind, origin, across });
          if (cells && cells.every((cell) => !taken.has(cell))) fits.push({ kind: shipKind, origin, across });
        }
      }
      if (!fits.length) break;
      const ship = fits[Math.floor(Math.random() * fits.length)];
      for (const cell of shipCells(rules, ship)) taken.add(cell);
      ships.push(ship);
    }
    if (ships.length === rules.fleet.length) return ships;
  }
  return kept;
}

export default {
  draw(view) {
    let state;
    try {
      state = readState(view.items, view.variant);
    } catch (error) {
      const reason = `This state cannot be read: ${error.reason ?? error.message}`;
      return maker(view)("p", { class: "battleship battleship-error", role: "alert" }, reason);
    }
    const now = phase(state);
    const { rules } = state;
    if (now.placing !== undefined && view.canMove && (view.seat == null || view.seat === now.placing)) {
      return rules.duel ? placeFleet(view, rules, view.items, now.placing) : hideBoats(view, rules, view.items);
    }
    return playing(view, state, now);
  },

  // Seat 0 opens either variant by placing its fleet.
  start(view) {
    const rules = RULES[view.variant] ?? RULES.seed;
    return rules.duel ? placeFleet(view, rules, [], 0) : hideBoats(view, rules, []);
  },

  hiddenBoards,

  // This game's texts as the player who made the move reads them, where the person changes the
  // words ("You placed your ships first." for "MOVER placed their ships! Place yours, …"), as
  // the terminal's `moversWords`; undefined for any other text.
  moversWords(text, mover) {
    return {
      [`${mover} placed their ships! Can you find them?`]: "You hid your ships.",
      [`${mover} placed their ships`]: "You placed your ships",
      [`${mover} placed their ships! Place yours, then find theirs.`]: "You placed your ships first.",
      [`${mover} placed their ships too. Fire away!`]: "You placed your ships too. Fire away!",
    }[text];
  },
};
