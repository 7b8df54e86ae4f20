// Hispania's drawing module: the board as SVG from the public board data (cities at their
// longitude/latitude, links with their segments, seas), the pieces from a view, and the panels
// beside the board (turn, denarii, dice, time track, generals, reserves).
// The contract with the page is written once, in common.js ("A game's drawing module"); besides
// it this module exports lastDice(view) -> {roman, hispanic, text, pending} or null, for its panels.

import { h as el, svg as s, tip } from "/static/common.js";

export const title = "Hispania";

export const PROVINCE_COLOURS = {
  ulterior: "#b8352a", // Roman red
  citerior: "#e0b437", // Roman yellow
  I: "#7f9f8c", // Ilergetia: sage
  II: "#b49a74", // Celtiberia: tan
  III: "#b98a8c", // Carpetania: dusty rose
  IV: "#86a0b6", // Lusitania: slate blue
  V: "#9ea46a", // Gallaecia: olive
  VI: "#9586ad", // Cantabria: heather
};
const PIECE_COLOURS = { red: "#c23b2e", yellow: "#f0c419", blue: "#2d5fae", white: "#fbfaf5", purple: "#7a3d98" };
const GENERAL_LETTERS = { ulterior: "U", citerior: "C", consul: "Co", proconsul: "P" };
const LINK_STYLE = {
  1: { colour: "#7a6a55", width: 1.5, name: "plain (1 segment)" },
  2: { colour: "#3d7bb3", width: 2, name: "river (2 segments)" },
  3: { colour: "#8b5a2b", width: 2, name: "mountains (3 segments)" },
};
// Where the provinces' names go (longitude, latitude of the text's middle).
const PROVINCE_LABELS = {
  I: [1.35, 42.27], II: [-1.55, 40.75], III: [-4.3, 39.35], IV: [-7.75, 39.75],
  V: [-7.55, 42.2], VI: [-3.75, 43.8], ulterior: [-5.75, 37.25], citerior: [-1.15, 38.75],
};

// A rough outline of the peninsula and its neighbours (longitude, latitude), for the eye only.
const IBERIA = [
  [-1.78, 43.37], [-2.4, 43.32], [-2.95, 43.42], [-3.8, 43.47], [-4.5, 43.4], [-5.4, 43.56], [-5.85, 43.64],
  [-6.5, 43.57], [-7.7, 43.77], [-8.2, 43.58], [-8.5, 43.42], [-9.0, 43.22], [-9.3, 42.9], [-8.95, 42.5],
  [-8.9, 41.9], [-8.77, 41.3], [-8.67, 40.6], [-8.9, 40.1], [-9.05, 39.6], [-9.4, 39.35], [-9.5, 38.78],
  [-9.2, 38.62], [-8.92, 38.48], [-8.82, 38.1], [-8.8, 37.4], [-8.98, 37.0], [-8.6, 37.1], [-7.9, 36.98],
  [-7.4, 37.17], [-6.9, 37.12], [-6.38, 36.78], [-6.4, 36.45], [-6.0, 36.2], [-5.6, 36.0], [-5.35, 36.15],
  [-4.9, 36.48], [-4.4, 36.7], [-3.5, 36.72], [-2.9, 36.74], [-2.2, 36.72], [-1.9, 36.95], [-1.6, 37.35],
  [-0.75, 37.56], [-0.68, 38.0], [-0.5, 38.3], [0.22, 38.74], [0.0, 39.0], [-0.3, 39.42], [0.0, 39.9],
  [0.35, 40.3], [0.88, 40.68], [1.0, 41.02], [2.1, 41.28], [2.8, 41.68], [3.22, 41.95], [3.22, 42.3],
  [3.17, 42.43], [2.5, 42.35], [1.75, 42.5], [1.4, 42.6], [0.7, 42.82], [0.0, 42.7], [-0.7, 42.85],
  [-1.4, 43.05],
];
const GAUL = [
  [-1.78, 43.37], [-1.4, 43.05], [-0.7, 42.85], [0.0, 42.7], [0.7, 42.82], [1.4, 42.6], [1.75, 42.5],
  [2.5, 42.35], [3.17, 42.43], [3.05, 42.95], [3.4, 43.28], [4.0, 43.45], [4.5, 43.4], [4.5, 45.5],
  [-1.2, 45.5], [-1.2, 44.6], [-1.3, 44.0], [-1.5, 43.55],
];
const AFRICA = [[-6.3, 35.75], [-5.92, 35.78], [-5.35, 35.9], [-5.0, 35.4], [-4.3, 35.2], [-3.0, 35.25], [-2.0, 35.1],
  [-1.0, 35.6], [0.0, 35.85], [1.0, 36.5], [2.0, 36.6], [3.0, 36.8], [4.5, 36.9], [4.5, 34.0], [-6.3, 34.0]];
const ISLANDS = [
  [[2.35, 39.55], [2.75, 39.93], [3.2, 39.95], [3.47, 39.72], [3.25, 39.36], [2.95, 39.36], [2.6, 39.47]],
  [[3.82, 39.95], [4.3, 40.06], [4.32, 39.85], [3.9, 39.9]],
  [[1.22, 38.92], [1.4, 39.1], [1.62, 39.03], [1.5, 38.84]],
];

