/* messages.js - the message bar under the top bar: an error or a piece of
 * information shown until closed or cleared. */

import { $ } from './state.js';

function showMessage(text, kind) {
  $('message-text').textContent = text;
  $('message').className = kind === 'info' ? 'info' : '';
  $('message').dataset.kind = kind || 'error';
  $('message').hidden = false;
}
export const showError = (text) => showMessage(text, 'error');
export const showInfo = (text) => showMessage(text, 'info');
export function clearMessage() {
  $('message').hidden = true;
  $('message-text').textContent = '';
}
