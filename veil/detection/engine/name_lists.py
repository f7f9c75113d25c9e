"""Hand-kept word lists for names, organisations and places. Reviewable: edit them here.

The large lists (first names, last names, common English words) are built by
`scripts/build_name_lists.py` into `veil/detection/engine/data/`.
"""
from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(w.strip().lower() for w in text.split(",") if w.strip())


# Words after which a lower-case word that a list has as a name is the ordinary word: a
# determiner or possessive ("the kit", "his marks"), or a subject before its verb ("he marks
# the bins", "we bill monthly"). Left out, because a name follows them too: "you" ("thank
# you kit"), "it" ("is it kit?"), "her" ("tell her sherry called"), "that" ("i heard that
# sherry left"), "this" ("hi, is this kit?") and "no" ("no kit i said").
DETERMINERS = _words("the, a, an, my, your, our, their, its, his, these, those, every, each, some, any")
SUBJECTS = _words("i, he, she, we, they")
# Nouns of measure and kind: after one of them and "of", a word is a substance or a thing,
# not a person ("a glass of sherry", "a cup of joe", "a bag of rock"). Left out, because a
# person follows them too: "picture", "friend", "photo", "letter".
PARTITIVES = _words("""
glass, cup, mug, bottle, can, jar, jug, pint, bowl, plate, slice, piece, bit, bag, box, pack,
packet, carton, tin, loaf, spoonful, handful, pinch, dash, splash, shot, kind, sort, type, lot,
lots, bunch, pair, amount
""")


# Common English words that are also given names or surnames. Outside a name context
# ("this is Will calling", "Mr. Bill") they are not reported as names. "nan" and "nana" are
# what a family calls its grandmother; "sim", a phone's card ("a sim swap").
AMBIGUOUS_NAMES = _words("""
may, will, bill, mark, rose, grant, hope, faith, grace, joy, june, april, august, art, guy,
pat, sue, jack, frank, gene, jean, jay, kay, lane, lee, long, price, young, brown, white, green,
black, gray, grey, king, hall, wood, hill, cook, baker, miller, smith, banks, bush, case, chase,
dean, drew, miles, rich, sunny, dawn, summer, autumn, winter, spring, iris, lily, daisy, ivy,
violet, holly, hunter, amber, ruby, crystal, penny, ray, rob, robin, sandy, sterling, stone,
bishop, church, cross, field, fields, ford, forest, fox, frost, gold, golden, heart, hunt, jewel,
judge, knight, love, major, marsh, mason, moon, moore, morning, nelson, noble, page, park,
parker, pope, porter, power, rice, rivers, rock, rush, sharp, short, snow, spencer, star,
stewart, storm, strong, swift, taylor, wall, ward, waters, wells, west, north, south, east, wise,
woods, carter, cooper, fisher, fuller, gardner, glass, hardy, house, little, lord, low, mann,
man, best, bell, good, day, street, brook, brooks, bond, bright, cash, chance, christian, clay,
dale, dash, early, easter, ernest, fair, free, gay, glen, grove, hale, hay, hope, hart, holiday,
lemon, link, major, march, marshal, may, mercy, minor, mo, nash, ness, olive, pearl, pepper,
pierce, prince, read, reed, reid, rich, river, sage, salt, saint, shepherd, sky, song, sparks,
stern, tanner, tucker, trinity, true, victor, wolf, worth, york, gale, jade, hazel, sky, storm,
blaze, ace, duke, earl, baron, sonny, buddy, honey, angel, precious, lucky, happy, cherry, honor,
honour, patience, prudence, charity, destiny, harmony, melody, serenity, unity, liberty, justice,
marshall, hunter, archer, taylor, sawyer, walker, turner, wright, young, long, roman, bay, col,
jan, mar, sun, son, sat, wed, fri, ben, don, dom, mac, jo, al, ed, van, von, de, la, le, di, da,
more, were, said, way, too, ever, small, job, less, general, law, story, hand, else, friend,
reason, red, media, baby, clear, date, english, weeks, press, fall, key, add, french, council,
deep, ball, peace, author, lady, sister, brain, master, sunday, doctor, captain, carry, male,
block, foot, queen, royal, sad, fresh, smart, ring, silver, bridge, roll, unique, mad, guard,
mountain, tea, victory, governor, beer, powers, era, lawyer, journey, urban, flowers, ah, bird,
tiny, walls, wing, branch, heaven, tank, sing, princess, unknown, pink, cap, fed, fee, boss, my,
hi, first, great, german, america, china, india, london, paris, texas, florida, israel, asia,
spain, ireland, boston, virginia, carolina, hollywood, washington, sydney, angeles, francisco,
january, christ, short, weeks, august, gee, nan, nana, sim
""")

# Names that Webster's dictionary lists only as rare lower-case words ("li", a Chinese unit;
# "khan", a title), and that `scripts/build_name_lists.py` would otherwise count among the
# ordinary words that need evidence to be names in lower-case text.
NAMES_NOT_ORDINARY = _words("""
wong, shah, li, yang, khan, singh, ng, wu, ho, lam, chin, tan, lim, kim, le, ali, aziz, hakim,
ahmed, amin, mohammed, malik, rahman, hussain, hassan, chan, cheng, chung, fung, ling, liu, ma, mao,
sun, tang, wang, zhang, zhao, zhou, nguyen, tran, pham, phan, vu, vo, dang, bui, do, ngo, duong,
ly, mai, rao, das, sen, roy, bose, iyer, nair, patel, mehta, shah, modi, kapoor, khanna, gupta
""")

# Ordinary words, British or newer than Webster's dictionary of 1934, that the name lists also
# hold: `scripts/build_name_lists.py` counts them as listed lower-case, as it does the words
# Webster's lists ("a two storey house", "watching telly", "vice versa", "imo", "the garda").
# Not "sheikh", which is a title before a name as often ("sheikh bahai").
WORDS_WEBSTER_LACKS = _words("""
storey, storeys, telly, metro, indie, versa, imo, irl, casanova, montessori, katana, salami,
jacuzzi, honing, jarred, garda, deja, nada
""")

