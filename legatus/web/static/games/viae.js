// VIAE's drawing module: the board as SVG from the public data (regions, cities with their
// values and harbors, Roma's spokes, the roads with their values, the round, turn-order and
// influence tracks), the pieces from a view (forts on cities, milestones on roads, Legio
// markers, scouts, basilicas, hostility), and the panels beside the board (players, the seat's
// own hand and Mandatum, public Mandatum, Castra, Fortuna, a conquest under way).
// The contract with the page is written once, in common.js ("A game's drawing module").
//
// The map is the reconstructed one (docs/viae/board.md): cities stand at their longitude and
// latitude, spread where they crowd (Italy) and pushed apart where they would still overlap
// (Roma and Ostia), so that any owner's board draws without hand-placed positions; labels take
// the side with the least overlap.
import { h, svg as s, tip } from "/static/common.js";
import { camera, placeControls, zoomControls } from "/static/camera.js";
import { nearestPoint, placer } from "/static/labels.js";

export const title = "VIAE: Roads of Rome";

export const SEAT_COLOURS = ["#d7263d", "#1b63c6", "#2e9e44", "#f2b705", "#7b3fa0"];
const NUMERALS = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"];
const BASILICA_LETTERS = { forum: "F", temple: "T", quarry: "Q" };
const HOSTILITY_MARK = { vigilant: "!", aggressive: "!!" };

const WIDTH = 1000;
const MAP_TOP = 10;
const MAP_HEIGHT = 640;
const MARGIN = 34;
const TRACKS_HEIGHT = 132; // three rows of cells 38 high: their text readable at 1024 px (play review)
const HEIGHT = MAP_TOP + MAP_HEIGHT + TRACKS_HEIGHT;
const CITY_R = 13;
const MIN_GAP = 48; // centre to centre, after the push apart
const RANK_SHARE = 0.5;
const LABEL_SIZE = 13.5; // the labels' font size, in the board's units (10.3 px at 1280×800)
const LEGEND_W = 178;
const REGION_REACH = 18; // how far from its cities a region's name may go, in board units
const PHONE_SCALE = 0.8; // the fewest pixels a board unit takes on a phone: names of 10.8 px
const LEGEND_H = 218;

const seatIndex = (seat) => Number(String(seat).replace(/\D/g, "")) - 1;
export const seatColour = (seat) => SEAT_COLOURS[seatIndex(seat)] || "#555";
const fmt = (n) => Math.round(n * 10) / 10;
const linkKey = (a, b) => [a, b].sort().join("|");

// --- Which cities and roads an action names ---------------------------------------------------
const indexes = new WeakMap();

function indexOf(pub) {
  let found = indexes.get(pub);
  if (!found) {
    const b = pub.board;
    found = {
      cities: new Set(b.cities.map((c) => c.id)),
      roads: new Map(b.roads.map((r) => [r.id, r])),
    };
    indexes.set(pub, found);
  }
  return found;
}

/** The cities and roads an action's notation names ("move tarentum", "road r12 go",
 * "basilica quarry genua"): its words that are a city's or a road's id. */
export function targets(action, pub) {
  const { cities, roads } = indexOf(pub);
  const spaces = [];
  const links = [];
  for (const word of action.toLowerCase().split(/\s+/)) {
    if (cities.has(word)) spaces.push(word);
    const road = roads.get(word);
    if (road) links.push([road.a, road.b]);
  }
  return { spaces, links };
}

// --- Where things go --------------------------------------------------------------------------
/** The cities' places: longitude/latitude scaled into the map's box, then pushed apart until no
 * two are closer than MIN_GAP, and kept out of the legend's corner. */
export function layout(board) {
  const lat0 = board.cities.reduce((t, c) => t + c.lat, 0) / board.cities.length;
  const cos = Math.cos((lat0 * Math.PI) / 180);
  // Half the map's scale, half the cities' rank along each axis: dense Italy opens up, the
  // order of cities west to east and north to south stays the geography's.
  const spread = (values) => {
    const [lo, hi] = [Math.min(...values), Math.max(...values)];
    const order = values.map((v, i) => [v, i]).sort((a, b) => a[0] - b[0]);
    const rank = [];
    order.forEach(([, i], k) => (rank[i] = k / Math.max(1, values.length - 1)));
    return values.map((v, i) => (RANK_SHARE * rank[i] + (1 - RANK_SHARE) * (v - lo) / (hi - lo || 1)) * (hi - lo));
  };
  const xs = spread(board.cities.map((c) => c.lon * cos));
  const ys = spread(board.cities.map((c) => -c.lat));
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // The whole box: a schematic map may stretch one way more than the other.
  const sx = (WIDTH - 2 * MARGIN - 60) / (x1 - x0 || 1);
  const sy = (MAP_HEIGHT - 2 * MARGIN) / (y1 - y0 || 1);
  const pts = board.cities.map((c, i) => [MARGIN + 60 + (xs[i] - x0) * sx, MAP_TOP + MARGIN + (ys[i] - y0) * sy]);
  for (let round = 0; round < 120; round++) {
    let moved = false;
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) {
        const dx = pts[j][0] - pts[i][0];
        const dy = pts[j][1] - pts[i][1];
        const d = Math.hypot(dx, dy);
        if (d >= MIN_GAP) continue;
        const [ux, uy] = d > 0.01 ? [dx / d, dy / d] : [1, 0];
        const push = (MIN_GAP - d) / 2 + 0.1;
        pts[i][0] -= ux * push; pts[i][1] -= uy * push;
        pts[j][0] += ux * push; pts[j][1] += uy * push;
        moved = true;
      }
    }
    for (const p of pts) { // inside the map's box, clear of the legend
      p[0] = Math.max(MARGIN, Math.min(WIDTH - MARGIN, p[0]));
      p[1] = Math.max(MAP_TOP + MARGIN, Math.min(MAP_TOP + MAP_HEIGHT - 20, p[1]));
      if (p[0] < LEGEND_W + 30 && p[1] < LEGEND_H + 30) p[0] = LEGEND_W + 30;
    }
    if (!moved) break;
  }
  return Object.fromEntries(board.cities.map((c, i) => [c.id, pts[i]]));
}