const COS = Math.cos((40.2 * Math.PI) / 180);
const BOUNDS = { west: -11.2, east: 4.1, south: 35.45, north: 44.85 };
const WIDTH = 1000;
const SCALE = WIDTH / ((BOUNDS.east - BOUNDS.west) * COS);
const HEIGHT = Math.round((BOUNDS.north - BOUNDS.south) * SCALE);

function project(lon, lat) {
  return [(lon - BOUNDS.west) * COS * SCALE, (BOUNDS.north - lat) * SCALE];
}

const fmt = (n) => Math.round(n * 10) / 10;
const linkKey = (a, b) => [a, b].sort().join("|");

// --- Which spaces an action names -------------------------------------------------------------
const matchers = new WeakMap();

function spaceMatchers(pub) {
  let found = matchers.get(pub);
  if (!found) {
    const names = pub.board.spaces.map((sp) => sp.name).sort((a, b) => b.length - a.length);
    const escape = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    found = names.map((name) => ({ name, re: new RegExp(`(?<![A-Za-z])${escape(name)}(?![A-Za-z])`, "i") }));
    matchers.set(pub, found);
  }
  return found;
}

/** The spaces (and, for a road, the link) an action's notation names, in the order written. */
export function targets(action, pub) {
  let rest = action;
  const hits = [];
  for (const { name, re } of spaceMatchers(pub)) {
    const m = re.exec(rest);
    if (m) {
      hits.push([m.index, name]);
      rest = rest.slice(0, m.index) + "#".repeat(name.length) + rest.slice(m.index + name.length);
    }
  }
  const spaces = hits.sort((a, b) => a[0] - b[0]).map(([, name]) => name);
  const links = /^road /i.test(action) && spaces.length === 2 ? [[spaces[0], spaces[1]]] : [];
  return { spaces, links };
}

