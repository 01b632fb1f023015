import Foundation

/// The embedded, offline source: 2 gifts for each of the 40 interests and 3 experiences or dates for
/// each of the 8 vibes, with prices, merchants, links and images — so a fresh server with no keys
/// gives sensible recommendations. Links search the merchant's own site for the item.
public enum OfflineCatalog {
    typealias Gift = (title: String, description: String, priceCents: Int, merchant: String, site: String)
    typealias Outing = (type: RecommendationType, title: String, description: String, priceCents: Int, merchant: String, site: String)

    static let gifts: [String: [Gift]] = [
        "Travel": [
            ("Leather passport wallet", "Slim full-grain leather wallet for passport, cards and boarding passes.", 4500, "Bellroy", "bellroy.com"),
            ("Carry-on weekender bag", "Water-resistant canvas weekender that fits under a plane seat.", 14900, "Patagonia", "patagonia.com"),
            ("Scratch-off world map", "Poster map to scratch off every country visited.", 2900, "Uncommon Goods", "uncommongoods.com"),
        ],
        "Cooking": [
            ("Enameled cast-iron Dutch oven", "5.5-quart Dutch oven for braises, bread and stews.", 12900, "Le Creuset", "lecreuset.com"),
            ("Japanese chef's knife", "8-inch gyuto in layered steel with a walnut handle.", 8900, "Korin", "korin.com"),
            ("Spice blend sampler", "Twelve small-batch spice blends with recipe cards.", 3400, "Burlap & Barrel", "burlapandbarrel.com"),
        ],
        "Movies": [
            ("Criterion Collection box set", "Restored classics on Blu-ray with essays and extras.", 7900, "Criterion", "criterion.com"),
            ("Home cinema popcorn maker", "Retro stovetop popcorn popper with seasoning kit.", 3500, "Williams Sonoma", "williams-sonoma.com"),
        ],
        "Music": [
            ("Bluetooth record player", "Belt-drive turntable with built-in speakers and Bluetooth out.", 12900, "Audio-Technica", "audio-technica.com"),
            ("Noise-cancelling headphones", "Over-ear headphones with 30-hour battery.", 24900, "Sony", "sony.com"),
            ("Vinyl record cleaning kit", "Brush, fluid and microfiber cloth for records.", 2900, "Crosley", "crosleyradio.com"),
        ],
        "Reading": [
            ("Kindle Paperwhite", "Glare-free e-reader with adjustable warm light.", 14999, "Amazon", "amazon.com"),
            ("Book of the Month subscription", "Three months of hand-picked new hardcovers.", 4999, "Book of the Month", "bookofthemonth.com"),
        ],
        "Sports": [
            ("Stadium blanket in team colors", "Heavy fleece blanket for game days.", 3900, "Fanatics", "fanatics.com"),
            ("Signed-ball display case", "UV-protected acrylic case for memorabilia.", 2900, "Dick's Sporting Goods", "dickssportinggoods.com"),
        ],
        "Gaming": [
            ("Mechanical keyboard", "Hot-swappable mechanical keyboard with tactile switches.", 11900, "Keychron", "keychron.com"),
            ("Retro handheld console", "Handheld that plays classic cartridges.", 8900, "Analogue", "analogue.co"),
            ("Controller charging dock", "Dual charging stand for game controllers.", 2900, "PowerA", "powera.com"),
        ],
        "Art": [
            ("Museum membership", "A year of free entry, previews and member events.", 9500, "MoMA", "moma.org"),
            ("Artist-grade sketch set", "Graphite, charcoal and a linen sketchbook.", 4200, "Blick Art Materials", "dickblick.com"),
        ],
        "Photography": [
            ("Instant film camera", "Instant camera with a pack of color film.", 9900, "Polaroid", "polaroid.com"),
            ("Photo book printing credit", "Lay-flat hardcover photo book of your best shots.", 6500, "Artifact Uprising", "artifactuprising.com"),
            ("Camera strap in leather", "Padded leather strap for any camera.", 3900, "Peak Design", "peakdesign.com"),
        ],
        "Fitness": [
            ("Smart jump rope", "Counts jumps and calories, syncs to your phone.", 7900, "Tangram", "tangramfactory.com"),
            ("Adjustable dumbbells", "Space-saving dumbbells from 5 to 52.5 lb.", 34900, "Bowflex", "bowflex.com"),
            ("Resistance band set", "Five fabric bands with a carry bag.", 2900, "Fit Simplify", "fitsimplify.com"),
        ],
        "Fashion": [
            ("Silk scarf", "Hand-rolled silk twill scarf.", 19500, "Everlane", "everlane.com"),
            ("Minimal leather tote", "Structured leather tote for everyday carry.", 17800, "Madewell", "madewell.com"),
            ("Cashmere-blend beanie", "Soft ribbed beanie in a seasonal color.", 4500, "Quince", "quince.com"),
        ],
        "Technology": [
            ("Smart tracker 4-pack", "Item trackers for keys, bags and luggage.", 9900, "Apple", "apple.com"),
            ("Portable power station", "Compact battery bank with USB-C fast charging.", 5999, "Anker", "anker.com"),
            ("Wireless charging pad", "Slim Qi charging pad for phone and earbuds.", 2999, "Belkin", "belkin.com"),
        ],
        "Nature": [
            ("Field guide and binoculars set", "Compact 8x42 binoculars with a regional bird guide.", 12900, "REI", "rei.com"),
            ("National parks annual pass", "Entry to every US national park for a year.", 8000, "National Park Service", "nps.gov"),
            ("Pressed-flower frame kit", "Frame and tools to press wildflowers.", 3200, "Etsy", "etsy.com"),
        ],
        "Food": [
            ("Artisan cheese board kit", "Acacia board, knives and a curated cheese selection.", 8900, "Murray's Cheese", "murrayscheese.com"),
            ("Hot sauce tasting set", "Twelve small-batch hot sauces from around the world.", 4500, "Heatonist", "heatonist.com"),
        ],
        "Coffee": [
            ("Burr coffee grinder", "Conical burr grinder with 40 grind settings.", 16900, "Baratza", "baratza.com"),
            ("Specialty coffee subscription", "Three months of freshly roasted single-origin beans.", 5400, "Trade Coffee", "drinktrade.com"),
            ("Pour-over coffee dripper", "Ceramic dripper with a box of filters.", 3000, "Hario", "hario-usa.com"),
        ],
        "Wine": [
            ("Wine aerator and decanter", "Hand-blown glass decanter with an aerating pourer.", 6900, "Riedel", "riedel.com"),
            ("Wine club three-month gift", "Two hand-picked bottles a month.", 11900, "Winc", "winc.com"),
            ("Wine tasting journal", "Notebook for tasting notes and labels.", 2200, "Uncommon Goods", "uncommongoods.com"),
        ],
        "Dancing": [
            ("Dance lesson package", "Four private lessons for two at a local studio.", 16000, "Arthur Murray", "arthurmurray.com"),
            ("Wireless dance earbuds", "Secure-fit earbuds that stay put while you move.", 7900, "Beats", "beatsbydre.com"),
            ("Dance class drop-in card", "Five drop-in classes at a local studio.", 4500, "ClassPass", "classpass.com"),
        ],
        "Theater": [
            ("Broadway ticket gift card", "Gift card for shows on and off Broadway.", 15000, "TodayTix", "todaytix.com"),
            ("Theater script collection", "Annotated collection of classic plays.", 3500, "Barnes & Noble", "barnesandnoble.com"),
        ],
        "Concerts": [
            ("Concert ticket gift card", "Credit toward any live show.", 10000, "Ticketmaster", "ticketmaster.com"),
            ("Hi-fi concert earplugs", "Earplugs that lower volume without muffling music.", 3500, "Loop", "loopearplugs.com"),
        ],
        "Museums": [
            ("Museum pass for two", "Year-round entry to partner museums for two.", 12000, "Smithsonian", "si.edu"),
            ("Art history coffee-table book", "Illustrated survey from cave paintings to today.", 4500, "Phaidon", "phaidon.com"),
        ],
        "Shopping": [
            ("Boutique gift card", "Credit at a favorite local-style boutique.", 7500, "Anthropologie", "anthropologie.com"),
            ("Personal styling session", "One-on-one virtual styling with a stylist.", 9900, "Stitch Fix", "stitchfix.com"),
            ("Monogrammed tote bag", "Canvas tote with their initials.", 3800, "Mark and Graham", "markandgraham.com"),
        ],
        "Yoga": [
            ("Cork yoga mat", "Non-slip natural cork mat with alignment lines.", 8900, "Manduka", "manduka.com"),
            ("Yoga retreat day pass", "Full-day retreat with classes and lunch.", 18000, "Kripalu", "kripalu.org"),
            ("Yoga block and strap set", "Cork block with a cotton strap.", 2900, "Gaiam", "gaiam.com"),
        ],
        "Hiking": [
            ("Trail daypack", "22-liter daypack with hydration sleeve.", 9900, "Osprey", "osprey.com"),
            ("Merino hiking socks set", "Three pairs of cushioned merino hiking socks.", 6000, "Darn Tough", "darntough.com"),
            ("Trail map poster of a favorite park", "Topographic print of a park they love.", 3800, "Uncommon Goods", "uncommongoods.com"),
        ],
        "Beach": [
            ("Sand-free beach blanket", "Quick-dry blanket that sheds sand.", 6900, "CGear", "cgear-sandfree.com"),
            ("Insulated beach cooler", "Soft cooler that keeps ice for two days.", 14900, "YETI", "yeti.com"),
            ("Turkish beach towel", "Lightweight cotton towel that dries fast.", 3400, "Brooklinen", "brooklinen.com"),
        ],
        "Pets": [
            ("Custom pet portrait", "Hand-painted portrait of their pet from a photo.", 9900, "Crown & Paw", "crownandpaw.com"),
            ("Orthopedic pet bed", "Memory-foam bed with a washable cover.", 8900, "Casper", "casper.com"),
            ("Personalized pet ID tag", "Engraved brass tag for their pet.", 2400, "Etsy", "etsy.com"),
        ],
        "Cars": [
            ("Detailing kit", "Premium wash, wax and interior care kit.", 6900, "Chemical Guys", "chemicalguys.com"),
            ("Track day experience", "Laps in a performance car with an instructor.", 29900, "Xtreme Xperience", "xtremexperience.com"),
            ("Leather key fob", "Hand-stitched leather fob for car keys.", 3500, "Saddleback Leather", "saddlebackleather.com"),
        ],
        "DIY": [
            ("Cordless drill kit", "20V drill/driver with two batteries.", 12900, "DeWalt", "dewalt.com"),
            ("Woodworking class", "Weekend class building a small table.", 19500, "Workshop", "sawdustcity.com"),
            ("Precision screwdriver kit", "64-bit driver kit for electronics.", 3999, "iFixit", "ifixit.com"),
        ],
        "Gardening": [
            ("Raised garden bed", "Cedar raised bed, 4 x 4 ft.", 11900, "Gardener's Supply", "gardeners.com"),
            ("Heirloom seed collection", "Twenty heirloom vegetable and herb seeds.", 3500, "Baker Creek", "rareseeds.com"),
        ],
        "Meditation": [
            ("Meditation app annual plan", "A year of guided meditations and sleep stories.", 6999, "Calm", "calm.com"),
            ("Zafu meditation cushion", "Buckwheat-filled cushion with a cotton cover.", 5900, "Hugger Mugger", "huggermugger.com"),
            ("Aromatherapy candle set", "Three calming soy candles.", 3600, "Homesick", "homesick.com"),
        ],
        "Podcasts": [
            ("Podcast microphone", "USB/XLR dynamic microphone for voice.", 9900, "Shure", "shure.com"),
            ("Premium podcast subscription", "A year of ad-free premium shows.", 5999, "Wondery", "wondery.com"),
            ("Podcast merch bundle", "Mug and stickers from a favorite show.", 3000, "Wondery", "wondery.com"),
        ],
        "Baking": [
            ("Stand mixer", "Tilt-head stand mixer, 5 quarts.", 44999, "KitchenAid", "kitchenaid.com"),
            ("Sourdough starter kit", "Live starter, banneton and lame.", 4500, "King Arthur Baking", "kingarthurbaking.com"),
        ],
        "Camping": [
            ("Two-person backpacking tent", "Freestanding ultralight tent.", 29900, "Big Agnes", "bigagnes.com"),
            ("Camp cook set", "Nesting pot, pan and stove kit.", 7900, "MSR", "msrgear.com"),
            ("Rechargeable camp lantern", "Dimmable lantern with USB charging.", 3900, "BioLite", "bioliteenergy.com"),
        ],
        "Cycling": [
            ("Bike light set", "USB-rechargeable front and rear lights.", 6900, "Knog", "knog.com"),
            ("Cycling jersey", "Breathable jersey with three rear pockets.", 9500, "Rapha", "rapha.cc"),
            ("Bike multi-tool", "Compact 16-function repair tool.", 3500, "Topeak", "topeak.com"),
        ],
        "Running": [
            ("GPS running watch", "Watch with pace, heart rate and routes.", 29999, "Garmin", "garmin.com"),
            ("Running vest", "Lightweight hydration vest with soft flasks.", 12500, "Salomon", "salomon.com"),
            ("Running belt", "Bounce-free belt for phone and keys.", 2900, "FlipBelt", "flipbelt.com"),
        ],
        "Swimming": [
            ("Anti-fog swim goggles", "Low-profile goggles with UV protection.", 2900, "Speedo", "speedo.com"),
            ("Open-water swim buoy", "Bright tow float with a dry bag.", 3900, "Zone3", "zone3.com"),
        ],
        "Skiing": [
            ("Heated ski gloves", "Battery-heated waterproof gloves.", 19900, "Outdoor Research", "outdoorresearch.com"),
            ("Ski goggles", "Magnetic-lens goggles for changing light.", 17900, "Smith", "smithoptics.com"),
            ("Ski wax kit", "Iron-free wax and scraper for skis.", 3200, "Swix", "swixsport.com"),
        ],
        "Surfing": [
            ("Surf lesson package", "Three group lessons with board and wetsuit.", 18000, "Surf School", "surfline.com"),
            ("Surf poncho", "Hooded towel poncho for changing on the beach.", 6500, "Dryrobe", "dryrobe.com"),
            ("Surf wax and comb set", "Five bars of wax with a comb.", 2000, "Sticky Bumps", "stickybumps.com"),
        ],
        "Painting": [
            ("Watercolor paint set", "Professional half-pan set with brushes.", 7900, "Winsor & Newton", "winsornewton.com"),
            ("Tabletop easel", "Beech easel that folds flat.", 4900, "Blick Art Materials", "dickblick.com"),
        ],
        "Board Games": [
            ("Strategy board game", "Award-winning engine-building game for 1–5.", 5500, "Stonemaier Games", "stonemaiergames.com"),
            ("Heirloom chess set", "Walnut board with weighted pieces.", 14900, "Chess House", "chesshouse.com"),
            ("Card game night pack", "Three quick card games for two players.", 3500, "Target", "target.com"),
        ],
        "Karaoke": [
            ("Karaoke microphone speaker", "Wireless mic with built-in speaker and effects.", 4900, "Singing Machine", "singingmachine.com"),
            ("Private karaoke room booking", "Two hours in a private room for friends.", 12000, "Karaoke Bar", "yelp.com"),
        ],
    ]

