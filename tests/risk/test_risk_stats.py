"""Corpus statistics against numpy, the criterion at its edge, and merging like a CombineFn."""
import pickle
import random

import numpy as np
import pytest

from veil.risk.stats import (RiskAccumulator, RiskCombiner, histogram_percentile, sample_key,
                             summarise)


def rows(scores, context=None, direct=()):
    return [{"id": f"c{i}", "context": context, "score": s, "direct_identifier": i in direct,
             "items": []} for i, s in enumerate(scores)]


def _samples():
    fixed = [[0], [5], [0, 2], [0, 0, 0, 3, 6], list(range(21)), [7] * 13]
    drawn = [[random.Random(seed).choice([0, 0, 0, 0, 1, 2, 3, 5, 6, 8, 11, 20])
              for _ in range(n)] for seed, n in [(1, 7), (2, 100), (3, 498), (4, 1000), (5, 99)]]
    return fixed + drawn


@pytest.mark.parametrize("scores", _samples())
def test_statistics_match_numpy(scores):
    total = summarise(rows(scores))["total"]
    array = np.array(scores)
    assert total["count"] == len(scores)
    assert total["mean"] == pytest.approx(array.mean(), abs=1e-12)
    assert total["std"] == pytest.approx(array.std(), abs=1e-12)          # ddof=0
    assert total["p95"] == pytest.approx(np.percentile(array, 95), abs=1e-12)
    assert total["max"] == array.max()
    assert total["mean_plus_std"] == pytest.approx(array.mean() + array.std(), abs=1e-12)
    assert total["share_above_threshold"] == pytest.approx((array > 5).mean())
    assert total["share_at_or_above_threshold"] == pytest.approx((array >= 5).mean())


@pytest.mark.parametrize("q", [0, 5, 50, 90, 95, 99, 100])
def test_percentiles_are_numpys_linear_method(q):
    scores = [random.Random(q).randrange(12) for _ in range(37)]
    histogram = {s: scores.count(s) for s in set(scores)}
    assert histogram_percentile(histogram, q) == pytest.approx(np.percentile(scores, q), abs=1e-12)


def test_verdict_flips_exactly_at_the_threshold():
    # scores 0 and 2: mean 1, std 1, mean + std = 2 exactly.
    data = rows([0, 2])
    assert summarise(data, threshold=2)["passes"] is False           # 2 < 2 is false
    assert summarise(data, threshold=2.000001)["passes"] is True
    assert summarise(data, threshold=1.999999)["passes"] is False
    assert summarise(rows([5] * 4), threshold=5)["passes"] is False  # a direct identifier each
    assert summarise(rows([4] * 4), threshold=5)["passes"] is True


def test_per_context_and_total_and_direct_identifiers():
    data = rows([0, 1, 6], "sales", direct={2}) + rows([3, 3], "support", direct={0, 1})
    for i, row in enumerate(data):
        row["id"] = f"id{i}"
    summary = summarise(data)
    assert set(summary["contexts"]) == {"sales", "support"}
    assert summary["contexts"]["sales"]["count"] == 3
    assert summary["contexts"]["support"]["with_direct_identifier"] == 2
    assert summary["total"]["count"] == 5 and summary["total"]["with_direct_identifier"] == 3
    assert summary["total"]["histogram"] == {"0": 1, "1": 1, "3": 2, "6": 1}
    for key in ("count", "mean", "std", "p95", "max", "mean_plus_std", "threshold", "passes",
                "share_above_threshold", "with_direct_identifier"):
        assert key in summary["total"] and key in summary["contexts"]["sales"]


def test_missing_context_is_grouped_as_unspecified():
    assert set(summarise(rows([1]))["contexts"]) == {"unspecified"}


def test_empty_corpus_has_no_verdict():
    summary = summarise([])
    assert summary["total"]["count"] == 0 and summary["passes"] is None


def _scored(n, seed):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        items = [{"info_type": "PERSON_NAME", "partial": True, "speaker": False, "score": 3,
                  "count": 1}] if rng.random() < 0.3 else []
        out.append({"id": f"conv-{i}", "context": rng.choice(["a", "b", "c"]),
                    "score": 3 * len(items) + rng.choice([0, 0, 2, 4]),
                    "direct_identifier": bool(items), "items": items})
    return out


