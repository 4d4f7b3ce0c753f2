#!/usr/bin/env python3
"""Differential tests of the Markdown on lesson pages (docs/markdown.md).

1. Every CommonMark 0.31.2 spec example, built as a lesson by `tutorbuild build`, against Debian's `cmark`
   (safe mode, as the site): equal after the spec's normalisation and the page's deliberate rules
   (deliberate.py), or listed in deliberate.KNOWN with its reason.
2. The same examples with a Chinese emphasis line appended, and generated Chinese paragraphs, against
   mdit-py-cjk-friendly (oracle.py): equal, or explained: by a part of the published rule the oracle departs
   from (named), or because markdown-it-py and cmark already differ there without the amendment.

Usage: differential_test.py TUTORBUILD COMMONMARK_JSON WORK_DIR
Prints each unexplained difference, a summary per part, and last "N passed, N failed"."""

import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from deliberate import KNOWN, as_page, page_content  # noqa: E402
from normalize import normalize  # noqa: E402
from oracle import ALL_FIXED, DEPARTURES, FIXED, ORACLE, PLAIN  # noqa: E402

# Chinese lines appended to the spec examples, one per example in turn: bold ending in full-width punctuation,
# two bold runs in a sentence, a closing run after punctuation, emphasis before punctuation, *** runs, a code span.
CHINESE_LINES = [
    "**修正：**监听键盘通知",
    "**注意：**不要在**主线程**之外更新界面。",
    "这是**重要的。**对吧",
    "*注意*：后文",
    "***第二行：***文",
    "先`代码`**说明：**后",
    "**「引号」**里的字和**（括号）**",
]

# A lesson's content: after its header, before the links to the previous and next lessons.
PAGE_BODY = re.compile(r'<header class="lesson-header">.*?</header>(.*?)(?:<nav class="pager"[^>]*>.*)?</article>', re.S)


def front_matter(title, language):
    return "---\ntitle: %s\nsource: %s\n---\n\n" % (title, language)


def generated_paragraphs(count, seed=31):
    """Chinese paragraphs that fuzz delimiters, CJK and ASCII punctuation, line breaks, code spans and links.
    Every line starts with a Chinese word, so no line starts a list, a heading or a thematic break."""
    rng = random.Random(seed)
    words = ["中文", "注意", "主线程", "键盘", "通知", "文本框", "これは", "重要", "강조", "UIKit", "foo", "2"]
    punctuation = ["：", "，", "。", "「", "」", "（", "）", "！", "、", "《", "》", ".", ",", ":", "(", ")", "!", "\"", "'", "-"]
    delimiters = ["*", "**", "***", "_", "__", "**", "*"]
    extras = ["`code`", "`a*b`", "[链接](https://example.com/)", "[**强调**](x)", "\\*", "&amp;", " ", "\\_",
              "[「括号」](y \"标题\")", "<https://example.com>"]
    breaks = ["\n", "\\\n", "  \n"]
    paragraphs = []
    for _ in range(count):
        parts = [rng.choice(words[:9])]
        for _ in range(rng.randint(4, 18)):
            r = rng.random()
            if r < 0.35:
                parts.append(rng.choice(delimiters))
            elif r < 0.6:
                parts.append(rng.choice(words))
            elif r < 0.8:
                parts.append(rng.choice(punctuation))
            elif r < 0.93:
                parts.append(rng.choice(extras))
            else:
                parts.append(rng.choice(breaks) + rng.choice(words[:9]))
        # `!` before a link would make it an image, which must be a file beside the lesson.
        paragraphs.append("".join(parts).replace("![", "! ["))
    return paragraphs


def cmark(markdown):
    return subprocess.run(["cmark"], input=markdown.encode(), stdout=subprocess.PIPE, check=True).stdout.decode()


def write_course(content, lessons):
    shutil.rmtree(content, ignore_errors=True)
    for slug, (language, title, body) in lessons.items():
        os.makedirs(os.path.join(content, slug))
        with open(os.path.join(content, slug, language + ".md"), "w", encoding="utf-8") as f:
            f.write(front_matter(title, language) + body)


