// The gridsolve playground: talks to the JSON API of `gridsolve serve` and draws the
// frames it answers with. Nothing here knows which puzzles there are.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  puzzles: [],
  puzzle: null,          // the entry of /api/puzzles
  fixture: null,         // { name, text } while the input is that fixture unchanged
  mode: "solve",
  solution: null,        // { cases, frames, case }
  frame: 0,
  grid: null,            // current frame: rows of [symbol, paint]
  timer: null,
  play: null,            // the last /api/play answer
  history: [],           // paths played, for undo
  picked: null,          // [row, col] clicked in play mode
  kind: null,            // the editor's kind
  caseNumber: 1,
  caseCount: 1,
};

// ---- requests -------------------------------------------------------------------

function options() {
  const out = {};
  for (const input of document.querySelectorAll("#options input")) {
    if (input.value.trim() !== "") out[input.dataset.name] = input.value.trim();
  }
  return out;
}

function request(extra) {
  const body = { puzzle: state.puzzle.name, options: options(), case: state.caseNumber, ...extra };
  const text = $("input").value;
  if (state.fixture && state.fixture.text === text) body.fixture = state.fixture.name;
  else body.input = text;
  return body;
}

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  let data;
  try {
    data = await response.json();
  } catch (e) {
    data = { error: `${response.status} ${response.statusText}` };
  }
  if (!response.ok) throw data;
  return data;
}

function showInputError(error) {
  const box = $("input-error");
  if (!error) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  box.hidden = false;
  const where = error.line ? `line ${error.line}, column ${error.column}: ` : "";
  box.textContent = where + (error.error || String(error));
  if (error.line) {
    // Put the caret where the parser stopped.
    const lines = $("input").value.split("\n");
    let offset = 0;
    for (let i = 0; i < error.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += Math.max(0, (error.column || 1) - 1);
    $("input").setSelectionRange(offset, offset + 1);
  }
}

// ---- drawing ----------------------------------------------------------------------

const PAINTS = { m: "#f2b705", b: "#5aa85a", g: "#d64545", k: "#63c5da" };
const SYMBOLS = {
  "#": "#4a4a4a", ".": "#e8e2d0", "E": "#f08c3a", "=": "#b8a07a", "-": "#f4f1ea",
  "*": "#f7c9c9", "_": "#63c5da", "o": "#c9c9f0", "h": "#9a9ad0", "s": "#b0e0b0",
};

function labelColour(symbol) {
  const code = symbol.charCodeAt(0);
  return `hsl(${(code * 47) % 360}, 45%, 72%)`;
}

function gridOf(picture) {
  return picture.symbols.map((row, r) =>
    Array.from(row).map((symbol, c) => [symbol, picture.paints[r][c]]));
}

function draw(grid, marked) {
  const canvas = $("board");
  const rows = grid.length;
  const cols = rows ? grid[0].length : 0;
  const size = Math.max(1, Math.min(44, Math.floor(560 / Math.max(rows, cols, 1))));
  canvas.width = cols * size;
  canvas.height = rows * size;
  canvas.dataset.rows = rows;
  canvas.dataset.cols = cols;
  canvas.dataset.cell = size;
  const ctx = canvas.getContext("2d");
  ctx.font = `${Math.floor(size * 0.6)}px ui-monospace, monospace`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const [symbol, paint] = grid[r][c];
      ctx.fillStyle = PAINTS[paint] || SYMBOLS[symbol] ||
        (state.puzzle.labels && /[A-Za-z0-9]/.test(symbol) ? labelColour(symbol) : "#ddd");
      ctx.fillRect(c * size, r * size, size, size);
      if (size >= 12 && symbol !== "." && symbol !== "#") {
        ctx.fillStyle = "#222";
        ctx.fillText(symbol, c * size + size / 2, r * size + size / 2 + 1);
      }
      if (size >= 8) {
        ctx.strokeStyle = "rgba(0,0,0,0.12)";
        ctx.strokeRect(c * size + 0.5, r * size + 0.5, size - 1, size - 1);
      }
    }
  }
  if (marked) {
    ctx.strokeStyle = "#1b4fd8";
    ctx.lineWidth = Math.max(2, size / 8);
    ctx.strokeRect(marked[1] * size + 1, marked[0] * size + 1, size - 2, size - 2);
    ctx.lineWidth = 1;
  }
}

