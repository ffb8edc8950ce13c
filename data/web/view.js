/* view.js - the part of the map on show: its viewBox (S.view within the
 * map's own S.base), zoom about a point, the whole table, and a point of the
 * screen in the SVG's units or in the table group's px. */

import { S, $ } from './state.js';

/* the SVG group of the table, in px of the board (data-scale) */
export function tableGroup() {
  return $('map').querySelector('svg g.table');
}

export function applyView() {
  const svg = $('map').querySelector('svg');
  if (!svg || !S.view) return;
  const v = S.view;
  svg.setAttribute('viewBox', v.x + ' ' + v.y + ' ' + v.w + ' ' + v.h);
}

/* map units per screen pixel under preserveAspectRatio meet */
export function unitsPerPixel() {
  const r = $('map').getBoundingClientRect();
  if (!S.view || r.width <= 0 || r.height <= 0) return 1;
  return Math.max(S.view.w / r.width, S.view.h / r.height);
}

/* a point of the screen in the SVG's user units (viewBox) */
export function toUser(clientX, clientY) {
  const svg = $('map').querySelector('svg');
  const m = svg && svg.getScreenCTM();
  if (!m) return null;
  return new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
}

/* a point of the screen in the px of the table group */
export function toTable(clientX, clientY) {
  const t = tableGroup();
  const m = t && t.getScreenCTM();
  if (!m) return null;
  return new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
}

export function zoomAt(ux, uy, factor) {
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

export function zoomCentre(factor) {
  if (!S.view) return;
  zoomAt(S.view.x + S.view.w / 2, S.view.y + S.view.h / 2, factor);
}

/* the whole table again */
export function zoomFit() {
  if (S.base) {
    S.view = Object.assign({}, S.base);
    applyView();
  }
}
