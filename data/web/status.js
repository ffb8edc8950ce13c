/* status.js - the status bar of the game on show (title, turn, phase, who
 * is to move, the decision, the result) with its data-* attributes, the
 * decision box's text, and the names of sides and phases. */

import { S, $ } from './state.js';

function setStatusData(d) {
  const st = $('status');
  for (const k of Object.keys(d)) st.dataset[k] = String(d[k]);
}

export function sideName(g, side) {
  if (g.side_names && side >= 0 && side < g.side_names.length) return g.side_names[side];
  return 'side ' + side;
}

/* the phase by name: the position's own, else the ruleset's state's */
function phaseName(g) {
  if (typeof g.phase === 'string') return g.phase;
  if (g.units && typeof g.units.phase === 'string') return g.units.phase;
  return g.phase === undefined || g.phase === null ? '' : 'phase ' + g.phase;
}

/* who is to move or decide, or '' when the game is over */
function whoText(g) {
  if (g.over) return '';
  const name = sideName(g, g.to_move);
  if (g.mode === 'assist') return name + ' to decide';
  return g.yours ? name + ' to move: you' : name + ' to move: the AI';
}

function renderResult(g) {
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
}

export function renderStatus() {
  const g = S.game;
  $('status-title').textContent = g.title || g.scenario || '';
  $('status-turn').textContent = g.turn !== undefined ? 'turn ' + g.turn : '';
  $('status-phase').textContent = phaseName(g);
  $('status-who').textContent = whoText(g);
  renderResult(g);
  setStatusData({
    version: g.version, yours: !!g.yours, over: !!g.over, turn: g.turn,
    phase: phaseName(g), mode: g.mode || '', game: g.id || '',
  });
  $('status-decision').textContent = g.over ? '' : g.decision || '';
  $('status-note').textContent = g.over ? '' : g.note || '';
  $('status-decision').title = g.decision || '';
  $('status-note').title = g.note || '';
  /* how the battle stands: each army's strength in the field, its shaken units, the clock */
  $('status-standing').textContent = g.standing || '';
  $('decision-text').textContent = g.decision || '';
  $('decision-note').textContent = g.note || '';
  $('btn-undo').disabled = !(g.undo > 0);
}

/* the status bar of no game (the start panel) */
export function clearStatus() {
  setStatusData({ version: '', yours: '', over: '', turn: '', phase: '', mode: '', game: '', save: '' });
  for (const id of ['status-title', 'status-turn', 'status-phase', 'status-who', 'status-decision', 'status-note',
    'status-standing', 'status-result'])
    $(id).textContent = '';
  $('status-result').hidden = true;
}
