// The gridsolve playground: a game over the JSON API of `gridsolve serve`. The board is
// drawn by boards.js; this file holds the game (levels, new puzzles, moves by key,
// click, drag or swipe, undo and redo, hints), the solution player, the editor, the
// text panel and the link that reopens all of it. It names no puzzle: how each one is
// drawn and played (which pieces a click picks, what an arrow moves, the help) is the
// `game` description /api/puzzles gives with it.
"use strict";

const $ = (id) => document.getElementById(id);
const DIRS = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
const DIR_WORDS = { U: "up", D: "down", L: "left", R: "right" };

const state = {
  puzzles: [],
  puzzle: null,       // the entry of /api/puzzles
  source: null,       // { kind: "level", name } | { kind: "gen", difficulty, seed } | { kind: "text" }
  text: "",           // the judge input played
  fixtureText: null,  // the level's text while the input is that level unchanged
  caseNumber: 1,
  caseCount: 1,
  mode: "play",
  gameId: 0,          // a new one for every board (the drawing's memo follows it)
  paths: [""],        // the positions played: paths from the start, undo walks back
  at: 0,
  answers: new Map(), // path -> /api/play answer
  play: null,         // the answer shown
  optimum: null,      // moves from the start at best (null: unknown or none)
  picked: null,       // the picked piece's symbol (its label, or a cube's "1", "2")
  hint: null,         // the hint shown: { dir, cell, piece }
  solution: null,     // /api/solve's answer for this board
  frames: null,       // its frames as pictures
  frame: 0,
  timer: null,
  kind: null,         // the editor's kind
  busy: Promise.resolve(),
};

let board;

// ---- requests -------------------------------------------------------------------

function options() {
  const out = {};
  for (const input of document.querySelectorAll("#options input, #options select")) {
    if (input.value.trim() !== "") out[input.dataset.name] = input.value.trim();
  }
  return out;
}

function request(extra) {
  const body = { puzzle: state.puzzle.name, options: options(), case: state.caseNumber, ...extra };
  if (state.source && state.source.kind === "level" && state.fixtureText === state.text) body.fixture = state.source.name;
  else body.input = state.text;
  return body;
}

// A POST to the API; a busy server (503) is asked again a few times.
async function post(url, body) {
  for (let attempt = 0; ; attempt++) {
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
    if (response.status === 503 && attempt < 20) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    if (!response.ok) throw data;
    return data;
  }
}

// Runs `work` after what is running: moves are played in the order they were made.
function queue(work) {
  state.busy = state.busy.then(work, work).catch((e) => say(e.error || String(e), "error"));
  return state.busy;
}

// ---- messages ---------------------------------------------------------------------

function say(text, kind) {
  const box = $("message");
  box.textContent = text || "";
  box.className = kind || "";
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
    const lines = $("input").value.split("\n");
    let offset = 0;
    for (let i = 0; i < error.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += Math.max(0, (error.column || 1) - 1);
    $("input").setSelectionRange(offset, offset + 1);
  }
}

function moveWord(n) {
  const word = state.puzzle.move_word;
  return n === 1 ? word.replace(/s$/, "") : word;
}

// ---- the game ---------------------------------------------------------------------

function currentPath() {
  return state.paths[state.at];
}

// The moves of a path one by one: words where pieces are labelled, else letters.
function splitMoves(path) {
  if (!path) return [];
  if (state.puzzle.labels) return path.split(" ").filter(Boolean);
  return Array.from(path.replace(/\s+/g, ""));
}

function joinMoves(moves) {
  return state.puzzle.labels ? moves.join(" ") : moves.join("");
}

async function fetchPlay(path, key, hint) {
  if (!key && !hint && state.answers.has(path)) return state.answers.get(path);
  const body = request({ path });
  if (key) body.key = key;
  if (hint) body.hint = true;
  const data = await post("/api/play", body);
  if (!data.refused) state.answers.set(data.path, data);
  return data;
}

// Starts the board over at `moves` (a path from the start, maybe empty).
async function startGame(moves) {
  state.gameId += 1;
  state.answers = new Map();
  state.picked = null;
  state.hint = null;
  state.optimum = null;
  state.solution = null;
  state.frames = null;
  const list = splitMoves(moves || "");
  state.paths = [""];
  for (let i = 1; i <= list.length; i++) state.paths.push(joinMoves(list.slice(0, i)));
  state.at = 0;
  say("");
  $("atlas").hidden = true;
  try {
    const start = await fetchPlay("");
    showInputError(null);
    state.optimum = start.left;
    setCaseCount(start.cases);
    if (list.length) {
      let data;
      try {
        data = await fetchPlay(moves);
      } catch (error) {
        say(`the moves of the link do not replay here: ${error.error || error}`, "error");
        data = start;
        state.paths = [""];
      }
      state.paths[state.paths.length - 1] = data.path;
      state.at = state.paths.length - 1;
      show(data, false);
    } else {
      show(start, false);
    }
    await showAtlas();
  } catch (error) {
    showInputError(error);
    openText();
    say(error.error || String(error), "error");
  }
  updateLink();
  // The solution is looked for behind the game, so the Solution tab is ready.
  solveInBackground();
}