function cellAt(event) {
  const canvas = $("board");
  const size = Number(canvas.dataset.cell);
  const rect = canvas.getBoundingClientRect();
  const x = (event.clientX - rect.left) * (canvas.width / rect.width);
  const y = (event.clientY - rect.top) * (canvas.height / rect.height);
  const row = Math.floor(y / size);
  const col = Math.floor(x / size);
  if (row < 0 || col < 0 || row >= Number(canvas.dataset.rows) || col >= Number(canvas.dataset.cols)) return null;
  return [row, col];
}

// ---- the solution, animated -----------------------------------------------------------

function frameGrid(k) {
  const frames = state.solution.frames;
  const grid = gridOf(frames.start);
  for (let i = 1; i <= k; i++) {
    for (const [r, c, sp] of frames.changes[i - 1]) grid[r][c] = [sp[0], sp[1]];
  }
  return grid;
}

function showFrame(k) {
  const frames = state.solution && state.solution.frames;
  if (!frames || frames.too_long) {
    $("step-count").textContent = "0 / 0";
    $("frame-heading").textContent = frames && frames.too_long ? `${frames.count - 1} moves: too long to animate` : "";
    if (frames) draw(gridOf(frames.start));
    return;
  }
  const last = frames.count - 1;
  k = Math.max(0, Math.min(last, k));
  if (state.grid && k === state.frame + 1) {
    for (const [r, c, sp] of frames.changes[k - 1]) state.grid[r][c] = [sp[0], sp[1]];
  } else {
    state.grid = frameGrid(k);
  }
  state.frame = k;
  $("slider").max = String(last);
  $("slider").value = String(k);
  $("step-count").textContent = `${k} / ${last}`;
  $("frame-heading").textContent = frames.headings[k];
  draw(state.grid);
}

function pause() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  $("play-btn").textContent = "▶";
}

function togglePlay() {
  const frames = state.solution && state.solution.frames;
  if (!frames || frames.too_long) return;
  if (state.timer) return pause();
  if (state.frame >= frames.count - 1) showFrame(0);
  $("play-btn").textContent = "❚❚";
  const delay = Math.max(30, Math.min(400, 8000 / frames.count));
  state.timer = setInterval(() => {
    if (state.frame >= frames.count - 1) return pause();
    showFrame(state.frame + 1);
  }, delay);
}

async function solve() {
  pause();
  setMode("solve");
  $("answer").textContent = "solving…";
  $("path").textContent = "";
  try {
    const data = await post("/api/solve", request({}));
    showInputError(null);
    state.solution = data;
    state.grid = null;
    setCaseCount(data.cases.length);
    const mine = data.cases.find((c) => c.case === state.caseNumber) || data.cases[0];
    if (!mine) {
      $("answer").textContent = "the input has no case";
      return;
    }
    $("answer").textContent = mine.answer === null
      ? `${state.puzzle.unit} ${mine.case}: no solution`
      : `${state.puzzle.unit} ${mine.case}: ${mine.answer} ${state.puzzle.move_word}`;
    $("answer").dataset.answer = mine.answer === null ? "none" : String(mine.answer);
    $("path").textContent = mine.path || "";
    if (data.frames) showFrame(0);
    else await refreshPlay(); // no path: show the board as it starts
  } catch (error) {
    $("answer").textContent = "";
    showInputError(error);
  }
}

// ---- play ------------------------------------------------------------------------------

function currentPath() {
  return state.history.length ? state.history[state.history.length - 1] : "";
}

async function refreshPlay(key) {
  const before = currentPath();
  const body = request({ path: before });
  if (key) body.key = key;
  try {
    const data = await post("/api/play", body);
    showInputError(null);
    if (key && data.path !== before) state.history.push(data.path);
    state.play = data;
    setCaseCount(data.cases);
    showPlay();
  } catch (error) {
    showInputError(error);
  }
}

