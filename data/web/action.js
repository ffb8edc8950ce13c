/* action.js - what goes with an action of the person (an order, an undo,
 * a correction): before it, the message and the account of the AI's last
 * turn go; after it, the new position is shown with its map and log, and
 * the AI moves if it is its turn. */

import { S, $ } from './state.js';
import { clearMessage } from './messages.js';
import { clearPaths } from './overlays.js';
import { setThinking, maybeRunAI } from './ai.js';
import { setPosition, refreshPosition } from './position.js';
import { refreshMap } from './map.js';
import { refreshLog } from './log.js';

/* the person acts: the account of the AI's last turn goes */
export function personActs() {
  clearMessage();
  S.aiPaths = null;
  clearPaths();
  if ($('status').dataset.thinking !== 'true') setThinking(false);
}

/* the position an action answered (read again when the answer has none) */
export async function newPosition(pos) {
  if (!pos || pos.id === undefined) {
    await refreshPosition();
  } else {
    setPosition(pos);
  }
  await Promise.all([refreshMap(), refreshLog()]);
  maybeRunAI();
}
