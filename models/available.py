"""Which configured models can run, decided once at launch.

A configured model that is not there (not trained yet, a wrong path, torch not installed) does
not stop the job: the job runs with the detectors it has, logs a warning, and its summary lists
the missing ones with the reason (`detectors_missing`). The choice is made here, before the
pipeline is built, so every worker runs the same detectors.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from veil.detector_config import DetectorSettings, default_model_dir
from veil.storage import Storage, is_remote


def _missing_packages(*names: str) -> str | None:
    absent = [name for name in names if importlib.util.find_spec(name) is None]
    return f"{', '.join(absent)} not installed" if absent else None


def _exists(location: str, storage: Storage, *marker: str) -> bool:
    """Whether `location` (a path or URL) holds one of the `marker` files."""
    if is_remote(location):
        fs, path = storage.filesystem(location)
        return any(fs.exists(f"{path.rstrip('/')}/{name}") for name in marker)
    root = Path(location.removeprefix("file://"))
    return any((root / name).exists() for name in marker)


def hf_model_problem(model: str, storage: Storage) -> str | None:
    problem = _missing_packages("torch", "transformers")
    if problem:
        return problem
    location = str(default_model_dir()) if model == "default" else model
    if not _exists(location, storage, "config.json"):
        hint = " (run `veil train` to create it)" if model == "default" else ""
        return f"no model at {location}{hint}"
    return None


def spacy_pipeline_problem(pipeline: str, storage: Storage) -> str | None:
    problem = _missing_packages("spacy")
    if problem:
        return problem
    from models.spacy_ner import SpacyPipelineUnavailable, check_spacy_pipeline

    try:
        check_spacy_pipeline(pipeline, storage)
    except SpacyPipelineUnavailable as error:
        return str(error)
    return None


def usable_detectors(settings: DetectorSettings, storage: Storage) -> tuple[DetectorSettings, dict[str, str]]:
    """The detectors that can run, and why each missing one cannot."""
    missing: dict[str, str] = {}
    update = {}
    if settings.hf:
        problem = hf_model_problem(settings.hf.model, storage)
        if problem:
            missing["hf"], update["hf"] = problem, None
    if settings.spacy:
        problem = spacy_pipeline_problem(settings.spacy.pipeline, storage)
        if problem:
            missing["spacy"], update["spacy"] = problem, None
    return settings.model_copy(update=update), missing


# Runners whose workers are other machines: a model on the submitter's disk is not there.
CLUSTER_RUNNERS = ("DataflowRunner", "TestDataflowRunner", "FlinkRunner", "SparkRunner", "SamzaRunner")


def cluster_runner_name(runner) -> str | None:
    """The runner's name (a name or a runner object) if its workers are other machines."""
    name = runner if isinstance(runner, str) else type(runner).__name__ if runner else ""
    return name if name.rsplit(".", 1)[-1] in CLUSTER_RUNNERS else None


def _on_this_machine(location: str) -> bool:
    return location == "default" or not is_remote(location)


def local_models_on_a_cluster(settings: DetectorSettings, runner: str | None) -> list[str]:
    """What a cluster's workers could not load: models named by a path on the submitter's disk.

    Each entry says how to fix it. An installed spaCy package name is fine: the workers'
    container installs it like any package."""
    name = cluster_runner_name(runner)
    if name is None:
        return []
    problems = []
    if settings.hf and _on_this_machine(settings.hf.model):
        problems.append(
            f"detectors.hf.model {settings.hf.model!r} is on this machine, which {name} workers cannot "
            "read: copy the model to object storage (`veil train --output gs://BUCKET/models/ner`) "
            "and set detectors.hf.model to that URL, or set detectors.hf to null to run without it")
    pipeline = settings.spacy.pipeline if settings.spacy else None
    if pipeline and (pipeline == "default" or "/" in pipeline or Path(pipeline).exists()) and _on_this_machine(pipeline):
        problems.append(
            f"detectors.spacy.pipeline {pipeline!r} is on this machine, which {name} workers cannot "
            "read: copy it to object storage and name that URL, or install it as a package in the "
            "workers' container")
    return problems
