"""Writes a synthetic course: N lessons x (en, zh-Hans), each with sections, lists, quotes and `ignore` snippets.

Usage: site_corpus.py OUT_DIR [N]
"""
import os
import random
import sys

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
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


SNIPPET = """```swift ignore
let field = UITextField(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
field.placeholder = "Email"   // {comment}
NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) {{ note in
    let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue
    print("keyboard: \\(frame?.cgRectValue.height ?? 0)")
}}
```

```output
keyboard: 336.0
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
        parts += [SNIPPET.format(comment="注释" if zh else "comment"), paragraph(words, zh), ""]
        if s == 2:
            parts += ["> " + sentence(words, zh), ""]
    return "\n".join(parts)


for i in range(1, count + 1):
    folder = os.path.join(out, "lesson-%04d" % i)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "en.md"), "w") as f:
        f.write(lesson(i, False, i))
    with open(os.path.join(folder, "zh-Hans.md"), "w") as f:
        f.write(lesson(i, True, i))
with open(os.path.join(out, "site.yml"), "w") as f:
    f.write("title:\n  en: Benchmark course\n  zh-Hans: 基准课程\n")