# Places that Webster's dictionary (1934) does not write lower-case, but that English now says
# as other words: breeds and brands named after the place ("a chihuahua puppy", "a bengal cat",
# "my kawasaki", "a newfoundland", "a labrador"), greetings, gods and planets, and the people,
# firms and words a town shares its name with ("aloha", "jupiter", "mandela", "nokia",
# "olympic"). `scripts/build_name_lists.py` keeps them out of `proper_place_words` and
# `town_words`: without capitals they still need a context only a place takes.
PLACES_SAID_AS_WORDS = _words("""
chihuahua, bengal, kawasaki, newfoundland, labrador, aloha, hola, alot, americana, atlantis,
centro, latina, olympic, maga, kong, dalai, croix, inca, jupiter, vulcan, hercules, plato,
mandela, whitman, paine, carnegie, pullman, gallup, nakamura, mori, nokia, hitachi, monsanto
""")


# Eponyms: names that are usually diseases, laws or procedures ("Parkinson's"). A name
# followed by one of EPONYM_NOUNS, or one of these followed by "'s", is not a person.
EPONYMS = _words("""
parkinson, alzheimer, crohn, hodgkin, asperger, tourette, huntington, down, addison, cushing,
graves, hashimoto, bell, raynaud, sjogren, sjögren, meniere, ménière, kaposi, wilson, guillain,
barre, barré, lou gehrig, gehrig, creutzfeldt, jakob, marfan, kawasaki, lyme, ebola, tay, sachs,
munchausen, stockholm, doppler, heimlich, apgar, pap, geiger, fahrenheit, celsius, kelvin,
newton, ohm, watt, volt, tesla, hertz, pascal, joule, murphy, moore, occam, ockham, pavlov,
achilles, adam, caesar, braille, diesel, saxophone, guillotine, sandwich, cardigan, boycott,
mesmer, nicotine, shrapnel, bunsen, petri, richter, mercator, fibonacci, euclid, pythagoras,
bernoulli, gauss, fourier, kalman, markov, bayes, boolean, turing, nobel, pulitzer, oscar, emmy,
grammy, tony, fallopian, eustachian, achilles, morse, caesar, graves, huntington, gillette,
salmonella, alzheimers, parkinsons
""")
EPONYM_NOUNS = _words("""
disease, syndrome, disorder, palsy, law, laws, principle, theorem, effect, sign, test, tests,
procedure, maneuver, manoeuvre, scale, number, constant, equation, rule, paradox, razor, prize,
award, index, test, reflex, phenomenon, tumor, tumour, lymphoma, sarcoma, ulcer, fracture,
cell, cells, curve, distribution, algorithm, machine, engine, effect, tube, tubes, dish,
burner, counter, chain, transform, filter, plot, diagram, projection, code, salad, sauce,
cipher, method, point, ratio, razor, box, jar, tendon, heel
""")

# Brands, companies and products named after people. Not reported as person names outside a
# name context; ORGANIZATION_NAME reports them instead.
BRANDS = _words("""
ford, dell, disney, boeing, porsche, ferrari, lamborghini, maserati, bugatti, honda, toyota,
chevrolet, chevy, chrysler, dodge, tesla, mercedes, benz, daimler, gillette, kellogg, kelloggs,
heinz, hilton, marriott, hershey, wendy, wendys, mcdonald, mcdonalds, chanel, gucci, prada,
versace, armani, dior, hermes, cadillac, siemens, philips, bosch, hewlett, packard, walmart,
walgreens, colgate, nestle, nestlé, cadbury, kraft, goodyear, dyson, bentley, rolls, royce,
harley, davidson, peugeot, renault, citroen, citroën, opel, ferragamo, fendi, lacoste,
guinness, heineken, carlsberg, smirnoff, jameson, johnnie, walker, hennessy, marlboro,
kraft, pfizer, merck, bayer, roche, novartis, johnson, mattel, hasbro, lego, barbie, nike,
reebok, puma, dickies, levi, levis, wrangler, tiffany, cartier, rolex, breitling, chrysler,
cessna, lockheed, martin, northrop, grumman, marriott, wyndham, ritz, carlton, trump, oracle,
goldman, sachs, morgan, stanley, schwab, fidelity, vanguard, wells, fargo, barclays, lloyds,
rothschild, deloitte, ernst, young, kpmg, accenture, mckinsey, bloomberg, reuters, dow, jones,
sotheby, sothebys, christie, christies, tupperware, kleenex, hoover, xerox, jacuzzi, ikea,
mercedes-benz, macy, macys, nordstrom, sears, kohl, kohls, dillard, trader joe, wegmans,
kroger, safeway, aldi, lidl, tesco, sainsbury, sainsburys, morrisons, boots, dyson, bic, zara,
jaguar, mini, audi, skoda, fiat, lancia, alfa, romeo, ducati, yamaha, suzuki, kawasaki, mitsubishi,
subaru, mazda, nissan, datsun, hyundai, kia, daewoo, lexus, infiniti, acura, lincoln, buick,
pontiac, oldsmobile, plymouth, chrysler, jeep, tata, mahindra, bajaj
""")

# The shops, banks and firms among `BRANDS`: named after people, but said of the firm, where one
# works, buys or banks ("I work at Tesco", "the Aldi on Main Street", "my Barclays account",
# "she's at Deloitte"), not of a thing one owns. ORGANIZATION_NAME's dictionary keeps them, as
# it keeps "Sainsbury's" and "Kohl's".
SHOP_BRANDS = _words("""
walmart, walgreens, kroger, safeway, aldi, lidl, tesco, wegmans, nordstrom, morrisons, ikea, boots,
barclays, lloyds, schwab, deloitte, kpmg, accenture, mckinsey
""")