function showPlay() {
  const data = state.play;
  if (!data) return;
  $("moves").textContent = `${data.moves} ${state.puzzle.move_word} played`;
  const hint = $("hint");
  hint.className = data.solved ? "solved" : data.lost ? "lost" : "";
  hint.textContent = data.solved ? "solved!" : data.lost
    ? "lost: the goal cannot be reached from here (undo)"
    : `${data.left} ${state.puzzle.move_word} left at best`;
  hint.dataset.left = data.left === null ? "lost" : String(data.left);
  $("refused").textContent = data.refused || "";
  const palette = $("palette");
  palette.textContent = "";
  for (const [kind, what] of data.kinds) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `${kind} ${what}`;
    button.dataset.kind = kind;
    if (state.kind === kind) button.classList.add("active");
    button.addEventListener("click", () => {
      state.kind = kind;
      showPlay();
    });
    palette.appendChild(button);
  }
  if (!data.kinds.length) palette.textContent = "(this puzzle's boards are edited in the text)";
  if (state.mode !== "solve") draw(gridOf(data.picture), state.mode === "play" ? state.picked : null);
  else if (!(state.solution && state.solution.frames)) draw(gridOf(data.picture));
}

function startPlay(path) {
  state.history = path ? [path] : [];
  state.picked = null;
  state.play = null;
  return refreshPlay();
}

function undo() {
  state.history.pop();
  state.play = null;
  refreshPlay();
}

const KEYS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };

function onKey(event) {
  if (state.mode !== "play" || event.target === $("input")) return;
  const dir = KEYS[event.key];
  if (!dir) return;
  event.preventDefault();
  const key = { dir };
  if (state.picked) key.picked = state.picked;
  refreshPlay(key).then(() => followPick(dir));
}

// A picked piece moves with the key: keep it picked where it went.
function followPick(dir) {
  if (!state.picked || !state.play || state.play.refused) return;
  const [dr, dc] = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] }[dir];
  state.picked = [state.picked[0] + dr, state.picked[1] + dc];
  showPlay();
}

async function onBoardClick(event) {
  const cell = cellAt(event);
  if (!cell) return;
  if (state.mode === "play") {
    state.picked = cell;
    showPlay();
    $("board").focus();
  } else if (state.mode === "edit") {
    if (!state.kind) {
      $("edit-error").textContent = "pick a kind first";
      return;
    }
    try {
      const data = await post("/api/edit", request({ cell, kind: state.kind }));
      $("edit-error").textContent = "";
      $("input").value = data.input;
      state.fixture = null;
      state.solution = null;
      await startPlay("");
    } catch (error) {
      $("edit-error").textContent = error.error || String(error);
    }
  }
}

// ---- modes, puzzles, cases ----------------------------------------------------------

function setMode(mode) {
  state.mode = mode;
  for (const name of ["solve", "play", "edit"]) {
    $(`mode-${name}`).classList.toggle("active", name === mode);
    $(`${name}-panel`).hidden = name !== mode;
  }
  if (mode === "solve" && state.solution && state.solution.frames) showFrame(state.frame);
  if (mode === "play") $("board").focus();
}

function setCaseCount(count) {
  if (count === state.caseCount && $("case").options.length === count) return;
  state.caseCount = count;
  const select = $("case");
  select.textContent = "";
  for (let i = 1; i <= Math.min(count, 1000); i++) select.add(new Option(String(i), String(i)));
  select.value = String(state.caseNumber);
  $("case-box").hidden = count <= 1;
}