// What the puzzle's atlas (`gridsolve serve --atlas`) says of the board: its distance
// from the goal and its group's size, asked for every board opened, made or edited (an
// answer is a file read, not a search). Shown only while the board is still the one
// asked about.
async function showAtlas() {
  const box = $("atlas");
  if (!state.puzzle.atlas) {
    box.hidden = true;
    return;
  }
  const game = state.gameId;
  let text;
  try {
    const data = await post("/api/atlas", request({}));
    if (!data.in_atlas) {
      text = `not in the atlas: ${data.why}`;
      box.dataset.moves = "outside";
      delete box.dataset.group;
      delete box.dataset.groupSize;
    } else {
      const goal = (state.puzzle.game && state.puzzle.game.goal) || "the goal";
      text = data.moves === null
        ? `no way to ${goal}`
        : `${data.moves} ${moveWord(data.moves)} from ${goal}`;
      text += ` · group of ${data.group_size.toLocaleString("en")} layouts`;
      box.dataset.moves = data.moves === null ? "none" : String(data.moves);
      box.dataset.group = String(data.group);
      box.dataset.groupSize = String(data.group_size);
    }
  } catch (error) {
    text = `the atlas: ${error.error || error}`;
    box.dataset.moves = "error";
  }
  if (game !== state.gameId) return;
  box.textContent = text;
  box.hidden = false;
}

function show(data, animate) {
  state.play = data;
  state.hint = null;
  if (state.mode !== "solution") {
    board.show(state.puzzle, data.picture, caseMarks(), state.gameId, animate);
    markBoard();
  }
  const moves = data.moves;
  $("moves").textContent = `${moves} ${moveWord(moves)}`;
  $("moves").dataset.moves = String(moves);
  $("optimum").textContent = state.optimum === null ? "no solution" : `optimum ${state.optimum}`;
  const hint = $("hint");
  hint.className = data.solved ? "solved" : data.lost ? "lost" : "";
  hint.dataset.left = data.left === null ? "lost" : String(data.left);
  hint.textContent = data.solved ? "solved" : data.lost
    ? "no way to the goal from here: undo"
    : `${data.left} ${moveWord(data.left)} left at best`;
  const banner = $("solved");
  if (data.solved) {
    banner.hidden = false;
    const best = state.optimum === moves ? " — the optimum!" : "";
    $("solved-text").textContent = `Solved in ${moves} ${moveWord(moves)} (optimum ${state.optimum})${best}`;
    $("next-level").hidden = !nextLevel();
  } else {
    banner.hidden = true;
  }
  $("undo").disabled = state.at === 0;
  $("redo").disabled = state.at >= state.paths.length - 1;
  $("restart").disabled = state.at === 0 && state.paths.length === 1;
  $("hint-btn").disabled = !!(data.solved || data.lost);
  renderPalette(data.kinds);
  document.body.dataset.moves = String(moves);
}

// The marks of the case played (what the drawing needs beyond the frames).
function caseMarks() {
  return (state.play && state.play.marks) || [];
}

function markBoard() {
  const hint = state.hint && state.mode === "play" ? state.hint : null;
  board.mark(state.mode === "play" ? state.picked : null, hint);
}

// The picked piece's cell now, for the key sent (a piece is picked by what it is, so
// it is never a cell the piece has left).
function pickedCell() {
  if (state.picked === null || !state.play) return null;
  const symbols = state.play.picture.symbols;
  for (let r = 0; r < symbols.length; r++) {
    const c = symbols[r].indexOf(state.picked);
    if (c >= 0) return [r, c];
  }
  return null;
}

// How the puzzle played looks and is played: its description from /api/puzzles.
function look() {
  return (state.puzzle && state.puzzle.game) || { arrows: "mover", mover: "", pick: "", pick_labels: false, piece_word: "piece", route: "none", bridges: false, line_kinds: [] };
}

// Whether an arrow moves the blank, or the tile beyond it into the blank (the blank
// moves the other way): then a tap slides a tile beside the blank, and nothing is picked.
function blankGame() {
  return look().arrows === "blank" || look().arrows === "tile";
}

// The pieces a click picks: any label, or the symbols the description names.
function pieceAt(cell) {
  if (!cell || !state.play) return null;
  const s = state.play.picture.symbols[cell[0]][cell[1]];
  if (look().pick_labels && /[A-Za-z0-9]/.test(s)) return s;
  if (look().pick && look().pick.includes(s)) return s;
  return null;
}

function needsPick() {
  return !!look().pick_labels;
}

// Plays one move: `dir`, with the piece picked (or `piece`).
function move(dir, piece) {
  return queue(async () => {
    if (state.mode !== "play" || !state.play) return;
    if (state.play.solved) {
      say("solved already: undo, restart or pick another level", "");
      return;
    }
    if (piece !== undefined && piece !== null) state.picked = piece;
    const key = { dir };
    const cell = pickedCell();
    if (cell) key.picked = cell;
    else if (needsPick()) {
      say("pick a piece first: click it, or Tab to it", "error");
      return;
    }
    const before = currentPath();
    let data;
    try {
      data = await fetchPlay(before, key);
    } catch (error) {
      say(error.error || String(error), "error");
      return;
    }
    if (data.refused) {
      say(`${DIR_WORDS[dir]}: ${data.refused}`, "refused");
      board.shake();
      return;
    }
    say("");
    state.paths = state.paths.slice(0, state.at + 1);
    // A step joined onto the last move (the same piece again) replaces that move.
    if (data.moves === state.play.moves && state.at > 0) state.paths[state.at] = data.path;
    else {
      state.paths.push(data.path);
      state.at += 1;
    }
    show(data, true);
    updateLink();
  });
}

