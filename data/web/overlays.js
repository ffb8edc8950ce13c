/* overlays.js - what is drawn over the map's table: the ghost of an order
 * before it is given (with its odds and reason in the box under the map),
 * the hint's arrow and the arrows of the AI's last moves. */

import { S, $, svgEl } from './state.js';
import { tableGroup } from './view.js';

/* the text of the box under the map (hidden when empty) */
export function showReason(text) {
  $('ghost-reason').textContent = text;
  $('ghost-reason').hidden = !text;
}

/* no ghost, no order button marked as previewed, and a preview on its way
 * is dropped */
export function clearGhost() {
  S.previewToken++;
  for (const g of $('map').querySelectorAll('g.ghost')) g.remove();
  for (const b of document.querySelectorAll('.orders button.previewing')) b.classList.remove('previewing');
  showReason('');
}

/* a base's corners as an SVG points list ([[x,y], ...] or [x,y, x,y, ...]) */
export function polygonPoints(b) {
  const pts = [];
  if (!Array.isArray(b)) return '';
  if (b.length && Array.isArray(b[0])) {
    for (const p of b) pts.push(p[0] + ',' + p[1]);
  } else {
    for (let i = 0; i + 1 < b.length; i += 2) pts.push(b[i] + ',' + b[i + 1]);
  }
  return pts.join(' ');
}

/* the pieces where an order would leave them: their bases, else a ring at
 * their centre */
export function drawGhost(ghost) {
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

/* the hint's arrow ({from, to} in px of the table group) */
export function drawArrow(arrow) {
  for (const a of $('map').querySelectorAll('g.hint-arrow')) a.remove();
  const table = tableGroup();
  if (!table || !arrow || !Array.isArray(arrow.from) || !Array.isArray(arrow.to)) return;
  const g = svgEl('g', { class: 'hint-arrow', 'data-testid': 'hint-arrow' });
  arrowInto(g, arrow.from, arrow.to, '#d00000');
  table.appendChild(g);
}

export function clearPaths() {
  for (const a of $('map').querySelectorAll('g.ai-paths')) a.remove();
}

/* the AI's moves of its last turn: {ref, from, to} in px of the table group */
export function drawPaths(paths) {
  clearPaths();
  const table = tableGroup();
  if (!table) return;
  const g = svgEl('g', { class: 'ai-paths', 'data-testid': 'ai-paths' });
  for (const p of paths) {
    if (p && Array.isArray(p.from) && Array.isArray(p.to)) arrowInto(g, p.from, p.to, '#5a189a');
  }
  if (g.childNodes.length) table.appendChild(g);
}
