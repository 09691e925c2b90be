// Ice Cream in the web client (docs/WEBCLIENT.md): the ice cream as it stands, drawn as the
// server's page draws it (IceCreamSVG: base, then scoops, then topping), and, while the viewer
// may make the next step, a button for each choice of the next part. The state is the original
// app's query, `Base=base01&Scoops=scoops03&Topping=topping07`, only the parts that are set.

// The parts in building order: the query item's name, the prompt for it, and its choices as
// [URL value, name, colour]. Names and colours are those of Parts.swift and IceCreamPalette.swift;
// the palette has no colour for the last four toppings, which are given their own here.
const PARTS = [
  {
    item: "Base", name: "base", prompt: "Select a base",
    choices: [
      ["base01", "waffle cone", "#d9a066"], ["base02", "sugar cone", "#e8c48a"],
      ["base03", "cake cone", "#f2dcb3"], ["base04", "cup", "#ff9ecb"],
    ],
  },
  {
    item: "Scoops", name: "scoops", prompt: "Add some scoops",
    choices: [
      ["scoops01", "vanilla", "#f7efcf"], ["scoops02", "chocolate", "#6b3e26"], ["scoops03", "strawberry", "#f7a1b5"],
      ["scoops04", "mint chocolate chip", "#b8f2d8"], ["scoops05", "pistachio", "#b5d99c"],
      ["scoops06", "cookies and cream", "#e0dcd5"], ["scoops07", "salted caramel", "#d89b57"],
      ["scoops08", "mango", "#ffc24b"], ["scoops09", "blueberry", "#8c9eff"], ["scoops10", "coffee", "#a47551"],
    ],
  },
  {
    item: "Topping", name: "topping", prompt: "Finish with a topping",
    choices: [
      ["topping01", "rainbow sprinkles", "#ff4fa3"], ["topping02", "hot fudge", "#4a2511"],
      ["topping03", "whipped cream", "#ffffff"], ["topping04", "cherries", "#d2042d"],
      ["topping05", "caramel sauce", "#c68e17"], ["topping06", "chopped nuts", "#8b5a2b"],
      ["topping07", "chocolate chips", "#3b2314"], ["topping08", "marshmallows", "#fff5f8"],
      ["topping09", "gummy bears", "#ff6f91"], ["topping10", "cookie crumbs", "#c49a6c"],
      ["topping11", "toasted coconut", "#c8a06a"], ["topping12", "fresh berries", "#5b2a86"],
    ],
  },
];
const OUTLINE = "#00000026";
// Small bits have a darker edge, so that they show on scoops of their own colour.
const BIT_OUTLINE = "#00000045";

// Reads the items as the server does (IceCreamGame.decode): a known name with one of its
// values sets that part, a later one winning; anything else is passed over. `null` for a part
// not chosen, else its choice.
function iceCream(items) {
  const chosen = PARTS.map(() => null);
  for (const [name, value] of items) {
    const index = PARTS.findIndex((part) => part.item === name);
    const choice = index < 0 ? undefined : PARTS[index].choices.find(([v]) => v === value);
    if (choice) chosen[index] = choice;
  }
  return chosen;
}

// "waffle cone with strawberry scoops and rainbow sprinkles on top", as IceCream.spokenDescription.
function describe([base, scoops, topping]) {
  const extras = [scoops && `${scoops[1]} scoops`, topping && `${topping[1]} on top`].filter(Boolean);
  if (!base) return extras.length ? extras.join(" and ") : "nothing chosen yet";
  return extras.length ? `${base[1]} with ${extras.join(" and ")}` : base[1];
}

// The drawing's shapes, on IceCreamSVG's 200x260 grid. `shape(tag, attributes)` makes one.
function baseShapes(shape, [value, , colour]) {
  if (value === "base04") return [shape("path", { d: "M45 150 L155 150 L140 240 L60 240 Z", fill: colour })];
  return [
    shape("path", { d: "M50 150 L150 150 L100 250 Z", fill: colour }),
    shape("path", { d: "M62 170 L138 170 M74 195 L126 195 M86 220 L114 220", stroke: "#8a5a2b", "stroke-width": "2" }),
  ];
}

function scoopShapes(shape, [, , colour]) {
  return [
    shape("circle", { cx: "70", cy: "130", r: "36", fill: colour, stroke: OUTLINE }),
    shape("circle", { cx: "130", cy: "130", r: "36", fill: colour, stroke: OUTLINE }),
    shape("circle", { cx: "100", cy: "92", r: "40", fill: colour, stroke: OUTLINE }),
  ];
}

// Where the bits of a topping sit, on the top scoop (IceCreamSVG's seven dots). A topping of
// several colours has them listed; the others take their own colour from PARTS.
const SPOTS = [[80, 70], [100, 58], [120, 72], [92, 84], [112, 90], [70, 96], [130, 100]];
const RAINBOW = ["#ff4fa3", "#ffd23f", "#3ec1d3", "#7bd389", "#ff8c42", "#9b5de5"];
const GUMMIES = ["#ff6f91", "#ffd23f", "#7bd389", "#ff8c42", "#3ec1d3"];
const BERRIES = ["#5b2a86", "#c2185b", "#3f51b5"];

