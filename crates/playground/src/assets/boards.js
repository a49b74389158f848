// How a puzzle is drawn: a scene of SVG built from the frames the API answers with
// (a symbol and a paint per cell) and, where a frame cannot say it, from the case's
// marks (/api/play's: bridges and their switches, where split cubes land, the goal
// region; this file reads no judge text). Which drawings a puzzle
// uses comes from its description (`game` of /api/puzzles): this file names no puzzle,
// only its kit of floors (tiles, grass, yard, frame, tray, plain) and actors (box,
// snake, tiles, pieces, numbers). A scene has a floor, drawn once a board, and actors,
// each with an id and numbers that the animation moves smoothly from one frame to the
// next. A floor or actor the kit does not know is drawn as labelled squares.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const CELL = 40;

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// The cells of a picture as [row, col, symbol, paint].
function cellsOf(picture) {
  const out = [];
  for (let r = 0; r < picture.rows; r++) {
    const s = picture.symbols[r];
    const p = picture.paints[r];
    for (let c = 0; c < picture.cols; c++) out.push([r, c, s[c], p[c]]);
  }
  return out;
}

function find(picture, test) {
  return cellsOf(picture).filter(([r, c, s, p]) => test(s, p, r, c)).map(([r, c]) => [r, c]);
}

function bounds(cells) {
  let r0 = Infinity, c0 = Infinity, r1 = -Infinity, c1 = -Infinity;
  for (const [r, c] of cells) {
    r0 = Math.min(r0, r); c0 = Math.min(c0, c); r1 = Math.max(r1, r); c1 = Math.max(c1, c);
  }
  return { r0, c0, r1, c1, h: r1 - r0 + 1, w: c1 - c0 + 1 };
}


// ---- shared pieces of drawing ------------------------------------------------------------

const BRIDGE_COLOURS = ["#2f7fd6", "#c2410c", "#7c3aed", "#0f8a5f", "#be185d", "#a16207", "#0e7490", "#4d7c0f"];

