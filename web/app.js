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

// What this page's own last tap was refused with: shown above everything
// until the game changes (the news of a change is everyone's, below).
let refusal = [];
let refusedAt = -1;

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
    picked = null;
    choosers = {};
    questionSearch = '';
    refusal = reply.status === 'refused' ? reply.lines : [];
    const v = await api('/api/view');
    refusedAt = v.version;
    if (mine === generation) render(v);
  } catch (e) {
    offline(e);
  } finally {
    busy = false;
    document.body.classList.remove('busy');
  }
}

// A chooser: many moves (or answers) offered a word at a time, never a
// wall of buttons. `items`: [{tokens: [printed words...], act: body}]; the
// words chosen so far are kept per `key` until the choice is made.
let choosers = {};
const FLAT = 8;      // this many or fewer: one button each
const SEARCH = 12;   // more than this many at one step: a search box too

// The text compared when searching: NFKC, lower case, katakana as hiragana.
const folded = (t) => t.normalize('NFKC').toLowerCase()
  .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

// A box to find a printed name in as it is typed.
function searchBox() {
  const search = document.createElement('input');
  search.type = 'search';
  search.className = 'search';
  search.placeholder = say('search');
  search.setAttribute('aria-label', say('search'));
  return search;
}

function chooser(key, items, target, options = {}) {
  let prefix = choosers[key] || [];
  let live = items.filter((it) => prefix.every((t, i) => it.tokens[i] === t));
  if (!live.length) { prefix = []; live = items; }
  // One way on: take it without a tap.
  for (;;) {
    const next = new Set(live.map((it) => it.tokens[prefix.length]));
    if (live.length <= FLAT || next.size !== 1 || [...next][0] === undefined) break;
    prefix = [...prefix, [...next][0]];
  }
  choosers[key] = prefix;
  const wrap = element('div', 'chooser');
  if (prefix.length) {
    const crumb = element('div', 'crumb');
    crumb.append(button('← ' + say('back'), () => {
      choosers[key] = prefix.slice(0, -1);
      redraw();
    }, 'secondary'));
    crumb.append(element('strong', '', prefix.join(' ')));
    wrap.append(crumb);
  }
  const row = element('div', 'buttons');
  const rest = (it) => it.tokens.slice(prefix.length).join(' ') || say('as_is');
  let entries;
  if (live.length <= FLAT) {
    entries = live.map((it) => ({ label: rest(it), run: () => act(it.act) }));
  } else {
    const byWord = new Map();
    for (const it of live) {
      const w = it.tokens[prefix.length];
      if (!byWord.has(w)) byWord.set(w, []);
      byWord.get(w).push(it);
    }
    entries = [...byWord].map(([w, its]) => its.length === 1
      ? { label: rest(its[0]), run: () => act(its[0].act) }
      : { label: (w === undefined ? say('as_is') : w) + ' …', more: its.length,
        run: () => { choosers[key] = [...prefix, w]; redraw(); } });
  }
  const buttons = entries.map((e) => {
    const b = button(e.label, e.run, e.more ? 'step' : '');
    if (e.more) b.setAttribute('aria-label', say('more', { label: e.label, count: e.more }));
    return b;
  });
  row.append(...buttons);
  if (buttons.length > SEARCH && options.searched) {
    // The question's own search box finds the rest.
    buttons.slice(SEARCH).forEach((b) => { b.hidden = true; });
    wrap.append(row, element('p', 'more',
      say('hidden_choices', { count: buttons.length - SEARCH })));
  } else if (buttons.length > SEARCH) {
    // Too many to look through: typed, they narrow as you type.
    const search = searchBox();
    const shown = () => {
      const q = folded(search.value.trim());
      let n = 0;
      buttons.forEach((b) => {
        const hit = (q === '' ? n < SEARCH : folded(b.textContent).includes(q)) && n < SEARCH;
        b.hidden = !hit;
        if (hit) ++n;
      });
      more.textContent = n < buttons.length ? say('hidden_choices', { count: buttons.length - n }) : '';
    };
    const more = element('p', 'more');
    search.addEventListener('input', shown);
    wrap.append(search);
    wrap.append(row, more);
    shown();
  } else {
    wrap.append(row);
  }
  target.append(wrap);
}

