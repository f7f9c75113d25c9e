"""A job that runs no torch model does not import torch (models.torch_free), and gives the
same bytes as one that does.

Each case runs in a fresh interpreter, since what a process imports is the point.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import ROOT

# What a job without a torch model has no use for: torch itself, and what Beam's ModelManager
# imports with it.
HEAVY = ("torch", "scipy.optimize")


def run_python(code: str, env: dict | None = None) -> dict:
    """`code` in a fresh interpreter at the repository root; its last line of output, as JSON."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_job(corpus: Path, output: Path, torch_first: bool, extra: tuple[str, ...] = ("--detectors", "rules"),
            env: dict | None = None, heavy: tuple[str, ...] = HEAVY) -> dict:
    """The job's real `main()` (by default rules, and the default auditor: rules + spaCy
    en_core_web_sm) in a fresh interpreter, with torch imported first or not; which of the
    `heavy` modules it held at the end."""
    return run_python(f'''
        import json, sys
        {"import torch" if torch_first else ""}
        from pipelines.anonymize import main
        status = main(["--input", {str(corpus)!r}, "--output", {str(output)!r}, *{list(extra)!r}])
        print(json.dumps({{"status": status, "imported": [m for m in {heavy!r} if m in sys.modules]}}))
    ''', env)


def folder_bytes(root: Path) -> dict[str, bytes]:
    """Every file under `root`'s output folders, by its path under `root`."""
    return {str(path.relative_to(root)): path.read_bytes()
            for folder in ("corpus", "findings", "risk") for path in sorted((root / folder).rglob("*"))
            if path.is_file()}


def test_a_job_without_a_torch_model_does_not_import_torch_and_writes_the_same_bytes(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join((ROOT / "data" / "sample.jsonl").read_text(encoding="utf-8").splitlines(True)[:40]),
                      encoding="utf-8")
    lean = run_job(corpus, tmp_path / "lean", torch_first=False)
    assert lean == {"status": 0, "imported": []}
    # The same job in a process that holds torch from the start: thinc and Beam then use it
    # as they always did. The check can fail: there, torch is imported.
    with_torch = run_job(corpus, tmp_path / "with-torch", torch_first=True)
    assert with_torch == {"status": 0, "imported": list(HEAVY)}
    lean_bytes = folder_bytes(tmp_path / "lean")
    assert any(name.startswith("risk/") for name in lean_bytes)  # the auditor's spaCy ran
    assert lean_bytes == folder_bytes(tmp_path / "with-torch")


def seed_with_compiled_patterns(folder: Path) -> None:
    """Copy the Hyperscan databases earlier jobs left in the machine's compiled cache into a
    test's own: the graph is then the one entry its first run has to make. (Compiling the
    default profile's and the auditor's patterns again took most of a minute; a database that is
    not there yet is compiled, as on a fresh machine.)"""
    from veil.detection.compiled_cache import compiled_cache_dir

    folder.mkdir(parents=True, exist_ok=True)
    machine = compiled_cache_dir()
    for entry in Path(machine).glob("hyperscan-*.db") if machine else ():
        shutil.copyfile(entry, folder / entry.name)


def test_the_default_job_on_a_cached_onnx_graph_imports_neither_torch_nor_transformers(tmp_path, tiny_ner_model):
    """Rules + the NER model on ONNX Runtime + the spaCy auditor: once the model's graph is in
    the compiled cache, a job process holds neither torch nor transformers (hundreds of MB and
    seconds of start-up per worker), and writes the bytes the first, exporting run wrote."""
    pytest.importorskip("onnxruntime")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join((ROOT / "data" / "sample.jsonl").read_text(encoding="utf-8").splitlines(True)[:20]),
                      encoding="utf-8")
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"detectors": {"hf": {"model": str(tiny_ner_model), "device": "cpu",
                                                       "cpu_runtime": "onnx"}}}))
    env = {"VEIL_COMPILE_CACHE": str(tmp_path / "cache")}
    seed_with_compiled_patterns(tmp_path / "cache")
    heavy = (*HEAVY, "transformers")
    job = ("--config", str(config), "--detectors", "rules,hf")
    first = run_job(corpus, tmp_path / "first", False, job, env, heavy)
    assert first["status"] == 0 and "torch" in first["imported"]  # the first run exports the graph
    second = run_job(corpus, tmp_path / "second", False, job, env, heavy)
    assert second == {"status": 0, "imported": []}
    written = folder_bytes(tmp_path / "second")
    assert any(name.startswith("findings/") for name in written)
    assert written == folder_bytes(tmp_path / "first")


