// The replay page: step through a game from any seat's point of view, jump to a round, play
// it through, export its record. The board is drawn by the game's module, as on the play page.
import { $, api, clear, gameId, h, loadGameModule, renderLog, showError, zoomButton } from "/static/common.js";

const id = gameId();
const params = new URLSearchParams(location.search);
const token = params.get("token");
let mod = null;
let board = null;
let pub = null; // the game's public data (the map, and what the panels name)
let index = { length: 0, marks: [], seats: [] };
let n = 0;
let seat = params.get("seat") || "";
let playing = null; // the timer while playing through
let asked = 0; // the newest step asked for: older answers are dropped

const base = () => `/api/games/${encodeURIComponent(id)}`;
const q = (extra = "") => `?token=${encodeURIComponent(token)}${extra}`;

async function show(step) {
  step = Math.max(0, Math.min(index.length, step));
  const mine = ++asked;
  let answer;
  try {
    answer = await api(`${base()}/replay/${step}${q(`&seat=${encodeURIComponent(seat)}`)}`);
  } catch (err) {
    showError($("#error"), err.message);
    stop();
    return;
  }
  if (mine !== asked) return;
  showError($("#error"), "");
  n = answer.n;
  const view = answer.view;
  board.draw(view, {});
  mod.renderInfo($("#info"), view, pub);
  renderLog($("#log"), view, answer.seat_log, mod.logClass);
  $("#step").textContent = String(n);
  $("#length").textContent = String(answer.length);
  $("#slider").max = String(answer.length);
  $("#slider").value = String(n);
  $("#last-action").textContent = answer.last ? `last action: ${answer.last}` : "the start of the game";
  $("#prompt").textContent = view.prompt || "";
  $("#replay").dataset.step = String(n);
  let mark = 0;
  index.marks.forEach((m, i) => { if (m.n <= n) mark = i; });
  $("#marks").value = String(mark);
  $("#first").disabled = $("#back").disabled = n === 0;
  $("#forward").disabled = $("#last").disabled = n >= answer.length;
  const url = new URL(location.href);
  url.searchParams.set("n", String(n));
  if (seat) url.searchParams.set("seat", seat);
  else url.searchParams.delete("seat");
  history.replaceState(null, "", url);
}

function stop() {
  if (playing) asked++; // a step asked for while playing is not shown once paused
  clearTimeout(playing);
  playing = null;
  $("#play").textContent = "▶ play";
  $("#play").classList.remove("on");
}

function play() {
  if (playing) {
    stop();
    return;
  }
  if (n >= index.length) show(0);
  $("#play").textContent = "⏸ pause";
  $("#play").classList.add("on");
  const tick = async () => {
    if (n >= index.length) {
      stop();
      return;
    }
    await show(n + 1);
    if (playing) playing = setTimeout(tick, Number($("#speed").value));
  };
  playing = setTimeout(tick, 10);
}

async function exportRecord() {
  try {
    const record = await api(`${base()}/record${q()}`);
    const blob = new Blob([JSON.stringify(record, null, 1) + "\n"], { type: "application/json" });
    const link = h("a", { href: URL.createObjectURL(blob), download: `legatus-${record.game || "game"}-${id}.json` });
    document.body.append(link);
    link.click();
    setTimeout(() => {
      URL.revokeObjectURL(link.href);
      link.remove();
    }, 1000);
  } catch (err) {
    showError($("#error"), err.message);
  }
}

async function main() {
  if (!token) {
    showError($("#error"), "This page needs a seat's or the spectators' link (…?token=…).");
    return;
  }
  $("#play-link").href = `/play/${encodeURIComponent(id)}${q()}`;
  try {
    [index, pub] = await Promise.all([api(`${base()}/replay${q()}`), api(`${base()}/public`)]);
  } catch (err) {
    showError($("#error"), err.message);
    return;
  }
  mod = await loadGameModule(pub.game);
  if (!mod) {
    mod = { createBoard: (node) => ({ draw: () => {} }), renderInfo: () => {}, title: pub.game };
  }
  document.title = `${mod.title || pub.game} — replay — legatus`;
  $("#game-title").textContent = `${mod.title || pub.game} · ${id}`;
  board = mod.createBoard($("#board"), pub, {});
  clear($("#marks"), index.marks.map((m, i) => h("option", { value: String(i) }, `${m.label} (step ${m.n})`)));
  if (!index.seats.includes(seat)) seat = "";
  clear($("#seat"), h("option", { value: "" }, "an observer"),
    index.seats.map((s) => h("option", { value: s, selected: s === seat }, s)));

  $("#first").addEventListener("click", () => { stop(); show(0); });
  $("#back").addEventListener("click", () => { stop(); show(n - 1); });
  $("#forward").addEventListener("click", () => { stop(); show(n + 1); });
  $("#last").addEventListener("click", () => { stop(); show(index.length); });
  $("#play").addEventListener("click", play);
  $("#slider").addEventListener("input", (e) => { stop(); show(Number(e.target.value)); });
  $("#marks").addEventListener("change", (e) => { stop(); show(index.marks[Number(e.target.value)].n); });
  $("#seat").addEventListener("change", (e) => { seat = e.target.value; show(n); });
  $("#export").addEventListener("click", exportRecord);
  if (board.zooms) $("#zoom").hidden = true; // the board pans and zooms itself
  else zoomButton($("#zoom"), $("#board"));
  document.addEventListener("keydown", (e) => {
    if (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    const keys = { ArrowLeft: () => show(n - 1), ArrowRight: () => show(n + 1), Home: () => show(0), End: () => show(index.length) };
    if (keys[e.key]) { stop(); keys[e.key](); e.preventDefault(); }
    else if (e.key === " " && e.target.tagName !== "BUTTON") { play(); e.preventDefault(); }
  });
  const start = Number(params.get("n"));
  await show(Number.isFinite(start) && params.has("n") ? start : 0);
}

main();
