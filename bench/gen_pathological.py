"""Lessons whose one paragraph is a long run of emphasis delimiters, for bench/parse.sh: what a linear parser
takes in its stride and a quadratic one does not (issue 31: 140 KB took 100 s).

Usage: gen_pathological.py CONTENT_DIR [KILOBYTES]"""
import os
import sys

content = sys.argv[1]
size = int(sys.argv[2]) * 1024 if len(sys.argv) > 2 else 140 * 1024
# (slug, language, unit): each paragraph repeats its unit to `size` bytes.
cases = [
    ("cjk-unmatched", "zh-Hans", "中*文_字**"),        # unmatched * and _ between Chinese characters
    ("cjk-openers", "zh-Hans", "**注意："),           # openers the amendment allows, never closed
    ("cjk-matched", "zh-Hans", "**注意：**不要"),      # bold the amendment closes, again and again
    ("latin-unmatched", "en", "a*b_c**"),             # the same runs in Latin text (cmark's own result)
    ("latin-nested", "en", "*a **b "),                # openers nested ever deeper
]
for slug, language, unit in cases:
    body = unit * (size // len(unit.encode()))
    os.makedirs(os.path.join(content, slug), exist_ok=True)
    with open(os.path.join(content, slug, language + ".md"), "w", encoding="utf-8") as f:
        f.write("---\ntitle: %s\nsource: %s\n---\n\n%s\n" % (slug, language, body))