function tile(g, r, c, fill, edge) {
  const x = c * CELL, y = r * CELL;
  el("rect", { x: x + 1, y: y + 4, width: CELL - 2, height: CELL - 4, rx: 4, fill: edge }, g);
  el("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 5, rx: 4, fill }, g);
}

// A box seen from the front and above: its footprint (x, y, w, h in cells) and its
// height z (in cubes).
function drawBox(g, p, colours) {
  g.textContent = "";
  const k = 0.36 * CELL;
  const x = p.x * CELL + 3, y = p.y * CELL + 3, w = p.w * CELL - 6, h = p.h * CELL - 6;
  const lift = p.z * k;
  el("rect", { x: x + 2, y: y + 4, width: w, height: h, rx: 5, fill: "rgba(0,0,0,0.28)" }, g);
  el("rect", { x, y: y - lift + h * 0.5, width: w, height: lift + h * 0.5, rx: 4, fill: colours.side }, g);
  el("rect", { x, y: y - lift, width: w, height: h, rx: 4, fill: colours.top, stroke: colours.edge, "stroke-width": 1.5 }, g);
  // The seams between cubes: on the top of a lying box, on the front of a standing one.
  if (p.w > 1.5) el("line", { x1: x + w / 2, y1: y - lift + 3, x2: x + w / 2, y2: y - lift + h - 3, stroke: colours.edge, "stroke-width": 1.2, opacity: 0.7 }, g);
  if (p.h > 1.5) el("line", { x1: x + 3, y1: y - lift + h / 2, x2: x + w - 3, y2: y - lift + h / 2, stroke: colours.edge, "stroke-width": 1.2, opacity: 0.7 }, g);
  if (p.z > 1.5) el("line", { x1: x + 2, y1: y - lift + h + (lift - h * 0.5 + h * 0.5) / 2 - 2, x2: x + w - 2, y2: y - lift + h + (lift) / 2 - 2, stroke: colours.edge, "stroke-width": 1, opacity: 0.5 }, g);
}

const BOX = { top: "#f2c14e", side: "#b9822a", edge: "#7a5212" };
const CUBE2 = { top: "#8fd0f0", side: "#3f86ad", edge: "#1f4f6b" };

// A colour the puzzle's description names (`colours`), or the kit's own.
function colour(look, name, fallback) {
  return (look && look.colours && look.colours[name]) || fallback;
}

// A box's colours with its top from the description's colour `name`.
function boxColours(look, name, base) {
  return { ...base, top: colour(look, name, base.top) };
}

function boxParams(cells) {
  const b = bounds(cells);
  return { x: b.c0, y: b.r0, w: b.w, h: b.h, z: cells.length === 1 ? 2 : 1 };
}

function target(g, r, c, label) {
  const cx = c * CELL + CELL / 2, cy = r * CELL + CELL / 2;
  el("rect", { x: c * CELL + 5, y: r * CELL + 5, width: CELL - 10, height: CELL - 10, rx: 3, fill: "#141b24" }, g);
  el("rect", { x: c * CELL + 9, y: r * CELL + 9, width: CELL - 18, height: CELL - 18, rx: 2, fill: "none", stroke: "#63d3a5", "stroke-width": 2 }, g);
  if (label) el("title", {}, g).textContent = label;
  return [cx, cy];
}

// ---- floor tiles over the void, and a box that rolls ------------------------------------

// The marks of a case (what its text ties to cells beyond their symbols, as /api/play
// gives them: [row, col, kind, group, label]) by kind: cell "r,c" -> bridge number for
// bridges and switches, the cells where split cubes land, the goal region and its piece.
function marksOf(view) {
  const bridges = new Map(), switches = new Map(), landing = [], goal = [];
  let goalLabel = null;
  for (const [r, c, kind, group, label] of view.marks || []) {
    if (kind === "bridge") bridges.set(`${r},${c}`, group);
    else if (kind === "switch") switches.set(`${r},${c}`, group);
    else if (kind === "landing") landing.push([r, c]);
    else if (kind === "goal") { goal.push([r, c]); goalLabel = label; }
  }
  return { bridges, switches, landing, goal, goalLabel };
}

function bridgeColour(n) {
  return BRIDGE_COLOURS[(Math.max(1, n) - 1) % BRIDGE_COLOURS.length];
}

function tilesFloor(view, g) {
  const links = marksOf(view);
  const under = view.memo;
  for (const [r, c, s0] of cellsOf(view.picture)) {
    const s = "B12".includes(s0) ? (under.get(`${r},${c}`) || ".") : s0;
    const key = `${r},${c}`;
    if (s === "#") continue;
    if (s === "-") {
      const n = links.bridges.get(key);
      el("rect", { x: c * CELL + 3, y: r * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 4, fill: "none", stroke: bridgeColour(n || 1), "stroke-width": 2, "stroke-dasharray": "5 4", opacity: 0.8 }, g);
      continue;
    }
    if (s === "=") {
      const n = links.bridges.get(key);
      tile(g, r, c, "#d9c6a0", "#8b7550");
      for (let i = 1; i < 4; i++) el("line", { x1: c * CELL + i * CELL / 4, y1: r * CELL + 4, x2: c * CELL + i * CELL / 4, y2: r * CELL + CELL - 6, stroke: "#a48a5e", "stroke-width": 1.5 }, g);
      el("rect", { x: c * CELL + 2, y: r * CELL + 2, width: CELL - 4, height: CELL - 7, rx: 4, fill: "none", stroke: bridgeColour(n || 1), "stroke-width": 2.5 }, g);
      continue;
    }
    if (s === "E") tile(g, r, c, "#f0a050", "#a85f1c");
    else tile(g, r, c, "#cfd6de", "#7d8894");
    const cx = c * CELL + CELL / 2, cy = r * CELL + CELL / 2 - 2;
    const bridge = links.switches.get(key);
    const ring = bridge ? bridgeColour(bridge) : "#5b6470";
    if (s === "o") {
      el("circle", { cx, cy, r: CELL * 0.3, fill: "#e8ecf0", stroke: ring, "stroke-width": 4 }, g);
      el("circle", { cx, cy, r: CELL * 0.12, fill: ring }, g);
    } else if (s === "h") {
      el("rect", { x: cx - 13, y: cy - 13, width: 26, height: 26, rx: 3, fill: "#e8ecf0", stroke: ring, "stroke-width": 3 }, g);
      el("path", { d: `M${cx - 8} ${cy - 8}L${cx + 8} ${cy + 8}M${cx + 8} ${cy - 8}L${cx - 8} ${cy + 8}`, stroke: ring, "stroke-width": 4, "stroke-linecap": "round" }, g);
    } else if (s === "s") {
      el("circle", { cx, cy, r: CELL * 0.32, fill: "#e8ecf0", stroke: "#3f86ad", "stroke-width": 3 }, g);
      el("rect", { x: cx - 10, y: cy - 6, width: 8, height: 12, rx: 2, fill: "#3f86ad" }, g);
      el("rect", { x: cx + 2, y: cy - 6, width: 8, height: 12, rx: 2, fill: "#f2c14e" }, g);
    } else if (s === "O") {
      target(g, r, c, view.look.goal || "the goal");
    }
  }
  for (const [r, c] of links.landing) {
    el("circle", { cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2 - 2, r: 4, fill: "#3f86ad", opacity: 0.8 }, g);
  }
}

function boxActors(view) {
  const out = [];
  const block = find(view.picture, (s) => s === "B");
  const box = boxColours(view.look, "box", BOX);
  if (block.length) out.push({ id: "box", kind: "box", colours: box, p: boxParams(block), label: block.length === 1 ? "the block, standing" : "the block, lying" });
  for (const [n, colours] of [["1", box], ["2", boxColours(view.look, "cube", CUBE2)]]) {
    const cube = find(view.picture, (s) => s === n);
    if (cube.length) {
      const b = bounds(cube);
      const picks = (view.look.pick || "").includes(n);
      out.push({ id: `cube${n}`, kind: "box", colours, p: { x: b.c0, y: b.r0, w: 1, h: 1, z: 1 }, piece: picks ? n : undefined, label: `cube ${n}` });
    }
  }
  return out;
}

// ---- grass with stones and a burrow, and a snake ----------------------------------------

function grassFloor(view, g) {
  for (const [r, c, s] of cellsOf(view.picture)) {
    const x = c * CELL, y = r * CELL;
    el("rect", { x, y, width: CELL, height: CELL, fill: (r + c) % 2 ? "#b7d98b" : "#c2e096" }, g);
    if (s === "#") {
      el("path", { d: `M${x + 6} ${y + 30}Q${x + 4} ${y + 12} ${x + 16} ${y + 7}Q${x + 30} ${y + 3} ${x + 34} ${y + 16}Q${x + 38} ${y + 32} ${x + 22} ${y + 35}Q${x + 9} ${y + 37} ${x + 6} ${y + 30}Z`, fill: "#8a8f98", stroke: "#4b5059", "stroke-width": 1.5 }, g);
      el("path", { d: `M${x + 12} ${y + 14}Q${x + 18} ${y + 10} ${x + 24} ${y + 12}`, stroke: "#c4c8ce", "stroke-width": 2, fill: "none" }, g);
    }
  }
  // The exit: a burrow at (1, 1).
  if (view.exit === false) return;
  el("ellipse", { cx: CELL / 2, cy: CELL / 2, rx: 15, ry: 12, fill: "#3d2a17" }, g);
  el("ellipse", { cx: CELL / 2, cy: CELL / 2 + 2, rx: 10, ry: 7, fill: "#1a120a" }, g);
}

// The snake's cells head first: the order of the frame before, shifted by one move
// when that fits the cells; otherwise a walk from the head through every body cell.
function snakeOrder(picture, before) {
  const head = find(picture, (s) => s === "H")[0];
  if (!head) return [];
  const body = find(picture, (s) => s === "s");
  const set = new Set(body.map(([r, c]) => `${r},${c}`));
  const fits = (order) => order.length === body.length + 1 && order[0][0] === head[0] && order[0][1] === head[1]
    && order.slice(1).every(([r, c]) => set.has(`${r},${c}`));
  if (before && before.length === body.length + 1) {
    const forward = [head, ...before.slice(0, -1)];
    if (fits(forward)) return forward;
    const back = before.slice(1);
    const tail = body.find(([r, c]) => !back.some(([r2, c2]) => r2 === r && c2 === c));
    if (tail) {
      const backward = [...back, tail];
      if (fits(backward)) return backward;
    }
    if (fits(before)) return before;
  }
  const order = [head];
  const used = new Set();
  const walk = () => {
    if (order.length === body.length + 1) return true;
    const [r, c] = order[order.length - 1];
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const key = `${r + dr},${c + dc}`;
      if (set.has(key) && !used.has(key)) {
        used.add(key);
        order.push([r + dr, c + dc]);
        if (walk()) return true;
        order.pop();
        used.delete(key);
      }
    }
    return false;
  };
  walk();
  return order;
}

