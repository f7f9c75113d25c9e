"""The privacy report and the `veil risk` / `veil report` commands, end to end."""
import base64
import json
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pipelines import report as report_cli
from pipelines import risk as risk_cli
from veil.risk.report import build_report, highlight
from veil.risk.stats import summarise

TABLE_2_TEXT = """Person 1: (Dunder Mifflin)[MISSED_ORGANIZATION_NAME_SPEAKER], this
is [PERSON_NAME_1] (Green)[MISSED_PERSON_NAME_PARTIAL] speaking.
Person 2: Hi, this is [PERSON_NAME_2] from [ORGANIZATION_NAME_1],
we just ordered a set of paper and they have worse quality than (<i>staples</i>)[MISSED_ORGANIZATION_NAME].
We would like to return and get refund.
Person 1: Okay, what is the order number?
Person 2: It's B. [NUMERIC] C. for A. two.
Person 1: And the email for that order?
Person 2: It's (M-K two one)[MISSED_EMAIL_PARTIAL] [EMAIL_1]
"""


class Page(HTMLParser):
    """What a reader sees: table rows by table id, images, elements by id, all text."""

    def __init__(self, html):
        super().__init__()
        self.tables, self.images, self.ids, self.text = {}, [], {}, []
        self._table = self._row = self._cell = None
        self._open_ids = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids[attrs["id"]] = ""
            self._open_ids.append((tag, attrs["id"]))
        if tag == "table":
            self._table = attrs.get("id", f"table{len(self.tables)}")
            self.tables[self._table] = []
        elif tag == "tr" and self._table:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = ""
        elif tag == "img":
            self.images.append(attrs)

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append(self._cell.strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[self._table].append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None
        if self._open_ids and self._open_ids[-1][0] == tag:
            self._open_ids.pop()

    def handle_data(self, data):
        self.text.append(data)
        if self._cell is not None:
            self._cell += data
        for _, element_id in self._open_ids:
            self.ids[element_id] += data


def corpus():
    rows = []
    for i, (context, score) in enumerate([("Sales Calls", 0), ("Sales Calls", 3),
                                          ("Meetings", 6), ("Meetings", 0), ("Meetings", 2)]):
        rows.append({"id": f"c{i}", "context": context, "score": score,
                     "direct_identifier": score == 3,
                     "items": [{"info_type": "PERSON_NAME", "partial": True, "speaker": False,
                                "score": 3, "count": 2}] if score == 3 else [],
                     "turns": [{"speaker": "Agent", "text": f"Hello <b>{i}</b> Marc"}]})
    rows[1]["items"][0]["mentions"] = [{"turn": 0, "start": 15, "end": 19}]
    return rows


def test_report_has_table_4_verdict_histograms_and_sample():
    rows = corpus()
    summary = summarise(rows, sample_size=5, seed=1)
    page = Page(build_report(summary, rows))
    table = page.tables["risk-table"]
    assert table[0][:7] == ["Context", "Count", "Mean", "STD", "P95", "Max", "μ + σ"]
    assert [row[0] for row in table[1:]] == ["Meetings", "Sales Calls", "Total"]
    total = table[-1]
    assert total[1:7] == ["5", "2.2", "2.2", "5.4", "6", "4.4"]  # [0, 3, 6, 0, 2]
    # The total meets the criterion, but a context fails and a direct identifier is left: the
    # page leads with those, in amber, never with a green "passes" above them.
    assert page.ids["verdict-headline"] == (
        "1 context of 2 fails the criterion, though the corpus as a whole meets it "
        "(mean + std = 4.4, below 5).")
    assert page.ids["verdict-details"] == (
        "Meetings: mean + std = 5.2 is not below 5 (3 conversations)."
        "1 conversation of 5 still holds a direct identifier (a name, an email address, a phone, "
        "card or account number...): review them before use.")
    assert 'class="verdict warn"' in build_report(summary, rows)
    histograms = [img for img in page.images if img["src"].startswith("data:image/png;base64,")]
    assert len(histograms) == 3  # two contexts and the total
    png = base64.b64decode(histograms[0]["src"].split(",", 1)[1])
    assert png.startswith(b"\x89PNG")
    assert page.tables["top-types"][1][0] == "PERSON_NAME (partly left)"
    text = "".join(page.text)
    assert "Hello <b>1</b> Marc" in text  # the conversation's text, escaped, not markup


def test_report_is_self_contained():
    rows = corpus()
    html = build_report(summarise(rows), rows)
    assert "http://" not in html and "https://" not in html
    assert "<script" not in html and "<link" not in html


def test_failing_corpus_says_so():
    rows = [{"id": "a", "score": 9, "items": []}, {"id": "b", "score": 1, "items": []}]
    page = Page(build_report(summarise(rows), rows))
    assert page.ids["verdict-headline"] == "The corpus fails: mean + std = 9.0 is not below the threshold 5."


def test_highlight_escapes_and_marks():
    html = highlight("a <x> Marc", [(6, 10, "PERSON_NAME_PARTIAL: score 3", True)])
    assert str(html) == ('a &lt;x&gt; <mark class="partial" title="PERSON_NAME_PARTIAL: score 3">'
                         'Marc</mark>')


def test_risk_command_scores_table_2(tmp_path, capsys):
    source = tmp_path / "table2.txt"
    source.write_text(TABLE_2_TEXT)
    config = tmp_path / "job.yaml"
    config.write_text("inspect_config: {}\nrisk:\n  scores: {EMAIL_ADDRESS: 3}\n")
    out = tmp_path / "scores.json"
    assert risk_cli.main(["--annotated", str(source), "--config", str(config),
                          "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "table2\t-\t6\t" in printed
    assert "The corpus fails: mean + std = 6.0 is not below the threshold 5." in printed
    data = json.loads(out.read_text())
    assert data["conversations"][0]["score"] == 6
    assert "Green" not in out.read_text()  # no raw values unless asked for
    assert risk_cli.main(["--annotated", str(source), "--quiet", "--check"]) == 1


def test_risk_command_on_jsonl_writes_the_risk_directory(tmp_path):
    source = tmp_path / "annotated.jsonl"
    records = [
        {"id": "a", "context": "Support", "turns": [
            {"speaker": "Agent", "text": "Thanks for calling (Initech)[MISSED_ORGANIZATION_NAME_SPEAKER]."},
            {"speaker": "Caller", "text": "Hi, it's [PERSON_NAME_1] (Smith)[MISSED_PERSON_NAME_PARTIAL]."}]},
        {"id": "b", "context": "Support", "text": "No residual PI here, [PERSON_NAME_1]."},
        {"id": "c", "context": "Sales", "text": "(Marc)[MISSED_PERSON_NAME_PARTIAL] and (Mark)[MISSED_PERSON_NAME_PARTIAL]"},
    ]
    source.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    risk_dir = tmp_path / "risk"
    assert risk_cli.main(["--annotated", str(source), "--output", str(risk_dir),
                          "--with-text", "--quiet"]) == 0
    rows = [json.loads(line) for line in (risk_dir / "conversations.jsonl").read_text().splitlines()]
    assert [(r["id"], r["score"]) for r in rows] == [("a", 5), ("b", 0), ("c", 3)]
    assert rows[0]["turns"][0]["speaker"] == "Agent"
    summary = json.loads((risk_dir / "summary.json").read_text())
    assert summary["contexts"]["Support"]["count"] == 2 and summary["total"]["count"] == 3
    first = (risk_dir / "report.html").read_text()
    (risk_dir / "report.html").unlink()
    assert report_cli.main(["--risk", str(risk_dir)]) == 0
    rebuilt = (risk_dir / "report.html").read_text()
    assert rebuilt == first  # deterministic, and rebuilt from the files alone
    page = Page(rebuilt)
    assert [row[0] for row in page.tables["risk-table"][1:]] == ["Sales", "Support", "Total"]
    assert "<mark" in rebuilt


def test_report_command_reports_a_missing_directory(tmp_path, capsys):
    assert report_cli.main(["--risk", str(tmp_path / "nowhere")]) == 2
    assert "veil report" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="no /usr/bin/chromium")
def test_report_renders_in_a_headless_browser(tmp_path):
    rows = corpus()
    page = tmp_path / "report.html"
    page.write_text(build_report(summarise(rows), rows))
    png = tmp_path / "report.png"
    subprocess.run([
        "/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={png}",
        "--window-size=1280,2400", page.as_uri(),
    ], check=True, timeout=120, capture_output=True)
    assert png.exists() and png.stat().st_size > 10_000
