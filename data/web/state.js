/* state.js - what the page knows about the game on show (the shared object
 * S) and the small DOM helpers every part of the page uses: $ by id, el and
 * svgEl to make elements, setBusy for the page's busy flag. */

const SVG_NS = 'http://www.w3.org/2000/svg';

export const $ = (id) => document.getElementById(id);

/* everything the page knows about the game on show */
export const S = {
  game: null,           /* the last position */
  id: null,             /* its id */
  selected: null,       /* the ref of the selected piece */
  logNext: 0,           /* the next log line to ask for */
  base: null,           /* the map's own viewBox {x, y, w, h} */
  view: null,           /* the viewBox on show */
  scale: 20,            /* px per board unit (data-scale) */
  boardH: 0,            /* the board's height in board units (data-height) */
  previewToken: 0,
  previewCache: new Map(), /* "version:n" -> preview answer */
  armed: null,          /* the order number a first tap previewed */
  pointerType: 'mouse', /* of the last press on an order button */
  busy: false,          /* an order, undo, fix or hint is on its way */
  aiRuns: 0,            /* AI turns started without the person deciding in between */
  correcting: false,    /* assistant mode: dragging pieces corrects the position */
  hint: null,           /* the last hint, drawn while its version is on show */
  dice: null,           /* the dice dialog's order, dice given, faces typed and how to send them */
  aiPaths: null,        /* the moves of the AI's last turn, drawn until the person acts */
  mapToken: 0,
};

export function el(tag, attrs, text) {
  const e = document.createElement(tag);
  if (attrs) for (const k of Object.keys(attrs)) {
    if (k === 'class') e.className = attrs[k];
    else if (k.startsWith('data-') || k === 'type' || k === 'title' || k === 'aria-label') e.setAttribute(k, attrs[k]);
    else e[k] = attrs[k];
  }
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

export function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG_NS, tag);
  if (attrs) for (const k of Object.keys(attrs)) e.setAttribute(k, attrs[k]);
  return e;
}

/* an order, undo, fix or hint is on its way (body[data-busy] tells tests) */
export function setBusy(b) {
  S.busy = b;
  document.body.dataset.busy = b ? 'true' : 'false';
}
