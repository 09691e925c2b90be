// A state URL's query items, read and written as the server reads and writes them
// (Sources/GameRules/QueryString.swift): `+` is a plus sign, not a space.

/** The items of `url`'s query, decoded: `[[name, value], …]` (value `null` for a bare name). */
export function itemsOf(url) {
  const mark = url.indexOf("?");
  if (mark < 0) return [];
  let query = url.slice(mark + 1);
  const hash = query.indexOf("#");
  if (hash >= 0) query = query.slice(0, hash);
  const items = [];
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = decoded(equals < 0 ? pair : pair.slice(0, equals));
    items.push([name, equals < 0 ? null : decoded(pair.slice(equals + 1))]);
  }
  return items;
}

function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function encoded(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, (character) => "%" + character.charCodeAt(0).toString(16).toUpperCase());
}

/** The query of `items`, with its `?`; empty for no items. */
export function queryOf(items) {
  if (items.length === 0) return "";
  return "?" + items.map(([name, value]) => (value === null || value === undefined ? encoded(name) : encoded(name) + "=" + encoded(value))).join("&");
}

/** Whether an item is the server's own (its commitments and its chain), not the state's. */
export function isServerItem(name) {
  return name.startsWith("Fleet_") || name.startsWith("Chain_");
}

/** The state's items of a URL: the server's own left out. */
export function stateItemsOf(url) {
  return itemsOf(url).filter(([name]) => !isServerItem(name));
}

/** The game of a state URL: the path component after `/g/`. */
export function gameOf(url) {
  const path = url.split(/[?#]/)[0];
  const at = path.lastIndexOf("/g/");
  if (at < 0) return null;
  const game = path.slice(at + 3);
  return game && !game.includes("/") ? game : null;
}