def test_merging_partitions_equals_one_pass_in_any_order():
    data = _scored(400, 1)
    one_pass = summarise(data, sample_size=10, seed=7)
    combiner = RiskCombiner(sample_size=10, seed=7)
    shuffled = data[:]
    random.Random(2).shuffle(shuffled)
    partials = []
    for chunk in (shuffled[:50], shuffled[50:51], shuffled[51:300], shuffled[300:]):
        accumulator = combiner.create_accumulator()
        for row in chunk:
            accumulator = combiner.add_input(accumulator, row)
        partials.append(pickle.loads(pickle.dumps(accumulator)))  # as workers would ship it
    merged = combiner.merge_accumulators([combiner.merge_accumulators(partials[:2]),
                                          combiner.merge_accumulators(partials[2:])])
    assert combiner.extract_output(merged) == one_pass


def test_the_accumulator_keeps_a_bounded_number_of_rows_however_many_are_added():
    """The statistics combiner runs over every conversation of the corpus: what it keeps (the
    rows with their text, for the review sample and the highest scores) must not grow with it."""
    combiner = RiskCombiner(sample_size=5)
    accumulator = combiner.create_accumulator()
    pickled = {}
    for i, row in enumerate(_scored(4000, 5), start=1):
        row["turns"] = [{"text": "anonymised text " * 20}]  # as the job's rows carry their text
        accumulator = combiner.add_input(accumulator, row)
        if i in (1000, 4000):
            pickled[i] = len(pickle.dumps(accumulator))
    kept = sum(len(group.sample) + len(group.highest) for group in accumulator.contexts.values())
    assert kept <= 2 * 5 * 3  # the sample and the highest, per context (3 contexts)
    assert pickled[4000] <= pickled[1000] * 1.05


def test_review_sample_is_seeded_and_uniform_over_ids():
    data = _scored(200, 3)
    first = summarise(data, sample_size=15, seed=11)["total"]["review_sample"]
    again = summarise(list(reversed(data)), sample_size=15, seed=11)["total"]["review_sample"]
    other = summarise(data, sample_size=15, seed=12)["total"]["review_sample"]
    assert first == again and len(first) == 15 and len(set(first)) == 15
    assert first != other
    expected = sorted((row["id"] for row in data), key=lambda i: sample_key(11, i))[:15]
    assert first == expected


def test_highest_scoring_conversations_break_ties_by_id():
    summary = summarise(rows([1, 9, 9, 4]), sample_size=2)
    assert summary["total"]["highest"] == [{"id": "c1", "score": 9}, {"id": "c2", "score": 9}]


def test_top_info_types():
    summary = summarise(_scored(50, 4))
    top = summary["total"]["top_info_types"][0]
    assert top["tag"] == "PERSON_NAME_PARTIAL" and top["score"] == 3 * top["items"]


def test_accumulator_accepts_conversation_objects():
    from veil.risk.scoring import ResidualItem, score_conversation
    risk = score_conversation("x", [ResidualItem("PERSON_NAME", "Mark")], context="calls")
    summary = RiskAccumulator().add(risk).summary()
    assert summary["contexts"]["calls"]["with_direct_identifier"] == 1


def test_combiner_from_settings_describes_its_table():
    from veil.risk.table import parse_risk_settings
    combiner = RiskCombiner.from_settings(parse_risk_settings(
        {"threshold": 4, "scores": {"EMAIL_ADDRESS": 3}, "review_sample": 2, "seed": 5}))
    accumulator = combiner.create_accumulator()
    for row in rows([1, 2, 3]):
        combiner.add_input(accumulator, row)
    summary = combiner.extract_output(accumulator)
    assert summary["threshold"] == 4 and summary["review_sample"]["seed"] == 5
    assert summary["risk_table"]["scores"]["EMAIL_ADDRESS"] == 3
    assert len(summary["total"]["review_sample"]) == 2