/** Where the labels go (labels.js): each city's name beside it, else further out with a leader
 * line; each region's name near the middle of its cities; none over a city, a harbor, a road's
 * value, the legend or a label placed before. ``widths``: the labels' widths as drawn, by city
 * and region id. Returns each label's box and the leader lines to draw. */
function placeLabels(board, where, badges, widths) {
  const obstacles = labelObstacles(board, where, badges);
  const places = placer(obstacles, [2, MAP_TOP, WIDTH - 2, MAP_TOP + MAP_HEIGHT]);
  const boxes = {};
  const leaders = {};
  const h = LABEL_SIZE + 3;
  for (const c of board.cities) {
    const [x, y] = where[c.id];
    const spot = places.place(x, y, CITY_R + 2, widths[c.id] + 2, h);
    boxes[c.id] = spot.box;
    if (spot.gap) leaders[c.id] = [x, y, ...nearestPoint(spot.box, x, y)];
  }
  for (const region of board.regions) {
    const pts = board.cities.filter((c) => c.region === region.id).map((c) => where[c.id]);
    if (!pts.length) continue;
    const [mx, my] = [pts.reduce((t, p) => t + p[0], 0) / pts.length, pts.reduce((t, p) => t + p[1], 0) / pts.length];
    // near the middle of its cities, else beside one of them; none where every place is taken
    const spot = [[mx, my, 0], ...pts.map(([x, y]) => [x, y, CITY_R + 2])].reduce((found, [x, y, r]) =>
      found || places.place(x, y, r, widths[region.id] + 2, h, { optional: true, reach: REGION_REACH }), null);
    if (spot) boxes[region.id] = spot.box;
  }
  return { boxes, leaders, obstacles };
}

/** What no label may cover: the cities' discs and harbors, the roads' values, the legend. */
function labelObstacles(board, where, badges) {
  return [
    ...board.cities.flatMap((c) => {
      const [x, y] = where[c.id];
      const disc = [x - CITY_R - 2, y - CITY_R - 2, x + CITY_R + 2, y + CITY_R + 2];
      return c.harbor ? [disc, [x - CITY_R - 3, y + CITY_R - 8, x - CITY_R + 9, y + CITY_R + 4]] : [disc];
    }),
    ...badges.map(([x, y]) => [x - 7, y - 7, x + 7, y + 7]),
    [0, 0, LEGEND_W + 12, MAP_TOP + LEGEND_H + 10],
  ];
}

const meets = (a, b) => a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1];
const FRAME_REACH = 40; // how far beyond its disc a name moved into the frame may go, in board units

