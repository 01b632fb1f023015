import json, random, itertools
random.seed(7)
# today 2026-12-28 (Monday). Contacts fixture documented in the benchmark.
recipients = [  # (as written, expected name)
  ("Mom", "Linda"), ("my mum", "Linda"), ("Linda", "Linda"), ("Sarah", "Sarah Chen"), ("my sister", "Sarah Chen"),
  ("Tom", "Tom Rivera"), ("babe", "Tom Rivera"), ("Priya", "Priya Nair"), ("my best friend", "Priya Nair"),
  ("Jake", "Jake"), ("Grandma", "Grandma"), ("my boss", "Boss"), ("Dad", "Dad"), ("Emma", "Emma"), ("Uncle Bob", None),
]
ideas = ["pottery class", "silk scarf", "yoga mat", "cookbook", "vinyl record", "noise-cancelling headphones", "leather journal",
  "spa day", "board game", "bottle of wine", "hiking boots", "coffee grinder", "watercolor set", "concert tickets", "cashmere sweater",
  "kindle", "herb garden kit", "cooking class", "weekend getaway", "espresso machine"]
when = [  # (phrase, occasion, date)
  ("for her birthday", "birthday", None), ("for Christmas", "christmas", "2027-12-25"), ("for Valentine's", "valentine's day", "2027-02-14"),
  ("on March 5", None, "2027-03-05"), ("next Friday", None, "2027-01-01"), ("in two weeks", None, "2027-01-11"), ("tomorrow", None, "2026-12-29"),
  ("for Mother's Day", "mother's day", "2027-05-09"), ("for our anniversary", "anniversary", None), ("on 2027-04-18", None, "2027-04-18"),
  ("for Father's Day", "father's day", "2027-06-20"), ("next week", None, "2027-01-04"), ("on the 3rd of July", None, "2027-07-03"),
  ("for Thanksgiving", "thanksgiving", "2027-11-25"), ("", None, None), ("for the graduation", "graduation", None), ("on Jan 2nd", None, "2027-01-02"),
]
budgets = [  # (phrase, amount, currency, min, max)
  ("about $80", 80, "USD", None, None), ("under 50 euros", 50, "EUR", 0, 50), ("$200-$300", 300, "USD", 200, 300), ("around £30", 30, "GBP", None, None),
  ("between 20 and 40 dollars", 40, "USD", 20, 40), ("", None, None, None, None), ("budget 150", 150, "USD", None, None), ("¥5000", 5000, "JPY", None, None),
  ("less than 100 CAD", 100, "CAD", 0, 100), ("", None, None, None, None), ("$45.50", 45.5, "USD", None, None),
]
birthdays = {"Linda": "2027-03-05", "Sarah Chen": "2027-02-28", "Priya Nair": "2026-12-30"}
anniv = {"Tom Rivera": "2027-06-12"}
templates = ["{r} would love a {i} {w}, {b}", "{r} wants a {i} {w} {b}", "Get {r} a {i} {w} {b}", "{r} mentioned a {i}. {w} {b}",
  "Gift idea for {r}: {i} {w} {b}", "Buy {r} a {i} {w} - {b}"]
rows = []
for k in range(125):
  r, name = random.choice(recipients); i = random.choice(ideas); w = random.choice(when); b = random.choice(budgets); t = random.choice(templates)
  if t.startswith("Get") or t.startswith("Buy"):
    if r.startswith("my "): r2 = r[3:]
    else: r2 = r
  else: r2 = r
  text = t.format(r=r2[0].upper()+r2[1:] if t.startswith("{r}") else r2, i=i, w=w[0], b=b[0]).replace("  ", " ").strip(" ,-")
  text = text.replace(" ,", ",").replace(". ,", ".").replace(" - ", " - ") if b[0] else text.rstrip(" ,-")
  if name is None: name = "Uncle Bob"
  date = w[2]
  if w[1] == "birthday": date = birthdays.get(name)
  if w[1] == "anniversary": date = anniv.get(name)
  rows.append({"text": text, "recipient": name, "idea": i, "occasion": w[1], "date": date, "amount": b[1], "currency": b[2], "min": b[3], "max": b[4], "ideas": 1})
