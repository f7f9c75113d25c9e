"""Which configured detectors can run, decided once at launch: the job fails closed.

A job that would run no detector at all writes its input unchanged, so it never starts. A
configured model that cannot run (not trained yet, a wrong path, torch not installed, weights
that do not load, or weights that load but fail the probe in `models.probe`) stops the job at
start, unless the user explicitly allows running without it (`--allow_missing_detectors`): then
the job runs with the detectors it has, logs a warning, and its summary lists the missing ones
with the reason (`detectors_missing`). The choice is made here, before the pipeline is built and
before any output is touched, so every worker runs the same detectors.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from veil.detection.detector_config import DetectorSettings, default_model_dir
from veil.run.errors import ConfigError
from veil.io.storage import Storage, is_remote


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


def probe_models(settings: DetectorSettings, storage: Storage, config) -> tuple[DetectorSettings, dict[str, str]]:
    """Load each configured model once and run it on the probe text (`models.probe`).

    Returns the detectors that passed, and why each other one failed: a truncated or
    mismatched weights file, or weights that tag every word, fail here, at launch, instead of
    on the workers after the job has started."""
    from models.probe import probe_hf, probe_spacy

    broken: dict[str, str] = {}
    update = {}
    if settings.hf:
        try:
            from models.hf_ner import load_classifier, resolve_model_dir

            problem = probe_hf(load_classifier(resolve_model_dir(settings.hf.model, storage), settings.hf))
        except Exception as error:  # whatever stops it loading stops the job, with the reason
            problem = f"it does not load ({type(error).__name__}: {error})"
        if problem:
            broken["hf"], update["hf"] = f"model {settings.hf.model!r}: {problem}", None
    if settings.spacy:
        try:
            from models.spacy_ner import SpacyDetector

            problem = probe_spacy(SpacyDetector.from_config(config.model_copy(update={"detectors": settings}), storage))
        except Exception as error:
            problem = f"it does not load ({type(error).__name__}: {error})"
        if problem:
            broken["spacy"], update["spacy"] = f"pipeline {settings.spacy.pipeline!r}: {problem}", None
    return settings.model_copy(update=update), broken


def refuse_unsafe_detectors(settings: DetectorSettings, missing: dict[str, str], allow_missing: bool) -> None:
    """Raise ConfigError when the job would fail open: no detector at all, or a configured one
    that cannot run while the user has not allowed running without it."""
    if missing and not allow_missing:
        lines = [f"detector {name} is configured but cannot run: {reason}" for name, reason in missing.items()]
        lines.append(
            "The job stops rather than write text that this detector did not read. Fix the detector "
            "(`veil train` creates the default model), choose others with --detectors, or pass "
            "--allow_missing_detectors to run without it.")
        raise ConfigError("\n".join(lines))
    if not settings.names:
        raise ConfigError(
            "no detector would run (detectors.rules is false and no model is configured or usable), "
            "so every record would be written unchanged: enable detectors.rules or configure a model")


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