# Titles that make the next capitalised word a name ("Dr. Okafor", "Mrs Nguyen").
TITLES = (
    r"Mr|Mrs|Ms|Miss|Mx|Dr|Doctor|Prof|Professor|Sir|Dame|Madam|Madame|Mme|Mlle|Herr|Frau|"
    r"(?i:mister|missus)|"  # as a speech recogniser writes "Mr" and "Mrs"
    r"Señor|Señora|Senor|Senora|Sr|Sra|Srta|Monsieur|Rev|Reverend|Father|Sister|Brother|"
    r"Captain|Capt|Officer|Detective|Sergeant|Sgt|Lt|Lieutenant|Judge|Justice|Pastor|Deacon|Rabbi|Imam|"
    r"Nurse|Constable|Inspector|"
    # Kinship said as a title, as families call their own: "Uncle Frank", and in transcripts that
    # keep capitals for names alone, "aunt Dana" (either case of the kinship word); Filipino
    # families' "Tita" (aunt), "Tito" (uncle: "your Tito Bong") and "Kuya" (elder brother) too;
    # grandparents ("grandma june", "Grandpa Walt"), but not "Nan", "Nana" or "Lola", which are
    # given names too ("Nan Goldin"), nor "Granny" ("Granny Smith" apples).
    r"(?i:aunt|auntie|aunty|uncle|cousin|tita|tito|kuya|grandma|grandpa|grandad|granddad|"
    r"grandmother|grandfather)"
)
# Titles that are also everyday nouns or verbs ("my brother", "the nurse", "i miss"), and the
# verbs that follow them in speech though a name list has them too ("Said", "Made", "Will",
# "May", "Can"): without capitals, "my brother said no" and "the doctor will call" name no one,
# while "doctor smith" and "nurse hope" still do.
WORD_TITLES = frozenset({"miss", "mister", "missus", "doctor", "professor", "father", "sister", "brother", "captain",
                         "officer", "detective", "sergeant", "lieutenant", "judge", "justice",
                         "pastor", "deacon", "nurse", "constable", "inspector", "aunt", "auntie", "aunty",
                         "uncle", "cousin", "grandma", "grandpa", "grandad", "granddad",
                         "grandmother", "grandfather"})
VERBS_AFTER_PEOPLE = _words("""
said, says, made, makes, held, put, puts, will, would, can, could, may, might, must, shall,
should, was, were, is, has, had, did, does, too, also
""")
# Titles and forms of address that go before a name (the speaker labels' titles, the name
# lists' titles, professions and ranks used as titles in calls, and the kinship titles families
# say before a name in Afrikaans, Polish, Filipino and South Asian homes: "Tannie Elsa", "Pani
# Zofia", "Aling Nena", "Khala Nasreen"), which name spans leave outside
# (veil.detection.name_spans).
TITLES_BEFORE_A_NAME = frozenset("""
    mr mrs ms miss mx dr doctor prof professor sir dame madam madame mme mlle herr frau senor
    senora señor señora sr sra srta monsieur rev reverend father sister brother captain capt
    officer detective sergeant sgt lt lieutenant judge justice pastor deacon rabbi imam nurse
    constable inspector agent coach mister missus lord lady president governor senator
    councillor councilor councilman councilwoman alderman mayor principal chief aunt auntie aunty
    uncle cousin tita tito kuya grandma grandpa grandad granddad grandmother grandfather
    tannie oom pani aling mang manong manang khala khalu chacha chachi mamu phupho bhai baji
    general colonel admiral commander corporal marshal
""".split())
# Titles as lower-case words, for the code that strips or skips a title rather than finding a
# name after one. The courtesy titles: entity resolution strips them from a name, and the
# surrogates keep them ("Mrs [surname]").
COURTESY_TITLES = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "madam", "mister",
                             "missus"})
# Speaker labels ("Lady Grantham") and repeated names also skip titles of rank.
LABEL_TITLES = COURTESY_TITLES | {"dame", "lord", "lady"}

ORG_SUFFIXES = (
    r"Inc|Incorporated|LLC|L\.L\.C|LLP|LP|Ltd|Limited|Corp|Corporation|Co|Company|GmbH|AG|KG|"
    r"SA|S\.A|SAS|SARL|SpA|S\.p\.A|SRL|BV|B\.V|NV|N\.V|Oy|AB|ASA|A/S|ApS|PLC|Plc|PLLC|PC|Pty|"
    r"KK|K\.K|Holdings|Group|Partners|Associates|Industries|Enterprises|Technologies|"
    r"Solutions|Systems|Services|Consulting|Labs|Bank|Foundation|Institute|University|College|"
    r"Clinic|Trust|Agency|Ventures|Capital|Insurance|Airlines|Motors|Pharmaceuticals|"
    # The trades a caller's garage, vet, nursery or removals firm is named by ("Castle Garage",
    # "Westbrook Veterinary", "Keystone Recoveries").
    r"Garage|Veterinary|Nursery|Bakery|Salon|Pharmacy|Dental|Opticians|Removals|Plumbing|"
    r"Builders|Roofing|Recoveries|Lettings|Mortgages|Rentals|Logistics|Haulage|Solicitors|"
    r"Accountants|"
    # A pub, a brewery or a winery, and a charity's mission ("the Tractor Tavern", "Siloam
    # Mission", "Fort Collins Rescue Mission").
    r"Tavern|Brewery|Winery|Distillery|Mission|"
    # A family firm ("White and Sons", "Hughes & Sons").
    r"and[ \t]+Sons|&[ \t]+Sons|"
    # An NHS trust, by its hospitals ("Leeds Teaching Hospitals", "Oxford University Hospitals").
    r"Hospitals"
)

