// The index page: the games on the server, the new game form (from the catalogue), import.
import { $, api, clear, forgetSeat, h, heldSeats, linkRow, pretty, rememberSeat, showError } from "/static/common.js";

let catalogue = [];
let agentSeconds = null; // the most an agent thinks over a move on this server (--agent-seconds)
let current = null; // the chosen game's catalogue entry
let seats = []; // the seats of the options as last previewed
const playerOf = {}; // seat -> "person" or an agent, kept across previews
let previewCount = 0;

// --- The options, built from each option's form hint ---------------------------------------
function optionLabel(name) {
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, " ");
}

function choiceLabel(value, name) {
  if (value === null) return name === "scenario" ? "none (the full game)" : "none";
  return String(value);
}

function buildOption(option) {
  const form = option.form || {};
  const id = `opt-${option.name}`;
  const help = option.help ? h("small", { class: "help" }, option.help) : null;
  const box = h("div", { class: `option option-${form.kind}`, dataset: { option: option.name } });
  if (form.kind === "parts") {
    const defaults = String(option.default ?? "").split("-");
    const selects = form.parts.map(([part, values], i) => {
      const select = h("select", { name: `${option.name}.${part}`, "aria-label": `${option.name} ${part}` },
        values.map((v) => h("option", { value: String(v), selected: String(v) === defaults[i] }, String(v))));
      return h("label", { class: "part" }, h("span", {}, part), select);
    });
    const read = () => selects.map((label) => label.querySelector("select").value).join("-");
    // Named values (easiest, default, hardest) set every part at once; what the game measured
    // at the chosen value is said under it.
    const named = Object.entries(form.named || {}).map(([name, value]) => h("button", {
      type: "button", class: "small preset", dataset: { preset: name }, onclick: () => {
        value.split("-").forEach((v, i) => { selects[i].querySelector("select").value = v; });
        box.dispatchEvent(new Event("change", { bubbles: true }));
      },
    }, name));
    const measured = h("small", { class: "measured", id: `measured-${option.name}` });
    box.showMeasured = () => {
      const value = read();
      const rate = (form.measured || {})[value];
      const name = Object.entries(form.named || {}).find(([, v]) => v === value);
      // Where measured, how winnable the level is at best beside it (issue 36 point 3).
      const bound = (form.bounds || {})[value];
      const best = bound === undefined ? "" : `; at most ${(100 * bound.upper).toFixed(1)}% winnable — ${form.bound_by}, `
        + `which won ${bound.wins} of ${bound.games} games`;
      measured.textContent = rate === undefined ? "" : `${name ? `${name[0]}: ` : ""}${(100 * rate).toFixed(1)}% — ${form.measured_by}${best}`;
    };
    box.append(h("span", { class: "option-name" }, optionLabel(option.name)),
      named.length ? h("div", { class: "presets" }, named) : null, h("div", { class: "parts" }, selects), help, measured);
    box.addEventListener("change", box.showMeasured);
    box.showMeasured();
    box.read = read;
    box.write = (value) => {
      String(value).split("-").forEach((v, i) => { if (selects[i]) selects[i].querySelector("select").value = v; });
      box.showMeasured();
    };
  } else if (form.kind === "multi") {
    const chosen = new Set(option.default || []);
    const boxes = form.choices.map((choice) => h("label", { class: "check" },
      h("input", { type: "checkbox", name: option.name, value: choice, checked: chosen.has(choice) }), ` ${choice}`));
    box.append(h("span", { class: "option-name" }, optionLabel(option.name)), h("div", { class: "checks" }, boxes), help);
    box.read = () => boxes.map((l) => l.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
  } else if (form.kind === "choice") {
    const select = h("select", { id, name: option.name },
      form.choices.map((choice, i) => h("option", { value: String(i), selected: choice === option.default },
        choiceLabel(choice, option.name))));
    box.append(h("label", { for: id, class: "option-name" }, optionLabel(option.name)), select, help);
    box.read = () => form.choices[Number(select.value)];
  } else if (form.kind === "bool") {
    const input = h("input", { id, type: "checkbox", name: option.name, checked: !!option.default });
    box.append(h("label", { class: "check option-name" }, input, ` ${optionLabel(option.name)}`), help);
    box.read = () => input.checked;
  } else {
    const input = h("input", { id, type: "text", name: option.name, value: option.default ?? "" });
    box.append(h("label", { for: id, class: "option-name" }, optionLabel(option.name)), input, help);
    box.read = () => input.value;
  }
  return box;
}

function readOptions() {
  const options = {};
  for (const box of document.querySelectorAll("#options .option")) options[box.dataset.option] = box.read();
  return options;
}

function chooseGame(name) {
  current = catalogue.find((g) => g.name === name) || catalogue[0];
  const fieldset = $("#options");
  clear(fieldset, h("legend", {}, `${current.title} options`), current.options.map(buildOption));
  preview();
}

// --- The seats: a preview after every change ---------------------------------------------
async function preview() {
  const mine = ++previewCount;
  const create = $("#create");
  try {
    const answer = await api("/api/preview", { game: current.name, options: readOptions() });
    if (mine !== previewCount) return;
    showError($("#form-error"), "");
    // The rules may change an option given (the Hispano's 6 denarii, R28): the form shows
    // what will be played, and why.
    for (const box of document.querySelectorAll("#options .option")) {
      const played = answer.options[box.dataset.option];
      if (box.write && played !== undefined && played !== box.read()) box.write(played);
    }
    const notes = $("#form-notes");
    notes.textContent = (answer.notes || []).join(" ");
    notes.hidden = !notes.textContent;
    seats = answer.seats;
    create.disabled = false;
    drawSeats();
  } catch (err) {
    if (mine !== previewCount) return;
    showError($("#form-error"), err.message);
    seats = [];
    create.disabled = true;
    drawSeats();
  }
}

/** A player's name in the seat's choice: the game's strongest agent (its hint agent) says so. */
function playerLabel(player) {
  if (player === "person") return "a person";
  return player === current.strongest ? `agent: the strongest (${player})` : `agent: ${player}`;
}

function drawSeats() {
  const fieldset = $("#seats");
  // The strongest agent first among the agents, then the others (each agent spec once).
  const players = ["person", ...new Set([current.strongest, ...current.agents].filter(Boolean))];
  const rows = seats.map((seat) => {
    const select = h("select", { name: `player.${seat}`, "aria-label": `player of ${seat}` },
      players.map((p) => h("option", { value: p, selected: (playerOf[seat] || "person") === p }, playerLabel(p))));
    select.addEventListener("change", () => (playerOf[seat] = select.value));
    return h("label", { class: "seat-row", dataset: { seat } }, h("span", { class: "seat-name" }, seat), select);
  });
  const bound = agentSeconds === null ? null
    : h("small", { class: "help", id: "agent-bound" }, `An agent thinks at most ${agentSeconds} s over a move on this server.`);
  clear(fieldset, h("legend", {}, "Seats"), rows.length ? [...rows, bound]
    : h("p", { class: "muted" }, "No seats: the options are refused."));
}

async function create(event) {
  event.preventDefault();
  const button = $("#create");
  button.disabled = true;
  const players = {};
  for (const seat of seats) players[seat] = playerOf[seat] || "person";
  try {
    const created = await api("/api/games", { game: current.name, options: readOptions(), players });
    showError($("#form-error"), "");
    showLinks($("#created"), created, "The game is created");
    loadGames();
  } catch (err) {
    showError($("#form-error"), err.message);
  } finally {
    button.disabled = false;
  }
}

function showLinks(box, created, title) {
  for (const s of created.seats) {
    if (s.player === "person") rememberSeat({ id: created.id, game: created.game, seat: s.seat, token: s.token });
  }
  loadMyGames();
  const seatRows = created.seats.map((s) => {
    if (!s.link) { // an agent's seat has no link: its view is no one's while the game goes on
      return h("div", { class: "link-row seat-link agent-seat", dataset: { label: s.seat } },
        h("span", { class: "link-label" }, s.seat, h("small", {}, ` (agent: ${s.player})`)),
        h("span", { class: "muted" }, "no link: an agent's hand is no one's to read"));
    }
    const row = linkRow(s.seat, s.link, { open: true });
    row.classList.add("seat-link");
    row.dataset.token = s.token;
    return row;
  });
  const replay = created.watch.replace(/^\/play\//, "/replay/");
  clear(box,
    h("h3", {}, `${title}: ${created.id}`),
    h("p", { class: "muted" }, "Each seat's link carries its secret token: send it to whoever plays that seat."),
    seatRows,
    h("div", { class: "spectators" }, linkRow("spectators", created.watch, { open: true }),
      linkRow("replay", replay, { open: true })));
  box.hidden = false;
  box.scrollIntoView({ block: "nearest", behavior: "smooth" });
}

// --- My games: the seats this browser holds, a way back into each ----------------------------
const gameTitle = (name) => (catalogue.find((c) => c.name === name) || {}).title || name;

async function loadMyGames() {
  const box = $("#my-games");
  const held = heldSeats().slice(0, 20);
  if (!held.length) {
    clear(box, h("p", { class: "muted" }, "The seats you create or open in this browser are kept here, to come back to."));
    return;
  }
  const rows = held.map((s) => {
    const now = h("td", { class: "now" }, "…");
    const row = h("tr", { dataset: { game: s.id, seat: s.seat } },
      h("td", {}, h("strong", {}, gameTitle(s.game)), h("br"), h("small", {}, h("code", {}, s.id))),
      h("td", {}, s.seat), now,
      h("td", { class: "actions" }, h("a", { href: s.link, class: "button small resume" }, "resume"),
        h("button", { type: "button", class: "small forget", title: "forget this seat's link in this browser",
          onclick: () => { forgetSeat(s.id, s.token); loadMyGames(); loadGames(); } }, "forget")));
    // Where the game stands, as this seat sees it (its own server only).
    api(`/api/games/${encodeURIComponent(s.id)}?token=${encodeURIComponent(s.token)}`).then((answer) => {
      const view = answer.view;
      now.textContent = answer.over ? "over" : view.to_move === s.seat ? "your turn" : `${view.to_move} to move`;
      now.title = view.prompt || "";
      row.classList.toggle("my-turn", !answer.over && view.to_move === s.seat);
    }, (err) => {
      now.textContent = err.status === 404 || err.status === 403 ? "not on this server" : "unknown";
      now.title = err.message;
    });
    return row;
  });
  clear(box, h("table", { class: "games mine" },
    h("thead", {}, h("tr", {}, ["Game", "Seat", "Now", ""].map((t) => h("th", {}, t)))), h("tbody", {}, rows)));
}

// --- The games on the server --------------------------------------------------------------
function optionSummary(game) {
  const entry = catalogue.find((g) => g.name === game.game);
  const parts = [];
  Object.entries(game.options || {}).forEach(([key, value], i) => {
    const option = entry && entry.options.find((o) => o.name === key);
    const isDefault = option && JSON.stringify(option.default) === JSON.stringify(value);
    if (i === 0 || !isDefault) parts.push(`${key} ${pretty(value)}`);
  });
  return parts.join(" · ");
}

async function loadGames() {
  const box = $("#games");
  try {
    const { games, total } = await api("/api/games");  // the newest page
    showError($("#games-error"), "");
    games.sort((a, b) => b.created - a.created);
    if (!games.length) {
      clear(box, h("p", { class: "muted" }, "No games yet."));
      return;
    }
    const rows = games.map((g) => h("tr", { dataset: { game: g.id } },
      h("td", {}, h("code", {}, g.id), h("br"), h("small", {}, new Date(g.created * 1000).toLocaleString())),
      h("td", {}, (catalogue.find((c) => c.name === g.game) || {}).title || g.game, h("br"), h("small", { class: "options" }, optionSummary(g))),
      h("td", {}, Object.entries(g.players).map(([seat, p]) => h("div", {}, `${seat}: `, h("small", {}, p)))),
      h("td", { title: g.prompt }, g.over ? h("strong", {}, "over") : `${g.to_move} to move`),
      h("td", { class: "actions" },
        heldSeats().filter((s) => s.id === g.id).map((s) => h("a", { href: s.link, class: "button small play-seat",
          dataset: { seat: s.seat } }, `play ${s.seat}`)),
        h("a", { href: g.watch, class: "button small" }, "watch"),
        h("a", { href: g.watch.replace(/^\/play\//, "/replay/"), class: "button small" }, "replay"))));
    clear(box, h("table", { class: "games" },
      h("thead", {}, h("tr", {}, ["Game", "", "Players", "Now", ""].map((t) => h("th", {}, t)))),
      h("tbody", {}, rows)),
      total > games.length ? h("p", { class: "muted" }, `The newest ${games.length} of ${total} games.`) : null);
  } catch (err) {
    showError($("#games-error"), err.message);
  }
}

// --- Import a record ----------------------------------------------------------------------
async function importRecord(event) {
  event.preventDefault();
  const error = $("#import-error");
  let text = $("#import-text").value.trim();
  const file = $("#import-file").files[0];
  if (!text && file) text = await file.text();
  if (!text) {
    showError(error, "Paste a record or choose its file first.");
    return;
  }
  let record;
  try {
    record = JSON.parse(text);
  } catch (err) {
    showError(error, `The record is not valid JSON: ${err.message}`);
    return;
  }
  const button = $("#import-button");
  button.disabled = true;
  try {
    const created = await api("/api/import", { record });
    showError(error, "");
    showLinks($("#imported"), created, "Imported");
    loadGames();
  } catch (err) {
    showError(error, err.message);
  } finally {
    button.disabled = false;
  }
}

async function main() {
  $("#new-form").addEventListener("submit", create);
  $("#new-form").addEventListener("change", (e) => {
    if (e.target.id === "game-select") chooseGame(e.target.value);
    else if (!e.target.name || !e.target.name.startsWith("player.")) preview();
  });
  $("#refresh").addEventListener("click", loadGames);
  $("#import-form").addEventListener("submit", importRecord);
  $("#import-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) $("#import-text").value = await file.text();
  });
  loadGames();
  loadMyGames();
  try {
    ({ games: catalogue, agent_seconds: agentSeconds } = await api("/api/catalogue"));
  } catch (err) {
    showError($("#form-error"), err.message);
    return;
  }
  const select = $("#game-select");
  clear(select, catalogue.map((g) => h("option", { value: g.name }, g.title)));
  $("#game-row").hidden = catalogue.length < 2;
  // The form opens on a game the page draws as a board (the others play from a plain view).
  const first = catalogue.find((g) => g.board) || catalogue[0];
  if (first) {
    select.value = first.name;
    chooseGame(first.name);
  }
  loadGames();
  loadMyGames();
}

main();
