/* unit.js - the selected piece: selecting it (or none), and its panel, its
 * name, the ruleset's record of it and its orders. findUnitState finds that
 * record in the position. */

import { S, $, el } from './state.js';
import { sideName } from './status.js';
import { orderButton } from './order-button.js';
import { markPieces } from './map.js';
import { clearGhost } from './overlays.js';

/* the ruleset's own record of a piece: fogn units.units[] / commanders[],
 * Lasalle units[] / officers[], or any list of objects with that id */
export function findUnitState(ref) {
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

/* the piece's state as a list of fields: the piece's own, then the
 * ruleset's record with the telling fields first */
function renderUnitState(g, piece, unit) {
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
}

export function renderUnitPanel() {
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
  renderUnitState(g, piece, unit);
  const box = $('unit-orders');
  box.textContent = '';
  for (const o of g.orders || []) if (o.ref === ref) box.appendChild(orderButton(o));
  $('unit-panel').hidden = false;
}

export function select(ref) {
  S.selected = ref;
  S.armed = null;
  clearGhost();
  markPieces();
  renderUnitPanel();
}
