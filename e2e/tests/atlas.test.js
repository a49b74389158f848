// End-to-end tests of `gridsolve serve --atlas DIR` in Chromium: tools/e2e.sh starts a
// second server over a small Klotski board's atlas (4 x 3) and sets GRIDSOLVE_ATLAS_URL
// to it (GRIDSOLVE_URL is the server without an atlas). Any board opened, pasted or
// edited shows what the atlas says of it, as /api/atlas says it, and the atlas's
// hardest layouts are a level list of their own whose optimum the solver confirms.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { chromium } = require("playwright-core");

const ATLAS_URL = process.env.GRIDSOLVE_ATLAS_URL;
const PLAIN_URL = process.env.GRIDSOLVE_URL;

let browser;

before(async () => {
  assert.ok(ATLAS_URL, "GRIDSOLVE_ATLAS_URL names the server with an atlas (tools/e2e.sh sets it)");
  assert.ok(PLAIN_URL, "GRIDSOLVE_URL names the server without one (tools/e2e.sh sets it)");
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

async function openPage(url, hash) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 820 } });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  await page.goto(url + "/" + hash);
  await page.waitForSelector("body[data-ready=yes]", { timeout: 30000 });
  page.close = ((close) => async () => {
    await close.call(page);
    await context.close();
  })(page.close);
  return { page, problems };
}

async function idle(page) {
  await page.evaluate(async () => {
    for (;;) {
      const busy = state.busy;
      await busy;
      if (busy === state.busy) break;
    }
  });
}

async function api(url, pathname, body) {
  const response = await fetch(`${url}${pathname}`, body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

// The line the page shows for what /api/atlas says of `text`.
async function expectedLine(text) {
  const said = await api(ATLAS_URL, "/api/atlas", { puzzle: "klotski", input: text });
  assert.equal(said.in_atlas, true, JSON.stringify(said));
  const where = said.moves === null ? "no way to the exit" : `${said.moves} ${said.moves === 1 ? "move" : "moves"} from the exit`;
  return { said, line: `${where} · group of ${said.group_size.toLocaleString("en")} layouts` };
}

const atlasLine = (page) => page.locator("#atlas").textContent();

test("with an atlas, the hardest layouts are a level list and any board shows its distance and group", async () => {
  const { page, problems } = await openPage(ATLAS_URL, "#puzzle=klotski&level=sample");
  await idle(page);
  // The classic sample is 5 x 4: not of this atlas's space, and said so.
  assert.ok(await page.locator("#atlas").isVisible());
  assert.match(await atlasLine(page), /^not in the atlas: the board is 5 x 4, the atlas's 4 x 3$/);

  // The hardest layouts, listed with their optimum, farthest first.
  const list = await api(ATLAS_URL, "/api/puzzles");
  const hardest = list.find((p) => p.name === "klotski").levels.filter((l) => l.atlas);
  assert.ok(hardest.length > 3, String(hardest.length));
  const shown = await page.locator('#level optgroup[label="Hardest layouts (atlas)"] option').allTextContents();
  assert.deepEqual(shown, hardest.map((l) => `${l.title} · ${l.optimum}`));

  // The hardest one opened: the atlas's distance is the solver's optimum.
  await page.selectOption("#level", hardest[0].name);
  await idle(page);
  assert.equal(await page.locator("#level-title").textContent(), hardest[0].title);
  const text = await page.evaluate(() => state.text);
  const first = await expectedLine(text);
  assert.equal(first.said.moves, hardest[0].optimum);
  assert.equal(await atlasLine(page), first.line);
  assert.equal(await page.locator("#hint").getAttribute("data-left"), String(hardest[0].optimum));

  // A board the player makes (pasted): a 1x1 piece taken off is another group.
  const lines = text.split("\n");
  const rows = Number(lines[0].split(" ")[0]);
  const grid = lines.slice(1, 1 + rows).join("");
  const single = [...grid].find((ch) => ch !== "." && grid.split(ch).length === 2);
  assert.ok(single, text);
  const made = [lines[0], ...lines.slice(1, 1 + rows).map((row) => row.replace(single, ".")), ...lines.slice(1 + rows)].join("\n");
  await page.click("#text-panel summary");
  await page.fill("#input", made);
  await page.click("#apply");
  await idle(page);
  const second = await expectedLine(made);
  assert.notEqual(second.said.group, first.said.group);
  assert.equal(await atlasLine(page), second.line);
  assert.equal(await page.locator("#atlas").getAttribute("data-group"), String(second.said.group));

  assert.deepEqual(problems, []);

  // A board the player edits: the first of the editor's kinds that changes the first
  // cell painted there (a kind the board refuses there is answered 4xx and skipped).
  await page.click("#mode-edit");
  await idle(page);
  const before = await page.evaluate(() => state.text);
  const kinds = await page.evaluate(() => state.play.kinds.map((k) => k[0]));
  let edited = false;
  for (const kind of kinds) {
    await page.click(`#palette button[data-kind="${kind}"]`);
    const p = await page.evaluate(() => board.cellCentre(0, 0));
    await page.mouse.click(p.x, p.y);
    await idle(page);
    const after = await page.evaluate(() => state.text);
    if (after === before) continue;
    edited = true;
    const said = await api(ATLAS_URL, "/api/atlas", { puzzle: "klotski", input: after });
    if (said.in_atlas) assert.equal(await atlasLine(page), (await expectedLine(after)).line);
    else assert.equal(await atlasLine(page), `not in the atlas: ${said.why}`);
    break;
  }
  assert.ok(edited, `no kind of ${kinds.join(" ")} changed the board`);
  await page.close();
});

test("without an atlas, the page shows no atlas line and no hardest layouts", async () => {
  const { page, problems } = await openPage(PLAIN_URL, "#puzzle=klotski&level=sample");
  await idle(page);
  assert.ok(await page.locator("#atlas").isHidden());
  assert.equal(await page.locator('#level optgroup[label="Hardest layouts (atlas)"]').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});
