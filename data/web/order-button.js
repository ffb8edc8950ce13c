/* order-button.js - the button of an order: its ghost and odds previewed
 * (mouse over, keyboard focus, or a first tap on a touch screen, the
 * answers kept per version) and the order given on a click, by the function
 * set with onGive (giving an order redraws the panels that hold these
 * buttons, so it is passed in rather than imported). */

import { S, el } from './state.js';
import { api, gamePath, errText } from './api.js';
import { showReason, clearGhost, drawGhost } from './overlays.js';

let give = () => {};

/* what a click on an order does: give(o) */
export function onGive(fn) {
  give = fn;
}

export function orderButton(o) {
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
    give(o);
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