// --- The board --------------------------------------------------------------------------------
export function createBoard(node, pub, hooks = {}) {
  const board = pub.board;
  const where = {};
  for (const sp of board.spaces) where[sp.name] = project(sp.lon, sp.lat);
  const svg = s("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "hx-board", role: "img",
    "aria-label": "The board of Hispania", preserveAspectRatio: "xMidYMid meet",
  });

  // The land, for the eye.
  const outline = (points) => points.map(([lon, lat]) => project(lon, lat).map(fmt).join(",")).join(" ");
  svg.append(
    s("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "hx-sea" }),
    s("polygon", { points: outline(GAUL), class: "hx-land hx-foreign" }),
    s("polygon", { points: outline(AFRICA), class: "hx-land hx-foreign" }),
    ...ISLANDS.map((pts) => s("polygon", { points: outline(pts), class: "hx-land" })),
    s("polygon", { points: outline(IBERIA), class: "hx-land" }),
    s("text", { x: project(-2.6, 35.55)[0], y: project(-2.6, 35.55)[1], class: "hx-region" }, "MAVRETANIA"),
  );

  // The provinces' names, faint, in open ground near their cities (the middle of their cities
  // on a board whose provinces are not placed here).
  const provinceLayer = s("g", { class: "hx-provinces" });
  for (const province of board.provinces) {
    const cities = board.spaces.filter((sp) => sp.province === province.key);
    if (!cities.length) continue;
    let [x, y] = [0, 0];
    if (PROVINCE_LABELS[province.key]) {
      [x, y] = project(...PROVINCE_LABELS[province.key]);
    } else {
      x = cities.reduce((t, c) => t + where[c.name][0], 0) / cities.length;
      y = cities.reduce((t, c) => t + where[c.name][1], 0) / cities.length;
    }
    provinceLayer.append(s("text", { x: fmt(x), y: fmt(y), class: "hx-province-name",
      fill: PROVINCE_COLOURS[province.key] || "#888" }, provinceName(board, province.key).toUpperCase()));
  }
  svg.append(provinceLayer);

  const roadLayer = s("g", { class: "hx-roads" });
  svg.append(roadLayer);

  // The links, with a tick between two segments.
  const linkLayer = s("g", { class: "hx-links" });
  const spaceOf = Object.fromEntries(board.spaces.map((sp) => [sp.name, sp]));
  for (const link of board.links) {
    const [x1, y1] = where[link.a];
    const [x2, y2] = where[link.b];
    const sea = spaceOf[link.a].sea || spaceOf[link.b].sea;
    const style = LINK_STYLE[link.segments] || LINK_STYLE[1];
    const g = s("g", { class: `hx-link seg${link.segments}${sea ? " hx-sealink" : ""}`, "data-key": linkKey(link.a, link.b) });
    g.append(s("line", { x1: fmt(x1), y1: fmt(y1), x2: fmt(x2), y2: fmt(y2), stroke: sea ? "#5f8fb4" : style.colour,
      "stroke-width": style.width, "stroke-dasharray": sea ? "5 4" : null }));
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [nx, ny] = [(-(y2 - y1) / len) * 5, ((x2 - x1) / len) * 5];
    for (let i = 1; i < link.segments; i++) {
      const t = 0.5 + (i - link.segments / 2) * Math.min(0.16, 30 / len);
      const [cx, cy] = [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
      g.append(s("line", { x1: fmt(cx - nx), y1: fmt(cy - ny), x2: fmt(cx + nx), y2: fmt(cy + ny),
        stroke: style.colour, "stroke-width": 2.2 }));
    }
    g.append(tip(`${link.a} – ${link.b}: ${link.segments} segment${link.segments > 1 ? "s" : ""}` +
      `${link.segments === 2 ? " (river)" : link.segments === 3 ? " (mountains)" : ""}` +
      `${link.river ? `, crosses the ${link.river}` : ""}${link.printed_road ? ", printed road" : ""}`));
    linkLayer.append(g);
  }
  svg.append(linkLayer);
  const linkHits = s("g", { class: "hx-link-hits" });
  svg.append(linkHits);

  // The spaces: a group each, the pieces redrawn in it.
  const spaceLayer = s("g", { class: "hx-spaces" });
  const groups = {};
  const labels = {}; // the cities' names, placed where they overlap nothing (placeLabels)
  const seaLabels = {}; // the seas' names, under their discs
  const seas = board.spaces.filter((sp) => sp.sea);
  const cities = board.spaces.filter((sp) => !sp.sea);
  for (const sp of [...seas, ...cities]) {
    const [x, y] = where[sp.name];
    const g = s("g", { class: `hx-space ${sp.sea ? "hx-sea-space" : "hx-city"}${sp.capital ? " hx-capital" : ""}`,
      transform: `translate(${fmt(x)},${fmt(y)})`, "data-space": sp.name, "aria-label": sp.name });
    if (sp.sea) {
      g.append(
        s("circle", { r: 34, class: "hx-hit" }),
        s("circle", { r: 30, class: "hx-ring" }),
        s("circle", { r: 25, class: "hx-sea-disc" }),
        s("text", { x: -7, y: 7, class: "hx-sea-number" }, sp.number),
        seaLabels[sp.name] = s("text", { y: 40, class: "hx-label hx-sea-label" }, sp.name),
      );
    } else {
      const fill = PROVINCE_COLOURS[sp.province] || "#999";
      g.append(...[
        s("circle", { r: 17, class: "hx-hit" }),
        s("circle", { r: 15, class: "hx-ring" }),
        sp.capital ? s("circle", { r: 12.5, class: "hx-capital-ring" }) : null,
        s("circle", { r: 10, fill, class: "hx-city-disc" }),
        s("text", { y: 4, class: "hx-number" }, sp.number),
        labels[sp.name] = s("text", { y: 26, class: "hx-label" }, sp.name),
      ].filter(Boolean));
    }
    g.append(tip(sp.sea ? `${sp.name} (sea ${sp.number})`
      : `${sp.name}: ${provinceName(board, sp.province)}, number ${sp.number}${sp.capital ? ", capital" : ""}`));
    const pieces = s("g", { class: "hx-pieces" });
    g.append(pieces);
    g.pieces = pieces;
    groups[sp.name] = g;
    spaceLayer.append(g);
  }
  svg.append(spaceLayer);
  const key = legend(board);
  svg.append(key);
  node.replaceChildren(svg);
  let layout = null;

  // Clicks and keys go to the page.
  svg.addEventListener("click", (event) => {
    const link = event.target.closest("[data-link]");
    const space = event.target.closest("[data-space]");
    if (link && hooks.onLink) hooks.onLink(link.dataset.link);
    else if (hooks.onSpace) hooks.onSpace(space ? space.dataset.space : null);
  });
  svg.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const link = event.target.closest("[data-link]");
    const space = event.target.closest("[data-space]");
    if (link && hooks.onLink) hooks.onLink(link.dataset.link);
    else if (space && hooks.onSpace) hooks.onSpace(space.dataset.space);
    else return;
    event.preventDefault();
  });

  function draw(view, marks = {}) {
    const active = marks.active || new Map();
    const activeLinks = marks.activeLinks || new Map();
    const selected = marks.selected || null;

    // Roads, printed and placed.
    roadLayer.replaceChildren();
    for (const road of view.roads || []) {
      const [a, b] = road.link;
      if (!where[a] || !where[b]) continue;
      const [x1, y1] = where[a];
      const [x2, y2] = where[b];
      roadLayer.append(s("line", { x1: fmt(x1), y1: fmt(y1), x2: fmt(x2), y2: fmt(y2),
        class: `hx-road${road.printed ? "" : " hx-built"}`, "data-road": linkKey(a, b) },
      tip(`road ${a} – ${b}${road.printed ? " (printed)" : " (built)"}`)));
    }

    // The links a legal action names (roads to build).
    linkHits.replaceChildren();
    for (const [key, actions] of activeLinks) {
      const [a, b] = key.split("|");
      if (!where[a] || !where[b]) continue;
      const [x1, y1] = where[a];
      const [x2, y2] = where[b];
      const attrs = { x1: fmt(x1), y1: fmt(y1), x2: fmt(x2), y2: fmt(y2) };
      linkHits.append(s("g", { class: `hx-link-active${selected === key ? " selected" : ""}`, "data-link": key,
        tabindex: 0, role: "button", "aria-label": `${a} – ${b}: ${actions.join(", ")}` },
      s("line", { ...attrs, class: "hx-link-glow" }), s("line", { ...attrs, class: "hx-link-hit" }),
      tip(actions.join("\n"))));
    }

    // The spaces.
    for (const [name, g] of Object.entries(groups)) {
      const isActive = active.has(name);
      g.classList.toggle("active", isActive);
      g.classList.toggle("selected", selected === name);
      if (isActive) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
      } else {
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
      }
      g.pieces.replaceChildren();
      const city = view.cities && view.cities[name];
      const sea = view.seas && view.seas[name];
      if (city) drawCity(g.pieces, city, view);
      else if (sea) drawSea(g.pieces, sea, view, name);
    }
    // A board shown small (a laptop, a phone unzoomed) writes its names larger, and places them again.
    const small = svg.clientWidth > 0 && svg.clientWidth < SMALL_BOARD;
    if (!layout || small !== svg.classList.contains("hx-small")) {
      svg.classList.toggle("hx-small", small);
      layout = labelLayout(board, where, labels, key, seaLabels, provinceLayer);
    }
    placeLabels(layout, labels, pieceBoxes(view, where));
    svg.dataset.log = String((view.log || []).length);
  }

  function anchor(key) {
    if (groups[key]) return groups[key].querySelector(".hx-ring");
    return linkHits.querySelector(`[data-link="${CSS.escape(key)}"]`);
  }

  return { draw, anchor, svg };
}