const redraw = () => { if (current) render(current); };

// The card or place tapped: what can be done with it now.
let picked = null;  // {kind: 'card'|'place', key, title}
let questionSearch = '';  // what was typed to find an answer

function movesOf(v, p) {
  if (!p) return [];
  return v.moves.filter((m) => (p.kind === 'card' ? m.cards.includes(p.key) : m.places.includes(p.key)));
}

function pick(p) {
  picked = p;
  choosers.pick = [];
  redraw();
  const box = $('pick-box');
  if (!box.hidden) box.scrollIntoView({ block: 'nearest' });
}

function render(v) {
  // A redraw while a name is being typed keeps the typing where it was.
  const typing = document.activeElement && document.activeElement.id === 'answer-search';
  draw(v);
  if (typing && $('answer-search')) $('answer-search').focus();
}

function draw(v) {
  if (current && current.version !== v.version && refusedAt !== v.version) refusal = [];
  current = v;
  // The first view: the page's own boxes appear with it.
  for (const id of ['loading', 'status-box', 'recent-box', 'log-box']) $(id).hidden = id === 'loading';
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
  let turnText;
  if (v.over) {
    turnText = v.outcome || say('over', { outcome: v.over });
  } else if (v.waiting) {
    turnText = v.waiting;
  } else if (!observer && (v.to_act === v.seat || v.question)) {
    turnText = say('your_turn');
    turn.classList.add('mine');
  } else {
    turnText = say('their_turn', { seat: v.seats[v.to_act] || '' });
  }
  if (turn.textContent !== turnText) turn.textContent = turnText;
  $('brief').textContent = v.phase || v.brief;

  // This page's own tap, refused: why, first.
  $('refusal-box').hidden = refusal.length === 0;
  lines(refusal, $('refusal'));

  // The news: the last change, whoever made it (its command by its seat,
  // then what it did, in order).
  const news = (v.recent || [])[0];
  $('news-box').hidden = !news;
  $('news-title').textContent = say('news');
  if (news) {
    const head = $('news-head');
    head.textContent = news.headline || '';
    head.hidden = !news.headline;
    if ($('news-box').dataset.version !== String(news.version)) {
      $('news-box').dataset.version = String(news.version);
      lines(news.lines, $('news'));
    }
  }

  // A question for this seat: its choices by their printed names (many:
  // grouped and searched).
  $('question-box').hidden = !v.question;
  $('question-title').textContent = say('question');
  const answers = $('answers');
  answers.replaceChildren();
  if (v.question) {
    const q = v.question;
    const key = 'q:' + q.text;
    const groups = q.groups && q.groups.length === q.choices.length && q.choices.length > SEARCH;
    $('question').textContent = q.text;
    const items = q.choices.map((choice, i) => ({
      tokens: groups ? [q.groups[i], q.shown[i] || choice] : [q.shown[i] || choice],
      act: { answer: choice },
    }));
    if (q.choices.length > SEARCH) {
      // A long list (a card drawn from a deck on the table): typed, the
      // printed names that hold what was typed; else a group at a time.
      const search = searchBox();
      search.value = questionSearch;
      search.id = 'answer-search';
      const found = element('div', 'buttons found');
      const browse = element('div', 'browse');
      const update = () => {
        questionSearch = search.value;
        const typed = folded(search.value.trim());
        browse.hidden = typed !== '';
        found.hidden = typed === '';
        found.replaceChildren();
        if (!typed) return;
        const hits = items.filter((it) => folded(it.tokens[it.tokens.length - 1]).includes(typed));
        for (const it of hits.slice(0, SEARCH)) {
          found.append(button(it.tokens[it.tokens.length - 1], () => act(it.act)));
        }
        if (hits.length > SEARCH) found.append(element('p', 'more',
          say('hidden_choices', { count: hits.length - SEARCH })));
        if (!hits.length) found.append(element('p', 'none', say('no_match')));
      };
      search.addEventListener('input', update);
      answers.append(search, found, browse);
      chooser(key, items, browse, { searched: true });
      update();
    } else {
      chooser(key, items, answers);
    }
    answers.append(button(say('cancel'), () => act({ cancel: true }), 'secondary'));
  }

  // The card or place tapped: its moves, or why there is none.
  const pickMoves = movesOf(v, picked);
  $('pick-box').hidden = !picked;
  const pickTarget = $('pick');
  pickTarget.replaceChildren();
  if (picked) {
    $('pick-title').textContent = picked.title;
    // A place's action, as the board prints it, with its icons' names.
    const place = picked.kind === 'place' && v.board ? v.board.shapes.find((s) => s.id === picked.key) : null;
    if (place && place.action && place.action.length) pickTarget.append(actionLine(place.action));
    if (pickMoves.length) {
      chooser('pick', pickMoves.map((m) => ({ tokens: [commandName(v, m.command), ...m.words],
        act: { line: m.line } })), pickTarget);
    } else {
      // Why not, as the rules say it (the card's refusal), else that it cannot now.
      const card = picked.kind === 'card' ? (v.hand || [])[picked.key] : null;
      const why = card && card.why ? card.why : say(v.moves.length ? 'nothing_with' : 'not_now');
      pickTarget.append(element('p', 'none', why));
    }
    $('pick-close').textContent = say('close');
  }

  // The legal moves, grouped by command, a word at a time.
  const moves = $('moves');
  moves.replaceChildren();
  $('moves-title').textContent = say('moves');
  $('moves-box').hidden = v.moves.length === 0;
  const groups = new Map();
  for (const m of v.moves) {
    if (!groups.has(m.command)) groups.set(m.command, []);
    groups.get(m.command).push(m);
  }
  for (const [command, list] of groups) {
    const g = element('div', 'group');
    // The command by its printed name, then what it does.
    const c = (v.commands && v.commands[command]) || { title: command, help: '' };
    const name = element('div', 'group-name');
    name.append(element('strong', '', c.title));
    if (c.help) name.append(' ', element('span', 'group-help', c.help));
    g.append(name);
    const items = list.map((m) => ({ tokens: m.words.length ? m.words : [c.title],
      act: { line: m.line } }));
    chooser('m:' + command, items, g);
    moves.append(g);
  }

  // This seat's hand, as cards by their printed names (never another's):
  // a card that a move names is tapped to see what it can do now.
  const hand = v.hand || [];
  $('hand-box').hidden = hand.length === 0;
  $('hand-title').textContent = say('hand', { count: hand.length });
  let lastGroup = null;
  $('hand').replaceChildren(...hand.flatMap((c, i) => {
    // A hand of several (SQUAD's map: a hand per squad): each under its name.
    const head = [];
    if (c.group && c.group !== lastGroup) head.push(element('li', 'hand-group', c.group));
    lastGroup = c.group || null;
    const li = element('li', 'card-slot');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'card';
    const usable = v.moves.some((m) => m.cards.includes(i));
    b.classList.toggle('usable', usable);
    b.classList.toggle('picked', !!picked && picked.kind === 'card' && picked.key === i);
    b.append(element('span', 'card-name', c.name));
    if (c.note) b.append(element('span', 'card-note', c.note));
    b.addEventListener('click', () => pick({ kind: 'card', key: i, title: c.name }));
    li.append(b);
    return [...head, li];
  }));

  // The cards face up on the table (Endless Patrol's patrol cards in play).
  const table = v.table_cards || [];
  $('table-box').hidden = table.length === 0;
  $('table-title').textContent = say('table_cards', { count: table.length });
  $('table-cards').replaceChildren(...table.map((c) => {
    const li = element('li', 'card table-card');
    li.append(element('span', 'card-name', c.name));
    if (c.note) li.append(element('span', 'card-note', c.note));
    return li;
  }));

  drawTracks(v);
  drawBoard(v);
  $('status-title').textContent = say('status');
  lines(v.status, $('status'));

  // What happened: the last changes, newest first, each in the order said.
  $('recent-title').textContent = say('recent');
  const recent = $('recent');
  recent.replaceChildren(...(v.recent || []).map((c) => {
    const li = element('li', 'change');
    if (c.headline) li.append(element('strong', 'headline', c.headline));
    const ul = element('ul', 'lines');
    for (const l of c.lines) ul.append(line(l));
    li.append(ul);
    return li;
  }));

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

  // Passing the other seats' windows until this seat's own turn: the same
  // to them whether or not this seat could have played.
  $('pass-box').hidden = v.pass_windows === undefined || !!v.over;
  if (v.pass_windows !== undefined) {
    const b = $('pass-windows');
    b.setAttribute('aria-pressed', String(v.pass_windows));
    b.classList.toggle('on', v.pass_windows);
    b.textContent = say(v.pass_windows ? 'passing_windows' : 'pass_windows');
    $('pass-note').textContent = say('pass_windows_note');
  }
  drawLog(v);
}