function goTo(at) {
  return queue(async () => {
    if (at < 0 || at >= state.paths.length || at === state.at) return;
    let data;
    try {
      data = await fetchPlay(state.paths[at]);
    } catch (error) {
      say(error.error || String(error), "error");
      return;
    }
    state.at = at;
    say("");
    show(data, true);
    updateLink();
  });
}

const undo = () => goTo(state.at - 1);
const redo = () => goTo(state.at + 1);
const restart = () => goTo(0);

function askHint() {
  return queue(async () => {
    if (!state.play || state.play.solved || state.play.lost) return;
    say("looking for the best next move…", "");
    let data;
    try {
      data = await fetchPlay(currentPath(), null, true);
    } catch (error) {
      say(error.error || String(error), "error");
      return;
    }
    if (!data.next) {
      say("no hint from here", "error");
      return;
    }
    const next = data.next;
    let cell = next.picked || moverCell() || [0, 0];
    // A move of the tile beyond the blank: the arrow starts on the tile that slides
    // into the blank, not on the blank.
    if (look().arrows === "tile" && !next.picked) cell = [cell[0] - DIRS[next.dir][0], cell[1] - DIRS[next.dir][1]];
    const piece = next.picked ? pieceAt(next.picked) : null;
    state.hint = { dir: next.dir, cell, piece };
    if (piece) state.picked = piece;
    markBoard();
    const who = piece ? `${look().piece_word} ${piece} ` : "";
    say(`hint: ${who}${DIR_WORDS[next.dir]} (then ${next.left} ${moveWord(next.left)} left)`, "hint");
    $("message").dataset.dir = next.dir;
  });
}

// Whether a cell is the mover's, where the arrows move from: the description's mover
// symbol (a head, the blank), else the cells painted as the mover (a box).
function isMover(s, p) {
  return look().mover ? s === look().mover : p === "m";
}

// The cell the arrows move from: the box's, the head's, the blank's.
function moverCell() {
  if (!state.play) return null;
  const { symbols, paints } = state.play.picture;
  const found = [];
  for (let r = 0; r < symbols.length; r++) {
    for (let c = 0; c < symbols[r].length; c++) {
      if (isMover(symbols[r][c], paints[r][c])) found.push([r, c]);
    }
  }
  if (!found.length) return null;
  const r = found.reduce((a, x) => a + x[0], 0) / found.length;
  const c = found.reduce((a, x) => a + x[1], 0) / found.length;
  return [r, c];
}

// The level a puzzle opens on: the first it lists (its sample's first case).
function firstLevel() {
  return state.puzzle.levels.length ? state.puzzle.levels[0].name : "sample";
}

function nextLevel() {
  if (!state.source || state.source.kind !== "level") return null;
  const games = state.puzzle.levels.filter((l) => l.game);
  const i = games.findIndex((l) => l.name === state.source.name);
  return i >= 0 && i + 1 < games.length ? games[i + 1].name : null;
}

// ---- input: keys, clicks, drags, swipes -------------------------------------------

const ARROWS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };

function onKey(event) {
  const target = event.target;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  const ctrl = event.ctrlKey || event.metaKey;
  if (state.mode === "solution") {
    if (event.key === "ArrowRight") { pause(); showFrame(state.frame + 1); event.preventDefault(); }
    if (event.key === "ArrowLeft") { pause(); showFrame(state.frame - 1); event.preventDefault(); }
    return;
  }
  if (state.mode !== "play") return;
  if (ctrl && (event.key === "z" || event.key === "Z")) {
    event.preventDefault();
    if (event.shiftKey) redo(); else undo();
    return;
  }
  if (ctrl && (event.key === "y" || event.key === "Y")) { event.preventDefault(); redo(); return; }
  if (ctrl || event.altKey) return;
  const dir = ARROWS[event.key];
  if (dir) {
    event.preventDefault();
    move(dir);
    return;
  }
  const k = event.key.toLowerCase();
  if (k === "u") undo();
  else if (k === "r") redo();
  else if (k === "h") askHint();
  else if (k === "escape") { state.picked = null; markBoard(); }
  else if ((k === "enter" || k === " ") && target instanceof SVGElement) {
    const g = target.closest("[data-piece]");
    if (g) { event.preventDefault(); pick(g.dataset.piece); }
  }
}

function pick(piece) {
  state.picked = piece;
  state.hint = null;
  markBoard();
  say(piece ? `${look().piece_word} ${piece} picked: an arrow, a click beside it or a drag moves it` : "");
}

// The direction from a (row, col) to another, along the longer axis.
function dirTowards(from, to) {
  const dr = to[0] - from[0], dc = to[1] - from[1];
  if (Math.abs(dr) < 0.5 && Math.abs(dc) < 0.5) return null;
  if (Math.abs(dr) >= Math.abs(dc)) return dr < 0 ? "U" : "D";
  return dc < 0 ? "L" : "R";
}