// --- Where each city's name goes -------------------------------------------------------------
// A name takes the first place around its city, below first, that overlaps no space's disc, no
// piece (where they stand now), no sea, no other name and not the legend (the most crowded
// cities choose first, then a few passes move those still overlapping); failing all, the place
// that overlaps least. Redone at each drawing, as pieces come and go.
const CITY_BOX = { left: -11, top: -11, right: 11, bottom: 11 }; // the disc (its highlight ring may pass under a name)
const SEA_BOX = { left: -34, top: -34, right: 34, bottom: 46 };
const PIECE_BOXES = {
  revolts: { left: -25, top: -6, right: -9, bottom: 10 },
  army: { left: -22, top: -22, right: -9, bottom: -9 },
  general: { left: -9, top: -26, right: 9, bottom: -8 },
};
const SMALL_BOARD = 820; // px: a board drawn narrower writes its names larger (.hx-small)

/** A name's box in the board's units, its halo included: width, and height above and below its baseline. */
function textBox(text, name) {
  const measured = text.getComputedTextLength ? text.getComputedTextLength() : 0;
  const size = parseFloat(getComputedStyle(text).fontSize) || 12;
  // 4 units each side: the halo's stroke, and a margin for how fonts draw past their advance
  return { width: (measured > 0 ? measured : name.length * 0.62 * size) + 8, above: size + 1, below: size / 3 + 1 };
}
const garrisonBox = (n) => ({ left: 9, top: 5 - (n - 1) * 7.5, right: 22, bottom: 11.5 });
const PLACES = [
  // the usual places first: below, right, left, above
  ["middle", 0, 26], ["start", 17, 4], ["end", -17, 4], ["middle", 0, -18],
  ["start", 24, 4], ["end", -26, 4], ["middle", 0, -30],
  // then a ring of places further out, every 30 degrees
  ...[24, 36, 48].flatMap((far) => Array.from({ length: 12 }, (_, k) => {
    const [cx, cy] = [Math.cos((k * Math.PI) / 6), Math.sin((k * Math.PI) / 6)];
    const [dx, dy] = [Math.round(cx * far), Math.round(cy * far)];
    if (cx > 0.3) return ["start", dx, dy + 4];
    if (cx < -0.3) return ["end", dx, dy + 4];
    return ["middle", dx, dy > 0 ? dy + 12 : dy - 4];
  })),
];

function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

const boxAt = ([x, y], box) => ({ left: x + box.left, top: y + box.top, right: x + box.right, bottom: y + box.bottom });

/** What every drawing's placement needs once: each name's places (boxes) and what never moves. */
function labelLayout(board, where, labels, key, seaLabels, provinceLayer) {
  const fixed = board.spaces.map((sp) => boxAt(where[sp.name], sp.sea ? SEA_BOX : CITY_BOX));
  for (const text of provinceLayer.querySelectorAll("text")) { // the provinces' names: no city's name over one
    const b = text.getBBox();
    fixed.push({ left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height });
  }
  for (const [name, text] of Object.entries(seaLabels)) {
    // Under its disc, moved in from the board's edge where it would cross it.
    const { width, above, below } = textBox(text, name);
    const x = where[name][0];
    const dx = Math.max(4 - (x - width / 2), Math.min(0, WIDTH - 4 - (x + width / 2)));
    text.setAttribute("x", fmt(dx));
    fixed.push(boxAt(where[name], { left: dx - width / 2, right: dx + width / 2, top: 40 - above, bottom: 40 + below }));
  }
  const legendBox = key.querySelector(".hx-legend-box");
  const [lx, ly] = key.getAttribute("transform").match(/-?[\d.]+/g).map(Number);
  fixed.push({ left: lx - 8, top: ly - 6, right: lx - 8 + Number(legendBox.getAttribute("width")),
    bottom: ly - 6 + Number(legendBox.getAttribute("height")) });
  const options = {};
  for (const name of Object.keys(labels)) {
    const { width, above, below } = textBox(labels[name], name);
    const [x, y] = where[name];
    options[name] = PLACES.map(([anchor, dx, dy]) => {
      const left = anchor === "middle" ? x + dx - width / 2 : anchor === "start" ? x + dx - 4 : x + dx - width + 4;
      return { anchor, dx, dy, left, right: left + width, top: y + dy - above, bottom: y + dy + below };
    });
  }
  const near = (name) => Object.keys(labels).filter((o) => Math.hypot(where[name][0] - where[o][0],
    where[name][1] - where[o][1]) < 70).length;
  const order = Object.keys(labels).sort((a, b) => near(b) - near(a));
  return { fixed, options, order };
}

