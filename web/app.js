// The web companion's page: one seat's view of a game served by
// `bocage-play serve` (docs/companion.md, "serve"). Plain JavaScript, no
// build step, nothing from the network but this server. The seat's token is
// in the URL's fragment (#t=...), sent only in the X-Bocage-Token header.
'use strict';

// Read again whenever the fragment changes: a page opened with one seat's URL
// and then another's acts as the second at once, never as the first.
const tokenOf = () => new URLSearchParams(location.hash.slice(1)).get('t') || '';
let token = tokenOf();
let generation = 0;  // which token's poll is running
let words = { ja: {}, en: {} };
let lang = 'ja';
let busy = false;
let current = null;

const $ = (id) => document.getElementById(id);

function say(key, args = {}) {
  let text = (words[lang] && words[lang][key]) || words.en[key] || key;
  for (const [k, v] of Object.entries(args)) text = text.split('{' + k + '}').join(String(v));
  return text;
}

async function api(path, options = {}) {
  options.headers = Object.assign({ 'X-Bocage-Token': token }, options.headers || {});
  options.cache = 'no-store';
  const res = await fetch(path, options);
  if (res.status === 403) throw new Error('forbidden');
  if (res.status === 429) throw new Error('busy');
  if (!res.ok) throw new Error('http ' + res.status);
  return res.json();
}

// Where a die shows its pips, on a 3 x 3 grid (0 top left .. 8 bottom right).
const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8] };

// A die as the table shows it: pips for 1 to 6, else its number.
function die(face) {
  const root = svg('svg', { viewBox: '0 0 12 12', class: 'die', role: 'img',
    'aria-label': String(face) });
  root.append(svg('rect', { x: 0.5, y: 0.5, width: 11, height: 11, rx: 2 }));
  if (PIPS[face]) {
    for (const p of PIPS[face]) {
      root.append(svg('circle', { cx: 3 + (p % 3) * 3, cy: 3 + Math.floor(p / 3) * 3, r: 1.1 }));
    }
  } else {
    root.append(svg('text', { x: 6, y: 8.6, 'text-anchor': 'middle', 'font-size': 7 }, face));
  }
  return root;
}

// One line: a roll's dice as faces, then what the roll meant.
function line(l, tag = 'li') {
  const item = document.createElement(tag);
  item.className = 'kind-' + l.kind;
  if (l.faces && l.faces.length) {
    const dice = document.createElement('span');
    dice.className = 'dice';
    for (const f of l.faces) dice.append(die(f));
    item.append(dice);
  }
  item.append(document.createTextNode(l.text));
  return item;
}

function lines(list, target) {
  target.replaceChildren(...list.map((l) => line(l)));
}

// An element of `tag` with a class and its text (never markup).
function element(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function button(label, onclick, className) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (className) b.className = className;
  b.addEventListener('click', onclick);
  return b;
}

