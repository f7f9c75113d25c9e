"""The accumulator works as a Beam CombineFn, and veil.risk itself never imports Beam."""
import subprocess
import sys

from veil.risk.stats import RiskCombiner, summarise


def test_veil_risk_does_not_import_beam():
    code = ("import sys, veil.risk, veil.risk.report, veil.risk.audit, veil.risk.gold; "
            "print('apache_beam' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"


def test_combiner_as_a_beam_combine_fn():
    import apache_beam as beam
    from apache_beam.testing.util import assert_that, equal_to

    class RiskCombineFn(RiskCombiner, beam.CombineFn):
        pass

    rows = [{"id": f"c{i}", "context": ["a", "b", "c"][i % 3], "score": (i * 7) % 11,
             "direct_identifier": i % 5 == 0, "items": []} for i in range(300)]
    expected = summarise(rows, threshold=5.0, sample_size=10, seed=3)
    with beam.Pipeline(runner="FnApiRunner") as pipeline:
        result = (pipeline | beam.Create(rows)
                  | beam.CombineGlobally(RiskCombineFn(5.0, 10, 3)))
        assert_that(result, equal_to([expected]))
