// End-to-end tests of `gridsolve serve` in Debian's Chromium, driven by playwright-core
// (which downloads no browser). tools/e2e.sh builds the binary, starts the server and
// sets GRIDSOLVE_URL; CHROMIUM names the browser (default /usr/bin/chromium).
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");

const URL = process.env.GRIDSOLVE_URL;
const ROOT = path.resolve(__dirname, "..", "..");
const SHOTS = process.env.GRIDSOLVE_SCREENSHOTS || path.join(ROOT, "docs");

let browser;
let profile;

before(async () => {
  assert.ok(URL, "GRIDSOLVE_URL names the running server (tools/e2e.sh sets it)");
  profile = fs.mkdtempSync(path.join(os.tmpdir(), "gridsolve-e2e-"));
  // A fresh profile (the --user-data-dir of Chromium) for every run.
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1200, height: 820 },
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

async function openPage(hash = "") {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));
  await page.goto(URL + hash);
  await page.waitForSelector("body[data-ready=yes]");
  return { page, problems };
}

// The sample's answer as the fixture's judge output says it: the last number of its
// first line ("10", "Case 1: 9").
function expectedAnswer(puzzle) {
  const first = fs.readFileSync(path.join(ROOT, "fixtures", puzzle, "sample.out"), "utf8").split("\n")[0];
  const numbers = first.match(/-?\d+/g);
  return Number(numbers[numbers.length - 1]);
}

// The keys that play the first `count` moves of a path: [label or null, direction].
// A puzzle with labelled pieces writes a move as a word (label, then directions);
// the others a letter a move.
function keysOf(pathText, labels, count) {
  if (labels) {
    return pathText.split(" ").slice(0, count)
      .flatMap((word) => Array.from(word.slice(1)).map((d) => [word[0], d]));
  }
  return Array.from(pathText).slice(0, count).map((d) => [null, d]);
}

const ARROWS = { U: "ArrowUp", D: "ArrowDown", L: "ArrowLeft", R: "ArrowRight" };

async function clickCell(page, row, col) {
  const box = await page.locator("#board").boundingBox();
  const size = Number(await page.locator("#board").getAttribute("data-cell"));
  await page.mouse.click(box.x + col * size + size / 2, box.y + row * size + size / 2);
}

async function pressMove(page, label, dir) {
  if (label) {
    const cell = await page.evaluate((l) => {
      const symbols = state.play.picture.symbols;
      for (let r = 0; r < symbols.length; r++) {
        const c = symbols[r].indexOf(l);
        if (c >= 0) return [r, c];
      }
      return null;
    }, label);
    assert.ok(cell, `piece ${label} is on the board`);
    await clickCell(page, cell[0], cell[1]);
  }
  const before = await page.evaluate(() => state.play && state.play.path);
  await page.keyboard.press(ARROWS[dir]);
  await page.waitForFunction((b) => state.play && state.play.path !== b, before);
}

async function hint(page) {
  return page.locator("#hint").getAttribute("data-left");
}

async function puzzleNames() {
  const response = await fetch(`${URL}/api/puzzles`);
  return (await response.json()).map((p) => p.name);
}

