/// The site's one script; pages are complete without it. It adds search, copy buttons,
/// and carrying the reader's section and language across the language switcher.
enum Script {
    static let js = #"""
(function () {
  "use strict";
  // <search-engine> Ranks an index's documents for a query (docs/site.md, "Search"). Self-contained: it
  // reads only `data`, so bench/search_judged.js runs the same code outside the browser.
  function searchEngine(data) {
    var HAN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[\ud840-\ud87e][\udc00-\udfff]/;
    var WORD = /[\p{L}\p{N}]/u;
    var own = Object.prototype.hasOwnProperty;
    var docs = data.docs, pages = data.pages, N = docs.length;
    var pageDoc = [], pageSections = [];
    for (var d = 0; d < N; d++) {
      var p = docs[d][0];
      if (!pageSections[p]) pageSections[p] = [];
      if (docs[d].length === 1) pageDoc[p] = d; else pageSections[p].push(d);
    }
    var table = (data.fold && data.fold.table) || {};
    var folds = Object.keys(table).length > 0;
    function fold(text) {
      if (!folds) return text;
      var out = "";
      for (var c of text) out += own.call(table, c) ? table[c] : c;
      return out;
    }
    // Words that say how a question is asked: scored, but a result need not have them.
    var STOP = {};
    ("a an the to of in on at for with and or is are be how what why when where do does did i my me it its can " +
     "from by into this that vs").split(" ").forEach(function (w) { STOP[w] = true; });
    var HAN_STOP = ["为什么", "怎么办", "怎么", "怎样", "如何", "为何", "什么", "一下", "的", "了", "吗", "呢", "吧"];

    // Runs of the query: {han: true, chars: [...]} or {han: false, word: "..."}, folded and lower-cased.
    function runs(text) {
      var out = [], run = [], han = false;
      function flush() {
        if (run.length) out.push(han ? { han: true, chars: run } : { han: false, word: run.join("").toLowerCase(), raw: run.join("") });
        run = [];
      }
      Array.from(fold(text)).forEach(function (c) {
        var isHan = HAN.test(c), isWord = !isHan && WORD.test(c);
        if (!isHan && !isWord) { flush(); return; }
        if (run.length && isHan !== han) flush();
        han = isHan; run.push(c);
      });
      flush();
      return out;
    }

    // A term's postings, decoded once: documents and their stored scores (1…89), and its idf.
    var decoded = new Map();
    function postings(term) {
      var hit = decoded.get(term);
      if (hit) return hit;
      var text = own.call(data.terms, term) ? data.terms[term] : "";
      // At most one posting per two characters: typed arrays of that size, cut to what was read.
      var docs = new Int32Array(text.length >> 1), scores = new Uint8Array(text.length >> 1), n = 0;
      var doc = 0, value = 0, gap = true;
      for (var i = 0; i < text.length; i++) {
        var c = text.charCodeAt(i), v = c - (c > 0x5c ? 0x24 : 0x23);
        if (gap) {
          if (v >= 45) value = value * 45 + v - 45;
          else { doc += value * 45 + v; value = 0; gap = false; }
        } else { docs[n] = doc; scores[n] = v; n++; gap = true; }
      }
      var list = { docs: docs.subarray(0, n), scores: scores.subarray(0, n), idf: 0 };
      var df = n;
      list.idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
      decoded.set(term, list);
      return list;
    }
    function has(term) { return own.call(data.terms, term); }

    // English words of the index, sorted, and grouped by Porter stem: for prefixes, variants and typos.
    var wordKeys = null, stems = null;
    function words() {
      if (!wordKeys) wordKeys = Object.keys(data.terms).filter(function (k) { return /^[a-z0-9]+$/.test(k); }).sort();
      return wordKeys;
    }
    function stemFamily(word) {
      if (!stems) {
        stems = new Map();
        words().forEach(function (k) {
          if (k.length < 3) return;
          var s = stem(k), list = stems.get(s);
          if (list) list.push(k); else stems.set(s, [k]);
        });
      }
      return stems.get(stem(word)) || [];
    }
    function lowerBound(keys, t) {
      var lo = 0, hi = keys.length;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (keys[mid] < t) lo = mid + 1; else hi = mid; }
      return lo;
    }
    // Damerau-Levenshtein distance up to `max` (more is max + 1).
    function distance(a, b, max) {
      if (Math.abs(a.length - b.length) > max) return max + 1;
      var prev2 = null, prev = [], cur;
      for (var j = 0; j <= b.length; j++) prev.push(j);
      for (var i = 1; i <= a.length; i++) {
        cur = [i];
        var low = i;
        for (var j2 = 1; j2 <= b.length; j2++) {
          var cost = a[i - 1] === b[j2 - 1] ? 0 : 1;
          var v = Math.min(prev[j2] + 1, cur[j2 - 1] + 1, prev[j2 - 1] + cost);
          if (prev2 && i > 1 && j2 > 1 && a[i - 1] === b[j2 - 2] && a[i - 2] === b[j2 - 1]) v = Math.min(v, prev2[j2 - 2] + 1);
          cur.push(v);
          if (v < low) low = v;
        }
        if (low > max) return max + 1;
        prev2 = prev; prev = cur;
      }
      return prev[b.length];
    }

    // What one query word may match, each with a factor: itself, its stem's other forms, a word it begins
    // (the last word, while typing) and, when the index lacks it, words one or two edits away (not for
    // `exact` words: a synonym's forms are as written).
    function wordSlot(word, last, exact) {
      var slot = [], seen = {};
      function add(t, f) { if (!own.call(seen, t) && has(t)) { seen[t] = true; slot.push({ t: t, f: f }); } }
      add(word, 1);
      if (/^[a-z]+$/.test(word) && word.length >= 3) stemFamily(word).forEach(function (k) { add(k, 0.9); });
      if (last && word.length >= 2) {
        var keys = words();
        for (var i = lowerBound(keys, word), n = 0; i < keys.length && keys[i].lastIndexOf(word, 0) === 0 && n < 50; i++, n++) add(keys[i], 0.8);
      }
      if (slot.length === 0 && !exact && /^[a-z]+$/.test(word) && word.length >= 4) {
        var max = word.length >= 8 ? 2 : 1;
        words().forEach(function (k) {
          if (Math.abs(k.length - word.length) <= max && distance(word, k, max) <= max) {
            add(k, 0.6);
            stemFamily(k).forEach(function (f) { add(f, 0.55); });
          }
        });
      }
      if (slot.length === 0) slot.push({ t: word, f: 1 });
      return slot;
    }
    // `scrollRectToVisible` → scroll, rect, to, visible; `UITextField` → ui, text, field (as `SearchTokenizer` splits).
    function camelParts(word) {
      var parts = [], start = 0;
      for (var i = 1; i < word.length; i++) {
        var p = word[i - 1], c = word[i], n = word[i + 1] || "";
        if (!/[A-Z]/.test(c)) continue;
        if (/[a-z0-9]/.test(p) || (/[A-Z]/.test(p) && /[a-z]/.test(n))) { parts.push(word.slice(start, i)); start = i; }
      }
      parts.push(word.slice(start));
      return parts.filter(function (w) { return w.length >= 2; }).map(function (w) { return w.toLowerCase(); });
    }
    function hanTerms(chars) {
      if (chars.length === 1) return [chars[0]];
      var out = [];
      for (var i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
      return out;
    }
    // The slots of a phrase (a synonym): each English word a slot, each Han bigram a slot.
    function phraseSlots(text) {
      var slots = [];
      runs(text).forEach(function (r) {
        if (r.han) hanTerms(r.chars).forEach(function (t) { slots.push([{ t: t, f: 1 }]); });
        else slots.push(wordSlot(r.word, false, true));
      });
      return slots;
    }

    // Synonym groups: Chinese forms found inside a Han run (longest first), English forms by their words'
    // stems. A form in several groups stands for all of them.
    var groups = (data.syn || []).map(function (g) { return g.map(function (v) { return fold(v).toLowerCase(); }); });
    var hanForms = {}, wordForms = new Map();
    groups.forEach(function (g, k) {
      g.forEach(function (v) {
        var rs = runs(v);
        if (rs.length === 1 && rs[0].han && rs[0].chars.length >= 2) {
          var first = rs[0].chars[0], list = hanForms[first] = hanForms[first] || [];
          var known = list.filter(function (e) { return e.form === v; })[0];
          if (known) known.groups.push(k); else list.push({ form: v, chars: rs[0].chars, groups: [k] });
        } else if (rs.length && rs.length <= 4 && rs.every(function (r) { return !r.han; })) {
          var key = rs.map(function (r) { return stem(r.word); }).join(" ");
          if (wordForms.has(key)) wordForms.get(key).push(k); else wordForms.set(key, [k]);
        }
      });
    });
    Object.keys(hanForms).forEach(function (c) { hanForms[c].sort(function (a, b) { return b.chars.length - a.chars.length; }); });
    var formSlots = new Map();
    function groupAlternatives(ks, literal) {
      var seen = {}, alts = [];
      ks.forEach(function (k) {
        groups[k].forEach(function (v) {
          if (own.call(seen, v)) return;
          seen[v] = true;
          if (!formSlots.has(v)) formSlots.set(v, phraseSlots(v));
          alts.push({ slots: formSlots.get(v), f: v === literal ? 1 : 0.85 });
        });
      });
      return alts;
    }

    // The query as units, each a set of alternatives (all of an alternative's slots must match) covering
    // some of the query's positions; a position's weight is what covering it is worth (stop words none).
    function parse(text) {
      var units = [], weights = [], rs = runs(text);
      var typing = !/\s$/.test(text);
      rs.forEach(function (r, ri) {
        if (!r.han) {
          weights.push(own.call(STOP, r.word) ? 0 : 1);
          return;
        }
        for (var c = 0; c < r.chars.length; c++) weights.push(0.5);
      });
      // Positions run over the runs in order: a word is one, a Han character one.
      var at = 0;
      for (var ri = 0; ri < rs.length; ri++) {
        var r = rs[ri];
        if (!r.han) {
          var matched = false;
          for (var len = Math.min(4, rs.length - ri); len >= 1 && !matched; len--) {
            var span = rs.slice(ri, ri + len);
            if (!span.every(function (x) { return !x.han; })) continue;
            var key = span.map(function (x) { return stem(x.word); }).join(" ");
            if (!wordForms.has(key)) continue;
            var literal = span.map(function (x) { return x.word; }).join(" ");
            var alts = groupAlternatives(wordForms.get(key), literal);
            var positions = [];
            for (var k = 0; k < len; k++) positions.push(at + k);
            // The words as typed keep their prefix and typo matches.
            // A phrase's words are units of their own as well: a section with some of them covers part of it.
            var slots = span.map(function (x, k2) { return wordSlot(x.word, typing && ri + k2 === rs.length - 1); });
            alts.push({ slots: slots, f: 1 });
            units.push({ alts: alts, positions: positions });
            if (len > 1) slots.forEach(function (slot, k2) { units.push({ alts: [{ slots: [slot], f: 1 }], positions: [at + k2] }); });
            ri += len - 1; at += len; matched = true;
          }
          if (!matched) {
            var wordAlts = [{ slots: [wordSlot(r.word, typing && ri === rs.length - 1)], f: 1 }];
            // An identifier typed whole also matches its camel-case parts, as the index has them:
            // `scrollIndicatorInsets` finds `verticalScrollIndicatorInsets`.
            var parts = camelParts(r.raw);
            if (parts.length > 1) wordAlts.push({ slots: parts.map(function (w) { return wordSlot(w, false, true); }), f: 0.9 });
            units.push({ alts: wordAlts, positions: [at] });
            at += 1;
          }
          continue;
        }
        var chars = r.chars;
        // Stop words are positions nobody need cover.
        for (var s = 0; s < chars.length; s++) {
          HAN_STOP.forEach(function (w) {
            if (chars.slice(s, s + w.length).join("") === w) for (var k3 = 0; k3 < w.length; k3++) weights[at + s + k3] = 0;
          });
        }
        var formUnit = [];  // by character: the unit of the form it is in
        for (var i = 0; i < chars.length;) {
          var forms = hanForms[chars[i]] || [], found = null;
          for (var f = 0; f < forms.length && !found; f++) {
            if (chars.slice(i, i + forms[f].chars.length).join("") === forms[f].form) found = forms[f];
          }
          if (found && found.chars.length < chars.length) {
            var pos = [];
            for (var k4 = 0; k4 < found.chars.length; k4++) { pos.push(at + i + k4); formUnit[i + k4] = units.length; }
            units.push({ alts: groupAlternatives(found.groups, found.form), positions: pos });
            i += found.chars.length;
          } else if (found) {
            for (var k6 = 0; k6 < chars.length; k6++) formUnit[k6] = units.length;
            units.push({ alts: groupAlternatives(found.groups, found.form), positions: chars.map(function (_, k5) { return at + k5; }) });
            i = chars.length;
          } else i++;
        }
        // Every bigram too, those inside a form included: a section with part of a form covers part of it.
        // A bigram inside a form scores only where the form does not (`within`), or a form found as typed
        // would count twice against one found as a synonym.
        if (chars.length === 1) {
          units.push({ alts: [{ slots: [[{ t: chars[0], f: 1 }]], f: 1 }], positions: [at] });
        } else {
          for (var b = 0; b + 1 < chars.length; b++) {
            var within = formUnit[b] !== undefined && formUnit[b] === formUnit[b + 1] ? formUnit[b] : -1;
            units.push({ alts: [{ slots: [[{ t: chars[b] + chars[b + 1], f: 1 }]], f: 1 }], positions: [at + b, at + b + 1], within: within });
          }
        }
        at += chars.length;
      }
      // Units that cover only stop words are left out, unless the query has nothing else.
      var useful = units.some(function (u) { return u.positions.some(function (x) { return weights[x] > 0; }); });
      units.forEach(function (u) { u.skip = useful && !u.positions.some(function (x) { return weights[x] > 0; }); });
      return { units: units, weights: weights };
    }

    // Each unit's score in every document: the best alternative, an alternative scoring the mean of its slots
    // where it has them all. Slots of a phrase are scored into `scratch` and read back along their postings,
    // so a query costs what its postings hold, not documents times alternatives.
    var scratch = new Float32Array(N);
    function slotInto(slot, factor, touched) {
      for (var k = 0; k < slot.length; k++) {
        var list = postings(slot[k].t), w = list.idf * slot[k].f * factor / 89, docs = list.docs, sc = list.scores;
        for (var i = 0; i < docs.length; i++) {
          var d = docs[i], v = w * sc[i];
          if (scratch[d] === 0) touched.push(d);
          if (v > scratch[d]) scratch[d] = v;
        }
      }
    }
    // Score arrays are reused from query to query: a query of twenty units would otherwise leave twenty
    // arrays the size of the index's documents for the collector.
    var pool = [], pooled = 0;
    function scoreArray() {
      if (pooled === pool.length) pool.push(new Float32Array(N)); else pool[pooled].fill(0);
      return pool[pooled++];
    }
    function unitScores(unit) {
      var best = scoreArray();
      for (var a = 0; a < unit.alts.length; a++) {
        var alt = unit.alts[a], n = alt.slots.length, touched = [];
        if (n === 1) {
          // One slot (most alternatives): straight into the unit's scores.
          for (var k0 = 0; k0 < alt.slots[0].length; k0++) {
            var term = alt.slots[0][k0], list = postings(term.t), w = list.idf * term.f * alt.f / 89;
            for (var i = 0; i < list.docs.length; i++) { var v0 = w * list.scores[i]; if (v0 > best[list.docs[i]]) best[list.docs[i]] = v0; }
          }
          continue;
        }
        slotInto(alt.slots[0], alt.f, touched);
        var cand = touched, sums = touched.map(function (d) { return scratch[d]; });
        for (var t = 0; t < touched.length; t++) scratch[touched[t]] = 0;
        for (var k = 1; k < n && cand.length; k++) {
          var more = [];
          slotInto(alt.slots[k], alt.f, more);
          var keep = [], kept = [];
          for (var c = 0; c < cand.length; c++) if (scratch[cand[c]] > 0) { keep.push(cand[c]); kept.push(sums[c] + scratch[cand[c]]); }
          for (var t2 = 0; t2 < more.length; t2++) scratch[more[t2]] = 0;
          cand = keep; sums = kept;
        }
        for (var c2 = 0; c2 < cand.length; c2++) { var v = sums[c2] / n; if (v > best[cand[c2]]) best[cand[c2]] = v; }
      }
      return best;
    }

    // The terms of each lesson title, made when first asked for: words lower-cased (camel-case parts too) and Han
    // characters and bigrams, as the index makes them.
    var titleTerms = [];
    function termsOfTitle(p) {
      if (titleTerms[p]) return titleTerms[p];
      var set = new Set(), title = pages[p][1], rs = runs(title);
      for (var r = 0; r < rs.length; r++) {
        var run = rs[r];
        if (!run.han) { set.add(run.word); continue; }
        for (var c = 0; c < run.chars.length; c++) {
          set.add(run.chars[c]);
          if (c + 1 < run.chars.length) set.add(run.chars[c] + run.chars[c + 1]);
        }
      }
      var parts = title.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/);
      for (var k = 0; k < parts.length; k++) if (parts[k].length > 1) set.add(parts[k]);
      return (titleTerms[p] = set);
    }
    // The share of the query a lesson's title covers: a unit is in the title when every slot of one of its
    // alternatives has a term there.
    function titleCoverage(q, p) {
      var set = termsOfTitle(p), covered = 0, got = 0, total = 0;
      for (var u = 0; u < q.units.length; u++) {
        var unit = q.units[u], inTitle = false;
        for (var a = 0; a < unit.alts.length && !inTitle; a++) {
          var slots = unit.alts[a].slots, all = true;
          for (var k = 0; k < slots.length && all; k++) {
            var any = false;
            for (var t = 0; t < slots[k].length && !any; t++) any = set.has(slots[k][t].t);
            all = any;
          }
          inTitle = all;
        }
        if (inTitle) for (var x = 0; x < unit.positions.length; x++) if (unit.positions[x] < 31) covered |= 1 << unit.positions[x];
      }
      for (var y = 0; y < q.weights.length && y < 31; y++) { total += q.weights[y]; if (covered & (1 << y)) got += q.weights[y]; }
      return total > 0 ? got / total : 0;
    }

    // How much a page's own document (title and summary) adds to each of its sections; how much the second
    // section adds to its lesson; how much a title that names the whole query multiplies its lesson's score.
    var PAGE = 1.2, MORE = 0.15, TITLE = 2;
    function search(text, limit) {
      var q = parse(text), units = q.units, U = units.length, weights = q.weights;
      if (!U) return { groups: [], complete: true };
      pooled = 0;
      // A phrase or a Chinese form counts as much as the query positions it stands for.
      var zero = scoreArray();
      var scores = units.map(function (unit) {
        if (unit.skip) return zero;
        var list = unitScores(unit), worth = 0;
        unit.positions.forEach(function (x) { worth += weights[x]; });
        if (worth > 1) for (var d = 0; d < N; d++) list[d] *= worth;
        return list;
      });
      // Plain arrays of numbers for the loop below, which runs for every section: positions as bits (a
      // query has at most 31 positions that count; later ones are not asked to be covered).
      var masks = new Int32Array(U), withins = new Int32Array(U);
      for (var u0 = 0; u0 < U; u0++) {
        withins[u0] = units[u0].within >= 0 ? units[u0].within : -1;
        units[u0].positions.forEach(function (x) { if (x < 31) masks[u0] |= 1 << x; });
      }
      var totalWeight = 0;
      for (var x = 0; x < weights.length && x < 31; x++) totalWeight += weights[x];
      var groups = [];
      for (var p = 0; p < pages.length; p++) {
        var pd = pageDoc[p], sections = pageSections[p].length ? pageSections[p] : [pd];
        var best = null, second = 0;
        for (var k = 0; k < sections.length; k++) {
          var d = sections[k], total = 0, own = 0, covered = 0;
          for (var u = 0; u < U; u++) {
            var list = scores[u], mine = d === pd ? 0 : list[d], s = mine + PAGE * list[pd];
            if (s === 0) continue;
            var w = withins[u];
            if (w >= 0 && (scores[w][d] > 0 || scores[w][pd] > 0)) continue;
            total += s; own += mine; covered |= masks[u];
          }
          if (total === 0) continue;
          var got = 0;
          for (var x2 = 0; covered !== 0; x2++, covered >>>= 1) if (covered & 1) got += weights[x2];
          var coverage = totalWeight > 0 ? got / totalWeight : 1;
          var score = total * coverage * coverage;
          if (!best || score > best.score) {
            if (best) second = Math.max(second, best.score);
            best = { doc: d, score: score, coverage: coverage, own: own };
          } else second = Math.max(second, score);
        }
        if (best) groups.push({ page: p, best: best, second: second });
      }
      // The title multiplies a lesson's score by at most 1 + TITLE: lessons are taken in order of their score
      // without it, and once even that cannot reach the last of the first `limit`, no later lesson can.
      limit = limit || 10;
      groups.forEach(function (g) { g.base = g.best.score + MORE * g.second; });
      groups.sort(function (a, b) { return b.base - a.base || a.page - b.page; });
      var ranked = [];
      for (var n = 0; n < groups.length; n++) {
        var g = groups[n];
        if (ranked.length >= limit && g.base * (1 + TITLE) < ranked[limit - 1].score) break;
        var title = g.title = titleCoverage(q, g.page);
        g.score = g.base * (1 + TITLE * title * title);
        // Kept in order, at most `limit` of them: an insertion.
        var at = ranked.length;
        while (at > 0 && (ranked[at - 1].score < g.score || (ranked[at - 1].score === g.score && ranked[at - 1].page > g.page))) at--;
        if (at < limit) { ranked.splice(at, 0, g); if (ranked.length > limit) ranked.pop(); }
      }
      // A lesson whose title names the whole query is listed at its start, its best sections named after it.
      groups = ranked.slice(0, limit).map(function (g) {
        var more = moreSections(g, scores, units), first = pageSections[g.page][0];
        if (g.title >= 0.999 && first !== undefined && first !== g.best.doc) {
          more = [g.best.doc].concat(more.filter(function (d) { return d !== first; })).slice(0, 2);
          return { page: g.page, doc: first, coverage: g.best.coverage, score: g.score, more: more };
        }
        return { page: g.page, doc: g.best.doc, coverage: g.best.coverage, score: g.score, more: more };
      });
      var complete = groups.some(function (g) { return g.coverage >= 0.999; });
      return { groups: groups, complete: complete };
    }
    // Up to two more sections of a listed lesson that match by themselves, from a quarter of its best's score.
    function moreSections(g, scores, units) {
      var pd = pageDoc[g.page], out = [];
      pageSections[g.page].forEach(function (d) {
        if (d === g.best.doc) return;
        var own = 0;
        for (var u = 0; u < units.length; u++) if (scores[u]) own += scores[u][d];
        if (own > 0) out.push({ doc: d, own: own });
      });
      return out.filter(function (r) { return r.own >= 0.25 * g.best.own; })
        .sort(function (a, b) { return b.own - a.own || a.doc - b.doc; }).slice(0, 2).map(function (r) { return r.doc; });
    }

    // Porter's stemmer (1980), as Snowball's "porter" has it.
    function stem(w) {
      if (w.length < 3) return w;
      function cons(s, i) {
        var c = s[i];
        if ("aeiou".indexOf(c) >= 0) return false;
        if (c === "y") return i === 0 ? true : !cons(s, i - 1);
        return true;
      }
      function m(s) { // measure of s
        var n = 0, i = 0, L = s.length;
        while (i < L && cons(s, i)) i++;
        while (i < L) {
          while (i < L && !cons(s, i)) i++;
          if (i >= L) break;
          n++;
          while (i < L && cons(s, i)) i++;
        }
        return n;
      }
      function vowelIn(s) { for (var i = 0; i < s.length; i++) if (!cons(s, i)) return true; return false; }
      function doubleC(s) { var L = s.length; return L >= 2 && s[L - 1] === s[L - 2] && cons(s, L - 1); }
      function cvc(s) {
        var L = s.length;
        if (L < 3 || !cons(s, L - 1) || cons(s, L - 2) || !cons(s, L - 3)) return false;
        return "wxy".indexOf(s[L - 1]) < 0;
      }
      function ends(s, x) { return s.length >= x.length && s.slice(s.length - x.length) === x; }
      if (w[0] === "y") w = "Y" + w.slice(1);
      // Step 1a
      if (ends(w, "sses")) w = w.slice(0, -2);
      else if (ends(w, "ies")) w = w.slice(0, -2);
      else if (ends(w, "ss")) {}
      else if (ends(w, "s")) w = w.slice(0, -1);
      // Step 1b
      var extra = false;
      if (ends(w, "eed")) { if (m(w.slice(0, -3)) > 0) w = w.slice(0, -1); }
      else if (ends(w, "ed") && vowelIn(w.slice(0, -2))) { w = w.slice(0, -2); extra = true; }
      else if (ends(w, "ing") && vowelIn(w.slice(0, -3))) { w = w.slice(0, -3); extra = true; }
      if (extra) {
        if (ends(w, "at") || ends(w, "bl") || ends(w, "iz")) w += "e";
        else if (doubleC(w) && "lsz".indexOf(w[w.length - 1]) < 0) w = w.slice(0, -1);
        else if (m(w) === 1 && cvc(w)) w += "e";
      }
      // Step 1c
      if (ends(w, "y") && vowelIn(w.slice(0, -1))) w = w.slice(0, -1) + "i";
      function rule(list, min) {
        for (var i = 0; i < list.length; i += 2) {
          if (ends(w, list[i])) {
            var base = w.slice(0, w.length - list[i].length);
            if (m(base) > min) w = base + list[i + 1];
            return;
          }
        }
      }
      rule(["ational", "ate", "tional", "tion", "enci", "ence", "anci", "ance", "izer", "ize", "bli", "ble", "alli", "al",
            "entli", "ent", "eli", "e", "ousli", "ous", "ization", "ize", "ation", "ate", "ator", "ate", "alism", "al",
            "iveness", "ive", "fulness", "ful", "ousness", "ous", "aliti", "al", "iviti", "ive", "biliti", "ble", "logi", "log"], 0);
      rule(["icate", "ic", "ative", "", "alize", "al", "iciti", "ic", "ical", "ic", "ful", "", "ness", ""], 0);
      var step4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism", "ate",
                   "iti", "ous", "ive", "ize"];
      for (var i = 0; i < step4.length; i++) {
        if (ends(w, step4[i])) {
          var base = w.slice(0, w.length - step4[i].length);
          if (m(base) > 1 && (step4[i] !== "ion" || /[st]$/.test(base))) w = base;
          break;
        }
      }
      // Step 5
      if (ends(w, "e")) {
        var b5 = w.slice(0, -1), m5 = m(b5);
        if (m5 > 1 || (m5 === 1 && !cvc(b5))) w = b5;
      }
      if (m(w) > 1 && doubleC(w) && ends(w, "l")) w = w.slice(0, -1);
      return w.replace(/^Y/, "y");
    }

    // What to mark in a result's text: every term the query's units look for (its words and bigrams, their
    // stems, synonyms, prefixes and near spellings), longest first, at most sixty.
    function needles(text) {
      var seen = {}, out = [];
      parse(text).units.forEach(function (unit) {
        if (unit.skip) return;
        unit.alts.forEach(function (alt) {
          alt.slots.forEach(function (slot) {
            slot.forEach(function (term) {
              if (term.t.length >= 2 && !own.call(seen, term.t)) { seen[term.t] = true; out.push(term.t); }
            });
          });
        });
      });
      return out.sort(function (a, b) { return b.length - a.length; }).slice(0, 60);
    }

    return { search: search, needles: needles, fold: fold, stem: stem, parse: parse };
  }
  // </search-engine>
  var root = document.documentElement.getAttribute("data-root") || "";
  var KEY = "tutorbuild.language";
  function remember(lang) { try { localStorage.setItem(KEY, lang); } catch (e) {} }
  function remembered() { try { return localStorage.getItem(KEY); } catch (e) { return null; } }