function commandName(v, id) {
  return (v.commands && v.commands[id] && v.commands[id].title) || id;
}

// The log: the whole game, a page at a time (the view holds the last
// commands; earlier ones are asked for), each command by its seat with what
// it did in order, and how the game ended.
let earlier = [];  // commands before the view's, as read by "earlier"
let earlierOf = null;

function logEntry(entry) {
  const li = document.createElement('li');
  li.value = entry.n;
  li.textContent = entry.by ? say('by_seat', { seat: entry.by, line: entry.line }) : entry.line;
  if (entry.events.length) {
    const ul = document.createElement('ul');
    ul.className = 'events';
    for (const e of entry.events) ul.append(line(e));
    li.append(ul);
  }
  return li;
}

function drawLog(v) {
  $('log-title').textContent = say('log', { count: v.log_total || 0 });
  // An undo may have taken back commands the earlier pages held.
  const first = v.log.length ? v.log[0].n : (v.log_total || 0) + 1;
  if (earlierOf !== token || (earlier.length && earlier[earlier.length - 1].n !== first - 1)) {
    earlier = [];
    earlierOf = token;
  }
  const all = [...earlier, ...v.log];
  $('log').replaceChildren(...all.map(logEntry));
  const from = all.length ? all[0].n : 1;
  const more = $('log-more');
  more.hidden = from <= 1;
  more.textContent = say('earlier', { count: from - 1 });
  $('log-end').hidden = !v.outcome;
  $('log-end').textContent = v.outcome || '';
}