# Words that head an institution's name: employers, schools, churches, clubs, parties and public
# bodies, which a caller names of themself ("Civic Party", "Linguistic Society", "Grammar
# School"). After a capitalised name in cased text; without capitals, after a word that is no
# ordinary word. The ordinary meanings ("a party", "my school") are lower-case words.
INSTITUTION_HEADS = (
    r"Party|Church|Parish|Diocese|Ministries|Society|"
    r"Association|Academy|Council|Committee|Department|Ministry|Union|Organisation|"
    r"Organization|Authority|Commission|School|Club|League|Federation|Board|Bureau|"
    r"Corps|Army|Navy|Conservatory|Congress|Laboratory|Laboratories|Library|"
    r"Seminary|Polytechnic|Orchestra|Choir|Coalition|Alliance|Fund|ISD"
)
# The institution heads that say "institution" even in a lower-case copy, after a word that is
# no ordinary word ("lowy institute", "gnofhac association", "lubbock isd": an independent
# school district); "party", "church", "school",
# "club" and "group" there are as often a birthday party or someone's school.
UNCASED_INSTITUTION_HEADS = (
    r"society|association|academy|council|committee|ministry|organisation|organization|"
    r"authority|commission|federation|bureau|corps|conservatory|seminary|polytechnic|"
    r"laboratory|laboratories|diocese|isd"
)
# Words that head a building's name ("Shah Mosque", "Leacock Museum", "Royal Free Hospital",
# "Metro Toronto Convention Centre"): where someone was. The annotated sets label them places
# (in their training and dev parts, 32 such names a place and 3 an organisation), so they are
# LOCATION, not ORGANIZATION_NAME. Without capitals, "centre" and "chapel" are as often the
# town centre or a wedding chapel, and are left out.
BUILDING_HEADS = r"Mosque|Cathedral|Chapel|Synagogue|Museum|Hospital|Infirmary|Hospice|Centre|Center|Prison|Jail|Gaol"
UNCASED_BUILDING_HEADS = r"mosque|cathedral|synagogue|museum|hospital|infirmary|hospice|prison|jail"
# A British GP's practice is a "surgery" ("the Elm Tree Surgery", "at Elm Tree surgery"), a place
# a caller's doctor is; an operation's kind before the word is no name ("Plastic Surgery", "my
# GP surgery", "Day Surgery", "Knee surgery").
SURGERY_KINDS = frozenset("""
    plastic cosmetic general cardiac heart knee hip eye brain spine spinal dental oral laser
    weight loss bariatric orthopaedic orthopedic vascular paediatric pediatric thoracic neuro
    neurological day keyhole minor major emergency robotic reconstructive transplant bypass
    cataract back foot hand shoulder breast facial maxillofacial colorectal urological trauma
    elective outpatient veterinary vet gp doctor doctors doctor's dentist dentist's nhs ent
    private local family medical
""".split())
# Words that head a newspaper's or broadcaster's name ("New York Times", "Fox News"): in
# cased text only, since "three times" and "good news" are what a lower-case copy says.
MEDIA_HEADS = r"Times|News|Post|Press|Herald|Tribune|Journal|Gazette|Chronicle|Telegraph"
# The trades a firm is named by, after its name ("Ryan Homes", "Gulf Coast Fabrication",
# "Kettering Health", "Pinnacle Crest Developments"), and a paper ("the Geelong Advertiser"; not
# "Examiner", which a medical examiner is): after one ordinary word alone they name a field, no
# firm ("Mental Health", "Renewable Energy").
TRADE_HEADS = (r"Developments|Construction|Contractors|Fabrication|Manufacturing|Homes|Realty|"
               r"Properties|Landscaping|Electric|Electrical|Energy|Health|Advertiser")
# Institution words that take their name after "of" ("University of Toronto", "Department of
# Defense", "Church of Scientology").
HEADS_OF = (
    r"University|College|School|Institute|Academy|Department|Ministry|Bank|Church|"
    r"Society|Association|Board|Council|Federation|League|Bureau|Commission|Office|Agency|"
    r"Faculty|Order|Congregation|Diocese|Parish|Synod"
)

# Well-known organisations: found by ORGANIZATION_NAME as a dictionary. Customers add their
# own with a custom dictionary (see veil/profiles/call_transcripts.yaml).
ORGANIZATIONS = """
Google, Alphabet, Microsoft, Apple, Amazon, Meta, Facebook, Instagram, WhatsApp, Netflix,
Twitter, LinkedIn, IBM, Intel, AMD, Nvidia, Oracle, Salesforce, Adobe, Cisco, Samsung, Sony,
Panasonic, Toshiba, Hitachi, Huawei, Xiaomi, Lenovo, Dell, HP, Hewlett-Packard, Uber, Lyft,
Airbnb, Spotify, PayPal, Visa, Mastercard, American Express, Chase, JPMorgan, JPMorgan Chase,
Bank of America, Wells Fargo, Citibank, Citigroup, Goldman Sachs, Morgan Stanley, HSBC,
Barclays, Lloyds, Santander, BNP Paribas, Deutsche Bank, UBS, Credit Suisse, ING, TD Bank,
Royal Bank of Canada, RBC, Scotiabank, BMO, CIBC, Walmart, Target, Costco, Home Depot, Lowe's,
Best Buy, Kroger, Walgreens, CVS, Tesco, Sainsbury's, IKEA, Starbucks, McDonald's, Burger King,
Coca-Cola, Pepsi, PepsiCo, Nestle, Unilever, Procter & Gamble, Johnson & Johnson, Pfizer,
Moderna, AstraZeneca, Novartis, Roche, Bayer, Merck, GSK, Sanofi, Boeing, Airbus, Lockheed
Martin, General Electric, General Motors, Ford, Toyota, Honda, Volkswagen, BMW, Mercedes-Benz,
Tesla, FedEx, UPS, DHL, USPS, Verizon, AT&T, T-Mobile, Sprint, Comcast, Vodafone, Orange,
Deutsche Telekom, BT, Rogers, Bell Canada, Telus, Shell, BP, ExxonMobil, Chevron, Deloitte,
PwC, KPMG, Accenture, McKinsey, Dropbox, Slack, Zoom, Shopify, Stripe, Square, eBay, Alibaba,
Tencent, Baidu, OpenAI, Anthropic, HubSpot, Zendesk, DocuSign, Atlassian, Jira, Asana,
Trello, Notion, Canva, Figma, Twilio, Mailchimp, Intuit, SAP, Workday, ServiceNow, Snowflake,
Staples, Office Depot, Canon, Epson, Xerox, Ricoh, Brother, Kodak, Nikon, Logitech, Lenovo,
Asus, Acer, Qualcomm, Broadcom, Siemens, Philips, Bosch, Whirlpool, Comcast Xfinity, Xfinity,
Spectrum, Cox, Frontier, CenturyLink, Lumen, Optus, Telstra, Rakuten, Mercado Libre, Etsy,
Wayfair, Chewy, Instacart, DoorDash, Grubhub, Postmates, Expedia, Booking.com, TripAdvisor,
Delta, United Airlines, American Airlines, Southwest, JetBlue, Air Canada, Lufthansa,
British Airways, Emirates, Qantas, Ryanair, easyJet, Hertz, Avis, Enterprise Rent-A-Car,
Texas Instruments, Raytheon, Exxon, Northrop Grumman, Southwest Airlines, Royal Mail
"""

