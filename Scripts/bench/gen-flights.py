#!/usr/bin/env python3
"""Writes a skyshell CSV logbook of N realistic flights (busy airports, real airline codes and
types, seats, classes, a few events) for the benchmarks. Deterministic for a given seed.
Usage: gen-flights.py N OUTPUT [SEED]"""
import random, sys

n, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
airports = ("KATL KORD KLAX KDFW KDEN KJFK KSFO KSEA KLAS KMCO KEWR KCLT KPHX KIAH KMIA KBOS KMSP KDTW KFLL KPHL "
            "KLGA KBWI KSLC KSAN KIAD KDCA KMDW KTPA KPDX PHNL EGLL EGKK LFPG EHAM EDDF EDDM LEMD LEBL LIRF LSZH "
            "LOWW EKCH ENGM ESSA EFHK EIDW LPPT LGAV LTFM OMDB OTHH VHHH RJTT RJAA RKSI ZBAA ZSPD WSSS VTBS YSSY "
            "YMML NZAA CYYZ CYVR MMMX SBGR SCEL SAEZ FAOR HECA PANC PKMJ").split()
airlines = [("UAL", ["B738", "A320", "B739", "B752"]), ("DAL", ["B738", "A320", "B752", "A333"]), ("AAL", ["B738", "A321", "A319"]),
            ("BAW", ["A319", "A320", "B744"]), ("DLH", ["A320", "A321", "A333"]), ("AFR", ["A320", "B77W", "A319"]),
            ("ASA", ["B734", "B737", "B739"]), ("SWA", ["B737", "B733"]), ("KLM", ["B738", "B772"]), ("QFA", ["B738", "A388"])]
events = ["diversion", "go-around", "holding", "return-to-gate", "rejected-takeoff", "emergency-landing"]
with open(out, "w") as f:
    f.write("date,origin,destination,airline,aircraft,flight_number,registration,class,row,seat_letter,seat_position,events,notes\n")
    for i in range(n):
        o, d = rng.sample(airports, 2)
        airline, types = rng.choice(airlines)
        row = rng.randint(1, 45)
        letter = rng.choice("ABCDEF")
        pos = {"A": "window", "F": "window", "B": "middle", "E": "middle", "C": "aisle", "D": "aisle"}[letter]
        cls = rng.choices(["economy", "premium", "business", "first"], [80, 8, 10, 2])[0]
        ev = rng.choice(events) if rng.random() < 0.01 else ""
        f.write("%04d-%02d-%02d,%s,%s,%s,%s,,,%s,%d,%s,%s,%s,\n" % (rng.randint(2000, 2025), rng.randint(1, 12), rng.randint(1, 28),
                o, d, airline, rng.choice(types), cls, row, letter, pos, ev))
