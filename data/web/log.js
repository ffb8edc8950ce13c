/* log.js - the log panel: "Last order" (the events of the last order,
 * undo or correction) and "The battle" (the game's log, read from where it
 * was left, kept scrolled to its end). */

import { S, $, el } from './state.js';
import { api, gamePath } from './api.js';

export async function refreshLog() {
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

export function scrollLog() {
  const log = $('log');
  log.scrollTop = log.scrollHeight;
}

export function showEvents(label, events) {
  const box = $('events');
  box.textContent = '';
  box.appendChild(el('li', { class: 'event-head' }, label));
  for (const line of events) box.appendChild(el('li', { class: 'event' }, line));
}
