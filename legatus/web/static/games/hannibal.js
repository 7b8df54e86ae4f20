// Hannibal's drawing module: the board as SVG from the public data (the 96 spaces at their
// places on the map, connections by kind, provinces tinted by who controls them), the pieces
// from a view (political control, CU stacks with their counts and generals, sieges), and the
// panels beside the board (whose decision, turn track, political points, the seat's own hands,
// decks, the battle under way). The contract with the page is hispania.js's.
//
// A view carries only what its seat may see (legatus/games/hannibal/view.py): the other seat's
// hands come as sizes, so nothing here can show them.

import { h as el, svg as s, tip } from "/static/common.js";

export const title = "Hannibal: Rome vs Carthage";

const SIDE_NAME = { rome: "Rome", carthage: "Carthage" };
const SIDE_COLOUR = { rome: "#a8322a", carthage: "#2d5a8c", neutral: "#8a8073" };
const PROVINCE_TINT = { rome: "#e8b7ad", carthage: "#b5c8de", none: "#e9dfc6" };
const CARD_KINDS = ["frontal assault", "flank left", "flank right", "probe", "double envelopment", "reserve"];
const MARGIN = 70;

let shared = null; // the public data, for renderInfo (the replay page does not pass it)

const sideName = (side) => SIDE_NAME[side] || side;

/** The page's styles for this game, from the server itself (the CSP allows no inline ones). */
function loadStyles() {
  if (document.querySelector("link[data-game-styles=hannibal]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/games/hannibal.css", "data-game-styles": "hannibal" }));
}

// --- Which spaces an action names: "<verb> <space>" (legatus/games/hannibal/notation.py) -------
const spaceNames = new WeakMap();

export function targets(action, pub) {
  let names = spaceNames.get(pub);
  if (!names) {
    names = new Set(pub.map.spaces.map((sp) => sp.name));
    spaceNames.set(pub, names);
  }
  for (const verb of pub.space_verbs) {
    if (action.startsWith(`${verb} `) && names.has(action.slice(verb.length + 1))) {
      return { spaces: [action.slice(verb.length + 1)], links: [] };
    }
  }
  return { spaces: [], links: [] };
}

/** H102: the side controlling a strict majority (the province's "control" count) of its spaces. */
function provinceController(province, view) {
  for (const side of ["rome", "carthage"]) {
    const held = province.spaces.filter((name) => view.spaces[name] && view.spaces[name].control === side).length;
    if (held >= province.control) return side;
  }
  return "none";
}