/** The boxes of the pieces on the cities now. */
function pieceBoxes(view, where) {
  const boxes = [];
  for (const [name, city] of Object.entries(view.cities || {})) {
    if (!where[name]) continue;
    if (city.revolts > 0) boxes.push(boxAt(where[name], PIECE_BOXES.revolts));
    if (city.army) boxes.push(boxAt(where[name], PIECE_BOXES.army));
    if (city.general) boxes.push(boxAt(where[name], PIECE_BOXES.general));
    if (city.garrisons && city.garrisons.length) boxes.push(boxAt(where[name], garrisonBox(city.garrisons.length)));
  }
  return boxes;
}

function placeLabels(layout, labels, pieces) {
  const { options, order } = layout;
  const fixed = [...layout.fixed, ...pieces];
  const chosen = {};
  const inside = { left: 2, top: 2, right: WIDTH - 2, bottom: HEIGHT - 2 };
  // What never moves (the board's edge, discs, pieces, the legend) weighs far more than another
  // name, which may move in the passes after.
  const cost = (name, box) => 1000 * ((box.right - box.left) * (box.bottom - box.top) - overlap(box, inside)
    + fixed.reduce((sum, other) => sum + overlap(box, other), 0))
    + order.reduce((sum, other) => sum + (other !== name && chosen[other] ? overlap(box, chosen[other]) : 0), 0);
  const choose = (name) => {
    let best = null;
    for (const box of options[name]) {
      const c = cost(name, box);
      if (!best || c < best.c) best = { c, box };
      if (c === 0) break;
    }
    chosen[name] = best.box;
  };
  order.forEach(choose);
  // Then a local search: a name that still overlaps something takes its best place, or now and
  // then (seeded: the same board gives the same names) one of the next best, out of a corner,
  // and the names in its way move; the best arrangement found is kept.
  let seed = 12345;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const total = () => order.reduce((sum, name) => sum + cost(name, chosen[name]), 0);
  let best = { cost: total(), chosen: { ...chosen } };
  for (let step = 0; step < 2000 && best.cost > 0; step++) {
    const crowded = order.filter((name) => cost(name, chosen[name]) > 0);
    const name = crowded[Math.floor(random() * crowded.length)];
    const ranked = options[name].map((box) => [cost(name, box), box]).sort((a, b) => a[0] - b[0]);
    chosen[name] = (random() < 0.3 ? ranked[1 + Math.floor(random() * 4)] : ranked[0])[1];
    // the names it now overlaps make room, each at its best place
    for (const other of order) if (other !== name && overlap(chosen[name], chosen[other]) > 0) choose(other);
    const now = total();
    if (now < best.cost) best = { cost: now, chosen: { ...chosen } };
  }
  Object.assign(chosen, best.chosen);
  for (const name of order) {
    const { anchor, dx, dy } = chosen[name];
    const text = labels[name];
    const place = `${anchor} ${dx} ${dy} ${Math.round(cost(name, chosen[name]))}`;
    if (text.dataset.place === place) continue;
    text.setAttribute("x", String(dx));
    text.setAttribute("y", String(dy));
    text.style.setProperty("text-anchor", anchor); // over the stylesheet's middle
    text.dataset.place = place;
  }
}

function provinceName(board, key) {
  const p = board.provinces.find((q) => q.key === key);
  return p ? (/^[IVX]+$/.test(p.key) ? `${p.key} ${p.name}` : p.name) : key;
}

// The pieces sit on their space, around its disc: the general on top, an army at the top left,
// revolts (a badge with their count) on the left, garrisons (bottom first) on the right; the
// name goes where it overlaps nothing (placeLabels).
function countBadge(parent, x, y, n, cls, label) {
  parent.append(s("g", { class: `hx-stack ${cls}`, "data-count": n }, tip(label),
    s("circle", { cx: x, cy: y, r: 7.5, class: "hx-badge" }),
    s("text", { x, y: y + 3.5, class: "hx-badge-count" }, n)));
}

function garrisonStack(parent, garrisons) {
  const g = s("g", { class: "hx-stack hx-garrisons", "data-count": garrisons.length },
    tip(`${garrisons.length} garrison${garrisons.length > 1 ? "s" : ""} (bottom first): ${garrisons.join(", ")}`));
  garrisons.forEach((colour, i) => {
    g.append(s("rect", { x: 9, y: 5 - i * 7.5, width: 13, height: 6.5, rx: 1.5, class: "hx-disc",
      fill: PIECE_COLOURS[colour] || colour, "data-colour": colour }));
  });
  parent.append(g);
}

function drawGeneral(parent, key, general, y, ring, acting) {
  const x = 0;
  const colour = PIECE_COLOURS[general.colour] || general.colour;
  const g = s("g", { class: `hx-general hx-general-${key}${acting ? " hx-acting" : ""}`, "data-general": key },
    tip(`${general.title}${acting ? " (his turn)" : ""}`));
  // A ring of his colour round the space says where he stands; the token names him.
  g.append(s("circle", { r: ring, class: "hx-general-ring", stroke: colour }));
  g.append(s("circle", { cx: x, cy: y, r: 8.5, fill: colour, class: "hx-general-disc" }));
  const letter = GENERAL_LETTERS[key] || key.charAt(0).toUpperCase();
  g.append(s("text", { x, y: y + 3.4, class: `hx-general-letter${general.colour === "yellow" || general.colour === "white" ? " dark" : ""}` }, letter));
  parent.append(g);
}

