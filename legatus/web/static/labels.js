// Placing a board's labels in screen pixels so that none covers another or a space's marker:
// each box goes to the first place around its point that overlaps nothing placed before,
// nearest first; further out it is drawn with a leader line. Boxes are [left, top, right, bottom].

const DIRECTIONS = 24; // the places tried on each ring around a point, every 15°
const GAPS = [0, 3, 6, 10, 14, 18, 24, 30, 38, 46, 56, 66, 78, 90, 120, 150]; // the rings, in pixels beyond the point's own radius
const AVOID = 1000; // what a pixel of a box to avoid costs, against one of a box taken

export const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) *
  Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

/** A text's width in pixels in a CSS font ("600 11px system-ui"), measured once. */
const widths = new Map();
let context = null;
export function textWidth(text, font) {
  const key = `${font}|${text}`;
  if (!widths.has(key)) {
    context ||= document.createElement("canvas").getContext("2d");
    context.font = font;
    widths.set(key, context.measureText(text).width);
  }
  return widths.get(key);
}

/** The places for a box of w×h beside a point (x, y) of radius r, nearest first: below, above,
 * right and left of it, the corners, then rings further out (``gaps`` beyond r, within ``reach``).
 * Each is [box, gap]. */
function places(x, y, r, w, h, reach = Infinity, gaps = GAPS) {
  const out = [
    [x - w / 2, y + r + 1], [x - w / 2, y - r - 1 - h], [x + r + 2, y - h / 2], [x - r - 2 - w, y - h / 2],
    [x + r * 0.7, y + r * 0.7], [x - r * 0.7 - w, y + r * 0.7], [x + r * 0.7, y - r * 0.7 - h], [x - r * 0.7 - w, y - r * 0.7 - h],
  ].map(([left, top]) => [[left, top, left + w, top + h], 0]);
  for (const gap of gaps.slice(1).filter((g) => g <= reach)) {
    for (let i = 0; i < DIRECTIONS; i++) {
      const a = (i * 2 * Math.PI) / DIRECTIONS + Math.PI / 2; // from straight below, round
      const [dx, dy] = [Math.cos(a), Math.sin(a)];
      const reach = r + gap + Math.abs(dx) * w / 2 + Math.abs(dy) * h / 2;
      const [cx, cy] = [x + dx * reach, y + dy * reach];
      out.push([[cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], gap]);
    }
  }
  return out;
}

/** A board's placer: ``obstacles`` (the markers) are never covered; ``bounds`` is the visible box. */
export function placer(obstacles, bounds) {
  const taken = [...obstacles];
  const outside = (b) => b[0] < bounds[0] || b[1] < bounds[1] || b[2] > bounds[2] || b[3] > bounds[3];
  /** The places (``places``) inside the bounds (with ``spill``, partly), within ``within`` of (x, y)
   * and, with ``others``, nearer to it than to any of them: those place and spots choose among. */
  function* candidates(x, y, r, w, h, { reach, others, within, gaps, spill = false }) {
    for (const [box, gap] of places(x, y, r, w, h, reach, gaps)) {
      if (outside(box) && !(spill && overlap(box, bounds) > 0)) continue;
      if (distance(box, x, y) > within) continue;
      if (others && others.some(([ox, oy]) => distance(box, ox, oy) < distance(box, x, y))) continue;
      yield [box, gap];
    }
  }
  return {
    /** Where a w×h box beside (x, y, radius r) goes: {box, gap, cost} (gap 0: beside it, else a
     * leader line's length, at most ``reach``); the one overlapping least if every place is taken;
     * null if ``optional`` and none is free. With ``others`` (the other points, [x, y] each), only
     * a place nearer to (x, y) than to any of them: the box is not read as another point's. The
     * boxes in ``soft`` (a Set of boxes placed before) count as free: the caller moves them. The
     * boxes in ``avoid`` (not taken: the room kept around other points) are never covered where
     * a place is left that covers none (a place covering one costs AVOID a pixel). With ``spill``
     * a place may run past the bounds (a part of it inside), its part outside costing as much as
     * an overlap. With ``within``, only a place whose nearest point lies so near (x, y). ``gaps``:
     * the rings tried (GAPS unless told). */
    place(x, y, r, w, h, { optional = false, reach = Infinity, others = null, soft = null, avoid = null, spill = false,
      within = Infinity, gaps = GAPS } = {}) {
      let best = null;
      for (const [box, gap] of candidates(x, y, r, w, h, { reach, others, within, gaps, spill })) {
        let cost = taken.reduce((t, other) => t + (soft && soft.has(other) ? 0 : overlap(box, other)), 0);
        if (avoid) cost += AVOID * avoid.reduce((t, other) => t + overlap(box, other), 0);
        if (spill) cost += (box[2] - box[0]) * (box[3] - box[1]) - overlap(box, bounds);
        if (!best || cost < best.cost) best = { box, gap, cost };
        if (cost === 0) break;
      }
      if (!best || (optional && best.cost > 0)) return null;
      taken.push(best.box);
      return best;
    },
    /** The places for a w×h box beside (x, y, radius r) that are inside the bounds and cover
     * nothing but the boxes in ``soft``, those covering least of them first: [{box, gap, moves}]
     * (``moves``: the area of ``soft`` covered; ``reach``, ``others``, ``within``, ``gaps`` and
     * ``avoid`` as for place, a place covering a box of ``avoid`` left out). */
    spots(x, y, r, w, h, { reach = Infinity, others = null, soft = new Set(), avoid = null, within = Infinity,
      gaps = GAPS } = {}) {
      const out = [];
      for (const [box, gap] of candidates(x, y, r, w, h, { reach, others, within, gaps })) {
        if (avoid && avoid.some((other) => overlap(box, other) > 0)) continue;
        let moves = 0;
        if (taken.every((other) => (soft.has(other) ? ((moves += overlap(box, other)), true) : overlap(box, other) === 0))) {
          out.push({ box, gap, moves });
        }
      }
      return out.sort((a, b) => a.moves - b.moves);
    },
    /** Takes ``box`` (a place found by spots). */
    take(box) {
      taken.push(box);
    },
    /** Frees a box placed before (to be placed again). */
    release(box) {
      const i = taken.indexOf(box);
      if (i >= 0) taken.splice(i, 1);
    },
  };
}

/** How far (x, y) lies from ``box`` (0 inside it). */
function distance(box, x, y) {
  const [nx, ny] = nearestPoint(box, x, y);
  return Math.hypot(nx - x, ny - y);
}

/** The point of ``box`` nearest to (x, y): where a leader line from the point meets it. */
export function nearestPoint(box, x, y) {
  return [Math.max(box[0], Math.min(x, box[2])), Math.max(box[1], Math.min(y, box[3]))];
}
