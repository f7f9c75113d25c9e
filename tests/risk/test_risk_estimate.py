"""The auditor's calibrated estimate: hits weighed, misses allowed for, an interval, a verdict."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tests.conftest import run_job, write_jsonl
from tests.support.estimate_ends import calibrated_end
from veil.risk.calibration import with_auditor_interval
from veil.risk.estimate import (
    SPEECH, WRITTEN, EstimateMoments, FittedTable, case_form, conversation_estimate,
    estimate_interval, estimate_mean_plus_std, item_features, load_fitted_table, logistic,
)
from veil.risk.stats import summarise
from veil.risk.table import DEFAULT_CALIBRATION, AuditorCalibration, calibration_for_job

TABLE = FittedTable(
    precision={"written|PERSON_NAME|spacy:model": 0.5},
    type_precision={"written|PERSON_NAME": 0.2, "speech|PERSON_NAME": 1.0},
    recall={"written|PERSON_NAME": 0.5, "speech|PERSON_NAME": 0.25},
    low=0.5, high=1.5)


def item(info_type="PERSON_NAME", score=5, detector="spacy:model", **extra):
    return {"info_type": info_type, "score": score, "detector": detector, **extra}


def test_the_case_form_is_read_from_the_output():
    assert case_form(["hi this is [PERSON_NAME_1] from leeds", "i live on main street"]) == SPEECH
    assert case_form(["Hi, this is [PERSON_NAME_1] from Leeds."]) == WRITTEN
    assert case_form(["hi this is mark. i live in leeds"]) == WRITTEN  # punctuation: written


def test_each_hit_is_weighed_by_its_chance_of_being_real_and_divided_by_recall():
    expected, variance = conversation_estimate([item(), item()], WRITTEN, TABLE)
    p, worth = 0.5, 5 / 0.5
    assert expected == pytest.approx(2 * p * worth)
    assert variance == pytest.approx(2 * p * (1 - p) * worth ** 2)
    # A detector the table has no figure for falls back on the type's (0.2).
    assert conversation_estimate([item(detector="rules:dictionary")], WRITTEN, TABLE)[0] == pytest.approx(2.0)
    # ASR-style: certain (p = 1, no variance), but recall 0.25: the item counts four times over.
    assert conversation_estimate([item()], SPEECH, TABLE) == (pytest.approx(20.0), 0.0)


def test_unlabelled_types_and_field_items_count_in_full():
    expected, variance = conversation_estimate(
        [item("EMAIL_ADDRESS", 4, "rules:regex"), item(score=5, fields=["caller"])], WRITTEN, TABLE)
    assert (expected, variance) == (9.0, 0.0)
    # Items of no score, or outside the types asked about, add nothing.
    assert conversation_estimate([item(score=0)], WRITTEN, TABLE) == (0.0, 0.0)
    assert conversation_estimate([item("URL", 2)], WRITTEN, TABLE, frozenset({"PERSON_NAME"})) == (0.0, 0.0)


def test_mean_plus_std_adds_each_conversations_own_uncertainty():
    # E = 0 and 4 (mean 2, variance 4), V = 0 and 2 (mean 1): std = sqrt(4 + 1).
    assert estimate_mean_plus_std([(0.0, 0.0), (4.0, 2.0)]) == pytest.approx(2 + math.sqrt(5))
    a, b = EstimateMoments().add(0.0, 0.0), EstimateMoments().add(4.0, 2.0)
    assert a.merge(b).figures()["mean_plus_std"] == pytest.approx(2 + math.sqrt(5), abs=1e-6)
    assert EstimateMoments().figures() is None


def test_the_figures_do_not_depend_on_the_order_workers_merge_in():
    """Float sums differ in their last bits with the order of addition, and a rounded figure
    then flips its last digit (Flink merged a corpus's moments in another order than the local
    runner); the sums are exact, so every order gives the same figures."""
    import random

    rows = [(random.Random(seed).uniform(0, 40) / 7, random.Random(seed + 1).uniform(0, 3) / 3,
             random.Random(seed + 2).choice([0.0, 5.0, 13.0 / 3])) for seed in range(0, 600, 3)]
    figures = set()
    for order in range(20):
        shuffled = rows[:]
        random.Random(order).shuffle(shuffled)
        parts = [EstimateMoments() for _ in range(1 + order % 7)]
        for index, row in enumerate(shuffled):
            parts[index % len(parts)].add(*row)
        merged = EstimateMoments()
        for part in reversed(parts) if order % 2 else parts:
            merged.merge(part)
        figures.add((json.dumps(merged.figures(), sort_keys=True), tuple(vars(merged).values())))
    assert len(figures) == 1
    # and a float sum of the same rows does differ with the order, in its last bits
    sums = {sum(c * e for e, _, c in random.Random(order).sample(rows, len(rows))) for order in range(20)}
    assert len(sums) > 1


def test_the_interval_holds_or_misses_and_the_verdict_is_the_estimates_or_its_upper_ends():
    inside = estimate_interval(4.0, TABLE, threshold=5.0)
    assert (inside["low"], inside["high"]) == (2.0, 6.0)
    assert inside["low"] <= 5.5 <= inside["high"] and not inside["low"] <= 7.0 <= inside["high"]
    assert inside["passes"] is True and inside["borderline"] is True  # 4 is below 5; 6 is not
    upper = estimate_interval(4.0, TABLE, threshold=5.0, verdict_on="upper")
    assert upper["passes"] is False  # 6 is not below 5, though the estimate is
    assert estimate_interval(3.0, TABLE, threshold=5.0, verdict_on="upper")["passes"] is True
    assert estimate_interval(2.0, TABLE, threshold=5.0)["borderline"] is False  # 1-3
    assert estimate_interval(6.0, TABLE, threshold=5.0)["passes"] is False


def test_the_fitted_table_loads_and_covers_the_auditors_labelled_types():
    from veil.run.config import load_config

    table = load_fitted_table()
    auditor_types = {t.name for t in load_config("auditor").inspect_config.info_types}
    for form in (WRITTEN, SPEECH):
        for info_type in ("PERSON_NAME", "LOCATION", "ORGANIZATION_NAME"):
            assert info_type in auditor_types
            assert 0 < table.type_precision[f"{form}|{info_type}"] < 1
            assert 0 < table.recall_of(form, info_type) <= 1
    assert all(0 < p < 1 for p in table.precision.values())
    assert 0 < table.low < table.high and 0 < table.level < 1
    assert "dev sets" in table.fitted_on
    # The job's default calibration is the fitted table's interval, on the weighted estimate.
    assert (DEFAULT_CALIBRATION.low, DEFAULT_CALIBRATION.high) == (table.low, table.high)
    assert DEFAULT_CALIBRATION.weighted is True
    # Beside it, the table fitted on the rules-only job's output alone: its own figures and a
    # narrower interval (what a job without a model leaves is more alike from text to text).
    rules_only = load_fitted_table(rules_only=True)
    assert "rules-only job alone" in rules_only.fitted_on and "rules-only job alone" not in table.fitted_on
    assert rules_only.item_model != table.item_model
    assert 0 < rules_only.low < rules_only.high
    assert rules_only.high / rules_only.low < table.high / table.low


def test_a_job_without_a_model_takes_the_table_fitted_on_rules_only_output():
    rules_only = load_fitted_table(rules_only=True)
    chosen = calibration_for_job(DEFAULT_CALIBRATION, model_ran=False)
    assert chosen.rules_only and (chosen.low, chosen.high) == (rules_only.low, rules_only.high)
    assert chosen.measured_on == rules_only.fitted_on and chosen.fitted_table() == rules_only
    # A job with a model keeps the default; so does a calibration the user set.
    assert calibration_for_job(DEFAULT_CALIBRATION, model_ran=True) == DEFAULT_CALIBRATION
    by_hand = AuditorCalibration(low=0.5, high=1.5)
    assert calibration_for_job(by_hand, model_ran=False) == by_hand
    assert calibration_for_job(None, model_ran=False) is None
    # How the verdict is taken stays as set.
    upper = DEFAULT_CALIBRATION.model_copy(update={"verdict_on": "upper"})
    assert calibration_for_job(upper, model_ran=False).verdict_on == "upper"


def rows(scores, estimates):
    return [{"id": str(i), "context": "calls", "score": s, "items": [], "source": "audit",
             "estimate": {"expected": e, "variance": 0.0, "form": WRITTEN}}
            for i, (s, e) in enumerate(zip(scores, estimates))]


def test_the_verdict_follows_the_estimate_not_the_raw_count():
    # The raw count fails (mean + std = 10); the estimate (1 each) passes even at 1.5 times.
    summary = summarise(rows([10, 10, 0, 0], [1.0, 1.0, 1.0, 1.0]), threshold=5.0)
    assert summary["total"]["estimate"]["mean_plus_std"] == pytest.approx(1.0)
    out = with_auditor_interval(summary, AuditorCalibration(low=0.5, high=1.5))
    interval = out["total"]["auditor_interval"]
    assert interval["basis"] == "calibrated estimate" and interval["raw"] == pytest.approx(10.0)
    assert (interval["estimate"], interval["high"]) == (pytest.approx(1.0), pytest.approx(1.5))
    assert out["passes"] is True and out["total"]["decided_by"] == ["auditor"]
    # Unweighted, the same calibration is applied to the raw count, which fails.
    raw = with_auditor_interval(summarise(rows([10, 10, 0, 0], [1.0] * 4), threshold=5.0),
                                AuditorCalibration(low=0.5, high=1.5, weighted=False))
    assert raw["total"]["auditor_interval"]["basis"] == "raw count" and raw["passes"] is False


LEAKY = [
    "Hello, this is Margaret Thornton calling about my order.",
    "Sure, can you confirm the address?",
    "It is 14 Elm Street in Springfield, and my colleague Rajesh Patel placed it.",
]


def test_the_job_summary_and_report_carry_the_estimate_and_its_interval(tmp_path: Path):
    """A real run (the minimal profile finds no names; the auditor does), written and ASR-style."""
    records = [{"id": f"w{i}", "context": "calls", "turns": [{"speaker": s, "text": t}
                for s, t in zip(["caller", "agent", "caller"], LEAKY)]} for i in range(4)]
    records += [{"id": f"s{i}", "context": "asr", "turns": [
        {"speaker": s, "text": t.lower().replace(",", "").replace(".", "").replace("?", "")}
        for s, t in zip(["caller", "agent", "caller"], LEAKY)]} for i in range(4)]
    out = tmp_path / "out"
    result = run_job("--input", str(write_jsonl(tmp_path / "in.jsonl", records)), "--output", str(out),
                     "--detectors", "rules")
    assert result.returncode == 0, result.stderr
    summary = json.loads((out / "risk" / "summary.json").read_text())
    conversations = [json.loads(line) for part in sorted((out / "risk").glob("conversations-*"))
                     for line in part.read_text().splitlines()]
    table = load_fitted_table(rules_only=True)  # `--detectors rules`: no model ran
    forms = {row["id"][0]: row["estimate"]["form"] for row in conversations}
    assert forms == {"w": WRITTEN, "s": SPEECH}
    for row in conversations:  # each row's estimate is the estimator's, from its own items
        assert any(i.get("detector") for i in row["items"])
        # Each auditor item says the chance it was weighed by (the item model's, from its text).
        chances = [i.get("p") for i in row["items"]]
        assert all(0 < p <= 1 for p in chances if p is not None)
        assert any(p is not None and p < 1 for p in chances)  # the names: weighed, not counted
        expected, variance = conversation_estimate(row["items"], row["estimate"]["form"], table,
                                                   chances=chances)
        # (each p is written to 4 places)
        assert row["estimate"]["expected"] == pytest.approx(expected, rel=1e-3)
        assert row["estimate"]["variance"] == pytest.approx(variance, rel=1e-3)
        assert expected != row["score"]  # weighed, not counted
        # The street address is a type no fitting set labels: counted in full, not weighed.
        counted = sum(i["score"] for i in row["items"] if i["info_type"] not in table.types())
        assert counted > 0 and row["estimate"]["counted"] == pytest.approx(counted, rel=1e-3)
    total = summary["total"]
    expected = estimate_mean_plus_std([(r["estimate"]["expected"], r["estimate"]["variance"])
                                       for r in conversations])
    assert total["estimate"]["mean_plus_std"] == pytest.approx(expected, abs=1e-4)
    interval = total["auditor_interval"]
    assert interval["basis"] == "calibrated estimate"
    assert interval["measured_on"] == table.fitted_on  # the report says which table
    assert interval["raw"] == pytest.approx(total["mean_plus_std"], abs=1e-4)
    assert interval["estimate"] == pytest.approx(expected, abs=1e-3)
    # The interval scales what was weighed, not what was counted: each conversation's end is
    # counted + k * (expected - counted), its variance k squared times the estimate's.
    for k, end in ((table.low, interval["low"]), (table.high, interval["high"])):
        assert end == pytest.approx(calibrated_end(conversations, k), abs=1e-3)
    assert expected * table.low < interval["low"] and interval["high"] < expected * table.high
    assert summary["passes"] is (interval["estimate"] < 5.0) and summary["passes"] is False
    # The job's own summary and the report say it too.
    job = json.loads((out / "job_summary.json").read_text())
    assert job["risk"]["auditor_interval"]["estimate"] == interval["estimate"]
    page = (out / "risk" / "report.html").read_text()
    assert "estimated (hits weighed" in page and "counted: mean + std" in page
    assert f"auditor's estimate {interval['estimate']:.2f}" in result.stdout + result.stderr


def scored(value, info_type="PERSON_NAME", detector="spacy:model", texts=(), **extra):
    from veil.risk.scoring import ScoredItem

    return ScoredItem(info_type=info_type, partial=extra.pop("partial", False), speaker=False,
                      score=5, count=extra.pop("count", 1), value=value, detector=detector, **extra)


def test_an_item_shows_whether_it_is_an_ordinary_word_shouting_repeated_or_mid_sentence():
    texts = ["Send it by Email to Margaret Thornton.", "BEST price ever, said Thornton"]
    email = scored("Email", mentions=((0, 11, 16),))
    name = scored("Margaret Thornton", count=2, mentions=((0, 20, 37), (1, 22, 30)))
    best = scored("BEST", mentions=((1, 0, 4),))
    assert item_features(email, texts)["common"] and item_features(email, texts)["mid_capital"]
    facts = item_features(name, texts)
    assert not facts["common"] and facts["multi_word"] and facts["repeated"] and facts["mid_capital"]
    facts = item_features(best, texts)
    assert facts["all_caps"] and not facts["mid_capital"]  # it opens the turn
    # A row without values reads the value from its mention in the text.
    row_item = {"info_type": "PERSON_NAME", "score": 5, "count": 1, "detector": "spacy:model",
                "mentions": [{"turn": 0, "start": 11, "end": 16}]}
    assert item_features(row_item, texts) == item_features(email, texts)
    assert item_features(scored("Leeds", "LOCATION", "rules:dictionary"), [])["location"]


def test_an_item_shows_whether_its_turn_capitalises_everything_or_is_not_english():
    texts = ["Thanks For The Great Job You Did", "Girllllll you are the best",
             "ecco anche io volevo una spalla su cui piangere", "we met Margaret Thornton there"]
    job = item_features(scored("Job", mentions=((0, 20, 23),)), texts)
    girl = item_features(scored("Girllllll", mentions=((1, 0, 9),)), texts)
    spalla = item_features(scored("spalla su cui", mentions=((2, 31, 44),)), texts)
    name = item_features(scored("Margaret Thornton", mentions=((3, 7, 24),)), texts)
    assert job["title_case"] and not job["foreign"] and not job["elongated"]
    assert girl["elongated"] and not girl["title_case"]
    assert spalla["foreign"] and not spalla["title_case"]
    assert not (name["title_case"] or name["elongated"] or name["foreign"])


def test_the_item_model_weighs_each_item_by_what_it_shows():
    weights = {"bias": 0.0, "common": -2.0, "partial": 1.0}
    table = FittedTable(type_precision={"written|PERSON_NAME": 0.9}, recall={"written|PERSON_NAME": 1.0},
                        item_model={WRITTEN: weights})
    texts = ["I sent the Email to Margaret"]
    common = scored("Email", mentions=((0, 11, 16),))
    name = scored("Margaret", mentions=((0, 20, 28),))
    assert table.item_probability(common, WRITTEN, texts) == pytest.approx(logistic(weights, {"common": True}))
    assert table.item_probability(name, WRITTEN, texts) == pytest.approx(0.5)
    assert conversation_estimate([common, name], WRITTEN, table, texts=texts)[0] == pytest.approx(
        5 * (1 / (1 + math.exp(2.0)) + 0.5))
    # No item model for the form, or a type the sets do not label: the per-kind figures.
    assert table.item_probability(name, SPEECH, texts) == 1.0
    assert table.item_probability(scored("a@b.org", "EMAIL_ADDRESS"), WRITTEN, texts) == 1.0


def test_the_shipped_item_model_counts_ordinary_words_less():
    table = load_fitted_table()
    assert set(table.item_model) == {WRITTEN, SPEECH}
    written = table.item_model[WRITTEN]
    assert written["common"] < 0 and written["all_caps"] < 0 and written["partial"] > 0
    # The dictionary's hits in ASR-style text are mostly ordinary words ("haven", "mall").
    assert table.item_model[SPEECH]["dictionary"] < 0


@pytest.fixture(scope="module")
def real_hits():
    """The auditor's hits on real held-out posts (BTC section F, never fitted on), each with
    whether it lies on a person's, place's or organisation's gold span: a real labelled sample."""
    import gzip

    from veil.risk.audit import from_audit
    from veil.risk.auditor import ResidualAuditor
    from veil.risk.scoring import score_items
    from veil.run.config import load_config

    path = Path(__file__).resolve().parents[2] / "data" / "ner" / "test-btc-f.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line, _ in zip(handle, range(300))]
    auditor = ResidualAuditor(load_config("auditor"))
    hits = []
    for record in records:
        texts = [record["text"]]
        items = score_items(from_audit(texts, auditor.detect(texts)))
        for item in items:
            if item.score <= 0 or item.info_type not in ("PERSON_NAME", "LOCATION", "ORGANIZATION_NAME"):
                continue
            real = any(span["start"] < end and start < span["end"] for span in record["pii"]
                       for _, start, end in item.mentions if start is not None)
            hits.append((item, texts, real))
    return hits