# The companies a caller deals with, as a service call names them ("I have Humana", "it was
# listed on Zillow", "my renters insurance, Lemonade"): insurers, health systems, utilities,
# banks and lenders, carriers, landlords' and job sites, shops, restaurants, travel, and the
# loyalty schemes whose number a caller reads out ("my Marriott Bonvoy number"). Found by
# ORGANIZATION_NAME with `ORGANIZATIONS`; those that are ordinary words too are in
# `ORDINARY_WORD_ORGANIZATIONS` below, and those named after a person are left out, as
# `BRANDS` says ("Hilton", "Sears", "Ross"). Initials joined by "&" are written as said ("B and
# Q"): the dictionary reads "M&S" as the words "m s", which a unit is too ("12 m / s").
SERVICE_COMPANIES = """
Humana, Aetna, Cigna, UnitedHealthcare, United Healthcare, Kaiser Permanente, Blue Cross,
Blue Shield, Blue Cross Blue Shield, Anthem, Centene, Molina Healthcare, Oscar Health, Geico,
State Farm, Allstate, Progressive, Liberty Mutual, Nationwide, Farmers Insurance, USAA,
Travelers, MetLife, Prudential, Aflac, Lemonade, Esurance, Aviva, Admiral, Direct Line, Bupa,
Duke Energy, PG&E, Con Edison, ConEd, Dominion Energy, Xcel Energy, National Grid, Entergy,
Ameren, DTE Energy, Consumers Energy, CenterPoint, Southern California Edison, Georgia Power,
Florida Power & Light, British Gas, EDF, Octopus Energy, E.ON, Thames Water, Hydro One,
Capital One, US Bank, U.S. Bank, PNC, Truist, Ally, Discover, Navy Federal, Fifth Third,
Citizens Bank, KeyBank, Regions Bank, Schwab, Charles Schwab, Fidelity, Vanguard, Robinhood,
Venmo, Zelle, Cash App, Western Union, MoneyGram, Klarna, Afterpay, Affirm, Equifax, Experian,
TransUnion, NatWest, Monzo, Revolut, Starling, Metro Bank, Sallie Mae, Navient, Rocket Mortgage,
Quicken Loans, Boost Mobile, Cricket Wireless, Mint Mobile, Metro by T-Mobile, Virgin Media,
Virgin Mobile, TalkTalk, Sky, Optimum, Verizon Fios, Google Fiber, DirecTV, Dish Network, Hulu,
Disney Plus, Paramount Plus, Peacock, ADT, Vivint, SimpliSafe, Zillow, Redfin, Trulia,
Realtor.com, Apartments.com, Craigslist, Nextdoor, Indeed, Glassdoor, ZipRecruiter, Upwork,
Fiverr, TaskRabbit, Uber Eats, Gopuff, Rite Aid, Boots, Safeway, Publix, Aldi, Lidl, Wegmans,
Trader Joe's, Whole Foods, H-E-B, Food Lion, Giant Eagle, Stop & Shop, Winn-Dixie,
Piggly Wiggly, Sam's Club, BJ's, Dollar General, Dollar Tree, Family Dollar, Kohl's, Macy's,
Nordstrom, JCPenney, Kmart, GameStop, Bed Bath & Beyond, TJ Maxx, T.J. Maxx, Old Navy, H&M,
Zara, Uniqlo, Foot Locker, Dick's Sporting Goods, REI, Bass Pro Shops, Tractor Supply,
Harbor Freight, Menards, Ace Hardware, Sherwin-Williams, Pottery Barn, Bath & Body Works,
PetSmart, Petco, AutoZone, Advance Auto Parts, Jiffy Lube, Pep Boys, Discount Tire, CarMax,
Carvana, Chick-fil-A, Taco Bell, Domino's, Papa John's, Pizza Hut, Little Caesars, KFC, Dunkin,
Dunkin' Donuts, Tim Hortons, Chipotle, Panera, Olive Garden, Applebee's, IHOP, Denny's,
Waffle House, Arby's, Jack in the Box, In-N-Out, Five Guys, Shake Shack, Popeyes, Dairy Queen,
Subway, Holiday Inn, Best Western, Motel 6, Vrbo, Spirit Airlines, Frontier Airlines,
Alaska Airlines, Allegiant, Amtrak, Greyhound, Budget Rent a Car, Enterprise Holdings, Waymo,
H&R Block, Jackson Hewitt, Comerica, Huntington Bank, M&T Bank, Zions Bank, BMO Harris, Hy-Vee,
Meijer, Albertsons, Harris Teeter, Fred Meyer, King Soopers, Ralphs, Vons, Jewel-Osco, ShopRite,
Schnucks, Dillons, Ingles, Raley's, Marks & Spencer, Argos, Asda, Morrisons, Waitrose,
Primark, Currys, Specsavers, Halfords, Screwfix, B and Q, Wickes, Poundland, Superdrug, TSB,
Virgin Money, Openreach, Plusnet, Ocado, Deliveroo, Just Eat, Aer Lingus, Electric Ireland,
Bord Gáis Energy, Dunnes Stores, Londis, Costa Coffee, Pret A Manger, Nando's, Greggs, Co-op,
Evri, Yodel, Parcelforce, DPD, An Post, Canada Post, Australia Post, NZ Post, PureGym,
The Gym Group, Anytime Fitness, Planet Fitness, AIB, Bank of Ireland, PTSB, Kwik Trip, Nissan,
Hyundai, Kia, Mazda, Subaru,
Bunnings, Woolworths, JB Hi-Fi, Harvey Norman, Commonwealth Bank, CommBank, Westpac, ANZ,
Kiwibank, ASB, Medibank, Spark, Jio, Airtel, Flipkart, Paytm, PhonePe, Swiggy, Zomato,
HDFC Bank, ICICI Bank, SBI, State Bank of India, Axis Bank, Kotak, Standard Bank, Absa, FNB,
Nedbank, Capitec, Discovery Insure, Outsurance, Vodacom, MTN, Singtel, StarHub, DBS, OCBC, UOB,
Marriott Bonvoy, Bonvoy, Hilton Honors, World of Hyatt, IHG One Rewards, Avios, Tesco Clubcard,
Clubcard, AAdvantage, SkyMiles, MileagePlus, Flying Blue, Aeroplan, KrisFlyer
"""

