// Pan and zoom of an SVG board with the mouse (wheel, drag), touch (drag, pinch) and buttons:
// the camera sets the SVG's viewBox to what its box shows. A drag never counts as a click.

import { h } from "/static/common.js";

const MAX_ZOOM = 6;

/** The board's zoom buttons (in, out, the whole map), then a game's own controls (``extra``). */
export function zoomControls(cam, ...extra) {
  const button = (text, label, onclick) => h("button", { type: "button", class: "small", "aria-label": label, title: label, onclick }, text);
  return h("div", { class: "board-zoom" }, button("+", "zoom in", () => cam.zoomBy(1.5)),
    button("−", "zoom out", () => cam.zoomBy(1 / 1.5)), button("⤢", "the whole map", () => cam.fit()), ...extra);
}

/** Sets ``controls`` (zoomControls', in the board ``node``) beside the map ``svg``, never over it:
 * zoomed in, any space may come to the frame's corner, and one under them could be neither
 * clicked nor read (play review). A column at the map's right where the board has the room to
 * spare (the map, ``ratio`` its height over its width, as high beside them as the ``most`` pixels
 * it may take: a laptop's board as high as the window allows and wider than the map), else a row
 * above it (a phone, a window whose board the map's width fills), the board growing by it: the
 * map as large as without them. ``most``: the map's CSS max-height unless told. */
export function placeControls(node, svg, controls, ratio, most = parseFloat(getComputedStyle(svg).maxHeight)) {
  node.classList.remove("zoom-above");
  node.classList.add("zoom-beside"); // measured as a column
  const room = (node.clientWidth - controls.offsetWidth) * ratio;
  const beside = window.innerWidth > 820 && (!node.clientWidth || room >= most - 0.5);
  node.classList.toggle("zoom-beside", beside);
  node.classList.toggle("zoom-above", !beside);
}

/** A camera on ``svg`` showing the map box ``[x0, y0, w, h]`` (map units). ``minScale``: the
 * fewest pixels a map unit may take (a phone shows part of the map rather than a blur); ``start``:
 * the map point the first frame centres on, as near as the map's edges allow (its middle unless
 * told); ``onChange`` is called after every change, with the frame {k, left, top, width, height}
 * (k: pixels a unit). */
export function camera(svg, [x0, y0, w, h], { minScale = 0, start = null, onChange = () => {} } = {}) {
  let zoom = 1; // over the fitted scale
  let floor = true; // minScale applies (until "the whole map" is asked for)
  const base = (width, height) => Math.max(Math.min(width / w, height / h), floor ? minScale : 0);
  let centre = [x0 + w / 2, y0 + h / 2];
  let wish = start; // the first frame's centre, kept until the map is moved (a frame before the page's layout fits it all)
  let frame = null;
  let queued = false;

  function compute() {
    const width = svg.clientWidth || 1;
    const height = svg.clientHeight || 1;
    const k = base(width, height) * zoom;
    const [hw, hh] = [width / 2 / k, height / 2 / k];
    if (wish) centre = [...wish];
    const clamp = (c, lo, span, half) => (2 * half >= span ? lo + span / 2 : Math.max(lo + half, Math.min(lo + span - half, c)));
    centre = [clamp(centre[0], x0, w, hw), clamp(centre[1], y0, h, hh)];
    frame = { k, left: centre[0] - hw, top: centre[1] - hh, width, height };
    svg.setAttribute("viewBox", `${frame.left} ${frame.top} ${2 * hw} ${2 * hh}`);
    svg.classList.toggle("panned", k > Math.min(width / w, height / h) * 1.001);
    onChange(frame);
  }
  const update = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      compute();
    });
  };

  /** Zooms by ``factor`` keeping the map point under the screen point (sx, sy) in place. */
  function zoomAt(factor, sx, sy) {
    if (!frame) compute();
    wish = null;
    const before = [frame.left + sx / frame.k, frame.top + sy / frame.k];
    zoom = Math.max(1, Math.min(MAX_ZOOM, zoom * factor));
    const k = base(frame.width, frame.height) * zoom;
    centre = [before[0] - (sx - frame.width / 2) / k, before[1] - (sy - frame.height / 2) / k];
    update();
  }
  const local = (event) => {
    const r = svg.getBoundingClientRect();
    return [event.clientX - r.left, event.clientY - r.top];
  };

  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoomAt(Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015)), ...local(event));
  }, { passive: false });

  // Drags and pinches: the pointers down, where they were; a move past SLOP makes it a drag.
  const SLOP = 6;
  const down = new Map();
  let dragged = false;
  let pinch = null;
  svg.addEventListener("pointerdown", (event) => {
    down.set(event.pointerId, { at: local(event), start: local(event) });
    if (down.size === 1) dragged = false;
    if (down.size === 2) {
      const [a, b] = [...down.values()].map((p) => p.at);
      pinch = Math.hypot(a[0] - b[0], a[1] - b[1]);
    }
  });
  svg.addEventListener("pointermove", (event) => {
    const p = down.get(event.pointerId);
    if (!p || !frame) return;
    const at = local(event);
    if (!dragged && Math.hypot(at[0] - p.start[0], at[1] - p.start[1]) < SLOP) return;
    if (!dragged) svg.setPointerCapture(event.pointerId);
    dragged = true;
    if (down.size === 1) {
      wish = null;
      centre = [centre[0] - (at[0] - p.at[0]) / frame.k, centre[1] - (at[1] - p.at[1]) / frame.k];
      update();
    } else if (down.size === 2 && pinch) {
      p.at = at;
      const [a, b] = [...down.values()].map((q) => q.at);
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
      zoomAt(distance / pinch, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      pinch = distance;
      return;
    }
    p.at = at;
  });
  const up = (event) => {
    down.delete(event.pointerId);
    if (down.size < 2) pinch = null;
  };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  // The click that ends a drag is the drag's, not a choice of space.
  svg.addEventListener("click", (event) => {
    if (dragged) {
      event.stopImmediatePropagation();
      dragged = false;
    }
  }, { capture: true });
  new ResizeObserver(update).observe(svg);

  return {
    get frame() {
      if (!frame) compute();
      return frame;
    },
    zoomBy: (factor) => {
      if (!frame) compute();
      zoomAt(factor, frame.width / 2, frame.height / 2);
    },
    fit: () => {
      zoom = 1;
      floor = false;
      wish = null;
      centre = [x0 + w / 2, y0 + h / 2];
      update();
    },
    /** Brings the map points into view if any lies outside it (a new choice to make); a point
     * ``[x, y, margin]`` wants ``margin`` pixels of the frame round it (room for what is drawn by it). */
    show(points) {
      if (!frame) compute();
      const seen = ([x, y, margin = 0]) => {
        const m = Math.min(margin / frame.k, frame.width / frame.k / 2, frame.height / frame.k / 2);
        return x >= frame.left + m && y >= frame.top + m && x <= frame.left + frame.width / frame.k - m &&
          y <= frame.top + frame.height / frame.k - m;
      };
      if (!points.length || points.every(seen)) return;
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      wish = null;
      centre = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
      compute();
    },
    redraw: compute,
    setMinScale(scale) {
      if (scale !== minScale) floor = true;
      minScale = scale;
    },
  };
}