function snakeActors(view) {
  const order = snakeOrder(view.picture, view.previous && view.previous.snake);
  view.snake = order;
  if (!order.length) return [];
  return [{ id: "snake", kind: "snake", colour: colour(view.look, "snake", "#58a83a"), p: { pts: order.map(([r, c]) => [c + 0.5, r + 0.5]) }, label: `the snake, head at row ${order[0][0] + 1}, column ${order[0][1] + 1}` }];
}

function drawSnake(g, p, actor) {
  g.textContent = "";
  const pts = p.pts.map(([x, y]) => [x * CELL, y * CELL]);
  const d = pts.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`).join("");
  el("path", { d, fill: "none", stroke: "#2e6b1f", "stroke-width": CELL * 0.66, "stroke-linecap": "round", "stroke-linejoin": "round" }, g);
  el("path", { d, fill: "none", stroke: (actor && actor.colour) || "#58a83a", "stroke-width": CELL * 0.52, "stroke-linecap": "round", "stroke-linejoin": "round" }, g);
  el("path", { d, fill: "none", stroke: "#8fd46a", "stroke-width": CELL * 0.14, "stroke-linecap": "round", "stroke-linejoin": "round", "stroke-dasharray": "2 9", opacity: 0.9 }, g);
  const [hx, hy] = pts[0];
  const [nx, ny] = pts[1] || [hx, hy + 1];
  let dx = hx - nx, dy = hy - ny;
  const len = Math.hypot(dx, dy) || 1;
  dx /= len; dy /= len;
  el("circle", { cx: hx, cy: hy, r: CELL * 0.4, fill: "#3f8f2a", stroke: "#2e6b1f", "stroke-width": 2 }, g);
  for (const side of [-1, 1]) {
    const ex = hx + dx * 7 - dy * 7 * side, ey = hy + dy * 7 + dx * 7 * side;
    el("circle", { cx: ex, cy: ey, r: 4.2, fill: "#fff" }, g);
    el("circle", { cx: ex + dx * 1.5, cy: ey + dy * 1.5, r: 2.2, fill: "#111" }, g);
  }
  el("path", { d: `M${hx + dx * 14} ${hy + dy * 14}l${dx * 6 - dy * 3} ${dy * 6 + dx * 3}M${hx + dx * 14} ${hy + dy * 14}l${dx * 6 + dy * 3} ${dy * 6 - dx * 3}`, stroke: "#c0392b", "stroke-width": 1.8, "stroke-linecap": "round" }, g);
}

// ---- a yard of sockets, movable tiles, the blank and a target flag ----------------------

function yardFloor(view, g) {
  el("rect", { x: -6, y: -6, width: view.picture.cols * CELL + 12, height: view.picture.rows * CELL + 12, rx: 8, fill: "#3b2f24" }, g);
  for (const [r, c, s] of cellsOf(view.picture)) {
    const x = c * CELL, y = r * CELL;
    el("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 3, fill: "#241c15" }, g);
    if (s === "#") {
      el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 3, fill: "#59626e", stroke: "#2f353d", "stroke-width": 1.5 }, g);
      el("path", { d: `M${x + 8} ${y + 8}L${x + 32} ${y + 32}M${x + 32} ${y + 8}L${x + 8} ${y + 32}`, stroke: "#3c434c", "stroke-width": 3 }, g);
    }
  }
}

// The target, over the tiles (a tile stands on it until the piece comes).
function yardAbove(view, g) {
  const t = view.memo.get("target");
  if (!t) return;
  const [r, c] = t;
  el("rect", { x: c * CELL + 3, y: r * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 5, fill: "none", stroke: "#ffd84a", "stroke-width": 3.5, "stroke-dasharray": "7 4" }, g);
  const flag = el("path", { d: `M${c * CELL + 15} ${r * CELL + 31}V${r * CELL + 9}l13 5-13 5`, fill: "#ffd84a", stroke: "#5a4300", "stroke-width": 1.2, "stroke-linejoin": "round" }, g);
  el("title", {}, flag).textContent = "the target";
}

// Every movable tile keeps its id as it slides: when the blank moved by one cell, the
// tile that stood there moved into the blank's old cell.
function tileActors(view) {
  const pic = view.picture;
  const piece = find(pic, (s) => s === "P")[0];
  const blank = find(pic, (s) => s === "_")[0];
  let ids = new Map();
  const prev = view.previous;
  if (prev && prev.tiles && prev.blank && blank) {
    ids = new Map(prev.tiles);
    const [br, bc] = prev.blank;
    if (Math.abs(br - blank[0]) + Math.abs(bc - blank[1]) === 1) {
      const moved = ids.get(`${blank[0]},${blank[1]}`);
      ids.delete(`${blank[0]},${blank[1]}`);
      if (moved) ids.set(`${br},${bc}`, moved);
    }
  }
  const tiles = new Map();
  const used = new Set();
  const out = [];
  for (const [r, c] of find(pic, (s) => s === "." || s === "T")) {
    const key = `${r},${c}`;
    let id = ids.get(key);
    if (!id || used.has(id)) id = `t${r}_${c}`;
    while (used.has(id)) id += "'";
    used.add(id);
    tiles.set(key, id);
    out.push({ id, kind: "tile", p: { x: c, y: r } });
  }
  view.tiles = tiles;
  view.blank = blank;
  if (piece) out.push({ id: "P", kind: "tile", designated: true, colour: colour(view.look, "designated", "#c0392b"), p: { x: piece[1], y: piece[0] }, label: "the designated piece" });
  return out;
}

function drawTile(g, p, actor) {
  g.textContent = "";
  const x = p.x * CELL, y = p.y * CELL;
  if (actor.designated) {
    el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 5, fill: actor.colour || "#c0392b", stroke: "#7b1d14", "stroke-width": 2 }, g);
    el("path", { d: star(x + CELL / 2, y + CELL / 2, 11, 5), fill: "#ffe08a" }, g);
  } else {
    el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 5, fill: "#d8b27a", stroke: "#8a6436", "stroke-width": 1.5 }, g);
    el("rect", { x: x + 7, y: y + 7, width: CELL - 14, height: CELL - 14, rx: 3, fill: "none", stroke: "#e9cc9c", "stroke-width": 1.5 }, g);
  }
}

function star(cx, cy, outer, inner) {
  let d = "";
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rad = i % 2 ? inner : outer;
    d += `${i ? "L" : "M"}${(cx + rad * Math.cos(a)).toFixed(1)} ${(cy + rad * Math.sin(a)).toFixed(1)}`;
  }
  return d + "Z";
}

// ---- a wooden frame and labelled pieces -------------------------------------------------

function isLabel(s) {
  return /[A-Za-z0-9]/.test(s);
}

function frameFloor(view, g) {
  const { rows, cols } = view.picture;
  const region = new Set(marksOf(view).goal.map(([r, c]) => `${r},${c}`));
  // The frame, open where the goal region meets the edge (the exit).
  el("rect", { x: -12, y: -12, width: cols * CELL + 24, height: rows * CELL + 24, rx: 10, fill: "#5a3a22" }, g);
  el("rect", { x: 0, y: 0, width: cols * CELL, height: rows * CELL, fill: "#efe6d3" }, g);
  for (const key of region) {
    const [r, c] = key.split(",").map(Number);
    el("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: "#f6d2cc" }, g);
    const exits = [[r === rows - 1, c * CELL, rows * CELL, CELL, 12], [r === 0, c * CELL, -12, CELL, 12],
      [c === 0, -12, r * CELL, 12, CELL], [c === cols - 1, cols * CELL, r * CELL, 12, CELL]];
    for (const [edge, x, y, w, h] of exits) if (edge) el("rect", { x, y, width: w, height: h, fill: "#c0392b", opacity: 0.85 }, g);
  }
  if (region.size) {
    const cells = [...region].map((k) => k.split(",").map(Number));
    const b = bounds(cells);
    el("rect", { x: b.c0 * CELL + 3, y: b.r0 * CELL + 3, width: b.w * CELL - 6, height: b.h * CELL - 6, rx: 6, fill: "none", stroke: "#c0392b", "stroke-width": 2, "stroke-dasharray": "6 4" }, g);
    const ex = b.c0 * CELL + (b.w * CELL) / 2;
    const edgeBottom = b.r1 === rows - 1;
    const label = el("text", { x: ex, y: edgeBottom ? rows * CELL + 9 : b.r0 * CELL + b.h * CELL / 2, "text-anchor": "middle", "font-size": 9, "font-weight": "700", fill: "#fff" }, g);
    label.textContent = "EXIT";
  }
}

function pieceActors(view) {
  const goalLabel = marksOf(view).goalLabel;
  const groups = new Map();
  for (const [r, c, s] of cellsOf(view.picture)) {
    if (!isLabel(s)) continue;
    if (!groups.has(s)) groups.set(s, []);
    groups.get(s).push([r, c]);
  }
  const out = [];
  for (const [label, cells] of groups) {
    const b = bounds(cells);
    const shape = cells.map(([r, c]) => [r - b.r0, c - b.c0]);
    const isGoal = goalLabel === label;
    const size = cells.length;
    const wood = isGoal ? colour(view.look, "goal-piece", "#c0392b") : size === 1 ? "#e0b56e" : b.w > b.h ? "#c98d4b" : b.h > b.w ? "#b7793d" : "#a86a32";
    out.push({ id: `piece-${label}`, kind: "piece", piece: label, shape, wood, goal: isGoal, p: { x: b.c0, y: b.r0 }, label: isGoal ? `曹, the goal piece ${label}` : `piece ${label}` });
  }
  return out;
}

function drawPiece(g, p, actor) {
  g.textContent = "";
  const m = 3;
  const set = new Set(actor.shape.map(([r, c]) => `${r},${c}`));
  const fill = actor.wood;
  const ox = p.x * CELL, oy = p.y * CELL;
  const shapeG = el("g", { class: "piece-body" }, g);
  const b = bounds(actor.shape);
  const w = b.w * CELL, h = b.h * CELL;
  if (actor.shape.length === b.w * b.h) {
    el("rect", { x: ox + m, y: oy + m, width: w - 2 * m, height: h - 2 * m, rx: 7, fill, stroke: "rgba(0,0,0,0.35)", "stroke-width": 2 }, shapeG);
    el("rect", { x: ox + m + 4, y: oy + m + 4, width: w - 2 * m - 8, height: h - 2 * m - 8, rx: 5, fill: "none", stroke: "rgba(255,255,255,0.35)", "stroke-width": 1.5 }, g);
  } else {
    for (const [r, c] of actor.shape) {
      const right = set.has(`${r},${c + 1}`), down = set.has(`${r + 1},${c}`);
      const x = ox + c * CELL, y = oy + r * CELL;
      el("rect", { x: x + m, y: y + m, width: CELL - 2 * m + (right ? 2 * m : 0), height: CELL - 2 * m + (down ? 2 * m : 0), rx: 4, fill }, shapeG);
      if (right && down && set.has(`${r + 1},${c + 1}`)) el("rect", { x: x + CELL - m, y: y + CELL - m, width: 2 * m, height: 2 * m, fill }, shapeG);
    }
  }
  const text = el("text", { x: ox + w / 2, y: oy + h / 2 + 5, "text-anchor": "middle", "font-size": actor.goal ? 18 : 14, "font-weight": "700", fill: actor.goal ? "#fff" : "#4a2e12", opacity: 0.85, "aria-hidden": "true" }, g);
  text.textContent = actor.goal ? "曹" : actor.piece;
}

// ---- a tray and numbered tiles ----------------------------------------------------------

// The number a frame's symbol stands for (1-9, A-Z for 10-35, a-z for 36-61, @ and $
// for 62 and 63), or null for the blank.
function tileNumber(s) {
  const code = s.charCodeAt(0);
  if (s >= "1" && s <= "9") return code - 48;
  if (s >= "A" && s <= "Z") return code - 55;
  if (s >= "a" && s <= "z") return code - 61;
  if (s === "@") return 62;
  if (s === "$") return 63;
  return null;
}

// A tray with a hollow a cell: the blank is the hollow no tile covers.
function trayFloor(view, g) {
  const { rows, cols } = view.picture;
  el("rect", { x: -8, y: -8, width: cols * CELL + 16, height: rows * CELL + 16, rx: 10, fill: "#34495e" }, g);
  for (const [r, c] of cellsOf(view.picture)) {
    el("rect", { x: c * CELL + 2, y: r * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 5, fill: "#1f2d3a" }, g);
  }
}

// A tile keeps its number as its id, so a move slides it from its cell into the blank.
function numberActors(view) {
  const out = [];
  for (const [r, c, s, p] of cellsOf(view.picture)) {
    const n = tileNumber(s);
    if (n === null) continue;
    const home = p === "b";
    out.push({ id: `tile-${n}`, kind: "number", n, home, moved: p === "m", p: { x: c, y: r }, label: `tile ${n}${home ? ", on its goal cell" : ""}` });
  }
  return out;
}

function drawNumber(g, p, actor) {
  g.textContent = "";
  const x = p.x * CELL, y = p.y * CELL;
  const face = actor.home ? "#b9e4c9" : "#f7e7c6";
  const edge = actor.home ? "#3c8d5a" : "#a8824a";
  el("rect", { x: x + 2, y: y + 4, width: CELL - 4, height: CELL - 5, rx: 6, fill: edge }, g);
  el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 6, rx: 6, fill: face, stroke: actor.moved ? "#d35400" : edge, "stroke-width": actor.moved ? 2.5 : 1.2 }, g);
  const digits = String(actor.n).length;
  const t = el("text", { x: x + CELL / 2, y: y + CELL / 2 + (digits > 1 ? 5 : 6), "text-anchor": "middle", "font-size": digits > 1 ? 16 : 19, "font-weight": "700", fill: "#3b2a14", "aria-hidden": "true" }, g);
  t.textContent = actor.n;
}

// ---- anything else: labelled squares -----------------------------------------------------

const PAINTS = { m: "#f2b705", b: "#5aa85a", g: "#d64545", k: "#63c5da" };

function plainFloor(view, g) {
  for (const [r, c, s, p] of cellsOf(view.picture)) {
    const fill = s === "#" ? "#4a4a4a" : PAINTS[p] || (isLabel(s) ? `hsl(${(s.charCodeAt(0) * 47) % 360}, 45%, 72%)` : "#e8e2d0");
    el("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill, stroke: "rgba(0,0,0,0.12)" }, g);
    if (s !== "." && s !== "#") {
      const t = el("text", { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2 + 6, "text-anchor": "middle", "font-size": 18, fill: "#222" }, g);
      t.textContent = s;
    }
  }
}

// ---- the kit ----------------------------------------------------------------------------

// Whether a cell's symbol moves over the floor (the floor under it is the one first seen).
function moves(look, labels, s) {
  return (labels && isLabel(s)) || (look.movers || "").includes(s);
}

// What the renderers say of the cells for the memo of a board: the floor under a mover
// (as first seen), the target.
function remember(view) {
  const memo = view.memo;
  for (const [r, c, s] of cellsOf(view.picture)) {
    const key = `${r},${c}`;
    if (!moves(view.look, view.labels, s) && !memo.has(key)) memo.set(key, s);
    if (s === "T") memo.set("target", [r, c]);
  }
}

// The floors: how a floor is drawn, what sits above the actors, the room above and
// around the board, and how one cell of it looks in a legend (`swatch`: true when it
// drew the symbol).
const FLOORS = {
  tiles: { draw: tilesFloor, top: 1, swatch: tilesSwatch },
  grass: { draw: grassFloor, top: 0, swatch: grassSwatch },
  yard: { draw: yardFloor, above: yardAbove, top: 0.2, margin: 0.2, swatch: yardSwatch },
  frame: { draw: frameFloor, top: 0.35, margin: 0.35, swatch: frameSwatch },
  tray: { draw: trayFloor, top: 0.2, margin: 0.2 },
  plain: { draw: plainFloor, top: 0 },
};

const ACTORS = {
  none: () => [],
  box: boxActors,
  snake: snakeActors,
  tiles: tileActors,
  pieces: pieceActors,
  numbers: numberActors,
};

// How a puzzle is drawn, from its description (a puzzle with none: labelled squares).
function specOf(puzzle) {
  const look = (puzzle && puzzle.game) || {};
  const floor = FLOORS[look.floor] || FLOORS.plain;
  return { floor, actors: ACTORS[look.actors] || ACTORS.none, look, plain: floor === FLOORS.plain };
}

// One cell of a tiles floor: no tile is a dark square.
function tilesSwatch(svg, symbol) {
  if (symbol !== "#") return false;
  el("rect", { x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 4, fill: "#26303b" }, svg);
  return true;
}

// One cell of grass: a body segment, a stone or the burrow alone.
function grassSwatch(svg, symbol, view) {
  const g = el("g", {}, svg);
  el("rect", { x: 0, y: 0, width: CELL, height: CELL, fill: "#c2e096" }, g);
  if (symbol === "s") el("rect", { x: 8, y: 8, width: CELL - 16, height: CELL - 16, rx: 8, fill: colour(view.look, "snake", "#58a83a"), stroke: "#2e6b1f", "stroke-width": 2 }, g);
  else if (symbol === "#") grassFloor({ ...view, exit: false }, g);
  else if (symbol === "*") grassFloor(view, g);
  else return symbol === "H" ? false : true;
  return true;
}

// One cell of the yard: a target is a tile under the flag.
function yardSwatch(svg, symbol, view) {
  if (symbol !== "T") return false;
  drawTile(el("g", {}, svg), { x: 0, y: 0 }, {});
  yardAbove(view, el("g", {}, svg));
  return true;
}

// One cell of the frame's board: plain, of the goal region, or under a piece.
function frameSwatch(svg, symbol, view) {
  if (isLabel(symbol)) {
    el("rect", { x: 0, y: 0, width: CELL, height: CELL, fill: "#efe6d3" }, svg);
    for (const actor of pieceActors(view)) drawActor(el("g", {}, svg), actor.p, actor);
    return true;
  }
  if (symbol !== "." && symbol !== "*") return false;
  const goal = symbol === "*";
  el("rect", { x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 4, fill: goal ? "#f6d2cc" : "#efe6d3", stroke: goal ? "#c0392b" : "none", "stroke-width": 2, "stroke-dasharray": goal ? "5 3" : "none" }, svg);
  return true;
}

function drawActor(g, p, actor) {
  if (actor.kind === "box") drawBox(g, p, actor.colours || BOX);
  else if (actor.kind === "snake") drawSnake(g, p, actor);
  else if (actor.kind === "tile") drawTile(g, p, actor);
  else if (actor.kind === "piece") drawPiece(g, p, actor);
  else if (actor.kind === "number") drawNumber(g, p, actor);
}

// The numbers of two frames of an actor mixed: `t` from 0 (a) to 1 (b).
function mix(a, b, t) {
  if (typeof b === "number") return typeof a === "number" ? a + (b - a) * t : b;
  if (Array.isArray(b)) {
    if (!Array.isArray(a) || a.length !== b.length) return b;
    return b.map((v, i) => mix(a[i], v, t));
  }
  const out = {};
  for (const k of Object.keys(b)) out[k] = mix(a ? a[k] : undefined, b[k], t);
  return out;
}

// A board on the page: an <svg> that shows one frame after another.
class Board {
  constructor(svg) {
    this.svg = svg;
    this.key = null;       // what the floor was drawn for
    this.view = null;
    this.actors = new Map(); // id -> { g, actor, p }
    this.animation = null;
  }

  // Shows `picture` of `puzzle` (its entry of /api/puzzles) on a case whose marks are
  // `marks` (/api/play's); `animate` slides the actors from where they were. `game`
  // names the board the memo belongs to.
  show(puzzle, picture, marks, game, animate) {
    const spec = specOf(puzzle);
    if (!this.view || this.view.game !== game) this.memo = new Map();
    const view = { look: spec.look, labels: !!puzzle.labels, picture, marks, game, memo: this.memo, previous: this.view };
    remember(view);
    // A floor that changes with its symbols (bridges that open, plain squares) is
    // drawn again when they do.
    const changing = spec.plain || spec.look.bridges;
    const floorKey = `${game}|${puzzle.name}|${picture.rows}x${picture.cols}|${changing ? picture.symbols.join("") : ""}`;
    const large = picture.rows * picture.cols > 6000;
    if (floorKey !== this.key) {
      this.key = floorKey;
      this.build(spec, view, large);
      animate = false;
    }
    const actors = spec.actors(view);
    this.view = view;
    this.place(actors, animate && !large);
    this.view.actors = actors;
  }

  build(spec, view, large) {
    const { rows, cols } = view.picture;
    const top = (spec.floor.top || 0) * CELL, margin = (spec.floor.margin || 0.1) * CELL;
    this.svg.textContent = "";
    this.svg.setAttribute("viewBox", `${-margin} ${-margin - top} ${cols * CELL + 2 * margin} ${rows * CELL + 2 * margin + top}`);
    this.svg.dataset.rows = rows;
    this.svg.dataset.cols = cols;
    this.svg.dataset.top = top + margin;
    this.svg.dataset.left = margin;
    this.floor = el("g", { class: "floor" }, this.svg);
    if (large) this.rasterFloor(view);
    else spec.floor.draw(view, this.floor);
    this.marks = el("g", { class: "marks" }, this.svg);
    this.stage = el("g", { class: "actors" }, this.svg);
    this.above = el("g", { class: "above", "pointer-events": "none" }, this.svg);
    if (spec.floor.above) spec.floor.above(view, this.above);
    this.overlay = el("g", { class: "overlay", "pointer-events": "none" }, this.svg);
    this.actors = new Map();
  }

  // A floor of many cells as one image, a pixel block a cell (an SVG element a cell
  // would be too many).
  rasterFloor(view) {
    const { rows, cols } = view.picture;
    const scale = Math.max(1, Math.min(8, Math.floor(4000 / Math.max(rows, cols))));
    const canvas = document.createElement("canvas");
    canvas.width = cols * scale;
    canvas.height = rows * scale;
    const ctx = canvas.getContext("2d");
    const colour = { "#": "#26303b", ".": "#cfd6de", E: "#f0a050", O: "#141b24", "-": "#26303b", "=": "#d9c6a0", "*": "#3d2a17", _: "#241c15", T: "#f5d76e" };
    for (const [r, c, s0, p] of cellsOf(view.picture)) {
      const s = view.memo.get(`${r},${c}`) || s0;
      ctx.fillStyle = colour[s] || (p === "g" ? "#63d3a5" : "#cfd6de");
      ctx.fillRect(c * scale, r * scale, scale, scale);
    }
    el("image", { href: canvas.toDataURL(), x: 0, y: 0, width: cols * CELL, height: rows * CELL, style: "image-rendering: pixelated" }, this.floor);
  }

  place(actors, animate) {
    if (this.animation) cancelAnimationFrame(this.animation.frame);
    const seen = new Set();
    const moves = [];
    for (const actor of actors) {
      seen.add(actor.id);
      let entry = this.actors.get(actor.id);
      if (!entry) {
        const g = el("g", { class: `actor ${actor.kind}`, "data-id": actor.id }, this.stage);
        entry = { g, actor, p: actor.p };
        this.actors.set(actor.id, entry);
        drawActor(g, actor.p, actor);
      } else {
        const from = entry.p;
        entry.actor = actor;
        if (animate) moves.push({ entry, from, to: actor.p });
        else drawActor(entry.g, actor.p, actor);
      }
      entry.p = actor.p;
      if (actor.piece !== undefined) {
        entry.g.dataset.piece = actor.piece;
        entry.g.setAttribute("tabindex", "0");
        entry.g.setAttribute("role", "button");
        entry.g.setAttribute("aria-label", `${actor.label}: pick it, then an arrow moves it`);
      } else if (actor.label) {
        entry.g.setAttribute("role", "img");
        entry.g.setAttribute("aria-label", actor.label);
      }
    }
    for (const [id, entry] of this.actors) {
      if (!seen.has(id)) {
        entry.g.remove();
        this.actors.delete(id);
      }
    }
    // Pieces drawn last stay on top: the moving ones above the others.
    for (const { entry } of moves) this.stage.appendChild(entry.g);
    if (!moves.length) return;
    const start = performance.now();
    const duration = Board.duration;
    const step = (now) => {
      const t = Math.min(1, (now - start) / duration);
      const e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
      for (const { entry, from, to } of moves) drawActor(entry.g, mix(from, to, e), entry.actor);
      if (t < 1) this.animation = { frame: requestAnimationFrame(step) };
      else this.animation = null;
    };
    this.animation = { frame: requestAnimationFrame(step) };
  }

  // The cell under a point of the page (clientX, clientY), or null.
  cellAt(x, y) {
    const point = this.point(x, y);
    if (!point) return null;
    const row = Math.floor(point.y / CELL), col = Math.floor(point.x / CELL);
    if (row < 0 || col < 0 || row >= Number(this.svg.dataset.rows) || col >= Number(this.svg.dataset.cols)) return null;
    return [row, col];
  }

  // A point of the page in board units (a cell is CELL).
  point(x, y) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(x, y).matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y };
  }

  // The page point at the centre of a cell (for tests and the hint's arrow).
  cellCentre(row, col) {
    const matrix = this.svg.getScreenCTM();
    const p = new DOMPoint(col * CELL + CELL / 2, row * CELL + CELL / 2).matrixTransform(matrix);
    return { x: p.x, y: p.y };
  }

  // Marks: the picked piece, the hint's arrow.
  mark(picked, hint) {
    if (!this.overlay) return;
    this.overlay.textContent = "";
    for (const entry of this.actors.values()) entry.g.classList.toggle("picked", picked !== null && entry.actor.piece === picked);
    if (hint) {
      const [r, c] = hint.cell;
      const [dr, dc] = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] }[hint.dir];
      const x = c * CELL + CELL / 2, y = r * CELL + CELL / 2;
      const g = el("g", { class: "hint-arrow" }, this.overlay);
      el("circle", { cx: x, cy: y, r: 9, fill: "#1b4fd8", opacity: 0.85 }, g);
      el("path", { d: `M${x} ${y}L${x + dc * CELL * 0.9} ${y + dr * CELL * 0.9}`, stroke: "#1b4fd8", "stroke-width": 6, "stroke-linecap": "round" }, g);
      const tx = x + dc * CELL * 1.1, ty = y + dr * CELL * 1.1;
      el("path", { d: `M${tx} ${ty}L${tx - dc * 12 - dr * 9} ${ty - dr * 12 - dc * 9}L${tx - dc * 12 + dr * 9} ${ty - dr * 12 + dc * 9}Z`, fill: "#1b4fd8" }, g);
    }
  }

  // A route over the board: the cells a mover passes, as a line.
  route(points) {
    if (!this.overlay || !points || points.length < 2) return;
    const d = points.map(([r, c], i) => `${i ? "L" : "M"}${c * CELL + CELL / 2} ${r * CELL + CELL / 2}`).join("");
    el("path", { d, class: "route", fill: "none", stroke: "#1b4fd8", "stroke-width": Math.max(4, CELL * 0.18), "stroke-linejoin": "round", "stroke-linecap": "round", opacity: 0.75 }, this.overlay);
  }
}
Board.duration = 170;

// A small picture of one kind of cell, for the editor's palette and the legend: the
// floor's own picture of it, else the floor under it and the actors a board of that
// one cell has.
function swatch(puzzle, symbol) {
  const svg = el("svg", { viewBox: `0 ${-CELL * 0.4} ${CELL} ${CELL * 1.4}`, width: 28, height: 34, "aria-hidden": "true", class: "swatch" });
  const spec = specOf(puzzle);
  const labels = !!puzzle.labels;
  const memo = new Map();
  if (symbol === "T") memo.set("target", [0, 0]);
  const one = (s) => ({ rows: 1, cols: 1, symbols: [s], paints: ["."] });
  const view = { look: spec.look, labels, picture: one(symbol), marks: [], memo };
  if (spec.floor.swatch && spec.floor.swatch(svg, symbol, view)) return svg;
  // A mover stands on plain floor (with no burrow or exit drawn under it).
  const mover = moves(spec.look, labels, symbol) && !spec.plain;
  if (mover) memo.set("0,0", ".");
  spec.floor.draw(mover ? { ...view, picture: one("."), exit: false } : view, el("g", {}, svg));
  const actors = spec.actors(view);
  for (const actor of actors) drawActor(el("g", {}, svg), actor.p, actor);
  return svg;
}

window.Boards = { Board, swatch, CELL, snakeOrder, marksOf };
