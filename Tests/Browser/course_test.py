"""Browser tests of sites built by the real CLI: the course in content/ (Chinese in both scripts,
search across scripts) and a hostile course whose author fields all try to run script.

Usage: course_test.py TUTORBUILD_BINARY REPO_DIR WORK_DIR SCREENSHOT_DIR (COURSE_SITE: the course already built)
"""
import json
import os
import re
import shutil
import subprocess
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.argv = [sys.argv[0]] + sys.argv[1:]
TUTORBUILD, REPO, WORK, SHOTS = (os.path.abspath(a) for a in sys.argv[1:5])

# Reuse the fixture suite's helpers without running it: import its functions only.
import importlib.util  # noqa: E402

HOSTILE = {
    "title": '"<script>window.pwned=1</script><img src=x onerror="window.pwned=2">',
    "summary": "<svg onload=window.pwned=3></svg>",
}

hostile_lesson = """---
title: '{title}'
summary: '{summary}'
source: en
---

## <img src=x onerror="window.pwned=4"> heading {{#h}}

<script>window.pwned = 5</script>

<div onmouseover="window.pwned=6">raw block</div>

[click](javascript:window.pwned=7) [data](data:text/html,<script>parent.pwned=8</script>)

```swift
let s = "</script><script>window.pwned=10</script>"
print(s)
```

```output
</script><script>window.pwned=10</script>
```
""".format(**HOSTILE)


def build(content, output):
    result = subprocess.run([TUTORBUILD, "build", "--no-test", "--content", content, "--output", output],
                            cwd=REPO, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise SystemExit("build failed:\n" + result.stderr)


os.makedirs(WORK, exist_ok=True)
# The course's site, served from WORK_DIR/course-site: COURSE_SITE when Tests/Browser/run.sh has built it for
# the suites that share it (linked there when it is elsewhere), else built here.
course_site = os.path.join(WORK, "course-site")
given = os.environ.get("COURSE_SITE")
if not given:
    build(os.path.join(REPO, "content"), course_site)
elif os.path.realpath(given) != os.path.realpath(course_site):
    if os.path.islink(course_site):
        os.unlink(course_site)
    shutil.rmtree(course_site, ignore_errors=True)
    os.symlink(os.path.abspath(given), course_site)
hostile_content = os.path.join(WORK, "hostile-content")
shutil.rmtree(hostile_content, ignore_errors=True)
os.makedirs(os.path.join(hostile_content, "hostile"))
with open(os.path.join(hostile_content, "hostile", "en.md"), "w", encoding="utf-8") as f:
    f.write(hostile_lesson)
hostile_site = os.path.join(WORK, "hostile-site")
build(hostile_content, hostile_site)

spec = importlib.util.spec_from_file_location("helpers", os.path.join(os.path.dirname(__file__), "site_helpers.py"))
helpers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(helpers)

server, BASE = helpers.serve(WORK)
driver = helpers.make_driver()
wait = WebDriverWait(driver, 10)
test, check = helpers.test, helpers.check


def prose_of(html):
    """A page without its code and scripts: code shows what the author typed and is never converted."""
    return re.sub(r"<(pre|code|script)\b.*?</\1>", "", html, flags=re.S)


def search(page, query):
    driver.get(BASE + "course-site/404.html")
    driver.execute_script("localStorage.clear()")
    driver.get(BASE + "course-site/" + page)
    box = driver.find_element(By.CSS_SELECTOR, "form.search input")
    box.click()
    box.send_keys(query)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results a"))
    return [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".search-results a")]


@test
def traditional_query_on_a_simplified_page_finds_the_keyboard_lessons():
    hrefs = search("zh-Hans/index.html", "鍵盤")
    same = search("zh-Hans/index.html", "键盘")
    check(hrefs == same, "the traditional query finds what the simplified one does: %s against %s" % (hrefs, same))
    check(len(hrefs) >= 5 and all("keyboard" in h for h in hrefs[:5]), "keyboard lessons first: %s" % hrefs)
    check(all("/zh-Hans/" in h for h in hrefs), "results stay in the reader's script: %s" % hrefs)


@test
def simplified_query_on_a_traditional_page_finds_the_keyboard_lessons():
    hrefs = search("zh-Hant/index.html", "键盘")
    same = search("zh-Hant/index.html", "鍵盤")
    check(hrefs == same, "the simplified query finds what the traditional one does: %s against %s" % (hrefs, same))
    check(len(hrefs) >= 5 and all("keyboard" in h for h in hrefs[:5]), "keyboard lessons first: %s" % hrefs)
    check(all("/zh-Hant/" in h for h in hrefs), "results stay in the reader's script: %s" % hrefs)