  // The section the reader is looking at: the last heading scrolled past (a followed #link scrolls there too).
  function currentSection() {
    var heads = document.querySelectorAll(".lesson h2[id], .lesson h3[id]");
    var atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4;
    var line = atEnd ? window.innerHeight : Math.max(120, window.innerHeight * 0.3);
    var id = "";
    for (var i = 0; i < heads.length; i++) {
      if (heads[i].getBoundingClientRect().top < line) id = heads[i].id; else break;
    }
    return window.scrollY > 0 ? id : "";
  }

  // Language switcher: remember the choice and land on the same section (anchors are aligned across languages).
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-switch-lang]") : null;
    if (!link) return;
    remember(link.getAttribute("data-switch-lang"));
    if (link.closest(".lang-switch") && document.body.classList.contains("lesson-page")) {
      var id = currentSection();
      if (id) link.setAttribute("href", link.getAttribute("href").split("#")[0] + "#" + encodeURIComponent(id));
    }
  });

  // Root page: go to the language chosen last time.
  if (document.body.classList.contains("root-page")) {
    var lang = remembered();
    var target = lang && document.querySelector('.languages a[data-switch-lang="' + lang.replace(/[^A-Za-z-]/g, "") + '"]');
    if (target && !/[?&]choose/.test(location.search)) location.replace(target.getAttribute("href"));
  }
  var current = document.documentElement.getAttribute("data-lang");
  if (current && document.body.classList.contains("lesson-page") && !remembered()) remember(current);

  // Mark the section being read in the list of sections.
  var tocLinks = document.querySelectorAll(".toc a[href^='#']");
  if (tocLinks.length) {
    var pending = false;
    var mark = function () {
      pending = false;
      var id = currentSection();
      Array.prototype.forEach.call(tocLinks, function (a) {
        a.classList.toggle("active", a.getAttribute("href") === "#" + id);
      });
    };
    window.addEventListener("scroll", function () { if (!pending) { pending = true; requestAnimationFrame(mark); } }, { passive: true });
    window.addEventListener("hashchange", mark);
    mark();
  }

  // Copy buttons copy the app code: shaded demonstration lines are left out, and the blank lines they leave
  // behind are closed up.
  function appCode(code) {
    var copy = code.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll(".sim"), function (line) {
      line.replaceWith(document.createTextNode("\u0000"));
    });
    var lines = copy.textContent.split("\n").filter(function (line) { return line !== "\u0000"; });
    var out = [];
    lines.forEach(function (line) {
      var blank = line.trim() === "";
      if (blank && (out.length === 0 || out[out.length - 1].trim() === "")) return;
      out.push(line);
    });
    while (out.length && out[out.length - 1].trim() === "") out.pop();
    return out.join("\n") + "\n";
  }
  var buttons = document.querySelectorAll(".snippet button.copy");
  Array.prototype.forEach.call(buttons, function (button) {
    if (!navigator.clipboard) return;
    button.hidden = false;
    var label = button.textContent;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(appCode(button.closest(".snippet").querySelector("pre.code code"))).then(function () {
        button.textContent = button.getAttribute("data-copied");
        button.classList.add("done");
        setTimeout(function () { button.textContent = label; button.classList.remove("done"); }, 1600);
      }, function () {});
    });
  });

  // Close an open badge when another opens or the reader clicks elsewhere.
  document.addEventListener("click", function (event) {
    Array.prototype.forEach.call(document.querySelectorAll("details.badge[open]"), function (d) {
      if (!d.contains(event.target)) d.open = false;
    });
  });

  // Search: the index is a script (loads from file:// too), fetched on first focus.
  var form = document.querySelector("form.search");
  if (!form) return;
  form.hidden = false;
  var input = form.querySelector("input");
  var list = form.querySelector(".search-results");
  var index = null, engine = null, loading = false, selected = -1;

  window.tutorbuildSearchIndex = function (data) {
    index = data;
    engine = searchEngine(data);
    run();
  };
  function load() {
    if (index || loading) return;
    loading = true;
    var s = document.createElement("script");
    s.src = form.getAttribute("data-index");
    document.head.appendChild(s);
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  // Text with each occurrence of the query's words marked (built from text nodes, never HTML). Found in the
  // text folded and lower-cased, which keeps its length when folding maps characters one for one.
  function marked(tag, cls, text, needles) {
    var e = el(tag, cls), plain = engine.fold(text).toLowerCase(), spans = [];
    if (plain.length === text.length) {
      needles.forEach(function (n) {
        for (var i = plain.indexOf(n); i >= 0; i = plain.indexOf(n, i + n.length)) spans.push([i, i + n.length]);
      });
    }
    spans.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    var at = 0;
    spans.forEach(function (s) {
      if (s[1] <= at) return;
      var from = Math.max(s[0], at);
      e.appendChild(document.createTextNode(text.slice(at, from)));
      e.appendChild(el("mark", null, text.slice(from, s[1])));
      at = s[1];
    });
    e.appendChild(document.createTextNode(text.slice(at)));
    return e;
  }
  function href(d) {
    var doc = index.docs[d], page = index.pages[doc[0]];
    return root + page[0] + (doc[1] ? "#" + doc[1] : "");
  }
  // One entry per lesson: its best section, then the names of up to two more sections that match too.
  function run() {
    var text = input.value;
    list.textContent = "";
    selected = -1;
    if (!text.trim()) { list.hidden = true; return; }
    if (!index) { load(); return; }
    var found = engine.search(text, 10), needles = engine.needles(text);
    if (!found.groups.length) {
      list.appendChild(el("li", "empty", form.getAttribute("data-no-results")));
    } else if (!found.complete) {
      list.appendChild(el("li", "partial", form.getAttribute("data-partial-results")));
    }
    found.groups.forEach(function (group) {
      var li = el("li", "result"), a = el("a"), doc = index.docs[group.doc], lesson = index.pages[group.page][1];
      li.setAttribute("data-lesson", index.pages[group.page][0]);
      a.href = href(group.doc);
      a.appendChild(marked("span", "r-title", doc[2] || lesson, needles));
      if (doc[2] && doc[2] !== lesson) a.appendChild(el("span", "r-lesson", lesson));
      if (doc[3]) a.appendChild(marked("span", "r-excerpt", doc[3], needles));
      // The lesson's other matching sections are named under it, in the one link: one link (and one
      // item) per lesson keeps the list a list of lessons, for the keyboard and for a reader counting.
      if (group.more.length) {
        var more = el("span", "r-more");
        group.more.forEach(function (d, k) {
          if (k > 0) more.appendChild(document.createTextNode(" · "));
          more.appendChild(marked("span", null, index.docs[d][2] || lesson, needles));
        });
        a.appendChild(more);
      }
      li.appendChild(a);
      list.appendChild(li);
    });
    list.hidden = false;
  }
  function select(k) {
    var links = list.querySelectorAll("a");
    if (!links.length) return;
    selected = (k + links.length) % links.length;
    Array.prototype.forEach.call(links, function (a, i) { a.setAttribute("aria-selected", i === selected ? "true" : "false"); });
    links[selected].scrollIntoView({ block: "nearest" });
  }
  input.addEventListener("focus", load);
  input.addEventListener("input", run);
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { select(selected + 1); event.preventDefault(); }
    else if (event.key === "ArrowUp") { select(selected - 1); event.preventDefault(); }
    else if (event.key === "Escape") { list.hidden = true; input.blur(); }
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var links = list.querySelectorAll("a");
    if (links.length) links[Math.max(selected, 0)].click();
  });
  document.addEventListener("click", function (event) { if (!form.contains(event.target)) list.hidden = true; });
  document.addEventListener("keydown", function (event) {
    if (event.key === "/" && document.activeElement !== input && !/INPUT|TEXTAREA/.test(document.activeElement.tagName)) {
      event.preventDefault(); input.focus();
    }
  });
})();
"""#
}

/// Where the shared files live in the site.
enum Assets {
    static let stylesheetPath = "assets/site.css"
    static let scriptPath = "assets/site.js"
    static let iconPath = "assets/icon.svg"

    /// The tab icon: a rounded square in the brand gradient (also spares browsers a `favicon.ico` request).
    static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">\
    <stop offset="0" stop-color="#0a66c2"/><stop offset="1" stop-color="#8250df"/></linearGradient></defs>\
    <rect width="32" height="32" rx="8" fill="url(#g)"/><rect x="9" y="8" width="3" height="16" rx="1.5" fill="#fff"/></svg>

    """
}