// --- The board --------------------------------------------------------------------------------
export function createBoard(node, pub, hooks = {}) {
  loadStyles();
  shared = pub;
  const map = pub.map;
  const where = Object.fromEntries(map.spaces.map((sp) => [sp.name, [sp.x, sp.y]]));
  const xs = map.spaces.map((sp) => sp.x);
  const ys = map.spaces.map((sp) => sp.y);
  const [x0, y0] = [Math.min(...xs) - MARGIN, Math.min(...ys) - MARGIN];
  const [w, h] = [Math.max(...xs) - x0 + MARGIN, Math.max(...ys) - y0 + MARGIN + 20];
  const svg = s("svg", { viewBox: `${x0} ${y0} ${w} ${h}`, class: "hn-board", role: "img",
    "aria-label": "The map of Hannibal: Rome vs Carthage", preserveAspectRatio: "xMidYMid meet" });
  svg.append(s("rect", { x: x0, y: y0, width: w, height: h, class: "hn-sea" }));

  // Provinces: a blob around their spaces (discs joined along their inner connections), tinted
  // by who controls them; those that give no political point are hatched grey.
  const provinceOf = Object.fromEntries(map.spaces.map((sp) => [sp.name, sp.province]));
  const blobs = {};
  const blobLayer = s("g", { class: "hn-provinces" });
  for (const province of map.provinces) {
    const g = s("g", { class: `hn-province${province.victory ? "" : " hn-no-victory"}`, "data-province": province.name },
      tip(`${province.name}: ${province.control} of ${province.spaces.length} spaces control it` +
        `${province.victory ? "" : "; no political point (H8)"}`));
    for (const c of map.connections) {
      if (provinceOf[c.a] === province.name && provinceOf[c.b] === province.name && !c.strait) {
        g.append(s("line", { x1: where[c.a][0], y1: where[c.a][1], x2: where[c.b][0], y2: where[c.b][1], class: "hn-blob-line" }));
      }
    }
    for (const name of province.spaces) g.append(s("circle", { cx: where[name][0], cy: where[name][1], r: 44, class: "hn-blob" }));
    blobs[province.name] = g;
    blobLayer.append(g);
  }
  svg.append(blobLayer);
  const labels = s("g", { class: "hn-province-labels" });
  for (const province of map.provinces) {
    const cx = province.spaces.reduce((t, n) => t + where[n][0], 0) / province.spaces.length;
    const cy = province.spaces.reduce((t, n) => t + where[n][1], 0) / province.spaces.length;
    labels.append(s("text", { x: Math.round(cx), y: Math.round(cy) - 34, class: "hn-province-name" },
      province.name.toUpperCase()));
  }

  // Connections: land, passes (dashed brown, Alps heavier), straits (blue).
  const lines = s("g", { class: "hn-connections" });
  for (const c of map.connections) {
    const kind = c.strait ? "strait" : c.alps ? "alps" : c.pass ? "pass" : "land";
    lines.append(s("line", { x1: where[c.a][0], y1: where[c.a][1], x2: where[c.b][0], y2: where[c.b][1],
      class: `hn-connection hn-${kind}` },
    tip(`${c.a} – ${c.b}${kind === "land" ? "" : `: ${kind === "alps" ? "Alps pass" : kind}`}` +
      `${c.control_needed ? " (control of both ends needed, H50)" : ""}`)));
  }
  svg.append(lines, labels);

  // Spaces: a group each, its marker and pieces redrawn.
  const layer = s("g", { class: "hn-spaces" });
  const groups = {};
  for (const sp of map.spaces) {
    const [x, y] = where[sp.name];
    const g = s("g", { class: `hn-space hn-${sp.kind}`, transform: `translate(${x},${y})`, "data-space": sp.name,
      "aria-label": sp.name });
    const facts = [sp.province];
    if (sp.kind === "walled") facts.push(`walled city (siege ${sp.siege_modifier >= 0 ? "+" : ""}${sp.siege_modifier}, holds ${sp.capacity} CUs)`);
    if (sp.kind === "tribe") facts.push(`${sp.allegiance} tribe`);
    if (sp.port) facts.push(`port (${sp.port_modifier >= 0 ? "+" : ""}${sp.port_modifier})`);
    g.append(s("circle", { r: 30, class: "hn-hit" }), s("circle", { r: 24, class: "hn-ring" }), tip(`${sp.name}: ${facts.join(", ")}`));
    const marker = s("g", { class: "hn-marker" });
    g.append(marker, s("text", { y: 44, class: "hn-label" }, sp.name));
    if (sp.port) g.append(s("text", { x: -26, y: -14, class: "hn-port" }, "⚓"));
    const pieces = s("g", { class: "hn-pieces" });
    g.append(pieces);
    groups[sp.name] = { g, marker, pieces, sp };
    layer.append(g);
  }
  svg.append(layer, legend(x0, y0 + h));
  node.replaceChildren(svg);

  svg.addEventListener("click", (event) => {
    const space = event.target.closest("[data-space]");
    if (hooks.onSpace) hooks.onSpace(space ? space.dataset.space : null);
  });
  svg.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const space = event.target.closest("[data-space]");
    if (!space || !hooks.onSpace) return;
    hooks.onSpace(space.dataset.space);
    event.preventDefault();
  });

  function draw(view, marks = {}) {
    const active = marks.active || new Map();
    const spaces = view.spaces || {};
    for (const province of map.provinces) {
      blobs[province.name].dataset.control = provinceController(province, { spaces });
    }
    const generalsAt = {};
    for (const [name, g] of Object.entries(view.generals || {})) (generalsAt[g.at] ||= []).push([name, g]);
    const sideOf = Object.fromEntries((pub.generals || []).map((g) => [g.name, g.side]));
    const battleAt = view.battle ? view.battle.space : null;
    for (const [name, { g, marker, pieces, sp }] of Object.entries(groups)) {
      const on = active.has(name);
      g.classList.toggle("active", on);
      g.classList.toggle("selected", marks.selected === name);
      g.classList.toggle("hn-battle", battleAt === name);
      if (on) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
      } else {
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
      }
      const here = spaces[name] || {};
      drawMarker(marker, sp, here);
      pieces.replaceChildren();
      drawStacks(pieces, here, generalsAt[name] || [], sideOf);
    }
    // The spaces a click may choose are drawn last, over their neighbours' pieces: a badge or
    // a General's name never hides one from the pointer.
    for (const { g } of Object.values(groups)) if (g.classList.contains("active")) layer.append(g);
    svg.dataset.turn = String(view.turn ?? "");
  }

  function anchor(key) {
    return groups[key] ? groups[key].g.querySelector(".hn-ring") : null;
  }

  return { draw, anchor, svg };
}