const dots = (r, colours) => (shape, colour) => SPOTS.map(([cx, cy], i) => shape("circle", {
  cx: String(cx), cy: String(cy), r: String(r), fill: colours ? colours[i % colours.length] : colour, stroke: BIT_OUTLINE,
}));
const rods = (width, colours) => (shape, colour) => SPOTS.map(([x, y], i) => shape("path", {
  d: `M${x - 4} ${y - 2} L${x + 4} ${y + 2}`, stroke: colours ? colours[i % colours.length] : colour,
  "stroke-width": String(width), "stroke-linecap": "round", transform: `rotate(${(i * 53) % 180} ${x} ${y})`,
}));
const pieces = (size, round) => (shape, colour) => SPOTS.map(([x, y], i) => shape("rect", {
  x: String(x - size / 2), y: String(y - size / 2), width: String(size), height: String(size), rx: String(round),
  fill: colour, stroke: BIT_OUTLINE, transform: `rotate(${(i * 37) % 90} ${x} ${y})`,
}));
// A sauce poured over the top scoop, dripping down its sides.
const sauce = (shape, colour) => [shape("path", {
  fill: colour,
  d: "M62 80 A40 40 0 0 1 138 80 L139 90 Q136 104 132 92 L124 88 Q120 110 114 90 L104 92 Q100 104 96 92 "
    + "L86 90 Q82 108 76 90 L66 92 Q62 100 61 88 Z",
})];
const cream = (shape, colour) => [["58", "32", "11"], ["47", "24", "10"], ["37", "15", "8"], ["29", "7", "5"]]
  .map(([cy, rx, ry]) => shape("ellipse", { cx: "100", cy, rx, ry, fill: colour, stroke: OUTLINE }));
const cherries = (shape, colour) => [
  shape("path", { d: "M90 50 Q94 30 108 22 M112 52 Q110 34 108 22", stroke: "#2f6b2f", "stroke-width": "2", fill: "none" }),
  shape("circle", { cx: "90", cy: "54", r: "10", fill: colour }),
  shape("circle", { cx: "112", cy: "56", r: "10", fill: colour }),
  shape("circle", { cx: "87", cy: "51", r: "3", fill: "#ffffff", opacity: "0.6" }),
  shape("circle", { cx: "109", cy: "53", r: "3", fill: "#ffffff", opacity: "0.6" }),
];

const TOPPING_SHAPES = {
  topping01: rods(3, RAINBOW), topping02: sauce, topping03: cream, topping04: cherries, topping05: sauce,
  topping06: pieces(7, 1), topping07: dots(4), topping08: pieces(9, 3), topping09: dots(6, GUMMIES),
  topping10: pieces(6, 0), topping11: rods(3), topping12: dots(6, BERRIES),
};

function partShapes(shape, index, choice) {
  if (index === 0) return baseShapes(shape, choice);
  if (index === 1) return scoopShapes(shape, choice);
  return TOPPING_SHAPES[choice[0]](shape, choice[2]);
}

// The picture's contents for `parts` (from `iceCream`): a group per part, with its name in a
// title, or a line saying nothing is chosen yet.
function paint(view, picture, parts) {
  picture.replaceChildren();
  parts.forEach((choice, index) => {
    if (!choice) return;
    const group = view.svg("g", { class: `part ${PARTS[index].name}`, "data-value": choice[0] },
      view.svg("title", {}, `${PARTS[index].name}: ${choice[1]}`), ...partShapes(view.svg, index, choice));
    picture.append(group);
  });
  if (!parts.some(Boolean)) {
    const text = view.svg("text", { x: "100", y: "130", "text-anchor": "middle", "font-size": "14" }, "nothing chosen yet");
    text.style.fill = "var(--muted, #6e6e73)";
    picture.append(text);
  }
}

// A choice's own part, small, for its button; a topping on the top of the scoops it would go on
// (a plain one while there are none), so that a pale topping shows.
const SWATCH_BOXES = ["40 145 120 110", "30 48 140 120", "56 16 88 88"];
function swatch(view, index, choice, scoops) {
  const under = index !== 2 ? [] : [view.svg("circle", {
    cx: "100", cy: "92", r: "40", fill: scoops ? scoops[2] : "#e0dcd5", stroke: OUTLINE,
  })];
  const picture = view.svg("svg", { viewBox: SWATCH_BOXES[index], width: "36", height: "36", "aria-hidden": "true" },
    ...under, ...partShapes(view.svg, index, choice));
  picture.style.flex = "none";
  return picture;
}

