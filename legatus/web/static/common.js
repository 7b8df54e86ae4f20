// Shared by the three pages: the API, a small DOM helper, the per-game drawing modules,
// copying links, the log.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** Calls the JSON API; throws an ApiError carrying the server's one-sentence message. */
export async function api(path, body = undefined, method = undefined) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError("the server cannot be reached", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : `the server answered ${response.status}`;
    throw new ApiError(message, response.status);
  }
  return data;
}

/** h("div", {class: "x", onclick: f}, child, "text", …) */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style" && typeof value === "object") {  // properties, which the CSP allows (a style="" is not)
      for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), v);
    }
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

/** svg("circle", {cx: 1, r: 2}, child, …): an SVG element, as h makes an HTML one. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

/** svg("title", {}, text): the tooltip of an SVG element. */
export const tip = (text) => svg("title", {}, text);

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export const $ = (selector, root = document) => root.querySelector(selector);

// --- A game's drawing module: the contract with the pages (play.js, replay.js) -------------------
// A game draws its board in static/games/<game>.js, its styles beside it in <game>.css (both loaded
// by loadGameModule below); a game without one plays from buttons. The pages give the module the
// game's public data (``pub``: GET /api/games/<id>/public, the game's public_data()) and a seat's
// view (``view``: what that seat may see, nothing more). It exports:
//   title                                  the game's name, as the page's heading shows it
//   createBoard(node, pub, hooks)          -> {draw(view, marks), anchor(key), zooms?}
//       hooks.onSpace(name | null), hooks.onLink("A|B"): a click (or Enter) on a space / a link
//       marks: {active: Map(space -> actions), activeLinks: Map("A|B" -> actions), selected}
//       anchor(key): the element a popover of the selected space or link points at, or null
//       zooms: true if the board pans and zooms itself (the page then offers no zoom button)
//   targets(action, pub)                   -> {spaces: [names], links: [[a, b]]} that the action names
//   renderInfo(node, view, pub, {tray})    the panels beside the board (tray: renderTray draws the cards)
//   logClass(line)                         a class for a log line ("dice", ...), or ""
// and may export:
//   renderTray(node, view, pub, lines)     the cards the seat handles, under the board
//   label(action, described, pub)          an action's button label (cards it names, named)
//   groupActions(actions, pub, words)      -> [{title, actions: [[action, short label]], fold}] rows
//       words(action): the server's words for the action (its notation and what it costs)
//   ruleLink(id)                           the page that explains a rule id of a message, or null
//   confirm(action, view)                  a question to ask before the action is sent, or null
// A module draws only from what it is given: a view carries only what its seat may know.

/** A game's stylesheet (static/games/<game>.css), added to the page once, from the server itself
 * (the CSP allows no inline styles); resolves when it has loaded (or failed: a game without one). */
function loadGameStyles(game) {
  if (document.querySelector(`link[data-game-styles="${game}"]`)) return Promise.resolve();
  const link = h("link", { rel: "stylesheet", href: `/static/games/${game}.css`, "data-game-styles": game });
  const loaded = new Promise((resolve) => {
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
  });
  document.head.append(link);
  return loaded;
}

/** The drawing module of a game (static/games/<game>.js), or null if it has none; its styles
 * beside it are loaded first, the same way for every game, so that a board measuring its labels
 * measures them in the game's fonts. */
export async function loadGameModule(game) {
  if (!/^[a-z0-9_-]+$/i.test(game)) return null;
  try {
    const [module] = await Promise.all([import(`/static/games/${game}.js`), loadGameStyles(game)]);
    return module;
  } catch (err) {
    console.warn(`no drawing module for ${game}:`, err);
    return null;
  }
}

export function absolute(link) {
  return new URL(link, location.origin).href;
}

/** Copies text, with a fallback for pages served over plain http from another host. */
export async function copyText(text, button) {
  let done = false;
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      done = true;
    } catch (err) {
      done = false;
    }
  }
  if (!done) {
    const area = h("textarea", { class: "offscreen" });
    area.value = text;
    document.body.append(area);
    area.select();
    try {
      done = document.execCommand("copy");
    } catch (err) {
      done = false;
    }
    area.remove();
  }
  if (button) {
    const old = button.textContent;
    button.textContent = done ? "copied" : "select and copy";
    setTimeout(() => (button.textContent = old), 1500);
  }
  return done;
}

