// Four in a Row in the web client (docs/WEBCLIENT.md): the board of 7 columns and 6 rows as
// SVG, and, while the viewer may move, a button over each column that drops a disc into it.
// The state is one `Drop=N` item per disc, N from 1 to 7, oldest first; the first, third,
// fifth… disc is red. The server judges every move, so a board it sent is drawn as it is.

const COLUMNS = 7;
const ROWS = 6;
const CELL = 44;
const MARGIN = 8;
const WIDTH = MARGIN * 2 + CELL * COLUMNS;
const BOARD_HEIGHT = MARGIN * 2 + CELL * ROWS;
const HEIGHT = BOARD_HEIGHT + 20;
const COLOURS = ["var(--red, #e5484d)", "var(--yellow, #f5d90a)"];
const NAMES = ["red", "yellow"];
const TITLES = ["Red", "Yellow"];

// The discs of `items`: their columns (0 to 6) in order, and each column's stack, bottom first,
// of the players (0 red, 1 yellow) whose discs are there. A drop the board has no room for is
// passed over, as the server's drawing does.
function board(items) {
  const stacks = Array.from({ length: COLUMNS }, () => []);
  const drops = [];
  for (const [name, value] of items) {
    if (name !== "Drop" || !/^[1-7]$/.test(value)) continue;
    const column = Number(value) - 1;
    if (stacks[column].length >= ROWS) continue;
    stacks[column].push(drops.length % 2);
    drops.push(column);
  }
  return { drops, stacks };
}

// The first four in a line, looked for in the server's order (FourInARowState.winningLine):
// from each disc, columns left to right and each from the bottom, across, up and both diagonals.
function winningLine(stacks) {
  const owner = (column, row) => (column >= 0 && column < COLUMNS && row >= 0 ? stacks[column][row] : undefined);
  for (let column = 0; column < COLUMNS; column++) {
    for (let row = 0; row < stacks[column].length; row++) {
      const player = stacks[column][row];
      for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        const line = [0, 1, 2, 3].map((step) => [column + dc * step, row + dr * step]);
        if (line.every(([c, r]) => owner(c, r) === player)) return { player, line };
      }
    }
  }
  return null;
}

const centre = (column, row) => [MARGIN + column * CELL + CELL / 2, MARGIN + (ROWS - 1 - row) * CELL + CELL / 2];

function describe(stacks) {
  const columns = stacks.map((stack, column) =>
    `column ${column + 1}: ${stack.length ? stack.map((player) => NAMES[player]).join(", ") : "empty"}`);
  return `Four in a Row board, each column from the bottom up. ${columns.join("; ")}.`;
}

function caption(drops, stacks, win) {
  const count = drops.length === 1 ? "1 disc" : `${drops.length} discs`;
  if (win) {
    const cells = win.line.map(([c, r]) => `column ${c + 1} row ${r + 1}`).join(", ");
    return `${count}. ${TITLES[win.player]} has four in a row: ${cells}.`;
  }
  if (drops.length === COLUMNS * ROWS) return `${count}. The board is full: a draw.`;
  if (!drops.length) return "No discs yet.";
  const last = drops.length - 1;
  return `${count}. The last, ${NAMES[last % 2]}, fell into column ${drops[last] + 1}.`;
}

