// Elements made one attribute at a time, and text that is only ever text: nothing the server
// or another player wrote is read as markup.

const svgNamespace = "http://www.w3.org/2000/svg";

function build(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === "style") {
      throw new Error("Set element.style, not a style attribute: the page's policy refuses those.");
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return element;
}

/** An HTML element: attributes set one by one (`on…` functions become listeners), strings as text. */
export function h(tag, attributes, ...children) {
  return build(document.createElement(tag), attributes, children);
}

/** An SVG element, made the same way. */
export function svg(tag, attributes, ...children) {
  return build(document.createElementNS(svgNamespace, tag), attributes, children);
}

export function clear(element) {
  while (element.firstChild) element.firstChild.remove();
  return element;
}

/**
 * Text as it may be shown: control characters in caret notation (`^[`), line breaks kept,
 * Unicode format characters (bidirectional overrides, zero-width joiners…) and line or
 * paragraph separators written as their code points, so that nobody's words can disguise
 * themselves or others'.
 */
export function neutralised(text) {
  return String(text ?? "").replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (character) => {
    const code = character.codePointAt(0);
    if (character === "\n") return "\n";
    if (code < 0x20) return "^" + String.fromCharCode(code + 64);
    if (code === 0x7f) return "^?";
    return "<U+" + code.toString(16).toUpperCase().padStart(4, "0") + ">";
  });
}
