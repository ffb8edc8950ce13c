/* app.js - the page of `grognard serve` (index.html) set going: its
 * buttons, forms and keys wired to the modules that do the work, then the
 * game the address names resumed, else the default battle started. The
 * entry of the page's ES modules (plain browser JavaScript, no libraries):
 *   state.js        the shared state S and small DOM helpers
 *   api.js          the server's JSON API and its error texts
 *   messages.js     the message bar
 *   start.js        the start panel: new game, load, resume, enterGame
 *   position.js     the position on show and what is drawn from it
 *   status.js       the status bar
 *   unit.js         the selected piece and its panel
 *   order-button.js an order's button and its preview
 *   orders.js       an order given and its answer followed
 *   action.js       what goes before and after an action of the person
 *   dice.js         the dice dialog of assistant mode
 *   ai.js           the AI's turn, polled and told
 *   log.js          the log panel
 *   map.js          the map's SVG inlined and its pieces marked
 *   view.js         the map's viewBox, zoom and coordinates
 *   overlays.js     ghosts, the hint's arrow, the AI's paths
 *   pointer.js      pan, pinch, select and drag on the map
 *   drag.js         the selected piece dragged to an exact order
 *   fix.js          corrections of the position (assistant mode)
 *   hints.js        the hint panel
 *   undo-save.js    the Undo and Save buttons */

import { S, $, setBusy } from './state.js';
import { api, errText } from './api.js';
import { showError, clearMessage } from './messages.js';
import { loadScenarios, loadSaves, loadOpenGames, resumeGame, resumeChosen, startGame, loadGame, newGame,
  enterGame } from './start.js';
import { onGive } from './order-button.js';
import { giveOrder } from './orders.js';
import { addDice, addTypedDice, clearDice, closeDice } from './dice.js';
import { clearGhost } from './overlays.js';
import { zoomCentre, zoomFit } from './view.js';
import { wireMap } from './pointer.js';
import { setCorrecting, sendTypedFix } from './fix.js';
import { hint } from './hints.js';
import { undo, save } from './undo-save.js';

function wire() {
  $('btn-start').addEventListener('click', startGame);
  $('btn-load').addEventListener('click', loadGame);
  $('save-select').addEventListener('dblclick', loadGame);
  $('btn-refresh-saves').addEventListener('click', () => { loadSaves(); loadOpenGames(); });
  $('btn-resume').addEventListener('click', resumeChosen);
  $('message-close').addEventListener('click', clearMessage);
  onGive((o) => giveOrder({ n: o.n }, o.text));
  $('btn-hint').addEventListener('click', hint);
  $('btn-hint-give').addEventListener('click', () => {
    if (S.hint && S.hint.order) giveOrder({ order: S.hint.order }, S.hint.order);
  });
  $('btn-undo').addEventListener('click', undo);
  $('btn-save').addEventListener('click', save);
  $('btn-new').addEventListener('click', newGame);
  $('btn-correct').addEventListener('click', () => setCorrecting(!S.correcting));
  $('fix-form').addEventListener('submit', (e) => {
    e.preventDefault();
    sendTypedFix();
  });
  $('btn-zoom-in').addEventListener('click', () => zoomCentre(1 / 1.25));
  $('btn-zoom-out').addEventListener('click', () => zoomCentre(1.25));
  $('btn-zoom-fit').addEventListener('click', zoomFit);
  wireMap();
  $('dice-form').addEventListener('submit', (e) => {
    e.preventDefault();
    addTypedDice();
  });
  $('btn-dice-clear').addEventListener('click', clearDice);
  $('btn-dice-cancel').addEventListener('click', closeDice);
  document.addEventListener('keydown', onKey);
}

/* Tab: order buttons preview on focus; Escape: the dice dialog, else the
 * ghost, goes; a digit: a die's face while the dice dialog is open */
function onKey(e) {
  if (e.key === 'Tab') S.pointerType = 'keyboard';
  if (e.key === 'Escape') {
    if (S.dice) closeDice();
    else clearGhost();
  }
  if (S.dice && /^[1-9]$/.test(e.key) && document.activeElement !== $('dice-typed')) {
    addDice([Number(e.key)]);
  }
}

async function init() {
  wire();
  setBusy(false);
  await loadScenarios();
  const id = decodeURIComponent(location.hash.slice(1));
  if (id && (await resumeGame(id))) return;
  if (id) history.replaceState(null, '', location.pathname + location.search);
  /* a first visit opens on the default battle, ready to play against the AI;
   * New game offers the other scenarios, sides, levels and the assistant */
  const r = await api('POST', '/api/games', {});
  if (r.status === 201) {
    await enterGame(r.data);
    return;
  }
  showError('the default battle could not be started: ' + errText(r));
  loadSaves();
  loadOpenGames();
}

init();
