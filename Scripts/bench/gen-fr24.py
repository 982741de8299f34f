#!/usr/bin/env python3
"""Writes a myFlightradar24 CSV export of N flights in the shape that tool writes (19 columns,
airports as "City / Name (IATA/ICAO)", airlines as "Name (IATA/ICAO)", aircraft as
"Name (ICAO)", local times and durations as HH:MM:SS, numbered seat types, classes and
reasons), for the import benchmark. Deterministic for a given seed.
Usage: gen-fr24.py N OUTPUT [SEED]"""
import random, sys

n, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
airports = [("KATL", "ATL", "Atlanta", "Hartsfield-Jackson"), ("KORD", "ORD", "Chicago", "O'Hare"), ("KLAX", "LAX", "Los Angeles", "Los Angeles"),
            ("KDFW", "DFW", "Dallas", "Dallas/Fort Worth"), ("KDEN", "DEN", "Denver", "Denver"), ("KJFK", "JFK", "New York", "John F Kennedy"),
            ("KSFO", "SFO", "San Francisco", "San Francisco"), ("KSEA", "SEA", "Seattle", "Seattle-Tacoma"), ("KBOS", "BOS", "Boston", "Logan"),
            ("EGLL", "LHR", "London", "Heathrow"), ("LFPG", "CDG", "Paris", "Charles de Gaulle"), ("EHAM", "AMS", "Amsterdam", "Schiphol"),
            ("EDDF", "FRA", "Frankfurt", "Frankfurt"), ("LEMD", "MAD", "Madrid", "Barajas"), ("LIRF", "FCO", "Rome", "Fiumicino"),
            ("LSZH", "ZRH", "Zurich", "Zurich"), ("EKCH", "CPH", "Copenhagen", "Kastrup"), ("EIDW", "DUB", "Dublin", "Dublin"),
            ("OMDB", "DXB", "Dubai", "Dubai"), ("VHHH", "HKG", "Hong Kong", "Chek Lap Kok"), ("RJTT", "HND", "Tokyo", "Haneda"),
            ("WSSS", "SIN", "Singapore", "Changi"), ("YSSY", "SYD", "Sydney", "Kingsford Smith"), ("CYYZ", "YYZ", "Toronto", "Pearson"),
            ("SBGR", "GRU", "Sao Paulo", "Guarulhos"), ("PHNL", "HNL", "Honolulu", "Daniel K Inouye")]
airlines = [("United Airlines", "UA", "UAL"), ("Delta Air Lines", "DL", "DAL"), ("American Airlines", "AA", "AAL"), ("British Airways", "BA", "BAW"),
            ("Lufthansa", "LH", "DLH"), ("Air France", "AF", "AFR"), ("KLM Royal Dutch Airlines", "KL", "KLM"), ("Qantas", "QF", "QFA")]
aircraft = [("Boeing 737-800", "B738"), ("Airbus A320", "A320"), ("Airbus A321", "A321"), ("Boeing 777-300ER", "B77W"),
            ("Airbus A330-300", "A333"), ("Boeing 787-9", "B789"), ("Airbus A350-900", "A359"), ("Embraer 175 (long wing)", "E75L")]
with open(out, "w") as f:
    f.write('Date,"Flight number",From,To,"Dep time","Arr time",Duration,Airline,Aircraft,Registration,"Seat number","Seat type",'
            '"Flight class","Flight reason",Note,Dep_id,Arr_id,Airline_id,Aircraft_id\n')
    for i in range(n):
        o, d = rng.sample(airports, 2)
        name, iata, icao = rng.choice(airlines)
        tname, tcode = rng.choice(aircraft)
        dep = rng.randint(0, 1439)
        minutes = rng.randint(40, 900)
        arr = (dep + minutes + rng.choice([-600, -300, 0, 60, 300])) % 1440
        def hms(m):
            return "%02d:%02d:00" % (m // 60, m % 60)
        row, letter = rng.randint(1, 60), rng.choice("ABCDEFHJK")
        f.write('%04d-%02d-%02d,%s%d,"%s / %s (%s/%s)","%s / %s (%s/%s)",%s,%s,%s,"%s (%s/%s)","%s (%s)",N%dXY,%d%s,%d,%d,%d,,%d,%d,%d,%d\n' % (
            rng.randint(2000, 2025), rng.randint(1, 12), rng.randint(1, 28), iata, rng.randint(1, 9999),
            o[2], o[3], o[1], o[0], d[2], d[3], d[1], d[0], hms(dep), hms(arr), hms(minutes), name, iata, icao, tname, tcode,
            rng.randint(100, 999), row, letter, rng.randint(0, 3), rng.randint(0, 5), rng.randint(0, 4), 1, 2, 3, 4))
