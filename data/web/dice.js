/* dice.js - the dice dialog of assistant mode: the roll the rules ask for,
 * the faces entered by buttons, typed or by the digit keys, and the order
 * sent again with every face given so far once the roll is complete. */

import { S, $, el } from './state.js';
import { showError } from './messages.js';

/* faces still to type for the roll asked for: its dice less those of it
 * already in the list sent (need.have) */
function diceToType(need) {
  const n = (Number(need.dice) || 1) - (Number(need.have) || 0);
  return n > 0 ? n : 1;
}

/* asks for the dice of the order body (label names it) that answer needs;
 * send(body, label) sends it again with the dice */
export function openDice(body, label, answer, send) {
  const need = answer.need || {};
  /* every face sent so far (the answer's "given" counts them) */
  const sent = Array.isArray(body.dice) ? body.dice : [];
  const given = Array.isArray(answer.given) ? answer.given : sent;
  const base = Object.assign({}, body);
  delete base.dice;
  S.dice = { body: base, label, given: given.slice(), need, typed: [], send };
  $('dice-prompt').textContent = need.prompt || 'roll the dice';
  $('dice-order').textContent = label ? 'for the order: ' + label : '';
  const faces = Math.max(2, Math.min(100, Number(need.faces) || 6));
  const box = $('dice-faces');
  box.textContent = '';
  for (let f = 1; f <= faces; f++) {
    const b = el('button', { type: 'button', 'data-face': String(f), 'data-testid': 'dice-face-' + f }, String(f));
    b.addEventListener('click', () => addDice([f]));
    box.appendChild(b);
  }
  $('dice-typed').value = '';
  renderDice();
  $('dice-dialog').hidden = false;
  $('dice-dialog').dataset.prompt = need.prompt || '';
  const first = box.querySelector('button');
  if (first) first.focus();
}

function renderDice() {
  const d = S.dice;
  if (!d) return;
  const n = Number(d.need.dice) || 1;
  const want = diceToType(d.need);
  const faces = Number(d.need.faces) || 6;
  $('dice-count').textContent = 'Roll ' + n + 'd' + faces + ': ' + d.typed.length + ' of ' + want + ' entered' +
    (want < n ? ' (' + (n - want) + ' of this roll typed before)' : '');
  $('dice-given').textContent = d.typed.join(' ');
}

export function addDice(faces) {
  const d = S.dice;
  if (!d || S.busy) return;
  const max = Number(d.need.faces) || 6;
  for (const f of faces) {
    if (!Number.isInteger(f) || f < 1 || f > max) {
      showError('a die shows 1 to ' + max + ', not ' + f);
      return;
    }
  }
  d.typed.push(...faces);
  renderDice();
  if (d.typed.length >= diceToType(d.need)) sendDice();
}

/* the faces typed in the dialog's box ("4 1", "4,1") */
export function addTypedDice() {
  const parts = $('dice-typed').value.trim().split(/[\s,]+/).filter((s) => s !== '');
  if (!parts.length) return;
  const faces = parts.map(Number);
  $('dice-typed').value = '';
  addDice(faces);
}

/* the faces entered so far go (Clear) */
export function clearDice() {
  if (S.dice) {
    S.dice.typed = [];
    renderDice();
  }
}

async function sendDice() {
  const d = S.dice;
  if (!d || S.busy) return;
  const body = Object.assign({}, d.body, { dice: d.given.concat(d.typed) });
  await d.send(body, d.label);
}

export function closeDice() {
  S.dice = null;
  $('dice-dialog').hidden = true;
}
