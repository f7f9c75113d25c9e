"""A relative dictionary path in a config is read from the config's folder (issue #34, item 10)."""
from __future__ import annotations

from pathlib import Path

from veil.detection.detect import ConversationDetector
from veil.io.storage import Storage
from veil.run.config import load_config, with_dictionary_files_read

CONFIG = """inspect_config:
  custom_info_types:
    - info_type: {name: PROJECT}
      dictionary: {cloud_storage_path: {path: lists/projects.txt}}
      likelihood: LIKELY
"""


def test_a_relative_dictionary_path_is_read_next_to_the_config(tmp_path: Path, monkeypatch):
    folder = tmp_path / "configs"
    (folder / "lists").mkdir(parents=True)
    (folder / "lists" / "projects.txt").write_text("Bluebird\n", encoding="utf-8")
    (folder / "job.yaml").write_text(CONFIG, encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "lists").mkdir(parents=True)
    (elsewhere / "lists" / "projects.txt").write_text("Decoy\n", encoding="utf-8")
    monkeypatch.chdir(elsewhere)  # the working directory has a file of the same relative name

    config, files = with_dictionary_files_read(load_config("../configs/job.yaml", Storage()), Storage())

    assert list(files) == [str(folder.resolve() / "lists" / "projects.txt")]
    found = ConversationDetector(config).detect(["the Bluebird launch, not Decoy"])
    assert [("the Bluebird launch, not Decoy"[f.start:f.end], f.info_type) for f in found] == [("Bluebird", "PROJECT")]


def test_absolute_paths_and_urls_are_kept(tmp_path: Path):
    (tmp_path / "terms.txt").write_text("Bluebird\n", encoding="utf-8")
    path = tmp_path / "job.yaml"
    path.write_text(CONFIG.replace("lists/projects.txt", str(tmp_path / "terms.txt")), encoding="utf-8")
    _, files = with_dictionary_files_read(load_config(str(path), Storage()), Storage())
    assert list(files) == [str(tmp_path / "terms.txt")]
    Storage().open("memory://cfg/lists/projects.txt", "wb").write(b"Bluebird\n")
    with Storage().open("memory://cfg/job.yaml", "wb") as handle:
        handle.write(CONFIG.encode())
    _, files = with_dictionary_files_read(load_config("memory://cfg/job.yaml", Storage()), Storage())
    assert list(files) == ["memory://cfg/lists/projects.txt"]
