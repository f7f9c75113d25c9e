"""Build Veil's list of medicines from the drug names drug-named-entity-recognition holds.

    pip install drug-named-entity-recognition english-words wordfreq   # build-time only
    python scripts/build_medicine_list.py     # writes veil/detection/engine/data/medicines.txt.gz

A caller says what they take ("he's on metformin", "she was prescribed sertraline", "I need my
Xanax refilled"), and what someone takes says what they have: health data, which GDPR counts as
a special category (Art. 9). MEDICAL_TERM's own list names conditions and procedures, and held
no medicine but insulin. drug-named-entity-recognition (Fast Data Science, MIT licence) maps
about 100,000 drug names and brand names to their substances; the names kept here are those of
substances MedlinePlus, the US National Library of Medicine's consumer health service, has a
page for (about 1,500): the medicines patients take, not every compound DrugBank lists.

A name is left out where it would redact an ordinary word or a person: a word Webster's
dictionary of 1934 lists (`web2`: "aspirin", "luminal", "emend", "armour"; GCIDE, which the
company list also reads, lists today's medicines too, "ibuprofen" and "advil", and is not read
here), a word the name lists hold ("Camila", "Kendrick"), a place, a word of four letters or
fewer, a name with a hyphen or a digit ("gas-x", "pin-x": a word and a letter), and a word
another language says often and English rarely ("ovide": a tweet in French is no
prescription). A name English says often because it is a medicine stays ("ibuprofen", "xanax",
"paracetamol"). Output: one name per line, sorted, gzip-compressed, deterministic bytes.
"""
from __future__ import annotations

import bz2
import os
import pickle
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from build_company_list import dictionary_word  # noqa: E402
from build_name_lists import main_writing  # noqa: E402

# The languages whose frequent words a drug name must not be (those of the real sets' tweets and
# of callers from abroad), how frequent is frequent there (Zipf scale), and by how much more than
# in English ("paracetamol" is as frequent in Dutch as in English, and a medicine in both).
OTHER_LANGUAGES = ("es", "fr", "de", "it", "pt", "nl", "id", "fil")
FREQUENT_ELSEWHERE = 3.0
MORE_THAN_IN_ENGLISH = 0.5
_SINGLE_NAME = re.compile(r"[a-z]{5,30}")
# Drug names English says of something else, read off the most frequent names kept: a character
# ("Theon"), a king ("Creon"), a surname ("Dagan"), a brand of oranges, capital expenditure, a
# toothpaste that is also a university ("Colgate").
SAID_OF_SOMETHING_ELSE = frozenset({"theon", "creon", "dagan", "sunkist", "capex", "colgate"})


def drug_names() -> dict[str, list[str]]:
    """The library's drug names, each with the substances it names."""
    import drug_named_entity_recognition

    path = os.path.join(os.path.dirname(drug_named_entity_recognition.__file__), "drug_ner_dictionary.pkl.bz2")
    with bz2.open(path, "rb") as handle:
        data = pickle.load(handle)
    on_medline = {name for name, facts in data["drug_canonical_to_data"].items() if "medline_plus_id" in facts}
    return {name: substances for name, substances in data["drug_variant_to_canonical"].items()
            if any(substance in on_medline for substance in substances)}


def keep(name: str, webster, name_words, is_place, frequent_elsewhere, organisations) -> bool:
    """Whether a drug name says a medicine and nothing else a list or a dictionary knows (a
    company's name, "Colgate" or "Exelon", is the company's)."""
    return (_SINGLE_NAME.fullmatch(name) is not None and name not in SAID_OF_SOMETHING_ELSE
            and not webster(name) and name not in name_words and name not in organisations
            and not is_place(name) and not frequent_elsewhere(name))


def build() -> set[str]:
    from wordfreq import zipf_frequency

    from veil.detection.engine.organisation_scanners import organisation_words
    from veil.detection.engine.word_lists import is_place_phrase, name_words

    webster = dictionary_word(("web2",))
    names = name_words()

    def frequent_elsewhere(word: str) -> bool:
        elsewhere = max(zipf_frequency(word, language) for language in OTHER_LANGUAGES)
        return elsewhere >= FREQUENT_ELSEWHERE and elsewhere > zipf_frequency(word, "en") + MORE_THAN_IN_ENGLISH

    organisations = {word for name in organisation_words() for word in (name, name.split()[0])}
    return {name for name in drug_names()
            if keep(name, webster, names, is_place_phrase, frequent_elsewhere, organisations)}


def main(argv: list[str] | None = None) -> None:
    main_writing(argv, __doc__.splitlines()[0], "medicines.txt.gz", build, "medicine names")


if __name__ == "__main__":
    main()