/** The space's political control marker: a disc (plain), a square (walled city), a triangle
 * (a tribe standing, H96), coloured by who controls it. */
function drawMarker(marker, sp, here) {
  const control = here.control || null;
  const fill = control ? SIDE_COLOUR[control] : "#fbf7ee";
  const attrs = { fill, class: `hn-pc${control ? ` hn-pc-${control}` : ""}`, "data-control": control || "none" };
  let shape;
  if (sp.kind === "walled") shape = s("rect", { x: -17, y: -17, width: 34, height: 34, rx: 3, ...attrs });
  else if (sp.kind === "tribe" && here.tribe !== false) shape = s("path", { d: "M0,-21 L19,14 L-19,14 Z", ...attrs });
  else shape = s("circle", { r: 16, ...attrs });
  marker.replaceChildren(shape);
  if (here.siege) {
    marker.append(s("g", { class: "hn-siege" }, tip(`${here.siege} siege point${here.siege > 1 ? "s" : ""} (H95)`),
      s("circle", { cx: 22, cy: 20, r: 13 }), s("text", { x: 22, y: 27 }, here.siege)));
  }
}

/** Each side's CUs as a badge with the count (elephants apart) and its generals' names below. */
function drawStacks(parent, here, generals, sideOf) {
  const sides = ["rome", "carthage"].filter((side) => here[side] || generals.some(([n]) => sideOf[n] === side));
  sides.forEach((side, i) => {
    const x = sides.length === 2 ? (i === 0 ? -46 : 46) : 0;
    const cus = here[side] || 0;
    const names = generals.filter(([n]) => sideOf[n] === side).map(([n, g]) => `${n}${g.proconsul ? " (P)" : g.consul ? " (C)" : ""}`);
    const elephants = side === "carthage" ? here.elephants || 0 : 0;
    const g = s("g", { class: `hn-stack hn-stack-${side}`, "data-side": side, "data-cus": cus, transform: `translate(${x},-52)` },
      tip(`${sideName(side)}: ${cus} CU${cus === 1 ? "" : "s"}${elephants ? `, ${elephants} elephants` : ""}` +
        `${names.length ? ` with ${names.join(", ")}` : ""}`));
    g.append(s("rect", { x: -27, y: -20, width: 54, height: 38, rx: 6, fill: SIDE_COLOUR[side], class: "hn-badge" }),
      s("text", { y: 9, class: "hn-count" }, cus));
    if (elephants) g.append(s("text", { x: 0, y: -26, class: "hn-elephants" }, `${elephants} eleph.`));
    // Two armies in a space: each one's names run outwards, away from the other's.
    const [nx, anchor] = sides.length < 2 ? [0, "middle"] : i === 0 ? [27, "end"] : [-27, "start"];
    names.forEach((name, j) => g.append(s("text", { x: nx, y: 40 + j * 21, class: "hn-general", fill: SIDE_COLOUR[side],
      "text-anchor": anchor }, name)));
    parent.append(g);
  });
}

