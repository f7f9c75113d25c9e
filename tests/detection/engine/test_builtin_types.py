"""Each built-in infoType: texts it must find, and near-misses it must not."""
import pytest

from tests.detection.engine.conftest import quotes
from veil.detection.infotypes.builtin import BUILTINS

RISK_TABLE_TYPES = """PERSON_NAME PASSPORT MEDICAL_RECORD_NUMBER VEHICLE_IDENTIFICATION_NUMBER
CREDIT_CARD_NUMBER CREDIT_CARD_TRACK_NUMBER IBAN_CODE US_SOCIAL_SECURITY_NUMBER
CANADA_SOCIAL_INSURANCE_NUMBER EMAIL_ADDRESS LOCATION_COORDINATES PHONE_NUMBER STREET_ADDRESS
GENERIC_ID ICCID_NUMBER IMEI_HARDWARE_ID IMSI_ID USER_NAME STORAGE_SIGNED_URL DATE_OF_BIRTH
ADVERTISING_ID IP_ADDRESS MAC_ADDRESS MAC_ADDRESS_LOCAL ROUTING_NUMBER LOCATION
ORGANIZATION_NAME_SPEAKER STORAGE_SIGNED_POLICY_DOCUMENT URL ICD9_CODE ICD10_CODE VAT_NUMBER
US_STATE DOMAIN_NAME HTTP_COOKIE AGE MEDICAL_TERM SWIFT_CODE ORGANIZATION_NAME PRODUCT
PRODUCT_SPEAKER""".split()
GLOBAL_TYPES = "DATE TIME AGE GENDER ETHNIC_GROUP URL DOMAIN_NAME IP_ADDRESS US_STATE US_ZIP CANADA_POSTAL_CODE".split()


@pytest.mark.parametrize("name", sorted(set(RISK_TABLE_TYPES + GLOBAL_TYPES)))
def test_every_required_type_is_built_in_and_described(name):
    assert BUILTINS.detectors(name)
    assert BUILTINS.description(name)


