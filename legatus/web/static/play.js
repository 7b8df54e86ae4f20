// The play page: one seat's view of a game (or the spectators'), redrawn on every "view"
// message of the WebSocket. Generic: what is particular to a game (its board, its tracks,
// which spaces an action names) comes from /static/games/<game>.js.
import {
  $, api, clear, gameId, h, loadGameModule, rememberSeat, renderLog, showError, withRuleLinks, zoomButton,
} from "/static/common.js";

const id = gameId();
const token = new URLSearchParams(location.search).get("token");
let mod = null; // the game's drawing module
let board = null;
let pub = null; // the game's public data (the map)
let current = null; // the last message drawn: {id, seat, log_length, can_undo, players, view}
let selected = null; // the space (or link) whose actions the popover lists
let busy = false;
let retry = 0;
let confirming = null; // {action, question}: an action the game asks about before it is sent
let hinted = null; // {log_length, action, text}: the last hint, while the position is the same
let hinting = false;

const fallback = {
  // A game without a drawing module: every action is a button.
  createBoard: (node) => ({ draw: () => clear(node, h("p", { class: "muted" }, "(no board drawing for this game)")), anchor: () => null }),
  targets: () => ({ spaces: [], links: [] }),
  renderInfo: () => {},
};

/** A rule id's page (from the game module), for the rule ids in messages. */
const ruleLink = (id) => (mod && mod.ruleLink ? mod.ruleLink(id) : null);
const say = (message) => showError($("#error"), message, ruleLink);
let noticesShown = 0; // the game's notices (issue 30: a seat taken over) already said

/** An action's button, marked if it is the hint's; ``short``, its words in a row that names
 * what it plays (its whole label then its accessible name). */
function actionButton(action, short = null) {
  const hint = hinted && hinted.log_length === current.log_length && hinted.action === action;
  return h("button", { type: "button", class: `action${hint ? " hinted" : ""}`, disabled: busy, dataset: { action },
    "aria-label": short ? label_of(action) : null, onclick: () => act(action) }, short || label_of(action));
}

/** The buttons of the actions that name no space: those the game module groups (a card's uses)
 * one row each, under the row's title (a row it folds opens with a tap), the rest as they are. */
function actionRows(actions) {
  const words = (action) => (current && current.descriptions && current.descriptions[action]) || action;
  const rows = mod.groupActions ? mod.groupActions(actions, pub, words) : [];
  const grouped = new Set(rows.flatMap((row) => row.actions.map(([action]) => action)));
  return [...actions.filter((action) => !grouped.has(action)).map((action) => actionButton(action)),
    ...rows.map((row) => h(row.fold ? "details" : "div", { class: `action-row${row.actions.length > 3 ? " wide" : ""}` },
      h(row.fold ? "summary" : "span", { class: "row-title" }, row.title),
      h("span", { class: "row-actions" }, row.actions.map(([action, short]) => actionButton(action, short)))))];
}

/** An action's label: its notation with what it costs, as the server describes it, each card
 * it names named by the game module (``#16 Gallic Recruits · 2 OPs``). */
function label_of(action) {
  return named(action, (current && current.descriptions && current.descriptions[action]) || action);
}

/** ``described`` (an action's words) with the cards it names named, by the game module. */
const named = (action, described) => (mod && mod.label ? mod.label(action, described, pub) : described);

function myTurn(msg) {
  const view = msg.view;
  const person = !msg.players || !(msg.seat in msg.players) || msg.players[msg.seat] === "person";
  return !!msg.seat && person && view.to_move === msg.seat && Array.isArray(view.legal_actions)
    && view.legal_actions.length > 0 && !msg.over;
}

/** The seat's legal actions, sorted: by the spaces and links they name, and the others. */
function sortActions(msg) {
  const bySpace = new Map();
  const byLink = new Map();
  const others = [];
  if (!myTurn(msg)) return { bySpace, byLink, others };
  for (const action of msg.view.legal_actions) {
    const { spaces, links } = mod.targets(action, pub);
    if (!spaces.length && !links.length) others.push(action);
    for (const space of spaces) {
      if (!bySpace.has(space)) bySpace.set(space, []);
      if (!bySpace.get(space).includes(action)) bySpace.get(space).push(action);
    }
    for (const [a, b] of links) {
      const key = [a, b].sort().join("|");
      if (!byLink.has(key)) byLink.set(key, []);
      byLink.get(key).push(action);
    }
  }
  return { bySpace, byLink, others };
}

