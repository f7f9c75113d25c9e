"""The NER bench's batching: `predict` gets the turns as the job's largest batches, in order."""
from __future__ import annotations

import inspect

from models.handlers import ConversationModelHandler
from pipelines.bench.ner import JOB_BATCH_CHARS, job_batches


def test_turns_are_batched_in_order_up_to_the_cap():
    texts = ["a" * 5, "b" * 5, "c" * 20, "", "d", "e" * 9]
    batches = job_batches(texts, 10)
    assert batches == [["a" * 5, "b" * 5], ["c" * 20], ["", "d", "e" * 9]]
    assert [t for batch in batches for t in batch] == texts
    assert job_batches([], 10) == []


def test_the_cap_is_the_jobs_largest_batch():
    parameters = inspect.signature(ConversationModelHandler.__init__).parameters
    assert parameters["max_batch_chars"].default == JOB_BATCH_CHARS