# Public bodies, international organisations, broadcasters, news agencies and web services:
# the institutions a caller deals with or a speaker cites ("the IRS sent me a letter", "I
# rang the NHS", "it was on the BBC"). Mostly acronyms, which a speech recogniser's
# lower-case copy keeps as the only trace of the name ("the irs"); the model, which reads case,
# misses most of them there. Found by ORGANIZATION_NAME with `ORGANIZATIONS`. Left out: those
# that are also a name or an ordinary word in lower case ("FEMA", "ISIS", "SEC", "ICE", "MIT"),
# and those named after people or places ("Stanford", "Oxford"). The ones listed in
# `ORDINARY_WORD_ORGANIZATIONS` too ("UN", "AP", "ABC", "WHO", "EU") count only written in
# capitals, mid-sentence.
INSTITUTIONS = """
FBI, CIA, NSA, NASA, IRS, DMV, FDA, CDC, EPA, TSA, DEA, FTC, FCC, USDA, Pentagon,
Department of Homeland Security, State Department, Social Security Administration,
NHS, HMRC, DVLA, DWP, Ofsted, Ofcom, RCMP, Canada Revenue Agency, Centrelink,
Australian Taxation Office, Services Australia, Inland Revenue, Service Canada, ServiceOntario,
Residential Tenancies Board, RTB, UIDAI, Probation Service, Health and Safety Executive,
Health Service Executive, HSE, Legal Aid Ontario, Legal Aid Agency, Meals on Wheels,
Area Agency on Aging, Indian Railways, Patreon, NME,
United Nations, UN, UNESCO, UNICEF, World Health Organization, World Health Organisation, WHO,
World Bank, IMF, International Monetary Fund, NATO, European Union, EU, OPEC, WTO, IAEA,
Red Cross, Amnesty International, Greenpeace, Oxfam, Interpol, Europol,
FIFA, UEFA, NFL, NBA, MLB, NHL, NCAA,
BBC, ITV, CBC, ABC, CNN, NBC, CBS, MSNBC, NPR, PBS, HBO, ESPN, Fox News, Al Jazeera,
Associated Press, AP, AFP, Reuters, Xinhua, Interfax, Kyodo, Yonhap, New York Times, Washington Post,
Wall Street Journal,
Yahoo, AOL, Mozilla, Wikipedia, Wikimedia, Reddit, Tumblr, Pinterest, Snapchat, TikTok,
Hamas, Hezbollah, Taliban, al-Qaeda, al Qaeda
"""

# Well-known products: found by PRODUCT as a dictionary (risk 0 unless tied to a speaker).
PRODUCTS = """
iPhone, iPad, MacBook, iMac, AirPods, Apple Watch, Galaxy, Pixel, Kindle, Echo, Alexa, Fire TV,
Xbox, PlayStation, Nintendo Switch, Surface, Windows, Office 365, Microsoft 365, Excel, Outlook,
PowerPoint, Word, Teams, Gmail, Google Drive, Google Docs, Chrome, Android, Photoshop,
Salesforce, Slack, Zoom, Dropbox, QuickBooks, TurboTax, Netflix, Spotify, Prime Video,
YouTube, WhatsApp, Instagram, TikTok, Snapchat, ChatGPT, Roomba, Fitbit, GoPro, Peloton,
Model 3, Model S, Model Y, Camry, Corolla, Civic, Accord, F-150, Mustang, Prius
"""

# Organisations whose names are ordinary words: reported only when capitalised mid-sentence.
ORDINARY_WORD_ORGANIZATIONS = _words("""
apple, amazon, meta, target, chase, visa, square, shell, orange, sprint, rogers, bell, zoom,
notion, brother, spectrum, cox, frontier, lumen, delta, southwest, enterprise, staples, canon,
slack, stripe, oracle, ups, bt, best buy, ford, dell, target, general electric,
general motors, un, who, ap, abc, eu, progressive, nationwide, travelers, prudential, admiral,
lemonade, anthem, ally, discover, fidelity, vanguard, sky, optimum, peacock, indeed, boots, co-op,
subway, greyhound, affirm, starling, aviva, direct line, five guys, whole foods, jack in the box,
best western, national grid, waffle house, discount tire, dollar tree, old navy, tractor supply,
harbor freight, cash app, thames water, us bank, family dollar, dollar general, ingles,
texas instruments, southwest airlines, royal mail, spark, discovery insure
""")

