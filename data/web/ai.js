/* ai.js - the AI's turn in a game against it: started when the position
 * says it is the AI's to move, followed by polling (its orders added to the
 * log as it plays them, its progress in the AI status box), then the new
 * position read and its moves kept to be drawn as arrows. */

import { S, $, el } from './state.js';
import { api, gamePath, errText } from './api.js';
import { showError } from './messages.js';
import { refreshPosition } from './position.js';
import { refreshMap } from './map.js';
import { refreshLog, scrollLog } from './log.js';

const AI_POLL_MS = 300;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* the AI status box and status[data-thinking] */
export function setThinking(on, text) {
  $('status').dataset.thinking = on ? 'true' : 'false';
  $('ai-status').hidden = !on && !text;
  $('ai-status').textContent = text || '';
}

/* the AI plays when it is its turn, three turns at most in a row */
export function maybeRunAI() {
  const g = S.game;
  if (!g || g.mode !== 'play' || g.over || g.yours) return;
  if (S.aiRuns >= 3) {
    setThinking(false, 'The AI did not finish its turn.');
    return;
  }
  S.aiRuns++;
  runAI(g.ai_thinking);
}

async function runAI(already) {
  const id = S.id;
  setThinking(true, 'The AI is thinking\u2026');
  if (!already && !(await askAI(id))) return;
  const last = await followAI(id);
  if (!last) return;
  const n = Array.isArray(last.played) ? last.played.length : 0;
  const paths = Array.isArray(last.paths) ? last.paths : null;
  setThinking(false, 'The AI played ' + n + (n === 1 ? ' order' : ' orders') +
    (paths && paths.length ? ' (its moves are drawn as arrows)' : '') + '.');
  S.aiPaths = paths;
  if (last.error) showError('the AI stopped: ' + last.error);
  await refreshPosition();
  await Promise.all([refreshMap(), refreshLog()]);
  if (!last.error) maybeRunAI();
}

/* asks the AI of game id to play; false when there is nothing to follow */
async function askAI(id) {
  const r = await api('POST', gamePath('/ai'));
  if (id !== S.id) return false;
  if (r.status === 409) {
    /* not its turn after all (or thinking already): look again */
    const p = await api('GET', gamePath('/ai'));
    if (id !== S.id) return false;
    if (!(p.status === 200 && p.data.thinking)) {
      setThinking(false);
      await refreshPosition();
      await Promise.all([refreshMap(), refreshLog()]);
      return false;
    }
  } else if (r.status !== 202 && r.status !== 200) {
    setThinking(false);
    showError('the AI cannot play: ' + errText(r));
    return false;
  }
  return true;
}

/* polls the AI of game id until it is done: its last answer, or null when
 * the game on show changed or the AI cannot be followed */
async function followAI(id) {
  let seen = 0;
  for (;;) {
    await sleep(AI_POLL_MS);
    if (id !== S.id) return null;
    const r = await api('GET', gamePath('/ai'));
    if (id !== S.id) return null;
    if (r.status !== 200) {
      setThinking(false);
      showError('cannot follow the AI: ' + errText(r));
      return null;
    }
    const last = r.data;
    const played = Array.isArray(last.played) ? last.played : [];
    seen = logPlayed(played, seen);
    if (!last.thinking) return last;
    setThinking(true, thinkingText(last, played));
  }
}

/* the orders played from seen on, added to the log; how many are in it now */
function logPlayed(played, seen) {
  let li = null;
  for (; seen < played.length; seen++) {
    li = el('li', { class: 'ai-played', 'data-testid': 'ai-played' }, 'AI: ' + played[seen]);
    $('log').appendChild(li);
  }
  if (li) {
    scrollLog();
    li.scrollIntoView({ block: 'nearest' });
  }
  return seen;
}

function thinkingText(last, played) {
  const bits = [];
  if (last.iterations > 0) bits.push(last.iterations + ' iterations');
  if (last.best) bits.push('best so far: ' + last.best);
  if (played.length) bits.push(played.length + (played.length === 1 ? ' order' : ' orders') + ' played');
  return 'The AI is thinking' + (bits.length ? ': ' + bits.join(', ') : '\u2026');
}
