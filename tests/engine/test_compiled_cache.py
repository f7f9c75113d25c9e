"""Start-up that does not grow with workers: compiled Hyperscan databases kept on disk, and one
warm detector per config per process (`shared_detector`)."""
from pathlib import Path

import pytest

from veil.run.config import load_config
from veil.detection.detect import ConversationDetector, shared_detector
from veil.detection.engine import prefilter
from veil.synth.generator import generate_records

needs_hyperscan = pytest.mark.skipif(not prefilter.available(), reason="hyperscan not installed")


def _texts() -> list[str]:
    return [t["text"] for record in generate_records(30, seed=5151) for t in record.get("turns") or []]


def _fresh(patterns) -> prefilter.Prefilter:
    prefilter._CACHE.clear()  # this process's databases: make the next build go to the disk
    built = prefilter.Prefilter(patterns)
    assert built.build()
    return built


@needs_hyperscan
def test_a_database_loaded_from_disk_gives_the_candidates_of_a_compiled_one(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("VEIL_COMPILE_CACHE", str(tmp_path))
    patterns = list(ConversationDetector(load_config("call_transcripts")).engine._prefilter.patterns)
    texts = _texts()
    compiled = _fresh(patterns)
    stored = list(tmp_path.glob("hyperscan-*.db"))
    assert len(stored) == 1
    calls = []
    monkeypatch.setattr(prefilter, "_compile", lambda p: calls.append(p) or (None, frozenset()))
    loaded = _fresh(patterns)
    assert calls == []  # read from disk, not compiled
    assert loaded.candidates_per_text(texts) == compiled.candidates_per_text(texts)
    assert any(c for c in loaded.candidates_per_text(texts))  # the comparison is not of nothing


@needs_hyperscan
def test_a_damaged_cache_entry_is_compiled_again(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("VEIL_COMPILE_CACHE", str(tmp_path))
    patterns = list(ConversationDetector(load_config("minimal")).engine._prefilter.patterns)
    texts = _texts()
    expected = _fresh(patterns).candidates_per_text(texts)
    (entry,) = tmp_path.glob("hyperscan-*.db")
    entry.write_bytes(entry.read_bytes()[:200])  # truncated, as by a full disk
    assert _fresh(patterns).candidates_per_text(texts) == expected
    assert entry.stat().st_size > 200  # written again, whole


@needs_hyperscan
def test_the_cache_can_be_turned_off(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("VEIL_COMPILE_CACHE", "0")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    patterns = list(ConversationDetector(load_config("minimal")).engine._prefilter.patterns)
    _fresh(patterns)
    assert not list(tmp_path.rglob("*.db"))


def test_one_detector_per_config_per_process():
    config = load_config("minimal")
    first = shared_detector(config)
    assert shared_detector(load_config("minimal")) is first  # equal configs, one detector
    assert shared_detector(config, memo=True) is not first  # the auditor's has a memo
    assert shared_detector(config, memo=True).turn_memo is not None and first.turn_memo is None
    other = shared_detector(load_config("call_transcripts"))
    assert other is not first
    text = ["Hi, this is Jane Doe, jane@example.com"]
    assert first.detect(text) == ConversationDetector(config).detect(text)


def test_the_launch_and_the_job_share_one_detector_whatever_detectors_are_chosen():
    """The launch compiles the config it loaded; the job's steps get it with the usable
    detectors chosen (`--detectors rules`): the same rules, so the same detector."""
    config = load_config("call_transcripts")  # rules and the hf model
    chosen = config.model_copy(update={"detectors": config.detectors.model_copy(update={"hf": None})})
    assert chosen.detectors != config.detectors
    assert shared_detector(chosen) is shared_detector(config)
    stricter = config.model_copy(update={"detection": config.detection.model_copy(
        update={"window_chars": config.detection.window_chars // 2})})
    assert shared_detector(stricter) is not shared_detector(config)