// The centre of the picked piece, in cells.
function pieceCentre(piece) {
  const { symbols } = state.play.picture;
  const cells = [];
  for (let r = 0; r < symbols.length; r++) for (let c = 0; c < symbols[r].length; c++) if (symbols[r][c] === piece) cells.push([r, c]);
  if (!cells.length) return null;
  return [cells.reduce((a, x) => a + x[0], 0) / cells.length, cells.reduce((a, x) => a + x[1], 0) / cells.length];
}

// A tap on a cell: pick the piece there, or move towards it (the picked piece, the
// box or the snake's head; the blank into a tile beside it, or that tile into it).
function tap(cell) {
  const piece = pieceAt(cell);
  if (piece !== null) {
    pick(piece);
    return;
  }
  if (blankGame()) {
    const blank = moverCell();
    // An arrow moves the blank, or the tile into it.
    if (blank && Math.abs(blank[0] - cell[0]) + Math.abs(blank[1] - cell[1]) === 1) move(look().arrows === "tile" ? dirTowards(cell, blank) : dirTowards(blank, cell));
    else say("tap a tile beside the blank to slide it in", "");
    return;
  }
  // A tap on the box or the snake itself moves nothing (and picks nothing).
  const paint = state.play.picture.paints[cell[0]][cell[1]];
  if (paint === "m" || paint === "b") return;
  const from = state.picked !== null ? pieceCentre(state.picked) : moverCell();
  if (!from) {
    if (needsPick()) say("pick a piece first: click it, or Tab to it", "error");
    return;
  }
  const dir = dirTowards(from, cell);
  if (dir) move(dir);
}

function setupPointer() {
  const svg = $("board");
  let down = null;
  svg.addEventListener("pointerdown", (event) => {
    if (state.mode === "solution") return;
    const cell = board.cellAt(event.clientX, event.clientY);
    down = { x: event.clientX, y: event.clientY, cell, piece: state.mode === "play" ? pieceAt(cell) : null, stepped: false };
    if (down.piece !== null) pick(down.piece);
    svg.setPointerCapture(event.pointerId);
  });
  svg.addEventListener("pointermove", (event) => {
    if (!down || state.mode !== "play" || down.piece === null) return;
    // Dragging a piece: a step each time the pointer passes half a cell.
    const size = cellPixels();
    const dx = event.clientX - down.x, dy = event.clientY - down.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < size * 0.55) return;
    const dir = Math.abs(dx) > Math.abs(dy) ? (dx < 0 ? "L" : "R") : (dy < 0 ? "U" : "D");
    down.x += (DIRS[dir][1]) * size;
    down.y += (DIRS[dir][0]) * size;
    down.stepped = true;
    move(dir, down.piece);
  });
  svg.addEventListener("pointerup", (event) => {
    if (!down) return;
    const start = down;
    down = null;
    if (state.mode === "edit") {
      if (start.cell) paintCell(start.cell);
      return;
    }
    if (state.mode !== "play" || start.stepped) return;
    const dx = event.clientX - start.x, dy = event.clientY - start.y;
    const size = cellPixels();
    if (Math.max(Math.abs(dx), Math.abs(dy)) >= Math.max(18, size * 0.4)) {
      // A swipe: its direction (a tile follows the finger: where the arrows move the
      // blank, it moves the other way).
      let dir = Math.abs(dx) > Math.abs(dy) ? (dx < 0 ? "L" : "R") : (dy < 0 ? "U" : "D");
      if (look().arrows === "blank") dir = { U: "D", D: "U", L: "R", R: "L" }[dir];
      move(dir, start.piece);
      return;
    }
    if (start.cell && start.piece === null) tap(start.cell);
  });
  svg.addEventListener("pointercancel", () => { down = null; });
}

function cellPixels() {
  const rect = $("board").getBoundingClientRect();
  const cols = Number($("board").dataset.cols) || 1;
  const vb = $("board").viewBox.baseVal;
  return (rect.width / vb.width) * Boards.CELL || rect.width / cols;
}

// ---- the solution, animated -----------------------------------------------------------

function solveInBackground() {
  const id = state.gameId;
  queue(async () => {
    if (id !== state.gameId || state.solution) return;
    await solve(false);
  });
}

async function solve(visible) {
  $("answer").textContent = "solving…";
  delete $("answer").dataset.answer;
  try {
    const data = await post("/api/solve", request({}));
    showInputError(null);
    state.solution = data;
    state.frames = data.frames && !data.frames.too_long ? picturesOf(data.frames) : null;
    state.frame = 0;
    setCaseCount(data.cases.length);
    const mine = data.cases.find((c) => c.case === state.caseNumber) || data.cases[0];
    if (!mine) {
      $("answer").textContent = "the input has no case";
      return;
    }
    const unit = state.puzzle.unit;
    $("answer").textContent = mine.answer === null
      ? `${unit} ${mine.case}: no solution`
      : `${unit} ${mine.case}: ${mine.answer} ${moveWord(mine.answer)} at best`;
    $("answer").dataset.answer = mine.answer === null ? "none" : String(mine.answer);
    $("path").textContent = mine.path || "";
    $("route-note").textContent = data.frames && data.frames.too_long
      ? `${data.frames.message}: the route is drawn over the start, and each step is fetched as you go`
      : data.message || "";
    if (visible || state.mode === "solution") showFrame(0);
  } catch (error) {
    $("answer").textContent = "";
    showInputError(error);
    if (visible) say(error.error || String(error), "error");
  }
}

