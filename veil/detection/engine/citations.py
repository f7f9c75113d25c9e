"""Authors cited by name and year: "(Lewis, Simons, & Fennig, 2014)", "Spang (1983) noted".

Documents (papers, reports, essays) name people in their citations, mostly surnames that no
name list holds ("Bassène", "Quilis") and that a model trained on conversation misses. The
shape says what they are: capitalised words before a year in parentheses. Two forms count:

- **in parentheses**: authors, separated by commas, "&" or "and", perhaps "et al.", then a
  year, opening the parentheses or following a ";" inside them ("(Dye & Bavelier, 2010;
  Feng et al., 2007)");
- **in the sentence**: one or two authors before "(year)" and a verb that reports what they
  wrote ("Spang (1983) noted", "Croft and Cruse (2004) argue"). Without the verb the shape is
  as often a film or a book ("Watchmen (2009)", "Brideshead Revisited (1945)").

Measured on the training and dev halves of data/ner (docs/names-in-speech.md): of the author
words the parenthesised form finds, 43 of 44 are gold person names (the other is a prize,
"(Nobel Physics1998)"); the form in the sentence is rare there (one author, a person). Cased
text only: an ASR-style copy has no parentheses left.

Pure functions of the text; `person_scanners` calls `cited_authors` among its name contexts.
"""
from __future__ import annotations

import re
from typing import Callable, Iterator

_NAME = r"[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?"
_YEAR = r"(?:1[5-9]|20)\d\d[a-z]?"
_SEPARATOR = r"(?:,[ \t]*&[ \t]*|,[ \t]*and[ \t]+|[ \t]*&[ \t]*|[ \t]+and[ \t]+|,[ \t]*)"
_ET_AL = r"(?:[ \t]+et[ \t]+al\.?)?"

IN_PARENTHESES = re.compile(
    rf"(?:\(|;[ \t]*)(?:see[ \t]+|e\.g\.,?[ \t]+|cf\.[ \t]+)?"
    rf"(?P<names>{_NAME}(?:{_SEPARATOR}{_NAME})*){_ET_AL},?[ \t]*{_YEAR}(?=[;,):])"
)
# Verbs of scholarly reporting, not those a product or a company takes as often ("uses",
# "introduced", "calls", "shows").
REPORTING_VERBS = (
    r"notes?|noted|argues?|argued|claims?|claimed|describes?|described|defines?|defined|finds?|"
    r"found|showed|suggests?|suggested|proposes?|proposed|reports?|reported|observes?|observed|"
    r"points? out|pointed out|writes?|wrote|explains?|explained|distinguishes|distinguished|"
    r"identifies|identified|demonstrates?|demonstrated|discusses|discussed|considers?|"
    r"considered|terms?|termed"
)
IN_THE_SENTENCE = re.compile(
    rf"(?P<names>{_NAME}(?:{_SEPARATOR}{_NAME})?){_ET_AL}(?:['’]s?)?[ \t]*\({_YEAR}(?:[,:][^)]{{0,20}})?\)"
    rf"[ \t]+(?:also[ \t]+|first[ \t]+|has[ \t]+|have[ \t]+|had[ \t]+)?(?:{REPORTING_VERBS})\b"
)
PATTERNS = (IN_PARENTHESES, IN_THE_SENTENCE)

_NAME_WORDS = re.compile(_NAME)
_POSSESSIVE_END = re.compile(r"['’]s?$")
_NOT_AUTHORS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec spring summer autumn fall winter "
    "in by on at see the a an of for and from to with as since until this that these those "
    "table figure fig chapter section page vol volume edition ed eds no".split()
)


def cited_authors(text: str, may_match: Callable[["re.Pattern[str]"], bool],
                  is_major_place: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """The author names of the citations in `text`, each name on its own (one or two
    capitalised words). A name with a month, a stopword or a caption word ("Table") is no
    author; nor is a lone major place ("(London, 2012)"), though one in a list of authors is
    ("(Lewis, Simons, & Fennig, 2014)")."""
    for pattern in PATTERNS:
        if not may_match(pattern):
            continue
        for match in pattern.finditer(text):
            offset = match.start("names")
            names = list(_NAME_WORDS.finditer(match.group("names")))
            for name in names:
                words = name.group().lower().replace("’", "'").split()
                if any(word.split("'")[0] in _NOT_AUTHORS for word in words):
                    continue
                if len(names) == 1 and is_major_place(" ".join(words)):
                    continue
                start = offset + name.start()
                yield start, start + len(_POSSESSIVE_END.sub("", name.group()))