function choosePuzzle(name) {
  state.puzzle = state.puzzles.find((p) => p.name === name) || state.puzzles[0];
  $("puzzle").value = state.puzzle.name;
  $("summary").textContent = `${state.puzzle.summary}. Moves: ${state.puzzle.moves_are}.`;
  $("pick-hint").textContent = state.puzzle.labels
    ? " the piece you click first"
    : " (where two pieces can move, click the one to move first)";
  const fixture = $("fixture");
  fixture.textContent = "";
  fixture.add(new Option("(the sample)", ""));
  for (const name of state.puzzle.fixtures) fixture.add(new Option(name, name));
  const optionsBox = $("options");
  optionsBox.textContent = "";
  for (const option of state.puzzle.options) {
    const label = document.createElement("label");
    label.textContent = `${option.name} `;
    label.title = option.help;
    const input = document.createElement("input");
    input.dataset.name = option.name;
    input.placeholder = option.default;
    label.appendChild(input);
    optionsBox.appendChild(label);
  }
  const legend = state.puzzle.legend.map(([s, what]) => `<code>${escapeHtml(s)}</code> ${escapeHtml(what)}`);
  $("legend").innerHTML = legend.join("<br>");
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

async function loadFixture(name) {
  pause();
  state.caseNumber = 1;
  state.solution = null;
  if (!name) {
    state.fixture = null;
    $("input").value = state.puzzle.sample;
  } else {
    const response = await fetch(`/api/fixtures/${encodeURIComponent(state.puzzle.name)}/${encodeURIComponent(name)}`);
    const text = await response.text();
    state.fixture = { name, text };
    $("input").value = text;
  }
  showInputError(null);
}

// ---- sharing ---------------------------------------------------------------------------

function toBase64(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function shareUrl() {
  const params = new URLSearchParams();
  params.set("puzzle", state.puzzle.name);
  if (state.fixture && state.fixture.text === $("input").value) params.set("fixture", state.fixture.name);
  else params.set("input", toBase64($("input").value));
  params.set("case", String(state.caseNumber));
  const path = state.play ? state.play.path : "";
  if (path) params.set("moves", path);
  const opts = options();
  if (Object.keys(opts).length) params.set("options", JSON.stringify(opts));
  return `${location.origin}${location.pathname}#${params.toString()}`;
}

async function restore(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (!params.get("puzzle")) return false;
  choosePuzzle(params.get("puzzle"));
  const opts = params.get("options") ? JSON.parse(params.get("options")) : {};
  for (const input of document.querySelectorAll("#options input")) input.value = opts[input.dataset.name] || "";
  if (params.get("fixture")) {
    await loadFixture(params.get("fixture"));
    $("fixture").value = params.get("fixture");
  } else {
    state.fixture = null;
    $("input").value = params.get("input") ? fromBase64(params.get("input")) : state.puzzle.sample;
  }
  state.caseNumber = Number(params.get("case") || 1);
  setMode("play");
  await startPlay(params.get("moves") || "");
  return true;
}

// ---- start -----------------------------------------------------------------------------

async function main() {
  state.puzzles = await (await fetch("/api/puzzles")).json();
  const select = $("puzzle");
  for (const p of state.puzzles) select.add(new Option(p.name, p.name));
  select.addEventListener("change", async () => {
    choosePuzzle(select.value);
    await loadFixture("");
    await solve();
  });
  $("load").addEventListener("click", async () => {
    await loadFixture($("fixture").value);
    await solve();
  });
  $("solve").addEventListener("click", solve);
  $("input").addEventListener("input", () => {
    state.play = null;
    state.history = [];
  });
  $("case").addEventListener("change", async () => {
    state.caseNumber = Number($("case").value);
    if (state.mode === "solve") await solve();
    else await startPlay("");
  });
  $("first").addEventListener("click", () => { pause(); showFrame(0); });
  $("prev").addEventListener("click", () => { pause(); showFrame(state.frame - 1); });
  $("next").addEventListener("click", () => { pause(); showFrame(state.frame + 1); });
  $("play-btn").addEventListener("click", togglePlay);
  $("slider").addEventListener("input", () => { pause(); showFrame(Number($("slider").value)); });
  $("mode-solve").addEventListener("click", () => setMode("solve"));
  $("mode-play").addEventListener("click", () => {
    setMode("play");
    if (!state.play) startPlay("");
    else showPlay();
  });
  // The editor paints the board as it starts (an edit starts the game again).
  $("mode-edit").addEventListener("click", () => {
    setMode("edit");
    startPlay("");
  });
  $("undo").addEventListener("click", undo);
  $("restart").addEventListener("click", () => startPlay(""));
  $("share").addEventListener("click", () => {
    const url = shareUrl();
    const link = $("share-link");
    link.href = url;
    link.textContent = url;
    history.replaceState(null, "", url);
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
  });
  $("board").addEventListener("click", onBoardClick);
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => restore(location.hash));
  if (!(await restore(location.hash))) {
    choosePuzzle(state.puzzles[0].name);
    await loadFixture("");
    await solve();
  }
  document.body.dataset.ready = "yes";
}

main();