    static let outings: [Vibe: [Outing]] = [
        .quietLuxury: [
            (.date, "Chef's tasting menu dinner", "Seasonal tasting menu with wine pairing.", 32000, "Tock", "exploretock.com"),
            (.experience, "Couples spa day", "Massages for two and thermal suite access.", 38000, "Spafinder", "spafinder.com"),
            (.date, "Afternoon tea for two", "Tea, scones and pastries at a grand hotel.", 4800, "OpenTable", "opentable.com"),
        ],
        .streetUrban: [
            (.date, "Food truck crawl", "Guided tasting tour of the city's best trucks.", 7500, "Airbnb Experiences", "airbnb.com"),
            (.experience, "Street art walking tour", "Murals and graffiti with a local artist.", 4500, "GetYourGuide", "getyourguide.com"),
            (.date, "Rooftop bar evening", "Cocktails and skyline views.", 9000, "OpenTable", "opentable.com"),
        ],
        .outdoorsy: [
            (.experience, "Guided sunrise hike", "Small-group hike to a scenic overlook.", 4500, "REI Adventures", "rei.com"),
            (.date, "Picnic and kayak rental", "Two-person kayak and a packed picnic.", 8500, "Boatsetter", "boatsetter.com"),
            (.experience, "Stargazing night", "Telescope session with an astronomer.", 7000, "Airbnb Experiences", "airbnb.com"),
        ],
        .vintage: [
            (.date, "Jazz club night", "Live jazz in a speakeasy-style club.", 8000, "Eventbrite", "eventbrite.com"),
            (.experience, "Vintage market and record hunt", "Morning at the flea market and record shops.", 3000, "Yelp", "yelp.com"),
            (.date, "Classic film screening", "Restored classic at a historic cinema.", 3600, "Fandango", "fandango.com"),
        ],
        .minimalist: [
            (.experience, "Tea ceremony", "Traditional tea ceremony for two.", 4800, "Airbnb Experiences", "airbnb.com"),
            (.date, "Architecture tour", "Guided tour of modern landmarks.", 5000, "Chicago Architecture Center", "architecture.org"),
            (.experience, "Sound bath session", "Restful sound meditation.", 6000, "ClassPass", "classpass.com"),
        ],
        .bohemian: [
            (.experience, "Pottery wheel class", "Hands-on ceramics class for two.", 11000, "ClassPass", "classpass.com"),
            (.date, "Farmers market brunch", "Market stroll and brunch.", 4500, "Yelp", "yelp.com"),
            (.experience, "Macrame workshop", "Make a wall hanging together.", 8500, "Eventbrite", "eventbrite.com"),
        ],
        .romantic: [
            (.date, "Sunset dinner cruise", "Dinner on the water at sunset.", 24000, "City Cruises", "cityexperiences.com"),
            (.date, "Candlelit dinner for two", "Candlelit dinner at an intimate restaurant.", 16000, "OpenTable", "opentable.com"),
            (.experience, "Couples dance class", "Salsa lesson for two.", 4500, "Arthur Murray", "arthurmurray.com"),
        ],
        .adventurous: [
            (.experience, "Hot air balloon ride", "Sunrise flight with a champagne toast.", 45000, "Rainbow Ryders", "rainbowryders.com"),
            (.experience, "Indoor skydiving", "Two flights in a vertical wind tunnel.", 14000, "iFLY", "iflyworld.com"),
            (.experience, "Escape room", "Sixty-minute puzzle room for two.", 4900, "The Escape Game", "theescapegame.com"),
        ],
    ]

