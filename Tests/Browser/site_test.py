"""Browser tests of a built tutorbuild site (the fixture course in Tests/Browser/fixtures/course).

Usage: site_test.py SITE_DIR SCREENSHOT_DIR
Serves SITE_DIR on 127.0.0.1 and drives Debian's chromium through chromedriver.
"""
import functools
import http.server
import json
import os
import socketserver
import sys
import threading
import traceback
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

SITE = os.path.abspath(sys.argv[1])
SHOTS = os.path.abspath(sys.argv[2])


import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location("site_helpers", os.path.join(os.path.dirname(__file__), "site_helpers.py"))
_helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_helpers)
serve, make_driver = _helpers.serve, _helpers.make_driver


server, BASE = serve(SITE)
driver = make_driver()
wait = WebDriverWait(driver, 10)
results = []
requests_seen = []
console_errors = []


def drain_logs():
    for entry in driver.get_log("browser"):
        if entry.get("level") == "SEVERE":
            console_errors.append(entry["message"])
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            requests_seen.append(message["params"]["request"]["url"])


def test(fn):
    name = fn.__name__.replace("_", " ")
    try:
        fn()
        drain_logs()
        results.append((name, None))
        print("PASS", name)
    except Exception as error:  # noqa: BLE001 - report every failure and go on
        results.append((name, error))
        print("FAIL", name)
        traceback.print_exc()
    return fn


def fresh(path):
    """Opens a page with no remembered language."""
    driver.get(BASE + "404.html")
    driver.execute_script("localStorage.clear()")
    driver.get(BASE + path)


def settled():
    """Waits until the page has loaded and its fonts are in, so a screenshot shows the page as a reader sees it."""
    wait.until(lambda d: d.execute_script("return document.readyState === 'complete' && document.fonts.status === 'loaded'"))


def visible_in_viewport(element):
    return driver.execute_script(
        "var r = arguments[0].getBoundingClientRect(); return r.top >= -2 && r.top < window.innerHeight;", element)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


@test
def choose_chinese_on_the_root_page_and_open_a_lesson():
    fresh("index.html")
    driver.find_element(By.CSS_SELECTOR, '.languages a[hreflang="zh-Hans"]').click()
    wait.until(lambda d: d.current_url.endswith("/zh-Hans/index.html"))
    check(driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans", "course page lang")
    driver.find_element(By.LINK_TEXT, "让文本框留在键盘上方").click()
    wait.until(lambda d: "/zh-Hans/keyboard-avoidance/" in d.current_url)
    check(driver.find_element(By.TAG_NAME, "h1").text == "让文本框留在键盘上方", "lesson title")
    badge = driver.find_element(By.CSS_SELECTOR, ".badge-passed summary")
    check("已验证" in badge.text, "verified badge")
    picture = driver.find_element(By.CSS_SELECTOR, "figure.picture img")
    # Pictures load lazily: bring it into view, then give it the time a busy machine needs.
    driver.execute_script("arguments[0].scrollIntoView()", picture)
    loaded = lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", picture)
    try:
        wait.until(loaded)
    except Exception:  # noqa: BLE001 - reported as the failed check below
        pass
    check(loaded(driver), "snapshot loads")


@test
def the_root_page_remembers_the_chosen_language():
    driver.get(BASE + "index.html")
    wait.until(lambda d: d.current_url.endswith("/zh-Hans/index.html"))


@test
def switch_language_at_a_linked_section():
    fresh("zh-Hans/keyboard-avoidance/index.html#scrolling")
    driver.find_element(By.CSS_SELECTOR, '.lang-switch a[hreflang="en"]').click()
    wait.until(lambda d: "/en/keyboard-avoidance/index.html" in d.current_url)
    check(urllib.parse.urlparse(driver.current_url).fragment == "scrolling", "fragment carried: " + driver.current_url)
    heading = driver.find_element(By.ID, "scrolling")
    check(heading.text.startswith("Scrolling the field into view"), "English heading")
    check(visible_in_viewport(heading), "landed at the section")


@test
def switch_language_at_the_section_scrolled_to():
    fresh("en/keyboard-avoidance/index.html")
    driver.execute_script("document.getElementById('restoring-the-insets').scrollIntoView()")
    wait.until(lambda d: d.execute_script("return window.scrollY") > 0)
    driver.find_element(By.CSS_SELECTOR, '.lang-switch a[hreflang="zh-Hans"]').click()
    wait.until(lambda d: "/zh-Hans/keyboard-avoidance/index.html" in d.current_url)
    check(driver.current_url.endswith("#restoring-the-insets"), "fragment from scroll position: " + driver.current_url)
    check(visible_in_viewport(driver.find_element(By.ID, "restoring-the-insets")), "landed at the section")


def search_and_follow(page, query, expected_fragment, screenshot=None):
    fresh(page)
    box = driver.find_element(By.CSS_SELECTOR, "form.search input")
    check(box.is_displayed(), "search box shown with JavaScript")
    box.click()
    box.send_keys(query)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results a"))
    links = driver.find_elements(By.CSS_SELECTOR, ".search-results a")
    hrefs = [a.get_attribute("href") for a in links]
    target = [a for a in links if a.get_attribute("href").endswith("#" + expected_fragment)]
    check(target, "no result for #%s among %s" % (expected_fragment, hrefs))
    if screenshot:
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, screenshot))
    target[0].click()
    wait.until(lambda d: d.current_url.endswith("#" + expected_fragment))
    check(visible_in_viewport(driver.find_element(By.ID, expected_fragment)), "landed at the result's section")