def test_on_real_posts_the_item_model_weighs_ordinary_word_hits_down(real_hits):
    """The estimate moves the right way: the item model gives the auditor's hits on gold PI a
    higher chance than its hits on ordinary words, and counts the ordinary words less than the
    per-kind figures (one chance per form, type and detector) do."""
    table = load_fitted_table()
    real = [(i, t) for i, t, r in real_hits if r]
    false = [(i, t) for i, t, r in real_hits if not r]
    assert len(real) >= 20 and len(false) >= 20

    def mean(values):
        return sum(values) / len(values)

    by_item = {id(i): table.item_probability(i, WRITTEN, t) for i, t, _ in real_hits}
    by_kind = {id(i): table.probability(WRITTEN, i.info_type, i.detector) for i, _, _ in real_hits}
    assert mean([by_item[id(i)] for i, _ in real]) > mean([by_item[id(i)] for i, _ in false])
    gap_item = mean([by_item[id(i)] for i, _ in real]) - mean([by_item[id(i)] for i, _ in false])
    gap_kind = mean([by_kind[id(i)] for i, _ in real]) - mean([by_kind[id(i)] for i, _ in false])
    assert gap_item > gap_kind
    # Among the false hits, the ordinary words are the ones weighed down.
    ordinary = [by_item[id(i)] for i, t in false if item_features(i, t)["common"]]
    other = [by_item[id(i)] for i, t in false if not item_features(i, t)["common"]]
    assert ordinary and other and mean(ordinary) < mean(other)


