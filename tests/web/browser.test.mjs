// browser.test.mjs - the browser test of the page of `grognard serve`
// (data/web/, docs/web.md): drives a headless chromium through puppeteer-core
// against a running server and plays through the page as a person would:
// the start panel, a game against the random AI (a piece picked on the map,
// an order's ghost, the order given, the AI's turn played back, a unit
// dragged to an exact move and a drag too long refused, the log),
// save and load, a phone-sized layout, and an assistant game up to its dice
// dialog with the dice entered by its face buttons. Screenshots go to
// SHOTS_DIR. Run by scripts/web-browser-test.sh:
//   node browser.test.mjs http://127.0.0.1:PORT/
// Environment: CHROME_PATH (default /usr/bin/chromium), SHOTS_DIR (default
// out/web-shots of the repository; docs/web holds the README's).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const BASE = new URL(process.argv[2] || process.env.GROGNARD_URL || 'http://127.0.0.1:8080/');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const SHOTS = process.env.SHOTS_DIR || path.join(ROOT, 'out', 'web-shots');
const TOTAL_MS = 170_000;       // the whole test, browser start to close
const STEP_MS = 20_000;         // one wait for the page
const AI_MS = 60_000;           // the random AI's turn, played back

let passed = 0;
const t0 = Date.now();
function ok(what) {
  passed++;
  console.log(`ok ${passed} - ${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

const watchdog = setTimeout(() => {
  console.error(`not ok - the test ran over ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);

/* ---------- reading the page ---------- */

const status = (page) => page.$eval('#status', (s) => ({ ...s.dataset }));

// the position as the server has it (read-only, to plan what to click)
async function position(page) {
  return page.evaluate(async () => {
    const id = document.getElementById('status').dataset.game;
    const r = await fetch('/api/games/' + encodeURIComponent(id));
    if (!r.ok) throw new Error('GET /api/games/' + id + ': ' + r.status);
    return r.json();
  });
}

// waits until the person decides, the AI is idle and the map shows this version
async function waitSettled(page, timeout = AI_MS) {
  await page.waitForFunction(() => {
    const s = document.getElementById('status').dataset;
    const map = document.getElementById('map').dataset;
    return (s.yours === 'true' || s.over === 'true') && s.thinking === 'false' &&
      document.body.dataset.busy === 'false' && map.version === s.version &&
      document.querySelector('#map svg g.table') !== null;
  }, { timeout, polling: 100 });
}

async function messageShown(page) {
  return page.$eval('#message', (m) => (m.hidden ? null : { kind: m.dataset.kind, text: m.textContent.trim() }));
}

const count = (page, sel) => page.$$eval(sel, (l) => l.length);

// clicks (or taps) a piece on the map where it is drawn; true when the side
// panel shows it
async function selectPiece(page, ref, tap) {
  const pts = await page.evaluate((ref) => {
    const map = document.getElementById('map');
    const mr = map.getBoundingClientRect();
    const out = [];
    const g = map.querySelector(`g[data-ref="${CSS.escape(ref)}"]`);
    if (g) {
      const r = g.getBoundingClientRect();
      out.push([r.left + r.width / 2, r.top + r.height / 2]);
      for (const shape of g.querySelectorAll('polygon, rect, circle, path')) {
        const b = shape.getBoundingClientRect();
        if (b.width > 0 && b.height > 0) out.push([b.left + b.width / 2, b.top + b.height / 2]);
      }
    }
    // only points inside the map, where the piece itself is on top
    return out.filter(([x, y]) => {
      if (x < mr.left + 2 || y < mr.top + 2 || x > mr.right - 60 || y > mr.bottom - 2) return false;
      const hit = document.elementFromPoint(x, y);
      const at = hit && hit.closest('g[data-ref]');
      return at && at.getAttribute('data-ref') === ref;
    });
  }, ref);
  for (const [x, y] of pts.slice(0, 4)) {
    if (tap) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    const shown = await page.$eval('#unit-panel', (p, ref) =>
      !p.hidden && document.getElementById('unit-title').textContent.includes('(' + ref + ')'), ref);
    if (shown) return true;
  }
  return false;
}

// hovers an order button; the ghost polygons drawn for it, and whether the
// ghost stands away from where the piece is (a move)
async function hoverGhost(page, n, piece) {
  const sel = `#unit-orders button[data-n="${n}"]`;
  await page.hover(sel);
  try {
    await page.waitForFunction(() => {
      const r = document.getElementById('ghost-reason');
      return document.querySelectorAll('#map g.table g.ghost polygon').length > 0 ||
        (!r.hidden && !r.textContent.endsWith('\u2026'));
    }, { timeout: 15_000, polling: 100 });
  } catch (e) {
    return { polys: 0, moved: false };
  }
  return page.evaluate((centre) => {
    const polys = [...document.querySelectorAll('#map g.table g.ghost polygon')];
    let sx = 0, sy = 0, k = 0;
    for (const p of polys) for (const pt of p.points) { sx += pt.x; sy += pt.y; k++; }
    const moved = k > 0 && Array.isArray(centre) && Math.hypot(sx / k - centre[0], sy / k - centre[1]) > 10;
    return { polys: polys.length, moved };
  }, piece && piece.centre);
}

// clicks the first "this decision" order (done and the like); its text
async function pressDone(page) {
  const btn = await page.evaluate(() => {
    const bs = [...document.querySelectorAll('#decision-orders button[data-n]')];
    const b = bs.find((x) => x.querySelector('.order-text').textContent.trim().startsWith('done')) || bs[0];
    return b ? { n: b.dataset.n, text: b.querySelector('.order-text').textContent } : null;
  });
  assert.ok(btn, 'a "this decision" order to press');
  const v0 = (await status(page)).version;
  await page.click(`#decision-orders button[data-n="${btn.n}"]`);
  await page.waitForFunction((v0) => {
    const s = document.getElementById('status').dataset;
    return s.version !== v0 || !document.getElementById('message').hidden ||
      !document.getElementById('dice-dialog').hidden;
  }, { timeout: STEP_MS, polling: 100 }, v0);
  return btn.text;
}

// the unit whose move the person decides now (the decision names it:
// "moves: 3e Ligne (u1)"), pressing done through the decisions before it;
// null when none comes
async function unitToMove(page, tries = 8) {
  for (let i = 0; i < tries; i++) {
    await waitSettled(page);
    const p = await position(page);
    if (p.over) return null;
    const m = /moves: .*\((u\d+)\)/.exec(p.decision || '');
    if (m && p.orders.some((o) => o.ref === m[1])) return { ref: m[1], version: String(p.version), decision: p.decision };
    await pressDone(page);
  }
  return null;
}

// drags the (selected) piece ref with the mouse by mu MU straight up the
// screen (down when up runs off the map), in steps; the ghost's polygons
// and lines seen before the button is let go
async function dragPiece(page, ref, mu) {
  const grip = await page.evaluate((ref) => {
    const map = document.getElementById('map');
    const mr = map.getBoundingClientRect();
    const t = map.querySelector('g.table');
    const g = map.querySelector(`g[data-ref="${CSS.escape(ref)}"]`);
    if (!g || !t) return null;
    const pts = [];
    const r = g.getBoundingClientRect();
    pts.push([r.left + r.width / 2, r.top + r.height / 2]);
    for (const shape of g.querySelectorAll('polygon, rect, circle, path')) {
      const b = shape.getBoundingClientRect();
      if (b.width > 0 && b.height > 0) pts.push([b.left + b.width / 2, b.top + b.height / 2]);
    }
    const at = pts.find(([x, y]) => {
      if (x < mr.left + 2 || y < mr.top + 2 || x > mr.right - 60 || y > mr.bottom - 2) return false;
      const hit = document.elementFromPoint(x, y);
      const on = hit && hit.closest('g[data-ref]');
      return on && on.getAttribute('data-ref') === ref;
    });
    const m = t.getScreenCTM();
    return at && { x: at[0], y: at[1], top: mr.top, bottom: mr.bottom,
      perMu: Number(t.getAttribute('data-scale')) * Math.hypot(m.a, m.b) };
  }, ref);
  assert.ok(grip, `a point of ${ref} to grab on the map`);
  let dy = -grip.perMu * mu;
  if (grip.y + dy < grip.top + 2) dy = -dy;
  assert.ok(grip.y + dy > grip.top + 2 && grip.y + dy < grip.bottom - 2, `a drag of ${mu} MU stays on the map`);
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  const steps = 8;
  let seen = { polys: 0, lines: 0 };
  for (let k = 1; k <= steps; k++) {
    await page.mouse.move(grip.x, grip.y + (dy * k) / steps);
    if (k === steps) {
      seen = await page.evaluate(() => ({
        polys: document.querySelectorAll('#map g.table g.drag-ghost polygon').length,
        lines: document.querySelectorAll('#map g.table g.drag-ghost line').length,
      }));
    }
  }
  await page.mouse.up();
  return { ...seen, up: dy < 0, px: Math.abs(dy) };
}

// waits for the answer to a drag: a new position on the map, or a message
async function dragAnswered(page, v0) {
  await page.waitForFunction((v0) => {
    const s = document.getElementById('status').dataset;
    return document.body.dataset.busy === 'false' &&
      ((s.version !== v0 && document.getElementById('map').dataset.version === s.version) ||
       !document.getElementById('message').hidden || !document.getElementById('dice-dialog').hidden);
  }, { timeout: STEP_MS, polling: 100 }, v0);
}

async function shot(page, name, keepMouse) {
  fs.mkdirSync(SHOTS, { recursive: true });
  if (!keepMouse) await page.mouse.move(1, 1);  // no stray hover in the picture
  const file = path.join(SHOTS, name);
  await page.screenshot({ path: file });
  assert.ok(fs.statSync(file).size > 5000, `${file} holds a picture`);
  ok(`screenshot ${path.relative(ROOT, file)}`);
}

/* ---------- the test ---------- */

async function main() {
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    protocolTimeout: 60_000,
  });
  const pageErrors = [];
  const foreign = [];
  const failed = [];
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_MS);
    await page.setViewport({ width: 1280, height: 800 });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    // (the browser's own "Failed to load resource" lines are the answers checked below)
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push('console: ' + m.text());
    });
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin !== BASE.origin && u.protocol !== 'data:') foreign.push(r.url());
    });
    page.on('response', (r) => {
      // 409 and 422 are answers the page handles (dice needed, refusals)
      if (r.status() >= 400 && r.status() !== 409 && r.status() !== 422) failed.push(r.status() + ' ' + r.url());
    });

    // a first visit: the default battle, ready to play against the AI
    await page.goto(BASE.href, { waitUntil: 'load' });
    await page.waitForSelector('#map svg g.table');
    await waitSettled(page);
    const first = await status(page);
    assert.equal(first.mode, 'play', 'the first visit plays against the AI');
    assert.equal(await page.$eval('#start-panel', (p) => p.hidden), true, 'no start panel before the battle');
    assert.ok(await count(page, '#map svg g[data-ref]') > 0, 'the default battle is on the table');
    const standing = await page.$eval('#status-standing', (s) => s.textContent);
    assert.match(standing, /of their strength in the field/, 'the status bar says how the battle stands');
    ok(`the address opens on the default battle: game ${first.game}, turn ${first.turn}, ${first.phase}`);

    // the start panel, through New game
    await page.click('#btn-new');
    await page.waitForFunction(() => !document.getElementById('start-panel').hidden);
    await page.waitForFunction(() => document.querySelectorAll('#scenario-select option').length > 0);
    const scen = await page.$eval('#scenario-select', (s) => ({
      n: s.options.length, chosen: s.selectedOptions[0] && s.selectedOptions[0].dataset.default,
    }));
    assert.equal(scen.chosen, 'true', 'the default scenario is preselected');
    assert.equal(await page.$eval('#game', (g) => g.hidden), true, 'the table is hidden before a game');
    ok(`start panel lists ${scen.n} scenarios, the default one chosen`);

    // a game against the random AI
    await page.select('#mode-select', 'play');
    await page.select('#side-select', '0');
    await page.click('#start-more summary');
    await page.type('#ai-spec', 'random');
    await page.click('#btn-start');
    await page.waitForSelector('#map svg g.table');
    await waitSettled(page);
    let st = await status(page);
    assert.equal(st.mode, 'play');
    assert.equal(await page.$eval('#start-panel', (p) => p.hidden), true, 'the start panel is gone');
    assert.ok(await count(page, '#map svg g[data-ref]') > 0, 'the map has pieces with data-ref');
    assert.ok(Number(await page.$eval('#map svg g.table', (g) => g.getAttribute('data-scale'))) > 0,
      'the table group has data-scale');
    ok(`game ${st.game} started: turn ${st.turn}, ${st.phase}, version ${st.version}`);
    const logStart = await count(page, '#log li');

    // zoom in and back to the whole table
    const vb0 = await page.$eval('#map svg', (s) => s.viewBox.baseVal.width);
    await page.click('#btn-zoom-in');
    const vb1 = await page.$eval('#map svg', (s) => s.viewBox.baseVal.width);
    assert.ok(vb1 < vb0, `zoom in narrows the view (${vb0} -> ${vb1})`);
    await page.click('#btn-zoom-fit');
    assert.equal(await page.$eval('#map svg', (s) => s.viewBox.baseVal.width), vb0, 'fit shows the whole table');
    ok('zoom buttons change the view box');

    // a piece picked on the map, an order hovered (its ghost), then given:
    // an order that moves a piece when one comes within a few decisions
    let given = null;
    for (let round = 0; round < 30 && !given; round++) {
      await waitSettled(page);
      const p = await position(page);
      if (p.over) break;
      const refs = [...new Set(p.orders.filter((o) => o.ref && o.text !== 'done').map((o) => o.ref))];
      let still = null;
      for (const ref of refs.slice(0, 8)) {
        if (!(await selectPiece(page, ref))) continue;
        const shown = await count(page, '#unit-orders button[data-n]');
        assert.equal(shown, p.orders.filter((o) => o.ref === ref).length, `the orders of ${ref} are listed`);
        const piece = p.pieces.find((x) => x.ref === ref);
        for (const o of p.orders.filter((x) => x.ref === ref && x.text !== 'done').slice(0, 6)) {
          const gh = await hoverGhost(page, o.n, piece);
          if (gh.polys > 0 && gh.moved) {
            given = { ref, order: o, polys: gh.polys };
            break;
          }
          if (gh.polys > 0 && !still) still = { ref, order: o, polys: gh.polys };
        }
        if (given) break;
      }
      if (!given && still && round >= 8) {
        // no move came: the last ghost of a piece that stays
        assert.ok(await selectPiece(page, still.ref), `${still.ref} selected again`);
        still.polys = (await hoverGhost(page, still.order.n, null)).polys;
        if (still.polys > 0) given = still;
      }
      if (!given) await pressDone(page);
    }
    assert.ok(given, 'some order of some piece shows a ghost when hovered');
    ok(`${given.ref} selected; hovering "${given.order.text}" draws ${given.polys} ghost polygons`);
    assert.ok((await page.$eval('#ghost-reason', (r) => r.textContent)).length > 0, 'the ghost comes with its reason');
    await shot(page, 'play.png', true);

    st = await status(page);
    const mapBefore = await page.$eval('#map svg', (s) => {
      const c = s.cloneNode(true);
      for (const g of c.querySelectorAll('g.ghost, g.hint-arrow')) g.remove();
      return c.outerHTML;
    });
    await page.click(`#unit-orders button[data-n="${given.order.n}"]`);
    await page.waitForFunction((v0) => {
      const s = document.getElementById('status').dataset;
      return (s.version !== v0 && document.getElementById('map').dataset.version === s.version) ||
        !document.getElementById('message').hidden;
    }, { timeout: STEP_MS }, st.version);
    assert.equal(await messageShown(page), null, `"${given.order.text}" is not refused`);
    const st2 = await status(page);
    assert.notEqual(st2.version, st.version, 'the version changes');
    const mapAfter = await page.$eval('#map svg', (s) => s.outerHTML);
    assert.ok((await page.$eval('#events', (e) => e.textContent)).includes(given.order.text) ||
      (await count(page, '#events li')) > 0, 'the order is told under "last order"');
    ok(`"${given.order.text}" given: version ${st.version} -> ${st2.version}, the map ` +
      (mapAfter !== mapBefore ? 'redrawn and changed' : 'redrawn'));

    // done-type orders until the AI has moved, then its turn played back
    await waitSettled(page);
    const aiBefore = await count(page, '#log li.ai-played');
    for (let i = 0; i < 25 && (await count(page, '#log li.ai-played')) === aiBefore; i++) {
      if ((await status(page)).over === 'true') break;
      await pressDone(page);
      await waitSettled(page);
    }
    const aiPlayed = await count(page, '#log li.ai-played');
    assert.ok(aiPlayed > aiBefore, 'the AI\'s orders are told in the log');
    st = await status(page);
    assert.ok(st.yours === 'true' || st.over === 'true', 'the person decides again after the AI');
    const aiSays = await page.$eval('#ai-status', (a) => a.textContent);
    assert.match(aiSays, /^The AI played \d+ orders?/, 'the AI status tells the turn played');
    const aiArrows = await count(page, '#map g.table g.ai-paths line');
    ok(`the AI played ${aiPlayed - aiBefore} orders (${aiArrows} arrows); yours again at turn ${st.turn}, ${st.phase}`);
    await page.evaluate((k) => {
      const first = document.querySelectorAll('#log li.ai-played')[k];
      if (first) first.scrollIntoView({ block: 'start' });
    }, aiBefore);
    await shot(page, 'ai-turn.png');

    // an exact move by dragging: the unit whose move is due, selected and
    // dragged 2 MU up the screen (toward the enemy for side 0) with a
    // ghost of its bases following; given (its order told) or refused with
    // the order the server made of it
    const mover = await unitToMove(page);
    assert.ok(mover, 'a move of one of the person\'s units comes');
    assert.ok(await selectPiece(page, mover.ref), `${mover.ref} selected`);
    const near = await dragPiece(page, mover.ref, 2);
    assert.ok(near.polys > 0, `dragging ${mover.ref} draws a ghost of its bases`);
    assert.ok(near.lines > 0, `dragging ${mover.ref} draws a line from its centre`);
    await dragAnswered(page, mover.version);
    assert.equal(await count(page, '#map g.drag-ghost'), 0, 'the drag\'s ghost goes when it is let go');
    assert.equal(await page.$eval('#dice-dialog', (d) => d.hidden), true, 'a game against the AI asks for no dice');
    const nearMsg = await messageShown(page);
    if (nearMsg) {
      assert.equal(nearMsg.kind, 'error', 'a refused drag is an error');
      assert.ok(nearMsg.text.startsWith(`refused: ${mover.ref} move`),
        `the refusal names the order the drag made: ${nearMsg.text}`);
      assert.equal((await status(page)).version, mover.version, 'a refused drag changes nothing');
      ok(`${mover.ref} dragged 2 MU (${near.polys} ghost polygons): ${(await page.$eval('#message-text', (t) => t.textContent)).slice(0, 100)}`);
      await page.click('#message-close');
    } else {
      await waitSettled(page);
      const said = await page.$eval('#events', (e) => e.textContent);
      assert.notEqual((await status(page)).version, mover.version, 'the drag changes the position');
      assert.ok(said.includes(`${mover.ref} move`), `the order of the drag is told: ${said.slice(0, 80)}`);
      const head = await page.$eval('#events li.event-head', (e) => e.textContent);
      ok(`${mover.ref} dragged 2 MU (${near.polys} ghost polygons): "${head}" given`);
    }

    // a drag far too long is refused with the rules' reason, and changes nothing
    const far = await unitToMove(page);
    assert.ok(far, 'a move of one of the person\'s units comes again');
    assert.ok(await selectPiece(page, far.ref), `${far.ref} selected again`);
    const farDrag = await dragPiece(page, far.ref, 20);
    assert.ok(farDrag.polys > 0, `dragging ${far.ref} 20 MU draws its ghost`);
    await dragAnswered(page, far.version);
    const farMsg = await messageShown(page);
    assert.ok(farMsg, `a drag of ${far.ref} 20 MU is refused`);
    assert.equal(farMsg.kind, 'error', 'the refusal is an error');
    assert.ok(farMsg.text.includes('refused:') && farMsg.text.includes('\u00a7'),
      `the refusal gives the rules' reason: ${farMsg.text}`);
    assert.equal((await status(page)).version, far.version, 'the refused drag changes nothing');
    assert.equal(await count(page, '#map g.drag-ghost'), 0, 'no ghost is left after a refusal');
    ok(`${far.ref} dragged 20 MU ${farDrag.up ? 'up' : 'down'} the screen: ${await page.$eval('#message-text', (t) => t.textContent)}`);
    await page.click('#message-close');

    // a hint for the decision due
    await page.click('#btn-hint');
    await page.waitForFunction(() => {
      const t = document.getElementById('hint-order').textContent;
      return (t && !t.endsWith('\u2026')) || !document.getElementById('message').hidden;
    }, { timeout: STEP_MS });
    assert.equal(await messageShown(page), null, 'the hint is given');
    const hinted = await page.$eval('#hint-order', (h) => h.textContent);
    const arrows = await count(page, '#map g.table g.hint-arrow');
    ok(`hint: "${hinted}"` + (arrows ? ', drawn as an arrow' : ', no arrow (an order of no piece)'));

    const logNow = await count(page, '#log li');
    assert.ok(logNow > logStart, `the log grew (${logStart} -> ${logNow} lines)`);
    ok(`the log grew from ${logStart} to ${logNow} lines`);

    // save, back to the start panel, load it
    await page.click('#btn-save');
    await page.waitForFunction(() => !document.getElementById('message').hidden);
    const saved = await page.$eval('#status', (s) => s.dataset.save || '');
    const msg = await messageShown(page);
    assert.equal(msg.kind, 'info', `saving succeeds (${msg.text})`);
    assert.match(saved, /(^|\/)web-[^/]+\.json$/, 'the save is a web-*.json file of the saves folder');
    assert.ok(msg.text.includes(saved), 'the message shows the save path');
    const atSave = await status(page);
    ok(`saved to ${saved} at turn ${atSave.turn}, ${atSave.phase}`);

    await page.click('#btn-new');
    await page.waitForFunction(() => !document.getElementById('start-panel').hidden);
    await page.waitForFunction((saved) =>
      [...document.querySelectorAll('#save-select option')].some((o) => o.value === saved), {}, saved);
    await page.select('#save-select', saved);
    await page.click('#btn-load');
    await page.waitForFunction((old) => {
      const s = document.getElementById('status').dataset;
      return !document.getElementById('game').hidden && s.game && s.game !== old;
    }, {}, atSave.game);
    await waitSettled(page);
    const loaded = await status(page);
    assert.equal(loaded.turn, atSave.turn, 'the loaded game is at the same turn');
    assert.equal(loaded.phase, atSave.phase, 'the loaded game is at the same phase');
    assert.equal(loaded.mode, 'play', 'the loaded game is a play game');
    ok(`loaded ${saved} as ${loaded.game}: turn ${loaded.turn}, ${loaded.phase}`);

    // a reload comes back to the game (its id is in the address)
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction((id) => document.getElementById('status').dataset.game === id, {}, loaded.game);
    await waitSettled(page);
    const again = await status(page);
    assert.equal(again.version, loaded.version, 'the reloaded page shows the same position');
    assert.equal(await page.$eval('#start-panel', (p) => p.hidden), true, 'a reload goes straight to the table');
    ok(`a reload comes back to ${again.game} at version ${again.version}`);

    // a phone with a touch screen (the page reloads and comes back to the game):
    // the panels under the map, a piece tapped, an order tapped once to see
    // its ghost and again to give it
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await page.waitForFunction((id) => document.getElementById('status').dataset.game === id &&
      document.querySelector('#map svg g.table') !== null, {}, loaded.game);
    await waitSettled(page);
    const phone = await page.evaluate(() => {
      const m = document.getElementById('map-area').getBoundingClientRect();
      const s = document.getElementById('side').getBoundingClientRect();
      const small = [...document.querySelectorAll('#toolbar button:not([hidden]), #map-tools button')]
        .filter((b) => { const r = b.getBoundingClientRect(); return r.height < 44 || r.width < 44; }).length;
      return { mapBottom: m.bottom, sideTop: s.top, mapWidth: m.width, small,
        overflow: document.documentElement.scrollWidth > window.innerWidth + 1 };
    });
    assert.ok(phone.sideTop >= phone.mapBottom - 1, 'on a phone the panels are under the map');
    assert.ok(phone.mapWidth > 300, 'on a phone the map takes the width');
    assert.equal(phone.small, 0, 'buttons are at least 44px');
    assert.equal(phone.overflow, false, 'nothing runs off the side of a phone');
    ok('on a phone the panels stack under the map, buttons >= 44px, nothing runs off the side');

    let tapped = null;
    for (let i = 0; i < 12 && !tapped; i++) {
      await waitSettled(page);
      const p = await position(page);
      if (p.over) break;
      const o = p.orders.find((x) => x.ref && x.text !== 'done');
      if (o && (await selectPiece(page, o.ref, true))) tapped = o;
      else await pressDone(page);
    }
    assert.ok(tapped, 'a piece with orders is tapped on a phone');
    const vTap = (await status(page)).version;
    const orderBtn = `#unit-orders button[data-n="${tapped.n}"]`;
    await (await page.$(orderBtn)).tap();
    await page.waitForFunction(() => {
      const r = document.getElementById('ghost-reason');
      return !r.hidden && !r.textContent.endsWith('\u2026');
    });
    assert.equal(await page.$eval(orderBtn, (b) => b.classList.contains('armed')), true, 'the first tap arms the order');
    assert.equal((await status(page)).version, vTap, 'the first tap gives nothing');
    ok(`a first tap on "${tapped.text}" shows its ghost (${await count(page, '#map g.ghost polygon')} polygons)`);
    await page.evaluate(() => { window.scrollTo(0, 0); document.querySelector('main').scrollTop = 0; });
    await shot(page, 'phone.png', true);
    await (await page.$(orderBtn)).tap();
    await page.waitForFunction((v0) => document.getElementById('status').dataset.version !== v0 ||
      !document.getElementById('message').hidden, {}, vTap);
    assert.equal(await messageShown(page), null, `"${tapped.text}" is taken`);
    ok(`a second tap gives "${tapped.text}"`);
    await waitSettled(page);

    await page.setViewport({ width: 1280, height: 800, isMobile: false, hasTouch: false });
    await page.waitForFunction((id) => document.getElementById('status').dataset.game === id &&
      document.querySelector('#map svg g.table') !== null, {}, loaded.game);
    await waitSettled(page);

    // an assistant game: orders until the rules ask for dice
    await page.click('#btn-new');
    await page.waitForFunction(() => !document.getElementById('start-panel').hidden);
    await page.select('#mode-select', 'assist');
    await page.click('#btn-start');
    await page.waitForFunction((old) => {
      const s = document.getElementById('status').dataset;
      return !document.getElementById('game').hidden && s.game !== old && s.mode === 'assist';
    }, {}, loaded.game);
    await waitSettled(page);
    assert.equal(await page.$eval('#btn-hint', (b) => b.textContent), 'Suggest', 'assistant mode suggests');
    assert.equal(await page.$eval('#btn-correct', (b) => b.hidden), false, 'assistant mode can correct');
    ok('assistant game started');

    let diceAt = null;
    for (let i = 0; i < 40 && !diceAt; i++) {
      await waitSettled(page);
      const p = await position(page);
      if (p.over) break;
      const refs = new Set(p.pieces.filter((x) => x.ref).map((x) => x.ref));
      const fire = p.orders.find((o) => / fire /.test(' ' + o.text + ' ') && refs.has(o.ref));
      const v0 = p.version;
      if (fire && (await selectPiece(page, fire.ref))) {
        await page.click(`#unit-orders button[data-n="${fire.n}"]`);
        await page.waitForFunction((v0) => String(document.getElementById('status').dataset.version) !== String(v0) ||
          !document.getElementById('dice-dialog').hidden || !document.getElementById('message').hidden,
        { timeout: STEP_MS }, v0);
      } else {
        await pressDone(page);
      }
      if (await page.$eval('#dice-dialog', (d) => !d.hidden)) diceAt = { version: String(v0) };
      const m = await messageShown(page);
      assert.equal(m, null, 'assistant orders are taken');
    }
    assert.ok(diceAt, 'an order of the assistant game asks for dice');
    const prompt = await page.$eval('#dice-prompt', (p) => p.textContent);
    const faces = await count(page, '#dice-faces button[data-face]');
    assert.ok(prompt.length > 0, 'the dice dialog names the roll');
    assert.ok(faces >= 2, 'the dice dialog has a button per face');
    ok(`dice asked for: "${prompt}" (${faces} faces)`);
    await shot(page, 'assist-dice.png');

    // the first roll by the face buttons, any roll after it typed ("4 1")
    let clicks = 0, typed = 0, rolls = 0;
    while (await page.$eval('#dice-dialog', (d) => !d.hidden)) {
      assert.ok(clicks + typed < 60, 'the dice dialog closes after the dice it asked for');
      await page.waitForFunction(() => document.body.dataset.busy === 'false');
      if (await page.$eval('#dice-dialog', (d) => d.hidden)) break;
      const prompt0 = await page.$eval('#dice-dialog', (d) => d.dataset.prompt);
      const want = Number((await page.$eval('#dice-count', (c) => c.textContent)).match(/of (\d+) entered/)[1]);
      if (rolls === 0) {
        for (let k = 0; k < want; k++) {
          await page.waitForFunction(() => document.body.dataset.busy === 'false');
          if (await page.$eval('#dice-dialog', (d) => d.hidden)) break;
          await page.click(`#dice-faces button[data-face="${Math.min(faces, 1 + (clicks * 3) % faces)}"]`);
          clicks++;
        }
      } else {
        const f = await count(page, '#dice-faces button[data-face]');
        const faces2 = Array.from({ length: want }, (_, k) => 1 + ((k + rolls) * 5) % f);
        await page.type('#dice-typed', faces2.join(' '));
        await page.keyboard.press('Enter');
        typed += want;
      }
      rolls++;
      await page.waitForFunction((p0) => document.body.dataset.busy === 'false' &&
        (document.getElementById('dice-dialog').hidden || document.getElementById('dice-dialog').dataset.prompt !== p0 ||
         /^Roll \d+d\d+: 0 of/.test(document.getElementById('dice-count').textContent)), {}, prompt0);
    }
    await waitSettled(page);
    assert.equal(await messageShown(page), null, 'the order with its dice is not refused');
    const after = await status(page);
    assert.notEqual(after.version, diceAt.version, 'the order with its dice is applied');
    assert.ok((await count(page, '#events li.event')) > 0, 'the order\'s events are told');
    assert.ok(clicks > 0, 'dice were entered with the face buttons');
    ok(`${rolls} rolls: ${clicks} dice by the face buttons, ${typed} typed; version ${diceAt.version} -> ${after.version}`);

    // a piece dragged to where it stands on the table, then the correction undone
    await waitSettled(page);
    const before = await position(page);
    const front = before.units.units
      .filter((u) => u.side === 0 && u.status === 'on_table')
      .sort((a, b) => b.y - a.y)[0];
    assert.ok(front, 'a unit of the first side on the table');
    await page.click('#btn-correct');
    assert.equal(await page.$eval('#btn-correct', (b) => b.getAttribute('aria-pressed')), 'true', 'correction mode is on');
    const grip = await page.evaluate((ref) => {
      const g = document.querySelector(`#map g[data-ref="${ref}"]`);
      const t = document.querySelector('#map g.table');
      const r = g.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2,
        perMu: Number(t.getAttribute('data-scale')) * t.getScreenCTM().a };
    }, front.id);
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    for (let k = 1; k <= 5; k++) await page.mouse.move(grip.x, grip.y - (grip.perMu * k) / 5);
    await page.mouse.up();
    await page.waitForFunction((v0) => String(document.getElementById('status').dataset.version) !== String(v0) ||
      !document.getElementById('message').hidden, { timeout: STEP_MS }, String(before.version));
    assert.equal(await messageShown(page), null, `dragging ${front.id} 1 MU forward is taken`);
    await waitSettled(page);
    const moved = (await position(page)).units.units.find((u) => u.id === front.id);
    assert.ok(Math.abs(moved.y - (front.y + 1)) < 0.2 && Math.abs(moved.x - front.x) < 0.2,
      `${front.id} dragged from (${front.x}, ${front.y}) stands at (${moved.x}, ${moved.y})`);
    ok(`${front.id} dragged 1 MU forward: (${front.x}, ${front.y}) -> (${moved.x}, ${moved.y})`);

    await page.click('#btn-undo');
    await waitSettled(page);
    await page.waitForFunction(async (ref, y) => {
      const id = document.getElementById('status').dataset.game;
      const r = await fetch('/api/games/' + id);
      const p = await r.json();
      return p.units.units.find((u) => u.id === ref).y === y;
    }, { timeout: STEP_MS, polling: 200 }, front.id, front.y);
    ok(`undo puts ${front.id} back`);

    // a typed correction the rules refuse is shown
    const other = before.units.units.find((u) => u.side === 0 && u.status === 'on_table' && u.id !== front.id);
    await page.type('#fix-input', `${front.id} at ${other.x} ${other.y} facing ${other.facing}`);
    await page.click('#btn-fix');
    await page.waitForFunction(() => !document.getElementById('message').hidden);
    const refused = await messageShown(page);
    assert.equal(refused.kind, 'error', 'a refused correction is an error');
    assert.match(refused.text, /refused/, 'the message says it was refused');
    ok(`a correction onto ${other.id} is refused: ${refused.text.slice(0, 80)}`);
    await page.click('#message-close');

    assert.deepEqual(pageErrors, [], 'no script errors on the page');
    assert.deepEqual(foreign, [], 'the page asks nothing of another site');
    assert.deepEqual(failed, [], 'no request of the page failed');
    ok('no script errors, no foreign requests, no failed requests');
  } finally {
    await browser.close();
  }
}

main().then(() => {
  clearTimeout(watchdog);
  console.log(`all ${passed} checks passed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  process.exit(0);
}, (e) => {
  clearTimeout(watchdog);
  console.error(`not ok - ${e.message}`);
  if (e.stack) console.error(e.stack.split('\n').slice(1, 4).join('\n'));
  process.exit(1);
});