// --- The board --------------------------------------------------------------------------------
export function createBoard(node, pub, hooks = {}) {
  const board = pub.board;
  const where = layout(board);
  const regionOf = Object.fromEntries(board.regions.map((r) => [r.id, r]));
  const cityOf = Object.fromEntries(board.cities.map((c) => [c.id, c]));
  const roadOf = Object.fromEntries(board.roads.map((r) => [linkKey(r.a, r.b), r]));
  const middle = (r) => [(where[r.a][0] + where[r.b][0]) / 2, (where[r.a][1] + where[r.b][1]) / 2];
  const svg = s("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "vi-board", role: "img",
    "aria-label": "The board of VIAE", preserveAspectRatio: "xMidYMid meet",
  });
  svg.append(s("rect", { x: 0, y: 0, width: WIDTH, height: MAP_TOP + MAP_HEIGHT, class: "vi-sea" }));

  // The regions: a soft patch of the region's colour under each of its cities, its name above.
  const regionLayer = s("g", { class: "vi-regions" });
  for (const c of board.cities) {
    const [x, y] = where[c.id];
    regionLayer.append(s("circle", { cx: fmt(x), cy: fmt(y), r: 34, fill: regionOf[c.region].colour, class: "vi-region-patch" }));
  }
  const texts = {}; // the labels, by city and region id: placed once they can be measured
  for (const region of board.regions) {
    texts[region.id] = s("text", { class: "vi-region-name", fill: region.colour, "font-size": LABEL_SIZE,
      "font-weight": 600, "letter-spacing": 1.5 }, region.name.toUpperCase());
    regionLayer.append(texts[region.id]);
  }
  svg.append(regionLayer);

  // Roma's spokes (always built, never owned), then the roads with their values.
  const roadLayer = s("g", { class: "vi-roads" });
  for (const spoke of board.spokes) {
    const [[x1, y1], [x2, y2]] = [where[spoke.a], where[spoke.b]];
    roadLayer.append(s("line", { x1: fmt(x1), y1: fmt(y1), x2: fmt(x2), y2: fmt(y2), class: "vi-spoke" },
      tip(`${cityOf[spoke.a].name} – ${cityOf[spoke.b].name}: Roma's road, always built`)));
  }
  const roadGroups = {};
  for (const road of board.roads) {
    const [[x1, y1], [x2, y2]] = [where[road.a], where[road.b]];
    const [mx, my] = middle(road);
    const key = linkKey(road.a, road.b);
    const g = s("g", { class: "vi-road", "data-road": road.id, "data-link": key, "aria-label": road.id },
      s("line", { x1: fmt(x1), y1: fmt(y1), x2: fmt(x2), y2: fmt(y2), class: "vi-road-hit" }),
      s("line", { x1: fmt(x1), y1: fmt(y1), x2: fmt(x2), y2: fmt(y2), class: "vi-road-line" }),
      s("circle", { cx: fmt(mx), cy: fmt(my), r: 7, class: "vi-road-badge" }),
      s("text", { x: fmt(mx), y: fmt(my + 3.5), class: "vi-road-value" }, road.value));
    g.tooltip = tip("");
    g.append(g.tooltip);
    roadGroups[key] = g;
    roadLayer.append(g);
  }
  svg.append(roadLayer);

  // The cities: a group each, the pieces redrawn in it.
  const cityLayer = s("g", { class: "vi-cities" });
  const groups = {};
  for (const c of board.cities) {
    const [x, y] = where[c.id];
    const roma = c.value === null;
    const g = s("g", { class: `vi-city${roma ? " vi-roma" : ""}`, "data-space": c.id, "aria-label": c.name },
      s("circle", { cx: fmt(x), cy: fmt(y), r: CITY_R + 5, class: "vi-hit" }),
      s("circle", { cx: fmt(x), cy: fmt(y), r: CITY_R + 3, class: "vi-ring" }),
      s("circle", { cx: fmt(x), cy: fmt(y), r: CITY_R, class: "vi-disc", stroke: regionOf[c.region].colour }),
      s("text", { x: fmt(x), y: fmt(y + 4), class: "vi-value" }, roma ? "★" : NUMERALS[c.value]),
      c.harbor ? s("text", { x: fmt(x - CITY_R - 1), y: fmt(y + CITY_R + 2), class: "vi-harbor" }, "⚓") : null,
      texts[c.id] = s("text", { class: "vi-label", "font-size": LABEL_SIZE, "font-weight": 600 }, c.name));
    g.tooltip = tip("");
    g.append(g.tooltip);
    g.pieces = s("g", { class: "vi-pieces", transform: `translate(${fmt(x)},${fmt(y)})` });
    g.append(g.pieces);
    groups[c.id] = g;
    cityLayer.append(g);
  }
  svg.append(cityLayer);
  svg.append(legend());
  const tracks = s("g", { class: "vi-tracks", transform: `translate(0,${MAP_TOP + MAP_HEIGHT})` });
  svg.append(tracks);
  node.replaceChildren(svg);
  // Pan and zoom (camera.js): a phone shows part of the board at a readable scale, a laptop all
  // of it, central Italy a click or a pinch away.
  let placed = false; // the labels, once placed, kept whole in the frame at every frame
  // A phone's first frame shows the map from its top: the whole of its height, no track cut in half.
  const cam = camera(svg, [0, 0, WIDTH, HEIGHT], { start: [WIDTH / 2, 0], onChange: (frame) => placed && keepInFrame(frame) });
  const controls = zoomControls(cam);
  node.append(controls);
  const fit = () => {
    placeControls(node, svg, controls, HEIGHT / WIDTH);
    cam.setMinScale(window.innerWidth <= 820 ? PHONE_SCALE : 0);
    cam.redraw();
  };
  placeControls(node, svg, controls, HEIGHT / WIDTH);
  window.addEventListener("resize", fit);
  requestAnimationFrame(fit);
  // In the page the labels measure themselves; else (a hidden board) about 6.5 px a letter.
  const widths = Object.fromEntries(Object.entries(texts).map(([id, text]) =>
    [id, text.getComputedTextLength() || text.textContent.length * 6.5]));
  const labels = placeLabels(board, where, board.roads.map(middle), widths);
  for (const [id, text] of Object.entries(texts)) text.toggleAttribute("hidden", !labels.boxes[id]);
  const leaderLayer = s("g", { class: "vi-leaders" });
  cityLayer.before(leaderLayer);
  const leaderLines = {}; // by city id, where its name is set off
  /** Sets the label ``id`` at ``box`` (null: hidden), with a leader line from its city where it is off it. */
  const setLabel = (id, box, leader) => {
    const text = texts[id];
    text.toggleAttribute("hidden", !box);
    if (box) {
      text.setAttribute("x", fmt(box[0] + 1));
      text.setAttribute("y", fmt(box[3] - 3));
    }
    if (leaderLines[id]) leaderLines[id].remove();
    delete leaderLines[id];
    if (box && leader) {
      const [x1, y1, x2, y2] = leader;
      const d = Math.hypot(x2 - x1, y2 - y1) || 1;
      leaderLines[id] = s("line", { x1: fmt(x1 + ((x2 - x1) / d) * CITY_R), y1: fmt(y1 + ((y2 - y1) / d) * CITY_R),
        x2: fmt(x2), y2: fmt(y2), class: "vi-leader", "data-city": id });
      leaderLayer.append(leaderLines[id]);
    }
  };
  for (const [id, box] of Object.entries(labels.boxes)) setLabel(id, box, labels.leaders[id]);
  placed = true;

  // The names lie on the map and move with it: a name half out of the frame at its edge (a phone's
  // "Colonia Agrippina" at its top, play review) is slid into the frame, or set beside its city,
  // where it covers nothing and stays in the frame; else it is hidden (with its leader line) until
  // a pan takes it out again.
  let moved = []; // the labels set off their own place at the last frame
  function keepInFrame(frame) {
    const inFrame = [Math.max(2, frame.left), Math.max(MAP_TOP, frame.top),
      Math.min(WIDTH - 2, frame.left + frame.width / frame.k), Math.min(MAP_TOP + MAP_HEIGHT, frame.top + frame.height / frame.k)];
    const within = (b) => b[0] >= inFrame[0] && b[1] >= inFrame[1] && b[2] <= inFrame[2] && b[3] <= inFrame[3];
    const near = [inFrame[0] - 3, inFrame[1] - 3, inFrame[2] + 3, inFrame[3] + 3]; // a glyph may run a little past its box
    const cut = (b) => meets(b, near) && !within(b); // partly in the frame, partly out
    const under = new Set(Object.keys(labels.boxes).filter((id) => cut(labels.boxes[id])));
    for (const id of moved) if (!under.has(id)) setLabel(id, labels.boxes[id], labels.leaders[id]);
    moved = [...under];
    if (!under.size) return;
    const taken = [...labels.obstacles, ...Object.entries(labels.boxes).filter(([id]) => !under.has(id)).map(([, box]) => box)];
    const free = (b) => within(b) && !taken.some((other) => meets(b, other));
    for (const id of under) {
      const [left, top, right, bottom] = labels.boxes[id];
      // slid into the frame, if not too far
      const [dx, dy] = [Math.max(0, inFrame[0] - left) + Math.min(0, inFrame[2] - right),
        Math.max(0, inFrame[1] - top) + Math.min(0, inFrame[3] - bottom)];
      const slid = [left + dx, top + dy, right + dx, bottom + dy];
      let spot = Math.hypot(dx, dy) <= FRAME_REACH + (right - left) && free(slid) ? slid : null;
      const city = where[id]; // a region's name has none: slid or hidden
      if (!spot && city) {
        const found = placer(taken, inFrame).place(...city, CITY_R + 2, right - left, bottom - top, { optional: true, reach: FRAME_REACH });
        spot = found ? found.box : null;
      }
      if (spot) taken.push(spot);
      const end = spot && city ? nearestPoint(spot, ...city) : null;
      setLabel(id, spot, end && Math.hypot(end[0] - city[0], end[1] - city[1]) > CITY_R + 4 ? [...city, ...end] : null);
    }
  }

  const hit = (event) => event.target.closest("[data-space], .vi-road.active");
  svg.addEventListener("click", (event) => {
    const found = hit(event);
    if (found && found.dataset.link) hooks.onLink && hooks.onLink(found.dataset.link);
    else if (hooks.onSpace) hooks.onSpace(found ? found.dataset.space : null);
  });
  svg.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const found = hit(event);
    if (!found) return;
    if (found.dataset.link) hooks.onLink && hooks.onLink(found.dataset.link);
    else if (hooks.onSpace) hooks.onSpace(found.dataset.space);
    event.preventDefault();
  });

  function draw(view, marks = {}) {
    const active = marks.active || new Map();
    const activeLinks = marks.activeLinks || new Map();
    const selected = marks.selected || null;
    const seats = (view.players || []).map((p) => p.seat);

    for (const [key, g] of Object.entries(roadGroups)) {
      const road = roadOf[key];
      const owner = view.roads ? view.roads[road.id] : null;
      const actions = activeLinks.get(key);
      g.classList.toggle("owned", !!owner);
      g.style.setProperty("--owner", owner ? seatColour(owner) : "");
      setActive(g, actions, selected === key, `${road.id}: ${actions ? actions.join(", ") : ""}`);
      g.tooltip.textContent = `${road.id}: ${cityOf[road.a].name} – ${cityOf[road.b].name}, value ${road.value}` +
        `${owner ? `, ${owner}'s milestone` : ", not built"}${actions ? `\n${actions.join("\n")}` : ""}`;
    }

    const markers = {};
    (view.players || []).forEach((p) => p.marker && (markers[p.marker] = [...(markers[p.marker] || []), p.seat]));
    const basilicas = Object.fromEntries((view.basilicas || []).map((b) => [b.city, b]));
    for (const [id, g] of Object.entries(groups)) {
      const city = view.cities ? view.cities[id] : null;
      const actions = active.get(id);
      setActive(g, actions, selected === id, `${cityOf[id].name}: ${actions ? actions.join(", ") : ""}`);
      if (actions) cityLayer.append(g); // drawn last, over its neighbours
      g.classList.toggle("owned", !!(city && city.owner));
      g.style.setProperty("--owner", city && city.owner ? seatColour(city.owner) : "");
      g.pieces.replaceChildren(...pieces(city, markers[id] || [], basilicas[id], seats));
      const c = cityOf[id];
      g.tooltip.textContent = [
        `${c.name} (${regionOf[c.region].name})${c.value ? `, value ${NUMERALS[c.value]}` : ", the capital"}`
          + `${c.harbor ? ", harbor" : ""}`,
        city ? `${city.owner ? `${city.owner}'s fort` : "not conquered"}, ${city.hostility}` : null,
        city && city.scouts.some(Boolean) ? `scouts: ${city.scouts.map((n, i) => n && `${seats[i]} ${n}`).filter(Boolean).join(", ")}` : null,
        markers[id] ? `Legio marker: ${markers[id].join(", ")}` : null,
        basilicas[id] ? `basilica: ${basilicas[id].kind}` : null,
        ...(actions || []),
      ].filter(Boolean).join("\n");
    }
    // While a city or road is asked for, the others let clicks through to what lies beneath.
    svg.classList.toggle("vi-choosing", active.size > 0 || activeLinks.size > 0);
    drawTracks(tracks, view, board);
    svg.dataset.round = String(view.round ?? "");
    // A choice to make off the part shown (a phone's): brought into view.
    cam.show([...[...active.keys()].filter((id) => where[id]).map((id) => where[id]),
      ...[...activeLinks.keys()].filter((key) => roadOf[key]).map((key) => middle(roadOf[key]))]);
  }

  function anchor(key) {
    if (groups[key]) return groups[key].querySelector(".vi-ring");
    return roadGroups[key] ? roadGroups[key].querySelector(".vi-road-badge") : null;
  }

  return { draw, anchor, svg, zooms: true };
}

