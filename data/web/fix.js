/* fix.js - corrections of the position in assistant mode: the correction
 * mode toggled, a piece dragged on the map turned into a correction
 * ("u3 at 12 8 facing 90"), a correction typed, and either sent to the
 * server (a refused drag puts the piece back). */

import { S, $, setBusy } from './state.js';
import { api, gamePath, errText, refusal } from './api.js';
import { showError } from './messages.js';
import { findUnitState } from './unit.js';
import { personActs, newPosition } from './action.js';
import { showEvents } from './log.js';

const fmt = (v) => String(Math.round(v * 100) / 100);

/* the piece ref dragged by (dpx, dpy) px of the table group; gs the drag
 * (its group and transform before it, to put it back) */
export function dragCorrection(ref, dpx, dpy, gs) {
  const g = S.game;
  const dx = dpx / S.scale;
  const dy = -dpy / S.scale;
  const rec = findUnitState(ref);
  let x, y;
  if (rec && Number.isFinite(rec.x) && Number.isFinite(rec.y)) {
    x = rec.x;
    y = rec.y;
  } else {
    const piece = (g.pieces || []).find((p) => p.ref === ref);
    if (!piece || !Array.isArray(piece.centre)) {
      if (gs.g) gs.g.setAttribute('transform', gs.transform0);
      showError('cannot tell where ' + ref + ' stands');
      return;
    }
    x = piece.centre[0] / S.scale;
    y = S.boardH - piece.centre[1] / S.scale;
  }
  let edit = ref + ' at ' + fmt(x + dx) + ' ' + fmt(y + dy);
  const isCommander = g.units && Array.isArray(g.units.commanders) && g.units.commanders.includes(rec);
  if (!isCommander && rec && Number.isFinite(rec.facing)) edit += ' facing ' + fmt(rec.facing);
  sendFix(edit, gs);
}

async function sendFix(edit, gs) {
  if (!S.id || S.busy) return;
  personActs();
  setBusy(true);
  const r = await api('POST', gamePath('/fix'), { edit });
  setBusy(false);
  if (r.status === 200) {
    showEvents('corrected: ' + edit, r.data.events || []);
    await newPosition(r.data);
    return;
  }
  if (gs && gs.g) gs.g.setAttribute('transform', gs.transform0);
  showError((r.status === 422 ? refusal(r) : errText(r)) + ' (' + edit + ')');
}

/* the correction typed in the fix panel, its box emptied when it is taken */
export function sendTypedFix() {
  const t = $('fix-input').value.trim();
  if (t) sendFix(t, null).then(() => { if ($('message').hidden) $('fix-input').value = ''; });
}

export function setCorrecting(on) {
  S.correcting = on;
  $('btn-correct').setAttribute('aria-pressed', on ? 'true' : 'false');
  $('map').classList.toggle('correcting', on);
  $('fix-panel').hidden = !on;
}
