// End-to-end tests of `gridsolve serve` in Debian's Chromium, driven by playwright-core
// (which downloads no browser). tools/e2e.sh builds the binary, starts the server and
// sets GRIDSOLVE_URL; CHROMIUM names the browser (default /usr/bin/chromium).
// GRIDSOLVE_SCREENSHOTS names where the screenshots go (default docs/).
// GRIDSOLVE_ASSETS=DIR serves the page's files from DIR instead of the binary's (to try
// a change of the page without a build).
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { chromium } = require("playwright-core");

const URL = process.env.GRIDSOLVE_URL;
const ROOT = path.resolve(__dirname, "..", "..");
const SHOTS = process.env.GRIDSOLVE_SCREENSHOTS || path.join(ROOT, "docs");
const AXE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const DESKTOP = { width: 1200, height: 820 };
const PHONE = { width: 375, height: 667 };

// One browser for every test (Playwright gives it a fresh profile and removes it on
// close), a context of its own for every page.
let browser;

before(async () => {
  assert.ok(URL, "GRIDSOLVE_URL names the running server (tools/e2e.sh sets it)");
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
});

const ASSET_TYPES = { "": "text/html", "app.js": "text/javascript", "boards.js": "text/javascript", "style.css": "text/css" };

// A page at `hash`, ready; `problems` gathers script errors, failed requests and API
// answers of 400 or more.
async function openPage(hash = "", { viewport = DESKTOP, touch = false } = {}) {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  if (process.env.GRIDSOLVE_ASSETS) {
    await page.route(/\/(app\.js|boards\.js|style\.css)?(#.*)?$/, (route) => {
      const name = new global.URL(route.request().url()).pathname.slice(1);
      if (!(name in ASSET_TYPES)) return route.continue();
      return route.fulfill({
        contentType: ASSET_TYPES[name],
        body: fs.readFileSync(path.join(process.env.GRIDSOLVE_ASSETS, name || "index.html")),
      });
    });
  }
  await page.goto(URL + "/" + hash);
  await page.waitForSelector("body[data-ready=yes]", { timeout: 30000 });
  page.close = ((close) => async () => {
    await close.call(page);
    await context.close();
  })(page.close);
  return { page, problems };
}

// Waits until every move, request and animation of the page is done.
async function idle(page) {
  await page.evaluate(async () => {
    for (;;) {
      const busy = state.busy;
      await busy;
      if (busy === state.busy) break;
    }
  });
  await page.waitForTimeout(220);
}

async function api(pathname, body) {
  const response = await fetch(`${URL}${pathname}`, body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function optimalPath(puzzle, fixture) {
  const data = await api("/api/solve", { puzzle, fixture });
  return data.cases[0].path;
}

const left = (page) => page.locator("#hint").getAttribute("data-left");
const movesPlayed = async (page) => Number(await page.locator("#moves").getAttribute("data-moves"));
const picture = (page) => page.evaluate(() => state.play.picture);

function cellsWhere(pic, test) {
  const out = [];
  for (let r = 0; r < pic.rows; r++) for (let c = 0; c < pic.cols; c++) {
    if (test(pic.symbols[r][c], pic.paints[r][c])) out.push([r, c]);
  }
  return out;
}

const STEP = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };

// The page point at the centre of a cell of the board.
function centre(page, row, col) {
  return page.evaluate(([r, c]) => board.cellCentre(r, c), [row, col]);
}

async function clickCell(page, row, col) {
  const p = await centre(page, row, col);
  await page.mouse.click(p.x, p.y);
}

async function tapCell(page, row, col) {
  const p = await centre(page, row, col);
  await page.touchscreen.tap(p.x, p.y);
}

// A swipe by touch from a cell by `dir`, through Chromium's touch events.
async function swipe(page, row, col, dir) {
  const from = await centre(page, row, col);
  const size = await page.evaluate(() => cellPixels());
  const [dr, dc] = STEP[dir];
  const cdp = await page.context().newCDPSession(page);
  const point = (k) => [{ x: from.x + dc * size * k, y: from.y + dr * size * k }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(0) });
  for (const k of [0.3, 0.6, 0.9]) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(k) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

async function expectSolved(page, optimum) {
  await idle(page);
  await page.waitForSelector("#solved:not([hidden])");
  const text = await page.locator("#solved-text").textContent();
  assert.match(text, new RegExp(`^Solved in ${optimum} \\w+ \\(optimum ${optimum}\\)`));
  assert.equal(await left(page), "0");
}

async function axe(page, label) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => {
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  const bad = result.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad, [], `${label}: ${JSON.stringify(bad)}`);
}

