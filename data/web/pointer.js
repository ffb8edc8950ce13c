/* pointer.js - the pointer on the map: pan (drag on the background), zoom
 * (wheel, double click, two-finger pinch), select a piece (a tap, forgiving
 * on a phone), drag a piece to correct the position (correction mode), or
 * drag the selected piece to give it an exact order (drag.js).
 * wireMap() sets it up on #map. */

import { S, $ } from './state.js';
import { unitsPerPixel, toUser, toTable, zoomAt, applyView } from './view.js';
import { select } from './unit.js';
import { dragCorrection } from './fix.js';
import { canDragOrder, startDragOrder, showDragGhost, cancelDragOrder, endDragOrder } from './drag.js';

const DRAG_THRESHOLD_PX = 6;

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
 * position, else (unless strict) the nearest centre within a finger's reach */
function pieceAt(target, clientX, clientY, strict) {
  const g = target && target.closest && target.closest('g[data-ref]');
  if (g) return g.getAttribute('data-ref');
  const p = toTable(clientX, clientY);
  if (!p || !S.game) return null;
  let best = null;
  let bestD = 24 * unitsPerPixel();
  for (const piece of S.game.pieces || []) {
    if (!piece.ref) continue;
    for (const b of piece.bases || []) if (pointInPolygon(p.x, p.y, basePoints(b))) return piece.ref;
    if (!strict && Array.isArray(piece.centre)) {
      const d = Math.hypot(piece.centre[0] - p.x, piece.centre[1] - p.y);
      if (d < bestD) {
        bestD = d;
        best = piece.ref;
      }
    }
  }
  return best;
}

/* the pointers down on the map, and what they are doing: a pinch, a pan,
 * a piece's drag to correct it or the selected piece's drag to give it an
 * order (a tap until it moves) */
const pointers = new Map();
let gesture = null;

function onMapDown(e) {
  if (e.button !== undefined && e.button > 0) return;
  const map = $('map');
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  try { map.setPointerCapture(e.pointerId); } catch (err) { /* capture is a convenience */ }
  if (pointers.size === 2) {
    if (gesture && gesture.kind === 'order') cancelDragOrder(gesture.order);
    const [a, b] = [...pointers.values()];
    gesture = { kind: 'pinch', dist: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
    return;
  }
  if (pointers.size > 2) return;
  const ref = S.correcting ? pieceAt(e.target, e.clientX, e.clientY) : null;
  /* outside correction mode the selected piece, pressed on itself, is dragged to an order */
  const under = S.correcting ? null : pieceAt(e.target, e.clientX, e.clientY, true);
  const ordered = canDragOrder(under) ? under : null;
  gesture = {
    kind: ref ? 'drag' : ordered ? 'order' : 'pan',
    target: e.target,
    ref,
    x0: e.clientX,
    y0: e.clientY,
    view0: S.view ? Object.assign({}, S.view) : null,
    moved: false,
    t0: ref || ordered ? toTable(e.clientX, e.clientY) : null,
    order: ordered ? startDragOrder(ordered) : null,
  };
  if (ref) {
    const g = map.querySelector('g[data-ref="' + CSS.escape(ref) + '"]');
    gesture.g = g;
    gesture.transform0 = g ? g.getAttribute('transform') || '' : '';
  }
}

/* two fingers: zoom about their middle by how far apart they moved */
function pinchMove() {
  if (pointers.size < 2) return;
  const [a, b] = [...pointers.values()];
  const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
  const u = toUser((a.x + b.x) / 2, (a.y + b.y) / 2);
  if (u) zoomAt(u.x, u.y, gesture.dist / d);
  gesture.dist = d;
}

function onMapMove(e) {
  if (!pointers.has(e.pointerId) || !gesture) return;
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (gesture.kind === 'pinch') {
    pinchMove();
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
  } else if (gesture.kind === 'order' && gesture.t0) {
    const t = toTable(e.clientX, e.clientY);
    if (t) showDragGhost(gesture.order, t.x - gesture.t0.x, t.y - gesture.t0.y);
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
    if (gs.order) cancelDragOrder(gs.order);
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
  } else if (gs.kind === 'order' && gs.t0) {
    const t = toTable(e.clientX, e.clientY);
    /* let go where it was taken: no order */
    if (!t || Math.hypot(e.clientX - gs.x0, e.clientY - gs.y0) < DRAG_THRESHOLD_PX) {
      cancelDragOrder(gs.order);
      return;
    }
    endDragOrder(gs.order, t.x - gs.t0.x, t.y - gs.t0.y);
  }
}

function onWheel(e) {
  e.preventDefault();
  const u = toUser(e.clientX, e.clientY);
  if (!u) return;
  zoomAt(u.x, u.y, e.deltaY < 0 ? 1 / 1.2 : 1.2);
}

function onDblClick(e) {
  const u = toUser(e.clientX, e.clientY);
  if (u && !S.correcting) zoomAt(u.x, u.y, 1 / 1.5);
}

export function wireMap() {
  const map = $('map');
  map.addEventListener('pointerdown', onMapDown);
  map.addEventListener('pointermove', onMapMove);
  map.addEventListener('pointerup', onMapUp);
  map.addEventListener('pointercancel', onMapUp);
  map.addEventListener('wheel', onWheel, { passive: false });
  map.addEventListener('dblclick', onDblClick);
}
