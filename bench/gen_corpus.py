#!/usr/bin/env python3
"""Writes a synthetic course of N lessons x 2 languages for benchmarks (snippets marked as asked)."""
import os
import sys

def lesson(i, lang, attr):
    title = f"Lesson {i}" if lang == "en" else f"第 {i} 课：键盘与文本框"
    para = ("The keyboard covers the lower part of the screen, so the scroll view must make room "
            "for the active text field and scroll it into view. " if lang == "en" else
            "键盘会遮住屏幕下方，所以滚动视图必须为当前的文本框腾出空间，并把它滚动到可见区域。")
    out = [f"---\ntitle: {title}\nsummary: {para[:60]}\norder: {i}\n---\n"]
    for s in range(8):
        out.append(f"\n## Step {s} {{#step-{s}}}\n\n{para * 3}\n\n- *first* item with `code`\n- **second** item [link](#step-{s})\n\n")
        out.append(f"```swift {attr}\nlet field{s} = UITextField()\nfield{s}.text = \"hello\"\nprint(field{s}.text ?? \"\")\n```\n\n```output\nhello\n```\n")
    return "".join(out)

def main():
    root, count = sys.argv[1], int(sys.argv[2])
    attr = sys.argv[3] if len(sys.argv) > 3 else "ignore"
    for i in range(count):
        d = os.path.join(root, f"lesson-{i:04d}")
        os.makedirs(d, exist_ok=True)
        for lang in ("en", "zh-Hans"):
            with open(os.path.join(d, f"{lang}.md"), "w", encoding="utf-8") as f:
                f.write(lesson(i, lang, attr))

if __name__ == "__main__":
    main()
