// Hannibal's drawing module: the board as SVG from the public data (the 96 spaces at their
// places on the map, connections by kind, provinces tinted by who controls them), the pieces
// from a view (political control, CU stacks with their counts and generals, sieges), and the
// panels beside the board (whose decision, turn track, political points, the seat's own hands,
// decks, the battle under way). The contract with the page is written once, in common.js ("A
// game's drawing module"); battleStory(lines, space) is this module's own, for its panels.
//
// A view carries only what its seat may see (legatus/games/hannibal/view.py): the other seat's
// hands come as sizes, so nothing here can show them.

import { camera, placeControls, zoomControls } from "/static/camera.js";
import { h as el, svg as s, tip } from "/static/common.js";
import { nearestPoint, overlap, placer, textWidth } from "/static/labels.js";

export const title = "Hannibal: Rome vs Carthage";

const SIDE_NAME = { rome: "Rome", carthage: "Carthage" };
const SIDE_COLOUR = { rome: "#a8322a", carthage: "#2d5a8c", neutral: "#8a8073" };
const CARD_KINDS = ["frontal assault", "flank left", "flank right", "probe", "double envelopment", "reserve"];
const MARGIN = 70;
const HEADROOM = 30; // more above the map's top row, where an army's box above its space ran past the frame

let shared = null; // the public data, for renderInfo (the replay page does not pass it)

const sideName = (side) => SIDE_NAME[side] || side;

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
// The map (sea, provinces, connections) is drawn in the map image's units; the spaces, their
// names and the stacks in screen pixels on top (an overlay the camera keeps at one pixel a unit),
// so that a name stays 11 px at any zoom and is placed where it covers nothing (labels.js).
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const nameFont = (px, walled) => `${walled ? 700 : 600} ${px}px ${FONT}`;
const SMALL_SCALE = 0.36; // below it (a laptop's narrower board) the names are 10 px, not 11
const COUNT_FONT = `700 13px ${FONT}`;
const GENERAL_FONT = `700 11px ${FONT}`;
const BRIEF_COUNT_FONT = `700 11px ${FONT}`; // a small board's stacks (hannibal.css: .hn-brief)
const BRIEF_GENERAL_FONT = `700 10px ${FONT}`;
const BRIEF_BOUND_FONT = `italic 700 10px ${FONT}`;
const BOUND_FONT = `italic 700 11px ${FONT}`;
const PROVINCE_FONT = `italic 600 11px ${FONT}`;
const NAME_H = 13;
const MARKER_R = 9; // what a space's marker covers, in pixels
// How far a space's marker is drawn, rings included, in pixels: a plain space's dark ring (its hit
// circle, stroked as .hn-pc: r 13) and a space to choose's (.hn-ring, r 12, 3 px wide), a port's
// blue ring (r 9.5); else the marker's own shape.
const RING_R = 14;
const PORT_R = 10.5;
const RINGED = ["active", "selected", "hn-battle", "hn-bound-to"]; // the classes that draw .hn-ring
const SMALL_MARKER = 0.8; // a narrower board draws the markers smaller, leaving its names room
const PROVINCE_REACH = 46; // how far from its spaces' middle a province's name may go, in pixels
const PHONE_SCALE = 0.3; // the fewest pixels a map unit takes: a phone shows part of the map, readable
// Where the frame shows part of the map, the moving army's space is kept this many pixels inside it:
// room for its box on any side (a phone cut the box of Flaminius, whose CUs were being chosen).
const MOVING_ROOM = 90;
// Where the frame shows part of the map (a phone, a zoom), a name with no room within this many
// pixels of its space is left out, not set far off (its space at the frame's edge: a pan shows it).
const NAME_REACH = 24;
// A stack (an army's box) is set within STACK_REACH pixels of its space's middle where it covers
// nothing and lies nearer its space than any other, else there in names' places (set again), else
// within STACK_FAR; then the same where it lies nearer another space; else within STACK_FAR over
// the fewest names, past the frame's edge rather than over a marker. A small board draws them
// brief, as a larger one draws a stack that whole would run past the frame or by a marker.
const STACK_REACH = 40;
const STACK_FAR = 70;
// The places tried for a stack, in order: [within how many pixels, nearer its space than any
// other, moving names]; those from NEARER on may lie nearer another space.
const STAGES = [[STACK_REACH, true, false], [STACK_REACH, true, true], [STACK_FAR, true, false],
  [STACK_REACH, false, false], [STACK_REACH, false, true], [STACK_FAR, false, false], [STACK_FAR, false, true]];
const NEARER = 3;
const STACK_GAPS = [0, 3, 6, 10, 14, 18, 24, 30, 35, 40, 46, 51, 56, 61]; // its rings (labels.js): finer than names'
// An army's box keeps this many pixels off every other space's marker as drawn (its rings), and
// clears its own: never over one, nor touching it (play review: at 390 px an army's box lay
// under Dianium's marker, at 1024 Hannibal's touched it). Where the frame leaves no such place
// within STACK_FAR, the box runs past the frame's edge rather than over a marker.
const STACK_CLEAR = 2;
const NAME_MOVE = 50; // how far a name moved out of a stack's way may go, in pixels