// Every frame as a picture (the changes applied in turn).
function picturesOf(frames) {
  const out = [];
  let grid = frames.start.symbols.map((row, r) => Array.from(row).map((s, c) => [s, frames.start.paints[r][c]]));
  const snap = () => ({
    rows: frames.start.rows,
    cols: frames.start.cols,
    symbols: grid.map((row) => row.map((x) => x[0]).join("")),
    paints: grid.map((row) => row.map((x) => x[1]).join("")),
  });
  out.push(snap());
  for (const change of frames.changes) {
    for (const [r, c, sp] of change) grid[r][c] = [sp[0], sp[1]];
    out.push(snap());
  }
  return out;
}

function solutionLength() {
  if (state.frames) return state.frames.length - 1;
  const mine = state.solution && state.solution.cases.find((c) => c.case === state.caseNumber);
  return mine && mine.path !== null ? splitMoves(mine.path).length : 0;
}

let stepRequest = 0;

async function showFrame(k) {
  if (!state.solution) return;
  const last = solutionLength();
  k = Math.max(0, Math.min(last, k));
  const animate = Math.abs(k - state.frame) === 1;
  state.frame = k;
  $("slider").max = String(last);
  $("slider").value = String(k);
  $("step-count").textContent = `${k} / ${last}`;
  if (state.frames) {
    $("frame-heading").textContent = state.solution.frames.headings[k] || "";
    board.show(state.puzzle, state.frames[k], caseMarks(), `solution-${state.gameId}`, animate);
    board.mark(null, null);
    return;
  }
  // Not animated by the server: the route over the start, the position fetched.
  const frames = state.solution.frames;
  const mine = state.solution.cases.find((c) => c.case === state.caseNumber);
  const moves = mine && mine.path ? splitMoves(mine.path) : [];
  const ticket = ++stepRequest;
  $("frame-heading").textContent = k ? `after ${k}: ${moves[k - 1]}` : "the start";
  let picture = frames && frames.start;
  if (k > 0 || !picture) {
    try {
      const data = await fetchPlay(joinMoves(moves.slice(0, k)));
      if (ticket !== stepRequest) return;
      picture = data.picture;
    } catch (error) {
      say(error.error || String(error), "error");
      return;
    }
  }
  if (!picture) return;
  board.show(state.puzzle, picture, caseMarks(), `solution-${state.gameId}`, animate);
  board.mark(null, null);
  board.route(routeOf(frames && frames.start, moves));
}

// The cells a mover passes along `moves` from `start`: its centre after each move,
// for a route drawn when the solution is not animated (as the description says: each
// move shifts the mover, or rolls a box; none for puzzles of many pieces).
function routeOf(start, moves) {
  const route = look().route;
  if (!start || (route !== "shift" && route !== "roll")) return null;
  let cells = [];
  for (let r = 0; r < start.rows; r++) for (let c = 0; c < start.cols; c++) {
    if (isMover(start.symbols[r][c], start.paints[r][c])) cells.push([r, c]);
  }
  if (!cells.length) return null;
  const centre = (cs) => [cs.reduce((a, x) => a + x[0], 0) / cs.length, cs.reduce((a, x) => a + x[1], 0) / cs.length];
  const points = [centre(cells)];
  for (const m of moves.slice(0, 200000)) {
    const d = DIRS[m.toUpperCase()];
    if (!d) continue;
    if (route === "roll" && cells.length <= 2) cells = roll(cells, d);
    else cells = cells.map(([r, c]) => [r + d[0], c + d[1]]);
    points.push(centre(cells));
  }
  return points;
}

// A roll of a box on `cells` (one: standing, two: lying) by `d`.
function roll(cells, [dr, dc]) {
  if (cells.length === 1) {
    const [r, c] = cells[0];
    return dr ? [[r + dr, c], [r + 2 * dr, c]] : [[r, c + dc], [r, c + 2 * dc]];
  }
  const [[r1, c1], [r2, c2]] = cells;
  const vertical = c1 === c2;
  if ((vertical && dr) || (!vertical && dc)) {
    const end = dr > 0 || dc > 0 ? [Math.max(r1, r2), Math.max(c1, c2)] : [Math.min(r1, r2), Math.min(c1, c2)];
    return [[end[0] + dr, end[1] + dc]];
  }
  return cells.map(([r, c]) => [r + dr, c + dc]);
}

function pause() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  $("play-btn").dataset.playing = "no";
  $("play-btn").setAttribute("aria-label", "play the solution");
}

function togglePlay() {
  if (!state.solution) return;
  if (state.timer) return pause();
  const last = solutionLength();
  if (state.frame >= last) showFrame(0);
  $("play-btn").dataset.playing = "yes";
  $("play-btn").setAttribute("aria-label", "pause");
  const delay = Math.max(60, Math.min(450, 12000 / Math.max(1, last)));
  state.timer = setInterval(() => {
    if (state.frame >= solutionLength()) return pause();
    showFrame(state.frame + 1);
  }, state.frames ? delay : 500);
}