def test_spacy_imported_the_ordinary_way_imports_torch():
    """Why models.torch_free exists: thinc imports torch if it is installed."""
    assert run_python('''
        import json, sys, spacy
        print(json.dumps({"torch": "torch" in sys.modules}))
    ''') == {"torch": True}


def test_thinc_gets_torch_back_once_torch_is_imported():
    """spaCy imported without torch, then torch imported (the NER model's torch path, a spaCy
    pipeline on torch layers): thinc's own PyTorch wrapper then runs a torch layer."""
    assert run_python('''
        import json, sys
        from models.spacy_plugins import import_spacy
        from models.torch_free import thinc_lacks_torch, thinc_with_torch
        import_spacy()
        import thinc.util
        before = {"torch": "torch" in sys.modules, "thinc": thinc.util.has_torch, "lacks": thinc_lacks_torch()}
        import torch
        thinc_with_torch()
        from thinc.api import PyTorchWrapper
        import numpy
        torch.manual_seed(0)
        layer = PyTorchWrapper(torch.nn.Linear(3, 2))
        out = layer.predict(numpy.ones((4, 3), dtype="float32"))
        print(json.dumps({"before": before, "thinc": thinc.util.has_torch, "lacks": thinc_lacks_torch(),
                          "shape": list(out.shape)}))
    ''') == {"before": {"torch": False, "thinc": False, "lacks": True}, "thinc": True, "lacks": False,
             "shape": [4, 2]}


def test_hiding_torch_is_a_no_op_once_torch_is_imported():
    """Beam's ModelManager and thinc's torch support, as always, in a process that holds torch."""
    assert run_python('''
        import json, sys
        import torch
        from models.handlers import beam_inference
        from models.spacy_plugins import import_spacy
        import_spacy()
        import thinc.util
        print(json.dumps({"model_manager": beam_inference().ModelManager is not None,
                          "thinc": thinc.util.has_torch}))
    ''') == {"model_manager": True, "thinc": True}


def test_beam_inference_without_torch_keeps_its_memory_metric():
    """Beam imports `resource` in the block that failed on torch; it is given back, so its
    model-load metric still reads the process's memory."""
    assert run_python('''
        import json, sys
        from models.handlers import beam_inference
        base = beam_inference()
        print(json.dumps({"torch": "torch" in sys.modules, "model_manager": base.ModelManager is None,
                          "memory": base._get_current_process_memory_in_bytes() > 0}))
    ''') == {"torch": False, "model_manager": True, "memory": True}


TORCH_COMPONENT = textwrap.dedent('''
    from spacy.language import Language

    @Language.factory("veil_test_torch_layer")
    def make_torch_layer(nlp, name):
        import numpy
        import torch  # imported while spaCy builds the pipeline
        from thinc.api import PyTorchWrapper

        torch.manual_seed(0)
        layer = PyTorchWrapper(torch.nn.Linear(4, 2))

        def component(doc):
            doc.user_data["width"] = int(layer.predict(numpy.ones((1, 4), dtype="float32")).shape[1])
            return doc
        return component
''')


def test_a_pipeline_whose_component_imports_torch_runs_its_torch_layer(tmp_path):
    """A component built on thinc's PyTorchWrapper, whose factory imports torch while spaCy
    loads the pipeline: thinc, imported without torch, cannot build it (the first load fails),
    so `load_pipeline` gives thinc torch and loads it the ordinary way."""
    (tmp_path / "veil_test_torch_component.py").write_text(TORCH_COMPONENT)
    path = tmp_path / "torch-pipeline"
    run_python(f'''
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        import spacy, veil_test_torch_component
        nlp = spacy.blank("en")
        nlp.add_pipe("veil_test_torch_layer")
        nlp.to_disk({str(path)!r})
        print("{{}}")
    ''')
    assert run_python(f'''
        import json, sys
        sys.path.insert(0, {str(tmp_path)!r})
        from models.spacy_plugins import import_spacy, load_pipeline
        import_spacy()
        import veil_test_torch_component
        before = "torch" in sys.modules
        doc = load_pipeline({str(path)!r})("a few words")
        print(json.dumps({{"torch_before": before, "width": doc.user_data["width"]}}))
    ''') == {"torch_before": False, "width": 2}