function setActive(g, actions, selected, label) {
  g.classList.toggle("active", !!actions);
  g.classList.toggle("selected", selected);
  if (actions) {
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", label);
  } else {
    g.removeAttribute("tabindex");
    g.removeAttribute("role");
  }
}

/** A city's pieces, around its disc (0,0): hostility top left, Legio markers top right,
 * scouts bottom right, a basilica left. */
function pieces(city, markers, basilica, seats) {
  const out = [];
  if (city && HOSTILITY_MARK[city.hostility]) {
    out.push(s("g", { class: `vi-hostility ${city.hostility}` },
      s("path", { d: "M-19,-8 L-13,-19 L-7,-8 Z" }), s("text", { x: -13, y: -9.5 }, HOSTILITY_MARK[city.hostility])));
  }
  markers.forEach((seat, i) => {
    const x = 11 + i * 7;
    out.push(s("path", { d: `M${x},-10 l0,-13 l8,3 l-8,3`, class: "vi-legio", fill: seatColour(seat) }));
  });
  if (city) {
    let i = 0;
    city.scouts.forEach((count, seat) => {
      if (!count) return;
      const [x, y] = [10 + i * 9, 9];
      out.push(s("g", { class: "vi-scout" },
        s("rect", { x, y, width: 8, height: 8, fill: seatColour(seats[seat]) }),
        count > 1 ? s("text", { x: x + 4, y: y + 16 }, count) : null));
      i++;
    });
  }
  if (basilica) {
    out.push(s("g", { class: "vi-basilica" },
      s("path", { d: "M-27,2 l6,-5 l6,5 Z" }), s("rect", { x: -26, y: 2, width: 10, height: 8 }),
      s("text", { x: -21, y: 9 }, BASILICA_LETTERS[basilica.kind] || "?")));
  }
  return out;
}