def test_the_interval_scales_what_was_weighed_and_leaves_what_was_counted():
    from veil.risk.estimate import scaled_mean_plus_std

    counted_only = EstimateMoments()
    for score in (4, 4, 5, 0):  # emails and cards: counted in full
        counted_only.add(score, 0.0, score)
    figures = counted_only.figures()
    assert scaled_mean_plus_std(figures, 0.3) == pytest.approx(figures["mean_plus_std"])
    assert scaled_mean_plus_std(figures, 1.9) == pytest.approx(figures["mean_plus_std"])
    weighed_only = EstimateMoments()
    for expected, variance in ((4.0, 1.0), (2.0, 0.5), (0.0, 0.0)):
        weighed_only.add(expected, variance)
    figures = weighed_only.figures()
    assert scaled_mean_plus_std(figures, 1.9) == pytest.approx(1.9 * figures["mean_plus_std"])
    mixed = EstimateMoments().add(5.0, 0.0, 5.0).add(3.0, 1.0, 0.0)
    low, mid, high = (scaled_mean_plus_std(mixed.figures(), k) for k in (0.5, 1.0, 2.0))
    assert mid == pytest.approx(mixed.figures()["mean_plus_std"])
    # Only the weighed 3 moves: the ends lie between the whole estimate's and the counted 5's.
    assert 0.5 * mid < low < mid < high < 2.0 * mid