function render(msg) {
  if (current && msg.log_length < current.log_length) return; // an older view arriving late
  current = msg;
  const view = msg.view;
  const turn = myTurn(msg);
  const { bySpace, byLink, others } = sortActions(msg);
  const seatName = msg.seat || "spectator";
  const title = mod.title || view.game || "game";
  document.title = `${turn ? "● " : ""}${title} — ${seatName} — legatus`;
  $("#game-title").textContent = title;
  $("#seat-badge").textContent = msg.seat ? `you play ${msg.seat}` : "you watch";
  const main = $("#play");
  main.dataset.logLength = String(msg.log_length);
  main.dataset.toMove = String(view.to_move ?? "");
  main.classList.toggle("my-turn", turn);

  // The prompt, the buttons for the actions that name no space, the hint.
  const prompt = $("#prompt");
  withRuleLinks(prompt, view.prompt || "", ruleLink);
  prompt.classList.toggle("over", !!msg.over);
  if (msg.stalled) say(msg.stalled); // an agent failed: the game waits (a reload lets it try again)
  else if ((msg.notices?.length ?? 0) > noticesShown) say(msg.notices.at(-1)); // a seat taken over from its agent
  noticesShown = msg.notices?.length ?? 0;
  clear($("#buttons"), actionRows(others));
  // An action the game asks about first (ending a phase with money left): yes or no.
  if (confirming && (!turn || !view.legal_actions.includes(confirming.action))) confirming = null;
  const confirm = $("#confirm");
  confirm.hidden = !confirming;
  if (confirming) {
    const { action, question } = confirming;
    clear(confirm, withRuleLinks(h("span"), question, ruleLink), h("span", { class: "buttons" },
      h("button", { type: "button", class: "primary", id: "confirm-yes", disabled: busy, onclick: () => act(action, true) },
        `Yes, ${label_of(action)}`),
      h("button", { type: "button", id: "confirm-no", onclick: () => { confirming = null; render(current); } }, "No")));
  }
  // The hint: asked of the server's hint agent; its answer, for this position only.
  $("#hint-button").hidden = !turn;
  $("#hint-button").disabled = busy || hinting;
  $("#hint-button").textContent = hinting ? "thinking…" : "? Hint";
  const answer = $("#hint-answer");
  const fresh = hinted && hinted.log_length === msg.log_length;
  answer.hidden = !fresh || !turn;
  if (fresh) withRuleLinks(answer, hinted.text, ruleLink);
  const hint = $("#hint");
  if (turn && (bySpace.size || byLink.size)) {  // the actions on links too (roads)
    const where = [bySpace.size ? `a highlighted space (${bySpace.size})` : "", byLink.size ? `a highlighted road (${byLink.size})` : ""];
    hint.textContent = `Click ${where.filter(Boolean).join(" or ")} for what you can do there.`;
  } else if (msg.over) {
    hint.textContent = "The game is over.";
  } else if (turn) {
    hint.textContent = "";
  } else if (!msg.seat) {
    hint.textContent = "You are watching this game.";
  } else {
    const mover = view.to_move;
    const player = msg.players && msg.players[mover];
    hint.textContent = player && player !== "person" ? `The agent (${player}) plays ${mover}…`
      : mover && mover !== "chance" && msg.players && mover in msg.players ? `Waiting for ${mover}.` : "";
  }
  hint.hidden = !hint.textContent;
  $("#undo").hidden = !msg.can_undo;
  $("#undo").disabled = busy;

  // The players.
  clear($("#players"), Object.entries(msg.players || {}).map(([seat, player]) => h("li", {
    class: [seat === view.to_move ? "to-move" : "", seat === msg.seat ? "me" : ""].join(" ").trim() || null,
  }, h("strong", {}, seat), " ", h("small", {}, player === "person" ? "person" : `agent ${player}`),
  seat === msg.seat ? h("small", { class: "you" }, " (you)") : null)));

  // The board, the game's own panels, the log.
  if (selected && !bySpace.has(selected) && !byLink.has(selected)) selected = null;
  board.draw(view, { active: bySpace, activeLinks: byLink, selected });
  // The cards the seat handles, under the board (games that have them); the rest beside it.
  const tray = $("#tray");
  tray.hidden = !mod.renderTray;
  if (mod.renderTray) mod.renderTray(tray, view, pub, view.log || (msg.seat_log && msg.seat_log.lines) || []);
  mod.renderInfo($("#info"), view, pub, { tray: !!mod.renderTray });
  renderLog($("#log"), view, msg.seat_log, mod.logClass);
  drawPopover(bySpace, byLink);
}