export function createBoard(node, pub, hooks = {}) {
  shared = pub;
  const map = pub.map;
  const where = Object.fromEntries(map.spaces.map((sp) => [sp.name, [sp.x, sp.y]]));
  const sideOf = Object.fromEntries((pub.generals || []).map((g) => [g.name, g.side]));
  const xs = map.spaces.map((sp) => sp.x);
  const ys = map.spaces.map((sp) => sp.y);
  const [x0, y0] = [Math.min(...xs) - MARGIN, Math.min(...ys) - MARGIN - HEADROOM];
  const [w, h] = [Math.max(...xs) - x0 + MARGIN, Math.max(...ys) - y0 + MARGIN];
  const svg = s("svg", { class: "hn-board", role: "img", "aria-label": "The map of Hannibal: Rome vs Carthage",
    preserveAspectRatio: "xMidYMid meet" });
  svg.append(s("rect", { x: x0 - w, y: y0 - h, width: 3 * w, height: 3 * h, class: "hn-sea" }));

  // Provinces: a blob around their spaces (discs joined along their inner connections), tinted
  // by who controls them; those that give no political point are grey.
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
  // Connections: land, passes (dashed brown, Alps heavier), straits (blue).
  const lines = s("g", { class: "hn-connections" });
  for (const c of map.connections) {
    const kind = c.strait ? "strait" : c.alps ? "alps" : c.pass ? "pass" : "land";
    lines.append(s("line", { x1: where[c.a][0], y1: where[c.a][1], x2: where[c.b][0], y2: where[c.b][1],
      class: `hn-connection hn-${kind}` },
    tip(`${c.a} – ${c.b}${kind === "land" ? "" : `: ${kind === "alps" ? "Alps pass" : kind}`}` +
      `${c.control_needed ? " (control of both ends needed, H50)" : ""}`)));
  }
  // The overlay, in pixels: leader lines, province names, space names, stacks, then the spaces.
  const overlay = s("g", { class: "hn-overlay" });
  const leaders = s("g", { class: "hn-leaders" });
  const provinceNames = s("g", { class: "hn-province-labels" });
  const names = s("g", { class: "hn-names" });
  const stackLayer = s("g", { class: "hn-stacks" });
  const bound = s("g", { class: "hn-bound-layer" }); // the step announced, while #41 is asked about (H34)
  const layer = s("g", { class: "hn-spaces" });
  overlay.append(leaders, provinceNames, names, stackLayer, bound, layer);
  svg.append(blobLayer, lines, overlay);

  const groups = {};
  for (const sp of map.spaces) {
    const g = s("g", { class: `hn-space hn-${sp.kind}`, "data-space": sp.name, "aria-label": sp.name });
    const facts = [sp.province];
    if (sp.kind === "walled") facts.push(`walled city (siege ${sp.siege_modifier >= 0 ? "+" : ""}${sp.siege_modifier}, holds ${sp.capacity} CUs)`);
    if (sp.kind === "tribe") facts.push(`${sp.allegiance} tribe`);
    if (sp.port) facts.push(`port (${sp.port_modifier >= 0 ? "+" : ""}${sp.port_modifier})`);
    g.append(s("circle", { r: 13, class: "hn-hit" }), s("circle", { r: 12, class: "hn-ring" }), tip(`${sp.name}: ${facts.join(", ")}`));
    if (sp.port) g.append(s("circle", { r: 9.5, class: "hn-port-ring" }));
    const marker = s("g", { class: "hn-marker" });
    const label = s("text", { class: `hn-label${sp.kind === "walled" ? " hn-walled-label" : ""}` }, sp.name);
    const stacks = s("g", { class: "hn-stackset", "data-space": sp.name });
    g.append(marker);
    names.append(label);
    stackLayer.append(stacks);
    groups[sp.name] = { g, marker, label, stacks, sp };
    layer.append(g);
  }
  node.replaceChildren(svg);

  let drawn = false; // a frame is placed once a view has been drawn
  const pieces = {}; // each space's stacks as drawn: [its view, its generals, the step announced]
  let brief = null; // whether the stacks were drawn brief (a small board), null: to draw
  const shortened = new Set(); // the spaces whose stacks a large board drew brief (whole they found no clear place)
  let announced = null; // the view's step announced and not taken yet (H34), drawn as an arrow
  const cam = camera(svg, [x0, y0, w, h], { minScale: 0, onChange: (frame) => drawn && place(frame) });
  const controls = zoomControls(cam, legend()); // beside the map, never over it (camera.js)
  node.append(controls);
  // The map's height: its own shape, within the window, the tray's room kept below the board (a
  // row of controls above the map taken from it: the map as large as without them).
  function resize() {
    const phone = window.innerWidth <= 820;
    const room = window.innerHeight - (node.getBoundingClientRect().top + window.scrollY) -
      (node.closest(".play") && document.getElementById("tray") ? 190 : 16);
    placeControls(node, svg, controls, h / w, room);
    const fitted = (svg.clientWidth || node.clientWidth) * (h / w);
    svg.style.setProperty("height", `${Math.round(phone ? Math.min(fitted * 1.6, window.innerHeight * 0.58) : Math.max(260, Math.min(fitted, room)))}px`);
    cam.redraw();
  }
  resize(); // the controls placed before the first paint
  window.addEventListener("resize", resize);
  requestAnimationFrame(resize);
  const phoneScale = () => (window.innerWidth <= 820 ? PHONE_SCALE : 0);

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
    const battleAt = view.battle ? view.battle.space : null;
    for (const [name, { g, marker, stacks, sp }] of Object.entries(groups)) {
      const on = active.has(name);
      g.classList.toggle("active", on);
      g.classList.toggle("selected", marks.selected === name);
      g.classList.toggle("hn-battle", battleAt === name);
      g.classList.toggle("hn-bound-to", !!view.announced && view.announced.to === name);
      if (on) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
      } else {
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
      }
      const here = spaces[name] || {};
      drawMarker(marker, sp, here);
      const step = view.announced && view.announced.from === name ? view.announced : null;
      pieces[name] = [here, generalsAt[name] || [], step];
    }
    brief = null;
    announced = view.announced && where[view.announced.from] && where[view.announced.to] ? view.announced : null;
    // The spaces a click may choose are drawn last: nothing hides one from the pointer.
    for (const { g } of Object.values(groups)) if (g.classList.contains("active")) layer.append(g);
    svg.dataset.turn = String(view.turn ?? "");
    const first = !drawn;
    drawn = true;
    cam.setMinScale(phoneScale());
    if (first) cam.redraw();
    const bound = announced ? [where[announced.from], where[announced.to]] : [];
    const moving = view.moving && where[view.moving.at] ? [[...where[view.moving.at], MOVING_ROOM]] : [];
    cam.show([...active.keys()].map((name) => where[name]).concat(battleAt ? [where[battleAt]] : [], bound, moving));
    place(cam.frame);
  }

  /** Everything in pixels for the frame: each space where the camera puts it (those out of
   * view hidden), then the stacks, the names and the provinces' names where they cover nothing;
   * the step announced (H34) as an arrow. */
  function place(frame) {
    const pixel = (name) => [(where[name][0] - frame.left) * frame.k, (where[name][1] - frame.top) * frame.k];
    overlay.setAttribute("transform", `translate(${frame.left},${frame.top}) scale(${1 / frame.k})`);
    const small = frame.k < SMALL_SCALE;
    const px = small ? 10 : 11;
    const r = small ? MARKER_R * SMALL_MARKER : MARKER_R;
    svg.classList.toggle("hn-small", small);
    // the stacks drawn for this scale (brief on a small board); those a frame before drew brief, whole again
    const redraw = brief !== small ? Object.keys(pieces) : [...shortened];
    brief = small;
    shortened.clear();
    for (const name of redraw) {
      const [here, generals, step] = pieces[name];
      groups[name].stacks.replaceChildren(...drawStacks(here, generals, sideOf, step, brief));
    }
    const at = {};
    const seen = [];
    for (const [name, { g, sp }] of Object.entries(groups)) {
      const p = [(sp.x - frame.left) * frame.k, (sp.y - frame.top) * frame.k];
      const visible = p[0] > -4 && p[1] > -4 && p[0] < frame.width + 4 && p[1] < frame.height + 4;
      g.toggleAttribute("hidden", !visible);
      g.setAttribute("transform", `translate(${p[0].toFixed(1)},${p[1].toFixed(1)})${small ? ` scale(${SMALL_MARKER})` : ""}`);
      if (visible) {
        at[name] = p;
        seen.push(name);
      }
    }
    const obstacles = seen.map((name) => {
      const [x, y] = at[name];
      return [x - r, y - r, x + r, y + r];
    });
    const partial = frame.k > Math.min(frame.width / w, frame.height / h) * 1.001;
    let placer_ = null;
    const lead = ([x, y], box, cls = "hn-leader", from = r) => {
      const [bx, by] = nearestPoint(box, x, y);
      const d = Math.hypot(bx - x, by - y) || 1;
      const line = s("line", { x1: x + ((bx - x) / d) * from, y1: y + ((by - y) / d) * from, x2: bx, y2: by, class: cls });
      leaders.append(line);
      return line;
    };
    // Crowded spaces first: they have the fewest free places around them.
    const crowd = new Map(seen.map((name) => [name,
      seen.filter((o) => Math.hypot(at[o][0] - at[name][0], at[o][1] - at[name][1]) < 60).length]));
    const order = [...seen].sort((a, b) => crowd.get(b) - crowd.get(a));
    for (const name of Object.keys(groups)) {
      groups[name].stacks.toggleAttribute("hidden", !at[name]);
      groups[name].label.toggleAttribute("hidden", !at[name]);
    }
    // The names first, beside their spaces, further out with a leader line; then the stacks, each
    // near its space (an army is read by where it stands: one set far off with a long leader line
    // looked as if it stood elsewhere, play review), brief on a small board, tied to it by a line
    // in its side's colour. Where the names leave it no room near its space, it takes the place
    // of a few whose names find room again within NAME_MOVE of their spaces; else the place of
    // the fewest, and they are set again further out.
    const names = new Map(); // a name placed: space → {box, line}
    const nameWidth = (name) => textWidth(name, nameFont(px, groups[name].sp.kind === "walled")) + 2;
    const showName = (name, spot) => {
      const { label } = groups[name];
      label.toggleAttribute("hidden", !spot);
      if (!spot) return;
      names.set(name, { box: spot.box, line: spot.gap ? lead(at[name], spot.box) : null });
      label.setAttribute("x", (spot.box[0] + 1).toFixed(1));
      label.setAttribute("y", (spot.box[1] + 10).toFixed(1));
    };
    const nameOptions = partial ? { optional: true, reach: NAME_REACH } : {}; // a name's place where the frame shows part of the map
    const findName = (name, options) => placer_.place(...at[name], r, nameWidth(name), NAME_H, options);
    const dropName = (name) => {
      const { box, line } = names.get(name);
      placer_.release(box);
      if (line) line.remove();
      names.delete(name);
    };
    /** The stack ``w``×``h`` of space ``name`` (kept ``own`` pixels from its middle) in the place of
     * names that find room again nearby: the spot, the names moved set again; null (nothing
     * changed) where no such place is found. */
    const makeRoom = (name, own, w, h, options) => {
      const soft = new Map([...names].map(([space, { box }]) => [box, space]));
      for (const spot of placer_.spots(...at[name], own, w, h, { ...options, soft: new Set(soft.keys()) }).slice(0, 8)) {
        const moved = [...soft].filter(([box]) => overlap(box, spot.box) > 0).map(([, space]) => space);
        const kept = moved.map((space) => names.get(space));
        moved.forEach(dropName);
        placer_.take(spot.box);
        const again = moved.map((space) => findName(space, { optional: true, reach: NAME_MOVE }));
        if (again.every(Boolean)) {
          moved.forEach((space, i) => showName(space, again[i]));
          return spot;
        }
        again.forEach((found) => found && placer_.release(found.box)); // undone: the names back
        placer_.release(spot.box);
        moved.forEach((space, i) => {
          placer_.take(kept[i].box);
          names.set(space, kept[i]);
          if (kept[i].line) leaders.append(kept[i].line);
        });
      }
      return null;
    };
    // Each space's marker as drawn (its rings: RING_R), with the room an army's box keeps off it.
    const drawnR = (name) => {
      const { g, sp } = groups[name];
      const ringed = sp.kind === "pc" || RINGED.some((c) => g.classList.contains(c));
      return (ringed ? RING_R : sp.port ? PORT_R : MARKER_R) * (small ? SMALL_MARKER : 1);
    };
    const halo = Object.fromEntries(seen.map((name) => {
      const [x, y] = at[name];
      const k = drawnR(name) + STACK_CLEAR;
      return [name, [x - k, y - k, x + k, y + k]];
    }));
    /** Whether ``box`` lies inside the frame and off the room kept round other markers (``avoid``). */
    const clear = (box, avoid) => box[0] >= 0 && box[1] >= 0 && box[2] <= frame.width && box[3] <= frame.height
      && !avoid.some((other) => overlap(box, other) > 0);
    /** The names, then the stacks of ``list`` ([space, stack] each) in its order: how well each
     * stack found room, by the STAGES it tried (STAGES.length: the last resort; after it, drawn
     * brief, as whole it would run past the frame or by a marker). The stacks drawn brief take their
     * items' places. */
    const layout = (list) => {
      placer_ = placer(obstacles, [1, 1, frame.width - 1, frame.height - 1]);
      leaders.replaceChildren();
      names.clear();
      for (const name of order) showName(name, findName(name, nameOptions));
      return list.map((item) => {
        const name = item[0];
        let stack = item[1];
        const around = seen.filter((o) => o !== name && Math.hypot(at[o][0] - at[name][0], at[o][1] - at[name][1]) < 200);
        const others = around.map((o) => at[o]);
        const avoid = around.map((o) => halo[o]);
        const own = drawnR(name) + 1; // the box clear of its own marker's rings too
        const size = (g) => [Number(g.dataset.w), Number(g.dataset.h)];
        const find = (g) => {
          for (const [stage, [within, nearer, moving]] of STAGES.entries()) {
            const options = { within, reach: within, gaps: STACK_GAPS, avoid, ...(nearer ? { others } : {}) };
            const spot = moving ? makeRoom(name, own, ...size(g), options)
              : placer_.place(...at[name], own, ...size(g), { optional: true, ...options });
            if (spot) return [spot, stage];
          }
          return [null, STAGES.length];
        };
        // the last resort: the place of the fewest names (set again after, where they find room),
        // past the frame's edge before over a marker
        const lastResort = (g) => {
          const soft = new Set([...names.values()].map((n) => n.box));
          const far = { within: STACK_FAR, reach: STACK_FAR, gaps: STACK_GAPS };
          return placer_.place(...at[name], own, ...size(g), { ...far, avoid, spill: true, soft })
            || placer_.place(...at[name], own, ...size(g), { avoid, soft });
        };
        let [spot, stage] = find(stack);
        let resort = !spot;
        if (resort) spot = lastResort(stack);
        if (resort && !clear(spot.box, avoid) && !stack.classList.contains("hn-brief")) {
          // brief rather than past the frame or by a marker (a scan: at 1280 the box of two consuls
          // at the Insubrians ran past the map's top edge, its count cut off): the count and the
          // first General's name, in smaller type, the whole army in its tooltip
          placer_.release(spot.box);
          const [here, generals, step] = pieces[name];
          const short = drawStacks(here, generals, sideOf, step, true).find((g) => g.dataset.side === stack.dataset.side);
          stack.replaceWith(short);
          item[1] = short;
          stack = short;
          shortened.add(name);
          [spot, stage] = find(stack);
          stage += STAGES.length + 1;
          resort = !spot;
          if (resort) spot = lastResort(stack);
        }
        if (resort) {
          const moved = [...names].filter(([, { box }]) => overlap(box, spot.box) > 0).map(([space]) => space);
          moved.forEach(dropName);
          moved.forEach((space) => showName(space, findName(space, nameOptions)));
        }
        stack.setAttribute("transform", `translate(${spot.box[0].toFixed(1)},${spot.box[1].toFixed(1)})`);
        if (spot.gap) lead(at[name], spot.box, `hn-leader hn-stack-leader hn-leader-${stack.dataset.side}`, own - 1);
        return stage;
      });
    };
    // The stacks in the crowded spaces' order; where one found room only nearer another space (a
    // stack placed before took its place), set again with those first, kept unless worse.
    const list = order.flatMap((name) => [...groups[name].stacks.children].map((stack) => [name, stack]));
    const worse = (stages) => stages.reduce((t, k) => t + k, 0);
    const stages = layout(list);
    const late = list.filter((_, i) => stages[i] >= NEARER);
    if (late.length && late.length < list.length) {
      const again = layout([...late, ...list.filter((item) => !late.includes(item))]);
      if (worse(again) > worse(stages)) layout(list);
    }
    provinceNames.replaceChildren();
    for (const province of map.provinces) {
      const inView = province.spaces.filter((n) => at[n]);
      if (!inView.length) continue;
      const text = province.name.toUpperCase();
      const cx = inView.reduce((t, n) => t + at[n][0], 0) / inView.length;
      const cy = inView.reduce((t, n) => t + at[n][1], 0) / inView.length;
      const width = textWidth(text, PROVINCE_FONT) + 2;
      const spot = placer_.place(cx, cy, 0, width, NAME_H, { optional: true, reach: PROVINCE_REACH });
      if (spot) provinceNames.append(s("text", { x: spot.box[0] + 1, y: spot.box[1] + 10, class: "hn-province-name" }, text));
    }
    bound.replaceChildren(...(announced ? boundArrow(announced, pixel(announced.from), pixel(announced.to), r, sideOf) : []));
  }

  function anchor(key) {
    return groups[key] ? groups[key].g.querySelector(".hn-ring") : null;
  }

  return { draw, anchor, svg, zooms: true };
}

