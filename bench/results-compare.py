#!/usr/bin/env python3
"""Whether two results.json files hold the same results, whatever the dates they were made on and the folder
the content was in: each result with its provenance resolved and its path relative to its content folder.

    bench/results-compare.py A/results.json A/content B/results.json B/content
"""
import json
import sys


def load(path, content):
    data = json.loads(open(path, encoding="utf-8").read().split("\n", 1)[1])
    provenances = [{k: v for k, v in p.items() if k != "verifiedAt"} for p in data["provenances"]]
    results = []
    for result in data["results"]:
        result = dict(result)
        result["path"] = result["path"].replace(content, "CONTENT")
        if "provenance" in result:
            result["provenance"] = provenances[result["provenance"]]
        results.append(result)
    results.sort(key=lambda r: (r["path"], r["index"]))
    return {"toolchain": data["toolchain"], "modelHash": data["modelHash"], "pictures": data["pictures"], "results": results}


a = load(sys.argv[1], sys.argv[2])
b = load(sys.argv[3], sys.argv[4])
if a != b:
    for x, y in zip(a["results"], b["results"]):
        if x != y:
            print("first difference:", json.dumps(x)[:400], "\n              vs:", json.dumps(y)[:400])
            break
    sys.exit(1)
print(f"identical: {len(a['results'])} results")