/** The tracks under the map: rounds (Fortuna rounds marked), turn order (the spots' costs and
 * who stands on each), influence. */
function drawTracks(g, view, board) {
  g.replaceChildren(s("rect", { x: 0, y: 0, width: WIDTH, height: TRACKS_HEIGHT, class: "vi-track-bg" }));
  const players = view.players || [];
  // Each cell: its name, under it a note (a spot's cost, a Fortuna round), the seats standing there
  // as discs: on the name's line, right, beside a note; on the second line where there is none.
  const row = (y, label, cells, mark) => {
    g.append(s("text", { x: 10, y: y + 24, class: "vi-track-label" }, label));
    const w = Math.min(73, (WIDTH - 120) / cells.length);
    cells.forEach((cell, i) => {
      const x = 110 + i * w;
      const box = s("g", { class: `vi-track-cell${cell.on ? " on" : ""}${cell.fortuna ? " fortuna" : ""}` },
        s("rect", { x, y, width: w - 4, height: 38, rx: 4 }),
        s("text", { x: x + 5, y: y + 16, class: "vi-cell-name" }, cell.name),
        cell.note ? s("text", { x: x + 5, y: y + 33, class: "vi-cell-note" }, cell.note) : null,
        cell.title ? tip(cell.title) : null);
      mark(cell).forEach((seat, k) => box.append(s("circle", { cx: x + w - 12 - k * 10.5, cy: y + (cell.note ? 11 : 28), r: 5.5,
        fill: seatColour(seat), class: "vi-track-disc" }, tip(seat))));
      g.append(box);
    });
  };
  const rounds = board.rounds || { count: 12, fortuna: [] };
  row(5, "Round", Array.from({ length: rounds.count }, (_, i) => ({
    name: NUMERALS[i + 1] || i + 1, on: view.round === i + 1, fortuna: rounds.fortuna.includes(i + 1),
    note: rounds.fortuna.includes(i + 1) ? "Fortuna" : "", title: `round ${i + 1}`,
  })), () => []);
  row(47, "Turn order", (board.ordo || []).map((spot) => ({
    name: spot.label, note: spot.cost ? `${spot.cost} Denar` : "free", title: `spot ${spot.label}: ${spot.cost} Denar`,
  })), (cell) => players.filter((p) => p.spot === cell.name).map((p) => p.seat));
  const inf = board.influence || { min: 1, max: 10 };
  row(89, "Influence", Array.from({ length: inf.max - inf.min + 1 }, (_, i) => ({ name: String(inf.min + i) })),
    (cell) => players.filter((p) => String(p.influence) === cell.name).map((p) => p.seat));
}

function owned(g, seat) {
  g.style.setProperty("--owner", SEAT_COLOURS[seat]);
  return g;
}