function drawPopover(bySpace, byLink) {
  const pop = $("#popover");
  const actions = selected ? bySpace.get(selected) || byLink.get(selected) : null;
  if (!actions) {
    pop.hidden = true;
    return;
  }
  const label = selected.includes("|") ? selected.split("|").join(" – ") : selected;
  clear(pop,
    h("div", { class: "pop-head" }, h("strong", {}, label),
      h("button", { type: "button", class: "close", "aria-label": "close", onclick: () => select(null) }, "×")),
    h("div", { class: "pop-actions" }, actions.map((action) => actionButton(action))));  // not map(actionButton): its index would be the label
  pop.dataset.space = selected;
  pop.hidden = false;
  // Beside the space, inside the board's box.
  const wrap = $("#board-wrap").getBoundingClientRect();
  const anchor = board.anchor(selected);
  const box = anchor ? anchor.getBoundingClientRect() : { left: wrap.left, right: wrap.left, top: wrap.top, bottom: wrap.top };
  const width = pop.offsetWidth;
  const height = pop.offsetHeight;
  let left = box.right - wrap.left + 8;
  if (left + width > wrap.width) left = box.left - wrap.left - width - 8;
  left = Math.max(4, Math.min(left, wrap.width - width - 4));
  let top = (box.top + box.bottom) / 2 - wrap.top - height / 2;
  top = Math.max(4, Math.min(top, wrap.height - height - 4));
  pop.style.left = `${left}px`;
  pop.style.top = `${top}px`;
}

function select(key) {
  selected = key;
  if (current) render(current);
}

async function act(action, confirmed = false) {
  if (busy || !current) return;
  const question = !confirmed && mod.confirm ? mod.confirm(action, current.view) : null;
  if (question) {
    confirming = { action, question };
    render(current);
    return;
  }
  confirming = null;
  busy = true;
  render(current);
  try {
    const answer = await api(`/api/games/${encodeURIComponent(id)}/actions`,
      { token, action, expect: current.log_length });
    say("");
    selected = null;
    render(answer);
  } catch (err) {
    say(err.message);
    if (err.status === 409) refresh();
  } finally {
    busy = false;
    render(current);
  }
}

async function undo() {
  if (busy || !current) return;
  busy = true;
  render(current);
  try {
    const answer = await api(`/api/games/${encodeURIComponent(id)}/undo`, { token, expect: current.log_length });
    say(`Undone: ${answer.undone}`);
    selected = null;
    render(answer);
  } catch (err) {
    say(err.message);
  } finally {
    busy = false;
    render(current);
  }
}

async function hint() {
  if (hinting || !current) return;
  hinting = true;
  render(current);
  try {
    const answer = await api(`/api/games/${encodeURIComponent(id)}/hint`, { token });
    hinted = { log_length: answer.log_length, action: answer.action,
      text: `Hint: ${named(answer.action, answer.description)}${answer.reason ? ` — ${answer.reason}` : ""}` };
    say("");
  } catch (err) {
    say(err.message);
  } finally {
    hinting = false;
    render(current);
  }
}

async function refresh() {
  try {
    render(await api(`/api/games/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`));
  } catch (err) {
    showError($("#error"), err.message);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`);
  const conn = $("#conn");
  let ping = null;
  socket.addEventListener("open", () => {
    retry = 0;
    conn.classList.add("live");
    conn.title = "live: moves appear as they are made";
    ping = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send("ping"), 25000);
  });
  socket.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch (err) {
      return;
    }
    if (msg.type === "view") render(msg);
  });
  socket.addEventListener("close", (event) => {
    clearInterval(ping);
    conn.classList.remove("live");
    conn.title = "reconnecting…";
    if (event.code >= 4000 && event.code < 5000) {
      showError($("#error"), event.reason || "the server refused the live updates");
      return;
    }
    setTimeout(connect, Math.min(10000, 500 * 2 ** retry++));
  });
}

async function main() {
  if (!token) {
    $("#prompt").textContent = "This page needs a seat's or the spectators' link (…?token=…).";
    return;
  }
  $("#replay-link").href = `/replay/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
  let first;
  try {
    [first, pub] = await Promise.all([
      api(`/api/games/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`),
      api(`/api/games/${encodeURIComponent(id)}/public`),
    ]);
  } catch (err) {
    $("#prompt").textContent = "";
    showError($("#error"), err.message);
    return;
  }
  mod = (await loadGameModule(pub.game)) || fallback;
  board = mod.createBoard($("#board"), pub, {
    onSpace: (name) => select(selected === name ? null : name),
    onLink: (key) => select(selected === key ? null : key),
  });
  $("#undo").addEventListener("click", undo);
  $("#hint-button").addEventListener("click", hint);
  if (board.zooms) $("#zoom").hidden = true; // the board pans and zooms itself
  else zoomButton($("#zoom"), $("#board"), () => current && render(current));
  $("#board").addEventListener("scroll", () => current && selected && render(current));
  document.addEventListener("keydown", (e) => e.key === "Escape" && select(null));
  window.addEventListener("resize", () => current && render(current));
  if (first.seat) rememberSeat({ id, game: pub.game, seat: first.seat, token }); // "My games" on the index
  render(first);
  connect();
}

main();