// ---- the editor ------------------------------------------------------------------------

// The look's `line_kinds`: kinds the puzzle's own editor writes with more than the
// cell: a group the player chooses (`group`, what a group is called: the groups are
// the case's marks' groups, from 1, and one more makes a new one) or further cells,
// clicked one at a time (`cells`: what each one is). The page only asks for them and
// sends them with the edit; the server's editor writes the text.
function lineKinds() {
  return look().line_kinds || [];
}

function lineKind(kind) {
  return lineKinds().find((k) => k.kind === kind) || null;
}

// How many groups the case has: the highest group its marks name.
function groupCount() {
  return caseMarks().reduce((most, mark) => Math.max(most, Number(mark[3]) || 0), 0);
}

function renderGroupChoice() {
  const box = $("group-box");
  const grouped = look().bridges ? lineKinds().find((k) => k.group) : null;
  box.hidden = !grouped;
  if (!grouped) return;
  const word = grouped.group;
  const select = $("group-number");
  const before = select.value;
  const count = groupCount();
  select.textContent = "";
  for (let n = 1; n <= count; n++) select.add(new Option(`${word} ${n}`, String(n)));
  select.add(new Option(`a new ${word}`, "new"));
  // A group just made stays the one chosen, for its next cells and its switch.
  const grew = count > Number(select.dataset.count || count);
  select.dataset.count = String(count);
  select.value = !grew && [...select.options].some((o) => o.value === before) ? before : count ? String(count) : "new";
}

// The group chosen, from 1 ("a new" one: one more than there are).
function chosenGroup() {
  const value = $("group-number").value;
  return value === "new" || !value ? groupCount() + 1 : Number(value);
}

function renderPalette(kinds) {
  if (lineKinds().length && kinds && kinds.length) kinds = [...kinds, ...lineKinds().map((k) => [k.kind, k.what])];
  renderGroupChoice();
  const palette = $("palette");
  palette.textContent = "";
  if (!kinds || !kinds.length) {
    palette.textContent = "This puzzle's boards are edited in the text.";
    return;
  }
  for (const [kind, what] of kinds) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.kind = kind;
    button.setAttribute("aria-pressed", String(state.kind === kind));
    button.appendChild(Boards.swatch(state.puzzle, kind));
    const label = document.createElement("span");
    label.textContent = what;
    button.appendChild(label);
    button.addEventListener("click", () => {
      state.kind = kind;
      state.pending = null;
      renderPalette(kinds);
      $("edit-error").textContent = `${what}: now click cells of the board`;
    });
    palette.appendChild(button);
  }
}

async function paintCell(cell) {
  if (!state.kind) {
    $("edit-error").textContent = "pick a kind first";
    return;
  }
  queue(async () => {
    const good = state.text;
    try {
      const line = lineKind(state.kind);
      const edit = { cell, kind: state.kind };
      if (line && line.group) edit.group = chosenGroup();
      if (line && line.cells.length) {
        // The further cells, one click each, after the cell itself.
        if (!state.pending || state.pending.kind !== state.kind) {
          state.pending = { kind: state.kind, cell, cells: [] };
        } else {
          state.pending.cells.push(cell);
        }
        const pending = state.pending;
        if (pending.cells.length < line.cells.length) {
          $("edit-error").textContent = `now click ${line.cells[pending.cells.length]}`;
          return;
        }
        state.pending = null;
        edit.cell = pending.cell;
        edit.cells = pending.cells;
      }
      const data = await post("/api/edit", request(edit));
      $("edit-error").textContent = "";
      await applyEdit(data.input);
    } catch (error) {
      state.pending = null;
      state.text = good;
      $("edit-error").textContent = error.error || String(error);
    }
  });
}

// An edited board: checked by playing it (a broken one says why, and the last good
// board stays).
async function applyEdit(text) {
  const good = state.text;
  try {
    await post("/api/play", { ...request({ path: "" }), input: text, fixture: undefined });
  } catch (error) {
    state.text = good;
    $("edit-error").textContent = error.error || String(error);
    return;
  }
  $("edit-error").textContent = "";
  setText(text, { kind: "text" });
  await startGame("");
}

// ---- modes, puzzles, levels, cases ---------------------------------------------------

function setMode(mode) {
  state.mode = mode;
  for (const name of ["play", "solution", "edit"]) {
    const tab = $(`mode-${name}`);
    tab.setAttribute("aria-selected", String(name === mode));
    tab.classList.toggle("active", name === mode);
    $(`${name}-panel`).hidden = name !== mode;
  }
  document.body.dataset.mode = mode;
  pause();
  if (mode === "solution") {
    if (state.solution) showFrame(state.frame);
    else queue(() => solve(true));
  } else if (state.play) {
    // The game's own board again (the solution drew its own).
    board.show(state.puzzle, state.play.picture, caseMarks(), state.gameId, false);
    markBoard();
  }
  updateLink();
}

