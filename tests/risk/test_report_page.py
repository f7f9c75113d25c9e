"""The report privacy counsel read: highlights on what is left, provenance, a verdict that leads
with what fails, text to read, and a page `veil report` rebuilds byte for byte."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pipelines import report as report_cli
from tests.conftest import ROOT, run_job
from tests.risk.test_risk_report import Page
from veil.transform.anonymize import anonymize_texts
from veil.detection.detector_config import DetectorSettings, HfDetectorSettings
from veil.detection.findings import Finding, Likelihood
from veil.risk.gold import from_gold, in_output_text
from veil.risk.report import build_report
from veil.risk.stats import summarise
from veil.io.storage import Storage

ADDRESS = "Our address is 4821 Sparks Harbor Lock, Tucson."


def finding(text: str, value: str, info_type: str) -> Finding:
    start = text.index(value)
    return Finding(0, start, start + len(value), info_type, Likelihood.LIKELY, "test")


@pytest.mark.parametrize("redacted, left", [
    ([("4821", "DIGIT_SEQUENCE"), ("Sparks Harbor", "PERSON_NAME")], ["Lock"]),
    ([("Sparks", "PERSON_NAME")], ["4821", "Harbor Lock"]),
    ([], ["4821 Sparks Harbor Lock"]),
])
def test_gold_leftovers_are_found_in_the_anonymised_text(redacted, left):
    """Gold offsets refer to the original text; the report marks the anonymised one. They used
    to be applied as they were, so marks landed inside placeholders ("[DIGIT_SEQ**UENCE_1]")."""
    findings = [finding(ADDRESS, value, info_type) for value, info_type in redacted]
    (anonymised,), replacements = anonymize_texts([ADDRESS], findings)
    start = ADDRESS.index("4821")
    gold = [{"turn": 0, "start": start, "end": start + len("4821 Sparks Harbor Lock"),
             "info_type": "STREET_ADDRESS"}]
    (item,) = in_output_text(from_gold([ADDRESS], gold, findings), replacements)
    assert [anonymised[s:e] for _, s, e in item.spans()] == left
    assert item.partial == bool(redacted)


@pytest.fixture(scope="module")
def job(tmp_path_factory) -> Path:
    """The call-transcript profile's rules on 60 labelled sample conversations."""
    folder = tmp_path_factory.mktemp("report-job")
    lines = (ROOT / "data" / "sample.jsonl").read_text(encoding="utf-8").splitlines()[:60]
    source = folder / "sample60.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = folder / "out"
    result = run_job("--input", str(source), "--output", str(out), "--config", "call_transcripts",
                     "--detectors", "rules")
    assert result.returncode == 0, result.stderr
    return out


def _marks(html: str) -> list[tuple[str, str]]:
    """(text before the mark, marked text) for each <mark> in the page."""
    return [(m.group(1), m.group(2)) for m in re.finditer(r"([^>]{0,40})<mark[^>]*>(.*?)</mark>", html)]


@pytest.mark.slow
def test_marks_sit_on_leftovers_never_inside_placeholders(job: Path):
    html = (job / "risk" / "report.html").read_text(encoding="utf-8")
    marks = _marks(html)
    assert len(marks) > 5
    for before, marked in marks:
        assert "[" not in marked and "]" not in marked, marked
        assert not re.search(r"\[[A-Z_]*$", before), (before, marked)  # not inside [PLACEHOLDER
    rows = [json.loads(line) for line in (job / "risk" / "review.jsonl").read_text().splitlines()]
    for row in rows:
        for item in row["items"]:
            for mention in item.get("mentions", []):
                left = row["turns"][mention["turn"]]["text"][mention["start"]:mention["end"]]
                assert left.strip() and not re.search(r"[\[\]]", left), (row["id"], left)


@pytest.mark.slow
def test_provenance_in_the_report_and_the_job_summary(job: Path):
    page = Page((job / "risk" / "report.html").read_text(encoding="utf-8"))
    provenance = page.ids["provenance"]
    assert "gold labels" in page.ids["provenance-sources"] and "60 conversations" in provenance
    assert page.ids["provenance-records"] == "60 in, 60 written, 0 errored"
    assert "call_transcripts" in provenance and "rules" in provenance and "Veil version" in provenance
    summary = json.loads((job / "job_summary.json").read_text())
    assert summary["veil_version"] and summary["models"] == {}
    risk = json.loads((job / "risk" / "summary.json").read_text())
    assert risk["provenance"]["records"] == {"in": 60, "written": 60, "errored": 0}
    assert risk["total"]["sources"] == {"gold": 60}