/** The space's political control marker: a disc (plain), a square (walled city), a triangle
 * (a tribe standing, H96), coloured by who controls it; a siege's points beside it (H95). */
function drawMarker(marker, sp, here) {
  const control = here.control || null;
  const fill = control ? SIDE_COLOUR[control] : "#fbf7ee";
  const attrs = { fill, class: `hn-pc${control ? ` hn-pc-${control}` : ""}`, "data-control": control || "none" };
  let shape;
  if (sp.kind === "walled") shape = s("rect", { x: -7, y: -7, width: 14, height: 14, rx: 1.5, ...attrs });
  else if (sp.kind === "tribe" && here.tribe !== false) shape = s("path", { d: "M0,-8.5 L7.5,6 L-7.5,6 Z", ...attrs });
  else shape = s("circle", { r: 6.5, ...attrs });
  marker.replaceChildren(shape);
  if (here.siege) {
    marker.append(s("g", { class: "hn-siege" }, tip(`${here.siege} siege point${here.siege > 1 ? "s" : ""} (H95)`),
      s("circle", { cx: 0, cy: 0, r: 4.5 }), s("text", { x: 0, y: 3 }, here.siege)));
  }
}

/** Where a step announced (``{general, from, to, by_sea}``) is bound: "Terventum", "Sardinia by sea". */
const boundFor = (step) => `${step.to}${step.by_sea ? " by sea" : ""}`;