function legend(x, bottom) {
  const g = s("g", { class: "hn-legend", transform: `translate(${x + 20},${bottom - 170})` });
  g.append(s("rect", { x: -10, y: -24, width: 420, height: 164, rx: 8, class: "hn-legend-box" }));
  const row = (i, shape, text) => g.append(shape(8 + (i % 2) * 205, (Math.floor(i / 2)) * 34), s("text", { x: 40 + (i % 2) * 205, y: Math.floor(i / 2) * 34 + 7 }, text));
  row(0, (cx, cy) => s("circle", { cx: cx + 10, cy, r: 11, fill: SIDE_COLOUR.rome }), "Roman PC");
  row(1, (cx, cy) => s("circle", { cx: cx + 10, cy, r: 11, fill: SIDE_COLOUR.carthage }), "Carthaginian PC");
  row(2, (cx, cy) => s("rect", { x: cx, y: cy - 11, width: 22, height: 22, rx: 2, fill: "#fbf7ee", class: "hn-pc" }), "walled city");
  row(3, (cx, cy) => s("path", { d: `M${cx + 10},${cy - 13} L${cx + 22},${cy + 9} L${cx - 2},${cy + 9} Z`, fill: SIDE_COLOUR.neutral, class: "hn-pc" }), "tribe");
  row(4, (cx, cy) => s("line", { x1: cx - 4, y1: cy, x2: cx + 26, y2: cy, class: "hn-connection hn-pass" }), "pass (Alps: heavier)");
  row(5, (cx, cy) => s("line", { x1: cx - 4, y1: cy, x2: cx + 26, y2: cy, class: "hn-connection hn-strait" }), "strait");
  row(6, (cx, cy) => s("text", { x: cx + 10, y: cy + 8, class: "hn-port" }, "⚓"), "port");
  row(7, (cx, cy) => s("rect", { x: cx - 2, y: cy - 12, width: 26, height: 24, class: "hn-blob-key" }), "no political point");
  return g;
}

// --- The panels beside the board ---------------------------------------------------------------
function cardList(cards, cls) {
  return cards && cards.length ? el("ul", { class: cls }, cards.map((c) => el("li", {}, c))) : el("p", { class: "muted" }, "none");
}

function kindsList(counts) {
  const entries = CARD_KINDS.filter((k) => counts && counts[k]).map((k) => `${k} ×${counts[k]}`);
  return entries.length ? entries.join(", ") : "none";
}

