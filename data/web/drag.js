/* drag.js - an exact move by dragging: when the person decides (not while
 * correcting the position), the selected piece, if the menu has orders for
 * it, can be dragged on the map. While it is dragged a translucent ghost of
 * its bases follows the pointer, with a line from its centre; let go, the
 * drag goes to the server in board units (POST /drag {ref, dx, dy}), which
 * turns it into the ruleset's exact order ("u3 move FL 20.5 3.10") and
 * gives it: the answer is followed like an order's (orders.js: the events,
 * the map redrawn, a refusal with the rules' reason, or the dice dialog).
 * pointer.js asks canDragOrder on a press and calls the rest. */

import { S, svgEl } from './state.js';
import { tableGroup } from './view.js';
import { polygonPoints } from './overlays.js';
import { giveDrag } from './orders.js';

const round3 = (v) => Math.round(v * 1000) / 1000;

/* whether a press on the piece ref starts an order drag: the person
 * decides, no correction, the piece is the selected one and has orders */
export function canDragOrder(ref) {
  const g = S.game;
  if (!ref || !g || !g.yours || g.over || S.correcting || S.busy || S.dice) return false;
  if (ref !== S.selected) return false;
  return (g.orders || []).some((o) => o.ref === ref);
}

/* the drag of the piece ref begun: its bases and centre in px of the table
 * group (nothing drawn until it moves) */
export function startDragOrder(ref) {
  const piece = ((S.game && S.game.pieces) || []).find((p) => p.ref === ref);
  return { ref, piece: piece || null, g: null, shape: null, line: null };
}

/* the ghost where the piece would stand, dragged by (dpx, dpy) px of the
 * table group, and the line to it from the piece's centre */
export function showDragGhost(d, dpx, dpy) {
  if (!d.g || !d.g.isConnected) {
    const table = tableGroup();
    if (!table) return;
    for (const old of table.querySelectorAll('g.ghost')) old.remove();
    d.g = svgEl('g', { class: 'ghost drag-ghost', 'data-testid': 'drag-ghost' });
    d.shape = svgEl('g', {});
    for (const b of (d.piece && d.piece.bases) || []) {
      const pts = polygonPoints(b);
      if (pts) d.shape.appendChild(svgEl('polygon', { points: pts }));
    }
    d.g.appendChild(d.shape);
    const c = d.piece && Array.isArray(d.piece.centre) ? d.piece.centre : null;
    if (c) {
      d.line = svgEl('line', { x1: c[0], y1: c[1], x2: c[0], y2: c[1] });
      d.g.appendChild(d.line);
    }
    table.appendChild(d.g);
  }
  d.shape.setAttribute('transform', 'translate(' + dpx + ' ' + dpy + ')');
  if (d.line) {
    d.line.setAttribute('x2', Number(d.line.getAttribute('x1')) + dpx);
    d.line.setAttribute('y2', Number(d.line.getAttribute('y1')) + dpy);
  }
}

/* the drag given up: its ghost goes */
export function cancelDragOrder(d) {
  if (d && d.g) d.g.remove();
  if (d) d.g = null;
}

/* the drag let go after (dpx, dpy) px of the table group: sent as board
 * units (y up the board, down the screen's px) */
export function endDragOrder(d, dpx, dpy) {
  cancelDragOrder(d);
  const dx = round3(dpx / S.scale);
  const dy = round3(-dpy / S.scale);
  const label = d.ref + ' dragged ' + (Math.round(Math.hypot(dx, dy) * 100) / 100) + ' MU';
  giveDrag({ ref: d.ref, dx, dy }, label);
}