/** The step announced and not taken yet while the other side is asked about #41 Bad Weather
 * (H34): a dashed arrow in the mover's colour from the army's space (pixels ``a``) to the space
 * it is bound for (``b``), bowed so that it shows between neighbours and clear of their markers
 * (radius ``r``); under the spaces, taking no click. */
function boundArrow(step, a, b, r, sideOf) {
  const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (d < 1) return [];
  const bow = Math.max(d * 0.3, 2 * r);
  const c = [(a[0] + b[0]) / 2 + ((b[1] - a[1]) / d) * bow, (a[1] + b[1]) / 2 - ((b[0] - a[0]) / d) * bow];
  const toward = (p, q, by) => { // ``by`` pixels from p toward q
    const n = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    return [p[0] + ((q[0] - p[0]) / n) * by, p[1] + ((q[1] - p[1]) / n) * by];
  };
  const head = 9;
  const tail = toward(a, c, r + 1);
  const end = toward(b, c, r + 1); // the arrow's point, where the curve meets the marker's ring
  const base = toward(end, c, head);
  const [ux, uy] = [(end[0] - base[0]) / head, (end[1] - base[1]) / head];
  const [nx, ny] = [-uy * head * 0.55, ux * head * 0.55];
  const f = (p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`;
  const curve = `M${f(tail)} Q${f(c)} ${f(base)}`;
  const arrowhead = `M${f(end)} L${f([base[0] + nx, base[1] + ny])} L${f([base[0] - nx, base[1] - ny])} Z`;
  const side = sideOf[step.general] || "neutral";
  return [s("g", { class: `hn-bound hn-bound-${side}`, "data-from": step.from, "data-to": step.to },
    tip(`${step.general} is bound for ${boundFor(step)} from ${step.from}: the step waits for the answer about #41 Bad Weather (H34)`),
    s("path", { d: curve, class: "hn-bound-halo" }), s("path", { d: curve, class: "hn-bound-line" }),
    s("path", { d: arrowhead, class: "hn-bound-head" }))];
}

