/// The site's one script; pages are complete without it. It adds search, copy buttons,
/// and carrying the reader's section and language across the language switcher.
enum Script {
    static let js = #"""
(function () {
  "use strict";
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

  // Copy buttons.
  var buttons = document.querySelectorAll(".snippet button.copy");
  Array.prototype.forEach.call(buttons, function (button) {
    if (!navigator.clipboard) return;
    button.hidden = false;
    var label = button.textContent;
    button.addEventListener("click", function () {
      var code = button.closest(".snippet").querySelector("pre.code code");
      navigator.clipboard.writeText(code.textContent).then(function () {
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
  var index = null, keys = null, loading = false, selected = -1;

  window.tutorbuildSearchIndex = function (data) {
    // Postings are stored as gaps between ascending document numbers.
    Object.keys(data.terms).forEach(function (t) {
      var p = data.terms[t];
      for (var i = 1; i < p.length; i++) p[i] += p[i - 1];
    });
    // Each document as [url, lesson title, section title, excerpt].
    data.docs = data.docs.map(function (d) {
      var page = data.pages[d[0]];
      return [page[0] + (d[1] ? "#" + d[1] : ""), page[1], d[2], d[3]];
    });
    index = data;
    keys = Object.keys(data.terms).sort();
    run();
  };
  function load() {
    if (index || loading) return;
    loading = true;
    var s = document.createElement("script");
    s.src = form.getAttribute("data-index");
    document.head.appendChild(s);
  }

  var HAN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[\ud840-\ud87e][\udc00-\udfff]/;
  var WORD = /[\p{L}\p{N}]/u;
  function fold(text) {
    var table = index.fold && index.fold.table;
    if (!table || !Object.keys(table).length) return text;
    return Array.from(text).map(function (c) { return table[c] || c; }).join("");
  }
  // Must match SearchTokenizer.queryTerms: whole words lower-cased; Han bigrams, or the character alone.
  function queryTerms(text) {
    var terms = [], run = [], han = false;
    function flush() {
      if (!run.length) return;
      if (han) {
        if (run.length === 1) terms.push({ t: run[0], prefix: false });
        for (var i = 0; i + 1 < run.length; i++) terms.push({ t: run[i] + run[i + 1], prefix: false });
      } else terms.push({ t: run.join("").toLowerCase(), prefix: true });
      run = [];
    }
    Array.from(fold(text)).forEach(function (c) {
      var isHan = HAN.test(c), isWord = !isHan && WORD.test(c);
      if (!isHan && !isWord) { flush(); return; }
      if (run.length && isHan !== han) flush();
      han = isHan; run.push(c);
    });
    flush();
    return terms;
  }
  function lowerBound(t) {
    var lo = 0, hi = keys.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (keys[mid] < t) lo = mid + 1; else hi = mid; }
    return lo;
  }
  // Documents containing the term; the last English word also matches as a prefix while typing.
  function postings(term, allowPrefix) {
    var exact = index.terms[term];
    if (!allowPrefix || term.length < 2) return exact ? exact.slice() : [];
    var seen = {}, out = [];
    for (var i = lowerBound(term); i < keys.length && keys[i].lastIndexOf(term, 0) === 0; i++) {
      index.terms[keys[i]].forEach(function (d) { if (!seen[d]) { seen[d] = true; out.push(d); } });
    }
    return out;
  }
  function search(text) {
    var terms = queryTerms(text);
    if (!terms.length) return [];
    var result = null;
    terms.forEach(function (term, k) {
      var docs = postings(term.t, term.prefix && k === terms.length - 1);
      if (result === null) result = docs;
      else { var set = {}; docs.forEach(function (d) { set[d] = true; }); result = result.filter(function (d) { return set[d]; }); }
    });
    var needle = text.trim().toLowerCase();
    return (result || []).map(function (d) {
      var doc = index.docs[d], score = 0;
      if (doc[2].toLowerCase().indexOf(needle) >= 0) score += 4;
      if (doc[1].toLowerCase().indexOf(needle) >= 0) score += 2;
      if (doc[3].toLowerCase().indexOf(needle) >= 0) score += 1;
      return { d: d, score: score };
    }).sort(function (a, b) { return b.score - a.score || a.d - b.d; }).slice(0, 12).map(function (r) { return index.docs[r.d]; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  // Text with each occurrence of the query marked (built from text nodes, never HTML).
  function marked(tag, cls, text, needle) {
    var e = el(tag, cls), lower = text.toLowerCase(), at = 0, i;
    if (needle) {
      while ((i = lower.indexOf(needle, at)) >= 0) {
        e.appendChild(document.createTextNode(text.slice(at, i)));
        e.appendChild(el("mark", null, text.slice(i, i + needle.length)));
        at = i + needle.length;
      }
    }
    e.appendChild(document.createTextNode(text.slice(at)));
    return e;
  }
  function run() {
    var text = input.value;
    list.textContent = "";
    selected = -1;
    if (!text.trim()) { list.hidden = true; return; }
    if (!index) { load(); return; }
    var results = search(text);
    if (!results.length) {
      list.appendChild(el("li", "empty", form.getAttribute("data-no-results")));
    }
    var needle = text.trim().toLowerCase();
    results.forEach(function (doc) {
      var li = el("li"), a = el("a");
      a.href = root + doc[0];
      a.appendChild(marked("span", "r-title", doc[2] || doc[1], needle));
      if (doc[2]) a.appendChild(el("span", "r-lesson", doc[1]));
      if (doc[3]) a.appendChild(marked("span", "r-excerpt", doc[3], needle));
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