def lessons_found(query):
    """Types `query` into the open page's search box (as an input event) and returns each result's lesson folder, in order."""
    return driver.execute_script(
        "var input = document.querySelector('form.search input');"
        "input.value = arguments[0]; input.dispatchEvent(new Event('input'));"
        "return Array.prototype.map.call(document.querySelectorAll('.search-results li.result'),"
        " function (li) { return li.getAttribute('data-lesson').split('/')[1]; });", query)


def open_search(lang):
    """Opens the language's course page with its search index loaded."""
    driver.get(BASE + "course-site/" + lang + "/index.html")
    box = driver.find_element(By.CSS_SELECTOR, "form.search input")
    box.click()
    box.send_keys("keyboard")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results li"))


JUDGED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "search_judged.json")


@test
def judged_queries_find_an_answering_lesson_in_the_first_three():
    # The judged set (search_judged.json): success when one of the first three lessons listed answers the
    # query; at least 95% in each script, as issue 32 asks. bench/search.sh runs the same set against Pagefind.
    with open(JUDGED, encoding="utf-8") as f:
        queries = json.load(f)["queries"]
    rates, misses = {}, []
    for lang in ("en", "zh-Hans", "zh-Hant"):
        open_search(lang)
        mine = [q for q in queries if q["lang"] == lang]
        found = 0
        for q in mine:
            lessons = lessons_found(q["query"])
            if any(lesson in q["answers"] for lesson in lessons[:3]):
                found += 1
            else:
                misses.append("%s %r: %s" % (lang, q["query"], lessons[:3]))
        rates[lang] = (found, len(mine))
    print("judged set, an answering lesson in the first 3: " +
          ", ".join("%s %d/%d" % (lang, f, n) for lang, (f, n) in rates.items()))
    for miss in misses:
        print("   missed", miss)
    for lang, (f, n) in rates.items():
        check(n >= 15 and f >= 0.95 * n, "%s: %d/%d below 95%%" % (lang, f, n))
    check(len(queries) >= 60, "at least 60 judged queries")


@test
def a_lesson_whose_title_matches_comes_before_incidental_mentions():
    open_search("en")
    for query, lesson in (("dismiss keyboard", "dismissing-the-keyboard"), ("delegate order", "text-field-delegate-order"),
                          ("table view text field keyboard", "text-fields-in-table-views")):
        found = lessons_found(query)
        check(found[:1] == [lesson], "%r: %s first, not %s" % (query, lesson, found[:3]))
    # Results are grouped by lesson: each lesson once, its best section first.
    found = lessons_found("keyboard")
    check(len(found) == len(set(found)), "each lesson once: %s" % found)


@test
def a_chinese_query_with_a_word_the_lesson_does_not_use_still_finds_it():
    open_search("zh-Hans")
    # The lesson says 挡住; 遮挡 is in the term list (content/search-terms.yml).
    check(lessons_found("键盘遮挡")[:1] == ["keyboard-avoidance"], "键盘遮挡")
    # A Simplified query on the Traditional pages, the term list applying across scripts.
    open_search("zh-Hant")
    found = lessons_found("键盘遮挡")
    check("keyboard-avoidance" in found[:3], "键盘遮挡 on zh-Hant: %s" % found)
    check(all("/zh-Hant/" in a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".search-results a")),
          "results stay in the reader's script")


@test
def a_query_without_a_full_match_lists_the_closest_and_says_so():
    for lang, note in (("en", "No lesson has every word"), ("zh-Hans", "没有包含所有词的课程"), ("zh-Hant", "沒有包含所有詞的課程")):
        open_search(lang)
        found = lessons_found("keyboard zzqqxxyy")
        check(found, "%s: partial results listed" % lang)
        partial = driver.find_elements(By.CSS_SELECTOR, ".search-results .partial")
        check(partial and note in partial[0].text, "%s: says the results are partial" % lang)
        lessons_found("keyboard")
        check(not driver.find_elements(By.CSS_SELECTOR, ".search-results .partial"), "%s: a full match says nothing" % lang)