async function noHorizontalScroll(page) {
  const { scroll, width, board: right } = await page.evaluate(() => ({
    scroll: document.scrollingElement.scrollWidth,
    width: window.innerWidth,
    board: document.querySelector("#board").getBoundingClientRect().right,
  }));
  assert.ok(scroll <= width, `the page scrolls sideways: ${scroll} > ${width}`);
  assert.ok(right <= width, `the board overflows: ${right} > ${width}`);
}

// ---- each puzzle played to the end by mouse or touch --------------------------------------

test("bloxorz: the sample played by clicking beside the box ends solved in the optimum", async () => {
  const { page, problems } = await openPage("#puzzle=bloxorz&level=sample");
  const moves = await optimalPath("bloxorz", "sample");
  for (const dir of moves) {
    const box = cellsWhere(await picture(page), (s) => s === "B");
    const key = new Set(box.map(([r, c]) => `${r},${c}`));
    const [r, c] = box.map(([r, c]) => [r + STEP[dir][0], c + STEP[dir][1]]).find(([r, c]) => !key.has(`${r},${c}`));
    await clickCell(page, r, c);
    await idle(page);
  }
  await expectSolved(page, moves.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test("holedox: the sample played by tapping where the head goes ends solved", async () => {
  const { page, problems } = await openPage("#puzzle=holedox&level=sample", { touch: true });
  const moves = await optimalPath("holedox", "sample");
  for (const dir of moves) {
    const [[r, c]] = cellsWhere(await picture(page), (s) => s === "H");
    await tapCell(page, r + STEP[dir][0], c + STEP[dir][1]);
    await idle(page);
  }
  await expectSolved(page, moves.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test("huarongdao: the sample played by clicking the tile beside the blank ends solved", async () => {
  const { page, problems } = await openPage("#puzzle=huarongdao&level=sample");
  const moves = await optimalPath("huarongdao", "sample");
  for (const dir of moves) {
    const [[r, c]] = cellsWhere(await picture(page), (s) => s === "_");
    await clickCell(page, r + STEP[dir][0], c + STEP[dir][1]);
    await idle(page);
  }
  await expectSolved(page, moves.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test("eight: the judges' sample played by clicking the tile beside the blank ends solved", async () => {
  const { page, problems } = await openPage("#puzzle=eight&level=sample");
  const moves = await optimalPath("eight", "sample");
  assert.equal(moves, "dlurullddrurdllurdr");
  assert.equal(await left(page), "19");
  // Drawn as tiles: eight numbered tiles over a tray, no lettered squares.
  assert.equal(await page.locator("#board .actor.number").count(), 8);
  const numbers = await page.locator("#board .actor.number text").allTextContents();
  assert.deepEqual(numbers.map(Number).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.equal(await page.locator("#board .floor text").count(), 0);
  for (const [i, dir] of [...moves.toUpperCase()].entries()) {
    const [[r, c]] = cellsWhere(await picture(page), (s) => s === "_");
    const [tr, tc] = [r + STEP[dir][0], c + STEP[dir][1]];
    const number = (await picture(page)).symbols[tr][tc];
    await clickCell(page, tr, tc);
    await idle(page);
    if (i === 0) {
      // The tile clicked slid into the blank's cell, keeping its number (waited for
      // up to 2 s, so a slow machine's last animation frame cannot decide it).
      const tile = page.locator(`#board .actor.number[data-id="tile-${number}"]`);
      const at = await centre(page, r, c);
      let box = null;
      const there = async () => {
        box = await tile.boundingBox();
        return Math.abs(box.x + box.width / 2 - at.x) < 3 && Math.abs(box.y + box.height / 2 - at.y) < 4;
      };
      for (let k = 0; k < 40 && !(await there()); k++) await page.waitForTimeout(50);
      assert.ok(await there(), JSON.stringify({ box, at }));
    }
  }
  await expectSolved(page, moves.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test("fifteen: the sample played by clicking the tile beside the blank and by the arrow keys, the hint counting down", async () => {
  const { page, problems } = await openPage("#puzzle=fifteen&level=sample");
  const moves = await optimalPath("fifteen", "sample");
  // An arrow slides the tile beyond the blank its way: the blank moves the other way.
  const KEY = { U: "ArrowDown", D: "ArrowUp", L: "ArrowRight", R: "ArrowLeft" };
  for (const [i, dir] of [...moves].entries()) {
    assert.equal(await left(page), String(moves.length - i));
    if (i % 2 === 0) {
      // A click on the tile the blank moves to.
      const [[r, c]] = cellsWhere(await picture(page), (s) => s === "_");
      await clickCell(page, r + STEP[dir][0], c + STEP[dir][1]);
    } else {
      await page.keyboard.press(KEY[dir]);
    }
    await idle(page);
  }
  await expectSolved(page, moves.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test("bloxorz-classic: level 2 played by swiping on a touch screen ends solved", async () => {
  const { page, problems } = await openPage("#puzzle=bloxorz-classic&level=level02", { touch: true });
  const moves = await optimalPath("bloxorz-classic", "level02");
  for (const letter of moves) {
    const pic = await picture(page);
    // Cube 2 is steered by picking it first (a tap); a swipe starts anywhere.
    if (letter === letter.toLowerCase()) {
      const [[r, c]] = cellsWhere(pic, (s) => s === "2");
      await tapCell(page, r, c);
    } else if (cellsWhere(pic, (s) => s === "1").length) {
      const [[r, c]] = cellsWhere(pic, (s) => s === "1");
      await tapCell(page, r, c);
    }
    await idle(page);
    await swipe(page, 0, 0, letter.toUpperCase());
    await idle(page);
  }
  await expectSolved(page, moves.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test("klotski: a corpus layout played by dragging the pieces ends solved", async () => {
  const { page, problems } = await openPage("#puzzle=klotski&level=corpus-146");
  const moves = (await optimalPath("klotski", "corpus-146")).split(" ");
  for (const word of moves) {
    const label = word[0];
    const [[r, c]] = cellsWhere(await picture(page), (s) => s === label);
    const from = await centre(page, r, c);
    const size = await page.evaluate(() => cellPixels());
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    let x = from.x, y = from.y;
    for (const dir of word.slice(1)) {
      for (const k of [0.3, 0.6, 0.8, 1]) await page.mouse.move(x + STEP[dir][1] * size * k, y + STEP[dir][0] * size * k);
      x += STEP[dir][1] * size;
      y += STEP[dir][0] * size;
      await idle(page);
    }
    await page.mouse.up();
    await idle(page);
  }
  await expectSolved(page, moves.length);
  assert.deepEqual(problems, []);
  await page.close();
});

// ---- the bugs of issue 27 ------------------------------------------------------------------

test("a click on the board of a one-piece puzzle picks nothing: the sample's optimal keys after it solve it", async () => {
  const { page, problems } = await openPage("#puzzle=bloxorz&level=sample");
  const [[r, c]] = cellsWhere(await picture(page), (s) => s === "B");
  await clickCell(page, r, c);
  await idle(page);
  assert.equal(await movesPlayed(page), 0);
  await page.locator("#board").focus();
  for (const dir of "LDDDDRURRU") await page.keyboard.press({ U: "ArrowUp", D: "ArrowDown", L: "ArrowLeft", R: "ArrowRight" }[dir]);
  await expectSolved(page, 10);
  assert.equal(await page.locator("#message").getAttribute("class"), "");
  assert.deepEqual(problems, []);
  await page.close();
});

test("choosing another puzzle clears the game: no Bloxorz box or hint under Klotski", async () => {
  const { page } = await openPage("#puzzle=bloxorz&level=sample");
  await page.click('#pad [data-dir="L"]');
  await idle(page);
  assert.equal(await movesPlayed(page), 1);
  await page.selectOption("#puzzle", "klotski");
  await idle(page);
  assert.equal(await movesPlayed(page), 0);
  assert.equal(await left(page), "81");
  assert.equal(await page.locator("#board .actor.box").count(), 0);
  assert.ok(await page.locator("#board .actor.piece").count() >= 10);
  assert.ok(!(await page.evaluate(() => location.hash)).includes("moves="));
  await page.close();
});

test("a shared link reopens the same position in the same tab, the solution ready", async () => {
  const { page, problems } = await openPage("#puzzle=holedox&level=sample");
  const moves = await optimalPath("holedox", "sample");
  for (const dir of moves.slice(0, 3)) await page.click(`#pad [data-dir="${dir}"]`);
  await idle(page);
  await page.click("#share");
  const link = await page.evaluate(() => location.href);
  assert.ok(link.includes("moves="), link);
  const shared = await openPage(link.slice(link.indexOf("#")));
  assert.equal(await movesPlayed(shared.page), 3);
  assert.equal(await left(shared.page), String(moves.length - 3));
  // Undo walks back move by move from the link's position.
  await shared.page.keyboard.press("u");
  await idle(shared.page);
  assert.equal(await movesPlayed(shared.page), 2);
  await shared.page.click("#mode-solution");
  await idle(shared.page);
  assert.equal(await shared.page.locator("#answer").getAttribute("data-answer"), String(moves.length));
  assert.equal(await shared.page.locator("#step-count").textContent(), `0 / ${moves.length}`);
  // The Solution tab is in the link too.
  const solutionLink = await shared.page.evaluate(() => location.hash);
  assert.ok(solutionLink.includes("mode=solution"));
  const again = await openPage(solutionLink);
  assert.equal(await again.page.locator("#answer").getAttribute("data-answer"), String(moves.length));
  assert.equal(await again.page.locator("#slider").getAttribute("max"), String(moves.length));
  for (const p of [page, shared.page, again.page]) await p.close();
  assert.deepEqual([...problems, ...shared.problems, ...again.problems], []);
});

test("a 500x500 board too long to animate shows its route, steps through it and zooms", async () => {
  const { page, problems } = await openPage("#puzzle=bloxorz&level=maze-500x500&mode=solution");
  await idle(page);
  const moves = await optimalPath("bloxorz", "maze-500x500");
  assert.match(await page.locator("#route-note").textContent(), /too long to animate.*route/);
  assert.equal(await page.locator("#path").textContent(), moves);
  assert.equal(await page.locator("#slider").getAttribute("max"), String(moves.length));
  assert.equal(await page.locator("#board path.route").count(), 1);
  await page.click("#next");
  await idle(page);
  assert.equal(await page.locator("#step-count").textContent(), `1 / ${moves.length}`);
  const before = (await page.locator("#board").boundingBox()).width;
  await page.click("#zoom-in");
  await page.click("#zoom-in");
  const after = (await page.locator("#board").boundingBox()).width;
  assert.ok(after >= before * 3.5, `${before} -> ${after}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the favicon is served", async () => {
  const { page, problems } = await openPage();
  const icon = await page.evaluate(async () => {
    const link = document.querySelector("link[rel=icon]");
    const response = await fetch(link.href);
    return [response.status, response.headers.get("content-type")];
  });
  assert.deepEqual(icon, [200, "image/svg+xml"]);
  const ico = await fetch(`${URL}/favicon.ico`);
  assert.equal(ico.status, 200);
  assert.deepEqual(problems, []);
  await page.close();
});

test("every button shows an inline SVG icon or plain words, never a glyph a font may lack", async () => {
  const { page, problems } = await openPage("#puzzle=bloxorz&level=sample&mode=solution");
  await idle(page);
  const buttons = await page.evaluate(() => [...document.querySelectorAll("button")].map((b) => {
    const copy = b.cloneNode(true);
    for (const svg of copy.querySelectorAll("svg")) svg.remove();
    const words = copy.textContent.trim();
    const icons = [...b.querySelectorAll("svg.icon")].filter((svg) => getComputedStyle(svg).display !== "none");
    const drawn = icons.map((svg) => svg.getBoundingClientRect()).filter((r) => r.width >= 8 && r.height >= 8);
    return { id: b.id || b.dataset.dir || b.dataset.kind || b.textContent.trim(), words, icons: icons.length, drawn: drawn.length, visible: b.offsetParent !== null };
  }));
  for (const b of buttons) {
    assert.match(b.words, /^[ -~]*$/, `${b.id}: ${JSON.stringify(b.words)} is more than plain words`);
    assert.ok(b.words || b.icons === 1, `${b.id}: no words and ${b.icons} icons`);
    if (b.visible && b.icons) assert.equal(b.drawn, 1, `${b.id}: its icon is not drawn`);
  }
  for (const id of ["first", "prev", "play-btn", "next", "last"]) {
    const button = buttons.find((b) => b.id === id);
    assert.ok(button && button.visible && button.drawn === 1, `${id}: ${JSON.stringify(button)}`);
  }
  // The play button's icon turns to pause while the solution plays, and back.
  const shown = () => page.evaluate(() => [...document.querySelectorAll("#play-btn svg")].filter((svg) => getComputedStyle(svg).display !== "none").map((svg) => svg.dataset.when));
  assert.deepEqual(await shown(), ["paused"]);
  await page.click("#play-btn");
  assert.deepEqual(await shown(), ["playing"]);
  await page.click("#play-btn");
  assert.deepEqual(await shown(), ["paused"]);
  assert.deepEqual(problems, []);
  await page.close();
});

test("every puzzle comes with the description the page draws and plays it from", async () => {
  const list = await api("/api/puzzles");
  assert.ok(list.length >= 7, `${list.length} puzzles`);
  for (const p of list) {
    const game = p.game;
    assert.ok(game, `${p.name}: no description`);
    assert.ok(game.help.length > 20, `${p.name}: help ${JSON.stringify(game.help)}`);
    for (const field of ["floor", "actors", "arrows", "route", "piece_word", "goal"]) {
      assert.equal(typeof game[field], "string", `${p.name}: ${field}`);
    }
    assert.ok(["mover", "blank", "tile"].includes(game.arrows), `${p.name}: arrows ${game.arrows}`);
  }
  // The help a player reads is the description's.
  const { page, problems } = await openPage(`#puzzle=${list[0].name}&level=sample`);
  assert.ok((await page.locator("#how").textContent()).startsWith(list[0].game.help));
  assert.deepEqual(problems, []);
  await page.close();
});

test("a hard new sliding-tile puzzle is of the usual size (fifteen: 4 x 4, not 3 x 4) and harder than a medium one", async () => {
  const list = await api("/api/puzzles");
  const tiles = list.filter((p) => p.game && p.game.arrows === "tile" && p.difficulties.includes("hard"));
  assert.ok(tiles.length >= 1);
  for (const p of tiles) {
    const medium = await api("/api/generate", { puzzle: p.name, difficulty: "medium", seed: 1 });
    const sizeOf = async (input) => (await api("/api/play", { puzzle: p.name, input, path: "" })).picture;
    const usual = await sizeOf(medium.input);
    for (const seed of [1, 2, 3]) {
      const hard = await api("/api/generate", { puzzle: p.name, difficulty: "hard", seed });
      assert.ok(hard.input, `${p.name} hard ${seed}: ${JSON.stringify(hard)}`);
      const size = await sizeOf(hard.input);
      assert.ok(size.rows * size.cols >= usual.rows * usual.cols, `${p.name} hard ${seed}: ${size.rows} x ${size.cols}`);
      assert.ok(hard.optimum > medium.optimum, `${p.name} hard ${seed}: ${hard.optimum} moves, medium ${medium.optimum}`);
    }
  }
});

// ---- the game -------------------------------------------------------------------------------

test("a refused move is said beside the board and the position stays", async () => {
  const { page, problems } = await openPage("#puzzle=bloxorz&level=sample");
  const before = await picture(page);
  await page.click('#pad [data-dir="U"]');
  await idle(page);
  assert.equal(await page.locator("#message").getAttribute("class"), "refused");
  assert.match(await page.locator("#message").textContent(), /^up: /);
  assert.deepEqual(await picture(page), before);
  assert.equal(await movesPlayed(page), 0);
  // The message sits beside the board, not under a text box.
  const board = await page.locator("#board-wrap").boundingBox();
  const message = await page.locator("#message").boundingBox();
  assert.ok(message.x >= board.x + board.width - 1 || message.y >= board.y + board.height - 1);
  assert.ok(message.y < board.y + board.height);
  assert.deepEqual(problems, []);
  await page.close();
});

test("undo and redo by U, R, Ctrl+Z, Ctrl+Y and the buttons; restart", async () => {
  const { page } = await openPage("#puzzle=bloxorz&level=sample");
  await page.locator("#board").focus();
  for (const key of ["ArrowLeft", "ArrowDown", "ArrowDown"]) await page.keyboard.press(key);
  await idle(page);
  assert.equal(await movesPlayed(page), 3);
  await page.keyboard.press("u");
  await idle(page);
  assert.equal(await movesPlayed(page), 2);
  await page.keyboard.press("Control+z");
  await idle(page);
  assert.equal(await movesPlayed(page), 1);
  await page.keyboard.press("r");
  await idle(page);
  assert.equal(await movesPlayed(page), 2);
  await page.keyboard.press("Control+y");
  await idle(page);
  assert.equal(await movesPlayed(page), 3);
  assert.ok(await page.locator("#redo").isDisabled());
  await page.click("#undo");
  await idle(page);
  assert.equal(await movesPlayed(page), 2);
  await page.click("#redo");
  await idle(page);
  assert.equal(await movesPlayed(page), 3);
  assert.equal(await left(page), "7");
  await page.click("#restart");
  await idle(page);
  assert.equal(await movesPlayed(page), 0);
  // A new move after an undo drops what could be redone (L then R stands the box on
  // its start again; the path went L then D).
  await page.click("#redo");
  await idle(page);
  assert.equal(await movesPlayed(page), 1);
  await page.click('#pad [data-dir="R"]');
  await idle(page);
  assert.ok(await page.locator("#redo").isDisabled());
  await page.close();
});

test("the hint gives the next move of an optimal line, and following it solves", async () => {
  for (const [puzzle, level] of [["huarongdao", "sample"], ["klotski", "corpus-230"], ["bloxorz-classic", "level01"]]) {
    const { page, problems } = await openPage(`#puzzle=${puzzle}&level=${level}`);
    const optimum = Number(await left(page));
    for (let i = 0; i < optimum; i++) {
      await page.keyboard.press("h");
      await idle(page);
      assert.equal(await page.locator("#message").getAttribute("class"), "hint", `${puzzle} move ${i}`);
      const dir = await page.locator("#message").getAttribute("data-dir");
      await page.click(`#pad [data-dir="${dir}"]`);
      await idle(page);
      // A Klotski move may take several steps of one piece.
      while (puzzle === "klotski" && Number(await left(page)) + (await movesPlayed(page)) > optimum) {
        await page.keyboard.press("h");
        await idle(page);
        await page.click(`#pad [data-dir="${await page.locator("#message").getAttribute("data-dir")}"]`);
        await idle(page);
      }
    }
    await expectSolved(page, optimum);
    assert.deepEqual(problems, [], puzzle);
    await page.close();
  }
});

test("a sliding-tile hint's arrow starts on the tile that slides into the blank, and following it solves", async () => {
  const { page, problems } = await openPage("#puzzle=eight&level=sample");
  const optimum = Number(await left(page));
  for (let i = 0; i < optimum; i++) {
    await page.keyboard.press("h");
    await idle(page);
    const dir = await page.locator("#message").getAttribute("data-dir");
    const [[r, c]] = cellsWhere(await picture(page), (s) => s === "_");
    const [tr, tc] = [r - STEP[dir][0], c - STEP[dir][1]];
    const pic = await picture(page);
    assert.ok(tr >= 0 && tc >= 0 && tr < pic.rows && tc < pic.cols, `move ${i}: ${dir} from the blank at ${r},${c}`);
    const dot = await page.locator("#board .hint-arrow circle").boundingBox();
    const at = await centre(page, tr, tc);
    assert.ok(Math.abs(dot.x + dot.width / 2 - at.x) < 2 && Math.abs(dot.y + dot.height / 2 - at.y) < 2, `move ${i}: ${JSON.stringify({ dot, at })}`);
    await page.click(`#pad [data-dir="${dir}"]`);
    await idle(page);
  }
  await expectSolved(page, optimum);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the level picker holds every level: Bloxorz's 33 and the Klotski corpus by name", async () => {
  const { page } = await openPage("#puzzle=bloxorz-classic&level=sample");
  const titles = await page.locator("#level optgroup[label=Levels] option").allTextContents();
  assert.equal(titles.filter((t) => /^Level \d+ · \d+$/.test(t)).length, 33);
  await page.selectOption("#level", "level02");
  await idle(page);
  assert.equal(await left(page), "17");
  assert.equal(await page.locator("#level-title").textContent(), "Level 2");
  assert.ok((await page.evaluate(() => location.hash)).includes("level=level02"));
  await page.selectOption("#puzzle", "klotski");
  await idle(page);
  const names = await page.locator("#level option").allTextContents();
  assert.ok(names.some((t) => t.startsWith("1. 橫刀立馬")), names.slice(0, 5).join(" / "));
  const listed = fs.readFileSync(path.join(ROOT, "fixtures", "klotski", "levels.txt"), "utf8")
    .split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  assert.equal(await page.locator("#level option[value]:not([value=''])").count(), listed.length);
  await page.close();
});

test("a new puzzle comes from the generator at a difficulty and its link makes it again", async () => {
  const { page, problems } = await openPage("#puzzle=bloxorz&level=sample");
  await page.selectOption("#difficulty", "medium");
  await page.click("#new");
  await idle(page);
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /new=medium-\d+/);
  const text = await page.evaluate(() => state.text);
  const optimum = Number(await left(page));
  assert.ok(optimum >= 10 && optimum <= 25, String(optimum));
  const again = await openPage(hash);
  assert.equal(await again.page.evaluate(() => state.text), text);
  assert.match(await again.page.locator("#level-title").textContent(), /new medium puzzle, seed \d+/);
  assert.deepEqual([...problems, ...again.problems], []);
  await page.close();
  await again.page.close();
});

test("the judge text is a panel that opens: errors come with line and column", async () => {
  const { page } = await openPage("#puzzle=bloxorz&level=sample");
  assert.equal(await page.locator("#text-panel").getAttribute("open"), null);
  assert.ok(!(await page.locator("#input").isVisible()));
  await page.click("#text-panel summary");
  await page.fill("#input", "3 3\n#X\n");
  await page.click("#apply");
  await idle(page);
  await page.waitForSelector("#input-error:not([hidden])");
  assert.match(await page.locator("#input-error").textContent(), /^line \d+, column \d+: /);
  await page.fill("#input", "3 6\n######\n#X..O#\n######\n0 0\n");
  await page.click("#apply");
  await idle(page);
  assert.ok(await page.locator("#input-error").isHidden());
  assert.equal(await left(page), "2");
  assert.ok((await page.evaluate(() => location.hash)).includes("input="));
  await page.close();
});

test("the editor paints each kind it offers onto the board", async () => {
  const { page } = await openPage("#puzzle=bloxorz&level=sample");
  await page.click("#mode-edit");
  await idle(page);
  const kinds = await page.evaluate(() => state.play.kinds.map((k) => k[0]));
  assert.ok(kinds.includes("E") && kinds.includes("#"));
  await page.click('#palette button[data-kind="E"]');
  await clickCell(page, 5, 1);
  await idle(page);
  assert.equal((await picture(page)).symbols[5][1], "E");
  assert.equal(await page.locator("#level-title").textContent(), "your board");
  await page.close();
});

test("the Bloxorz classic editor paints bridges, switches and split switches", async () => {
  const { page, problems } = await openPage("#puzzle=bloxorz-classic&level=level02");
  await page.click("#mode-edit");
  await idle(page);
  await page.selectOption("#group-number", "new");
  await page.click('#palette button[data-kind="="]');
  await clickCell(page, 0, 0);
  await idle(page);
  assert.equal((await picture(page)).symbols[0][0], "-");
  assert.equal(await page.locator("#group-number").inputValue(), "3");
  await page.click('#palette button[data-kind="o"]');
  await clickCell(page, 1, 0);
  await idle(page);
  await page.click('#palette button[data-kind="s"]');
  for (const [r, c] of [[2, 0], [2, 1], [3, 0]]) {
    await clickCell(page, r, c);
    await idle(page);
  }
  const text = await page.evaluate(() => state.text);
  assert.match(text, /^bridge 3 off 1 1$/m);
  assert.match(text, /^switch 2 1 toggle 3$/m);
  assert.match(text, /^split 3 1 3 2 4 1$/m);
  const symbols = (await picture(page)).symbols;
  assert.deepEqual([symbols[1][0], symbols[2][0]], ["o", "s"]);
  // Floor painted over the bridge cell takes it out, and its bridge with it (the
  // switch that worked only that bridge becomes floor too).
  await page.click('#palette button[data-kind="."]');
  await clickCell(page, 0, 0);
  await idle(page);
  const after = await page.evaluate(() => state.text);
  assert.ok(!/bridge 3/.test(after) && !/switch 2 1/.test(after), after);
  assert.equal((await picture(page)).symbols[1][0], ".");
  assert.deepEqual(problems, []);
  await page.close();
});

test("keyboard only: Tab reaches a Klotski piece with a visible focus, arrows move it", async () => {
  const { page } = await openPage("#puzzle=klotski&level=sample");
  await page.locator("#board").focus();
  let piece = null;
  for (let i = 0; i < 30 && !piece; i++) {
    await page.keyboard.press("Tab");
    piece = await page.evaluate(() => document.activeElement.dataset && document.activeElement.dataset.piece);
  }
  assert.ok(piece, "Tab reaches a piece");
  const filter = await page.evaluate(() => getComputedStyle(document.activeElement).filter);
  assert.notEqual(filter, "none");
  // Tab on to a piece that can move down into the empty cells (G or H of the sample).
  while (!["G", "H"].includes(await page.evaluate(() => document.activeElement.dataset.piece))) await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown");
  await idle(page);
  assert.equal(await movesPlayed(page), 1);
  await page.close();
});

// ---- every puzzle: solution, phone, access, pictures ----------------------------------------

async function puzzleNames() {
  return (await api("/api/puzzles")).map((p) => p.name);
}

// The first level a puzzle lists (its sample's first case).
async function firstLevel(puzzle) {
  return (await api("/api/puzzles")).find((p) => p.name === puzzle).levels[0].name;
}

// The level each puzzle's pictures show: Bloxorz classic's level 2 has switches and bridges.
const PICTURED = { "bloxorz-classic": "level02" };

test("every puzzle's level solves, animates, fits a phone and has no serious axe violation", async (t) => {
  for (const puzzle of await puzzleNames()) {
    await t.test(puzzle, async () => {
      const level = PICTURED[puzzle] || (await firstLevel(puzzle));
      const { page, problems } = await openPage(`#puzzle=${puzzle}&level=${level}`);
      const optimum = Number(await left(page));
      await axe(page, `${puzzle} play`);
      // The pictures of the README: up to two moves of an optimal line played (one
      // short of the end at most), the hint shown.
      for (let i = 0; i < Math.min(2, optimum - 1); i++) {
        await page.click("#hint-btn");
        await idle(page);
        await page.click(`#pad [data-dir="${await page.locator("#message").getAttribute("data-dir")}"]`);
        await idle(page);
      }
      await page.click("#hint-btn");
      await idle(page);
      await page.screenshot({ path: path.join(SHOTS, `playground-${puzzle}.png`) });
      await page.click("#mode-solution");
      await idle(page);
      assert.equal(await page.locator("#answer").getAttribute("data-answer"), String(optimum));
      assert.equal(await page.locator("#step-count").textContent(), `0 / ${optimum}`);
      await page.click("#next");
      await page.click("#next");
      await idle(page);
      assert.equal(await page.locator("#step-count").textContent(), `2 / ${optimum}`);
      await page.click("#play-btn");
      await page.waitForFunction((n) => document.querySelector("#step-count").textContent === `${n} / ${n}`, optimum, { timeout: 30000 });
      await axe(page, `${puzzle} solution`);
      assert.deepEqual(problems, []);
      await page.close();

      const phone = await openPage(`#puzzle=${puzzle}&level=${level}`, { viewport: PHONE, touch: true });
      await noHorizontalScroll(phone.page);
      await axe(phone.page, `${puzzle} phone`);
      await phone.page.screenshot({ path: path.join(SHOTS, `playground-${puzzle}-phone.png`) });
      await phone.page.locator('#pad [data-dir="L"]').tap();
      await idle(phone.page);
      await noHorizontalScroll(phone.page);
      assert.deepEqual(phone.problems, []);
      await phone.page.close();
    });
  }
});
