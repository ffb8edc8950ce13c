/* orders.js - an order given (by its number or its text, or as a piece
 * dragged on the map: POST /drag, the server naming the exact order) and
 * its answer followed: the new position with the order's events, a refusal
 * said, or the dice dialog when the rules need dice first (assistant mode). */

import { S, setBusy } from './state.js';
import { api, gamePath, errText, refusal } from './api.js';
import { showError } from './messages.js';
import { clearGhost } from './overlays.js';
import { openDice, closeDice } from './dice.js';
import { personActs, newPosition } from './action.js';
import { showEvents } from './log.js';

/* gives an order ({n} or {order}, with dice in assistant mode) and follows
 * the answer: the new position, a refusal, or dice to ask for */
export async function giveOrder(body, label) {
  if (S.busy || !S.id) return;
  personActs();
  clearGhost();
  await sendOrder(body, label, '/order');
}

/* gives the exact order of a piece dragged ({ref, dx, dy} in board units),
 * followed like an order; label names the drag until the answer names its
 * order */
export async function giveDrag(body, label) {
  if (S.busy || !S.id) return;
  personActs();
  clearGhost();
  await sendOrder(body, label, '/drag');
}

/* sends the body to the game's call (/order or /drag; again, with dice)
 * and follows the answer */
async function sendOrder(body, label, call) {
  setBusy(true);
  const r = await api('POST', gamePath(call), body);
  setBusy(false);
  await orderAnswered(body, label, call, r);
}

async function orderAnswered(body, label, call, r) {
  if (r.status === 200) {
    closeDice();
    /* a drag's answer names the order it gave */
    const said = (typeof r.data.order === 'string' && r.data.order) || label || body.order || ('order ' + body.n);
    showEvents(said, r.data.events || []);
    await newPosition(r.data);
    return;
  }
  if (r.status === 409 && r.data.need) {
    openDice(body, label, r.data, (b, l) => sendOrder(b, l, call));
    return;
  }
  closeDice();
  if (r.status === 422) showError(refusal(r));
  else showError(errText(r));
}