test("every puzzle's sample solves, animates, plays and shares", async (t) => {
 for (const puzzle of await puzzleNames()) {
  await t.test(puzzle, async () => {
    const { page, problems } = await openPage();
    await page.selectOption("#puzzle", puzzle);
    await page.waitForFunction(() => document.querySelector("#answer").dataset.answer !== undefined
      && !document.querySelector("#answer").textContent.includes("solving"));
    await page.waitForFunction((p) => document.querySelector("#answer").textContent.length > 0
      && state.puzzle.name === p && state.solution, puzzle);
    const answer = expectedAnswer(puzzle);
    assert.equal(await page.locator("#answer").getAttribute("data-answer"), String(answer));
    // One frame per move, and the animation's controls walk them.
    assert.equal(await page.locator("#slider").getAttribute("max"), String(answer));
    assert.equal(await page.locator("#step-count").textContent(), `0 / ${answer}`);
    await page.click("#next");
    await page.click("#next");
    assert.equal(await page.locator("#step-count").textContent(), `2 / ${answer}`);
    await page.click("#prev");
    assert.equal(await page.locator("#step-count").textContent(), `1 / ${answer}`);
    await page.click("#play-btn");
    await page.waitForFunction((n) => document.querySelector("#step-count").textContent === `${n} / ${n}`,
      answer, { timeout: 20000 });
    await page.fill("#slider", String(Math.floor(answer / 2)));
    assert.equal(await page.locator("#step-count").textContent(), `${Math.floor(answer / 2)} / ${answer}`);
    await page.screenshot({ path: path.join(SHOTS, `playground-${puzzle}.png`) });

    // Play: the hint starts at the answer and falls by one along the optimal path.
    const pathText = await page.locator("#path").textContent();
    await page.click("#mode-play");
    await page.waitForFunction(() => state.play && document.querySelector("#hint").dataset.left);
    assert.equal(await hint(page), String(answer));
    const played = Math.min(3, answer);
    const labels = await page.evaluate(() => state.puzzle.labels);
    for (const [label, dir] of keysOf(pathText, labels, played)) await pressMove(page, label, dir);
    assert.equal(await hint(page), String(answer - played));
    assert.equal(await page.locator("#moves").textContent(),
      `${played} ${await page.evaluate(() => state.puzzle.move_word)} played`);
    await page.click("#undo");
    await page.waitForFunction((n) => state.play && state.play.moves === n, played - 1);
    assert.equal(await hint(page), String(answer - played + 1));

    // Share: the URL restores the board and the position.
    await page.click("#share");
    const url = await page.locator("#share-link").getAttribute("href");
    assert.ok(url.includes("#"), url);
    const shared = await openPage(url.slice(url.indexOf("#")));
    await shared.page.waitForFunction(() => state.play && document.querySelector("#hint").dataset.left);
    assert.equal(await hint(shared.page), String(answer - played + 1));
    assert.equal(await shared.page.evaluate(() => state.play.moves), played - 1);
    assert.equal(await shared.page.evaluate(() => state.puzzle.name), puzzle);
    assert.deepEqual(shared.problems, []);
    await shared.page.close();
    assert.deepEqual(problems, []);
    await page.close();
  });
 }
});

test("a parser error appears beside the input with its line and column", async () => {
  const { page } = await openPage();
  await page.selectOption("#puzzle", (await puzzleNames())[1]);
  await page.waitForFunction(() => state.solution);
  await page.fill("#input", "3 3\n#X\n");
  await page.click("#solve");
  await page.waitForSelector("#input-error:not([hidden])");
  const text = await page.locator("#input-error").textContent();
  assert.match(text, /^line \d+, column \d+: /);
  await page.close();
});

test("a fixture loads by name and the editor changes the board", async () => {
  const { page } = await openPage();
  await page.selectOption("#puzzle", (await puzzleNames())[1]);
  await page.waitForFunction(() => state.solution);
  const names = await page.evaluate(() => state.puzzle.fixtures);
  assert.ok(names.length > 1);
  await page.selectOption("#fixture", names[0]);
  await page.click("#load");
  await page.waitForFunction((n) => state.fixture && state.fixture.name === n && state.solution, names[0]);
  assert.equal(await page.inputValue("#input"),
    fs.readFileSync(path.join(ROOT, "fixtures", (await puzzleNames())[1], `${names[0]}.in`), "utf8"));
  // Edit the sample: the first kind the editor offers, on the top-left cell.
  await page.selectOption("#fixture", "");
  await page.click("#load");
  await page.waitForFunction(() => state.solution && !state.fixture);
  await page.click("#mode-edit");
  await page.waitForFunction(() => state.play && state.play.kinds.length > 0);
  const before = await page.inputValue("#input");
  const kinds = await page.evaluate(() => state.play.kinds.map((k) => k[0]));
  // A kind unlike the top-left cell's.
  const corner = await page.evaluate(() => state.play.picture.symbols[0][0]);
  const kind = kinds.find((k) => k !== corner);
  await page.click(`#palette button[data-kind="${kind}"]`);
  await clickCell(page, 0, 0);
  await page.waitForFunction((b) => document.querySelector("#input").value !== b
    || document.querySelector("#edit-error").textContent, before);
  const error = await page.locator("#edit-error").textContent();
  if (!error) {
    assert.equal(await page.evaluate(() => state.play.picture.symbols[0][0]), kind);
  }
  await page.close();
});
