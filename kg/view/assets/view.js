/* kg view: the page's behaviour. Reads the JSON in #kg-data (see kg/view/data.py), draws the
   entities with Cytoscape.js (vendored in the page) and lists facts with their sentences.
   Everything taken from the data is put in the page as text (textContent), never as HTML. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('kg-data').textContent);
  var nodes = data.nodes, facts = data.facts, quotes = data.quotes, sentences = data.sentences;
  var OVERVIEW_LIMIT = 60;

  var factsOf = nodes.map(function () { return []; });
  facts.forEach(function (f, i) {
    factsOf[f.s].push(i);
    if (f.o >= 0 && f.o !== f.s) factsOf[f.o].push(i);
  });
  var quotesOf = nodes.map(function () { return []; });
  quotes.forEach(function (q, i) { quotesOf[q.speaker].push(i); });
  var factArticles = facts.map(function (f) {
    var set = {};
    f.sentences.forEach(function (s) { set[sentences[s][0]] = true; });
    return set;
  });
  var types = Object.keys(data.styles).filter(function (t) {
    return nodes.some(function (n) { return n.type === t; });
  });

  var state = {
    types: new Set(types),
    predicates: new Set(data.predicates.map(function (p, i) { return i; })),
    article: -1,
    limit: OVERVIEW_LIMIT,
    focus: -1
  };

  // ----- text helpers -----
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else if (k === 'className') node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function fold(text) {
    return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  }
  function plural(n, one, many) { return n.toLocaleString('en') + ' ' + (n === 1 ? one : (many || one + 's')); }
  function seeded(seed) {
    return function () { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed / 4294967296; };
  }
  function tint(hex) {
    var n = parseInt(hex.slice(1), 16), r = n >> 16, g = (n >> 8) & 255, b = n & 255;
    function mix(c) { return Math.round(255 - (255 - c) * 0.22); }
    return 'rgb(' + mix(r) + ',' + mix(g) + ',' + mix(b) + ')';
  }

  // ----- what the filters let through -----
  function factShown(i) {
    var f = facts[i];
    if (!state.predicates.has(f.p)) return false;
    if (!state.types.has(nodes[f.s].type)) return false;
    if (f.o >= 0 && !state.types.has(nodes[f.o].type)) return false;
    return state.article < 0 || factArticles[i][state.article] === true;
  }
  function nodeShown(i) {
    if (!state.types.has(nodes[i].type)) return false;
    if (state.article < 0) return true;
    return factsOf[i].some(factShown) || quotesOf[i].some(function (q) {
      var s = quotes[q].sentence;
      return s >= 0 && sentences[s][0] === state.article;
    });
  }
  function shownDegree(i) {
    return factsOf[i].filter(function (f) { return factShown(f) && facts[f].o >= 0; }).length;
  }
  function byDegree(list) {
    var degree = {};
    list.forEach(function (i) { degree[i] = shownDegree(i); });
    return list.slice().sort(function (a, b) {
      return degree[b] - degree[a] || (nodes[a].label < nodes[b].label ? -1 : nodes[a].label > nodes[b].label ? 1 : a - b);
    });
  }

  // ----- the graph -----
  var cy = cytoscape({
    container: document.getElementById('cy'),
    wheelSensitivity: 0.3,
    minZoom: 0.05,
    maxZoom: 4,
    style: [
      { selector: 'node', style: {
        'shape': 'data(shape)', 'background-color': 'data(fill)', 'border-color': 'data(colour)', 'border-width': 2,
        'width': 'data(size)', 'height': 'data(size)', 'label': 'data(label)', 'font-size': 15,
        'text-valign': 'bottom', 'text-margin-y': 3, 'text-wrap': 'wrap', 'text-max-width': 170,
        'color': '#111', 'text-background-color': '#fafafa', 'text-background-opacity': 0.85,
        'text-background-padding': 1 } },
      { selector: 'node.focus', style: { 'border-width': 4 } },
      { selector: 'node:selected', style: { 'border-width': 5, 'border-color': '#111' } },
      { selector: 'edge', style: {
        'curve-style': 'bezier', 'width': 'data(width)', 'line-color': '#9a9a9a',
        'target-arrow-shape': 'data(toArrow)', 'source-arrow-shape': 'data(fromArrow)',
        'target-arrow-color': '#777', 'source-arrow-color': '#777', 'arrow-scale': 0.9,
        'label': 'data(label)', 'font-size': 12, 'color': '#333', 'text-rotation': 'autorotate',
        'text-background-color': '#fafafa', 'text-background-opacity': 0.9, 'text-background-padding': 1 } },
      { selector: 'edge:selected', style: { 'line-color': '#0b57a4', 'target-arrow-color': '#0b57a4', 'source-arrow-color': '#0b57a4', 'width': 4 } }
    ]
  });

  function chosenNodes() {
    var shown = [];
    if (state.focus >= 0) {
      var near = {};
      factsOf[state.focus].forEach(function (f) {
        if (!factShown(f) || facts[f].o < 0) return;
        var other = facts[f].s === state.focus ? facts[f].o : facts[f].s;
        if (other !== state.focus) near[other] = true;
      });
      shown = byDegree(Object.keys(near).map(Number));
      var more = Math.max(0, shown.length - (state.limit - 1));
      return { list: [state.focus].concat(shown.slice(0, state.limit - 1)), total: shown.length, more: more };
    }
    for (var i = 0; i < nodes.length; i++) if (nodeShown(i)) shown.push(i);
    var linked = shown.filter(function (i) { return shownDegree(i) > 0; });
    var ranked = byDegree(linked.length ? linked : shown);
    return { list: ranked.slice(0, state.limit), total: shown.length, more: 0 };
  }

  function elements(list) {
    var inView = {}, items = [], pairs = {};
    list.forEach(function (i) { inView[i] = true; });
    list.forEach(function (i) {
      var n = nodes[i], style = data.styles[n.type];
      items.push({ group: 'nodes', data: {
        id: 'n' + i, index: i, label: n.label, shape: style.shape, colour: style.colour, fill: tint(style.colour),
        size: Math.min(56, 24 + 5 * Math.sqrt(n.degree)) } });
    });
    facts.forEach(function (f, i) {
      if (f.o < 0 || f.o === f.s || !inView[f.s] || !inView[f.o] || !factShown(i)) return;
      if (state.focus >= 0 && f.s !== state.focus && f.o !== state.focus) return;  // the focus's own links
      var a = Math.min(f.s, f.o), b = Math.max(f.s, f.o), key = a + '-' + b;
      var pair = pairs[key] || (pairs[key] = { a: a, b: b, facts: [], forward: false, backward: false, labels: [] });
      pair.facts.push(i);
      if (f.s === a) pair.forward = true; else pair.backward = true;
      var label = data.predicates[f.p][1];
      if (pair.labels.indexOf(label) < 0) pair.labels.push(label);
    });
    Object.keys(pairs).sort().forEach(function (key) {
      var p = pairs[key];
      var label = p.labels.join(', ') + (p.facts.length > p.labels.length ? ' (' + p.facts.length + ')' : '');
      items.push({ group: 'edges', data: {
        id: 'e' + key, source: 'n' + p.a, target: 'n' + p.b, label: label, facts: p.facts,
        toArrow: p.forward ? 'triangle' : 'none', fromArrow: p.backward ? 'triangle' : 'none',
        width: Math.min(5, 1 + p.facts.length * 0.5) } });
    });
    return items;
  }

  function redraw() {
    var chosen = chosenNodes();
    cy.startBatch();
    cy.elements().remove();
    cy.add(elements(chosen.list));
    cy.endBatch();
    var layout;
    if (state.focus >= 0) {
      cy.$('#n' + state.focus).addClass('focus');
      layout = { name: 'concentric', animate: false, minNodeSpacing: 60,
        concentric: function (n) { return n.data('index') === state.focus ? 2 : 1; }, levelWidth: function () { return 1; } };
    } else {
      layout = { name: 'cose', animate: false, randomize: true, nodeDimensionsIncludeLabels: true,
        nodeRepulsion: function () { return 40000; }, idealEdgeLength: function () { return 70; },
        nodeOverlap: 20, gravity: 1.5, componentSpacing: 40, numIter: 2000 };
    }
    // the layout's random start is seeded: the same data and filters give the same picture
    var random = Math.random;
    Math.random = seeded(20261201);
    try { cy.layout(layout).run(); } finally { Math.random = random; }
    cy.fit(undefined, 40);
    if (cy.zoom() > 1.2) { cy.zoom(1.2); cy.center(); }  // a few entities are not drawn huge
    var status = document.getElementById('status');
    if (state.focus >= 0) {
      status.textContent = nodes[state.focus].label + ' and ' + plural(chosen.total, 'neighbour') +
        (chosen.more ? ' (the ' + (state.limit - 1) + ' most connected shown)' : '') + '. Overview shows the whole graph again.';
    } else {
      status.textContent = 'Showing ' + plural(chosen.list.length, 'entity', 'entities') + ' of ' +
        chosen.total.toLocaleString('en') + (chosen.list.length < chosen.total ? ' (the most connected)' : '') +
        ', ' + plural(cy.edges().length, 'link') + '. Search a name, or double-click an entity to see its neighbours.';
    }
  }

  // ----- the details pane -----
  var details = document.getElementById('details');
  function entityLink(i) {
    if (i < 0) return el('span', { className: 'kind', text: '(not stated)' });
    var a = el('a', { className: 'entity', tabindex: '0', 'data-node': String(i), text: nodes[i].label });
    a.addEventListener('click', function () { focus(i); });
    a.addEventListener('keydown', function (e) { if (e.key === 'Enter') focus(i); });
    return a;
  }
  function evidence(s) {
    var row = sentences[s];
    return el('blockquote', { className: 'evidence' }, [row[2], el('cite', { text: data.articles[row[0]] || '(no file name)' })]);
  }
  function factItem(i, from) {
    var f = facts[i];
    var subject = f.s === from ? el('span', { text: nodes[f.s].label }) : entityLink(f.s);
    var object = f.o === from ? el('span', { text: nodes[f.o].label }) : entityLink(f.o);
    var li = el('li', { className: 'fact' }, [
      el('div', {}, [subject, ' ', el('span', { className: 'relation', text: data.predicates[f.p][1] }), ' ', object,
        f.past ? el('span', { className: 'past', text: 'past' }) : null])
    ]);
    f.sentences.forEach(function (s) {
      if (state.article < 0 || sentences[s][0] === state.article) li.appendChild(evidence(s));
    });
    if (!f.sentences.length) li.appendChild(el('div', { className: 'kind', text: 'part of what the post is; no sentence of its own' }));
    return li;
  }
  function showNode(i) {
    var n = nodes[i], style = data.styles[n.type];
    details.textContent = '';
    details.appendChild(el('h2', { text: n.label }));
    var swatch = el('span', { className: 'swatch' });
    swatch.style.borderColor = style.colour;
    swatch.style.background = tint(style.colour);
    details.appendChild(el('div', { className: 'kind' }, [swatch, ' ' + n.type]));
    if (n.names.length) details.appendChild(el('p', { className: 'names', text: 'Also: ' + n.names.join('; ') }));
    var shown = factsOf[i].filter(factShown);
    details.appendChild(el('h3', { text: 'Facts (' + shown.length + ')' }));
    var list = el('ul', { id: 'facts' });
    shown.forEach(function (f) { list.appendChild(factItem(f, i)); });
    details.appendChild(list);
    var said = quotesOf[i].filter(function (q) {
      var s = quotes[q].sentence;
      return state.article < 0 || (s >= 0 && sentences[s][0] === state.article);
    });
    if (said.length) {
      details.appendChild(el('h3', { text: 'Quoted (' + said.length + ')' }));
      var ql = el('ul', { id: 'quotes' });
      said.forEach(function (q) {
        var s = quotes[q].sentence;
        ql.appendChild(el('li', { className: 'fact' }, [el('blockquote', { className: 'evidence' },
          ['\u201c' + quotes[q].quote.replace(/^[\u201c"]+|[\u201d"]+$/g, '') + '\u201d',
           el('cite', { text: s >= 0 ? data.articles[sentences[s][0]] : '' })])]));
      });
      details.appendChild(ql);
    }
    if (state.focus !== i) {
      var b = el('button', { type: 'button', text: 'Show with its neighbours' });
      b.addEventListener('click', function () { focus(i); });
      details.appendChild(b);
    }
  }
  function showEdge(edge) {
    var list = edge.data('facts'), a = facts[list[0]].s, b = facts[list[0]].o;  // the first fact's way round
    details.textContent = '';
    details.appendChild(el('h2', {}, [entityLink(a), ' \u2014 ', entityLink(b)]));
    details.appendChild(el('h3', { text: plural(list.length, 'fact') }));
    var ul = el('ul', { id: 'facts' });
    list.forEach(function (f) { ul.appendChild(factItem(f, -2)); });
    details.appendChild(ul);
  }

  function focus(i) {
    state.focus = i;
    redraw();
    cy.$('#n' + i).select();
    showNode(i);
  }

  cy.on('tap', 'node', function (e) { showNode(e.target.data('index')); });
  cy.on('dbltap', 'node', function (e) { focus(e.target.data('index')); });
  cy.on('tap', 'edge', function (e) { showEdge(e.target); });

  // ----- search -----
  var search = document.getElementById('search'), results = document.getElementById('search-results');
  var folded = nodes.map(function (n) { return [n.label].concat(n.names).map(fold); });
  var active = 0, found = [];
  function rank(i, q) {
    var best = 9;
    folded[i].forEach(function (name, k) {
      var r = name === q ? 0 : name.indexOf(q) === 0 ? 1 : (' ' + name).indexOf(' ' + q) >= 0 ? 2 : name.indexOf(q) >= 0 ? 3 : 9;
      best = Math.min(best, r + (k > 0 ? 0.5 : 0));
    });
    return best;
  }
  function find(text) {
    var q = fold(text.trim());
    if (!q) return [];
    var hits = [];
    for (var i = 0; i < nodes.length; i++) {
      var r = rank(i, q);
      if (r < 9) hits.push([r, -nodes[i].degree, nodes[i].label, i]);
    }
    hits.sort(function (x, y) { return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0); });
    return hits.slice(0, 20).map(function (h) { return h[3]; });
  }
  function listResults() {
    found = find(search.value);
    active = 0;
    results.textContent = '';
    if (!search.value.trim()) { results.hidden = true; return; }
    if (!found.length) results.appendChild(el('li', { className: 'empty', text: 'No entity by that name' }));
    found.forEach(function (i, k) {
      var li = el('li', { 'data-node': String(i), className: k === 0 ? 'active' : '' },
        [el('span', { text: nodes[i].label }), el('span', { className: 'kind', text: nodes[i].type })]);
      li.addEventListener('mousedown', function (e) { e.preventDefault(); choose(i); });
      results.appendChild(li);
    });
    results.hidden = false;
  }
  function choose(i) {
    results.hidden = true;
    search.value = nodes[i].label;
    focus(i);
  }
  search.addEventListener('input', listResults);
  search.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!found.length) return;
      active = (active + (e.key === 'ArrowDown' ? 1 : found.length - 1)) % found.length;
      Array.prototype.forEach.call(results.children, function (li, k) { li.className = k === active ? 'active' : ''; });
      e.preventDefault();
    } else if (e.key === 'Enter' && found.length) {
      choose(found[active]);
    } else if (e.key === 'Escape') {
      results.hidden = true;
    }
  });
  search.addEventListener('blur', function () { results.hidden = true; });

  // ----- filters -----
  function checkbox(label, checked, onChange, swatchColour) {
    var box = el('input', { type: 'checkbox' });
    box.checked = checked;
    box.addEventListener('change', function () { onChange(box.checked); });
    var parts = [box];
    if (swatchColour) {
      var swatch = el('span', { className: 'swatch' });
      swatch.style.borderColor = swatchColour;
      swatch.style.background = tint(swatchColour);
      parts.push(swatch);
    }
    parts.push(label);
    return el('label', {}, parts);
  }
  function toggler(set, value) {
    return function (on) { if (on) set.add(value); else set.delete(value); redraw(); };
  }
  var typeFilters = document.getElementById('type-filters');
  types.forEach(function (t) {
    var count = nodes.filter(function (n) { return n.type === t; }).length;
    typeFilters.appendChild(checkbox(t + ' (' + count.toLocaleString('en') + ')', true, toggler(state.types, t), data.styles[t].colour));
  });
  var predicateFilters = document.getElementById('predicate-filters');
  data.predicates.forEach(function (p, i) {
    var count = facts.filter(function (f) { return f.p === i; }).length;
    predicateFilters.appendChild(checkbox(p[1] + ' (' + count.toLocaleString('en') + ')', true, toggler(state.predicates, i)));
  });
  document.querySelectorAll('[data-bulk]').forEach(function (button) {
    button.addEventListener('click', function () {
      var on = button.getAttribute('data-bulk') === 'on';
      predicateFilters.querySelectorAll('input').forEach(function (box, i) {
        box.checked = on;
        if (on) state.predicates.add(i); else state.predicates.delete(i);
      });
      redraw();
    });
  });
  var articleFilter = document.getElementById('article-filter');
  articleFilter.appendChild(el('option', { value: '-1', text: 'All ' + plural(data.articles.length, 'article') }));
  data.articles.forEach(function (name, i) { articleFilter.appendChild(el('option', { value: String(i), text: name })); });
  articleFilter.addEventListener('change', function () { state.article = Number(articleFilter.value); redraw(); });
  var limit = document.getElementById('limit');
  limit.value = String(state.limit);
  limit.addEventListener('change', function () {
    var n = Math.round(Number(limit.value));
    if (n >= 5 && n <= 2000) { state.limit = n; redraw(); } else { limit.value = String(state.limit); }
  });
  document.getElementById('overview').addEventListener('click', function () {
    state.focus = -1;
    redraw();
  });

  redraw();
  window.kgView = { cy: cy, data: data, focus: focus, find: find };
  document.body.setAttribute('data-kg-ready', '');
}());