function setCaseCount(count) {
  if (count === state.caseCount && $("case").options.length === Math.min(count, 1000)) return;
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
  $("summary").textContent = state.puzzle.summary;
  $("how").textContent = howToPlay(state.puzzle);
  const optionsBox = $("options");
  optionsBox.textContent = "";
  for (const option of state.puzzle.options) {
    const label = document.createElement("label");
    label.textContent = `${option.name} `;
    label.title = option.help;
    const input = document.createElement("input");
    input.dataset.name = option.name;
    input.placeholder = option.default;
    input.size = 8;
    label.appendChild(input);
    optionsBox.appendChild(label);
  }
  const legend = $("legend");
  legend.textContent = "";
  for (const [symbol, what] of state.puzzle.legend) {
    const item = document.createElement("li");
    item.appendChild(Boards.swatch(state.puzzle, symbol));
    const text = document.createElement("span");
    text.textContent = what;
    item.appendChild(text);
    legend.appendChild(item);
  }
  $("new-box").hidden = !state.puzzle.difficulties.length;
  fillLevels();
}

function howToPlay(puzzle) {
  const common = "Arrow keys or the arrow buttons move; on a touch screen swipe. U or Ctrl+Z undoes, R redoes, H asks for a hint.";
  const own = (puzzle.game && puzzle.game.help) || puzzle.moves_are;
  return `${own} ${common}`;
}

function fillLevels() {
  const select = $("level");
  select.textContent = "";
  // The atlas's hardest positions (`atlas: true`) are a list of their own.
  const groups = [
    ["Levels", (l) => l.game],
    ["More boards", (l) => !l.game && !l.atlas],
    ["Hardest layouts (atlas)", (l) => !!l.atlas],
  ];
  for (const [label, inGroup] of groups) {
    const group = document.createElement("optgroup");
    group.label = label;
    for (const level of state.puzzle.levels.filter(inGroup)) {
      const best = level.optimum === null ? "" : level.optimum < 0 ? " · no solution" : ` · ${level.optimum}`;
      const option = new Option(`${level.title}${best}`, level.name);
      group.appendChild(option);
    }
    if (group.children.length) select.appendChild(group);
  }
  const own = new Option("(your board)", "");
  own.id = "own-level";
  select.appendChild(own);
}

function showSourceInPicker() {
  const select = $("level");
  const own = $("own-level");
  if (state.source.kind === "level") {
    select.value = state.source.name;
    own.hidden = true;
  } else {
    own.hidden = false;
    own.textContent = state.source.kind === "gen"
      ? `(new ${state.source.difficulty} puzzle, seed ${state.source.seed})`
      : "(your board)";
    select.value = "";
  }
  const level = state.source.kind === "level" && state.puzzle.levels.find((l) => l.name === state.source.name);
  $("level-title").textContent = level ? level.title : own.textContent.replace(/[()]/g, "");
}

function setText(text, source) {
  state.text = text;
  $("input").value = text;
  if (source) state.source = source;
  if (source && source.kind !== "level") state.fixtureText = null;
  showSourceInPicker();
}

async function openLevel(name, moves) {
  pause();
  state.caseNumber = 1;
  const response = await fetch(`/api/fixtures/${encodeURIComponent(state.puzzle.name)}/${encodeURIComponent(name)}`);
  if (!response.ok) {
    say(`no level ${name} of ${state.puzzle.name}`, "error");
    return name === firstLevel() ? undefined : openLevel(firstLevel(), "");
  }
  const text = await response.text();
  state.fixtureText = text;
  setText(text, { kind: "level", name });
  showInputError(null);
  await startGame(moves || "");
}

async function newPuzzle(difficulty, seed, moves) {
  pause();
  state.caseNumber = 1;
  say(`making a new ${difficulty} puzzle…`);
  try {
    const data = await post("/api/generate", {
      puzzle: state.puzzle.name,
      difficulty,
      seed: seed || 1 + Math.floor(Math.random() * 1000000),
    });
    setText(data.input, { kind: "gen", difficulty: data.difficulty, seed: data.seed });
    $("difficulty").value = data.difficulty;
    showInputError(null);
    await startGame(moves || "");
  } catch (error) {
    say(error.error || String(error), "error");
  }
}

// ---- the text panel ----------------------------------------------------------------------

function openText() {
  $("text-panel").open = true;
}

async function applyText() {
  pause();
  const text = $("input").value;
  const level = state.source && state.source.kind === "level" && state.fixtureText === text;
  setText(text, level ? state.source : { kind: "text" });
  await startGame("");
  if (state.mode === "solution") await solve(true);
}

// ---- the link --------------------------------------------------------------------------

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

let lastHash = "";

// The link of what is on the page: puzzle, level (or generated seed, or the text),
// case, options, the moves played and the tab.
function linkHash() {
  const params = new URLSearchParams();
  params.set("puzzle", state.puzzle.name);
  const source = state.source || { kind: "text" };
  if (source.kind === "level" && state.fixtureText === state.text) params.set("level", source.name);
  else if (source.kind === "gen") params.set("new", `${source.difficulty}-${source.seed}`);
  else params.set("input", toBase64(state.text));
  if (state.caseNumber !== 1) params.set("case", String(state.caseNumber));
  const opts = options();
  if (Object.keys(opts).length) params.set("options", JSON.stringify(opts));
  const path = currentPath();
  if (path) params.set("moves", path);
  if (state.mode !== "play") params.set("mode", state.mode);
  return `#${params.toString()}`;
}