function generalAt(view, space) {
  for (const [key, general] of Object.entries(view.generals || {})) {
    if (general.space === space) return [key, general];
  }
  return null;
}

function drawCity(parent, city, view) {
  if (city.revolts > 0) {
    countBadge(parent, -17, 2, city.revolts, "hx-revolts", `${city.revolts} revolt${city.revolts > 1 ? "s" : ""}`);
  }
  if (city.garrisons && city.garrisons.length) garrisonStack(parent, city.garrisons);
  if (city.army) {
    const special = city.army === "special";
    parent.append(s("g", { class: `hx-army${special ? " hx-special" : ""}`, "data-army": city.army },
      tip(special ? "the special army" : `an army (${city.army})`),
      s("rect", { x: -22, y: -22, width: 13, height: 13, rx: 2 }),
      s("text", { x: -15.5, y: -12 }, special ? "✶" : "A")));
  }
  const general = city.general ? [city.general, view.generals[city.general]] : null;
  if (general && general[1]) drawGeneral(parent, general[0], general[1], -17, 15.5, general[0] === view.general);
}

function drawSea(parent, sea, view, name) {
  if (sea.fleet) {
    // A galley: hull, mast, sail.
    parent.append(s("g", { class: "hx-fleet", transform: "translate(9,4)" }, tip("a fleet"),
      s("path", { d: "M-10,2 L10,2 L6,8 L-7,8 Z", class: "hx-hull" }),
      s("line", { x1: 0, y1: 2, x2: 0, y2: -12, class: "hx-mast" }),
      s("path", { d: "M0,-11 L8,-4 L0,-1 Z", class: "hx-sail" })));
  }
  if (sea.pirates > 0) countBadge(parent, -14, 15, sea.pirates, "hx-pirates", `${sea.pirates} pirate revolt${sea.pirates > 1 ? "s" : ""}`);
  const found = sea.general ? [sea.general, view.generals[sea.general]] : generalAt(view, name);
  if (found && found[1]) drawGeneral(parent, found[0], found[1], -24, 28, found[0] === view.general);
}

// The legend, in the sea and Africa at the bottom right, clear of every space.
function legend(board) {
  const ROW = 14;
  const provinces = board.provinces.filter((p) => PROVINCE_COLOURS[p.key]);
  const half = Math.ceil(provinces.length / 2);
  const top = 6 + 7 * ROW + 4;
  const height = top + half * ROW - 2;
  const g = s("g", { class: "hx-legend", transform: `translate(${WIDTH - 314},${HEIGHT - height})` });
  const box = s("rect", { x: -8, y: -6, width: 318, height, rx: 6, class: "hx-legend-box" });
  g.append(box);
  const row = (i, j, draw, text) => {
    const [cx, cy] = [j * 150, 6 + i * ROW];
    g.append(s("g", { class: "hx-legend-item", "data-legend": text }, draw(cx, cy), s("text", { x: cx + 32, y: cy + 4 }, text)));
  };
  const line = (colour, width, ticks, extra = {}) => (cx, cy) => {
    const gg = s("g", {}, s("line", { x1: cx, y1: cy, x2: cx + 26, y2: cy, stroke: colour, "stroke-width": width, ...extra }));
    for (let t = 1; t <= ticks; t++) {
      const tx = cx + (26 * t) / (ticks + 1);
      gg.append(s("line", { x1: tx, y1: cy - 5, x2: tx, y2: cy + 5, stroke: colour, "stroke-width": 2.2 }));
    }
    return gg;
  };
  const badge = (cx, cy) => s("g", {}, s("circle", { cx, cy, r: 6.5, class: "hx-badge" }), s("text", { x: cx, y: cy + 3.3, class: "hx-badge-count" }, "2"));
  // The links and roads.
  row(0, 0, line(LINK_STYLE[1].colour, 1.5, 0), "plain: 1 segment");
  row(1, 0, line(LINK_STYLE[2].colour, 2, 1), "river: 2 segments");
  row(2, 0, line(LINK_STYLE[3].colour, 2, 2), "mountains: 3");
  row(3, 0, line("#5f8fb4", 1.5, 0, { "stroke-dasharray": "5 4" }), "by sea");
  row(4, 0, (cx, cy) => s("line", { x1: cx, y1: cy, x2: cx + 26, y2: cy, class: "hx-road" }), "printed road");
  row(5, 0, (cx, cy) => s("line", { x1: cx, y1: cy, x2: cx + 26, y2: cy, class: "hx-road hx-built" }), "built road");
  row(6, 0, (cx, cy) => s("g", {}, s("circle", { cx: cx + 13, cy, r: 6.5, class: "hx-capital-ring" }),
    s("circle", { cx: cx + 13, cy, r: 4.5, fill: "#b49a74", class: "hx-city-disc" })), "capital");
  // The pieces, as they sit on a space.
  row(0, 1, (cx, cy) => s("g", {}, ["red", "yellow", "blue"].map((c, i) => s("circle", { cx: cx + 4 + i * 9, cy, r: 4.5,
    fill: PIECE_COLOURS[c], class: "hx-general-disc" }))), "general: U, C, Co");
  row(1, 1, (cx, cy) => s("g", {}, ["red", "yellow", "blue"].map((c, i) => s("rect", { x: cx + 11, y: cy + 3 - i * 5.5,
    width: 12, height: 5, rx: 1, fill: PIECE_COLOURS[c], class: "hx-disc" }))), "garrisons (bottom first)");
  row(2, 1, (cx, cy) => badge(cx + 13, cy), "revolts (their count)");
  row(3, 1, (cx, cy) => s("g", { class: "hx-army" }, s("rect", { x: cx + 7, y: cy - 6, width: 12, height: 12, rx: 2 }),
    s("text", { x: cx + 13, y: cy + 3.5 }, "A")), "army");
  row(4, 1, (cx, cy) => s("g", { class: "hx-army hx-special" }, s("rect", { x: cx + 7, y: cy - 6, width: 12, height: 12, rx: 2 }),
    s("text", { x: cx + 13, y: cy + 4 }, "✶")), "special army");
  row(5, 1, (cx, cy) => s("g", { transform: `translate(${cx + 13},${cy - 1})` },
    s("path", { d: "M-10,2 L10,2 L6,8 L-7,8 Z", class: "hx-hull" }), s("line", { x1: 0, y1: 2, x2: 0, y2: -7, class: "hx-mast" }),
    s("path", { d: "M0,-7 L6,-2 L0,0 Z", class: "hx-sail" })), "fleet");
  row(6, 1, (cx, cy) => badge(cx + 13, cy), "pirates (their count)");
  // The provinces' colours.
  provinces.forEach((p, i) => {
    const [cx, cy] = [(i < half ? 0 : 1) * 150, top + (i % half) * ROW];
    g.append(s("circle", { cx: cx + 13, cy, r: 5.5, fill: PROVINCE_COLOURS[p.key], class: "hx-city-disc" }),
      s("text", { x: cx + 32, y: cy + 4 }, provinceName(board, p.key)));
  });
  return g;
}