# Stems from Snowball's "porter" (PyPI's snowballstemmer); the page's stemmer agreed with it on all 2,340
# words of the English index when it was written.
PORTER = {"dismiss": "dismiss", "dismissing": "dismiss", "dismissal": "dismiss", "dismissed": "dismiss", "hiding": "hide",
          "hides": "hide", "hidden": "hidden", "tapping": "tap", "tapped": "tap", "keyboards": "keyboard",
          "notifications": "notif", "notified": "notifi", "delegate": "deleg", "delegates": "deleg", "delegation": "deleg",
          "responder": "respond", "responders": "respond", "resigning": "resign", "resigned": "resign", "scrolling": "scroll",
          "scrolled": "scroll", "typing": "type", "typed": "type", "characters": "charact", "formatting": "format",
          "formatted": "format", "validation": "valid", "validating": "valid", "relational": "relat", "conditional": "condit",
          "generalization": "gener", "adjustable": "adjust", "hopefulness": "hope", "sensitivity": "sensit",
          "controlling": "control", "rolling": "roll", "happy": "happi", "happiness": "happi", "agreed": "agre", "feed": "feed"}


@test
def the_page_stems_english_words_as_porter_does():
    with open(os.path.join(course_site, "assets", "site.js"), encoding="utf-8") as f:
        script = f.read()
    start, end = script.index("  // <search-engine>"), script.index("  // </search-engine>")
    stems = driver.execute_script(
        "var make = new Function(arguments[0] + '\\nreturn searchEngine;')();"
        "var engine = make({docs: [], pages: [], terms: {}, syn: []});"
        "return arguments[1].map(function (w) { return engine.stem(w); });", script[start:end], list(PORTER))
    wrong = ["%s: %s, not %s" % (w, got, PORTER[w]) for w, got in zip(PORTER, stems) if got != PORTER[w]]
    check(not wrong, "stems: %s" % wrong)


@test
def the_traditional_page_is_generated_and_the_switcher_offers_three_scripts():
    driver.get(BASE + "course-site/zh-Hant/keyboard-avoidance/index.html")
    check(driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hant", "lang attribute")
    check(driver.find_elements(By.CSS_SELECTOR, ".translation-note.converted"), "says it was converted")
    labels = driver.find_element(By.CSS_SELECTOR, "header").text
    for name in ("English", "简体中文", "繁體中文"):
        check(name in labels, "switcher offers %s: %s" % (name, labels))
    code = driver.find_element(By.CSS_SELECTOR, "pre code").text
    check("UITextField" in code, "code is shown untouched")
    os.makedirs(SHOTS, exist_ok=True)
    driver.save_screenshot(os.path.join(SHOTS, "lesson-zh-Hant.png"))


@test
def no_author_supplied_script_runs():
    for page in ("hostile-site/en/hostile/index.html", "hostile-site/en/index.html", "hostile-site/index.html"):
        driver.get(BASE + page)
        for link in driver.find_elements(By.CSS_SELECTOR, "article a"):
            href = link.get_attribute("href") or ""
            check(not href.lower().startswith(("javascript:", "data:")), "dangerous link kept: " + href)
        pwned = driver.execute_script("return window.pwned")
        check(pwned is None, "author script ran on %s: window.pwned = %r" % (page, pwned))
    box = driver.find_elements(By.CSS_SELECTOR, "form.search input")
    if box:
        box[0].send_keys("pwned")
        driver.execute_script("return 1")
        check(driver.execute_script("return window.pwned") is None, "search results ran author script")


@test
def no_page_of_the_course_shows_literal_emphasis_markers():
    # Prose only: code blocks and code spans show what the author typed, asterisks included.
    leftovers = []
    for folder, _, names in os.walk(course_site):
        for name in names:
            if not name.endswith(".html"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                html = f.read()
            prose = prose_of(html)
            for marker in ("**", "__"):
                if marker in prose:
                    at = prose.index(marker)
                    leftovers.append("%s: ...%s..." % (os.path.relpath(os.path.join(folder, name), course_site), prose[max(0, at - 30):at + 30]))
    check(not leftovers, "literal emphasis markers: " + "; ".join(leftovers[:5]))


@test
def traditional_pages_use_taiwan_words_and_quotes():
    # Conversions a Taiwanese reader would laugh at (OpenCC's phrase tables), and mainland words left as they were.
    wrong = ["登錄檔單", "登出", "對錶單", "回撥", "例項", "控制元件", "智慧鍵盤", "藍芽", "教程", "滾動", "打印", "全屏",
             "數組", "郵箱", "標誌", "註釋", "\u201c", "\u201d"]
    found = []
    for folder, _, names in os.walk(os.path.join(course_site, "zh-Hant")):
        for name in names:
            if name.endswith(".html"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    html = f.read()
                # Code is never converted (string literals stay as the author wrote them); prose and captions are.
                prose = prose_of(html)
                found += ["%s in %s" % (w, os.path.relpath(os.path.join(folder, name), course_site)) for w in wrong if w in prose]
    check(not found, "mainland or mistaken words on zh-Hant pages: %s" % found[:10])


driver.quit()
server.shutdown()
sys.exit(helpers.summary())
