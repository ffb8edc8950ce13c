/* position.js - the position on show: taking a new one (or reading it from
 * the server) and drawing what hangs on it: the status bar, the decision's
 * orders that are not a piece's, the selected piece's panel, the pieces'
 * marks on the map. */

import { S, $, el } from './state.js';
import { api, gamePath, errText } from './api.js';
import { showError } from './messages.js';
import { renderStatus } from './status.js';
import { renderUnitPanel } from './unit.js';
import { orderButton } from './order-button.js';
import { markPieces } from './map.js';

export function setPosition(pos) {
  const prev = S.game;
  S.game = pos;
  if (!prev || prev.version !== pos.version) {
    S.armed = null;
    S.previewCache.clear();
    if (S.hint && S.hint.version !== pos.version) {
      S.hint = null;
      $('hint-panel').hidden = true;
    }
  }
  if (pos.yours) S.aiRuns = 0;
  renderStatus();
  renderDecision();
  renderUnitPanel();
  markPieces();
}

export async function refreshPosition() {
  if (!S.id) return;
  const id = S.id;
  const r = await api('GET', gamePath(''));
  if (id !== S.id) return;
  if (r.status !== 200) {
    showError('cannot read the game: ' + errText(r));
    return;
  }
  setPosition(r.data);
}

function pieceRefs() {
  const refs = new Set();
  for (const p of (S.game && S.game.pieces) || []) if (p.ref) refs.add(p.ref);
  return refs;
}

/* the decision's orders that belong to no piece on the map (a piece's are
 * in its panel) */
function renderDecision() {
  const g = S.game;
  const box = $('decision-orders');
  box.textContent = '';
  const refs = pieceRefs();
  for (const o of g.orders || []) {
    if (!o.ref || !refs.has(o.ref)) box.appendChild(orderButton(o));
  }
  if (!g.yours && !g.over && g.mode === 'play') {
    box.appendChild(el('p', { class: 'note' }, 'The AI is to move.'));
  }
}
