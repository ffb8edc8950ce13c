/* app.js - the behaviour of the page of `grognard serve` (index.html), over
 * the JSON API of docs/web.md: the start panel (scenarios, saves, new game,
 * load), the map inlined as SVG (zoom, pan, pieces picked by their
 * data-ref), a piece's state and orders, the ghost and odds of an order
 * before it is given, orders given (with the dice dialog of assistant mode),
 * the AI's turn polled and told, hints with their arrow, undo, save, and the
 * position corrected by dragging a piece (assistant mode). Plain browser
 * JavaScript, no libraries. */
'use strict';

(function () {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const AI_POLL_MS = 300;
  const HINT_MS = 1000;
  const DRAG_THRESHOLD_PX = 6;

  const $ = (id) => document.getElementById(id);

  /* everything the page knows about the game on show */
  const S = {
    game: null,           /* the last position */
    id: null,             /* its id */
    selected: null,       /* the ref of the selected piece */
    logNext: 0,           /* the next log line to ask for */
    base: null,           /* the map's own viewBox {x, y, w, h} */
    view: null,           /* the viewBox on show */
    scale: 20,            /* px per board unit (data-scale) */
    boardH: 0,            /* the board's height in board units (data-height) */
    previewToken: 0,
    previewCache: new Map(), /* "version:n" -> preview answer */
    armed: null,          /* the order number a first tap previewed */
    pointerType: 'mouse', /* of the last press on an order button */
    busy: false,          /* an order, undo, fix or hint is on its way */
    aiRuns: 0,            /* AI turns started without the person deciding in between */
    correcting: false,    /* assistant mode: dragging pieces corrects the position */
    hint: null,           /* the last hint, drawn while its version is on show */
    dice: null,           /* the dice dialog's order, dice given and faces typed */
    aiPaths: null,        /* the moves of the AI's last turn, drawn until the person acts */
    mapToken: 0,
  };

  /* ---------- the server ---------- */

  async function api(method, path, body) {
    const opt = { method, headers: {} };
    if (body !== undefined) {
      opt.headers['Content-Type'] = 'application/json';
      opt.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, opt);
    } catch (e) {
      return { status: 0, data: { error: 'no answer from the server (' + e.message + ')' } };
    }
    const text = await res.text();
    let data;
    try {
      data = text ? JSON.parse(text) : {};
    } catch (e) {
      data = { error: 'the server answered ' + res.status + ' with no JSON: ' + text.slice(0, 200) };
    }
    if (data === null || typeof data !== 'object') data = { error: 'unexpected answer: ' + text.slice(0, 200) };
    return { status: res.status, data };
  }

  const gamePath = (rest) => '/api/games/' + encodeURIComponent(S.id) + (rest || '');
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const errText = (r) => (r.data && r.data.error) || ('HTTP ' + r.status);
  /* a refusal of the rules, said once */
  const refusal = (r) => (/^refused\b/.test(errText(r)) ? '' : 'refused: ') + errText(r);

  /* ---------- messages ---------- */

  function showMessage(text, kind) {
    $('message-text').textContent = text;
    $('message').className = kind === 'info' ? 'info' : '';
    $('message').dataset.kind = kind || 'error';
    $('message').hidden = false;
  }
  const showError = (text) => showMessage(text, 'error');
  const showInfo = (text) => showMessage(text, 'info');
  function clearMessage() {
    $('message').hidden = true;
    $('message-text').textContent = '';
  }

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    if (attrs) for (const k of Object.keys(attrs)) {
      if (k === 'class') e.className = attrs[k];
      else if (k.startsWith('data-') || k === 'type' || k === 'title' || k === 'aria-label') e.setAttribute(k, attrs[k]);
      else e[k] = attrs[k];
    }
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function svgEl(tag, attrs) {
    const e = document.createElementNS(SVG_NS, tag);
    if (attrs) for (const k of Object.keys(attrs)) e.setAttribute(k, attrs[k]);
    return e;
  }

  /* ---------- the start panel ---------- */

  async function loadScenarios() {
    const r = await api('GET', '/api/scenarios');
    const sel = $('scenario-select');
    sel.textContent = '';
    if (r.status !== 200 || !Array.isArray(r.data.scenarios)) {
      showError('cannot list the scenarios: ' + errText(r));
      return;
    }
    for (const s of r.data.scenarios) {
      const o = el('option', { value: s.path }, (s.name || s.path) + ' (' + (s.ruleset || '?') + ')');
      o.dataset.ruleset = s.ruleset || '';
      if (s.default) {
        o.selected = true;
        o.dataset.default = 'true';
      }
      sel.appendChild(o);
    }
  }

  /* a save's time: seconds since 1970, or the server's own text */
  function when(t) {
    if (typeof t !== 'number') return String(t);
    const d = new Date(t * 1000);
    return isNaN(d.getTime()) ? String(t) : d.toLocaleString();
  }

  async function loadSaves() {
    const r = await api('GET', '/api/saves');
    const sel = $('save-select');
    sel.textContent = '';
    if (r.status !== 200 || !Array.isArray(r.data.saves)) {
      showError('cannot list the saves: ' + errText(r));
      return;
    }
    for (const s of r.data.saves) {
      const label = s.path + ' \u2014 ' + (s.mode || '?') + ', ' + (s.scenario || '?') +
        (s.modified ? ', ' + when(s.modified) : '');
      sel.appendChild(el('option', { value: s.path }, label));
    }
    if (sel.options.length) sel.selectedIndex = 0;
    $('btn-load').disabled = sel.options.length === 0;
  }

  async function loadOpenGames() {
    const r = await api('GET', '/api/games');
    const sel = $('open-select');
    sel.textContent = '';
    const games = r.status === 200 && Array.isArray(r.data.games) ? r.data.games : [];
    for (const g of games) {
      sel.appendChild(el('option', { value: g.id }, g.id + ': ' + (g.title || '?') + ' (' + (g.mode || '?') +
        (g.over ? ', over' : '') + ')'));
    }
    $('open-box').hidden = games.length === 0;
  }

  /* shows a game open on the server; false when there is no such game */
  async function resumeGame(id) {
    if (!id) return false;
    const r = await api('GET', '/api/games/' + encodeURIComponent(id));
    if (r.status !== 200) return false;
    clearMessage();
    await enterGame(r.data);
    return true;
  }

  async function startGame() {
    clearMessage();
    const body = {
      mode: $('mode-select').value,
      side: Number($('side-select').value),
      ai: $('ai-spec').value.trim() || $('ai-select').value,
    };
    if ($('scenario-select').value) body.scenario = $('scenario-select').value;
    const seed = $('seed-input').value.trim();
    if (seed !== '') body.seed = Number(seed);
    $('btn-start').disabled = true;
    const r = await api('POST', '/api/games', body);
    $('btn-start').disabled = false;
    if (r.status !== 201 && r.status !== 200) {
      showError('cannot start the game: ' + errText(r));
      return;
    }
    await enterGame(r.data);
  }

  async function loadGame() {
    clearMessage();
    const path = $('save-select').value;
    if (!path) {
      showError('choose a save to load');
      return;
    }
    $('btn-load').disabled = true;
    const r = await api('POST', '/api/games/load', { save: path });
    $('btn-load').disabled = false;
    if (r.status !== 201 && r.status !== 200) {
      showError('cannot load ' + path + ': ' + errText(r));
      return;
    }
    await enterGame(r.data);
  }

  function showStart() {
    S.id = null;
    S.game = null;
    S.selected = null;
    S.hint = null;
    closeDice();
    $('game').hidden = true;
    $('start-panel').hidden = false;
    $('map').textContent = '';
    $('log').textContent = '';
    $('events').textContent = '';
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    setStatusData({ version: '', yours: '', over: '', turn: '', phase: '', mode: '', game: '', save: '' });
    for (const id of ['status-title', 'status-turn', 'status-phase', 'status-who', 'status-decision', 'status-note',
      'status-result'])
      $(id).textContent = '';
    $('status-result').hidden = true;
    setThinking(false);
    loadSaves();
    loadOpenGames();
  }

  async function newGame() {
    const id = S.id;
    const g = S.game;
    showStart();
    /* the game is saved already: close it on the server */
    if (id && g && !g.ai_thinking) api('DELETE', '/api/games/' + encodeURIComponent(id));
  }

  async function enterGame(pos) {
    S.id = pos.id;
    /* the address names the game, so a reload comes back to it */
    history.replaceState(null, '', '#' + encodeURIComponent(pos.id));
    S.game = null;
    S.selected = null;
    S.logNext = 0;
    S.base = null;
    S.view = null;
    S.hint = null;
    S.aiRuns = 0;
    S.aiPaths = null;
    S.previewCache.clear();
    setCorrecting(false);
    $('log').textContent = '';
    $('events').textContent = '';
    $('start-panel').hidden = true;
    $('game').hidden = false;
    $('hint-panel').hidden = true;
    const assist = pos.mode === 'assist';
    $('btn-hint').textContent = assist ? 'Suggest' : 'Hint';
    $('btn-correct').hidden = !assist;
    $('fix-panel').hidden = true;
    setPosition(pos);
    await Promise.all([refreshMap(), refreshLog()]);
    maybeRunAI();
  }

  /* ---------- the position ---------- */

  function setStatusData(d) {
    const st = $('status');
    for (const k of Object.keys(d)) st.dataset[k] = String(d[k]);
  }

  function sideName(g, side) {
    if (g.side_names && side >= 0 && side < g.side_names.length) return g.side_names[side];
    return 'side ' + side;
  }

  /* the phase by name: the position's own, else the ruleset's state's */
  function phaseName(g) {
    if (typeof g.phase === 'string') return g.phase;
    if (g.units && typeof g.units.phase === 'string') return g.units.phase;
    return g.phase === undefined || g.phase === null ? '' : 'phase ' + g.phase;
  }

  function setPosition(pos) {
    const prev = S.game;
    S.game = pos;
    if (!prev || prev.version !== pos.version) {
      S.armed = null;
      S.previewCache.clear();
      if (S.hint && S.hint.version !== pos.version) {
        S.hint = null;
        $('hint-panel').hidden = true;
      }
    }
    if (pos.yours) S.aiRuns = 0;
    renderStatus();
    renderDecision();
    renderUnitPanel();
    markPieces();
  }

  function renderStatus() {
    const g = S.game;
    $('status-title').textContent = g.title || g.scenario || '';
    $('status-turn').textContent = g.turn !== undefined ? 'turn ' + g.turn : '';
    $('status-phase').textContent = phaseName(g);
    let who = '';
    if (!g.over) {
      const name = sideName(g, g.to_move);
      if (g.mode === 'assist') who = name + ' to decide';
      else who = g.yours ? name + ' to move: you' : name + ' to move: the AI';
    }
    $('status-who').textContent = who;
    if (g.over) {
      const res = g.result || {};
      const w = res.winner;
      const head = w === 0 || w === 1 ? sideName(g, w) + ' win' : 'a draw';
      $('status-result').textContent = 'Over: ' + head + (res.reason ? ' (' + res.reason + ')' : '');
      $('status-result').hidden = false;
    } else {
      $('status-result').textContent = '';
      $('status-result').hidden = true;
    }
    setStatusData({
      version: g.version, yours: !!g.yours, over: !!g.over, turn: g.turn,
      phase: phaseName(g), mode: g.mode || '', game: g.id || '',
    });
    $('status-decision').textContent = g.over ? '' : g.decision || '';
    $('status-note').textContent = g.over ? '' : g.note || '';
    $('status-decision').title = g.decision || '';
    $('status-note').title = g.note || '';
    $('decision-text').textContent = g.decision || '';
    $('decision-note').textContent = g.note || '';
    $('btn-undo').disabled = !(g.undo > 0);
  }

  function pieceRefs() {
    const refs = new Set();
    for (const p of (S.game && S.game.pieces) || []) if (p.ref) refs.add(p.ref);
    return refs;
  }

  function renderDecision() {
    const g = S.game;
    const box = $('decision-orders');
    box.textContent = '';
    const refs = pieceRefs();
    for (const o of g.orders || []) {
      if (!o.ref || !refs.has(o.ref)) box.appendChild(orderButton(o));
    }
    if (!g.yours && !g.over && g.mode === 'play') {
      box.appendChild(el('p', { class: 'note' }, 'The AI is to move.'));
    }
  }

  /* the ruleset's own record of a piece: fogn units.units[] / commanders[],
   * Lasalle units[] / officers[], or any list of objects with that id */
  function findUnitState(ref) {
    const u = S.game && S.game.units;
    if (!u || typeof u !== 'object') return null;
    const lists = [];
    for (const k of ['units', 'commanders', 'officers']) if (Array.isArray(u[k])) lists.push(u[k]);
    for (const k of Object.keys(u)) if (Array.isArray(u[k]) && !lists.includes(u[k])) lists.push(u[k]);
    for (const list of lists) {
      for (const x of list) {
        if (x && typeof x === 'object' && String(x.id) === ref) return x;
      }
    }
    return null;
  }

  const FIRST_FIELDS = ['name', 'side', 'troop', 'type', 'formation', 'cohesion', 'disr', 'bases_lost',
    'status', 'role', 'cp', 'division', 'force', 'x', 'y', 'facing'];

  function showValue(v) {
    if (v === null) return '\u2014';
    if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  }

  function renderUnitPanel() {
    const ref = S.selected;
    const g = S.game;
    if (!ref || !g) {
      $('unit-panel').hidden = true;
      return;
    }
    const piece = (g.pieces || []).find((p) => p.ref === ref);
    const unit = findUnitState(ref);
    const name = (unit && unit.name) || (piece && piece.label) || ref;
    $('unit-title').textContent = name + ' (' + ref + ')';
    const dl = $('unit-state');
    dl.textContent = '';
    const add = (k, v) => {
      dl.appendChild(el('dt', null, k));
      dl.appendChild(el('dd', { 'data-field': k }, showValue(v)));
    };
    if (piece && piece.detail) add('piece', piece.detail);
    if (piece && piece.side !== undefined) add('side', sideName(g, piece.side));
    if (unit) {
      const keys = Object.keys(unit).filter((k) => k !== 'id' && k !== 'side');
      keys.sort((a, b) => {
        const ia = FIRST_FIELDS.indexOf(a), ib = FIRST_FIELDS.indexOf(b);
        return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
      });
      for (const k of keys) {
        const v = unit[k];
        if (v === false) continue;  /* flags that are off say nothing */
        add(k, v);
      }
    } else if (piece) {
      if (piece.broken) add('broken', true);
      if (piece.worn) add('worn', true);
    }
    const box = $('unit-orders');
    box.textContent = '';
    for (const o of g.orders || []) if (o.ref === ref) box.appendChild(orderButton(o));
    $('unit-panel').hidden = false;
  }

  /* ---------- orders ---------- */

  function orderButton(o) {
    const b = el('button', { type: 'button', class: 'order', 'data-n': String(o.n), 'data-testid': 'order-' + o.n,
      'data-ref': o.ref || '' });
    b.appendChild(el('span', { class: 'order-text' }, o.text));
    if (o.note) b.appendChild(el('span', { class: 'order-note' }, o.note));
    b.addEventListener('pointerenter', (e) => {
      if (e.pointerType === 'mouse') preview(o);
    });
    b.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && S.armed === null) clearGhost();
    });
    b.addEventListener('pointerdown', (e) => { S.pointerType = e.pointerType || 'mouse'; });
    b.addEventListener('focus', () => { if (S.pointerType === 'keyboard') preview(o); });
    b.addEventListener('click', (e) => {
      const touch = e.detail > 0 && (S.pointerType === 'touch' || S.pointerType === 'pen');
      S.pointerType = 'mouse';
      if (touch && S.armed !== o.n) {
        /* first tap: show where it goes */
        S.armed = o.n;
        for (const x of document.querySelectorAll('.orders button.armed')) x.classList.remove('armed');
        b.classList.add('armed');
        preview(o);
        return;
      }
      S.armed = null;
      giveOrder({ n: o.n }, o.text);
    });
    return b;
  }

  async function preview(o) {
    if (!S.game || !S.id) return;
    const token = ++S.previewToken;
    const key = S.game.version + ':' + o.n;
    let data = S.previewCache.get(key);
    if (!data) {
      showReason(o.text + ': \u2026');
      const r = await api('POST', gamePath('/preview'), { n: o.n });
      if (token !== S.previewToken) return;
      if (r.status !== 200) {
        clearGhost();
        showReason(o.text + ': ' + errText(r));
        return;
      }
      data = r.data;
      S.previewCache.set(key, data);
    }
    if (token !== S.previewToken) return;
    drawGhost(data.ghost || []);
    for (const b of document.querySelectorAll('.orders button.previewing')) b.classList.remove('previewing');
    for (const b of document.querySelectorAll('.orders button[data-n="' + o.n + '"]')) b.classList.add('previewing');
    let text = (data.order || o.text);
    if (data.note) text += ' \u2014 ' + data.note;
    if (data.reason) text += '\n' + data.reason;
    showReason(text);
  }

  function showReason(text) {
    $('ghost-reason').textContent = text;
    $('ghost-reason').hidden = !text;
  }

  function tableGroup() {
    return $('map').querySelector('svg g.table');
  }

  function clearGhost() {
    S.previewToken++;
    for (const g of $('map').querySelectorAll('g.ghost')) g.remove();
    for (const b of document.querySelectorAll('.orders button.previewing')) b.classList.remove('previewing');
    showReason('');
  }

  function polygonPoints(b) {
    const pts = [];
    if (!Array.isArray(b)) return '';
    if (b.length && Array.isArray(b[0])) {
      for (const p of b) pts.push(p[0] + ',' + p[1]);
    } else {
      for (let i = 0; i + 1 < b.length; i += 2) pts.push(b[i] + ',' + b[i + 1]);
    }
    return pts.join(' ');
  }

  function drawGhost(ghost) {
    for (const g of $('map').querySelectorAll('g.ghost')) g.remove();
    const table = tableGroup();
    if (!table) return;
    const g = svgEl('g', { class: 'ghost', 'data-testid': 'ghost' });
    for (const piece of ghost) {
      for (const b of piece.bases || []) {
        const pts = polygonPoints(b);
        if (pts) g.appendChild(svgEl('polygon', { points: pts }));
      }
      if ((!piece.bases || !piece.bases.length) && Array.isArray(piece.centre)) {
        g.appendChild(svgEl('circle', { cx: piece.centre[0], cy: piece.centre[1], r: 10,
          fill: '#fff', 'fill-opacity': 0.5, stroke: '#111', 'stroke-dasharray': '4 3' }));
      }
    }
    table.appendChild(g);
  }

  function setBusy(b) {
    S.busy = b;
    document.body.dataset.busy = b ? 'true' : 'false';
  }

  /* gives an order ({n} or {order}, with dice in assistant mode) and follows
   * the answer: the new position, a refusal, or dice to ask for */
  /* the person acts: the account of the AI's last turn goes */
  function personActs() {
    clearMessage();
    S.aiPaths = null;
    for (const a of $('map').querySelectorAll('g.ai-paths')) a.remove();
    if ($('status').dataset.thinking !== 'true') setThinking(false);
  }

  async function giveOrder(body, label) {
    if (S.busy || !S.id) return;
    personActs();
    clearGhost();
    setBusy(true);
    const r = await api('POST', gamePath('/order'), body);
    setBusy(false);
    await orderAnswered(body, label, r);
  }

  async function orderAnswered(body, label, r) {
    if (r.status === 200) {
      closeDice();
      showEvents(label || body.order || ('order ' + body.n), r.data.events || []);
      await newPosition(r.data);
      return;
    }
    if (r.status === 409 && r.data.need) {
      openDice(body, label, r.data);
      return;
    }
    closeDice();
    if (r.status === 422) showError(refusal(r));
    else showError(errText(r));
  }

  function showEvents(label, events) {
    const box = $('events');
    box.textContent = '';
    box.appendChild(el('li', { class: 'event-head' }, label));
    for (const line of events) box.appendChild(el('li', { class: 'event' }, line));
  }

  async function newPosition(pos) {
    if (!pos || pos.id === undefined) {
      await refreshPosition();
    } else {
      setPosition(pos);
    }
    await Promise.all([refreshMap(), refreshLog()]);
    maybeRunAI();
  }

  async function refreshPosition() {
    if (!S.id) return;
    const id = S.id;
    const r = await api('GET', gamePath(''));
    if (id !== S.id) return;
    if (r.status !== 200) {
      showError('cannot read the game: ' + errText(r));
      return;
    }
    setPosition(r.data);
  }

  /* ---------- the dice dialog (assistant mode) ---------- */

  /* faces still to type for the roll asked for: its dice less those of it
   * already in the list sent (need.have) */
  function diceToType(need) {
    const n = (Number(need.dice) || 1) - (Number(need.have) || 0);
    return n > 0 ? n : 1;
  }

  function openDice(body, label, answer) {
    const need = answer.need || {};
    /* every face sent so far (the answer's "given" counts them) */
    const sent = Array.isArray(body.dice) ? body.dice : [];
    const given = Array.isArray(answer.given) ? answer.given : sent;
    const base = Object.assign({}, body);
    delete base.dice;
    S.dice = { body: base, label, given: given.slice(), need, typed: [] };
    $('dice-prompt').textContent = need.prompt || 'roll the dice';
    $('dice-order').textContent = label ? 'for the order: ' + label : '';
    const faces = Math.max(2, Math.min(100, Number(need.faces) || 6));
    const box = $('dice-faces');
    box.textContent = '';
    for (let f = 1; f <= faces; f++) {
      const b = el('button', { type: 'button', 'data-face': String(f), 'data-testid': 'dice-face-' + f }, String(f));
      b.addEventListener('click', () => addDice([f]));
      box.appendChild(b);
    }
    $('dice-typed').value = '';
    renderDice();
    $('dice-dialog').hidden = false;
    $('dice-dialog').dataset.prompt = need.prompt || '';
    const first = box.querySelector('button');
    if (first) first.focus();
  }

  function renderDice() {
    const d = S.dice;
    if (!d) return;
    const n = Number(d.need.dice) || 1;
    const want = diceToType(d.need);
    const faces = Number(d.need.faces) || 6;
    $('dice-count').textContent = 'Roll ' + n + 'd' + faces + ': ' + d.typed.length + ' of ' + want + ' entered' +
      (want < n ? ' (' + (n - want) + ' of this roll typed before)' : '');
    $('dice-given').textContent = d.typed.join(' ');
  }

  function addDice(faces) {
    const d = S.dice;
    if (!d || S.busy) return;
    const max = Number(d.need.faces) || 6;
    for (const f of faces) {
      if (!Number.isInteger(f) || f < 1 || f > max) {
        showError('a die shows 1 to ' + max + ', not ' + f);
        return;
      }
    }
    d.typed.push(...faces);
    renderDice();
    if (d.typed.length >= diceToType(d.need)) sendDice();
  }

  async function sendDice() {
    const d = S.dice;
    if (!d || S.busy) return;
    const body = Object.assign({}, d.body, { dice: d.given.concat(d.typed) });
    setBusy(true);
    const r = await api('POST', gamePath('/order'), body);
    setBusy(false);
    await orderAnswered(body, d.label, r);
  }

  function closeDice() {
    S.dice = null;
    $('dice-dialog').hidden = true;
  }

  /* ---------- the AI's turn ---------- */

  function setThinking(on, text) {
    $('status').dataset.thinking = on ? 'true' : 'false';
    $('ai-status').hidden = !on && !text;
    $('ai-status').textContent = text || '';
  }

  function maybeRunAI() {
    const g = S.game;
    if (!g || g.mode !== 'play' || g.over || g.yours) return;
    if (S.aiRuns >= 3) {
      setThinking(false, 'The AI did not finish its turn.');
      return;
    }
    S.aiRuns++;
    runAI(g.ai_thinking);
  }

  async function runAI(already) {
    const id = S.id;
    setThinking(true, 'The AI is thinking\u2026');
    if (!already) {
      const r = await api('POST', gamePath('/ai'));
      if (id !== S.id) return;
      if (r.status === 409) {
        /* not its turn after all (or thinking already): look again */
        const p = await api('GET', gamePath('/ai'));
        if (id !== S.id) return;
        if (!(p.status === 200 && p.data.thinking)) {
          setThinking(false);
          await refreshPosition();
          await Promise.all([refreshMap(), refreshLog()]);
          return;
        }
      } else if (r.status !== 202 && r.status !== 200) {
        setThinking(false);
        showError('the AI cannot play: ' + errText(r));
        return;
      }
    }
    let seen = 0;
    let last = null;
    for (;;) {
      await sleep(AI_POLL_MS);
      if (id !== S.id) return;
      const r = await api('GET', gamePath('/ai'));
      if (id !== S.id) return;
      if (r.status !== 200) {
        setThinking(false);
        showError('cannot follow the AI: ' + errText(r));
        return;
      }
      last = r.data;
      const played = Array.isArray(last.played) ? last.played : [];
      let li = null;
      for (; seen < played.length; seen++) {
        li = el('li', { class: 'ai-played', 'data-testid': 'ai-played' }, 'AI: ' + played[seen]);
        $('log').appendChild(li);
      }
      if (li) {
        scrollLog();
        li.scrollIntoView({ block: 'nearest' });
      }
      if (!last.thinking) break;
      const bits = [];
      if (last.iterations > 0) bits.push(last.iterations + ' iterations');
      if (last.best) bits.push('best so far: ' + last.best);
      if (played.length) bits.push(played.length + (played.length === 1 ? ' order' : ' orders') + ' played');
      const text = 'The AI is thinking' + (bits.length ? ': ' + bits.join(', ') : '\u2026');
      setThinking(true, text);
    }
    const n = last && Array.isArray(last.played) ? last.played.length : 0;
    setThinking(false, 'The AI played ' + n + (n === 1 ? ' order' : ' orders') +
      (last && Array.isArray(last.paths) && last.paths.length ? ' (its moves are drawn as arrows)' : '') + '.');
    S.aiPaths = last && Array.isArray(last.paths) ? last.paths : null;
    if (last && last.error) showError('the AI stopped: ' + last.error);
    await refreshPosition();
    await Promise.all([refreshMap(), refreshLog()]);
    if (!(last && last.error)) maybeRunAI();
  }

  /* ---------- the log ---------- */

  async function refreshLog() {
    if (!S.id) return;
    const id = S.id;
    const r = await api('GET', gamePath('/log?since=' + S.logNext));
    if (id !== S.id || r.status !== 200) return;
    const lines = Array.isArray(r.data.lines) ? r.data.lines : [];
    const frag = document.createDocumentFragment();
    for (const line of lines) frag.appendChild(el('li', { class: 'line' }, line));
    $('log').appendChild(frag);
    if (typeof r.data.next === 'number') S.logNext = r.data.next;
    else S.logNext += lines.length;
    scrollLog();
  }

  function scrollLog() {
    const log = $('log');
    log.scrollTop = log.scrollHeight;
  }

  /* ---------- the map ---------- */

  async function refreshMap() {
    if (!S.id) return;
    const id = S.id;
    const token = ++S.mapToken;
    const version = S.game ? S.game.version : '';
    let text;
    try {
      const res = await fetch(gamePath('/map.svg'));
      text = await res.text();
      if (!res.ok) {
        let msg = text;
        try { msg = JSON.parse(text).error || text; } catch (e) { /* the text as it is */ }
        showError('cannot draw the map: ' + msg);
        return;
      }
    } catch (e) {
      showError('cannot draw the map: ' + e.message);
      return;
    }
    if (id !== S.id || token !== S.mapToken) return;
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    if (!root || root.nodeName !== 'svg' || doc.querySelector('parsererror')) {
      showError('the map is not SVG');
      return;
    }
    const svg = document.importNode(root, true);
    const vb = (svg.getAttribute('viewBox') || '').trim().split(/[\s,]+/).map(Number);
    let base;
    if (vb.length === 4 && vb.every(Number.isFinite)) base = { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };
    else base = { x: 0, y: 0, w: parseFloat(svg.getAttribute('width')) || 1000,
      h: parseFloat(svg.getAttribute('height')) || 800 };
    if (!S.base || S.base.w !== base.w || S.base.h !== base.h || !S.view) S.view = Object.assign({}, base);
    S.base = base;
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    svg.setAttribute('data-testid', 'map-svg');
    const map = $('map');
    map.textContent = '';
    map.appendChild(svg);
    map.dataset.version = String(version);
    applyView();
    const table = tableGroup();
    if (table) {
      S.scale = parseFloat(table.getAttribute('data-scale')) || 20;
      S.boardH = parseFloat(table.getAttribute('data-height')) || 0;
    }
    markPieces();
    if (S.hint && S.game && S.hint.version === S.game.version) drawArrow(S.hint.arrow);
    if (S.aiPaths) drawPaths(S.aiPaths);
  }

  function markPieces() {
    const map = $('map');
    const g = S.game;
    if (!g) return;
    const withOrders = new Set();
    for (const o of g.orders || []) if (o.ref) withOrders.add(o.ref);
    for (const p of map.querySelectorAll('g[data-ref]')) {
      const ref = p.getAttribute('data-ref');
      p.classList.toggle('has-orders', withOrders.has(ref));
      p.classList.toggle('selected', ref === S.selected);
    }
  }

  function applyView() {
    const svg = $('map').querySelector('svg');
    if (!svg || !S.view) return;
    const v = S.view;
    svg.setAttribute('viewBox', v.x + ' ' + v.y + ' ' + v.w + ' ' + v.h);
  }

  /* map units per screen pixel under preserveAspectRatio meet */
  function unitsPerPixel() {
    const r = $('map').getBoundingClientRect();
    if (!S.view || r.width <= 0 || r.height <= 0) return 1;
    return Math.max(S.view.w / r.width, S.view.h / r.height);
  }

  /* a point of the screen in the SVG's user units (viewBox) */
  function toUser(clientX, clientY) {
    const svg = $('map').querySelector('svg');
    const m = svg && svg.getScreenCTM();
    if (!m) return null;
    return new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  }

  /* a point of the screen in the px of the table group */
  function toTable(clientX, clientY) {
    const t = tableGroup();
    const m = t && t.getScreenCTM();
    if (!m) return null;
    return new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  }

  function zoomAt(ux, uy, factor) {
    if (!S.view || !S.base) return;
    const v = S.view;
    const nw = v.w * factor;
    if (nw < S.base.w / 25 || nw > S.base.w * 3) return;
    v.x = ux - (ux - v.x) * factor;
    v.y = uy - (uy - v.y) * factor;
    v.w = nw;
    v.h = v.h * factor;
    applyView();
  }

  function zoomCentre(factor) {
    if (!S.view) return;
    zoomAt(S.view.x + S.view.w / 2, S.view.y + S.view.h / 2, factor);
  }

  function pointInPolygon(x, y, pts) {
    let inside = false;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const xi = pts[i][0], yi = pts[i][1], xj = pts[j][0], yj = pts[j][1];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }

  function basePoints(b) {
    if (!Array.isArray(b)) return [];
    if (b.length && Array.isArray(b[0])) return b;
    const pts = [];
    for (let i = 0; i + 1 < b.length; i += 2) pts.push([b[i], b[i + 1]]);
    return pts;
  }

  /* the piece under a screen point: its SVG group, else its bases in the
   * position, else the nearest centre within a finger's reach */
  function pieceAt(target, clientX, clientY) {
    const g = target && target.closest && target.closest('g[data-ref]');
    if (g) return g.getAttribute('data-ref');
    const p = toTable(clientX, clientY);
    if (!p || !S.game) return null;
    let best = null;
    let bestD = 24 * unitsPerPixel();
    for (const piece of S.game.pieces || []) {
      if (!piece.ref) continue;
      for (const b of piece.bases || []) if (pointInPolygon(p.x, p.y, basePoints(b))) return piece.ref;
      if (Array.isArray(piece.centre)) {
        const d = Math.hypot(piece.centre[0] - p.x, piece.centre[1] - p.y);
        if (d < bestD) {
          bestD = d;
          best = piece.ref;
        }
      }
    }
    return best;
  }

  function select(ref) {
    S.selected = ref;
    S.armed = null;
    clearGhost();
    markPieces();
    renderUnitPanel();
  }

  /* pointer handling on the map: pan (drag on the background), pinch zoom
   * (two fingers), select (a tap), drag a piece (correction mode) */
  const pointers = new Map();
  let gesture = null;

  function onMapDown(e) {
    if (e.button !== undefined && e.button > 0) return;
    const map = $('map');
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    try { map.setPointerCapture(e.pointerId); } catch (err) { /* capture is a convenience */ }
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      gesture = { kind: 'pinch', dist: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
      return;
    }
    if (pointers.size > 2) return;
    const ref = S.correcting ? pieceAt(e.target, e.clientX, e.clientY) : null;
    gesture = {
      kind: ref ? 'drag' : 'pan',
      target: e.target,
      ref,
      x0: e.clientX,
      y0: e.clientY,
      view0: S.view ? Object.assign({}, S.view) : null,
      moved: false,
      t0: ref ? toTable(e.clientX, e.clientY) : null,
    };
    if (ref) {
      const g = map.querySelector('g[data-ref="' + CSS.escape(ref) + '"]');
      gesture.g = g;
      gesture.transform0 = g ? g.getAttribute('transform') || '' : '';
    }
  }

  function onMapMove(e) {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (gesture.kind === 'pinch') {
      if (pointers.size < 2) return;
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const u = toUser((a.x + b.x) / 2, (a.y + b.y) / 2);
      if (u) zoomAt(u.x, u.y, gesture.dist / d);
      gesture.dist = d;
      return;
    }
    const dx = e.clientX - gesture.x0, dy = e.clientY - gesture.y0;
    if (!gesture.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    gesture.moved = true;
    if (gesture.kind === 'pan' && gesture.view0) {
      $('map').classList.add('panning');
      const k = unitsPerPixel();
      S.view.x = gesture.view0.x - dx * k;
      S.view.y = gesture.view0.y - dy * k;
      applyView();
    } else if (gesture.kind === 'drag' && gesture.g && gesture.t0) {
      const t = toTable(e.clientX, e.clientY);
      if (!t) return;
      gesture.g.classList.add('dragging');
      gesture.g.setAttribute('transform',
        ('translate(' + (t.x - gesture.t0.x) + ' ' + (t.y - gesture.t0.y) + ') ' + gesture.transform0).trim());
    }
  }

  function onMapUp(e) {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    const map = $('map');
    map.classList.remove('panning');
    const gs = gesture;
    if (!gs) return;
    if (gs.kind === 'pinch') {
      if (pointers.size === 0) gesture = null;
      return;
    }
    gesture = null;
    if (e.type === 'pointercancel') {
      if (gs.g) gs.g.setAttribute('transform', gs.transform0);
      return;
    }
    if (!gs.moved) {
      const ref = pieceAt(gs.target, e.clientX, e.clientY);
      if (ref) select(ref);
      else if (gs.target && gs.target.closest && !gs.target.closest('g.ghost')) select(null);
      return;
    }
    if (gs.kind === 'drag' && gs.t0) {
      const t = toTable(e.clientX, e.clientY);
      if (gs.g) gs.g.classList.remove('dragging');
      if (!t) return;
      dragCorrection(gs.ref, t.x - gs.t0.x, t.y - gs.t0.y, gs);
    }
  }

  function onWheel(e) {
    e.preventDefault();
    const u = toUser(e.clientX, e.clientY);
    if (!u) return;
    zoomAt(u.x, u.y, e.deltaY < 0 ? 1 / 1.2 : 1.2);
  }

  /* ---------- corrections (assistant mode) ---------- */

  const fmt = (v) => String(Math.round(v * 100) / 100);

  function dragCorrection(ref, dpx, dpy, gs) {
    const g = S.game;
    const dx = dpx / S.scale;
    const dy = -dpy / S.scale;
    const rec = findUnitState(ref);
    let x, y;
    if (rec && Number.isFinite(rec.x) && Number.isFinite(rec.y)) {
      x = rec.x;
      y = rec.y;
    } else {
      const piece = (g.pieces || []).find((p) => p.ref === ref);
      if (!piece || !Array.isArray(piece.centre)) {
        if (gs.g) gs.g.setAttribute('transform', gs.transform0);
        showError('cannot tell where ' + ref + ' stands');
        return;
      }
      x = piece.centre[0] / S.scale;
      y = S.boardH - piece.centre[1] / S.scale;
    }
    let edit = ref + ' at ' + fmt(x + dx) + ' ' + fmt(y + dy);
    const isCommander = g.units && Array.isArray(g.units.commanders) && g.units.commanders.includes(rec);
    if (!isCommander && rec && Number.isFinite(rec.facing)) edit += ' facing ' + fmt(rec.facing);
    sendFix(edit, gs);
  }

  async function sendFix(edit, gs) {
    if (!S.id || S.busy) return;
    personActs();
    setBusy(true);
    const r = await api('POST', gamePath('/fix'), { edit });
    setBusy(false);
    if (r.status === 200) {
      showEvents('corrected: ' + edit, r.data.events || []);
      await newPosition(r.data);
      return;
    }
    if (gs && gs.g) gs.g.setAttribute('transform', gs.transform0);
    showError((r.status === 422 ? refusal(r) : errText(r)) + ' (' + edit + ')');
  }

  function setCorrecting(on) {
    S.correcting = on;
    $('btn-correct').setAttribute('aria-pressed', on ? 'true' : 'false');
    $('map').classList.toggle('correcting', on);
    $('fix-panel').hidden = !on;
  }

  /* ---------- hints ---------- */

  async function hint() {
    if (!S.id || S.busy) return;
    clearMessage();
    setBusy(true);
    const version = S.game.version;
    $('hint-panel').hidden = false;
    $('hint-order').textContent = 'thinking\u2026';
    $('hint-reason').textContent = '';
    $('hint-alternatives').textContent = '';
    $('btn-hint-give').hidden = true;
    const r = await api('POST', gamePath('/hint'), { ms: HINT_MS });
    setBusy(false);
    if (r.status !== 200) {
      $('hint-panel').hidden = true;
      showError('no hint: ' + errText(r));
      return;
    }
    const h = r.data;
    S.hint = { version, order: h.order, arrow: h.arrow };
    $('hint-order').textContent = h.order || '';
    $('hint-reason').textContent = h.reason || '';
    const ol = $('hint-alternatives');
    for (const a of h.alternatives || []) {
      let t = a.order;
      if (typeof a.share === 'number') t += ' \u2014 ' + Math.round(a.share * 100) + '% of the search';
      if (typeof a.expected_score === 'number') t += ', expected ' + Math.round(a.expected_score * 100) / 100;
      ol.appendChild(el('li', null, t));
    }
    $('btn-hint-give').hidden = !h.order || !(S.game && S.game.yours && S.game.version === version);
    drawArrow(h.arrow);
  }

  /* an arrow from one point of the table group to another into g (a ring
   * where they are the same point) */
  function arrowInto(g, from, to, colour) {
    const [x1, y1] = from, [x2, y2] = to;
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len < 1) {
      g.appendChild(svgEl('circle', { cx: x2, cy: y2, r: 14, fill: 'none', stroke: colour, 'stroke-width': 5 }));
    } else {
      const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      const head = Math.min(22, len / 2);
      const bx = x2 - ux * head, by = y2 - uy * head;
      g.appendChild(svgEl('line', { x1, y1, x2: bx, y2: by }));
      const px = -uy * head * 0.55, py = ux * head * 0.55;
      g.appendChild(svgEl('path', { d: 'M' + x2 + ' ' + y2 + ' L' + (bx + px) + ' ' + (by + py) +
        ' L' + (bx - px) + ' ' + (by - py) + ' Z' }));
    }
  }

  function drawArrow(arrow) {
    for (const a of $('map').querySelectorAll('g.hint-arrow')) a.remove();
    const table = tableGroup();
    if (!table || !arrow || !Array.isArray(arrow.from) || !Array.isArray(arrow.to)) return;
    const g = svgEl('g', { class: 'hint-arrow', 'data-testid': 'hint-arrow' });
    arrowInto(g, arrow.from, arrow.to, '#d00000');
    table.appendChild(g);
  }

  /* the AI's moves of its last turn: {ref, from, to} in px of the table group */
  function drawPaths(paths) {
    for (const a of $('map').querySelectorAll('g.ai-paths')) a.remove();
    const table = tableGroup();
    if (!table) return;
    const g = svgEl('g', { class: 'ai-paths', 'data-testid': 'ai-paths' });
    for (const p of paths) {
      if (p && Array.isArray(p.from) && Array.isArray(p.to)) arrowInto(g, p.from, p.to, '#5a189a');
    }
    if (g.childNodes.length) table.appendChild(g);
  }

  /* ---------- undo, save ---------- */

  async function undo() {
    if (!S.id || S.busy) return;
    personActs();
    setBusy(true);
    const r = await api('POST', gamePath('/undo'));
    setBusy(false);
    if (r.status !== 200) {
      showError('cannot undo: ' + errText(r));
      return;
    }
    showEvents('undone', r.data.events || []);
    $('log').appendChild(el('li', { class: 'note' }, '(undone)'));
    await newPosition(r.data);
  }

  async function save() {
    if (!S.id) return;
    clearMessage();
    const r = await api('POST', gamePath('/save'), {});
    if (r.status !== 200) {
      showError('cannot save: ' + errText(r));
      return;
    }
    showInfo('saved: ' + r.data.save);
    $('status').dataset.save = r.data.save || '';
  }

  /* ---------- wiring ---------- */

  function wire() {
    $('btn-start').addEventListener('click', startGame);
    $('btn-load').addEventListener('click', loadGame);
    $('save-select').addEventListener('dblclick', loadGame);
    $('btn-refresh-saves').addEventListener('click', () => { loadSaves(); loadOpenGames(); });
    $('btn-resume').addEventListener('click', async () => {
      const id = $('open-select').value;
      if (id && !(await resumeGame(id))) {
        showError('game ' + id + ' is no longer open');
        loadOpenGames();
      }
    });
    $('message-close').addEventListener('click', clearMessage);
    $('btn-hint').addEventListener('click', hint);
    $('btn-hint-give').addEventListener('click', () => {
      if (S.hint && S.hint.order) giveOrder({ order: S.hint.order }, S.hint.order);
    });
    $('btn-undo').addEventListener('click', undo);
    $('btn-save').addEventListener('click', save);
    $('btn-new').addEventListener('click', newGame);
    $('btn-correct').addEventListener('click', () => setCorrecting(!S.correcting));
    $('fix-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const t = $('fix-input').value.trim();
      if (t) sendFix(t, null).then(() => { if ($('message').hidden) $('fix-input').value = ''; });
    });
    $('btn-zoom-in').addEventListener('click', () => zoomCentre(1 / 1.25));
    $('btn-zoom-out').addEventListener('click', () => zoomCentre(1.25));
    $('btn-zoom-fit').addEventListener('click', () => {
      if (S.base) {
        S.view = Object.assign({}, S.base);
        applyView();
      }
    });
    const map = $('map');
    map.addEventListener('pointerdown', onMapDown);
    map.addEventListener('pointermove', onMapMove);
    map.addEventListener('pointerup', onMapUp);
    map.addEventListener('pointercancel', onMapUp);
    map.addEventListener('wheel', onWheel, { passive: false });
    map.addEventListener('dblclick', (e) => {
      const u = toUser(e.clientX, e.clientY);
      if (u && !S.correcting) zoomAt(u.x, u.y, 1 / 1.5);
    });
    $('dice-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const parts = $('dice-typed').value.trim().split(/[\s,]+/).filter((s) => s !== '');
      if (!parts.length) return;
      const faces = parts.map(Number);
      $('dice-typed').value = '';
      addDice(faces);
    });
    $('btn-dice-clear').addEventListener('click', () => {
      if (S.dice) {
        S.dice.typed = [];
        renderDice();
      }
    });
    $('btn-dice-cancel').addEventListener('click', closeDice);
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Tab') S.pointerType = 'keyboard';
      if (e.key === 'Escape') {
        if (S.dice) closeDice();
        else clearGhost();
      }
      if (S.dice && /^[1-9]$/.test(e.key) && document.activeElement !== $('dice-typed')) {
        addDice([Number(e.key)]);
      }
    });
  }

  async function init() {
    wire();
    setBusy(false);
    await loadScenarios();
    const id = decodeURIComponent(location.hash.slice(1));
    if (id && (await resumeGame(id))) return;
    if (id) history.replaceState(null, '', location.pathname + location.search);
    /* a first visit opens on the default battle, ready to play against the AI;
     * New game offers the other scenarios, sides, levels and the assistant */
    const r = await api('POST', '/api/games', {});
    if (r.status === 201) {
      await enterGame(r.data);
      return;
    }
    showError('the default battle could not be started: ' + errText(r));
    loadSaves();
    loadOpenGames();
  }

  init();
})();
