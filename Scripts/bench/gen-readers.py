#!/usr/bin/env python3
"""Writes, for each logbook reader, its largest realistic input: N records in that format, made
by repeating the records of its test fixture (Tests/Fixtures/logbooks) with their dates walked
back a day at a time (within twenty years before the fixture) so that few repeat each other.

Usage: gen-readers.py N FOLDER   (writes FOLDER/<format>.<ext> and prints one name a line)"""
import datetime
import json
import os
import re
import sys

n, folder = int(sys.argv[1]), sys.argv[2]
root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
fixtures = os.path.join(root, "Tests/Fixtures/logbooks")
iso = re.compile(r"(19|20)\d\d-\d\d-\d\d")


def shifted(text, k):
    """The text with every ISO date moved k days on."""
    def move(m):
        try:
            d = datetime.date.fromisoformat(m.group(0)) + datetime.timedelta(days=k)
        except ValueError:
            return m.group(0)
        return d.isoformat()
    return iso.sub(move, text)


def lines_format(name, out, header_lines=1):
    text = open(os.path.join(fixtures, name), encoding="utf-8-sig").read().splitlines()
    head, rows = text[:header_lines], [r for r in text[header_lines:] if r.strip()]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(head) + "\n")
        for k in range(n):
            f.write(shifted(rows[k % len(rows)], -(k // len(rows) % 7000)) + "\n")


def airtrail(out):
    doc = json.load(open(os.path.join(fixtures, "airtrail.json")))
    flights = doc["flights"]
    doc["flights"] = [json.loads(shifted(json.dumps(flights[k % len(flights)]), -(k // len(flights) % 7000))) for k in range(n)]
    json.dump(doc, open(out, "w"), indent=2)


def calendar(name, out):
    text = open(os.path.join(fixtures, name), encoding="utf-8").read()
    start, end = text.index("BEGIN:VEVENT"), text.rindex("END:VEVENT") + len("END:VEVENT\r\n" if "\r\n" in text else "END:VEVENT\n")
    events = re.findall(r"BEGIN:VEVENT.*?END:VEVENT\r?\n", text[start:end], re.S)
    compact = re.compile(r"(19|20)\d\d\d\d\d\d")

    def move(event, k):
        def one(m):
            d = datetime.datetime.strptime(m.group(0), "%Y%m%d").date() + datetime.timedelta(days=k)
            return d.strftime("%Y%m%d")
        return compact.sub(one, event).replace("UID:", f"UID:{k}-")
    with open(out, "w", encoding="utf-8", newline="") as f:
        f.write(text[:start])
        for k in range(n):
            f.write(move(events[k % len(events)], -(k // len(events) % 7000)))
        f.write(text[end:])


made = {
    "openflights.csv": lambda o: lines_format("openflights-export.csv", o),
    "myflightradar24.csv": lambda o: lines_format("myflightradar24-19.csv", o),
    "flighty.csv": lambda o: lines_format("flighty.csv", o),
    "jetlog.csv": lambda o: lines_format("jetlog.csv", o),
    "airtrail.csv": lambda o: lines_format("airtrail.csv", o),
    "named-columns.csv": lambda o: lines_format("named-columns.csv", o),
    "airtrail.json": airtrail,
    "tripit.ics": lambda o: calendar("tripit.ics", o),
}
for name, make in made.items():
    make(os.path.join(folder, name))
    print(name)