function boardPicture(view, state, win) {
  const s = view.svg;
  const { drops, stacks } = state;
  const picture = s("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": describe(stacks), class: "fourinarow-board",
  });
  picture.style.display = "block";
  picture.style.width = "100%";
  picture.style.height = "auto";
  const frame = s("rect", { x: "0", y: "0", width: String(WIDTH), height: String(BOARD_HEIGHT), rx: "10" });
  frame.style.fill = "var(--accent, #1f5fbf)";
  picture.append(frame);
  const winning = new Set((win ? win.line : []).map(([c, r]) => `${c}-${r}`));
  const newest = drops.length ? [drops[drops.length - 1], stacks[drops[drops.length - 1]].length - 1] : null;
  for (let column = 0; column < COLUMNS; column++) {
    for (let row = 0; row < ROWS; row++) {
      const [x, y] = centre(column, row);
      const player = stacks[column][row];
      const disc = s("circle", {
        cx: String(x), cy: String(y), r: String(CELL / 2 - 5),
        class: `disc ${player === undefined ? "empty" : NAMES[player]}`, "data-cell": `${column + 1}-${row + 1}`,
      });
      disc.style.fill = player === undefined ? "var(--bg, #ffffff)" : COLOURS[player];
      picture.append(disc);
      if (newest && newest[0] === column && newest[1] === row) {
        // The newest disc is ringed, dashed, as on the server's pages.
        const ring = s("circle", {
          cx: String(x), cy: String(y), r: String(CELL / 2 - 10), fill: "none", "stroke-width": "3",
          "stroke-dasharray": "4 3", class: "newest",
        });
        ring.style.stroke = "var(--bg, #ffffff)";
        picture.append(ring);
      }
    }
    const number = s("text", {
      x: String(MARGIN + column * CELL + CELL / 2), y: String(HEIGHT - 5), "text-anchor": "middle", "font-size": "13",
    }, String(column + 1));
    number.style.fill = "var(--muted, #6e6e73)";
    picture.append(number);
  }
  if (win) {
    const [x1, y1] = centre(...win.line[0]);
    const [x2, y2] = centre(...win.line[3]);
    const stroke = s("line", {
      x1: String(x1), y1: String(y1), x2: String(x2), y2: String(y2), "stroke-width": "8", "stroke-linecap": "round",
      class: "winning-line",
    });
    stroke.style.stroke = "var(--fg, #1d1d1f)";
    stroke.style.opacity = "0.75";
    picture.append(stroke);
    for (const [c, r] of win.line) {
      const [x, y] = centre(c, r);
      const ring = s("circle", {
        cx: String(x), cy: String(y), r: String(CELL / 2 - 5), fill: "none", "stroke-width": "4", class: "winning",
      });
      ring.style.stroke = "var(--fg, #1d1d1f)";
      picture.append(ring);
    }
  }
  return picture;
}

// A disc shown, faint, where a disc dropped into the column under the pointer or focus would land.
function ghostDisc(view, player) {
  const ghost = view.svg("circle", { cx: "0", cy: "0", r: String(CELL / 2 - 5), class: "ghost", "aria-hidden": "true" });
  ghost.style.fill = COLOURS[player];
  ghost.style.opacity = "0.45";
  ghost.style.visibility = "hidden";
  return ghost;
}

