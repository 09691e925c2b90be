// Battleship in the web client: see docs/WEBCLIENT.md.
export default {
  draw(view) {
    return view.h("p", {}, "Battleship");
  },
};
