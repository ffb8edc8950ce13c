/* map.js - the map of the game on show: its SVG fetched and inlined (the
 * view kept across redraws, the hint's arrow and the AI's paths drawn again)
 * and the pieces marked as selected or having orders, by their data-ref. */

import { S, $ } from './state.js';
import { gamePath } from './api.js';
import { showError } from './messages.js';
import { applyView, tableGroup } from './view.js';
import { drawArrow, drawPaths } from './overlays.js';

/* the SVG as an element of the page, or an error said; null if not SVG */
function parseSvg(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.nodeName !== 'svg' || doc.querySelector('parsererror')) {
    showError('the map is not SVG');
    return null;
  }
  return document.importNode(root, true);
}

/* the map's own viewBox, else its width and height */
function svgBase(svg) {
  const vb = (svg.getAttribute('viewBox') || '').trim().split(/[\s,]+/).map(Number);
  if (vb.length === 4 && vb.every(Number.isFinite)) return { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };
  return { x: 0, y: 0, w: parseFloat(svg.getAttribute('width')) || 1000,
    h: parseFloat(svg.getAttribute('height')) || 800 };
}

/* the map's text, or an error said and null */
async function fetchMap() {
  let text;
  try {
    const res = await fetch(gamePath('/map.svg'));
    text = await res.text();
    if (!res.ok) {
      let msg = text;
      try { msg = JSON.parse(text).error || text; } catch (e) { /* the text as it is */ }
      showError('cannot draw the map: ' + msg);
      return null;
    }
  } catch (e) {
    showError('cannot draw the map: ' + e.message);
    return null;
  }
  return text;
}

export async function refreshMap() {
  if (!S.id) return;
  const id = S.id;
  const token = ++S.mapToken;
  const version = S.game ? S.game.version : '';
  const text = await fetchMap();
  if (text === null) return;
  if (id !== S.id || token !== S.mapToken) return;
  const svg = parseSvg(text);
  if (!svg) return;
  const base = svgBase(svg);
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

export function markPieces() {
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
