"""Writes a synthetic course: N lessons x (en, zh-Hans), each with sections, lists, quotes and runnable snippets.

Usage: site_corpus.py OUT_DIR [N] [--hugo HUGO_DIR]

Every lesson has the same four snippets (only their comments are translated, and the doc-test program
drops comments), so all 2N lesson files make one doc-test program: a build with doc-tests on compiles it
once and finds every other lesson in the cache, which is what a course whose snippets are all verified
costs on a rebuild, without compiling 1,000 programs to set the benchmark up.

With --hugo, the same Markdown also goes into a Hugo site (HUGO_DIR/content/<lang>/lesson-NNNN.md, a
minimal layout, one page per lesson and language), for bench/site.sh's comparison with Hugo.
"""
import os
import random
import sys

args = sys.argv[1:]
hugo = None
if "--hugo" in args:
    k = args.index("--hugo")
    hugo = args[k + 1]
    del args[k:k + 2]
out = args[0]
count = int(args[1]) if len(args) > 1 else 1000
rng = random.Random(42)

EN_WORDS = ("keyboard text field responder notification scroll view inset frame animation delegate editing "
            "selection cursor return key toolbar accessory input layout constraint safe area content offset "
            "becomes resigns appears hides observer window screen bottom top height width reader tutorial").split()
ZH_WORDS = ("键盘 文本框 响应者 通知 滚动 视图 边距 位置 动画 代理 编辑 选择 光标 回车 工具栏 附件 输入 布局 "
            "约束 安全 区域 内容 偏移 成为 放弃 出现 隐藏 观察者 窗口 屏幕 底部 顶部 高度 宽度 读者 教程").split()
API = ["scrollRectToVisible(_:animated:)", "becomeFirstResponder()", "UIResponder.keyboardWillShowNotification",
       "textFieldShouldReturn(_:)", "inputAccessoryView", "contentInset", "UITextField", "NotificationCenter.default"]


def sentence(words, zh):
    n = rng.randint(8, 18)
    parts = [rng.choice(words) for _ in range(n)]
    if rng.random() < 0.4:
        parts.insert(rng.randint(0, n), "`" + rng.choice(API) + "`")
    if zh:
        return "".join(parts) + "。"
    text = " ".join(parts)
    return text[0].upper() + text[1:] + "."


def paragraph(words, zh):
    lines = []
    for _ in range(rng.randint(2, 4)):
        lines.append(sentence(words, zh))
    return "\n".join(lines)


# One snippet per section; the section number makes the names differ, as the four share one program.
SNIPPET = """```swift
let field{s} = UITextField(frame: CGRect(x: 0, y: {y}, width: 320, height: 44))
field{s}.placeholder = "Email {s}"   // {comment}
_ = NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) {{ note in
    let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue
    print("keyboard: \\(frame?.cgRectValue.height ?? 0)")
}}
print(field{s}.placeholder ?? "none")
```

```output
Email {s}
```
"""


def lesson(i, zh, seed):
    rng.seed(seed)
    words = ZH_WORDS if zh else EN_WORDS
    title = ("第 %d 课：" % i + "".join(rng.choice(ZH_WORDS) for _ in range(3))) if zh else \
        ("Lesson %d: " % i + " ".join(rng.choice(EN_WORDS) for _ in range(3)))
    parts = ["---", "title: \"%s\"" % title, "summary: \"%s\"" % sentence(words, zh).replace("`", ""), "order: %d" % i]
    if zh:
        parts.append("source: en")
    parts += ["---", "", paragraph(words, zh), ""]
    for s in range(4):
        rng.seed(seed * 10 + s)
        heading = ("".join(rng.choice(ZH_WORDS) for _ in range(2))) if zh else " ".join(rng.choice(EN_WORDS) for _ in range(3)).capitalize()
        parts += ["## %s {#section-%d}" % (heading, s + 1), "", paragraph(words, zh), ""]
        parts += ["- " + sentence(words, zh), "- " + sentence(words, zh), ""]
        parts += [SNIPPET.format(s=s, y=s * 44, comment="注释" if zh else "comment"), paragraph(words, zh), ""]
        if s == 2:
            parts += ["> " + sentence(words, zh), ""]
    return "\n".join(parts)


HUGO_CONFIG = """baseURL = "/"
title = "Benchmark course"
defaultContentLanguage = "en"
disableKinds = ["taxonomy", "term", "RSS"]
[languages.en]
contentDir = "content/en"
weight = 1
[languages.zh-hans]
contentDir = "content/zh-hans"
languageCode = "zh-Hans"
title = "基准课程"
weight = 2
"""

# A minimal layout: a lesson page with its title, content and neighbours; a course page listing the lessons.
HUGO_SINGLE = """<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode }}"><head><meta charset="utf-8"><title>{{ .Title }} · {{ .Site.Title }}</title>
<meta name="description" content="{{ .Params.summary }}"></head>
<body><main><h1>{{ .Title }}</h1>{{ .Content }}</main>
<nav>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav></body></html>
"""
HUGO_LIST = """<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode }}"><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head>
<body><ol>{{ range .Site.RegularPages.ByParam "order" }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Params.summary }}</li>{{ end }}</ol></body></html>
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


for i in range(1, count + 1):
    folder = os.path.join(out, "lesson-%04d" % i)
    en, zh = lesson(i, False, i), lesson(i, True, i)
    write(os.path.join(folder, "en.md"), en)
    write(os.path.join(folder, "zh-Hans.md"), zh)
    if hugo:
        write(os.path.join(hugo, "content", "en", "lesson-%04d.md" % i), en)
        write(os.path.join(hugo, "content", "zh-hans", "lesson-%04d.md" % i), zh)
write(os.path.join(out, "site.yml"), "title:\n  en: Benchmark course\n  zh-Hans: 基准课程\n")
if hugo:
    write(os.path.join(hugo, "hugo.toml"), HUGO_CONFIG)
    write(os.path.join(hugo, "layouts", "_default", "single.html"), HUGO_SINGLE)
    write(os.path.join(hugo, "layouts", "_default", "list.html"), HUGO_LIST)
    write(os.path.join(hugo, "layouts", "index.html"), HUGO_LIST)