# Words a gazetteer lists as places that are far more often something else.
LOCATION_EXCLUSIONS = _words("""
mobile, reading, nice, bath, split, orange, sale, deal, gap, hope, independence, liberty,
normal, why, ware, derby, batman, lake, university, college, mission, temple, spring, surprise,
enterprise, commerce, industry, santa, angel, trinity, sandy, march, may, june, april, man,
jersey, guernsey, turkey, chad, sparta, cork, mesa, salem, opportunity, paradise, eagle,
beaver, moose, bear, hamburg, frankfurt, bologna, lima, cayenne, sherry, champagne, java,
van, perm, pest, erode, un
""")

# Words English capitalises that a name list also holds, and that name no one: languages and
# nationalities, faiths, and the names of God ("she speaks French", "a Baptist church", "Lord
# knows"). A transcript that keeps capitals for names capitalises these too.
CAPITALISED_NOT_NAMES = _words("""
english, french, german, dutch, irish, scottish, welsh, british, american, canadian, mexican,
spanish, italian, polish, russian, chinese, japanese, korean, indian, african, european, asian,
latin, greek, jewish, christian, catholic, baptist, methodist, lutheran, presbyterian, mormon,
muslim, hindu, lord, god, jesus, christ, church, doctor, bible, internet
""")

# What speakers call each other and exclaim, capitalised as names are ("Mom says hi", "listen,
# Buddy", "How's Grandma?", "Oh my God"): a relation or a form of address, no one's name.
# Grandparents as families call them, in the languages of immigrant families' calls ("Bubbie",
# "Zayde", "Abuela", "Nonna"), and the relations that families from South Asia, the
# Philippines and Korea call each other by in English calls ("Amma", "Achan", "Chechi",
# "Nanay", "Unnie"), Afrikaans, Urdu and Polish families too ("Oupa", "Tannie", "Khala",
# "Babcia"), and Southern and East African and Nigerian callers ("Gogo", "Mkhulu", "Mzee",
# "Oga"). Left out: words that are common surnames too ("Ma", "Pa"), and given names
# too ("Anna", "Lola", "Tito"); "Son" and "Nan" are surnames too, but callers say "hello son"
# and "tell nan" far more often, as South Africans say "kiss Gogo for me" of a grandmother.
ADDRESS_TERMS = _words("""
mom, mum, mommy, mummy, mama, mamma, momma, mother, dad, daddy, papa, pop, father,
grandma, grandpa, granny, gran, grandad, granddad, grandmother, grandfather, nana,
granma, grampa, gramps, grandmom, grandpop, granddaddy, grandmama, mommom, poppop, mamaw, papaw,
meemaw, peepaw, bubbie, bubbe, bubby, bubbeh, zayde, zaide, zaidy, zeyde, savta, nonna, nonno,
abuela, abuelo, abuelita, abuelito, oma, opa, yiayia, papou, nan, nanna, nannie, mam, mammy,
auntie, aunty, aunt, uncle, sis, bro, brother, sister, cousin, honey, hon, sweetie,
sweetheart, darling, dear, babe, baby, buddy, pal, dude, man, mate, sir, madam, maam, ma'am,
miss, mister, boss, chief, doc, doctor, nurse, officer, god, lord, gee, whiz, gosh, golly, jeez, geez,
sunshine, love, princess, champ, treasure, son,
amma, appa, achan, ammachi, appachan, ammumma, appooppan, chechi, chettan, ettan, mol, mole,
mone, akka, thambi, ammi, abbu, nani, dadi, chacha, chachi, bhaiya, didi, nanay, tatay, inay,
itay, eomma, oppa, unnie, noona, hyung, maman,
lolo, tita, kuya, manong, manang, aling, anak, oupa, ouma, oom, tannie, khala, khalu, mamu, phupho,
phuppo, beta, beti, babcia, dziadek, ciocia, wujek,
gogo, mkhulu, madala, bhuti, mzee, oga
""")
# Words for a kind of body: a text with capitals writes one in lower case where it means any body
# of the kind ("a job at the university", "the army": `merge`), and with a capital after "the"
# where it means one ("persecuted by the Church": `organisation_scanners`).
BODY_KINDS = _words("""
university, college, school, academy, institute, army, navy, police, court, council, church, club,
team, company, corporation, firm, bank, hospital, clinic, department, committee, society,
association, federation, union, government, agency, ministry, office, service, group, foundation,
trust, board, bureau, commission, authority, league, party, parish, diocese, centre, center
""")
# The short names of identifiers ("my IBAN is", "what's your PIN", "your PPS number"): a model
# may take the capitals of "IBAN" for an organisation, and a name list may hold "Iban", but the
# word names a kind of number, never a person, an organisation or a place. (Not "SIN", "SWIFT" or
# "NHS": each is also an ordinary word or a body.)
IDENTIFIER_ACRONYMS = frozenset({"iban", "ssn", "imei", "iccid", "cvv", "cvc", "cvv2", "pin", "dob",
                                 "vin", "itin", "nino", "ein", "bic", "aadhaar", "aadhar", "kyc", "otp",
                                 "upi", "nric", "tfn", "pps", "ppsn"})
# What children call their parents and grandparents that is also a state's or a body's short
# name ("MA", "PA"), and Singapore's "ah ma" and "ah gong": forms of address as a person alone
# ("i'm okay ma", "love you too Ma", "ah ma fell on sunday"), never as a place or an organisation.
PARENTS_CALLED = _words("ma, pa, ah ma, ah gong, ah kong")

