// ccsampler flame graph page. Data layout: see dev.ccsampler.report.FlamePage.
// Everything a user can see is set through textContent or drawn on the canvas, never as markup.
'use strict';
(function () {
  const data = JSON.parse(document.getElementById('flame-data').textContent);
  const $ = (id) => document.getElementById(id);
  const canvas = $('canvas');
  const ctx = canvas.getContext('2d');
  const tooltip = $('tooltip');
  const ROW = 18;
  const FONT = '12px ui-monospace, Menlo, Consolas, monospace';
  const DIFF = data.mode === 'diff';
  const frames = data.frames; // [label, language]
  const TIER_COLOURS = ['#e4704a', '#f0bd4f', '#62b46a', '#58a6d6'];
  const LANG_HUES = [18, 205, 130, 280, 45, 330, 170, 95];
  // The legend lists the languages of frames that some tree draws, not of every interned method.
  const drawn = new Set();
  data.trees.forEach((t) => { for (let o = 0; o < t.nodes.length; o += 10) if (t.nodes[o] >= 0) drawn.add(t.nodes[o]); });
  const languages = Array.from(new Set(frames.filter((f, i) => drawn.has(i)).map((f) => f[1]))).sort();
  const langIndex = new Map(languages.map((l, i) => [l, i]));

  const state = { tree: 0, zoom: null, colour: 'language', reverse: false, icicle: false, matcher: null, matched: null };
  let rects = [];
  let hovered = null;
  let charWidth = 7;

  // ---- data -------------------------------------------------------------------------------
  const decoded = [];
  function tree(i) {
    if (decoded[i]) return decoded[i];
    const t = data.trees[i];
    const a = t.nodes;
    const b = t.before;
    const n = a.length / 10;
    const nodes = new Array(n);
    for (let k = 0; k < n; k++) {
      const o = k * 10;
      const parent = a[o + 1] < 0 ? null : nodes[a[o + 1]];
      const node = {
        f: a[o], parent, children: [], depth: parent ? parent.depth + 1 : 0,
        tiers: [a[o + 2], a[o + 3], a[o + 4], a[o + 5]], selfTiers: [a[o + 6], a[o + 7], a[o + 8], a[o + 9]],
      };
      node.total = node.tiers[0] + node.tiers[1] + node.tiers[2] + node.tiers[3];
      node.self = node.selfTiers[0] + node.selfTiers[1] + node.selfTiers[2] + node.selfTiers[3];
      if (b) { node.before = b[2 * k]; node.beforeSelf = b[2 * k + 1]; }
      if (parent) parent.children.push(node);
      nodes[k] = node;
    }
    decoded[i] = { name: t.name, root: nodes[0], nodes, beforeTotal: t.beforeTotal, reversed: null };
    return decoded[i];
  }

  function dominant(tiers) {
    let best = 0;
    for (let i = 1; i < 4; i++) if (tiers[i] > tiers[best]) best = i;
    return best;
  }

  function labelOf(node) {
    return node.f < 0 ? (state.reverse ? 'all (reversed)' : 'all') : frames[node.f][0];
  }

  // Reversed stacks: every sample's stack read leaf first. A leaf frame keeps its exact self tiers;
  // a caller frame is counted under its context's dominant tier (an approximation, as in folded).
  function reversedOf(t) {
    if (t.reversed) return t.reversed;
    const root = { f: -1, parent: null, children: [], depth: 0, tiers: t.root.tiers.slice(), selfTiers: [0, 0, 0, 0], total: t.root.total, self: 0, map: new Map() };
    const nodes = [root];
    for (const leaf of t.nodes) {
      if (leaf.f < 0 || leaf.self === 0) continue;
      let r = root;
      for (let n = leaf; n && n.f >= 0; n = n.parent) {
        let c = r.map.get(n.f);
        if (!c) {
          c = { f: n.f, parent: r, children: [], depth: r.depth + 1, tiers: [0, 0, 0, 0], selfTiers: [0, 0, 0, 0], total: 0, self: 0, map: new Map() };
          r.map.set(n.f, c);
          r.children.push(c);
          nodes.push(c);
        }
        if (n === leaf) {
          for (let i = 0; i < 4; i++) c.tiers[i] += leaf.selfTiers[i];
        } else {
          c.tiers[dominant(n.tiers)] += leaf.self;
        }
        c.total += leaf.self;
        if (!n.parent || n.parent.f < 0) {
          c.self += leaf.self;
          c.selfTiers[dominant(n === leaf ? leaf.selfTiers : n.tiers)] += leaf.self;
        }
        r = c;
      }
    }
    for (const n of nodes) {
      n.children.sort((x, y) => (frames[x.f][0] < frames[y.f][0] ? -1 : frames[x.f][0] > frames[y.f][0] ? 1 : x.f - y.f));
      delete n.map;
    }
    t.reversed = { name: t.name, root, nodes };
    return t.reversed;
  }

  function current() {
    const t = tree(state.tree);
    return state.reverse ? reversedOf(t) : t;
  }

  // ---- colours ----------------------------------------------------------------------------
  function hash(s) {
    let h = 2166136261;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    return (h >>> 0) / 4294967296;
  }

  function languageColour(node) {
    const lang = frames[node.f][1];
    const hue = LANG_HUES[langIndex.get(lang) % LANG_HUES.length];
    const v = hash(frames[node.f][0]);
    return 'hsl(' + (hue + v * 16 - 8).toFixed(0) + ',' + (58 + v * 14).toFixed(0) + '%,' + (58 + v * 12).toFixed(0) + '%)';
  }

  let maxDelta = 1e-12;
  function delta(node, t) {
    const root = t.root;
    const before = Math.max(node.before, 0);
    return node.total / root.total - (t.beforeTotal > 0 ? before / t.beforeTotal : 0);
  }

  function diffColour(d) {
    // Neutral light grey (visible on the page background), towards red or blue with the change.
    if (Math.abs(d) < 1e-12) return 'rgb(232,232,232)';
    const i = Math.min(1, Math.abs(d) / maxDelta);
    const fade = Math.round(232 - i * 172);
    return d > 0 ? 'rgb(250,' + fade + ',' + fade + ')' : 'rgb(' + fade + ',' + fade + ',250)';
  }

  function colourOf(node, t) {
    if (node.f < 0) return '#c9ced6';
    if (state.matched && state.matched[node.f]) return '#d24bd8';
    if (DIFF) return diffColour(delta(node, t));
    if (state.colour === 'tier') return TIER_COLOURS[dominant(node.tiers)];
    return languageColour(node);
  }

  function legend() {
    const box = $('legend');
    box.textContent = '';
    const item = (colour, text) => {
      const span = document.createElement('span');
      span.className = 'item';
      const sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.background = colour;
      span.appendChild(sw);
      span.appendChild(document.createTextNode(text));
      box.appendChild(span);
    };
    if (DIFF) {
      item(diffColour(-maxDelta), 'share shrank');
      item(diffColour(0), 'unchanged');
      item(diffColour(maxDelta), 'share grew (darkest: ' + (maxDelta * 100).toFixed(1) + ' points)');
    } else if (state.colour === 'tier') {
      data.tiers.forEach((name, i) => item(TIER_COLOURS[i], name));
    } else {
      languages.forEach((l, i) => item('hsl(' + LANG_HUES[i % LANG_HUES.length] + ',65%,63%)', l));
    }
    if (state.matcher) item('#d24bd8', 'search match');
  }

  // ---- search -----------------------------------------------------------------------------
  function updateSearch() {
    const text = $('search').value;
    const out = $('match');
    out.className = '';
    state.matcher = null;
    state.matched = null;
    state.matchResult = null;
    if (text) {
      if ($('regex').checked) {
        try {
          const re = new RegExp(text);
          state.matcher = (s) => re.test(s);
        } catch (e) {
          out.className = 'error';
          out.textContent = 'invalid regex: ' + e.message;
          return;
        }
      } else {
        state.matcher = (s) => s.includes(text);
      }
      state.matched = new Uint8Array(frames.length);
      for (let f = 0; f < frames.length; f++) state.matched[f] = state.matcher(frames[f][0]) ? 1 : 0;
      // Samples under a matching frame, nested matches counted once: nodes are in pre-order.
      const t = current();
      const inside = new Map();
      let samples = 0;
      for (const n of t.nodes) {
        const hit = n.f >= 0 && state.matched[n.f] === 1;
        const parentInside = n.parent ? inside.get(n.parent) : false;
        if (hit && !parentInside) samples += n.total;
        inside.set(n, hit || parentInside);
      }
      const total = t.root.total;
      state.matchResult = { samples, total, share: total > 0 ? samples / total : 0 };
      out.textContent = 'Matched: ' + pct(state.matchResult.share) + ' of samples (' + samples + ' of ' + total + ')';
    } else {
      out.textContent = '';
    }
  }

  function pct(x) {
    return (x * 100).toFixed(x < 0.001 && x > 0 ? 3 : 1) + '%';
  }

  // ---- layout and drawing -----------------------------------------------------------------
  function render() {
    const t = current();
    const zoom = state.zoom || t.root;
    const width = Math.max(200, canvas.parentElement.clientWidth - 28);
    rects = [];
    for (let a = zoom.parent; a; a = a.parent) rects.push({ node: a, x: 0, w: width, ancestor: true });
    const scale = zoom.total > 0 ? width / zoom.total : 0;
    const stack = [zoom, 0];
    let maxDepth = zoom.depth;
    while (stack.length) {
      const x = stack.pop();
      const n = stack.pop();
      rects.push({ node: n, x, w: n.total * scale, ancestor: false });
      if (n.depth > maxDepth) maxDepth = n.depth;
      let cx = x;
      for (const c of n.children) {
        const cw = c.total * scale;
        if (cw >= 0.5) stack.push(c, cx); // narrower than half a pixel: not drawn, nor anything above it
        cx += cw;
      }
    }
    const height = (maxDepth + 1) * ROW;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.width = width + 'px';
    canvas.style.height = height + 'px';
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.font = FONT;
    ctx.textBaseline = 'middle';
    charWidth = ctx.measureText('MMMMMMMMMM').width / 10;
    if (DIFF) {
      maxDelta = 1e-12;
      for (const n of t.nodes) if (n.f >= 0) maxDelta = Math.max(maxDelta, Math.abs(delta(n, t)));
    }
    for (const r of rects) {
      r.y = state.icicle ? r.node.depth * ROW : (maxDepth - r.node.depth) * ROW;
      r.fill = colourOf(r.node, t);
      ctx.globalAlpha = r.ancestor ? 0.55 : (state.matched && r.node.f >= 0 && !state.matched[r.node.f] ? 0.8 : 1);
      ctx.fillStyle = r.fill;
      ctx.fillRect(r.x, r.y, Math.max(r.w - (r.w > 2 ? 1 : 0), 0.5), ROW - 1);
      ctx.globalAlpha = 1;
      const fit = Math.floor((r.w - 6) / charWidth);
      if (fit >= 3) {
        const label = labelOf(r.node);
        ctx.fillStyle = '#111';
        ctx.fillText(label.length <= fit ? label : label.slice(0, fit - 1) + '\u2026', r.x + 3, r.y + ROW / 2);
      }
    }
    $('reset').disabled = !state.zoom;
    legend();
  }

  function hit(ev) {
    const b = canvas.getBoundingClientRect();
    const x = ev.clientX - b.left;
    const y = ev.clientY - b.top;
    for (let i = rects.length - 1; i >= 0; i--) {
      const r = rects[i];
      if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + ROW) return r;
    }
    return null;
  }

  // ---- tooltip ----------------------------------------------------------------------------
  function describe(node) {
    const t = current();
    const lines = [];
    const all = t.root.total;
    const zoom = state.zoom || t.root;
    let s = node.total + ' samples, ' + pct(node.total / all) + ' of all';
    if (zoom !== t.root && zoom.total > 0) s += ', ' + pct(node.total / zoom.total) + ' of zoomed frame';
    lines.push(['', s]);
    if (node.f >= 0) {
      lines.push(['', frames[node.f][1] + ' \u00b7 self ' + node.self + ' samples (' + pct(node.self / all) + ')']);
      const split = [];
      node.tiers.forEach((v, i) => { if (v > 0) split.push(data.tiers[i] + ' ' + pct(v / node.total)); });
      if (split.length) lines.push(['', 'tiers: ' + split.join(' \u00b7 ')]);
      if (DIFF) {
        const before = Math.max(node.before, 0);
        const b = t.beforeTotal > 0 ? before / t.beforeTotal : 0;
        const a = node.total / all;
        const d = a - b;
        const sign = d > 0 ? '+' : '';
        lines.push([d > 0 ? 'grew' : d < 0 ? 'shrank' : '', (node.before < 0 ? 'new: ' : '') + 'before ' + pct(b) + ' \u2192 after ' + pct(a) + ' of all (' + sign + (d * 100).toFixed(2) + ' points)']);
        const bs = t.beforeTotal > 0 ? Math.max(node.beforeSelf, 0) / t.beforeTotal : 0;
        lines.push(['', 'self: before ' + pct(bs) + ' \u2192 after ' + pct(node.self / all)]);
      }
    }
    return lines;
  }

  function showTooltip(r, ev) {
    tooltip.textContent = '';
    const name = document.createElement('div');
    name.className = 'name';
    name.textContent = labelOf(r.node);
    tooltip.appendChild(name);
    for (const [cls, text] of describe(r.node)) {
      const d = document.createElement('div');
      if (cls) d.className = cls;
      d.textContent = text;
      tooltip.appendChild(d);
    }
    tooltip.hidden = false;
    const pad = 14;
    let x = ev.clientX + pad;
    let y = ev.clientY + pad;
    const w = tooltip.offsetWidth;
    const h = tooltip.offsetHeight;
    if (x + w > window.innerWidth) x = Math.max(0, ev.clientX - w - pad);
    if (y + h > window.innerHeight) y = Math.max(0, ev.clientY - h - pad);
    tooltip.style.left = x + 'px';
    tooltip.style.top = y + 'px';
    $('details').textContent = labelOf(r.node) + ' \u2014 ' + describe(r.node)[0][1];
  }

  canvas.addEventListener('mousemove', (ev) => {
    const r = hit(ev);
    hovered = r;
    if (r) showTooltip(r, ev); else tooltip.hidden = true;
  });
  canvas.addEventListener('mouseleave', () => { tooltip.hidden = true; hovered = null; });
  canvas.addEventListener('click', (ev) => {
    const r = hit(ev);
    if (!r) return;
    state.zoom = r.node.parent ? r.node : null;
    render();
  });
  $('reset').addEventListener('click', () => { state.zoom = null; render(); });
  $('thread').addEventListener('change', (ev) => { state.tree = Number(ev.target.value); state.zoom = null; updateSearch(); render(); });
  $('colour').addEventListener('change', (ev) => { state.colour = ev.target.value; render(); });
  $('reverse').addEventListener('change', (ev) => { state.reverse = ev.target.checked; state.zoom = null; updateSearch(); render(); });
  $('icicle').addEventListener('change', (ev) => { state.icicle = ev.target.checked; render(); showBase(); });
  $('search').addEventListener('input', () => { updateSearch(); render(); });
  $('regex').addEventListener('change', () => { updateSearch(); render(); });
  let resizeTimer = 0;
  window.addEventListener('resize', () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(render, 50); });

  // A flame graph taller than the window opens scrolled to its base (the root and the widest
  // frames), as an icicle opens at its top.
  function showBase() {
    window.scrollTo(0, state.icicle ? 0 : document.documentElement.scrollHeight);
  }

  // ---- start ------------------------------------------------------------------------------
  document.title = data.title;
  $('title').textContent = data.title;
  $('subtitle').textContent = data.subtitle + (data.minWidth > 0 ? ' \u00b7 frames under ' + data.minWidth + '% hidden' : '') +
    (DIFF ? ' \u00b7 shape of the "after" run, coloured by change of each frame\u2019s share of all samples' : '');
  data.trees.forEach((t, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = t.name + ' \u2014 ' + t.total + ' samples';
    $('thread').appendChild(o);
  });
  if (data.trees.length < 2) $('thread-label').hidden = true;
  if (DIFF) { $('colour-label').hidden = true; $('reverse-label').hidden = true; }
  render();
  showBase();

  // Read-only hook for the browser test and for scripting: what is drawn, where, and why.
  window.__flame = Object.freeze({
    frames: () => rects.map((r) => ({
      label: labelOf(r.node), depth: r.node.depth, x: r.x, y: r.y, width: r.w, height: ROW - 1,
      widthShare: r.w / parseFloat(canvas.style.width), samples: r.node.total, ancestor: r.ancestor,
      matched: !!(state.matched && r.node.f >= 0 && state.matched[r.node.f]), fill: r.fill,
      delta: DIFF && r.node.f >= 0 ? delta(r.node, current()) : null,
    })),
    zoomRoot: () => labelOf(state.zoom || current().root),
    matched: () => (state.matchResult ? Object.assign({}, state.matchResult) : null),
    state: () => ({ thread: data.trees[state.tree].name, reverse: state.reverse, icicle: state.icicle, colour: state.colour, mode: data.mode }),
    hovered: () => (hovered ? labelOf(hovered.node) : null),
  });
})();