    static func slug(_ text: String) -> String {
        text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.reduce(into: "") { result, character in
            if character != "-" || result.last != "-" { result.append(character) }
        }.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    static func link(_ site: String, _ title: String) -> String {
        "https://www.\(site)/search?q=\(title.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? title)"
    }

    /// Catalog candidates for these interests and vibes, in `currency`, at `city`.
    public static func candidates(interests: [String], vibes: [Vibe], city: String?, currency: String) -> [Candidate] {
        var result: [Candidate] = []
        for interest in interests {
            for gift in gifts[interest] ?? [] {
                result.append(
                    Candidate(
                        id: "catalog:gift:\(slug(gift.title))", source: .catalog, type: .gift, title: gift.title, description: gift.description,
                        priceCents: gift.priceCents, currency: currency, merchant: gift.merchant, externalURL: link(gift.site, gift.title),
                        imageURL: "https://picsum.photos/seed/\(slug(gift.title))/600/400", matchedInterest: interest
                    ))
            }
        }
        for vibe in vibes {
            for outing in outings[vibe] ?? [] {
                result.append(
                    Candidate(
                        id: "catalog:\(outing.type.rawValue):\(slug(outing.title))", source: .catalog, type: outing.type, title: outing.title,
                        description: outing.description, priceCents: outing.priceCents, currency: currency, merchant: outing.merchant, city: city,
                        externalURL: link(outing.site, outing.title), imageURL: "https://picsum.photos/seed/\(slug(outing.title))/600/400", matchedVibe: vibe
                    ))
            }
        }
        return result
    }
}