/** Each side's CUs as a block: the count (the elephants among them: "10 CU (2 el.)" is 10 CUs, 2 of
 * them elephants, H4), its Generals' names under it, and where the army is bound while #41 Bad
 * Weather is asked about (``step``, H34: "→ Terventum"; the General bound first). ``brief`` (a
 * small board): smaller type and, of several Generals, the first one's name only, with no title:
 * "Hannibal +2", "T. Longus +1" (all of them, titled, in its tooltip and the Generals' list), so
 * that the block finds room near its space, inside a phone's frame (play review: Rome's ran past
 * its edge). Its size in pixels is in its dataset, for the placing. */
function drawStacks(here, generals, sideOf, step = null, brief = false) {
  const sides = ["rome", "carthage"].filter((side) => here[side] || generals.some(([n]) => sideOf[n] === side));
  const [countFont, generalFont, boundFont] = brief ? [BRIEF_COUNT_FONT, BRIEF_GENERAL_FONT, BRIEF_BOUND_FONT]
    : [COUNT_FONT, GENERAL_FONT, BOUND_FONT];
  const [top, line] = brief ? [11, 11] : [13, 13]; // the count's baseline, a General's line
  return sides.map((side) => {
    const cus = here[side] || 0;
    // brief: the arrow's end alone, as the panel says how (play review: "→ New Carthage by sea" ran
    // past the frame); the General bound first, whom a brief box names ("Scipio Africanus +2")
    const going = step && sideOf[step.general] === side ? `→ ${brief ? step.to : boundFor(step)}` : null;
    const later = (name) => (going && name === step.general ? 0 : 1);
    const theirs = generals.filter(([n]) => sideOf[n] === side).sort(([a], [b]) => later(a) - later(b));
    const names = theirs.map(([n, g]) => `${n}${g.proconsul ? " (P)" : g.consul ? " (C)" : ""}`);
    const shown = brief && names.length > 1 ? [`${theirs[0][0]} +${names.length - 1}`] : names;
    const elephants = side === "carthage" ? here.elephants || 0 : 0;
    const head = `${cus} CU${elephants ? ` (${elephants} el.)` : ""}`;  // as wide as "10 CU · 2 el." was
    const width = Math.ceil(Math.max(textWidth(head, countFont), ...shown.map((n) => textWidth(n, generalFont)),
      going ? textWidth(going, boundFont) : 0)) + (brief ? 8 : 10);
    const height = top + 4 + (shown.length + (going ? 1 : 0)) * line + 2;
    const g = s("g", { class: `hn-stack hn-stack-${side}${brief ? " hn-brief" : ""}`, "data-side": side, "data-cus": cus,
      "data-w": width, "data-h": height },
    tip(`${sideName(side)}: ${cus} CU${cus === 1 ? "" : "s"}${elephants ? `, ${elephants} of them elephants` : ""}` +
        `${names.length ? ` with ${names.join(", ")}` : ""}` +
        `${going ? `, bound for ${boundFor(step)}: the step waits for the answer about #41 Bad Weather (H34)` : ""}`));
    const x = brief ? 4 : 5;
    g.append(s("rect", { width, height, rx: 3, fill: SIDE_COLOUR[side], class: "hn-badge" }),
      s("text", { x, y: top, class: "hn-count" }, head));
    shown.forEach((name, j) => g.append(s("text", { x, y: top + 4 + line * (j + 1) - 2, class: "hn-general" }, name)));
    if (going) g.append(s("text", { x, y: top + 4 + line * (shown.length + 1) - 2, class: "hn-general hn-bound-for" }, going));
    return g;
  });
}

/** The key to the map's signs, behind a button among the zoom buttons, its list opened over the map. */
function legend() {
  const sign = (cls, text) => el("li", {}, el("span", { class: `hn-sign ${cls}` }), text);
  return el("details", { class: "hn-key" }, el("summary", {}, "key"), el("ul", {},
    sign("hn-sign-rome", "Roman PC"), sign("hn-sign-carthage", "Carthaginian PC"), sign("hn-sign-walled", "walled city"),
    sign("hn-sign-tribe", "tribe"), sign("hn-sign-port", "port (blue ring)"), sign("hn-sign-pass", "pass (Alps: heavier)"),
    sign("hn-sign-strait", "strait"), sign("hn-sign-grey", "province with no political point"),
    el("li", { class: "muted" }, "Drag to pan; wheel, pinch or + − to zoom.")));
}

// --- The cards: named everywhere, their faces in the tray under the board ----------------------
const EVENT_SIDE = { rome: "Rome's event", carthage: "Carthage's event", either: "either side's event" };
const KIND_NOTE = { counter: "played in reply", op_bonus: "adds to an OPs move", campaign: "campaign" };

/** The card numbered ``n`` in the public data ({number, name, ops, side, kind, effect}). */
const ELEPHANTS = /^(take|drop|pick up|garrison|retreat inside)(?: (\d+))?( with generals)? \((\d+) elephants?\)$/;
const cardData = (pub, n) => ((pub || shared || {}).cards || [])[n - 1] || null;
const numberOf = (text) => Number((/#(\d+)/.exec(text) || [])[1] || 0);

/** A button's label: every card the action names by number, named; the three ways to play a
 * card (H33) as ``#16 Gallic Recruits · 2 OPs`` / ``· event`` / ``· discard``. */
export function label(action, described, pub) {
  const play = /^(ops|event|discard) #(\d+)$/.exec(action);
  if (play) {
    const c = cardData(pub, Number(play[2]));
    if (c) return `#${c.number} ${c.name} · ${play[1] === "ops" ? `${c.ops} OP${c.ops === 1 ? "" : "s"}` : play[1]}`;
  }
  return described.replace(/#(\d+)(?! [A-Z])/g, (whole, n) => {
    const c = cardData(pub, Number(n));
    return c ? `#${n} ${c.name}` : whole;
  });
}

/** The choices in compact rows (issue 33): a card's three uses (H33) on one row named by the card
 * (``#16 Gallic Recruits`` [2 OPs] [event] [discard]); the battle cards to attack or to match with
 * on one row each, a reserve (or probe) played as another kind folded a tap away; CUs that go from
 * a stack with elephants (the server's words: "take 8 (2 elephants)", H4) one row a number of
 * elephants (``Take, 2 elephants among them`` [2] [3] … [10]). ``{title, actions: [[action, its short
 * label]], fold}`` a row; the actions in none stay buttons. */
export function groupActions(actions, pub, words = (action) => action) {
  const rows = new Map();
  const add = (key, title, action, short) => {
    if (!rows.has(key)) rows.set(key, { title, actions: [], fold: / as$/.test(title) });
    rows.get(key).actions.push([action, short]);
  };
  for (const action of actions) {
    const play = /^(ops|event|discard) #(\d+)$/.exec(action);
    const c = play ? cardData(pub, Number(play[2])) : null;
    if (c) add(`#${c.number}`, `#${c.number} ${c.name}`, action, play[1] === "ops" ? `${c.ops} OP${c.ops === 1 ? "" : "s"}` : play[1]);
    const fight = /^(?:rome|carthage) (attacks|matches) ((?:reserve|probe) as )?(.+)$/.exec(action);
    if (fight) add(`${fight[1]} ${fight[2] || ""}`, `${fight[1] === "attacks" ? "Attack with" : "Match with"} ${fight[2] || ""}`.trim(), action, fight[3]);
    const split = ELEPHANTS.exec(words(action));
    if (split) {
      const [, verb, n, generals, j] = split;
      const many = j === "0" ? "no elephant among them" : `${j} elephant${j === "1" ? "" : "s"} among them`;
      if (n) add(`${verb}${generals || ""} ${j}`, `${verb[0].toUpperCase()}${verb.slice(1)}${generals || ""}, ${many}`, action, n);
      else add(verb, "Retreat inside, of the CUs that fit", action, `${j} elephant${j === "1" ? "" : "s"}`);
    }
  }
  return [...rows.values()];
}

/** A strategy card's face: number and name, OPs, whose event, the effect; a tap opens it whole. */
function cardTile(pub, text, extra = null) {
  const c = cardData(pub, numberOf(text));
  if (!c) return el("div", { class: "hn-tile" }, text);
  const tile = el("div", { class: `hn-tile hn-event-${c.side}`, dataset: { card: c.number }, role: "button", tabindex: "0",
    "aria-expanded": "false", title: "tap to read it whole" },
  el("div", { class: "hn-tile-head" }, el("strong", {}, `#${c.number} ${c.name}`), el("span", { class: "hn-ops" }, `${c.ops} OP${c.ops === 1 ? "" : "s"}`)),
  el("div", { class: "hn-tile-kind" }, EVENT_SIDE[c.side] || c.side, KIND_NOTE[c.kind] ? ` · ${KIND_NOTE[c.kind]}` : ""),
  el("p", { class: "hn-tile-text" }, c.effect), extra);
  const toggle = () => tile.setAttribute("aria-expanded", String(tile.classList.toggle("open")));
  tile.addEventListener("click", toggle);
  tile.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && (toggle(), e.preventDefault()));
  return tile;
}

// --- The battle as the seat's log tells it: each round, the result, the losses, the retreat -----
// Read from the log lines the page is given (the seat's own), so that a page opened or reloaded
// in the middle of a battle shows it whole. The lines: "rome attacks flank right — battle round 1
// at New Carthage", "carthage matches with reserve", "carthage: concede — Rome wins the battle at
// …", "roll 3 — for battle casualties (H82) …; Rome loses 1 CU (…)", "carthage: retreat to …".
const ROUND = /battle round (\d+) at ([^;]+)/;
const WON = /(Rome|Carthage) wins the battle at ([^;]+)/;
const CARD_PLAY = /\b(ops|event|discard) #\d+/;
const LOSS = /\bloses \d+ CU|\bgains \d+ CU|leaves the map|is eliminated|no CU lost/;
const AFTERMATH = /battle casualties|Retreat Table|^(rome|carthage): retreat |pays for the battle lost|draws /;

/** One log line as ``[who decided, what was done, what it did]`` ("rome: " or "" first). */
function splitLine(line) {
  const [done, ...said] = line.replace(/^(rome|carthage): /, "").split(" — ");
  return [(/^(rome|carthage)\b/.exec(line) || [""])[0], done, said.join(" — ")];
}

/** The last battle in ``lines`` (at ``space`` if one is under way): ``{space, rounds: [{n, steps}],
 * winner, losses, retreats}``, or null where the lines hold none (or a card was played since it
 * ended: the next move's panel no longer shows it). */
export function battleStory(lines, space = null) {
  let first = -1;
  for (let i = lines.length - 1; i >= 0 && first < 0; i--) {
    const m = ROUND.exec(lines[i]);
    if (m && m[1] === "1" && (!space || m[2] === space)) first = i;
  }
  if (first < 0) return null;
  const story = { space: ROUND.exec(lines[first])[2], rounds: [], winner: null, losses: [], retreats: [] };
  for (const line of lines.slice(first)) {
    const [who, done, said] = splitLine(line);
    const won = WON.exec(said);
    if (story.winner && !won && !AFTERMATH.test(line)) return CARD_PLAY.test(line) ? null : story;
    if (/draws /.test(done)) continue;
    const round = ROUND.exec(said);
    if (round) story.rounds.push({ n: Number(round[1]), steps: [] });
    const parts = said.split("; ").filter((part) => part && !ROUND.test(part) && !WON.test(part));
    const step = who && !done.startsWith(who) ? `${sideName(who)}: ${done}` : done.replace(/^(rome|carthage)\b/, sideName);
    const over = !!story.winner; // this line comes after the result
    const last = story.rounds[story.rounds.length - 1];
    if (/^(rome|carthage): retreat /.test(line)) story.retreats.push(step, ...parts);
    else if (/pays for the battle lost/.test(said)) story.retreats.push(`${step}: ${parts.join("; ")}`);
    else if (over || /battle casualties|Retreat Table/.test(said)) story.losses.push(...parts.filter((p) => LOSS.test(p)));
    else if (last) last.steps.push(...(/^roll /.test(done) ? [] : [step]), ...parts);
    if (won) {
      story.winner = won[1];
      if (last) last.steps.push(`${won[1]} wins`);
    }
  }
  return story;
}

/** The rounds of ``story``, each with what was played and answered in it. */
const roundList = (story) => el("ol", { class: "hn-plays" }, story.rounds.map((r) => el("li", { value: r.n }, r.steps.join(" · "))));

/** The battle just over: who won, its rounds, the losses on each side, the retreat. */
function battleOver(story) {
  return el("section", { class: "hn-battle-box hn-battle-over", "aria-label": "the last battle" },
    el("div", { class: "label" }, `Battle at ${story.space} is over: ${story.winner} wins`),
    el("div", {}, roundList(story)),
    el("div", {}, el("p", { class: "hn-losses" }, "Losses: ", story.losses.length ? story.losses.join("; ") : "none"),
      story.retreats.length ? el("p", { class: "hn-retreat" }, "Then: ", story.retreats.join("; ")) : null));
}

/** The battle under way (H74-H90): both sides' CUs and battle cards, the card led and who must
 * answer it, the cards played so far in order, the seat's own battle hand. */
function battlePanel(view, story) {
  const b = view.battle;
  const here = (view.spaces || {})[b.space] || {};
  const defender = b.attacker === "rome" ? "carthage" : "rome";
  const sizes = b.hand_sizes || [0, 0];
  const side = (name, i) => el("div", { class: `hn-side hn-${name}` }, el("strong", {}, sideName(name)),
    name === b.attacker ? " attacks" : " defends",
    el("div", {}, `${here[name] || 0} CUs${name === "carthage" && here.elephants ? ` (${here.elephants} el.)` : ""} · `,
      el("span", { class: "hn-battle-count" }, `${sizes[i]} card${sizes[i] === 1 ? "" : "s"}`)));
  // the sides and the seat's own battle cards across the panel (the cards it plays from: in view
  // without scrolling, play review); under them the card led beside what happened so far
  const sides = el("div", { class: "hn-sides" }, side("rome", 0), side("carthage", 1));
  const mine = b.hand ? el("p", { class: "hn-my-battle-hand" }, "Your battle cards: ", el("strong", {}, kindsList(b.hand))) : null;
  const now = [];
  if (b.card) {
    now.push(el("p", { class: "hn-to-match" }, "Card led: ", el("strong", {}, b.card),
      ` — ${sideName(view.to_move === b.attacker ? b.attacker : defender)} must answer`));
  }
  (b.face_up || []).forEach((shown, i) => {
    if (Object.keys(shown).length) now.push(el("p", { class: "muted" }, `${sideName(i ? "carthage" : "rome")}'s cards face up: ${kindsList(shown)}`));
  });
  const past = [el("p", {}, "Played so far: ", kindsList(b.played))];
  if (story && story.rounds.length) past.push(roundList(story));
  if (story && story.losses.length) past.push(el("p", { class: "hn-losses" }, "Losses: ", story.losses.join("; ")));
  return el("section", { class: "hn-battle-box", "aria-label": "the battle" },
    el("div", { class: "label" }, `Battle at ${b.space} · round ${b.round}`), sides, mine,
    el("div", { class: "hn-battle-now" }, now), el("div", { class: "hn-battle-past" }, past));
}

/** The discard pile and the removed cards, each one click away (H130). */
function piles(view, pub) {
  const pile = (title, whole, cards, cls) => el("details", { class: `hn-pile ${cls}` },
    el("summary", { title: whole }, `${title} (${cards.length})`),
    cards.length ? el("div", { class: "hn-tiles" }, [...cards].reverse().map((c) => cardTile(pub, c))) : el("p", { class: "muted" }, "none"));
  return [pile("Discard", "the discard pile", view.discard || [], "hn-discard"),
    pile("Removed", "the cards removed from the game", view.removed || [], "hn-removed")];
}

/** Redraws ``node`` with ``parts``, the card tiles and piles that were open still open. */
function keepOpen(node, parts) {
  const open = new Set([...node.querySelectorAll(".open[data-card], details[open]")].map((n) => n.dataset.card || n.className));
  node.replaceChildren(...parts);
  for (const n of node.querySelectorAll("[data-card], details")) {
    if (open.has(n.dataset.card || n.className)) {
      if (n.tagName === "DETAILS") n.open = true;
      else n.classList.add("open");
    }
  }
}

// The tray's heading line's height, for what is opened from it to start under it.
const headings = new ResizeObserver((entries) => {
  for (const { target } of entries) target.parentElement.style.setProperty("--head", `${target.offsetHeight}px`);
});

/** The tray under the board: the battle (told by ``log``, the seat's log lines, oldest first),
 * the seat's hand as cards. */
export function renderTray(node, view, pub, log = []) {
  const parts = [];
  const story = battleStory(log, view.battle ? view.battle.space : null);
  if (view.battle) parts.push(battlePanel(view, story));
  else if (story && story.winner) parts.push(battleOver(story));
  // The piles and the generals on the hand's heading line, a click away: the hand has the
  // tray's whole width, a card beyond it runs to the tray's edge, under nothing; one opened is
  // drawn over the hand (hannibal.css; on a phone, under the heading).
  const hand = view.hand || [];
  const head = el("div", { class: "hn-tray-head" }, view.seat ? el("div", { class: "label" }, `Your hand (${hand.length})`) : null,
    piles(view, pub), generalsList(view, pub || shared || {}, true));
  parts.push(el("section", { class: "hn-hand-box", "aria-label": view.seat ? "your hand" : "the piles" }, head,
    !view.seat ? null : hand.length ? el("div", { class: "hn-hand hn-tiles" }, hand.map((c) => cardTile(pub, c)))
      : el("p", { class: "muted" }, "no card")));
  keepOpen(node, parts);
  headings.disconnect();
  headings.observe(head);
}

// --- The panels beside the board ---------------------------------------------------------------
function cardList(cards, cls) {
  return cards && cards.length ? el("ul", { class: cls }, cards.map((c) => el("li", {}, c))) : el("p", { class: "muted" }, "none");
}

function kindsList(counts) {
  const entries = CARD_KINDS.filter((k) => counts && counts[k]).map((k) => `${k} ×${counts[k]}`);
  return entries.length ? entries.join(", ") : "none";
}

/** The panels beside the board; with ``tray`` (the play page) the battle and the hand are in the
 * tray under it. */
export function renderInfo(node, view, pub, { tray = false } = {}) {
  const data = pub || shared || {};
  const parts = [];
  const me = view.seat;
  const other = me === "rome" ? "carthage" : me === "carthage" ? "rome" : null;

  if (view.winner) {
    parts.push(el("div", { class: `hn-result hn-${view.winner}` }, el("strong", {}, `${sideName(view.winner)} wins`),
      view.reason ? `: ${view.reason}` : ""));
  }
  // Whose decision it is (on the phase's line, leaving the log its room).
  const mine = me && view.to_move === me;
  const decision = view.to_move && !view.winner ? el("span", { class: `hn-decision${mine ? " mine" : ""}`,
    "data-to-move": view.to_move }, mine ? "Your decision." : `Waiting for ${sideName(view.to_move)}…`) : null;

  // The battle under way, card by card.
  const b = view.battle;
  if (b && !tray) {
    const kids = [el("div", { class: "label" }, `Battle at ${b.space}: ${sideName(b.attacker)} attacks, round ${b.round}`)];
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

  // Turn track (the years of the turn under way on the phase's line) and phase.
  const turns = data.turns || [];
  const now = turns.find((t) => t.turn === view.turn);
  parts.push(el("div", { class: "hn-turns", "aria-label": "turn track" }, turns.map((t) => el("span", {
    class: `hn-turn${t.turn === view.turn ? " on" : ""}`, title: `turn ${t.turn}: ${t.years}, ${t.cards} cards each`,
  }, el("b", {}, t.turn)))));
  parts.push(el("p", { class: "hn-phase" }, `Turn ${view.turn}${now ? ` (${now.years})` : ""} · ${view.phase} `, decision));
  // The step the log has and the map does not yet (H34): the army stays until the answer about #41.
  const step = view.announced;
  if (step) {
    const side = ((data.generals || []).find((g) => g.name === step.general) || {}).side;
    const asked = side === "rome" ? "Carthage" : side === "carthage" ? "Rome" : "the other side";
    parts.push(el("p", { class: "hn-announced" }, el("strong", {}, `${step.general} is bound for ${boundFor(step)}`),
      ` from ${step.from}: the step waits until ${asked} says whether #41 Bad Weather stops it (H34).`));
  }

  // Political points (H108) and the decks.
  const [rome, carthage] = view.points || [0, 0];
  parts.push(el("div", { class: "hn-row" },
    el("span", { class: "hn-chip hn-rome", title: "victory provinces Rome controls (H108)" }, "Rome ", el("strong", { class: "hn-points" }, rome)),
    el("span", { class: "hn-chip hn-carthage", title: "victory provinces Carthage controls (H108)" }, "Carthage ", el("strong", { class: "hn-points" }, carthage)),
    el("span", { class: "hn-chip" }, "deck ", el("strong", { class: "hn-deck" }, view.deck ?? 0)),
    tray ? null : el("span", { class: "hn-chip" }, "discard ", el("strong", {}, (view.discard || []).length))));
  if (!tray) parts.push(...piles(view, data));
  const flags = [];
  if (view.truce) flags.push("truce");
  if (view.naval_victory) flags.push("naval victory");
  if (view.macedonia === 1) flags.push("Macedonia allied with Carthage");
  if (view.siege_train) flags.push(`siege train with ${view.siege_train}`);
  if (flags.length) parts.push(el("p", { class: "hn-flags muted" }, flags.join(" · ")));

  // The seat's own strategy hand; the other's only as a size.
  const sizes = view.hand_sizes || [0, 0];
  if (me && !tray) {
    parts.push(el("div", { class: "hn-hand-box" }, el("div", { class: "label" }, `Your hand (${(view.hand || []).length})`),
      cardList(view.hand, "hn-hand")));
  }
  if (me) {
    const known = view.known_in_other_hand || [];
    parts.push(el("p", { class: "muted hn-other-hand" }, `${sideName(other)} holds ${sizes[other === "rome" ? 0 : 1]} cards`,
      known.length ? `, among them ${known.join(", ")}` : ""));
  } else {
    parts.push(el("p", { class: "muted" }, `Hands: Rome ${sizes[0]} cards, Carthage ${sizes[1]}`));
  }

  if (!tray) parts.push(generalsList(view, data, false));
  keepOpen(node, parts);
}

/** The generals on the map with their ratings: on the play page in the tray, a click away. */
function generalsList(view, data, tray) {
  const ratings = Object.fromEntries((data.generals || []).map((g) => [g.name, g]));
  const onMap = Object.entries(view.generals || {}).filter(([, g]) => !["pool", "eliminated", "not yet arrived"].includes(g.at));
  // On the play page their names stand on their stacks: the list with ratings is a click away,
  // leaving the log its room.
  const list = el("ul", {}, onMap.map(([name, g]) => {
    const r = ratings[name] || {};
    return el("li", { class: `hn-${r.side || ""}` }, el("strong", {}, name),
      el("small", {}, ` ${r.strategy ?? "?"}/${r.battle ?? "?"}${g.consul ? " consul" : ""}${g.proconsul ? " proconsul" : ""}`),
      ` — ${g.at}`);
  }));
  // In the tray its summary is short, "Generals (7)": what the ratings are is said in its tooltip
  // and over the list.
  return el(tray ? "details" : "div", { class: "hn-generals" },
    tray ? el("summary", { title: "the Generals on the map, with their strategy/battle ratings" }, `Generals (${onMap.length})`)
      : el("div", { class: "label" }, "Generals"),
    tray ? el("div", {}, el("p", { class: "muted hn-ratings" }, `${onMap.length} on the map · strategy/battle ratings`), list) : list);
}

/** A log line's class: a die rolled ("roll 4") is styled as dice. */
export function logClass(line) {
  return /^roll \d+$/.test(line) ? "dice" : "";
}