// The buttons for the next part, each proposing the shown items with its choice put in at the
// place the server writes that part (at the end, unless a later part came from an old URL).
// Pointing at or focusing one shows it on the ice cream; arrow keys move between them.
function picker(view, items, parts, next, picture) {
  const part = PARTS[next];
  const list = view.h("div", { role: "group", "aria-label": part.prompt, class: "icecream-choices" });
  list.style.display = "grid";
  list.style.gridTemplateColumns = "repeat(auto-fill, minmax(145px, 1fr))";
  list.style.gap = "6px";
  const buttons = [];
  let sending = false;
  const preview = (choice) => paint(view, picture, parts.map((chosen, index) => (index === next ? choice : chosen)));
  // Back to the ice cream as it stands, or to the choice that still has the focus.
  const restore = () => {
    const index = buttons.indexOf(document.activeElement);
    paint(view, picture, index < 0 ? parts : parts.map((chosen, i) => (i === next ? part.choices[index] : chosen)));
  };
  const add = (choice) => {
    if (sending) return;
    const later = items.findIndex(([name]) => PARTS.findIndex((p) => p.item === name) > next);
    const at = later < 0 ? items.length : later;
    // A double click is one proposal: clicks are held until the client's promise settles, when
    // it returns one, else for a moment; the client then draws the next state or the refusal.
    sending = true;
    const release = () => { sending = false; };
    const sent = view.propose([...items.slice(0, at), [part.item, choice[0]], ...items.slice(at)]);
    if (sent && typeof sent.then === "function") sent.then(release, release);
    else setTimeout(release, 1500);
  };
  const focus = (index) => buttons[(index + buttons.length) % buttons.length].focus();
  // The button focused last, by keys, pointer or script, is the one Tab comes back to.
  const focused = (index) => {
    for (const button of buttons) button.tabIndex = button === buttons[index] ? 0 : -1;
    preview(part.choices[index]);
  };
  part.choices.forEach((choice, index) => {
    const label = `${part.name[0].toUpperCase()}${part.name.slice(1)}: ${choice[1]}`;
    const button = view.h("button", {
      type: "button", class: "icecream-choice", "aria-label": label, "data-value": choice[0],
      onclick: () => add(choice),
      onfocus: () => focused(index), onblur: () => paint(view, picture, parts),
      onmouseenter: () => preview(choice), onmouseleave: restore,
      onkeydown: (event) => {
        const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
        if (step) focus(index + step);
        else if (event.key === "Home") focus(0);
        else if (event.key === "End") focus(buttons.length - 1);
        else return;
        event.preventDefault();
      },
    }, swatch(view, next, choice, parts[1]), view.h("span", {}, choice[1]));
    button.tabIndex = index === 0 ? 0 : -1;
    button.style.display = "flex";
    button.style.alignItems = "center";
    button.style.gap = "6px";
    button.style.minHeight = "44px";
    // Two to a row on a phone: the longest names ("mint chocolate chip") fit on two lines.
    button.style.padding = "0.3em 0.5em";
    button.style.fontSize = "0.9em";
    button.style.textAlign = "left";
    buttons.push(button);
    list.append(button);
  });
  const heading = view.h("p", { class: "icecream-prompt" }, part.prompt);
  heading.style.fontWeight = "bold";
  heading.style.margin = "0 0 8px";
  const box = view.h("div", { class: "icecream-picker" }, heading, list);
  box.style.flex = "1 1 260px";
  return box;
}

function builder(view, items, canMove) {
  const parts = iceCream(items);
  const next = parts.findIndex((part) => !part);
  const description = describe(parts);
  const picture = view.svg("svg", {
    viewBox: "0 0 200 260", role: "img", "aria-label": description, class: "icecream-picture",
  });
  picture.style.display = "block";
  // Larger when it is all there is to see, with no choices beside it.
  const picking = canMove && next >= 0;
  picture.style.width = picking ? "180px" : "220px";
  picture.style.height = picking ? "234px" : "286px";
  picture.style.margin = "0 auto";
  paint(view, picture, parts);
  const figure = view.h("div", { class: "icecream-figure" }, picture);
  figure.style.flex = "0 1 260px";
  figure.style.margin = "0 auto";
  if (parts.some(Boolean)) {
    const text = view.h("p", { class: "icecream-description" }, `${description[0].toUpperCase()}${description.slice(1)}`);
    text.style.textAlign = "center";
    text.style.margin = "4px 0 0";
    figure.append(text);
  }
  const root = view.h("div", { class: "icecream" }, figure);
  root.style.display = "flex";
  root.style.flexWrap = "wrap";
  root.style.gap = "16px";
  root.style.alignItems = "flex-start";
  root.style.maxWidth = "860px";
  root.style.margin = "0 auto";
  if (picking) root.append(picker(view, items, parts, next, picture));
  return root;
}

export default {
  draw(view) {
    return builder(view, view.items, view.canMove);
  },
  // A new ice cream: its first step chooses the base.
  start(view) {
    return builder(view, [], true);
  },
  // What a state's ice cream is, in words: names a sticker of it.
  describe(items) {
    return describe(iceCream(items));
  },
};