@test
def search_in_chinese_and_follow_a_result():
    search_and_follow("zh-Hans/index.html", "监听键盘", "observing-the-keyboard", screenshot="search-zh-Hans.png")
    check("/zh-Hans/" in driver.current_url, "stays in Chinese")


@test
def search_for_a_multi_character_chinese_term():
    search_and_follow("zh-Hans/first-responder/index.html", "放弃第一响应者", "resigning")


def results_for(page, query):
    """The result items (one per lesson) after typing `query` into the search box of `page`."""
    fresh(page)
    box = driver.find_element(By.CSS_SELECTOR, "form.search input")
    box.click()
    box.send_keys(query)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results li.result"))
    return driver.find_elements(By.CSS_SELECTOR, ".search-results li.result")


@test
def a_lesson_whose_title_is_the_query_is_listed_at_its_start():
    first = results_for("zh-Hans/index.html", "第一响应者")[0].find_element(By.TAG_NAME, "a")
    check(first.get_attribute("href").endswith("/zh-Hans/first-responder/index.html"), "at the lesson's start: " + first.get_attribute("href"))


@test
def search_in_english_and_follow_a_result():
    search_and_follow("en/first-responder/index.html", "scroll the field into view", "scrolling")
    check("/en/keyboard-avoidance/" in driver.current_url, "English lesson")


@test
def search_for_an_identifier_lists_its_lesson_once_with_its_sections():
    items = results_for("en/first-responder/index.html", "scrollRectToVisible")
    check(items[0].get_attribute("data-lesson") == "en/keyboard-avoidance/index.html", "the lesson that uses it first")
    lessons = [li.get_attribute("data-lesson") for li in items]
    check(len(lessons) == len(set(lessons)), "each lesson once: %s" % lessons)
    check(len(driver.find_elements(By.CSS_SELECTOR, ".search-results a")) == len(items), "one link per lesson")
    more = items[0].find_elements(By.CSS_SELECTOR, ".r-more")
    check(more and "Scrolling the field into view" in more[0].text, "its other matching section is named")


@test
def search_with_no_results_says_so():
    fresh("en/index.html")
    box = driver.find_element(By.CSS_SELECTOR, "form.search input")
    box.send_keys("zzzzqqq")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results .empty"))


@test
def copy_button_and_badge_details():
    fresh("en/first-responder/index.html")
    button = driver.find_element(By.CSS_SELECTOR, ".snippet button.copy")
    check(button.is_displayed(), "copy button shown with JavaScript")
    # Copy copies the app code: the shaded demonstration lines are left out (issue 28 item 4).
    snippet = driver.execute_script(
        "return Array.prototype.find.call(document.querySelectorAll('.snippet'), function (s) {"
        " return s.querySelector('pre.code .sim') && s.querySelector('pre.code code').textContent.replace(/\\s/g, '') !=="
        " Array.prototype.map.call(s.querySelectorAll('pre.code .sim'), function (l) { return l.textContent; }).join('').replace(/\\s/g, ''); });")
    if snippet is not None:
        driver.execute_script(
            "window.__copied = null; navigator.clipboard.writeText = function (t) { window.__copied = t; return Promise.resolve(); };")
        snippet.find_element(By.CSS_SELECTOR, "button.copy").click()
        copied = wait.until(lambda d: d.execute_script("return window.__copied"))
        for line in snippet.find_elements(By.CSS_SELECTOR, "pre.code .sim"):
            if line.get_attribute("textContent").strip():
                check(line.get_attribute("textContent") not in copied.split("\n"), "shaded line not copied: " + line.get_attribute("textContent"))
        check(copied.strip() != "", "app code copied")
    summary = driver.find_element(By.CSS_SELECTOR, ".badge summary")
    summary.click()
    detail = driver.find_element(By.CSS_SELECTOR, ".badge[open] .badge-detail")
    check("Swift version 6.3.1" in detail.text, "toolchain in badge details: " + detail.text)


