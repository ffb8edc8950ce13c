/* start.js - the start panel and the ways into a game: the scenarios, the
 * saves and the games open on the server listed; a new game started, a save
 * loaded, an open game resumed; the table shown for a game (enterGame) and
 * the start panel shown again (New game). */

import { S, $, el } from './state.js';
import { api, errText } from './api.js';
import { showError, clearMessage } from './messages.js';
import { clearStatus } from './status.js';
import { setPosition } from './position.js';
import { refreshMap } from './map.js';
import { refreshLog } from './log.js';
import { setThinking, maybeRunAI } from './ai.js';
import { closeDice } from './dice.js';
import { setCorrecting } from './fix.js';

export async function loadScenarios() {
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

export async function loadSaves() {
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

export async function loadOpenGames() {
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
export async function resumeGame(id) {
  if (!id) return false;
  const r = await api('GET', '/api/games/' + encodeURIComponent(id));
  if (r.status !== 200) return false;
  clearMessage();
  await enterGame(r.data);
  return true;
}

/* the game chosen in the list of open games (Resume) */
export async function resumeChosen() {
  const id = $('open-select').value;
  if (id && !(await resumeGame(id))) {
    showError('game ' + id + ' is no longer open');
    loadOpenGames();
  }
}

export async function startGame() {
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

export async function loadGame() {
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
  clearStatus();
  setThinking(false);
  loadSaves();
  loadOpenGames();
}

export async function newGame() {
  const id = S.id;
  const g = S.game;
  showStart();
  /* the game is saved already: close it on the server */
  if (id && g && !g.ai_thinking) api('DELETE', '/api/games/' + encodeURIComponent(id));
}

/* the table for the position pos of a game: nothing of the last game kept */
export async function enterGame(pos) {
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
