"""The review card says where each scored item sits (a turn, a speaker label, a field) and
highlights it there (issue #30)."""
from __future__ import annotations

import re

from veil.risk.report import build_report
from veil.risk.stats import summarise


def row() -> dict:
    return {
        "id": "c1", "context": "voicemail", "score": 9, "source": "audit", "direct_identifier": True,
        "turns": [{"speaker": "agent", "text": "Hello [PERSON_NAME_1]."},
                  {"speaker": "Jane Smith", "text": "Call me on 415 555 0134."}],
        "items": [
            {"info_type": "PHONE_NUMBER", "partial": False, "speaker": False, "score": 4, "count": 1,
             "mentions": [{"turn": 1, "start": 11, "end": 23}]},
            {"info_type": "PERSON_NAME", "partial": False, "speaker": True, "score": 3, "count": 1,
             "fields": ["turns[1].speaker"]},
            {"info_type": "EMAIL_ADDRESS", "partial": False, "speaker": False, "score": 2, "count": 1,
             "fields": ["caller.note"]},
        ],
        "field_texts": {"caller.note": "mail jane@example.com"},
    }


def card(page: str) -> str:
    """The first card only (the page shows it again among the highest scores)."""
    start = page.index('id="conv-1"')
    return page[start:page.index('class="conversation"', start)]


def test_each_item_says_its_turn_label_or_field():
    rows = [row()]
    page = card(build_report(summarise(rows, sample_size=5), rows))
    cells = re.findall(r"<tr><td>([A-Z_]+)</td><td>([^<]*)</td>", page)
    assert cells == [("PHONE_NUMBER", "turn 2 (Jane Smith)"),
                     ("PERSON_NAME", "speaker label of turn 2"),
                     ("EMAIL_ADDRESS", "field caller.note")]


def test_items_are_highlighted_where_they_sit():
    rows = [row()]
    page = card(build_report(summarise(rows, sample_size=5), rows))
    marked = re.findall(r"<mark[^>]*>(.*?)</mark>", page)
    assert "415 555 0134" in marked  # in the turn
    assert "Jane Smith" in marked  # the speaker label
    assert "mail jane@example.com" in marked  # the field's written value, whole (no value kept)
    assert "<code>caller.note</code>" in page
