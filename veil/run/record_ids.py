"""Record ids inspected on every record: an id that holds personal data is withheld.

The job copies each record's id into every output (`corpus/`, `findings/`, `errors/`, `risk/`
and the report), so an id must be an opaque key. The check at start (veil.run.field_sample)
refuses a job whose first records' ids look personal, but a sample cannot vouch for record
240. So under `record.ids: check` (the default) and `keep`, the rules read every record's id
too, and an id in which they find a direct identifier (an email, a phone, card or account
number...), or that holds two name words in a row ("anna.kowalski"), is withheld:

- it is replaced by `withheld-` and a digest of where the record is (its input file and
  line or row), never of the id itself: a digest of the value could be confirmed by guessing
  it (an unkeyed hash of an email is), and the record's place says nothing about its people.
  The same input read from the same place gives the same replacement on every run;
- the replacement is what `findings/`, `errors/`, `risk/` and the report name the record by,
  and what `corpus/` writes, unless the user keeps ids (`record.ids: keep`): then the corpus
  keeps the id as it was, and residual risk scores it like any field written;
- the job counts such records (`records.ids_withheld` in the job summary) and warns.

`record.ids: hash` replaces every id by a keyed hash already, which carries nothing: its ids
are not read here. Only string ids are read: a number keeps the column's type, and is the
sample check's to refuse.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from typing import Callable, Sequence

from veil.detection.speakers import is_name_word, label_words
from veil.risk.table import DEFAULT_TABLE

# Types that identify a person by their value alone, whatever the likelihood.
IDENTIFYING = frozenset(DEFAULT_TABLE.direct_identifiers) - {"PERSON_NAME"}
WITHHELD_PREFIX = "withheld-"


def personal_id_types(findings: Sequence, value: str) -> Counter:
    """The personal data an id holds, by type: direct identifiers the rules found in it, and
    PERSON_NAME for a first name followed by a name word ("john.smith", "AnnaKowalski")."""
    from veil.transform.operators.names import is_first_name

    types = Counter(f.info_type for f in findings if f.info_type in IDENTIFYING)
    words = [w for _, _, w in label_words(value)]
    if any(is_first_name(a) and is_name_word(b) for a, b in zip(words, words[1:])):
        types["PERSON_NAME"] += 1
    return types


def withheld_id(source: str, index: int) -> str:
    """The id that replaces a personal one: a digest of the record's place in the input."""
    digest = hashlib.sha256(f"{source}\x00{index}".encode("utf-8", "surrogatepass")).hexdigest()
    return WITHHELD_PREFIX + digest[:24]


def personal_ids(ids: Sequence[str | None], detect_many: Callable[[list[list[str]]], list[list]]
                 ) -> list[bool]:
    """Which of `ids` hold personal data (None: nothing to read). `detect_many` is the job's
    rules detector over conversations (`ConversationDetector.detect_many`): every id is read
    as a conversation of its own, all in one call."""
    read = [(i, value) for i, value in enumerate(ids) if value]
    out = [False] * len(ids)
    if not read:
        return out
    found = detect_many([[value] for _, value in read])
    for (i, value), findings in zip(read, found):
        out[i] = bool(personal_id_types(findings, value))
    return out
