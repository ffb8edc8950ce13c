/* api.js - the server's JSON API (docs/web.md): api() sends a call and
 * always answers {status, data}, gamePath() names a call of the game on
 * show, errText() and refusal() word a failed answer for the person. */

import { S } from './state.js';

export async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opt);
  } catch (e) {
    return { status: 0, data: { error: 'no answer from the server (' + e.message + ')' } };
  }
  const text = await res.text();
  let data;
  try {
    data = text ? JSON.parse(text) : {};
  } catch (e) {
    data = { error: 'the server answered ' + res.status + ' with no JSON: ' + text.slice(0, 200) };
  }
  if (data === null || typeof data !== 'object') data = { error: 'unexpected answer: ' + text.slice(0, 200) };
  return { status: res.status, data };
}

export const gamePath = (rest) => '/api/games/' + encodeURIComponent(S.id) + (rest || '');
export const errText = (r) => (r.data && r.data.error) || ('HTTP ' + r.status);
/* a refusal of the rules, said once */
export const refusal = (r) => (/^refused\b/.test(errText(r)) ? '' : 'refused: ') + errText(r);
