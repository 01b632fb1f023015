#!/usr/bin/env python3
"""Builds FareLens's airport table from the MIT-licensed PyPI package `airportsdata`.

    python3 -m pip install airportsdata
    python3 tools/airports.py > Sources/Apps/FareLens/Server/Resources/airports.tsv

The output is tab-separated and UTF-8, one airport a line, ordered large airports first:

    iata  name  city  country  lat  lon  tz  rank

`rank` is the airport's place in BUSIEST below (1 = busiest), 0 for the rest; airports are ordered
by rank (ranked ones first), then by name. Lines starting with `#` are comments (the licence and the
package version). Metropolitan-area codes live in the contract (FareLensAPI's `MetroCodes.standard`),
whose test checks that every member is in this table.

The size signal: `airportsdata` has none, so BUSIEST lists about 200 of the world's busiest
airports by total passengers in 2023. The first 20 are Airports Council International World's
published 2023 top 20, in its order; the order beyond that follows the operators' reported 2023
totals and is approximate (neighbouring places may be swapped); it orders autocomplete, nothing more.
"""
import sys

import airportsdata

BUSIEST = """
ATL DXB DFW LHR HND DEN IST LAX ORD DEL CDG CAN JFK AMS MAD FRA SIN LAS MCO ICN
CLT MIA SEA EWR SFO PHX IAH BOS SZX CTU PVG PEK CKG BKK DOH KMG BOM FLL MSP LGA
DTW BCN MUC FCO LGW SAW CGK MEX BLR KUL HKG MNL SYD YYZ JED RUH GRU BOG SVO SHA
HGH XIY SLC PHL BWI DCA IAD MDW SAN TPA BNA AUS CUN HNL DAL WUH CSX NKG XMN TFU
ZRH CPH OSL ARN DUB VIE LIS PMI MAN ATH BRU MXP HEL WAW ORY STN AYT DME VKO LED
TLV AUH CAI JNB ADD NRT KIX FUK CTS OKA GMP CJU TPE SGN HAN DMK HKT MEL BNE PER
AKL YVR YUL YYC GDL TIJ MTY LIM SCL EZE AEP GIG CGH BSB PTY SJU RDU STL SJC OAK
SMF PDX MSY SAT BER DUS HAM GVA NCE OPO AGP MAA HYD CCU AMD KWI BAH MCT CMN LOS
NBO CPT DMM TAO SYX CGO HAK SHE TNA DLC HRB KWE NNG TSN FOC PKX CEB DPS SUB ISB
LHE KHI DAC MLE CMB KTM ALA TAS GYD EVN TBS OTP BUD PRG BEG SOF KBP ESB ADB IKA
""".split()

# Metropolitan-area (city) codes and the airports they stand for; every member must be in the data.
def clean(text):
    return " ".join(str(text).replace("\t", " ").split())


def main():
    airports = airportsdata.load("IATA")
    rank = {code: place for place, code in enumerate(BUSIEST, start=1)}
    assert len(rank) == len(BUSIEST), "a code is listed twice in BUSIEST"
    missing = [code for code in BUSIEST if code not in airports]
    assert not missing, f"ranked codes missing from airportsdata: {missing}"

    rows = []
    for code, a in airports.items():
        if len(code) != 3 or not code.isalpha() or not code.isupper():
            continue
        name = clean(a["name"])
        city = clean(a["city"]) or name
        rows.append((rank.get(code, 0), name, code, city, a))
    rows.sort(key=lambda r: (r[0] == 0, r[0], r[1].casefold(), r[2]))

    out = sys.stdout
    version = getattr(airportsdata, "__version__", "unknown")
    out.write(f"# airportsdata {version} (MIT licence, https://github.com/mborsetti/airportsdata), made by tools/airports.py\n")
    out.write("# rank: about 200 busiest airports by 2023 passengers (ACI World's published top 20, then operators' totals; approximate beyond 20)\n")
    out.write("# iata\tname\tcity\tcountry\tlat\tlon\ttz\trank\n")
    for place, name, code, city, a in rows:
        out.write(f"{code}\t{name}\t{city}\t{a['country']}\t{a['lat']:.4f}\t{a['lon']:.4f}\t{a['tz']}\t{place}\n")


if __name__ == "__main__":
    main()
