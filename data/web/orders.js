/* orders.js - an order given (by its number or its text) and its answer
 * followed: the new position with the order's events, a refusal said, or
 * the dice dialog when the rules need dice first (assistant mode). */

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
  await sendOrder(body, label);
}

/* sends the order body (again, with dice) and follows the answer */
async function sendOrder(body, label) {
  setBusy(true);
  const r = await api('POST', gamePath('/order'), body);
  setBusy(false);
  await orderAnswered(body, label, r);
}

async function orderAnswered(body, label, r) {
  if (r.status === 200) {
    closeDice();
    showEvents(label || body.order || ('order ' + body.n), r.data.events || []);
    await newPosition(r.data);
    return;
  }
  if (r.status === 409 && r.data.need) {
    openDice(body, label, r.data, sendOrder);
    return;
  }
  closeDice();
  if (r.status === 422) showError(refusal(r));
  else showError(errText(r));
}