// --- The panels beside the board ---------------------------------------------------------------

/** The dice of the last roll: the pending ones if a re-roll may be bought, else the newest log
 * line that names a die ("Roman die IV, Hispanic die 3 → …", "Roman die rolled again: III → V"). */
export function lastDice(view) {
  const pending = view.pending && view.pending.dice;
  if (pending) {
    return { roman: pending.roman ?? null, hispanic: pending.hispanic ?? null, pending: true,
      text: "Rolled: a re-roll may be bought" };
  }
  const log = view.log || [];
  let found = null;
  for (let i = log.length - 1; i >= 0; i--) {
    const line = log[i];
    if (/^Round \d+, turn /.test(line)) break; // a roll of an earlier turn (the setup's) is not this turn's
    const again = /(Roman|Hispanic) die rolled again: (\w+) → (\w+)/.exec(line);
    const roman = /Roman die (VI|IV|V|I{1,3})\b/.exec(line);
    const hispanic = /Hispanic die ([1-6])\b/.exec(line);
    if (!found) {
      if (again) {
        found = { roman: null, hispanic: null, text: line };
        if (again[1] === "Roman") found.roman = again[3];
        else found.hispanic = Number(again[3]);
        continue; // the other die of that roll is further back
      }
      if (roman || hispanic) {
        return { roman: roman ? roman[1] : null, hispanic: hispanic ? Number(hispanic[1]) : null, text: line };
      }
    } else {
      if (again) continue;
      if (roman || hispanic) {
        if (found.roman === null && roman) found.roman = roman[1];
        if (found.hispanic === null && hispanic) found.hispanic = Number(hispanic[1]);
        return found;
      }
    }
    if (found && /^Round \d+/.test(line)) break;
  }
  return found;
}

function romanDie(value) {
  return el("span", { class: "die die-roman", title: `Roman die ${value}`, "data-die": "roman", "data-value": value }, value);
}

const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function hispanicDie(value) {
  const die = el("span", { class: "die die-hispanic", title: `Hispanic die ${value}`, "data-die": "hispanic", "data-value": value });
  for (let i = 0; i < 9; i++) die.append(el("i", { class: PIPS[value] && PIPS[value].includes(i) ? "pip" : "" }));
  return die;
}