export function renderInfo(node, view, pub) {
  const data = pub || shared || {};
  const parts = [];
  const me = view.seat;
  const other = me === "rome" ? "carthage" : me === "carthage" ? "rome" : null;

  if (view.winner) {
    parts.push(el("div", { class: `hn-result hn-${view.winner}` }, el("strong", {}, `${sideName(view.winner)} wins`),
      view.reason ? `: ${view.reason}` : ""));
  }
  // Whose decision it is.
  if (view.to_move && !view.winner) {
    const mine = me && view.to_move === me;
    parts.push(el("p", { class: `hn-decision${mine ? " mine" : ""}`, "data-to-move": view.to_move },
      mine ? "Your decision." : `Waiting for ${sideName(view.to_move)}…`));
  }

  // The battle under way, card by card.
  const b = view.battle;
  if (b) {
    const kids = [el("div", { class: "label" }, `Battle at ${b.space}: ${sideName(b.attacker)} attacks, round ${b.rounds + 1}`)];
    if (b.card) kids.push(el("p", { class: "hn-to-match" }, `Card to match: `, el("strong", {}, b.card)));
    kids.push(el("p", {}, "Played: ", kindsList(b.played)));
    if (b.hand) kids.push(el("p", { class: "hn-my-battle-hand" }, "Your battle cards: ", el("strong", {}, kindsList(b.hand))));
    const sizes = b.hand_sizes || [0, 0];
    kids.push(el("p", { class: "muted" }, `Battle cards held: Rome ${sizes[0]}, Carthage ${sizes[1]}`));
    (b.face_up || []).forEach((shown, i) => {
      if (Object.keys(shown).length) kids.push(el("p", { class: "muted" }, `${sideName(i ? "carthage" : "rome")}'s cards face up: ${kindsList(shown)}`));
    });
    parts.push(el("div", { class: "hn-battle-box" }, kids));
  }

  // Turn track and phase.
  const turns = data.turns || [];
  parts.push(el("div", { class: "hn-turns", "aria-label": "turn track" }, turns.map((t) => el("span", {
    class: `hn-turn${t.turn === view.turn ? " on" : ""}`, title: `turn ${t.turn}: ${t.years}, ${t.cards} cards each`,
  }, el("b", {}, t.turn), el("small", {}, t.years)))));
  parts.push(el("p", { class: "hn-phase" }, `Turn ${view.turn} · ${view.phase}`));

  // Political points (H108) and the decks.
  const [rome, carthage] = view.points || [0, 0];
  parts.push(el("div", { class: "hn-row" },
    el("span", { class: "hn-chip hn-rome", title: "victory provinces Rome controls (H108)" }, "Rome ", el("strong", { class: "hn-points" }, rome)),
    el("span", { class: "hn-chip hn-carthage", title: "victory provinces Carthage controls (H108)" }, "Carthage ", el("strong", { class: "hn-points" }, carthage)),
    el("span", { class: "hn-chip" }, "deck ", el("strong", { class: "hn-deck" }, view.deck ?? 0)),
    el("span", { class: "hn-chip", title: (view.discard || []).join("\n") }, "discard ", el("strong", {}, (view.discard || []).length))));
  const flags = [];
  if (view.truce) flags.push("truce");
  if (view.naval_victory) flags.push("naval victory");
  if (view.macedonia === 1) flags.push("Macedonia allied with Carthage");
  if (view.siege_train) flags.push(`siege train with ${view.siege_train}`);
  if (flags.length) parts.push(el("p", { class: "hn-flags muted" }, flags.join(" · ")));

  // The seat's own strategy hand; the other's only as a size.
  const sizes = view.hand_sizes || [0, 0];
  if (me) {
    parts.push(el("div", { class: "hn-hand-box" }, el("div", { class: "label" }, `Your hand (${(view.hand || []).length})`),
      cardList(view.hand, "hn-hand")));
    const known = view.known_in_other_hand || [];
    parts.push(el("p", { class: "muted hn-other-hand" }, `${sideName(other)} holds ${sizes[other === "rome" ? 0 : 1]} cards`,
      known.length ? `, among them ${known.join(", ")}` : ""));
  } else {
    parts.push(el("p", { class: "muted" }, `Hands: Rome ${sizes[0]} cards, Carthage ${sizes[1]}`));
  }

  // The generals on the map.
  const ratings = Object.fromEntries((data.generals || []).map((g) => [g.name, g]));
  const onMap = Object.entries(view.generals || {}).filter(([, g]) => !["pool", "eliminated", "not yet arrived"].includes(g.at));
  parts.push(el("div", { class: "hn-generals" }, el("div", { class: "label" }, "Generals"),
    el("ul", {}, onMap.map(([name, g]) => {
      const r = ratings[name] || {};
      return el("li", { class: `hn-${r.side || ""}` }, el("strong", {}, name),
        el("small", {}, ` ${r.strategy ?? "?"}/${r.battle ?? "?"}${g.consul ? " consul" : ""}${g.proconsul ? " proconsul" : ""}`),
        ` — ${g.at}`);
    }))));

  node.replaceChildren(...parts);
}

/** A log line's class: a die rolled ("roll 4") is styled as dice. */
export function logClass(line) {
  return /^roll \d+$/.test(line) ? "dice" : "";
}
