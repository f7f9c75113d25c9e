"""The Unicode disguises of issue #34 (item 7): each a turn, the value it hides as written
(an exact substring of the turn), and the value's type."""
from __future__ import annotations

ZWSP, RLO, PDF, CYRILLIC_O = "\u200b", "\u202e", "\u202c", "\u043e"


def fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


# (name, turn text, the value as written in it, its type)
DISGUISES = [
    ("email broken by zero-width spaces",
     f"Sure, it's dana{ZWSP}.cho@exam{ZWSP}ple.com, thanks.",
     f"dana{ZWSP}.cho@exam{ZWSP}ple.com", "EMAIL_ADDRESS"),
    ("phone digits broken by zero-width spaces",
     f"Call me back on 415{ZWSP}-555{ZWSP}-0132 after six.",
     f"415{ZWSP}-555{ZWSP}-0132", "PHONE_NUMBER"),
    ("email written backwards behind a right-to-left override",
     f"My address is {RLO}moc.elpmaxe@ohc.anad{PDF} if you need it.",
     "moc.elpmaxe@ohc.anad", "EMAIL_ADDRESS"),
    ("name written backwards behind a right-to-left override",
     f"This is {RLO}ohC anaD{PDF} calling about my order.",
     "ohC anaD", "PERSON_NAME"),
    ("email with a Cyrillic o",
     f"Write to dana.ch{CYRILLIC_O}@example.com please.",
     f"dana.ch{CYRILLIC_O}@example.com", "EMAIL_ADDRESS"),
    ("full-width email",
     f"My email is {fullwidth('dana.cho@example.com')} okay?",
     fullwidth("dana.cho@example.com"), "EMAIL_ADDRESS"),
    ("full-width name",
     f"My name is {fullwidth('Dana')} {fullwidth('Cho')}, the account holder.",
     f"{fullwidth('Dana')} {fullwidth('Cho')}", "PERSON_NAME"),
    ("card number written with dots",
     "The card is 4111.1111.1111.1111, expiring soon.",
     "4111.1111.1111.1111", "CREDIT_CARD_NUMBER"),
]

# The disguises that hide a direct identifier (a name alone is not one).
DIRECT = [d for d in DISGUISES if d[3] != "PERSON_NAME"]
