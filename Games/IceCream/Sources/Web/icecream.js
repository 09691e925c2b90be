// Ice Cream in the web client (docs/WEBCLIENT.md): the ice cream as it stands, drawn as the
// server's page draws it (IceCreamSVG: base, then scoops, then topping), and, while the viewer
// may make the next step, a button for each choice of the next part. The state is the original
// app's query, `Base=base01&Scoops=scoops03&Topping=topping07`, only the parts that are set.

// The parts in building order, and the shapes of each choice: given by the server
// (IceCreamGame+Web.swift puts them where this says IceCreamShape), so that the client draws
// the drawing the state page and the sticker draw (IceCreamShape.swift). `parts` is
// [{item, name, prompt, choices: [[URL value, name], …]}, …]; `shapes` maps each URL value to
// its SVG elements, [[tag, attributes], …], on a 200x260 grid.
const DRAWING = /* IceCreamShape */ null;
const PARTS = DRAWING.parts;
const OUTLINE = "#00000026";

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

// A choice's shapes, each made by `shape(tag, attributes)`.
function partShapes(shape, choice) {
  return (DRAWING.shapes[choice[0]] ?? []).map(([tag, attributes]) => shape(tag, attributes));
}

// The picture's contents for `parts` (from `iceCream`): a group per part, with its name in a
// title, or a line saying nothing is chosen yet.
function paint(view, picture, parts) {
  picture.replaceChildren();
  parts.forEach((choice, index) => {
    if (!choice) return;
    const group = view.svg("g", { class: `part ${PARTS[index].name}`, "data-value": choice[0] },
      view.svg("title", {}, `${PARTS[index].name}: ${choice[1]}`), ...partShapes(view.svg, choice));
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
  // The top scoop is the scoops' last shape.
  const under = index !== 2 ? [] : scoops ? partShapes(view.svg, scoops).slice(-1)
    : [view.svg("circle", { cx: "100", cy: "92", r: "40", fill: "#e0dcd5", stroke: OUTLINE })];
  const picture = view.svg("svg", { viewBox: SWATCH_BOXES[index], width: "36", height: "36", "aria-hidden": "true" },
    ...under, ...partShapes(view.svg, choice));
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
