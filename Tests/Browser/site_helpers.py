"""Shared helpers of the browser suites: a quiet local HTTP server and a headless Chromium driver."""
import functools
import http.server
import socketserver
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    handler = functools.partial(QuietHandler, directory=directory)
    server = socketserver.TCPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def make_driver(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--window-size=1280,900", "--lang=en-US",
                "--no-first-run", "--disable-background-networking", "--disable-component-update"):
        options.add_argument(arg)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)




results = []


def test(fn):
    """Runs a test function at once, prints PASS or FAIL with the traceback, and goes on."""
    import traceback
    name = fn.__name__.replace("_", " ")
    try:
        fn()
        results.append((name, None))
        print("PASS", name)
    except Exception as error:  # noqa: BLE001 - report every failure and go on
        results.append((name, error))
        print("FAIL", name)
        traceback.print_exc()
    return fn


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def summary():
    """Prints the closing "N passed, N failed" line and returns the exit status."""
    failed = [name for name, error in results if error is not None]
    print("%d passed, %d failed" % (len(results) - len(failed), len(failed)))
    return 1 if failed else 0