function legend() {
  const g = s("g", { class: "vi-legend", transform: `translate(8,${MAP_TOP + 6})` });
  g.append(s("rect", { x: 0, y: 0, width: LEGEND_W, height: LEGEND_H, rx: 6, class: "vi-legend-box" }));
  const rows = [
    [(x, y) => s("g", {}, s("circle", { cx: x, cy: y, r: 8, class: "vi-disc", stroke: "#4F8A3C" }), s("text", { x, y: y + 3.5, class: "vi-value" }, "II")), "city and its value"],
    [(x, y) => owned(s("g", { class: "vi-city owned" }, s("circle", { cx: x, cy: y, r: 8, class: "vi-disc" })), 1), "a player's fort"],
    [(x, y) => s("text", { x: x - 6, y: y + 5, class: "vi-harbor" }, "⚓"), "harbor"],
    [(x, y) => s("line", { x1: x - 12, y1: y, x2: x + 12, y2: y, class: "vi-spoke" }), "Roma's road"],
    [(x, y) => s("g", { class: "vi-road" }, s("line", { x1: x - 12, y1: y, x2: x + 12, y2: y, class: "vi-road-line" }),
      s("circle", { cx: x, cy: y, r: 7, class: "vi-road-badge" }), s("text", { x, y: y + 3.5, class: "vi-road-value" }, "2")), "road and its value"],
    [(x, y) => owned(s("g", { class: "vi-road owned" }, s("line", { x1: x - 12, y1: y, x2: x + 12, y2: y, class: "vi-road-line" }),
      s("circle", { cx: x, cy: y, r: 7, class: "vi-road-badge" })), 0), "milestone: built road"],
    [(x, y) => s("path", { d: `M${x - 3},${y + 6} l0,-13 l8,3 l-8,3`, class: "vi-legio", fill: SEAT_COLOURS[2] }), "Legio marker"],
    [(x, y) => s("rect", { x: x - 4, y: y - 4, width: 8, height: 8, fill: SEAT_COLOURS[3], class: "vi-scout-box" }), "scout"],
    [(x, y) => s("g", { class: "vi-hostility aggressive" }, s("path", { d: `M${x - 6},${y + 5} L${x},${y - 6} L${x + 6},${y + 5} Z` })), "vigilant ! · aggressive !!"],
    [(x, y) => s("g", { class: "vi-basilica" }, s("path", { d: `M${x - 6},${y - 1} l6,-5 l6,5 Z` }),
      s("rect", { x: x - 5, y: y - 1, width: 10, height: 8 })), "basilica (F, T, Q)"],
  ];
  rows.forEach(([mark, text], i) => {
    const y = 16 + i * 20;
    g.append(mark(20, y), s("text", { x: 40, y: y + 4, class: "vi-legend-text" }, text));
  });
  return g;
}

// --- The panels beside the board ---------------------------------------------------------------
function cardOf(pub, deck, id) {
  const cards = pub && pub.cards ? pub.cards[deck] : null;
  return (cards && cards.find((c) => c.id === id)) || { id, name: "", text: "" };
}

/** A card's words: its text, or a Mandatum's bonus and regions, by their names (not ids). */
function cardText(pub, c) {
  const named = Object.fromEntries(((pub && pub.board && pub.board.regions) || []).map((r) => [r.id, r.name]));
  return c.text || (c.bonus ? `${c.bonus} points: ${(c.regions || []).map((r) => named[r] || r).join(", ")}` : "");
}

function card(pub, deck, id, extra = "") {
  const c = cardOf(pub, deck, id);
  return h("li", { class: `vi-card vi-${deck}`, dataset: { card: id } },
    h("strong", {}, id), c.name ? ` ${c.name}` : "", extra ? h("small", {}, ` ${extra}`) : null,
    cardText(pub, c) ? h("small", { class: "vi-card-text" }, cardText(pub, c)) : null);
}

/** A card as a tile in the tray: id and name, when it is played, its words; ``extra`` (a slot's
 * cost, who completed it) at the foot. */
function tile(pub, deck, id, extra = "") {
  const c = cardOf(pub, deck, id);
  const facts = deck === "castra" ? `needs ${c.requirement} · costs ${c.cost} · power ${c.power}` : c.when ? `when: ${c.when}` : "";
  return h("li", { class: `vi-card vi-tile vi-${deck}`, dataset: { card: id } },
    h("div", { class: "vi-tile-head" }, h("strong", {}, `${id} ${c.name || ""}`)),
    facts ? h("div", { class: "vi-tile-kind" }, facts) : null,
    h("p", { class: "vi-tile-text" }, cardText(pub, c)), extra ? h("div", { class: "vi-tile-extra" }, extra) : null);
}

const CARD_ID = /\b([A-Z]{1,2}\d{2})\b/g;

/** The name of the card ``id`` in any deck, or "". */
function nameOf(pub, id) {
  for (const deck of ["deceptio", "castra", "mandatum", "fortuna"]) {
    const c = cardOf(pub, deck, id);
    if (c.name) return c.name;
  }
  return "";
}

/** A button's label: each card id the action names (``play D11``) with the card's name, where the
 * server's words do not name it already (the server names the cards after the whole notation:
 * ``hire CA03 slot 1 Mensor (…)``); a hire as ``hire CA03 Mensor into your officer slot 1 (2
 * Denar, upkeep 2)``, the card, the slot and the cost each said once. */
export function label(action, described, pub) {
  const hire = /^hire ([A-Z]{1,2}\d{2}) slot (\d+)$/.exec(action);
  if (hire) return hireLabel(hire[1], hire[2], described, pub);
  const named = described.startsWith(`${action} `) ? described.slice(action.length + 1) : "";
  // a city's name is written with "_" between its words so that the terminal reads it back as
  // typed ("target Emerita_Augusta"); a button is clicked, not typed: its words with spaces
  return described.replace(/_/g, " ").replace(CARD_ID, (id, _group, at, whole) => {
    const name = nameOf(pub, id);
    if (!name) return id;
    const said = whole.startsWith(` ${name}`, at + id.length) || (at < action.length && ` ${named}`.includes(` ${name}`));
    return said ? id : `${id} ${name}`;
  });
}

