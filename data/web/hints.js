/* hints.js - the Hint (Suggest in assistant mode) button: the AI's advice
 * for the position on show, its reason and alternatives in the hint panel
 * and its arrow on the map. */

import { S, $, el, setBusy } from './state.js';
import { api, gamePath, errText } from './api.js';
import { showError, clearMessage } from './messages.js';
import { drawArrow } from './overlays.js';

const HINT_MS = 1000;

export async function hint() {
  if (!S.id || S.busy) return;
  clearMessage();
  setBusy(true);
  const version = S.game.version;
  $('hint-panel').hidden = false;
  $('hint-order').textContent = 'thinking\u2026';
  $('hint-reason').textContent = '';
  $('hint-alternatives').textContent = '';
  $('btn-hint-give').hidden = true;
  const r = await api('POST', gamePath('/hint'), { ms: HINT_MS });
  setBusy(false);
  if (r.status !== 200) {
    $('hint-panel').hidden = true;
    showError('no hint: ' + errText(r));
    return;
  }
  const h = r.data;
  S.hint = { version, order: h.order, arrow: h.arrow };
  $('hint-order').textContent = h.order || '';
  $('hint-reason').textContent = h.reason || '';
  renderAlternatives(h.alternatives || []);
  $('btn-hint-give').hidden = !h.order || !(S.game && S.game.yours && S.game.version === version);
  drawArrow(h.arrow);
}

/* the other orders the search weighed, with their share and score */
function renderAlternatives(alternatives) {
  const ol = $('hint-alternatives');
  for (const a of alternatives) {
    let t = a.order;
    if (typeof a.share === 'number') t += ' \u2014 ' + Math.round(a.share * 100) + '% of the search';
    if (typeof a.expected_score === 'number') t += ', expected ' + Math.round(a.expected_score * 100) / 100;
    ol.appendChild(el('li', null, t));
  }
}