hand = [
 ("Mom would love a pottery class for her birthday, about $80", "Linda", "pottery class", "birthday", "2027-03-05", 80, "USD", None, None, 1),
 ("Jake mentioned he wants noise-cancelling headphones. Also Mom would like a silk scarf", "Jake", "noise-cancelling headphones", None, None, None, None, None, None, 2),
 ("Emma would love some fancy chocolate and also a candle for Valentine's", "Emma", "fancy chocolate", "valentine's day", "2027-02-14", None, None, None, None, 2),
 ("Sarah's birthday: a cookbook, between 20 and 40 dollars", "Sarah Chen", "cookbook", "birthday", "2027-02-28", 40, "USD", 20, 40, 1),
 ("Priya's birthday is the day after tomorrow - she wants a plant", "Priya Nair", "plant", "birthday", "2026-12-30", None, None, None, None, 1),
 ("Anniversary dinner at that Italian place for Tom on 6/12", "Tom Rivera", "Anniversary dinner at that Italian place", "anniversary", "2027-06-12", None, None, None, None, 1),
 ("New Year's party: Dad would love a whiskey decanter, 60-80$", "Dad", "whiskey decanter", "new year", "2027-01-01", 80, "USD", 60, 80, 1),
 ("grandma needs a warm blanket this Christmas", "Grandma", "warm blanket", "christmas", "2027-12-25", None, None, None, None, 1),
 ("Tom keeps talking about a mechanical keyboard. €120", "Tom Rivera", "mechanical keyboard", None, None, 120, "EUR", None, None, 1),
 ("remember: my mother wants tulip bulbs in a month", "Linda", "tulip bulbs", None, "2027-01-28", None, None, None, None, 1),
 ("Sarah wants a yoga mat and Jake wants a skateboard", "Sarah Chen", "yoga mat", None, None, None, None, None, None, 2),
 ("housewarming for Emma next Friday: a nice doormat, under $40", "Emma", "nice doormat", "housewarming", "2027-01-01", 40, "USD", 0, 40, 1),
 ("Linda would like a photo book of the grandkids by 2/14", "Linda", "photo book of the grandkids", None, "2027-02-14", None, None, None, None, 1),
 ("Buy Priya concert tickets for her birthday ~ 1,200 rupees", "Priya Nair", "concert tickets", "birthday", "2026-12-30", 1200, "INR", None, None, 1),
 ("hmm not sure yet", None, None, None, None, None, None, None, None, 1),
 ("my boss is retiring in March - maybe a nice pen", "Boss", "nice pen", "retirement", None, None, None, None, None, 1),
 ("Tom would love a weekend in Lisbon for our anniversary, budget 900 euros", "Tom Rivera", "weekend in Lisbon", "anniversary", "2027-06-12", 900, "EUR", None, None, 1),
 ("Dad wants golf balls for Father's Day", "Dad", "golf balls", "father's day", "2027-06-20", None, None, None, None, 1),
 ("Jake's wedding on September 18 - a cast iron pan", "Jake", "cast iron pan", "wedding", "2027-09-18", None, None, None, None, 1),
 ("babe would love a massage voucher, around 70 bucks", "Tom Rivera", "massage voucher", None, None, 70, "USD", None, None, 1),
 ("Emma needs running shoes before Jan 15", "Emma", "running shoes", None, "2027-01-15", None, None, None, None, 1),
 ("get mum a kindle for Mother's Day", "Linda", "kindle", "mother's day", "2027-05-09", None, None, None, None, 1),
 ("Sarah would love a tea sampler. Priya wants a scarf", "Sarah Chen", "tea sampler", None, None, None, None, None, None, 2),
 ("Halloween costume for Jake, $35", "Jake", "Halloween costume", "halloween", "2027-10-31", 35, "USD", None, None, 1),
 ("Uncle Bob would love a fishing rod, 50-100 dollars", "Uncle Bob", "fishing rod", None, None, 100, "USD", 50, 100, 1),
]
for h in hand:
  rows.append(dict(zip(["text","recipient","idea","occasion","date","amount","currency","min","max","ideas"], h)))
json.dump(rows, open("/tmp/ex/utterances.json","w"), indent=1, ensure_ascii=False)
print(len(rows)); print("\n".join(r["text"] for r in rows[:12]))