async function act(body) {
  if (busy) return;
  busy = true;
  const mine = generation;
  document.body.classList.add('busy');
  try {
    const reply = await api('/api/act', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (mine !== generation) return;  // another seat's URL was opened meanwhile
    lines(reply.lines, $('result'));
    $('result-box').hidden = reply.lines.length === 0;
    const v = await api('/api/view');
    if (mine === generation) render(v);
  } catch (e) {
    offline(e);
  } finally {
    busy = false;
    document.body.classList.remove('busy');
  }
}

function render(v) {
  current = v;
  lang = v.lang === 'en' ? 'en' : 'ja';
  document.documentElement.lang = lang;
  const observer = v.seat < 0;
  const me = observer ? say('observer') : v.seats[v.seat];
  $('game').textContent = v.title || v.game;
  document.title = v.title || v.game;
  // A game of one seat: no one else to tell this seat from.
  $('you').hidden = v.seats.length < 2 && !observer;
  $('you').textContent = observer ? me : say('you', { seat: me });
  const turn = $('turn');
  turn.classList.toggle('mine', false);
  if (v.over) {
    turn.textContent = say('over', { outcome: v.over });
  } else if (v.question_for !== undefined && v.question_for !== v.seat) {
    turn.textContent = say('their_question', { seat: v.seats[v.question_for] });
  } else if (!observer && (v.to_act === v.seat || v.question)) {
    turn.textContent = say('your_turn');
    turn.classList.add('mine');
  } else {
    turn.textContent = say('their_turn', { seat: v.seats[v.to_act] || '' });
  }
  $('brief').textContent = v.phase || v.brief;

  // A question for this seat: its choices as buttons, by their printed names.
  $('question-box').hidden = !v.question;
  $('question-title').textContent = say('question');
  const answers = $('answers');
  answers.replaceChildren();
  if (v.question) {
    $('question').textContent = v.question.text;
    v.question.choices.forEach((choice, i) => {
      answers.append(button(v.question.shown[i] || choice, () => act({ answer: choice })));
    });
    answers.append(button(say('cancel'), () => act({ cancel: true }), 'secondary'));
  }

  // The legal moves, grouped by command.
  const moves = $('moves');
  moves.replaceChildren();
  $('moves-title').textContent = say('moves');
  $('moves-box').hidden = v.moves.length === 0;
  const groups = new Map();
  for (const m of v.moves) {
    if (!groups.has(m.command)) {
      const g = document.createElement('div');
      g.className = 'group';
      // The command by its printed name, then what it does.
      const c = (v.commands && v.commands[m.command]) || { title: m.command, help: '' };
      const name = element('div', 'group-name');
      name.append(element('strong', '', c.title));
      if (c.help) name.append(' ', element('span', 'group-help', c.help));
      g.append(name);
      groups.set(m.command, g);
      moves.append(g);
    }
    groups.get(m.command).append(button(m.args, () => act({ line: m.line })));
  }

  // This seat's hand, as cards by their printed names (never another's).
  const hand = v.hand || [];
  $('hand-box').hidden = hand.length === 0;
  $('hand-title').textContent = say('hand', { count: hand.length });
  $('hand').replaceChildren(...hand.map((c) => {
    const li = element('li', 'card');
    li.append(element('span', 'card-name', c.name));
    if (c.note) li.append(element('span', 'card-note', c.note));
    return li;
  }));

  drawBoard(v.board);
  $('status-title').textContent = say('status');
  lines(v.status, $('status'));
  $('recent-title').textContent = say('recent');
  lines(v.recent.slice(-12).reverse(), $('recent'));

  const mine = v.to_act === v.seat || (v.over !== undefined && v.to_act < 0);
  $('undo-box').hidden = !(v.can_undo && mine);

  // A forced undo that would take back this seat's command: its consent.
  const consent = $('consent');
  consent.replaceChildren();
  $('consent-box').hidden = !v.undo_request && !v.undo_waiting;
  if (v.undo_request) {
    consent.append(element('p', '', v.undo_request.text));
    consent.append(element('strong', '', say('undo_commands')));
    const ul = element('ul', 'lines');
    for (const c of v.undo_request.commands) ul.append(element('li', '', c));
    consent.append(ul);
    const row = element('div', 'buttons');
    row.append(button(say('agree'), () => act({ undo_consent: true }), 'danger'));
    row.append(button(say('refuse'), () => act({ undo_consent: false })));
    consent.append(row);
  } else if (v.undo_waiting) {
    consent.append(element('p', '', v.undo_waiting));
    consent.append(button(say('withdraw'), () => act({ undo_consent: false }), 'secondary'));
  }
  $('undo').textContent = say('undo');
  $('undo-force').textContent = say('undo_force');

  $('log-title').textContent = say('log');
  const log = $('log');
  log.replaceChildren();
  for (const entry of v.log) {
    const li = document.createElement('li');
    li.value = entry.n;
    li.textContent = entry.line;
    if (entry.events.length) {
      const ul = document.createElement('ul');
      ul.className = 'events';
      for (const e of entry.events) ul.append(line(e));
      li.append(ul);
    }
    log.append(li);
  }
}

const SVG = 'http://www.w3.org/2000/svg';

// How wide `text` is, in ems: a kanji or kana about one, a Latin letter about 0.6.
const ems = (text) => [...text].reduce((a, ch) => a + (ch.charCodeAt(0) > 0x2e7f ? 1 : 0.6), 0);

function svg(name, attributes, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

// The board as SVG, in millimetres, from the view's data: the shapes (hexes
// or locations) with their printed labels, the roads and hedgerows, then the
// pieces where they stand (stacked when several share a place).
function drawBoard(board) {
  const box = $('board-box');
  box.hidden = !board;
  if (!board) return;
  $('board-title').textContent = say('board');
  const margin = 2;
  const root = svg('svg', {
    viewBox: `${-margin} ${-margin} ${board.width + 2 * margin} ${board.height + 2 * margin}`,
    role: 'img',
    'aria-label': say('board'),
  });
  const size = {};
  for (const s of board.shapes) {
    if (s.outline.length) {
      root.append(svg('polygon', {
        points: s.outline.map((p) => p.join(',')).join(' '),
        fill: s.fill, stroke: '#4a4536', 'stroke-width': 0.3,
      }));
      const xs = s.outline.map((p) => p[0]);
      size[s.id] = Math.max(...xs) - Math.min(...xs);
    } else {
      root.append(svg('circle', {
        cx: s.centre[0], cy: s.centre[1], r: s.radius,
        fill: s.fill, stroke: '#4a4536', 'stroke-width': 0.3,
      }));
      size[s.id] = 2 * s.radius;
    }
  }
  // Each road or hedgerow over a darker casing, so that a light road shows
  // on a light board as on the printed one.
  for (const l of board.links) {
    const ends = { x1: l.a[0], y1: l.a[1], x2: l.b[0], y2: l.b[1], 'stroke-linecap': 'round' };
    root.append(svg('line', { ...ends, stroke: '#6b6354', 'stroke-width': l.width + 0.6 }));
    root.append(svg('line', { ...ends, stroke: l.stroke, 'stroke-width': l.width }));
  }
  const centre = {};
  const below = {};  // how far a shape's label reaches below its centre, past one line
  for (const s of board.shapes) {
    centre[s.id] = s.centre;
    const w = size[s.id];
    const font = Math.max(2.2, Math.min(6, w / 6));
    if (s.note) {
      root.append(svg('text', {
        x: s.centre[0], y: s.centre[1] - w * 0.28, 'font-size': font * 0.55,
        'text-anchor': 'middle', class: 'note',
      }, s.note));
    }
    if (s.label) {
      // A line each, each as large as fits nine tenths of the shape's width.
      const rows = s.label.split('\n');
      const fit = Math.min(font, ...rows.map((r) => (w * 0.9) / Math.max(1, ems(r))));
      if (rows.length > 1) below[s.id] = fit * (0.6 * (rows.length - 1) + 0.7);
      rows.forEach((r, i) => {
        root.append(svg('text', {
          x: s.centre[0], y: s.centre[1] + fit * (0.35 + 1.2 * (i - (rows.length - 1) / 2)),
          'font-size': fit, 'text-anchor': 'middle', 'font-weight': 'bold',
        }, r));
      });
    }
  }
  const stacked = {};
  for (const p of board.pieces) {
    const c = centre[p.at];
    if (!c) continue;
    const n = stacked[p.at] || 0;
    stacked[p.at] = n + 1;
    // As wide as its name needs (a kanji about one em, a Latin letter about
    // 0.6), between 0.8 and 1.5 of its place; a longer name is squeezed in.
    const place = size[p.at];
    const h = Math.max(3, Math.min(6, place * 0.8 / 3));
    const font = h * 0.75;
    const need = ems(p.text) * font;
    const w = Math.min(Math.max(need + 2, place * 0.8), place * 1.5);
    const y = c[1] + (below[p.at] || 0) + h * 0.6 + n * (h + 0.6);
    const g = svg('g', { class: 'piece piece-' + p.side });
    g.append(svg('rect', { x: c[0] - w / 2, y: y - h / 2, width: w, height: h, rx: 1 }));
    const label = { x: c[0], y: y + h * 0.3, 'font-size': font, 'text-anchor': 'middle' };
    if (need > w - 1) Object.assign(label, { textLength: w - 1, lengthAdjust: 'spacingAndGlyphs' });
    g.append(svg('text', label, p.text));
    root.append(g);
  }
  $('board').replaceChildren(root);
}

function offline(e) {
  const box = $('online');
  box.hidden = false;
  const why = e && (e.message === 'forbidden' || e.message === 'busy') ? e.message : 'offline';
  box.textContent = say(why);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Every change reaches the page at once: a long poll that the server answers
// as soon as the game's version passes the one the page shows (or after 20 s).
async function follow() {
  const mine = generation;
  let since = 0;
  while (mine === generation) {
    try {
      const v = await api('/api/view' + (since ? '?since=' + since : ''));
      if (mine !== generation) return;  // another seat's URL was opened meanwhile
      $('online').hidden = true;
      if (!busy) render(v);
      since = v.version;
    } catch (e) {
      if (mine !== generation) return;
      // Too many requests: the server asks for a second's wait, no more.
      if (e.message !== 'busy') offline(e);
      if (e.message === 'forbidden') return;
      await sleep(1000);
    }
  }
}

// Another seat's URL in the same tab: nothing of the first seat stays on
// the screen, and the page acts as the new seat only.
function switchSeat() {
  const next = tokenOf();
  if (next === token) return;
  token = next;
  ++generation;
  current = null;
  for (const id of ['question-box', 'result-box', 'moves-box', 'hand-box', 'board-box',
    'undo-box', 'consent-box']) $(id).hidden = true;
  for (const id of ['answers', 'moves', 'hand', 'board', 'status', 'recent', 'log', 'result']) {
    $(id).replaceChildren();
  }
  if (!token) {
    offline({ message: 'forbidden' });
    $('online').textContent = say('no_token');
    return;
  }
  follow();
}

async function start() {
  try {
    const res = await fetch('words.json', { cache: 'no-store' });
    words = await res.json();
  } catch (e) {
    // The keys stand in for the words.
  }
  $('undo').addEventListener('click', () => act({ line: 'undo' }));
  $('undo-force').addEventListener('click', () => {
    if (confirm(say('confirm_force'))) act({ line: 'undo --force 1' });
  });
  window.addEventListener('hashchange', switchSeat);
  if (!token) {
    offline({ message: 'forbidden' });
    $('online').textContent = say('no_token');
    return;
  }
  follow();
}

start();
