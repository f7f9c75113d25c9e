"""The local runner's memory does not grow with the corpus (issue #18).

Beam's local runner (FnApiRunner) runs a pipeline stage by stage and holds in memory every
PCollection that crosses from one stage to the next: the inputs of a GroupByKey, of a side
input, and of every multi-input Flatten (it never fuses those). Any such PCollection that
carries one element per record makes the job's memory grow with the number of records; a
Flatten of the finished records for the progress line did, from 455 to 691 MB over 1x-4x the
bench corpus. These tests plan the real job's stages as the runner does and check that only
small things (split descriptors, counts, run paths, accumulators, error entries) cross them.
"""
from __future__ import annotations

import apache_beam as beam
from apache_beam.options.pipeline_options import PipelineOptions
from apache_beam.runners.portability.fn_api_runner.fn_runner import FnApiRunner
from apache_beam.runners.worker import bundle_processor

from pipelines.anonymize import build_pipeline, plan_job
from pipelines.runner.options import with_local_default_runner
from tests.conftest import write_jsonl

# The outputs that carry one element per record (or a batch of records), as (leaf transform,
# output tag); a main output's tag is "None".
PER_RECORD = {
    ("Read/ReadSplit/ParDo(ReadSplitFn)", "None"),
    ("Parse/ParDo(ParseRecordFn)", "None"),
    ("Detect/RecordBatches/ParDo(_GlobalWindowsBatchingDoFn)", "None"),
    ("Detect/Rules/ParDo(RulesFn)", "None"),
    ("Detect/Merge", "None"),
    ("Anonymize/ParDo(AnonymizeFn)", "None"),
    ("Anonymize/ParDo(AnonymizeFn)", "anonymized"),
    ("ScoreRisk/AuditInputs", "None"),
    ("ScoreRisk/AuditSample", "None"),  # the audit sample's choice waits for no record
    ("AuditCutoff/Ranks", "None"),  # one rank per record, before the combine
    ("ScoreRisk/AuditorModel/WithTexts", "None"),
    ("ScoreRisk/AuditorModel/RunInference/BatchElements/ParDo(_GlobalWindowsBatchingDoFn)", "None"),
    ("ScoreRisk/AuditorModel/AddFindings/ParDo(AddModelFindingsFn)", "None"),
    ("ScoreRisk/Score/ParDo(ScoreRiskFn)", "None"),
    ("ScoreRisk/Score/ParDo(ScoreRiskFn)", "rows"),
}


def producers(pipeline: beam.Pipeline) -> dict[str, tuple[str, str]]:
    """PCollection id -> (producing leaf transform, output tag)."""
    proto = pipeline.to_runner_api()
    return {
        pcollection: (transform.unique_name, tag)
        for transform in proto.components.transforms.values() if not transform.subtransforms
        for tag, pcollection in transform.outputs.items()
    }


def buffered_outputs(pipeline: beam.Pipeline) -> set[tuple[str, str]]:
    """(producing leaf transform, tag) of every PCollection the local runner holds between
    stages, from the runner's own stage planning."""
    proto = pipeline.to_runner_api()
    made_by = producers(pipeline)
    _, stages = FnApiRunner().create_stages(proto)
    return {
        made_by.get(pcollection, (pcollection, ""))
        for stage in stages for transform in stage.transforms
        if transform.spec.urn == bundle_processor.DATA_OUTPUT_URN
        for pcollection in transform.inputs.values()
    }


def local_job(tmp_path) -> beam.Pipeline:
    corpus = write_jsonl(tmp_path / "in.jsonl", [
        {"id": f"c{i}", "turns": [{"speaker": "agent", "text": f"Call me on 555-010{i}."}]}
        for i in range(3)
    ])
    options = with_local_default_runner(PipelineOptions([
        "--input", str(corpus), "--output", str(tmp_path / "out"), "--config", "minimal",
        "--detectors", "rules",
    ]))
    plan = plan_job(options)
    plan.progress_folder = str(tmp_path / "progress")  # as a local run sets it: the progress line
    pipeline = beam.Pipeline(options=options)
    build_pipeline(pipeline, plan)
    return pipeline


def test_the_planning_sees_what_a_flatten_of_records_would_buffer(tmp_path):
    """The check itself can fail: a Flatten of the records is held between stages."""
    pipeline = local_job(tmp_path)
    applied = {t.full_label: t for t in pipeline.transforms_stack[0].parts}
    anonymized = applied["Anonymize"].outputs["anonymized"]
    _ = ((anonymized, anonymized.pipeline | beam.Create([])) | "Both" >> beam.Flatten()
         | "Count" >> beam.Map(len))
    assert ("Anonymize/ParDo(AnonymizeFn)", "anonymized") in buffered_outputs(pipeline)


def test_no_per_record_collection_is_held_between_stages(tmp_path):
    pipeline = local_job(tmp_path)
    # Every per-record output named above is in the job: a renamed stage fails here, not silently.
    assert PER_RECORD <= set(producers(pipeline).values()), PER_RECORD - set(producers(pipeline).values())
    buffered = buffered_outputs(pipeline)
    assert buffered, "the planning found no buffers at all: the check looks at nothing"
    assert not buffered & PER_RECORD, sorted(buffered & PER_RECORD)