function updateLink() {
  if (!state.puzzle) return;
  lastHash = linkHash();
  history.replaceState(null, "", lastHash);
  $("share-link").href = location.href;
}

async function restore(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const name = params.get("puzzle");
  if (!name) return false;
  choosePuzzle(name);
  const opts = params.get("options") ? JSON.parse(params.get("options")) : {};
  for (const input of document.querySelectorAll("#options input")) input.value = opts[input.dataset.name] || "";
  const moves = params.get("moves") || "";
  const mode = ["play", "solution", "edit"].includes(params.get("mode")) ? params.get("mode") : "play";
  setModeQuietly(mode);
  state.caseNumber = Number(params.get("case") || 1);
  const level = params.get("level") || params.get("fixture");
  if (level) {
    const caseNumber = state.caseNumber;
    await openLevelKeepingCase(level, moves, caseNumber);
  } else if (params.get("new")) {
    const [difficulty, seed] = params.get("new").split("-");
    await newPuzzle(difficulty, Number(seed), moves);
  } else {
    setText(params.get("input") ? fromBase64(params.get("input")) : state.puzzle.sample, { kind: "text" });
    await startGame(moves);
  }
  setMode(mode);
  return true;
}

async function openLevelKeepingCase(level, moves, caseNumber) {
  const response = await fetch(`/api/fixtures/${encodeURIComponent(state.puzzle.name)}/${encodeURIComponent(level)}`);
  if (!response.ok) return openLevel(firstLevel(), "");
  const text = await response.text();
  state.fixtureText = text;
  setText(text, { kind: "level", name: level });
  state.caseNumber = caseNumber;
  await startGame(moves);
}

function setModeQuietly(mode) {
  state.mode = mode;
  document.body.dataset.mode = mode;
}

// ---- zoom --------------------------------------------------------------------------------

function zoom(factor) {
  const wrap = $("board-wrap");
  const current = Number(wrap.dataset.zoom || 1);
  const next = factor === 0 ? 1 : Math.max(1, Math.min(40, current * factor));
  wrap.dataset.zoom = String(next);
  $("board").style.width = `${next * 100}%`;
  wrap.classList.toggle("zoomed", next > 1);
  $("zoom-level").textContent = `${Math.round(next * 100)}%`;
}

// ---- start -------------------------------------------------------------------------------

async function main() {
  board = new Boards.Board($("board"));
  board.shake = () => {
    const wrap = $("board-wrap");
    wrap.classList.remove("shake");
    void wrap.offsetWidth;
    wrap.classList.add("shake");
  };
  state.puzzles = await (await fetch("/api/puzzles")).json();
  const select = $("puzzle");
  for (const p of state.puzzles) select.add(new Option(p.name, p.name));
  select.addEventListener("change", () => queue(async () => {
    choosePuzzle(select.value);
    await openLevel(firstLevel(), "");
    setMode("play");
  }));
  $("level").addEventListener("change", () => {
    if (!$("level").value) return;
    queue(() => openLevel($("level").value, ""));
  });
  $("new").addEventListener("click", () => queue(() => newPuzzle($("difficulty").value)));
  $("apply").addEventListener("click", () => queue(applyText));
  $("case").addEventListener("change", () => queue(async () => {
    state.caseNumber = Number($("case").value);
    await startGame("");
  }));
  $("first").addEventListener("click", () => { pause(); showFrame(0); });
  $("prev").addEventListener("click", () => { pause(); showFrame(state.frame - 1); });
  $("next").addEventListener("click", () => { pause(); showFrame(state.frame + 1); });
  $("last").addEventListener("click", () => { pause(); showFrame(solutionLength()); });
  $("play-btn").addEventListener("click", togglePlay);
  $("slider").addEventListener("input", () => { pause(); showFrame(Number($("slider").value)); });
  for (const mode of ["play", "solution", "edit"]) $(`mode-${mode}`).addEventListener("click", () => setMode(mode));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("hint-btn").addEventListener("click", askHint);
  $("again").addEventListener("click", restart);
  $("next-level").addEventListener("click", () => {
    const next = nextLevel();
    if (next) queue(() => openLevel(next, ""));
  });
  for (const button of document.querySelectorAll("#pad button[data-dir]")) {
    button.addEventListener("click", () => move(button.dataset.dir));
  }
  $("zoom-in").addEventListener("click", () => zoom(2));
  $("zoom-out").addEventListener("click", () => zoom(0.5));
  $("zoom-fit").addEventListener("click", () => zoom(0));
  $("share").addEventListener("click", () => {
    updateLink();
    const link = $("share-link");
    link.textContent = location.href;
    link.hidden = false;
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).then(() => say("link copied"), () => {});
  });
  $("board").addEventListener("focusin", (event) => {
    const g = event.target.closest && event.target.closest("[data-piece]");
    if (g && state.mode === "play") pick(g.dataset.piece);
  });
  setupPointer();
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => {
    if (location.hash !== lastHash) queue(() => restore(location.hash));
  });
  const restored = await restore(location.hash).catch(() => false);
  if (!restored) {
    choosePuzzle(state.puzzles[0].name);
    await openLevel(firstLevel(), "");
    setMode("play");
  }
  await state.busy;
  document.body.dataset.ready = "yes";
}

main();
