#!/usr/bin/env python3
"""The Python anchor of the weather benchmark: python-metar (Metar.Metar, strict=False) decoding
METARs. `metar_anchor.py rate FILE` prints METARs decoded per second over the file's METARs
(repeated to 20,000 decodes, best of 3); `metar_anchor.py file FILE` decodes every line of a
file of METARs once (the whole-process anchor)."""
import re, sys, time, warnings
from metar import Metar

warnings.simplefilter("ignore")


def metars(path):
    out = []
    for line in open(path):
        text = line.strip()
        if not text or text.startswith("#") or (text[:4].isdigit() and text[4:5] == "/"):
            continue
        if text[:4].isdigit() and text[4] == "-":
            text = text.split(" ", 1)[1]
        text = text.rstrip("=").strip()
        words = text.split()
        if words and words[0] in ("METAR", "SPECI"):
            text = " ".join(words[1:])
        if text.startswith("TAF") or re.match(r"^\S+ \S+ \d{4}/\d{4}", text):
            continue
        out.append(text)
    return out


def decode(text):
    try:
        Metar.Metar(text, strict=False)
    except Exception:
        pass


mode, path = sys.argv[1], sys.argv[2]
texts = metars(path)
if mode == "rate":
    rounds = max(1, 20000 // len(texts))
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(rounds):
            for t in texts:
                decode(t)
        best = min(best, time.perf_counter() - t0)
    print(f"{rounds * len(texts) / best:.0f}")
else:
    for t in texts:
        decode(t)