FOUND = [
    ("EMAIL_ADDRESS", "write to jane.doe+x@example.co.uk today", "jane.doe+x@example.co.uk"),
    ("PHONE_NUMBER", "call me on (415) 555-0134 please", "(415) 555-0134"),
    ("PHONE_NUMBER", "my number is +44 20 7946 0958", "+44 20 7946 0958"),
    # National numbers with a trunk 0, grouped as their country writes them (Ofcom's and
    # ACMA's numbers for drama, and made-up ones that the numbering plans accept).
    ("PHONE_NUMBER", "call me on 020 7946 0958 after six", "020 7946 0958"),
    ("PHONE_NUMBER", "my mobile's 07911 123456", "07911 123456"),
    ("PHONE_NUMBER", "ring the office on (0113) 496 0000.", "(0113) 496 0000"),
    ("PHONE_NUMBER", "her mobile is 0491 570 156", "0491 570 156"),
    ("PHONE_NUMBER", "mon portable, 06 12 34 56 78", "06 12 34 56 78"),
    ("PHONE_NUMBER", "it is 0151 23456789", "0151 23456789"),  # valid, though not grouped as Germany's
    # An American number is not read inside a longer run of dashed digits (an order number).
    ("GENERIC_ID", "The order number is 114-2290371-5581.", "114-2290371-5581"),
    ("GENERIC_ID", "transaction id 4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
     "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"),  # a hash, 64 digits
    ("CREDIT_CARD_NUMBER", "card 4111 1111 1111 1111 exp", "4111 1111 1111 1111"),
    ("CREDIT_CARD_NUMBER", "amex 378282246310005.", "378282246310005"),
    ("CREDIT_CARD_NUMBER", "mc 5555-5555-5555-4444", "5555-5555-5555-4444"),
    ("CREDIT_CARD_TRACK_NUMBER", "%B4111111111111111^DOE/JANE^2512101000000000?", None),
    ("CREDIT_CARD_TRACK_NUMBER", ";4111111111111111=25121010000000000?", None),
    ("IBAN_CODE", "IBAN GB82 WEST 1234 5698 7654 32 ok", "GB82 WEST 1234 5698 7654 32"),
    ("IBAN_CODE", "DE89370400440532013000", "DE89370400440532013000"),
    # Wallet addresses with their checksums: BIP-173's and BIP-86's examples, Bitcoin's
    # pay-to-key-hash and pay-to-script-hash, Litecoin's, and an EIP-55 address.
    ("CRYPTO_WALLET_ADDRESS", "sent to bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 ok",
     "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"),
    ("CRYPTO_WALLET_ADDRESS", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
     "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"),
    ("CRYPTO_WALLET_ADDRESS",
     "taproot: bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297.",
     "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297"),
    ("CRYPTO_WALLET_ADDRESS", "to 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2.", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"),
    ("CRYPTO_WALLET_ADDRESS", "multisig 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"),
    ("CRYPTO_WALLET_ADDRESS", "ltc LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9", "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9"),
    ("CRYPTO_WALLET_ADDRESS", "my eth is 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
     "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
    ("CRYPTO_WALLET_ADDRESS", "to 0x52908400098527886e0f7030069857d2e4169ee7 now",
     "0x52908400098527886e0f7030069857d2e4169ee7"),  # one case: no checksum, the shape
    ("US_SOCIAL_SECURITY_NUMBER", "ssn 123-45-6789", "123-45-6789"),
    ("US_SOCIAL_SECURITY_NUMBER", "my social security number is 123456789", "123456789"),
    ("CANADA_SOCIAL_INSURANCE_NUMBER", "SIN 130 692 544", "130 692 544"),
    ("CANADA_SOCIAL_INSURANCE_NUMBER", "social insurance number 130692544", "130692544"),
    # ... but one said after "SIN" is one (the government's sample number, or a caller's slip).
    ("CANADA_SOCIAL_INSURANCE_NUMBER", "My SIN is 046 454 286.", "046 454 286"),
    ("US_SOCIAL_SECURITY_NUMBER", "My social is 536221842.", "536221842"),
    ("ROUTING_NUMBER", "routing number 021000021", "021000021"),
    ("IMEI_HARDWARE_ID", "IMEI 490154203237518", "490154203237518"),
    ("IMEI_HARDWARE_ID", "49-015420-323751-8", "49-015420-323751-8"),
    ("ICCID_NUMBER", "sim card 8944500102198304826", "8944500102198304826"),
    ("IMSI_ID", "IMSI 310150123456789", "310150123456789"),
    ("VEHICLE_IDENTIFICATION_NUMBER", "VIN 1HGCM82633A004352.", "1HGCM82633A004352"),
    ("PASSPORT", "passport number 123456789", "123456789"),
    ("PASSPORT", "my passport is AB1234567", "AB1234567"),
    ("MEDICAL_RECORD_NUMBER", "MRN 00123456", "00123456"),
    ("GENERIC_ID", "order number AB12C345", "AB12C345"),
    ("GENERIC_ID", "my reference is ABC-123-XYZ", "ABC-123-XYZ"),  # letters, a hyphen, digits
    ("GENERIC_ID", "the code is K7P-2QX", "K7P-2QX"),
    ("GENERIC_ID", "The booking reference is QXTTPL.", "QXTTPL"),  # a booking code, no digit
    ("GENERIC_ID", "the booking reference is qx7tpl", "qx7tpl"),
    ("GENERIC_ID", "confirmation code: 8KD2PQ", "8KD2PQ"),
    # An identifier's letters said apart from its digits, after the word for it.
    ("GENERIC_ID", "my member number is XKW 88412 0031", "XKW 88412 0031"),
    ("GENERIC_ID", "my mileageplus number is ka 449 102 37", "ka 449 102 37"),
    ("GENERIC_ID", "her prescription number is rx 7741093", "rx 7741093"),
    ("USER_NAME", "I log in as mkokafor.", "mkokafor"),
    ("USER_NAME", "i'm signed in under kf_88 usually", "kf_88"),
    ("USER_NAME", "The Wi-Fi network is called Okafor_Home_5G and", "Okafor_Home_5G"),
    ("USER_NAME", "the network name is VM4471229", "VM4471229"),
    ("USER_NAME", "my Venmo is @deshawn-wm", "@deshawn-wm"),  # a hyphen inside a handle
    ("USER_NAME", "my Cash App is $DeshawnWM", "$DeshawnWM"),
    ("USER_NAME", "my venmo is deshawnwm", "deshawnwm"),
    ("SWIFT_CODE", "swift code DEUTDEFF500", "DEUTDEFF500"),
    ("SWIFT_CODE", "BIC: NWBKGB2L", "NWBKGB2L"),
    ("VAT_NUMBER", "VAT DE123456789", "DE123456789"),
    ("ICD9_CODE", "ICD-9 diagnosis 250.00", "250.00"),
    ("ICD10_CODE", "ICD-10 code E11.9", "E11.9"),
    ("URL", "see https://example.com/a?b=c.", "https://example.com/a?b=c"),
    ("URL", "go to www.example.org/page now", "www.example.org/page"),
    ("STORAGE_SIGNED_URL",
     "https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4&X-Goog-Signature=abc123",
     "https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4&X-Goog-Signature=abc123"),
    ("STORAGE_SIGNED_POLICY_DOCUMENT", "policy eyJleHBpcmF0aW9uIjoiMjAyMC0wMS0wMVQwMDowMDowMFoifQ==", None),
    ("DOMAIN_NAME", "visit example.com or shop.example.co.uk", "example.com"),
    ("IP_ADDRESS", "from 192.168.0.1 today", "192.168.0.1"),
    ("IP_ADDRESS", "v6 2001:db8::8a2e:370:7334 ok", "2001:db8::8a2e:370:7334"),
    ("IP_ADDRESS", "loopback ::1 and fe80::1ff:fe23:4567:890a", "fe80::1ff:fe23:4567:890a"),
    ("MAC_ADDRESS", "mac 00:1A:2B:3C:4D:5E", "00:1A:2B:3C:4D:5E"),
    ("MAC_ADDRESS", "cisco 001a.2b3c.4d5e", "001a.2b3c.4d5e"),
    ("MAC_ADDRESS_LOCAL", "mac 02-00-5E-10-00-01", "02-00-5E-10-00-01"),
    ("HTTP_COOKIE", "Cookie: session=abc123; theme=dark", "Cookie: session=abc123; theme=dark"),
    ("ADVERTISING_ID", "IDFA 6D92078A-8246-4BA4-AE5B-76104861E7DC", "6D92078A-8246-4BA4-AE5B-76104861E7DC"),
    ("DATE", "on 03/15/2021 we met", "03/15/2021"),
    ("DATE", "on 2021-03-15 we met", "2021-03-15"),
    ("DATE", "on March 5th, 1990 we met", "March 5th, 1990"),
    ("DATE", "on 5 March 1990 we met", "5 March 1990"),
    ("DATE_OF_BIRTH", "I was born on 04/12/1985", "04/12/1985"),
    ("DATE_OF_BIRTH", "DOB: 1985-12-04", "1985-12-04"),
    ("DATE_OF_BIRTH", "my birthday is July 4", "July 4"),
    ("TIME", "meet at 14:30 or 2:30 pm", "14:30"),
    ("TIME", "call at 9am", "9am"),
    ("AGE", "I'm 42 years old", "42"),
    ("AGE", "patient aged 67", "67"),
    ("GENDER", "gender: female", "female"),
    ("ETHNIC_GROUP", "she is Hispanic", "Hispanic"),
    ("MEDICAL_TERM", "diagnosed with diabetes", "diabetes"),
    ("US_STATE", "I live in New York", "New York"),
    ("US_STATE", "Austin, TX 78701", "TX"),
    ("US_ZIP", "Austin, TX 78701", "78701"),
    ("US_ZIP", "zip code 90210", "90210"),
    ("US_ZIP", "12345-6789", "12345-6789"),
    ("CANADA_POSTAL_CODE", "Toronto ON M5V 2T6", "M5V 2T6"),
    ("CANADA_POSTAL_CODE", "montréal qc h2x 1z4", "h2x 1z4"),  # a lower-case transcript
    ("STREET_ADDRESS", "I live at 14 Lark Rise, Bicester", "14 Lark Rise"),  # a British street type
    ("STREET_ADDRESS", "I live at 123 Main Street, Apt 4B", "123 Main Street, Apt 4B"),
    ("STREET_ADDRESS", "Flat 2B, 41 Queen's Road, Leeds", "Flat 2B, 41 Queen's Road"),  # the unit first
    ("STREET_ADDRESS", "shipping to apt 12, 480 Mission St", "apt 12, 480 Mission St"),
    ("STREET_ADDRESS", "I live at 22 Oak Lane, Flat 3", "22 Oak Lane, Flat 3"),
    ("STREET_ADDRESS", "I live in a flat, 22 Oak Lane", "22 Oak Lane"),  # no unit: "a flat"
    ("STREET_ADDRESS", "it's 1600 pennsylvania avenue northwest", "1600 pennsylvania avenue northwest"),
    ("STREET_ADDRESS", "at 1600 Pennsylvania Ave NW, Washington", "1600 Pennsylvania Ave NW"),
    ("STREET_ADDRESS", "ship to 42 w elm ave", "42 w elm ave"),
    ("STREET_ADDRESS", "it's 1550 peachtree st ne atlanta", "1550 peachtree st ne"),  # no capitals
    ("STREET_ADDRESS", "we moved from 221 w 79th st apt 5c to plano", "221 w 79th st apt 5c"),  # numbered
    ("LOCATION_COORDINATES", "at 37.7749, -122.4194 now", "37.7749, -122.4194"),
    ("USER_NAME", "my username is enigma52", "enigma52"),
    ("USER_NAME", "user ID: Mrbigchef", "Mrbigchef"),
    ("USER_NAME", "follow @jane_doe99 for more", "@jane_doe99"),
    ("EMAIL_ADDRESS", "it's scott jackson at gmail dot com", "jackson at gmail dot com"),
    ("EMAIL_ADDRESS", "marika @ falcon dot io", "marika @ falcon dot io"),
    ("URL", "go to w w w dot example dot org slash pricing", "w w w dot example dot org slash pricing"),
    ("URL", "redwood dot com slash support", "redwood dot com slash support"),
    ("DOMAIN_NAME", "try gmail dot com", "gmail dot com"),
    ("AGE", "she is fifty-five years old", "fifty-five"),
    ("AGE", "he turned forty last week", "forty"),
    ("AGE", "Better, thanks. She's 61 now, can you believe it.", "61"),
    ("AGE", "She's 61.", "61"),
    ("AGE", "she's seventy eight Hope. she can't keep track.", "seventy eight"),
    ("AGE", "she's seventy eight hope she can't keep track", "seventy eight"),
    ("AGE", "he's eighty something but yeah", "eighty"),
    ("AGE", "when she was six so they could be closer", "six"),
    ("AGE", "and Bob's seventy three, I couldn't lift it", "seventy three"),
    ("AGE", "her grandmother's eighty nine and can't walk on sand", "eighty nine"),
    ("AGE", "isn't he like twenty five?", "twenty five"),
    ("AGE", "how old is he now, ninety?", "ninety"),   # the question in the same turn
    ("AGE", "one hundred years old and still sharp", "one hundred"),
    ("AGE", "she's a hundred and two", "a hundred and two"),  # a hundred and what follows, whole
    ("AGE", "my son joey wants his own line, hes 14. can he be on my acct", "14"),  # typed in chat
    ("AGE", "shes 76 and her knees are bad", "76"),
    ("AGE", "Reverend Young, bless him, he's, like, eighty-seven--", "eighty-seven"),
    ("AGE", "flew in from Lagos-- she's ninety-one-- and danced", "ninety-one"),  # a dash breaks off
    ("AGE", "he wouldn't stop climbing ladders at seventy six years of age", "seventy six"),
    ("AGE", "he'll be ninety in june", "ninety"),  # an age to come, a time after it
    ("AGE", "He'll be eighty this summer, we're planning a party.", "eighty"),
    ("AGE", "She got it for me for the birthday, I'll be seventy-two.", "seventy-two"),
    ("AGE", "and she'll be ninety, can you believe it.", "ninety"),  # a clause ends after it
    ("AGE", "i cant believe hes gonna be 13.", "13"),
    ("AGE", "its my little boy alfie hes 3 hes got a temperature", "3"),
    ("AGE", "she's uh fourteen she's the one who really wanted it", "fourteen"),  # a hesitation
    ("AGE", "they've got a son tyler who's nine", "nine"),  # "who" takes someone up
    ("AGE", "a man in there angus who is like eighty-two", "eighty-two"),
    ("AGE", "my son cole is nine he's on a little league team", "nine"),  # a given name and "is"
    ("AGE", "my son is six", "six"),  # a relative and "is"
    ("USER_NAME", "the request is under user ID camilobluejay.", "camilobluejay"),
    ("USER_NAME", "Username bryand, last login", "bryand"),
    ("DATE_OF_BIRTH", "born on the twentieth of may nineteen ninety-three",
     "twentieth of may nineteen ninety-three"),  # "the" is no part of the date
    ("DATE_OF_BIRTH", "my birthday is August sixteenth, nineteen seventy-two",
     "August sixteenth, nineteen seventy-two"),
    ("US_EMPLOYER_IDENTIFICATION_NUMBER", "EIN 12-3456789", "12-3456789"),
    ("US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER", "ITIN 912-70-1234", "912-70-1234"),
    ("US_HEALTHCARE_NPI", "NPI 1234567893", "1234567893"),
    ("US_DEA_NUMBER", "DEA number AB1234563", "AB1234563"),
    ("US_PASSPORT", "passport C12345678", "C12345678"),
    ("US_DRIVERS_LICENSE_NUMBER", "driver's license D1234567", "D1234567"),
    ("US_TOLLFREE_PHONE_NUMBER", "call 1-800-555-0199 now", "1-800-555-0199"),
    ("CANADA_PASSPORT", "passport AB123456", "AB123456"),
    ("CANADA_DRIVERS_LICENSE_NUMBER", "licence A1234-56789-01234", "A1234-56789-01234"),
    ("CANADA_OHIP", "OHIP 1234-567-897-AB", "1234-567-897-AB"),
    ("CANADA_BC_PHN", "PHN 9876 543 218", "9876 543 218"),
    ("CANADA_QUEBEC_HIN", "RAMQ ABCD 1234 5678", "ABCD 1234 5678"),
    ("CANADA_BANK_ACCOUNT", "account 12345-003-1234567", "12345-003-1234567"),
]


@pytest.mark.parametrize("info_type,text,expected", FOUND)
def test_finds(info_type, text, expected):
    found = quotes(text, info_type)
    if expected is None:
        assert found, f"{info_type} not found"
    else:
        assert expected in found


NOT_FOUND = [
    ("BLOOD_TYPE", "we had a positive talk"),  # a group and a sign with no word 'blood'
    ("BLOOD_TYPE", "she got a B+ in maths"),  # a grade
    ("BLOOD_TYPE", "the blood test was fine, grade B+ overall, so a positive result"),  # too far
    ("BLOOD_TYPE", "blood type is A1"),  # no such group
    ("BLOOD_TYPE", "the blood type of the donor is on file"),
    ("CRIME_STATUS", "the criminal court is on Main Street"),
    ("CRIME_STATUS", "new staff are on probation for three months"),
    ("CRIME_STATUS", "a prison drama on TV"),
    ("RELIGIOUS_TERM", "christian music is on the radio"),  # a religion word alone
    ("RELIGIOUS_TERM", "the church on Main Street"),
    ("RELIGIOUS_TERM", "my temple hurts"),  # the side of the head
    ("POLITICAL_TERM", "the Democrats won the vote"),  # a party named, not in the first person
    ("POLITICAL_TERM", "I'm a liberal arts student"),
    ("SEXUAL_ORIENTATION", "my boyfriend picked me up"),  # a relationship is not a statement
    ("SEXUAL_ORIENTATION", "I'm straight with you"),
    ("SEXUAL_ORIENTATION", "I came out of the shop"),
    ("TRADE_UNION", "the European Union said"),
    ("TRADE_UNION", "they sang in unison"),
    ("MARITAL_STATUS", "the married couple next door"),
    ("MARITAL_STATUS", "I separated the eggs"),
    ("EMPLOYMENT_STATUS", "the retired jersey"),
    ("EMPLOYMENT_STATUS", "they fired the cannon"),
    ("EMPLOYMENT_STATUS", "a trip for when I'm retired"),  # a hope, not a status
    ("IMMIGRATION_STATUS", "pay by Visa"),  # the card, no possessive
    ("IMMIGRATION_STATUS", "an undocumented API"),
    ("IMMIGRATION_STATUS", "the old lunatic asylum"),
    ("DEMOGRAPHIC_DATA", "the form has a field for gender"),
    ("CRIME_STATUS", "a national sex offenders register"),  # the register, not a person
    ("GERMANY_SCHUFA_ID", "Kundennummer 4471029385"),  # no 'SCHUFA' before it
    ("GERMANY_SCHUFA_ID", "SCHUFA score 97"),  # too short
    ("FINANCIAL_ID", "card 4111 1111 1111 1112"),  # a member's checksum still applies
    ("FINANCIAL_ID", "order 000123456789"),  # an account shape, no account word
    ("CREDIT_CARD_NUMBER", "card 4111 1111 1111 1112"),  # Luhn fails
    ("CREDIT_CARD_NUMBER", "4111 1111 1111 1"),  # 13 digits with prefix 4 but Luhn fails
    ("CREDIT_CARD_NUMBER", "490154203237518"),  # Luhn-valid but Visa has no 15-digit numbers
    ("CREDIT_CARD_NUMBER", "9111111111111111"),  # no issuer
    ("CREDIT_CARD_TRACK_NUMBER", "%B4111111111111112^DOE/JANE^2512101000000000?"),
    ("IBAN_CODE", "GB82 WEST 1234 5698 7654 33"),  # mod 97 fails
    ("CRYPTO_WALLET_ADDRESS", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5"),  # checksum fails
    ("CRYPTO_WALLET_ADDRESS", "bc1qw508d6qejxtdg4y5r3zaRVARY0C5XW7KV8F3T4"),  # mixed case
    ("CRYPTO_WALLET_ADDRESS", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"),  # a testnet address
    ("CRYPTO_WALLET_ADDRESS", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3"),  # checksum fails
    ("CRYPTO_WALLET_ADDRESS", "session 1AbCdEfGhJkLmNpQrStUvWxYz123456789"),  # a token's shape
    ("CRYPTO_WALLET_ADDRESS", "hash 0x4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"),
    ("CRYPTO_WALLET_ADDRESS", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"),  # EIP-55 case fails
    ("US_SOCIAL_SECURITY_NUMBER", "123-45-0000"),
    ("US_SOCIAL_SECURITY_NUMBER", "666-45-6789"),
    ("US_SOCIAL_SECURITY_NUMBER", "order 123456789"),  # bare nine digits, no hotword
    ("US_SOCIAL_SECURITY_NUMBER", "123-45-67890"),
    ("CANADA_SOCIAL_INSURANCE_NUMBER", "SIN 130 692 545"),  # Luhn fails
    ("CANADA_SOCIAL_INSURANCE_NUMBER", "it is 046 454 286"),  # no SIN starts with 0 ...
    ("ROUTING_NUMBER", "routing number 021000022"),  # checksum fails
    ("ROUTING_NUMBER", "021000021"),  # valid but no hotword: could be anything
    ("IMEI_HARDWARE_ID", "IMEI 490154203237519"),
    ("IMEI_HARDWARE_ID", "IMEI 4901542032375"),
    ("ICCID_NUMBER", "sim 8944500102198304827"),
    ("ICCID_NUMBER", "sim 894450010219830"),
    ("IMSI_ID", "310150123456789"),
    ("VEHICLE_IDENTIFICATION_NUMBER", "VIN 1HGCM82633A004353"),  # check digit fails
    ("VEHICLE_IDENTIFICATION_NUMBER", "VIN 1HGCM82633A00435"),  # 16 characters
    ("PASSPORT", "order 123456789"),
    ("PASSPORT", "order k1234567"),  # lower-case passport shape without "passport"
    ("UK_POSTAL_CODE", "on the A1 2nd floor"),  # an ordinal, not an inward code
    ("LICENSE_PLATE_NUMBER", "AB12 later"),
    ("LICENSE_PLATE_NUMBER", "the plate was fine in 2020"),
    ("LICENSE_PLATE_NUMBER", "ab12 cde"),  # a UK shape in lower case needs a hotword
    ("STREET_ADDRESS", "I sent it via email 2 days ago"),
    ("CREDIT_CARD_EXPIRATION_DATE", "the offer expires at nine thirty"),
    ("IBAN_CODE", "gb82 west 1234 5698 7654 33"),  # mod 97 fails
    ("MEDICAL_RECORD_NUMBER", "invoice 00123456"),
    ("GENERIC_ID", "the year 2021 was long"),
    ("GENERIC_ID", "CUSTOMER SERVICE"),
    ("SWIFT_CODE", "CUSTOMER"),
    ("SWIFT_CODE", "ABCDXXFF"),  # XX is no country
    ("ICD9_CODE", "it costs 250.00"),
    ("URL", "a sentence. Another one"),
    ("DOMAIN_NAME", "file.txt and e.g. this"),
    ("DOMAIN_NAME", "mail jane@example.com"),
    ("IP_ADDRESS", "version 256.1.1.1"),
    ("IP_ADDRESS", "at 10:30:00 we"),
    ("IP_ADDRESS", "1.2.3.4.5"),
    ("MAC_ADDRESS", "mac 02-00-5E-10-00-01"),  # locally administered: MAC_ADDRESS_LOCAL
    ("MAC_ADDRESS", "00:1A:2B:3C:4D"),
    ("MAC_ADDRESS_LOCAL", "00:1A:2B:3C:4D:5E"),
    ("DATE", "score 13/13/2021"),
    ("DATE", "version 1.2.3"),
    ("DATE_OF_BIRTH", "the meeting is on 04/12/2025"),
    ("TIME", "ratio 25:61"),
    ("AGE", "I have 500 years"),
    ("AGE", "room 42"),
    ("AGE", "I'll be ten, maybe fifteen minutes late"),  # a time, not an age to come
    ("AGE", "this is gonna be ten."),
    ("US_STATE", "in, and the"),
    ("US_ZIP", "I have 90210 apples"),
    ("CANADA_POSTAL_CODE", "D5V 2T6"),  # D is not a Canadian first letter
    ("CANADA_POSTAL_CODE", "the model h2x1z4 is out"),  # lower-case, with no space: a code of another kind
    ("STREET_ADDRESS", "cross two lines 2000 103 giving rise to effects"),  # a page, then a verb
    ("STREET_ADDRESS", "I have 3 big dogs"),
    ("STREET_ADDRESS", "It's a 2 bedroom flat, about 750 square feet."),  # what a home has
    ("STREET_ADDRESS", "after 20 1st class stamps"),
    ("STREET_ADDRESS", "#SJMC 2014 4th Estate slideshow"),  # a year and the press
    ("LOCATION_COORDINATES", "at 97.7749, -122.4194"),  # latitude over 90
    ("USER_NAME", "my username is"),
    ("USER_NAME", "mail jane@example.com"),
    ("EMAIL_ADDRESS", "meet me at the office"),
    ("URL", "gmail dot com"),  # a spoken domain without www or a path
    ("AGE", "the warranty is 5 years"),  # a duration
    ("AGE", "They're 5."),  # a candidate only (it may count them): "how old" lifts it
    ("AGE", "I was 15 minutes late"),  # a number that counts something else
    ("AGE", "you are one of my favourite people"),
    ("AGE", "he was six feet tall"),
    ("AGE", "I'm five foot two"),
    ("AGE", "he's 5'11"),
    ("AGE", "she's 5-3 and tiny"),  # a height, not broken off by a dash
    ("AGE", "Play your CD's, 8 - tracks, reel to reels"),  # a comma ends who is said to be
    ("AGE", "I'm two steps ahead"),
    ("AGE", "I'm five thirty"),
    ("AGE", "that's three now"),
    ("AGE", "there's five of them"),
    ("AGE", "the store's ten minutes away"),
    ("AGE", "the bill is twenty"),  # a given name of the lists after a determiner is a thing
    ("AGE", "the score is nine nil"), ("AGE", "that is nine"),
    ("AGE", "Because the excess is, like, a hundred."),
    ("AGE", "he's like a hundred and fifty pounds"),  # a weight: the number is read whole
    ("EMAIL_ADDRESS", "I'm at kaylafox.hair"),  # where to find her, after a contraction
    ("AGE", "the team who's nine points clear"),
    ("USER_NAME", "what user name you log in with?"),
    ("USER_NAME", "i sign in with google"),
    ("USER_NAME", "the network is called the internet"),
    ("USER_NAME", "my paypal is the same as my email"),
    ("USER_NAME", "I log in as a guest"),
    ("GENERIC_ID", "your booking reference is attached"),
    ("GENERIC_ID", "the booking was fine, thanks"),
    ("GENERIC_ID", "You'll get a code at 718-555-0106 whenever"),  # a phone, digits only
    ("GENERIC_ID", "sort code 20-45-77"),
    ("GENERIC_ID", "my number is uh 449 102 37"),  # a filler, not the number's letters
    ("GENERIC_ID", "my number is plus 44 7700 900123"),
    ("GENERIC_ID", "the number is in 2019 somewhere"),
    ("USER_NAME", "Do you have your user ID handy?"),
    ("US_STATE", "badge ID 12345"),
    ("USER_NAME", "I can handle her request"),
    ("PHONE_NUMBER", "call 555-01"),
    ("PHONE_NUMBER", "the date was 03.06.1952"),  # eight digits, and a date
    ("PHONE_NUMBER", "sort code 20-32-10, account 12345678"),
    ("PHONE_NUMBER", "version 0.12.345 is out"),
    ("PHONE_NUMBER", "The order number is 114-2290371-5581."),
    ("US_EMPLOYER_IDENTIFICATION_NUMBER", "EIN 07-3456789"),  # 07 is no IRS campus prefix
    ("US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER", "912-45-1234"),  # group 45 is not ITIN
    ("US_HEALTHCARE_NPI", "NPI 1234567890"),  # check digit fails
    ("US_HEALTHCARE_NPI", "1234567893"),  # valid, but no hotword
    ("US_DEA_NUMBER", "DEA AB1234567"),  # check digit fails
    ("US_PASSPORT", "order C12345678"),
    ("US_DRIVERS_LICENSE_NUMBER", "order D1234567"),
    ("US_TOLLFREE_PHONE_NUMBER", "call 1-415-555-0199"),
    ("CANADA_OHIP", "OHIP 1234-567-890-AB"),  # Luhn fails
    ("CANADA_OHIP", "order id 1234-567-897"),  # Luhn-valid, but no hotword
    ("CANADA_OHIP", "my cell is 3777047766"),
    ("CANADA_BC_PHN", "my cell is 9329914167"),  # mod 11 valid, but no hotword
    ("CANADA_BC_PHN", "PHN 9876 543 217"),  # mod 11 fails
    ("CANADA_BC_PHN", "PHN 8876 543 218"),  # does not start with 9
]


@pytest.mark.parametrize("info_type,text", NOT_FOUND)
def test_does_not_find(info_type, text):
    assert quotes(text, info_type) == set()


def test_ssn_bare_digits_are_unlikely_until_a_hotword():
    assert quotes("order 123456789", "US_SOCIAL_SECURITY_NUMBER", "UNLIKELY") == {"123456789"}
    assert quotes("SSN 123456789", "US_SOCIAL_SECURITY_NUMBER", "VERY_LIKELY") == {"123456789"}


def test_date_of_birth_needs_a_hotword_but_date_does_not():
    text = "the meeting is on 04/12/2025"
    assert quotes(text, "DATE") == {"04/12/2025"}
    assert quotes(text, "DATE_OF_BIRTH") == set()


def test_triggers_skip_texts_without_the_trigger():
    assert quotes("no digits here at all", "CREDIT_CARD_NUMBER") == set()
    assert quotes("", "EMAIL_ADDRESS") == set()
