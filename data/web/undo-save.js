/* undo-save.js - the Undo and Save buttons: the last decision taken back
 * (its events shown, the log told), the game saved on the server (where,
 * said in the message bar and status[data-save]). */

import { S, $, el, setBusy } from './state.js';
import { api, gamePath, errText } from './api.js';
import { showError, showInfo, clearMessage } from './messages.js';
import { personActs, newPosition } from './action.js';
import { showEvents } from './log.js';

export async function undo() {
  if (!S.id || S.busy) return;
  personActs();
  setBusy(true);
  const r = await api('POST', gamePath('/undo'));
  setBusy(false);
  if (r.status !== 200) {
    showError('cannot undo: ' + errText(r));
    return;
  }
  showEvents('undone', r.data.events || []);
  $('log').appendChild(el('li', { class: 'note' }, '(undone)'));
  await newPosition(r.data);
}

export async function save() {
  if (!S.id) return;
  clearMessage();
  const r = await api('POST', gamePath('/save'), {});
  if (r.status !== 200) {
    showError('cannot save: ' + errText(r));
    return;
  }
  showInfo('saved: ' + r.data.save);
  $('status').dataset.save = r.data.save || '';
}