export function renderInfo(node, view) {
  const parts = [];
  const track = view.time_track || { years: [] };
  const rounds = track.years.length || 11;
  const acting = !view.result && view.generals ? view.generals[view.general] : null;

  // Result.
  if (view.result) {
    const rome = view.result.winner === "rome";
    parts.push(el("div", { class: `hx-result ${rome ? "rome" : "hispania"}` },
      el("strong", {}, rome ? "Rome wins" : "Hispania wins"), view.result.reason ? `: ${view.result.reason}` : ""));
  }

  // Round, turn, phase.
  const turns = el("span", { class: "hx-turns" }, ["I", "II", "III"].map((t) => el("span", {
    class: `hx-turn${t === view.turn ? " on" : ""}`,
    style: t === view.turn && acting ? { "--c": PIECE_COLOURS[acting.colour] || "#8e1b1b" } : null,
  }, t)));
  parts.push(el("div", { class: "hx-row hx-when" },
    el("div", {}, el("span", { class: "label" }, "Round"), " ", el("strong", { class: "hx-round" }, view.round ?? "–"), el("small", {}, ` / ${rounds}`)),
    el("div", {}, el("span", { class: "label" }, "Turn"), " ", turns),
    el("div", { class: "hx-phase" }, view.phase || "", acting ? el("small", {}, ` · ${acting.title}`) : "")));

  // Denarii and dice.
  const money = el("div", { class: "hx-money" },
    el("span", { class: "coin", title: "denarii left to spend" }, view.denarii ?? 0),
    el("span", {}, "denarii", view.blocked_denarii && !/^setup/.test(view.phase || "")
      ? el("small", { title: "a general off the board blocks a denarius until he enters again" }, ` (${view.blocked_denarii} blocked)`) : ""));
  if (view.hispano_denarii !== null && view.hispano_denarii !== undefined) {
    money.append(el("span", { class: "coin hispano", title: "the Hispano's denarii" }, view.hispano_denarii),
      el("span", {}, "Hispano"));
  }
  const dice = lastDice(view);
  const diceBox = el("div", { class: "hx-dice", "data-text": dice ? dice.text : "" });
  if (dice) {
    if (dice.roman) diceBox.append(romanDie(dice.roman));
    if (dice.hispanic) diceBox.append(hispanicDie(dice.hispanic));
    diceBox.append(el("small", { class: "hx-dice-text", title: dice.text }, dice.text));
  } else {
    diceBox.append(el("small", { class: "muted" }, "No dice rolled this turn yet."));
  }
  parts.push(el("div", { class: "hx-row hx-money-dice" }, money, diceBox));

  // The time track.
  const cap = track.capacity || 1;
  const partial = Math.max(0, (track.revolts || 0) - (track.covered || 0) * cap);
  const boxes = track.years.map((year, i) => {
    const covered = i < (track.covered || 0);
    const next = !covered && year === track.next;
    const cell = el("span", { class: `hx-year${covered ? " covered" : ""}${next ? " next" : ""}`, title: `${year} BC` },
      el("span", { class: "yr" }, year));
    if (next && partial) cell.append(el("span", { class: "part" }, "●".repeat(Math.min(partial, 5))));
    return cell;
  });
  parts.push(el("div", { class: "hx-track-box" },
    el("div", { class: "label" }, "Time track ", el("small", {},
      `${track.revolts || 0} revolt${track.revolts === 1 ? "" : "s"} on it · ${cap} to cover a year · next ${track.next ?? "–"} BC`)),
    el("div", { class: "hx-track" }, boxes)));

  // The generals.
  const generals = Object.entries(view.generals || {}).filter(([, g]) => g.status !== "not in the game");
  parts.push(el("div", { class: "hx-generals" }, el("div", { class: "label" }, "Generals"),
    el("ul", {}, generals.map(([key, g]) => el("li", { class: key === view.general ? "acting" : "", "data-general": key },
      el("span", { class: "dot", style: { background: PIECE_COLOURS[g.colour] || g.colour } }, GENERAL_LETTERS[key] || ""),
      el("span", { class: "who" }, g.title),
      el("span", { class: "where" }, g.space ? `in ${g.space}` : g.status),
      el("span", { class: "reserve", title: `${g.garrisons_in_reserve} garrisons in reserve` },
        el("i", { class: "gdisc", style: { background: PIECE_COLOURS[g.colour] || g.colour } }), `×${g.garrisons_in_reserve}`))))));

  // Reserves.
  const r = view.reserves || {};
  const items = [
    ["revolts", r.revolts], ["armies", r.armies],
    ...(r.roads ? [["roads kept", r.roads]] : []),
    ...(r.legio_hispana ? [["Legio Hispana", `with the ${r.legio_hispana}`]] : []),
  ];
  parts.push(el("div", { class: "hx-reserves" }, el("span", { class: "label" }, "Reserve "),
    items.map(([k, v]) => el("span", { class: "chip" }, `${k}: `, el("strong", {}, v)))));

  const extra = [];
  if (view.scenario) extra.push(`Scenario: ${view.scenario}`);
  if (view.variants && view.variants.length) extra.push(`Variants: ${view.variants.join(", ")}`);
  if (view.lethe) extra.push("The Lethe road still holds the Durius");
  if (extra.length) parts.push(el("p", { class: "hx-extra muted" }, extra.join(" · ")));

  node.replaceChildren(...parts);
}

export function logClass(line) {
  if (/^Round \d+, turn/.test(line) || /^End of round/.test(line)) return "round";
  if (/victory/i.test(line)) return "result";
  if (/\bdie\b/.test(line)) return "dice";
  return "";
}

/** The project's rulings: R1–R21 in docs/hispania/rules.md, the variants' R22–R28 in variants.md. */
export function ruleLink(id) {
  const n = Number(id.slice(1));
  if (n >= 1 && n <= 21) return "/docs/hispania/rules.md";
  if (n >= 22 && n <= 28) return "/docs/hispania/variants.md";
  return null;
}

/** Ending the Roman phase with denarii left loses them (R9): the page asks first. */
export function confirm(action, view) {
  if (action !== "end" || view.phase !== "Roman phase" || !(view.denarii > 0)) return null;
  return `End the Roman phase with ${view.denarii} denari${view.denarii === 1 ? "us" : "i"} unspent? They are lost (R9).`;
}