/** ``hire CA03 slot 1`` as the server describes it (``hire CA03 slot 1 Mensor (2 Denar; your
 * officer slot 1, upkeep 2)``, or ``(…; replaces your CA06)``), said once: the card by its name,
 * the officer slot it takes, what it costs, the officer it replaces by name. */
function hireLabel(id, slot, described, pub) {
  const name = nameOf(pub, id);
  const head = `hire ${id}${name ? ` ${name}` : ""} into your officer slot ${slot}`;
  const note = /\((.*)\)$/.exec(described);
  if (!note) return head;
  const [cost, ...rest] = note[1].split("; ");
  const more = rest.join("; ");
  const upkeep = /^your officer slot \d+, (upkeep \d+)$/.exec(more);
  if (upkeep) return `${head} (${cost}, ${upkeep[1]})`;
  const replaced = more.replace(CARD_ID, (other) => (nameOf(pub, other) ? `${other} ${nameOf(pub, other)}` : other));
  return `${head} (${cost}${replaced ? `; ${replaced}` : ""})`;
}

/** The choices in compact rows: the Legio one may recruit on one row (``Recruit Legio, 1 Denar
 * each`` [1] [2] … [8]), each button's accessible name its whole choice; a long list of them had
 * pushed the players' table below the window. */
export function groupActions(actions, pub, words = (a) => a) {
  const recruit = actions.filter((a) => /^recruit \d+$/.test(a));
  if (recruit.length < 2) return [];
  const costs = recruit.map((a) => /(\d+) Legio, (\d+) Denar/.exec(words(a)));
  const each = costs.every((c) => c && Number(c[2]) === Number(c[1]) * Number(costs[0][2]) / Number(costs[0][1]))
    ? Number(costs[0][2]) / Number(costs[0][1]) : null;
  return [{ title: each === null ? "Recruit Legio" : `Recruit Legio, ${each} Denar each`, fold: false,
    actions: recruit.map((a, i) => [a, each === null && costs[i] ? `${a.split(" ")[1]} (${costs[i][2]} Denar)` : a.split(" ")[1]]) }];
}

/** The tray under the board: the seat's hand and Mandatum, the officers for hire, the Fortuna
 * in play, every card's words on its face (no hovering). */
export function renderTray(node, view, pub) {
  const players = view.players || [];
  const me = players.find((p) => p.hand !== null && p.hand !== undefined);
  const box = (title, cls, items) => h("section", { class: "vi-tray-box" }, h("div", { class: "label" }, title),
    items.length ? h("ul", { class: `${cls} vi-tiles` }, items) : h("p", { class: "muted" }, "none"));
  const parts = [];
  if (me) {
    parts.push(box(`Your hand (${me.hand.length})`, "vi-hand", me.hand.map((id) => tile(pub, "deceptio", id))),
      box("Your Mandatum", "vi-personal", (me.personal_mandatum || []).map((id) => tile(pub, "mandatum", id))));
    const mine = me.officers.map((o, k) => o && tile(pub, "castra", o, me.officers_used[k] ? "used this round" : "")).filter(Boolean);
    if (mine.length) parts.push(box("Your officers", "vi-mine", mine));
  }
  const slots = (pub && pub.board.castra_slots) || [];
  parts.push(box(`Officers for hire (${view.castra_pile ?? 0} in the pile)`, "vi-castra", (view.castra || []).map((id, i) => (id
    ? tile(pub, "castra", id, `slot ${i + 1}${slots[i] !== undefined ? `: ${slots[i]} Denar` : ""}`)
    : h("li", { class: "vi-tile muted" }, `slot ${i + 1} empty`)))));
  parts.push(box("Public Mandatum", "vi-public", (view.public_mandatum || []).map((id) => {
    const by = players.filter((p) => p.completed.includes(id)).map((p) => p.seat);
    return tile(pub, "mandatum", id, by.length ? `completed by ${by.join(", ")}` : "");
  })));
  if ((view.fortuna_active || []).length) parts.push(box("Fortuna", "vi-fortuna", view.fortuna_active.map((id) => tile(pub, "fortuna", id))));
  node.replaceChildren(...parts);
}

const dot = (seat) => h("span", { class: "vi-dot", dataset: { seat } });

/** The end (C50, V42): who won, then every seat in order with its score, what makes it up and
 * the tie-breakers (cities, then Denar). */
function standings(rows) {
  const first = rows.filter((r) => r.place === 1).map((r) => r.seat);
  const tied = rows.some((r, i) => i > 0 && r.score === rows[i - 1].score);
  return h("div", { class: "vi-result" },
    h("strong", {}, `${first.join(" and ")} ${first.length > 1 ? "share the win" : "wins"}`),
    h("ol", { class: "vi-standings" }, rows.map((r) => h("li", { dataset: { seat: r.seat }, value: r.place },
      dot(r.seat), h("strong", {}, `${r.seat} ${r.score} points`),
      h("small", {}, ` = influence ${r.influence} + cities ${r.cities} + basilicas ${r.basilicas} + Mandatum ${r.mandatum}`),
      h("span", { class: "vi-tie" }, ` · cities ${r.cities}, Denar ${r.denar}`)))),
    tied ? h("small", { class: "muted" }, "Equal scores: most cities, then most Denar (V42).") : null);
}

