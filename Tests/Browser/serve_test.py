"""Browser test of the preview: `tutorbuild serve` on a course with an error shows the diagnostic in
the page, and reloads the page without it once the file is fixed.

Usage: serve_test.py TUTORBUILD_BINARY WORK_DIR SCREENSHOT_DIR
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

TUTORBUILD, WORK, SHOTS = (os.path.abspath(a) for a in sys.argv[1:4])

spec = importlib.util.spec_from_file_location("helpers", os.path.join(os.path.dirname(__file__), "site_helpers.py"))
helpers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(helpers)

LESSON = """---
title: {title}
---

## Fields {{#fields}}

Some words.

```swift
print({value})
```
"""

content = os.path.join(WORK, "serve-content")
site = os.path.join(WORK, "serve-site")
shutil.rmtree(content, ignore_errors=True)
shutil.rmtree(site, ignore_errors=True)
os.makedirs(os.path.join(content, "fields"))


def write(language, title, value):
    with open(os.path.join(content, "fields", language + ".md"), "w", encoding="utf-8") as f:
        f.write(LESSON.format(title=title, value=value))


# The English snippet was edited and the Chinese twin not yet: the twins' code differs, an error.
write("en", "Fields", 2)
write("zh-Hans", "文本框", 1)

server = subprocess.Popen([TUTORBUILD, "serve", "--no-test", "--port", "0", "--content", content, "--output", site],
                          stderr=subprocess.PIPE, text=True)
base = None
log = ""
deadline = time.time() + 120
while base is None and time.time() < deadline:
    line = server.stderr.readline()
    if not line:
        break
    log += line
    found = re.search(r"http://127\.0\.0\.1:[0-9]+/", line)
    if found:
        base = found.group(0)
test, check = helpers.test, helpers.check


driver = helpers.make_driver()
wait = WebDriverWait(driver, 30)


@test
def a_course_with_an_error_still_shows_its_page_with_the_diagnostic():
    check(base is not None, "serve printed no address:\n" + log)
    driver.get(base + "en/fields/")
    check("Some words." in driver.find_element(By.TAG_NAME, "main").text, "the lesson is rendered despite the error")
    alert = driver.find_element(By.CSS_SELECTOR, "[role=alert]").text
    check("fields/zh-Hans.md" in alert or "fields/en.md" in alert, "the diagnostic names the file: " + alert)
    os.makedirs(SHOTS, exist_ok=True)
    driver.save_screenshot(os.path.join(SHOTS, "serve-error.png"))


@test
def fixing_the_file_reloads_the_page_without_the_diagnostic():
    driver.get(base + "en/fields/")
    write("zh-Hans", "文本框", 2)
    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "[role=alert]"))
    check("Some words." in driver.find_element(By.TAG_NAME, "main").text, "the page is back")


@test
def a_page_missing_because_of_an_error_shows_the_error_not_a_404():
    # A lesson whose front matter cannot be read has no page; the preview shows why in its place.
    os.makedirs(os.path.join(content, "broken"), exist_ok=True)
    with open(os.path.join(content, "broken", "en.md"), "w", encoding="utf-8") as f:
        f.write("---\ntitle: [unclosed\n---\n\nText.\n")
    shown = {"text": "", "error": None}

    def reloaded_with_error(d):
        # The preview rebuilds in its own time: reload until the page names the file (WebDriverWait's deadline).
        # A load the preview's own reload cuts short is tried again.
        try:
            d.get(base + "en/broken/")
            shown["text"] = d.find_element(By.TAG_NAME, "body").text
        except WebDriverException as error:
            shown["error"] = error.msg
            return False
        return "broken/en.md" in shown["text"]

    try:
        WebDriverWait(driver, 60, poll_frequency=0.5).until(reloaded_with_error)
    except Exception:
        pass
    text = shown["text"]
    check("broken/en.md" in text and "not found" not in text.lower(),
          "the error is shown: " + text[:300] + (" (last load: %s)" % shown["error"] if shown.get("error") else ""))


driver.quit()
server.terminate()
try:
    server.wait(timeout=10)
except subprocess.TimeoutExpired:
    server.kill()
sys.exit(helpers.summary())