# What speakers of English the world over exclaim, greet and end a sentence with, which a model
# reads as someone where it stands alone ("och that's a shame", "ja no one was hurt", "quite
# worried lah", "kia ora you've called ...") and a name list may hold ("Kia", "Day"): Scots,
# Welsh, Afrikaans, Singapore's, India's, Australia's and New Zealand's words, said in English
# calls. Neither a name alone nor the start of one ("g'day shane", "kia ora aroha").
INTERJECTIONS = frozenset({"och", "aye", "cheerio", "ta", "helo", "hiya", "ja", "nee", "lah", "leh",
                           "lor", "arre", "arrey", "acha", "accha", "achha", "haan", "yaar", "kia ora",
                           "ka pai", "ka kite", "eish", "yoh", "howzit", "lekker", "g'day", "gday",
                           "crikey", "oi", "blimey", "cor", "innit",
                           # the Philippines', Singapore's and Malaysia's, South Asia's and the
                           # Muslim world's, said in calls home ("naku it's late", "aiyo so clever",
                           # "allah hafiz ammi"), and the German and Dutch "hallo"
                           "naku", "aiyo", "aiyoh", "aiya", "aiyah", "alamak", "allah hafiz",
                           "khuda hafiz", "inshallah", "mashallah", "hallo",
                           # the Muslim greeting and its answer ("bilal bhai assalam o alaikum",
                           # "walaikum assalam")
                           "assalam", "assalamu", "alaikum", "alaykum", "walaikum", "wa alaikum",
                           # Africa's, in English calls: Swahili's "okay" and "welcome", Nigerian
                           # English's "haba", "abeg" and "ehen", South Africa's "jislaaik",
                           # "heita", "hayi" and "yebo"; and Ireland's "howya"
                           "sawa", "karibu", "haba", "abeg", "ehen", "jislaaik", "heita", "hayi",
                           "yebo", "howya"})

# Canadian provinces and territories, and other regions the city gazetteer lacks.
REGIONS = """
Ontario, Quebec, British Columbia, Alberta, Manitoba, Saskatchewan, Nova Scotia, New Brunswick,
Newfoundland, Newfoundland and Labrador, Prince Edward Island, Yukon, Nunavut,
Northwest Territories, England, Scotland, Wales, Northern Ireland, Great Britain,
United Kingdom, Bavaria, Catalonia, Andalusia, Tuscany, Sicily, Sardinia, Brittany, Normandy,
Provence, Siberia, Patagonia, Queensland, New South Wales, Tasmania, Punjab, Kerala, Bengal
"""

# US states and the District of Columbia and Puerto Rico, with their postal codes (US_STATE,
# and the names people share with places).
US_STATES = {
    "Alabama": "AL", "Alaska": "AK", "Arizona": "AZ", "Arkansas": "AR", "California": "CA",
    "Colorado": "CO", "Connecticut": "CT", "Delaware": "DE", "Florida": "FL", "Georgia": "GA",
    "Hawaii": "HI", "Idaho": "ID", "Illinois": "IL", "Indiana": "IN", "Iowa": "IA",
    "Kansas": "KS", "Kentucky": "KY", "Louisiana": "LA", "Maine": "ME", "Maryland": "MD",
    "Massachusetts": "MA", "Michigan": "MI", "Minnesota": "MN", "Mississippi": "MS",
    "Missouri": "MO", "Montana": "MT", "Nebraska": "NE", "Nevada": "NV", "New Hampshire": "NH",
    "New Jersey": "NJ", "New Mexico": "NM", "New York": "NY", "North Carolina": "NC",
    "North Dakota": "ND", "Ohio": "OH", "Oklahoma": "OK", "Oregon": "OR", "Pennsylvania": "PA",
    "Rhode Island": "RI", "South Carolina": "SC", "South Dakota": "SD", "Tennessee": "TN",
    "Texas": "TX", "Utah": "UT", "Vermont": "VT", "Virginia": "VA", "Washington": "WA",
    "West Virginia": "WV", "Wisconsin": "WI", "Wyoming": "WY", "District of Columbia": "DC",
    "Puerto Rico": "PR",
}

# The people and relatives the name rules' contexts speak of (regex alternations, and their words).
PEOPLE = (r"guy|man|woman|lady|girl|boy|person|fellow|gentleman|kid|someone|somebody|agent|rep|"
           r"representative|technician|engineer|manager|supervisor|doctor|nurse|friend|colleague|"
           r"coworker|co-worker|neighbor|neighbour|tenant|landlord|customer|caller|student|teacher|"
           r"lawyer|attorney|dentist|therapist|boss|plumber|builder|electrician|solicitor|landlady|"
           r"carer|mate|bloke|fella|chap|lad|lass|vet|mechanic|cleaner|midwife|receptionist|"
           r"consultant|surgeon|breeder")
RELATIVES = (r"husband|wife|son|daughter|brother|sister|mother|father|mom|mum|dad|cousin|uncle|aunt|"
              r"nephew|niece|grandson|granddaughter|grandmother|grandfather|grandma|grandpa|"
              r"boyfriend|girlfriend|fiance|fiancé|fiancee|partner|stepson|stepdaughter|"
              r"nan|nana|nanna|gran|granny|grandad|granddad|"
              r"grandbaby|grandkid|grandchild|godson|goddaughter|godmother|godfather|hubby|bestie|"
              r"stepmom|stepmum|stepdad|stepmother|stepfather|stepbrother|stepsister")
# Given names that are English words, as families in Nigeria, Ghana, Kenya, Zimbabwe and South
# Africa give them, and as Indian families give pet names for good, which Faker's lists (the
# first-name list's source, scripts/build_name_lists.py) lack: "Favour, don't start", "Hello?
# Given?", "Gift! Bring my bag", "Pinky from our Koramangala team". As English words they are
# ordinary words too, and the rules weigh them as they weigh "Precious" or "Patience", which the
# lists already hold: a capital mid-sentence or a cue, never the word alone in lower case.
GIVEN_NAMES_THAT_ARE_WORDS = frozenset("""
    Favour Gift Given Wisdom Beauty Goodness Godswill Comfort Treasure Happiness Kindness
    Testimony Marvellous Praise Delight Loveness Pinky Sweety Bunty
""".split())
RELATIVE_WORDS = frozenset(RELATIVES.split("|"))
PEOPLE_WORDS = frozenset(PEOPLE.split("|"))
# The verbs a request puts before someone, with no subject to show them verbs: "greet your
# cousin for me", "tell your mum", "give my love to", "greet temi for me".
REQUEST_VERBS = frozenset("""
    greet tell ask hug kiss thank call phone ring text visit meet help bring take give send wish
    remind show let love miss
""".split())