/** The panels beside the board; with ``tray`` (the play page) the cards are in the tray under it. */
export function renderInfo(node, view, pub, { tray = false } = {}) {
  const parts = [];
  const players = view.players || [];
  const seats = players.map((p) => p.seat);
  if (view.standings) parts.push(standings(view.standings));
  parts.push(h("div", { class: "vi-when" }, h("span", { class: "label" }, "Round "), h("strong", {}, view.round ?? "–"),
    ` · ${view.phase || ""}`, view.last_round ? h("strong", { class: "vi-last" }, " · last round") : null,
    view.order && view.order.length ? h("small", {}, ` · order ${view.order.join(", ")}`) : null));

  if (view.conquest) {
    const c = view.conquest;
    parts.push(h("div", { class: "vi-conquest" }, h("span", { class: "label" }, `Conquest of ${c.city}: `),
      c.dice.map((d) => h("span", { class: "die", dataset: { die: "conquest", value: d }, title: `die ${d}` }, d)),
      c.kept.length ? h("small", {}, ` kept ${c.kept.join(", ")}`) : null));
  }

  // Every player's public counts; the seat's own hand count is its hand below.
  const cities = Object.values(view.cities || {});
  const roads = Object.values(view.roads || {});
  const columns = [
    ["Den", "Denar", (p) => p.denar], ["Stn", "Stone", (p) => p.stone], ["Inf", "influence", (p) => p.influence],
    ["Leg", "Legio / of them assigned", (p) => (p.assigned ? `${p.legio}/${p.assigned}` : p.legio)],
    ["Frt", "forts left", (p) => p.forts], ["Mil", "milestones left", (p) => p.milestones],
    ["Cty", "cities conquered", (p) => cities.filter((c) => c.owner === p.seat).length],
    ["Rd", "roads built", (p) => roads.filter((o) => o === p.seat).length],
    ["Hnd", "Deceptio cards in hand", (p) => p.hand_size],
    ["Pts", "score so far (C50)", (p, i) => (view.scores ? view.scores[i] : "")],
  ];
  parts.push(h("table", { class: "vi-players" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), columns.map(([short, long]) => h("th", { title: long }, short)))),
    h("tbody", {}, players.map((p, i) => h("tr", {
      class: [p.seat === view.to_move ? "to-move" : "", p.seat === view.seat ? "me" : ""].join(" ").trim() || null,
      dataset: { seat: p.seat },
    }, h("td", { title: p.spot ? `turn-order spot ${p.spot}` : null }, dot(p.seat), p.seat),
    columns.map(([, long, value]) => h("td", { title: long }, value(p, i))))))));
  // The seat's own secrets: only its own come in its view (the others' are null); with the tray
  // its cards, Mandatum, officers and the market are there, the others' officers here.
  const me = players.find((p) => p.hand !== null && p.hand !== undefined);
  for (const p of players.filter((o) => !tray || o !== me)) {
    const officers = p.officers.map((o, k) => o && cardOf(pub, "castra", o).name + (p.officers_used[k] ? " (used)" : "")).filter(Boolean);
    if (officers.length) parts.push(h("p", { class: "vi-officers" }, dot(p.seat), `${p.seat}'s officers: ${officers.join(", ")}`));
  }
  const discarded = (view.deceptio_discard || []).map((id) => `${id} ${cardOf(pub, "deceptio", id).name}`);
  const deceptio = h("p", { class: "vi-deceptio muted" }, `Deceptio: ${view.deceptio_deck ?? 0} in the deck; discarded: `,
    discarded.length ? discarded.join(", ") : "none");
  if (!tray) {
    if (me) {
      parts.push(h("div", { class: "vi-own" }, h("div", { class: "label" }, `Your hand (${me.hand.length})`),
        me.hand.length ? h("ul", { class: "vi-hand" }, me.hand.map((id) => card(pub, "deceptio", id))) : h("small", { class: "muted" }, "no Deceptio card"),
        h("div", { class: "label" }, "Your Mandatum"),
        h("ul", { class: "vi-personal" }, (me.personal_mandatum || []).map((id) => card(pub, "mandatum", id)))));
    }
    parts.push(h("div", { class: "label" }, "Public Mandatum"),
      h("ul", { class: "vi-public" }, (view.public_mandatum || []).map((id) => {
        const by = players.filter((p) => p.completed.includes(id)).map((p) => p.seat);
        return card(pub, "mandatum", id, by.length ? `— ${by.join(", ")}` : "");
      })));

    const slots = (pub && pub.board.castra_slots) || [];
    parts.push(h("div", { class: "label" }, "Castra ", h("small", {}, `(${view.castra_pile ?? 0} in the pile)`)),
      h("ol", { class: "vi-castra" }, (view.castra || []).map((id, i) => id
        ? card(pub, "castra", id, `slot ${i + 1}${slots[i] !== undefined ? `: ${slots[i]} Denar` : ""}`)
        : h("li", { class: "muted" }, "empty"))));
    if ((view.fortuna_active || []).length) {
      parts.push(h("div", { class: "label" }, "Fortuna"), h("ul", { class: "vi-fortuna" },
        view.fortuna_active.map((id) => card(pub, "fortuna", id))));
    }
  }
  node.replaceChildren(...parts, deceptio);
  for (const d of node.querySelectorAll(".vi-dot")) d.style.setProperty("background", seatColour(d.dataset.seat));
}

/** A log line's class: a die rolled ("die 4") is styled as dice. */
export function logClass(line) {
  return /^die \d+$/.test(line) ? "dice" : "";
}
