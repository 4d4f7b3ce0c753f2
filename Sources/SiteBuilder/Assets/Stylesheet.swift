/// The site's one stylesheet: system fonts (CJK-aware), light and dark, phone to wide screen, print.
///
/// Every colour of text meets WCAG AA (4.5:1) on every background it is drawn on, in both schemes: the browser
/// tests check each page with axe-core (`Tests/Browser/a11y_test.py`).
enum Stylesheet {
    static let css = #"""
:root {
  --bg: #fdfcfa; --fg: #1f2328; --muted: #5a626d; --faint: #636b75;
  --rule: #e6e2da; --panel: #f5f3ef; --accent: #0a66c2; --accent-soft: #e8f1fb;
  --sim-bg: #e8eefc; --code-bg: #f6f5f2; --code-fg: #24292f; --console-bg: #1d2127; --console-fg: #e6edf3; --console-dim: #9aa4ae;
  --ok: #177c34; --ok-soft: #e6f4ea; --bad: #c62828; --bad-soft: #fdecea; --idle: #646d77; --idle-soft: #eef0f2;
  --k: #a626a4; --t: #0b6e99; --s: #ad4e18; --n: #1c6b48; --c: #626b75; --a: #7d4bda; --d: #a0522d; --i: #cf222e;
  --sans: -apple-system, BlinkMacSystemFont, "Segoe UI", system-ui, "PingFang SC", "Hiragino Sans GB",
    "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "Noto Sans", "Helvetica Neue", Arial, sans-serif;
  --sans-hant: -apple-system, BlinkMacSystemFont, "Segoe UI", system-ui, "PingFang TC", "Microsoft JhengHei",
    "Noto Sans CJK TC", "Source Han Sans TC", "Noto Sans", "Helvetica Neue", Arial, sans-serif;
  --mono: ui-monospace, "SF Mono", "JetBrains Mono", Menlo, Consolas, "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace;
  --measure: 44rem;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15181c; --fg: #e3e6ea; --muted: #a3abb5; --faint: #808994;
    --rule: #2c3138; --panel: #1c2025; --accent: #6cb6ff; --accent-soft: #1b2a3a;
    --sim-bg: #26324a; --code-bg: #1b1f24; --code-fg: #dfe3e8; --console-bg: #0d1014; --console-fg: #d7dde4; --console-dim: #8b949e;
    --ok: #57c27a; --ok-soft: #16301f; --bad: #ff7b72; --bad-soft: #3a1d1d; --idle: #9aa3ad; --idle-soft: #262b31;
    --k: #f08bd9; --t: #6cc4e8; --s: #f0a872; --n: #8fd4a8; --c: #939ca6; --a: #c5a3ff; --d: #e7b07a; --i: #ff8f87;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font-family: var(--sans); font-size: 1.0625rem; line-height: 1.7;
  text-rendering: optimizeLegibility; overflow-wrap: break-word;
}
:lang(zh-Hant), [lang="zh-Hant"] { font-family: var(--sans-hant); }
:lang(zh) body, body:lang(zh) { line-height: 1.85; letter-spacing: 0.02em; }
a { color: var(--accent); text-decoration-thickness: 1px; text-underline-offset: 0.18em; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; border-radius: 3px; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: 0.5rem; background: var(--accent); color: #fff; padding: 0.4rem 0.8rem; z-index: 10; }
.skip:focus { left: 0.5rem; }
[hidden] { display: none !important; }

/* Header */
.site-header { border-bottom: 1px solid var(--rule); background: color-mix(in srgb, var(--bg) 92%, transparent);
  position: sticky; top: 0; z-index: 5; backdrop-filter: saturate(1.4) blur(8px); -webkit-backdrop-filter: saturate(1.4) blur(8px); }
.header-inner { max-width: 74rem; margin: 0 auto; padding: 0.6rem 1.25rem; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.25rem; }
.brand { font-weight: 650; color: var(--fg); text-decoration: none; font-size: 1rem; letter-spacing: 0; margin-right: auto; }
.brand::before { content: ""; display: inline-block; width: 0.7em; height: 0.7em; margin-right: 0.5em; border-radius: 0.2em;
  background: linear-gradient(135deg, var(--accent), var(--a)); vertical-align: 0.02em; }
.lang-switch ul { list-style: none; margin: 0; padding: 0.15rem; display: flex; gap: 0.15rem; background: var(--panel); border-radius: 999px; border: 1px solid var(--rule); }
.lang-switch li { display: block; }
.lang-switch a, .lang-switch span { display: block; padding: 0.12rem 0.7rem; border-radius: 999px; font-size: 0.85rem; line-height: 1.6; text-decoration: none; color: var(--muted); }
.lang-switch a:hover { color: var(--fg); background: var(--bg); }
.lang-switch .current { background: var(--bg); color: var(--fg); font-weight: 600; box-shadow: 0 1px 2px rgb(0 0 0 / 0.08); }
.lang-switch .missing { opacity: 0.45; cursor: not-allowed; }
.search { position: relative; flex: 0 1 16rem; }
.search input { width: 100%; font: inherit; font-size: 0.9rem; padding: 0.35rem 0.8rem; border-radius: 999px; border: 1px solid var(--rule); background: var(--panel); color: var(--fg); }
.search input:focus { outline: none; border-color: var(--accent); background: var(--bg); box-shadow: 0 0 0 3px var(--accent-soft); }
.search-results { position: absolute; right: 0; top: calc(100% + 0.4rem); width: min(28rem, 92vw); max-height: 70vh; overflow: auto;
  margin: 0; padding: 0.35rem; list-style: none; background: var(--bg); border: 1px solid var(--rule); border-radius: 0.75rem;
  box-shadow: 0 12px 32px rgb(0 0 0 / 0.16); z-index: 20; }
.search-results li a { display: block; padding: 0.5rem 0.7rem; border-radius: 0.5rem; text-decoration: none; color: var(--fg); line-height: 1.45; }
.search-results li a:hover, .search-results li a[aria-selected="true"] { background: var(--accent-soft); }
.search-results .r-title { display: block; font-weight: 600; font-size: 0.92rem; }
.search-results .r-lesson { display: block; font-size: 0.78rem; color: var(--muted); }
.search-results .r-excerpt { display: block; font-size: 0.8rem; color: var(--faint); margin-top: 0.15rem; }
.search-results .empty, .search-results .partial { padding: 0.6rem 0.7rem; color: var(--muted); font-size: 0.9rem; }
.search-results .partial { font-size: 0.8rem; padding-bottom: 0.2rem; }
.search-results .r-more { display: block; font-size: 0.78rem; color: var(--muted); margin-top: 0.15rem; }
.search-results .r-more::before { content: "§ "; }
.search-results mark { background: none; color: var(--accent); font-weight: 650; }

main { display: block; max-width: 74rem; margin: 0 auto; padding: 0 1.25rem; }

/* Lesson */
.lesson-layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 3rem; }
.lesson { max-width: var(--measure); min-width: 0; padding: 1.5rem 0 3rem; }
.breadcrumb { font-size: 0.85rem; margin-bottom: 0.75rem; }
.breadcrumb a { color: var(--muted); text-decoration: none; }
.breadcrumb a::before { content: "← "; }
.lesson-header { border-bottom: 1px solid var(--rule); padding-bottom: 1.25rem; margin-bottom: 1.5rem; }
h1, h2, h3, h4 { line-height: 1.3; letter-spacing: -0.01em; font-weight: 700; }
:lang(zh) h1, :lang(zh) h2, :lang(zh) h3 { letter-spacing: 0.01em; }
h1 { font-size: clamp(1.75rem, 1.3rem + 2vw, 2.4rem); margin: 0 0 0.6rem; }
h2 { font-size: 1.5rem; margin: 2.6rem 0 0.8rem; padding-top: 0.4rem; }
h3 { font-size: 1.2rem; margin: 2rem 0 0.6rem; }
h2, h3, h4 { scroll-margin-top: 4.5rem; position: relative; }
.anchor { margin-left: 0.4rem; color: var(--faint); text-decoration: none; font-weight: 400; opacity: 0; transition: opacity 0.15s; }
h2:hover .anchor, h3:hover .anchor, h4:hover .anchor, .anchor:focus { opacity: 1; }
.summary { font-size: 1.15rem; color: var(--muted); margin: 0; line-height: 1.6; }
.app-code { margin: 0.5rem 0 0; font-size: 0.9rem; color: var(--muted); }
.translation-note { font-size: 0.85rem; color: var(--faint); margin: 0.6rem 0 0; }
p, ul, ol, blockquote { margin: 0 0 1.1rem; }
li { margin: 0.25rem 0; }
li > p { margin-bottom: 0.5rem; }
blockquote { margin-left: 0; padding: 0.6rem 1rem; border-left: 3px solid var(--accent); background: var(--accent-soft); border-radius: 0 0.5rem 0.5rem 0; color: var(--fg); }
blockquote > :last-child { margin-bottom: 0; }
hr { border: 0; border-top: 1px solid var(--rule); margin: 2rem 0; }
img { max-width: 100%; height: auto; }
code, pre, samp { font-family: var(--mono); font-size: 0.875em; }
:not(pre) > code { background: var(--code-bg); padding: 0.1em 0.35em; border-radius: 0.3em; border: 1px solid var(--rule); font-size: 0.85em; overflow-wrap: anywhere; }
pre { margin: 0; overflow-x: auto; line-height: 1.55; tab-size: 4; }
pre.code.plain { background: var(--code-bg); border: 1px solid var(--rule); border-radius: 0.6rem; padding: 0.9rem 1rem; margin-bottom: 1.2rem; }

/* Table of contents */
.toc { font-size: 0.88rem; padding-top: 1.5rem; }
.toc details { border: 1px solid var(--rule); border-radius: 0.6rem; padding: 0.5rem 0.9rem; background: var(--panel); }
.toc summary { cursor: pointer; font-weight: 600; color: var(--muted); }
.toc ol { list-style: none; margin: 0.4rem 0 0.2rem; padding: 0; }
.toc li { margin: 0.15rem 0; line-height: 1.45; }
.toc li.sub { padding-left: 0.9rem; }
.toc a { color: var(--muted); text-decoration: none; display: block; padding: 0.15rem 0; }
.toc a:hover, .toc a.active { color: var(--accent); }
@media (min-width: 62rem) {
  .lesson-layout { grid-template-columns: minmax(0, var(--measure)) 14rem; justify-content: center; }
  .toc { grid-column: 2; grid-row: 1; }
  .toc details { position: sticky; top: 4.5rem; border: 0; background: none; padding: 0 0 0 1rem; border-left: 1px solid var(--rule); }
  .toc summary { list-style: none; pointer-events: none; font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.06em; }
  .toc summary::-webkit-details-marker { display: none; }
  .lesson { grid-column: 1; grid-row: 1; }
}

/* Snippets */
.snippet { margin: 1.4rem 0 1.6rem; border: 1px solid var(--rule); border-radius: 0.75rem; background: var(--code-bg); }
.snippet-bar { display: flex; align-items: center; gap: 0.6rem; padding: 0.4rem 0.6rem 0.4rem 1rem; border-bottom: 1px solid var(--rule); font-size: 0.8rem; }
.snippet-lang { font-family: var(--mono); color: var(--faint); margin-right: auto; letter-spacing: 0.02em; }
.snippet pre.code { padding: 0.9rem 1rem; color: var(--code-fg); font-size: 0.8125rem; }
.snippet pre.code .sim { background: var(--sim-bg); box-shadow: -0.5rem 0 0 var(--sim-bg), 0.5rem 0 0 var(--sim-bg); border-radius: 0.2rem; }
.sim-legend { margin: 0; padding: 0.3rem 1rem 0.5rem; font-size: 0.75rem; color: var(--muted, #6b7280); }
.sim-legend::before { content: ""; display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; vertical-align: -0.05em; border-radius: 0.15em; background: var(--sim-bg); }
.hidden-code { margin: 1rem 0 1.4rem; }
.hidden-code > summary, .hidden-lines > summary { cursor: pointer; color: var(--muted); font-size: 0.82rem; width: fit-content; }
.hidden-code > .snippet { margin-top: 0.5rem; }
.hidden-lines { border-top: 1px dashed var(--rule); padding: 0.35rem 1rem 0; }
.hidden-lines pre.code { padding-left: 0; padding-right: 0; }
.copy { font: inherit; font-size: 0.78rem; color: var(--muted); background: var(--bg); border: 1px solid var(--rule); border-radius: 0.4rem; padding: 0.12rem 0.6rem; cursor: pointer; }
.copy:hover { color: var(--fg); border-color: var(--faint); }
.copy.done { color: var(--ok); border-color: var(--ok); }
.badge { position: relative; }
.badge summary { list-style: none; cursor: pointer; display: inline-flex; align-items: center; gap: 0.3rem; padding: 0.05rem 0.55rem; border-radius: 999px; font-weight: 600; font-size: 0.76rem; line-height: 1.6; user-select: none; }
.badge summary::-webkit-details-marker { display: none; }
.badge-mode { font-weight: 400; opacity: 0.85; }
.badge-mode::before { content: "· "; }
.badge-passed summary { color: var(--ok); background: var(--ok-soft); }
.badge-failed summary { color: var(--bad); background: var(--bad-soft); }
.badge-not-run summary, .badge-not-verified summary { color: var(--idle); background: var(--idle-soft); }
.badge-detail { position: absolute; right: 0; top: calc(100% + 0.35rem); z-index: 4; width: min(24rem, 80vw); padding: 0.7rem 0.9rem; background: var(--bg);
  border: 1px solid var(--rule); border-radius: 0.6rem; box-shadow: 0 10px 28px rgb(0 0 0 / 0.14); font-size: 0.8rem; line-height: 1.5; }
.badge-detail p { margin: 0 0 0.4rem; }
.badge-detail dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 0.15rem 0.6rem; }
.badge-detail dt { color: var(--muted); }
.badge-detail dd { margin: 0; overflow-wrap: anywhere; }
.badge-detail code { font-size: 0.95em; }
.output { border-top: 1px solid var(--rule); background: var(--console-bg); color: var(--console-fg); border-radius: 0 0 0.7rem 0.7rem; padding: 0.55rem 1rem 0.8rem; }
.output-label { font-size: 0.7rem; text-transform: uppercase; letter-spacing: 0.08em; color: var(--console-dim); font-family: var(--sans); margin-bottom: 0.25rem; }
.output pre.console { color: inherit; }
.timeline ol { list-style: none; margin: 0.2rem 0 0; padding: 0; font-family: var(--mono); font-size: 0.82rem; }
.timeline li { display: grid; grid-template-columns: 4.5rem 1fr; gap: 0.6rem; margin: 0; padding: 0.2rem 0 0.2rem; position: relative; }
.timeline li::before { content: ""; position: absolute; left: 4.9rem; top: 0.7rem; width: 0.45rem; height: 0.45rem; border-radius: 50%; background: var(--accent); }
.timeline li + li::after { content: ""; position: absolute; left: calc(4.9rem + 0.19rem); top: -0.45rem; height: 1.1rem; border-left: 1px dashed var(--console-dim); }
.timeline .time { color: var(--console-dim); text-align: right; }
.timeline .event { background: none; border: 0; padding: 0 0 0 1.1rem; color: inherit; font-size: inherit; }
.timeline li.nested .event { padding-left: 2.2rem; color: var(--console-dim); }
.failure { border-top: 1px solid var(--bad); background: var(--bad-soft); padding: 0.6rem 1rem; font-size: 0.88rem; }
.failure p { margin: 0 0 0.4rem; }
.failure .output-label { color: var(--bad); }
.failure pre { white-space: pre-wrap; }
.failure-summary { border: 1px solid var(--bad); background: var(--bad-soft); border-radius: 0.6rem; padding: 0.7rem 1rem; margin-bottom: 1.5rem; font-size: 0.9rem; }
.failure-summary ul { margin: 0.3rem 0 0; padding-left: 1.2rem; }
.failure-summary a { color: var(--bad); font-family: var(--mono); font-size: 0.9em; }

/* Syntax colours */
.k { color: var(--k); font-weight: 500; } .t { color: var(--t); } .s { color: var(--s); } .n { color: var(--n); }
.c { color: var(--c); font-style: italic; } .a { color: var(--a); } .d { color: var(--d); } .i { color: var(--i); }

/* Pictures of the simulated screen */
figure.picture { margin: 1.2rem 0 1.8rem; text-align: center; }
figure.picture img { width: auto; max-height: 34rem; border-radius: 1.6rem; box-shadow: 0 1px 2px rgb(0 0 0 / 0.1), 0 12px 36px rgb(0 0 0 / 0.14); background: #fff; }
figure.picture figcaption { margin-top: 0.7rem; font-size: 0.88rem; color: var(--muted); }

/* Pager */
.pager { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; margin-top: 3rem; padding-top: 1.5rem; border-top: 1px solid var(--rule); }
.pager a { display: block; padding: 0.8rem 1rem; border: 1px solid var(--rule); border-radius: 0.6rem; text-decoration: none; line-height: 1.4; }
.pager a:hover { border-color: var(--accent); }
.pager .next { text-align: right; grid-column: 2; }
.pager-label { display: block; font-size: 0.78rem; color: var(--muted); }
.pager-title { display: block; font-weight: 600; }

/* Course page */
.course-header { padding: 2.5rem 0 1rem; max-width: var(--measure); margin: 0 auto; }
.lesson-list { list-style: none; padding: 0; margin: 0 auto 4rem; max-width: var(--measure); counter-reset: lesson; }
.lesson-list li { display: grid; grid-template-columns: 2.5rem 1fr; gap: 0.75rem; padding: 1.1rem 0; border-top: 1px solid var(--rule); margin: 0; }
.lesson-list .number { font-variant-numeric: tabular-nums; color: var(--faint); font-weight: 600; font-size: 1.1rem; padding-top: 0.1rem; }
.lesson-list .lesson-title { font-size: 1.15rem; font-weight: 650; text-decoration: none; }
.lesson-list .lesson-title:hover { text-decoration: underline; }
.lesson-summary { margin: 0.25rem 0 0; color: var(--muted); font-size: 0.95rem; }
.untranslated .lesson-title { color: var(--muted); }
.tag { display: inline-block; font-size: 0.72rem; font-weight: 600; padding: 0 0.5rem; border-radius: 999px; background: var(--idle-soft); color: var(--idle); margin-right: 0.25rem; }

/* Root page */
.language-choice { min-height: 70vh; display: flex; flex-direction: column; justify-content: center; align-items: center; padding: 3rem 0; }
.languages { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); width: min(100%, 44rem); }
.languages a { display: block; height: 100%; padding: 1.4rem 1.5rem; border: 1px solid var(--rule); border-radius: 1rem; text-decoration: none; color: var(--fg); background: var(--panel); transition: border-color 0.15s, transform 0.15s; }
.languages a:hover { border-color: var(--accent); transform: translateY(-2px); }
.language-name { display: block; font-size: 0.85rem; color: var(--accent); font-weight: 600; }
.course-title { display: block; font-size: 1.35rem; font-weight: 700; line-height: 1.35; margin: 0.3rem 0; }
.lesson-count { display: block; font-size: 0.85rem; color: var(--muted); }
.choose { margin-top: 1.5rem; color: var(--faint); font-size: 0.9rem; }
.not-found { max-width: var(--measure); margin: 0 auto; padding: 4rem 0; }
.not-found > div { margin-bottom: 2rem; }

/* Footer */
.site-footer { max-width: 74rem; margin: 0 auto; padding: 1.5rem 1.25rem 2.5rem; border-top: 1px solid var(--rule); color: var(--faint); font-size: 0.82rem; }
.site-footer p { margin: 0.2rem 0; }
.site-footer code { font-size: 0.95em; }

@media (max-width: 40rem) {
  body { font-size: 1rem; }
  .header-inner { padding: 0.5rem 1rem; }
  main { padding: 0 1rem; }
  .search { flex-basis: 100%; }
  .lesson > .snippet { margin-left: -1rem; margin-right: -1rem; border-radius: 0; border-left: 0; border-right: 0; }
  .lesson > .snippet .output { border-radius: 0; }

  .pager { grid-template-columns: 1fr; }
  .pager .next { grid-column: 1; }
  .site-header { position: static; }
}

@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { transition: none !important; scroll-behavior: auto !important; }
  .languages a:hover { transform: none; }
}

@media print {
  :root { --bg: #fff; --fg: #000; --code-bg: #f6f6f6; --console-bg: #f0f0f0; --console-fg: #000; }
  .site-header, .toc, .pager, .copy, .skip, .anchor, .search, .site-footer .provenance { display: none !important; }
  body { font-size: 11pt; line-height: 1.5; }
  main, .lesson { max-width: none; padding: 0; }
  .lesson-layout { display: block; }
  a { color: inherit; }
  .lesson a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 0.85em; color: #555; }
  pre { white-space: pre-wrap; }
  .snippet, figure.picture { break-inside: avoid; }
  .badge-detail { display: none; }
  h2, h3 { break-after: avoid; }
}
"""#
}