// One button per column, over the board's columns, each proposing the shown items plus its
// disc. Only one is in the tab order; Left and Right (Home, End) move between the open ones.
function columnButtons(view, state, items, picture) {
  const { drops, stacks } = state;
  const player = drops.length % 2;
  const ghost = ghostDisc(view, player);
  picture.append(ghost);
  const row = view.h("div", {
    role: "group", "aria-label": `Columns: drop a ${NAMES[player]} disc`, class: "fourinarow-columns",
  });
  row.style.display = "grid";
  row.style.gridTemplateColumns = `repeat(${COLUMNS}, 1fr)`;
  // Percentages of the board's width, so each button sits over its column at any size.
  row.style.padding = `0 ${(MARGIN / WIDTH) * 100}%`;
  row.style.marginBottom = "6px";
  const buttons = [];
  let sending = false;
  const show = (column) => {
    if (stacks[column].length >= ROWS) return;
    const [x, y] = centre(column, stacks[column].length);
    ghost.setAttribute("cx", String(x));
    ghost.setAttribute("cy", String(y));
    ghost.style.visibility = "visible";
  };
  // The pointer leaving a column shows the focused one's disc again, if a button has the focus.
  const hide = () => {
    const focused = buttons.indexOf(document.activeElement);
    if (focused >= 0) show(focused);
    else ghost.style.visibility = "hidden";
  };
  const drop = (column) => {
    if (sending || stacks[column].length >= ROWS) return;
    // A double click is one proposal: clicks are held until the client's promise settles, when
    // it returns one, else for a moment; the client then draws the next state or the refusal.
    sending = true;
    const release = () => { sending = false; };
    const sent = view.propose([...items, ["Drop", String(column + 1)]]);
    if (sent && typeof sent.then === "function") sent.then(release, release);
    else setTimeout(release, 1500);
  };
  const move = (from, step) => {
    for (let column = from + step; column >= 0 && column < COLUMNS; column += step) {
      if (!buttons[column].disabled) return focus(column);
    }
  };
  const focus = (column) => buttons[column].focus();
  // The button focused last, by keys, pointer or script, is the one Tab comes back to.
  const focused = (column) => {
    for (const button of buttons) button.tabIndex = button === buttons[column] ? 0 : -1;
    show(column);
  };
  for (let column = 0; column < COLUMNS; column++) {
    const mark = view.svg("svg", { viewBox: "0 0 20 20", width: "20", height: "20", "aria-hidden": "true" },
      view.svg("path", { d: "M4 6 L16 6 L10 15 Z" }));
    mark.firstChild.style.fill = COLOURS[player];
    mark.firstChild.style.stroke = "var(--fg, #1d1d1f)";
    mark.firstChild.style.strokeWidth = "1";
    const button = view.h("button", {
      type: "button", class: "fourinarow-column", "aria-label": `Drop a disc in column ${column + 1}`,
      "data-column": String(column + 1),
      onclick: () => drop(column),
      onfocus: () => focused(column), onblur: hide, onmouseenter: () => show(column), onmouseleave: hide,
      onkeydown: (event) => {
        const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
        if (step) move(column, step);
        else if (event.key === "Home") move(-1, 1);
        else if (event.key === "End") move(COLUMNS, -1);
        else return;
        event.preventDefault();
      },
    }, mark);
    button.disabled = stacks[column].length >= ROWS;
    button.tabIndex = -1;
    button.style.margin = "0 2px";
    button.style.minHeight = "40px";
    button.style.padding = "0";
    button.style.display = "flex";
    button.style.alignItems = "center";
    button.style.justifyContent = "center";
    if (button.disabled) button.style.opacity = "0.35";
    buttons.push(button);
    row.append(button);
  }
  // The middle column is where Tab lands first, or the open column nearest to it.
  const open = [3, 2, 4, 1, 5, 0, 6].find((column) => !buttons[column].disabled);
  if (open !== undefined) buttons[open].tabIndex = 0;
  return row;
}

function game(view, items, canMove) {
  const state = board(items);
  const win = winningLine(state.stacks);
  const picture = boardPicture(view, state, win);
  const root = view.h("div", { class: "fourinarow" });
  root.style.width = "100%";
  root.style.maxWidth = "440px";
  root.style.margin = "0 auto";
  if (canMove && !win && state.drops.length < COLUMNS * ROWS) root.append(columnButtons(view, state, items, picture));
  root.append(picture);
  const text = view.h("p", { class: "fourinarow-caption" }, caption(state.drops, state.stacks, win));
  text.style.color = "var(--muted, #6e6e73)";
  text.style.textAlign = "center";
  root.append(text);
  return root;
}

export default {
  draw(view) {
    return game(view, view.items, view.canMove);
  },
  // A new game: the empty board, the first (red) disc to drop.
  start(view) {
    return game(view, [], true);
  },
  // The winning move's words as its mover reads them ("…: you win."), as the terminal's
  // `moversWords`; undefined for any other text.
  moversWords(text, mover) {
    const [start, end] = [`Four in a Row. ${mover} `, `: ${mover} wins.`];
    if (!text.startsWith(start) || !text.endsWith(end) || text.length < start.length + end.length) return undefined;
    return `Four in a Row. You ${text.slice(start.length, text.length - end.length)}: you win.`;
  },
};