def build(tutorbuild, content, site, lessons):
    """Builds `lessons`; returns each slug's page body, or "refused: ids" for a lesson the build refuses."""
    write_course(content, lessons)
    check = subprocess.run([tutorbuild, "check", "--content", content, "--format", "json"], stdout=subprocess.PIPE)
    refused = {}
    for d in json.loads(check.stdout.decode() or '{"diagnostics": []}')["diagnostics"]:
        if d["severity"] == "error":
            slug = os.path.basename(os.path.dirname(d["location"]["path"]))
            refused.setdefault(slug, set()).add(d["id"])
    if refused:
        write_course(content, {slug: lesson for slug, lesson in lessons.items() if slug not in refused})
    result = subprocess.run([tutorbuild, "build", "--no-test", "--content", content, "--output", site],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        print(result.stdout.decode()[-3000:])
        raise SystemExit("error: tutorbuild build failed")
    bodies = {}
    for slug, (language, _, _) in lessons.items():
        if slug in refused:
            bodies[slug] = "refused: " + ", ".join(sorted(refused[slug]))
            continue
        with open(os.path.join(site, language, slug, "index.html"), encoding="utf-8") as f:
            match = PAGE_BODY.search(f.read())
        bodies[slug] = normalize(page_content(match.group(1))) if match else "no page body"
    return bodies


def why_oracle_differs(markdown, ours):
    """The part of the published rule whose absence makes the oracle disagree, or None."""
    for part, md in FIXED.items():
        if as_page(md.render(markdown)) == ours:
            return part
    if as_page(ALL_FIXED.render(markdown)) == ours:
        return "several parts"
    return None


def main():
    tutorbuild, spec_path, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    with open(spec_path, encoding="utf-8") as f:
        examples = json.load(f)
    passed = failed = 0
    failures = []

    # The lessons: spec examples in English; the same with a Chinese line, and generated paragraphs, in Chinese.
    lessons = {}
    for e in examples:
        n = e["example"]
        lessons["spec-%03d" % n] = ("en", "Example %d" % n, e["markdown"])
        variant = e["markdown"] + ("" if e["markdown"].endswith("\n") or not e["markdown"] else "\n")
        variant += CHINESE_LINES[n % len(CHINESE_LINES)] + "\n"
        lessons["cjk-%03d" % n] = ("zh-Hans", "例 %d" % n, variant)
    paragraphs = generated_paragraphs(1200)
    per_lesson = 40
    for k in range(0, len(paragraphs), per_lesson):
        lessons["gen-%03d" % (k // per_lesson)] = ("zh-Hans", "生成 %d" % k, "\n\n".join(paragraphs[k:k + per_lesson]) + "\n")
    bodies = build(tutorbuild, os.path.join(work, "content"), os.path.join(work, "site"), lessons)

    # 1. The spec examples against cmark.
    spec_counts = Counter()
    for e in examples:
        n = e["example"]
        ours = bodies["spec-%03d" % n]
        expected = as_page(cmark(e["markdown"]))
        if ours == expected:
            spec_counts["equal"] += 1
            passed += 1
        elif n in KNOWN and ours == "refused: " + KNOWN[n][0]:
            spec_counts["deliberate"] += 1
            passed += 1
        else:
            failed += 1
            failures.append("spec example %d (%s): the page differs from cmark\n  markdown: %r\n  cmark:    %s\n  page:     %s"
                            % (n, e["section"], e["markdown"], expected, ours))
    for n in sorted(KNOWN):
        if bodies["spec-%03d" % n] == as_page(cmark(examples[n - 1]["markdown"])):
            failed += 1
            failures.append("spec example %d is listed in deliberate.KNOWN but the page now equals cmark: take it out" % n)

    # 2. Chinese emphasis against the oracle.
    oracle_counts = Counter()
    reasons = Counter()

    def compare(label, markdown, ours):
        nonlocal passed, failed
        expected = as_page(ORACLE.render(markdown))
        if ours == expected:
            oracle_counts["agree"] += 1
            passed += 1
            return
        if as_page(PLAIN.render(markdown)) != as_page(cmark(markdown)):
            # markdown-it-py and cmark differ here without the amendment: not the oracle's to judge.
            oracle_counts["engines differ"] += 1
            passed += 1
            return
        part = why_oracle_differs(markdown, ours)
        if part:
            oracle_counts["oracle departs from the rule"] += 1
            reasons[part] += 1
            passed += 1
            return
        failed += 1
        failures.append("%s: the page disagrees with the oracle\n  markdown: %r\n  oracle:   %s\n  page:     %s"
                        % (label, markdown, expected, ours))

    for e in examples:
        n = e["example"]
        ours = bodies["cjk-%03d" % n]
        if ours.startswith("refused:") and ours == bodies["spec-%03d" % n]:
            oracle_counts["refused like the example"] += 1
            passed += 1
            continue
        compare("spec example %d with a Chinese line" % n, lessons["cjk-%03d" % n][2], ours)
    for k in range(0, len(paragraphs), per_lesson):
        page = bodies["gen-%03d" % (k // per_lesson)]
        if page.startswith("refused:"):
            failed += 1
            failures.append("generated paragraphs %d to %d: %s" % (k, k + per_lesson - 1, page))
            continue
        ours = re.findall(r"<p>.*?</p>", page, re.S)
        for j, paragraph in enumerate(paragraphs[k:k + per_lesson]):
            compare("generated paragraph %d" % (k + j), paragraph + "\n", ours[j] if j < len(ours) else "missing")

    for failure in failures:
        print(failure)
    print("spec examples vs cmark: %d equal, %d deliberate differences (deliberate.py), %d unexplained"
          % (spec_counts["equal"], spec_counts["deliberate"], len(examples) - sum(spec_counts.values())))
    print("Chinese emphasis vs mdit-py-cjk-friendly: %d agree, %d where the oracle departs from the published rule"
          " (%s), %d where markdown-it-py and cmark differ without the amendment, %d refused like their example"
          % (oracle_counts["agree"], oracle_counts["oracle departs from the rule"],
             ", ".join("%s: %d" % item for item in sorted(reasons.items())) or "none",
             oracle_counts["engines differ"], oracle_counts["refused like the example"]))
    for part in sorted(reasons):
        print("  %s: %s" % (part, DEPARTURES.get(part, "more than one of the parts above")))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