@test
def site_works_from_file_urls():
    driver.get("file://" + os.path.join(SITE, "zh-Hans", "keyboard-avoidance", "index.html") + "#scrolling")
    driver.find_element(By.CSS_SELECTOR, '.lang-switch a[hreflang="en"]').click()
    wait.until(lambda d: d.current_url.startswith("file://") and "/en/keyboard-avoidance/index.html#scrolling" in d.current_url)
    check(driver.execute_script("return document.styleSheets.length > 0 && getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)'"),
          "stylesheet loaded")
    box = driver.find_element(By.CSS_SELECTOR, "form.search input")
    box.click()
    box.send_keys("keyboard")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results a"))
    driver.find_element(By.CSS_SELECTOR, ".brand").click()
    wait.until(lambda d: d.current_url.endswith("/en/index.html"))


@test
def pages_are_readable_without_javascript():
    plain = make_driver(javascript=False)
    try:
        plain.get(BASE + "zh-Hans/keyboard-avoidance/index.html")
        check(plain.find_element(By.TAG_NAME, "h1").text == "让文本框留在键盘上方", "title")
        check(not plain.find_element(By.CSS_SELECTOR, "form.search").is_displayed(), "search hidden without JS")
        check(not plain.find_element(By.CSS_SELECTOR, ".snippet button.copy").is_displayed(), "copy hidden without JS")
        check(plain.find_element(By.CSS_SELECTOR, "pre.code .k").is_displayed(), "highlighted code")
        # Hidden lines open on request, without JavaScript (issue 30 #1).
        hidden = plain.find_element(By.CSS_SELECTOR, "details.hidden-lines")
        check(not hidden.find_element(By.CSS_SELECTOR, "pre.code").is_displayed(), "hidden lines closed at first")
        hidden.find_element(By.TAG_NAME, "summary").click()
        check("Simulator()" in hidden.find_element(By.CSS_SELECTOR, "pre.code").text, "hidden lines shown on request")
        link = plain.find_element(By.CSS_SELECTOR, '.lang-switch a[hreflang="en"]')
        link.click()
        WebDriverWait(plain, 10).until(lambda d: d.current_url.endswith("/en/keyboard-avoidance/index.html"))
    finally:
        plain.quit()


@test
def screenshots_of_a_lesson_in_each_language():
    os.makedirs(SHOTS, exist_ok=True)
    for language in ("en", "zh-Hans"):
        for width, height, name in ((1280, 2600, "wide"), (390, 2400, "phone")):
            driver.set_window_size(width, height)
            fresh(language + "/keyboard-avoidance/index.html")
            settled()
            driver.save_screenshot(os.path.join(SHOTS, "lesson-%s-%s.png" % (language, name)))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.set_window_size(1280, 1800)
    fresh("zh-Hans/keyboard-avoidance/index.html")
    settled()
    driver.save_screenshot(os.path.join(SHOTS, "lesson-zh-Hans-dark.png"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.set_window_size(1280, 900)
    for page, name in (("index.html", "root"), ("zh-Hans/index.html", "course-zh-Hans")):
        fresh(page)
        settled()
        driver.save_screenshot(os.path.join(SHOTS, name + ".png"))
    check(len([f for f in os.listdir(SHOTS) if f.startswith("lesson-")]) >= 4, "screenshots written")


@test
def every_page_has_balanced_tags():
    from html.parser import HTMLParser
    void = {"meta", "link", "img", "br", "hr", "input", "base", "source", "wbr"}

    class Balance(HTMLParser):
        def __init__(self):
            super().__init__()
            self.stack, self.errors = [], []

        def handle_starttag(self, tag, attrs):
            if tag not in void:
                self.stack.append(tag)

        def handle_endtag(self, tag):
            if tag in void:
                return
            if self.stack and self.stack[-1] == tag:
                self.stack.pop()
            else:
                self.errors.append((tag, self.getpos()))

    for folder, _, names in os.walk(SITE):
        for name in names:
            if name.endswith(".html"):
                path = os.path.join(folder, name)
                parser = Balance()
                with open(path, encoding="utf-8") as f:
                    parser.feed(f.read())
                check(not parser.errors and not parser.stack, "%s: %s %s" % (path, parser.errors[:3], parser.stack))


@test
def no_console_errors():
    drain_logs()
    check(not console_errors, "console errors: %s" % console_errors)


@test
def no_request_leaves_the_site():
    drain_logs()
    allowed = (BASE, "file://", "data:", "about:", "chrome://", "chrome-extension://")
    outside = [url for url in requests_seen if not url.startswith(allowed)]
    check(requests_seen, "requests were recorded")
    check(not outside, "requests outside the site: %s" % outside)


driver.quit()
server.shutdown()
failed = [name for name, error in results if error is not None]
print("%d passed, %d failed" % (len(results) - len(failed), len(failed)))
sys.exit(1 if failed else 0)