/** A read-only link with copy (and optionally open) buttons. */
export function linkRow(label, link, { open = true, note = "" } = {}) {
  const url = absolute(link);
  const input = h("input", { type: "text", readonly: true, value: url, class: "link", "aria-label": `${label} link` });
  input.addEventListener("focus", () => input.select());
  const copy = h("button", { type: "button", class: "small", onclick: (e) => copyText(url, e.currentTarget) }, "copy");
  return h("div", { class: "link-row", dataset: { label } },
    h("span", { class: "link-label" }, label, note ? h("small", {}, ` ${note}`) : null),
    input, copy,
    open ? h("a", { class: "button small", href: url, target: "_blank", rel: "noopener" }, "open") : null);
}

/** The log, newest first; `classOf` (from the game module) may style a line. A game whose
 * view keeps no log (one with secrets) is shown the newest lines of its seat's own log, which
 * the server sends beside the view (`seat_log`: {lines, total}). */
export function renderLog(list, view, seatLog, classOf) {
  const lines = (view && view.log) || (seatLog && seatLog.lines) || [];
  const first = view && view.log ? 1 : (seatLog ? seatLog.total - lines.length + 1 : 1);
  clear(list);
  for (let i = lines.length - 1; i >= 0; i--) {
    const cls = [i === lines.length - 1 ? "newest" : "", classOf ? classOf(lines[i]) || "" : ""].join(" ").trim();
    list.append(h("li", { class: cls || null, value: first + i }, lines[i]));
  }
  list.dataset.length = String(first - 1 + lines.length);
}

export function showError(node, message, linkOf = null) {
  withRuleLinks(node, message || "", linkOf);
  node.hidden = !message;
}

/** Writes ``text`` into ``node``, each rule id in it ("R13") a link to the page that explains it
 * (``linkOf(id)``, from the game module; plain text where it gives none). */
export function withRuleLinks(node, text, linkOf) {
  const parts = String(text).split(/\b(R\d{1,3})\b/);
  clear(node, parts.map((part, i) => {
    const href = i % 2 && linkOf ? linkOf(part) : null;
    return href ? h("a", { href, target: "_blank", rel: "noopener", class: "rule", title: `ruling ${part}: what it says and how legatus reads it` }, part) : part;
  }));
  return node;
}

export function gameId() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}

export function pretty(value) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

/** The zoom button of a narrow screen: the board twice as wide, scrolled inside its box. */
export function zoomButton(button, board, after) {
  if (!button) return;
  button.addEventListener("click", () => {
    const on = board.classList.toggle("zoomed");
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "⤡ fit" : "⤢ zoom";
    if (after) after();
  });
}

// --- The seats this browser holds ("My games" on the index) -----------------------------------
// A seat's link holds its secret token: it is kept in this browser's own storage, and only ever
// sent back to the server it came from (same origin), never anywhere else.
const SEATS_KEY = "legatus.seats";
const MAX_HELD = 50;

/** The seats kept, newest first: [{id, game, seat, token, link, at}]. */
export function heldSeats() {
  try {
    const held = JSON.parse(localStorage.getItem(SEATS_KEY) || "[]");
    return Array.isArray(held) ? held.filter((s) => s && typeof s.id === "string" && typeof s.token === "string") : [];
  } catch (err) {
    return []; // storage disabled or corrupt: nothing held
  }
}

function keepSeats(held) {
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(held.slice(0, MAX_HELD)));
  } catch (err) {
    // storage disabled (a private window): the seats are not remembered
  }
}

/** Remembers a seat's link (a person's seat, opened or created here). */
export function rememberSeat({ id, game, seat, token }) {
  const link = `/play/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
  const others = heldSeats().filter((s) => !(s.id === id && s.token === token));
  keepSeats([{ id, game, seat, token, link, at: Date.now() }, ...others]);
}

export function forgetSeat(id, token) {
  keepSeats(heldSeats().filter((s) => !(s.id === id && s.token === token)));
}