def test_the_model_and_its_tuned_threshold_are_described(tmp_path: Path):
    from pipelines.anonymize import describe_models

    model = tmp_path / "ner"
    model.mkdir()
    (model / "veil_model.json").write_text(json.dumps({"threshold": 0.37, "labels": ["O"]}))
    described = describe_models(DetectorSettings(hf=HfDetectorSettings(model=str(model))), Storage())
    assert described == {"hf": {"model": str(model), "location": str(model), "threshold": 0.37}}
    override = DetectorSettings(hf=HfDetectorSettings(model=str(model), threshold=0.5))
    assert describe_models(override, Storage())["hf"]["threshold"] == 0.5


@pytest.mark.slow
def test_review_sample_and_highest_show_the_anonymised_text(job: Path):
    html = (job / "risk" / "report.html").read_text(encoding="utf-8")
    page = Page(html)
    review = [json.loads(line) for line in (job / "risk" / "review.jsonl").read_text().splitlines()]
    risk = json.loads((job / "risk" / "summary.json").read_text())
    top = risk["total"]["highest"][0]
    (row,) = [r for r in review if r["id"] == top["id"]]
    assert "top-1" in page.ids and top["id"] in page.ids["top-1"]
    first_words = row["turns"][0]["text"][:20]
    assert first_words.replace("<", "&lt;") in html
    assert "The risk files hold no conversation text" not in html


@pytest.mark.slow
def test_veil_report_rebuilds_the_same_page(job: Path, tmp_path: Path, capsys):
    page = job / "risk" / "report.html"
    first = page.read_bytes()
    rebuilt = tmp_path / "rebuilt.html"
    assert report_cli.main(["--risk", str(job / "risk"), "--out", str(rebuilt)]) == 0
    assert rebuilt.read_bytes() == first
    # Without review.jsonl (an older run) it still builds, and says what it cannot show.
    (job / "risk" / "review.jsonl").rename(tmp_path / "review.jsonl")
    try:
        capsys.readouterr()
        assert report_cli.main(["--risk", str(job / "risk"), "--out", str(rebuilt)]) == 0
        assert "The risk files hold no conversation text" in rebuilt.read_text()
        assert "has no review.jsonl" in capsys.readouterr().out
    finally:
        (tmp_path / "review.jsonl").rename(job / "risk" / "review.jsonl")


def test_one_conversation_is_singular_and_captions_name_both_lines():
    rows = [{"id": "a", "context": "voicemail", "score": 6, "direct_identifier": True,
             "items": [{"info_type": "PERSON_NAME", "partial": False, "speaker": False, "score": 5,
                        "count": 1}], "turns": [{"text": "Hi Marc"}]}]
    html = build_report(summarise(rows), rows)
    page = Page(html)
    text = "".join(page.text)
    assert "1 conversations" not in text
    assert "voicemail: 1 conversation; the dashed line is the threshold 5, the dotted line the " \
           "mean + std (6.0)." in text
    assert "1 conversation of 1 still holds a direct identifier" in page.ids["verdict-details"]
    assert "conversation still holds a direct identifier" in text  # the figure under it
    assert page.ids["verdict-headline"].startswith("The corpus fails")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="no /usr/bin/chromium")
def test_the_screenshot_script_renders_the_review_sample(job: Path, tmp_path: Path):
    import subprocess
    import sys

    png = tmp_path / "review.png"
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "screenshot_report.py"),
         str(job / "risk" / "report.html"), str(png), "--height", "900", "--anchor", "conv-1"],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 10_000


@pytest.mark.slow
def test_the_report_shows_speaker_labels_as_written_not_as_read(tmp_path: Path):
    """A speaker label that is a name is anonymised in the corpus; the report and review.jsonl
    must show the written label, never the input's."""
    from tests.conftest import read_jsonl_folder, write_jsonl

    record = {"id": "s1", "context": "support", "turns": [
        {"speaker": "Rachel Green", "text": "Hello, my email is rachel.green@example.com."},
        {"speaker": "agent", "text": "Thanks, noted."}]}
    source = write_jsonl(tmp_path / "in.jsonl", [record])
    out = tmp_path / "out"
    result = run_job("--input", str(source), "--output", str(out))
    assert result.returncode == 0, result.stderr
    (written,) = read_jsonl_folder(out / "corpus")
    label = written["turns"][0]["speaker"]
    (row,) = [json.loads(line) for line in (out / "risk" / "review.jsonl").read_text().splitlines()]
    assert label != "Rachel Green"  # record.speakers: auto replaces a label that is a name
    assert row["turns"][0].get("speaker") == label
    assert "Rachel Green" not in (out / "risk" / "review.jsonl").read_text()
    assert "Rachel Green" not in (out / "risk" / "report.html").read_text()