async function readEarlier() {
  const from = earlier.length ? earlier[0].n : (current && current.log.length ? current.log[0].n : 1);
  if (from <= 1) return;
  try {
    const page = await api('/api/log?before=' + from);
    earlier = [...page.log, ...earlier];
    redraw();
  } catch (e) {
    offline(e);
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
// pieces where they stand, each below its place's label (never over it). A
// place a legal move names is marked and tapped to see those moves. Drawn at
// a scale where its smallest text is 11 CSS px (panned by scrolling, pinched
// to zoom), or whole on the screen (全体).

// The tracks on the table (turn, morale, soldiers, range) as the sheets
// print them: a row of boxes, the marker's box filled; a track of more than
// LONG_TRACK boxes (SQUAD's soldiers, 0-36) as its number on a bar, which a
// phone shows in one line. A reader hears each as one sentence (士気: 6（0〜10）).
const LONG_TRACK = 15;
function drawTracks(v) {
  const tracks = v.tracks || [];
  $('tracks-box').hidden = tracks.length === 0;
  $('tracks-title').textContent = say('tracks');
  $('tracks').replaceChildren(...tracks.map((t) => {
    const row = element('div', 'track');
    const label = (n) => (t.labels && t.labels.length ? t.labels[n - t.min] : String(n));
    row.setAttribute('role', 'img');
    row.setAttribute('aria-label', say('track_at', {
      name: t.name, value: label(t.value), min: label(t.min), max: label(t.max),
    }));
    row.append(element('span', 'track-name', t.name));
    if (t.max - t.min + 1 > LONG_TRACK) {
      const bar = element('div', 'track-bar');
      const fill = element('span', 'track-fill');
      fill.style.width = `${(100 * (t.value - t.min)) / Math.max(1, t.max - t.min)}%`;
      bar.append(fill);
      const value = element('span', 'track-value', label(t.value));
      const line = element('div', 'track-line');
      line.append(value, bar, element('span', 'track-max', label(t.max)));
      row.append(line);
      return row;
    }
    const boxes = element('ol', 'track-boxes');
    for (let n = t.min; n <= t.max; n++) {
      const box = element('li', n === t.value ? 'track-box marker' : 'track-box', label(n));
      boxes.append(box);
    }
    row.append(boxes);
    return row;
  }));
}
// A place's printed icon (the server serves the board's icons by name, read
// from the data when it started), where the generator prints it: low in a
// hex, clear of its label; at the top left corner of a location.
function iconUrl(name) {
  return 'icons/' + encodeURIComponent(name) + '.svg';
}
function placeIcon(s, width) {
  let box;
  if (s.outline.length && s.note) {
    const side = width * 0.3;
    box = { x: s.centre[0] - side / 2, y: s.centre[1] + width * 0.22 - side / 2, side };
  } else {
    const ys = s.outline.length ? s.outline.map((p) => p[1]) : [s.centre[1] - s.radius, s.centre[1] + s.radius];
    const xs = s.outline.length ? s.outline.map((p) => p[0]) : [s.centre[0] - s.radius];
    const side = Math.min((Math.max(...ys) - Math.min(...ys)) * 0.3, 6);
    box = { x: Math.min(...xs) + 1, y: Math.min(...ys) + 1, side };
  }
  const image = svg('image', { href: iconUrl(s.icon), x: box.x, y: box.y, width: box.side,
    height: box.side, 'aria-hidden': 'true', class: 'place-icon' });
  image.dataset.place = s.id;
  return image;
}
// An action the board can show in its row: icons and short signs (→ ＋ ／);
// null for none, or for one in words.
function shortAction(action) {
  if (!action || !action.length || !action.some((p) => p.icon)) return null;
  return action.every((p) => p.icon || [...p.text].length <= 2) ? action : null;
}
// An action as a line of the page: each icon with its printed name for a
// reader, the words as they are.
function actionLine(action) {
  const line = element('p', 'action');
  for (const p of action) {
    if (p.icon) {
      const img = element('img', 'action-img');
      img.src = iconUrl(p.icon);
      img.alt = p.text;
      img.title = p.text;
      line.append(img);
    } else {
      line.append(element('span', '', p.text));
    }
  }
  return line;
}
const MIN_TEXT_PX = 11;
let boardZoom = 'read';

function drawBoard(v) {
  const board = v.board;
  const box = $('board-box');
  box.hidden = !board;
  if (!board) return;
  $('board-title').textContent = say('board');
  const live = new Set();
  for (const m of v.moves) for (const p of m.places) live.add(p);
  const margin = 2;
  const root = svg('svg', {
    viewBox: `${-margin} ${-margin} ${board.width + 2 * margin} ${board.height + 2 * margin}`,
    role: 'img',
    'aria-label': say('board'),
  });
  const size = {};
  const shapeOf = {};
  for (const s of board.shapes) {
    shapeOf[s.id] = s;
    const attrs = { fill: s.fill, stroke: '#4a4536', 'stroke-width': 0.3 };
    let e;
    if (s.outline.length) {
      e = svg('polygon', { points: s.outline.map((p) => p.join(',')).join(' '), ...attrs });
      const xs = s.outline.map((p) => p[0]);
      size[s.id] = Math.max(...xs) - Math.min(...xs);
    } else {
      e = svg('circle', { cx: s.centre[0], cy: s.centre[1], r: s.radius, ...attrs });
      size[s.id] = 2 * s.radius;
    }
    e.classList.add('place');
    e.dataset.place = s.id;
    if (live.has(s.id)) e.classList.add('live');
    if (picked && picked.kind === 'place' && picked.key === s.id) e.classList.add('picked');
    root.append(e);
    if (s.icon) root.append(placeIcon(s, size[s.id]));
  }
  // Each road or hedgerow over a darker casing, so that a light road shows
  // on a light board as on the printed one.
  for (const l of board.links) {
    const ends = { x1: l.a[0], y1: l.a[1], x2: l.b[0], y2: l.b[1], 'stroke-linecap': 'round',
      class: 'link' };
    root.append(svg('line', { ...ends, stroke: '#6b6354', 'stroke-width': l.width + 0.6 }));
    root.append(svg('line', { ...ends, stroke: l.stroke, 'stroke-width': l.width }));
  }
  let smallest = Infinity;  // the smallest text drawn, in millimetres
  const centre = {};
  const below = {};  // how far a shape's label reaches below its centre
  for (const s of board.shapes) {
    centre[s.id] = s.centre;
    const w = size[s.id];
    // As large as a sixth of the shape (a large card or location reads whole
    // on a phone without zooming), never below 2.2 mm.
    const font = Math.max(2.2, Math.min(12, w / 6));
    let top = s.centre[1];
    if (s.note) {
      // The coordinate, small, at the top of its place.
      const nf = Math.min(font * 0.7, (w * 0.85) / Math.max(1, ems(s.note)));
      smallest = Math.min(smallest, nf);
      root.append(svg('text', {
        x: s.centre[0], y: s.centre[1] - w * 0.3, 'font-size': nf,
        'text-anchor': 'middle', class: 'note',
      }, s.note));
    }
    below[s.id] = 0;
    if (s.label) {
      // A line each, each as large as fits nine tenths of the shape's width,
      // on a light plate so that a road under it does not cross the words.
      let rows = s.label.split('\n');
      const fitOf = (list) => Math.min(font, ...list.map((r) => (w * 0.9) / Math.max(1, ems(r))));
      // A long name with a note in brackets ("対戦車障害X型（視界制限）"): the
      // note on a line of its own, when that lets the name be larger.
      const open = rows.length === 1 ? rows[0].indexOf('（') : -1;
      if (open > 0) {
        const two = [rows[0].slice(0, open), rows[0].slice(open)];
        if (fitOf(two) > fitOf(rows) * 1.2) rows = two;
      }
      const fit = fitOf(rows);
      smallest = Math.min(smallest, fit);
      const pieces = board.pieces.some((p) => p.at === s.id);
      // The action as the board prints it, its icons and signs in a row under
      // the name (as large as the name, smaller only to fit the place); one
      // in words (an English board's sentence) is read when the place is tapped.
      const act = shortAction(s.action);
      // An icon half as large again as the words, so that a phone shows what it is.
      const actEms = act ? act.reduce((n, p) => n + (p.icon ? 1.6 : ems(p.text) + 0.2), 0) : 0;
      const actSize = act ? Math.min(fit, (w * 0.9) / actEms) : 0;
      if (act && act.some((p) => !p.icon)) smallest = Math.min(smallest, actSize);
      const actH = act ? actSize * 1.6 : 0;
      // A place with pieces: its label a little above the centre, they below.
      top = s.centre[1] - (pieces ? fit * 0.6 * rows.length + actH : actH / 2);
      const wide = Math.max(...rows.map((r) => ems(r)).map((n) => n * fit), actEms * actSize);
      if (board.links.length) {
        root.append(svg('rect', { x: s.centre[0] - wide / 2 - 0.6,
          y: top - fit * (0.6 * rows.length + 0.1), width: wide + 1.2,
          height: fit * 1.2 * rows.length + actH, rx: 0.8, class: 'plate' }));
      }
      rows.forEach((r, i) => {
        root.append(svg('text', {
          x: s.centre[0], y: top + fit * (0.35 + 1.2 * (i - (rows.length - 1) / 2)),
          'font-size': fit, 'text-anchor': 'middle', 'font-weight': 'bold', class: 'label',
        }, r));
      });
      const labelEnd = top + fit * (0.6 * rows.length + 0.1);
      if (act) {
        let x = s.centre[0] - (actEms * actSize) / 2;
        const y = labelEnd + actH / 2;
        for (const p of act) {
          if (p.icon) {
            root.append(svg('image', { href: iconUrl(p.icon), x: x + actSize * 0.05,
              y: y - actSize * 0.75, width: actSize * 1.5, height: actSize * 1.5,
              'aria-hidden': 'true', class: 'action-icon' }));
            x += actSize * 1.6;
          } else {
            const wText = (ems(p.text) + 0.2) * actSize;
            root.append(svg('text', { x: x + wText / 2, y: y + actSize * 0.35,
              'font-size': actSize, 'text-anchor': 'middle', class: 'action-sign' }, p.text));
            x += wText;
          }
        }
      }
      below[s.id] = labelEnd + actH - s.centre[1] + fit * 0.05;
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
    const h = Math.max(3, Math.min(8, place * 0.2));
    const font = h * 0.72;
    smallest = Math.min(smallest, font);
    const need = ems(p.text) * font;
    const w = Math.min(Math.max(need + 2, place * 0.6), place * 1.5);
    const y = c[1] + Math.max(0, below[p.at]) + 0.4 + h / 2 + n * (h + 0.5);
    const g = svg('g', { class: 'piece piece-' + p.side });
    g.dataset.place = p.at;
    g.append(svg('rect', { x: c[0] - w / 2, y: y - h / 2, width: w, height: h, rx: 1 }));
    const label = { x: c[0], y: y + h * 0.3, 'font-size': font, 'text-anchor': 'middle' };
    if (need > w - 1) Object.assign(label, { textLength: w - 1, lengthAdjust: 'spacingAndGlyphs' });
    g.append(svg('text', label, p.text));
    root.append(g);
  }
  // A tap on a place, its label or a piece there: what can be done there.
  root.addEventListener('click', (ev) => {
    const at = ev.target.closest('[data-place]');
    let id = at && at.dataset.place;
    if (!id) {
      // A label: the place whose centre is nearest.
      const pt = root.createSVGPoint();
      pt.x = ev.clientX; pt.y = ev.clientY;
      const m = root.getScreenCTM();
      if (!m) return;
      const q = pt.matrixTransform(m.inverse());
      let best = Infinity;
      for (const s of board.shapes) {
        const d = Math.hypot(s.centre[0] - q.x, s.centre[1] - q.y);
        if (d < best && d < size[s.id] / 2) { best = d; id = s.id; }
      }
    }
    if (!id) return;
    const s = shapeOf[id];
    pick({ kind: 'place', key: id, title: (s.label || id).replace(/\n/g, ' ') +
      (s.note && s.note !== s.label ? ' (' + s.note + ')' : '') });
  });
  // The scale: the smallest text at 11 CSS px, or the whole board on screen.
  const holder = $('board');
  const width = holder.clientWidth || 336;
  const fit = width / (board.width + 2 * margin);
  const read = smallest < Infinity ? MIN_TEXT_PX / smallest : fit;
  const scale = boardZoom === 'fit' ? fit : Math.max(fit, read);
  root.setAttribute('width', Math.round((board.width + 2 * margin) * scale));
  root.setAttribute('height', Math.round((board.height + 2 * margin) * scale));
  const zoom = $('board-zoom');
  zoom.hidden = read <= fit * 1.01;
  zoom.textContent = say(boardZoom === 'fit' ? 'zoom_read' : 'zoom_fit');
  // The legend: each terrain's colour and printed name, as the printed map has it.
  const legend = $('board-legend');
  legend.replaceChildren(...(board.legend || []).map((t) => {
    const li = element('li', 'legend-item');
    const swatch = element('span', 'swatch');
    swatch.style.background = t.fill;
    if (t.icon) {
      // The terrain's printed icon on its colour, as the map's legend has it.
      const icon = element('img', 'swatch-icon');
      icon.src = iconUrl(t.icon);
      icon.alt = '';
      swatch.append(icon);
    }
    li.append(swatch, element('span', '', t.name));
    return li;
  }));
  legend.hidden = !(board.legend && board.legend.length);
  // Keep where the player had scrolled to across a redraw.
  const x = holder.scrollLeft, y = holder.scrollTop;
  holder.replaceChildren(root);
  holder.scrollLeft = x;
  holder.scrollTop = y;
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
  picked = null;
  choosers = {};
  refusal = [];
  earlier = [];
  for (const id of ['question-box', 'news-box', 'refusal-box', 'pick-box', 'moves-box',
    'hand-box', 'board-box', 'undo-box', 'consent-box', 'pass-box', 'table-box', 'tracks-box']) $(id).hidden = true;
  for (const id of ['answers', 'moves', 'hand', 'board', 'status', 'recent', 'log', 'news',
    'refusal', 'pick', 'table-cards']) {
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
  $('loading').textContent = say('loading');
  $('undo').addEventListener('click', () => act({ line: 'undo' }));
  $('pick-close').addEventListener('click', () => { picked = null; redraw(); });
  $('pass-windows').addEventListener('click', () => {
    if (current) act({ pass_windows: !current.pass_windows });
  });
  $('log-more').addEventListener('click', readEarlier);
  $('board-zoom').addEventListener('click', () => {
    boardZoom = boardZoom === 'fit' ? 'read' : 'fit';
    redraw();
  });
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
