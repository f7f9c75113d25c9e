"""The NER tokenizer on the `tokenizers` library alone: the same ids, offsets and windows as
transformers' tokenizer (which it replaces at prediction), and an ONNX path that imports
neither transformers nor torch once its graph is cached."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from models.token_spans import token_windows, tokenizable  # noqa: E402
from models.turn_tokenizer import TurnTokenizer  # noqa: E402

TEXTS = [
    "",
    "   ",
    "\n\t",
    "hi",
    "Call Renée Müller at the Zürich office, ask for José Ñúñez.",
    "東京 office: 山田太郎 called; ☕ naïve café Ünïcödé — “quotes” and ‘apostrophes’ …",
    "emoji 👩‍👩‍👧‍👦 family 🇫🇷 flag and  double  spaces\u00a0nbsp\u200bzero-width",
    "a lone surrogate \ud800 in the middle",
    "maria gonzalez called from boston about order 12345. " * 40,  # about 400 tokens: windowed
    "x" * 3000,  # one long word
    "Ⅻ ﬁ ǅ ß İ ﬀ",  # characters whose normalisation changes their length
]


@pytest.fixture(scope="module")
def model_dir(tiny_ner_model) -> Path:
    return tiny_ner_model


def test_ids_offsets_and_windows_are_those_of_transformers(model_dir: Path):
    from transformers import AutoTokenizer

    reference = AutoTokenizer.from_pretrained(str(model_dir))
    ours = TurnTokenizer(model_dir)
    texts = [tokenizable(t) for t in TEXTS]
    expected = reference(texts, add_special_tokens=False, return_offsets_mapping=True,
                         return_attention_mask=False, verbose=False)
    ids, offsets = ours.encode(texts)
    assert ids == expected["input_ids"]
    assert offsets == [[tuple(o) for o in row] for row in expected["offset_mapping"]]
    assert max(map(len, ids)) > 128  # tokenizer.json's own truncation (128) is not applied
    assert [token_windows(len(x), 126, 32) for x in ids if x] == \
        [token_windows(len(x), 126, 32) for x in expected["input_ids"] if x]
    assert ours.encode([]) == ([], [])


def test_special_and_padding_tokens_are_those_of_transformers(model_dir: Path):
    from transformers import AutoTokenizer

    reference = AutoTokenizer.from_pretrained(str(model_dir))
    ours = TurnTokenizer(model_dir)
    assert ours.prefix == [reference.cls_token_id] and ours.suffix == [reference.sep_token_id]
    assert ours.pad_token_id == reference.pad_token_id
    assert ours.model_max_length == reference.model_max_length


def test_a_model_without_tokenizer_json_is_refused_with_what_to_do(model_dir: Path, tmp_path: Path):
    from models.hf_ner import HfTokenClassifier, ModelUnavailable

    for name in os.listdir(model_dir):
        if name != "tokenizer.json":
            (tmp_path / name).write_bytes((model_dir / name).read_bytes())
    with pytest.raises(ModelUnavailable, match="no tokenizer.json"):
        HfTokenClassifier(tmp_path)


def test_the_cached_onnx_path_imports_neither_torch_nor_transformers(model_dir: Path, tmp_path: Path):
    """A CPU worker whose graph is in the compiled cache loads and predicts on ONNX Runtime
    and the tokenizers library alone (seconds and hundreds of MB less per worker)."""
    pytest.importorskip("onnxruntime")
    env = dict(os.environ, VEIL_COMPILE_CACHE=str(tmp_path / "cache"))
    program = f"""
import json, sys
from pathlib import Path
from models.hf_ner import HfTokenClassifier
from veil.detection.detector_config import HfDetectorSettings
classifier = HfTokenClassifier(Path({str(model_dir)!r}), HfDetectorSettings(device="cpu", cpu_runtime="onnx"))
spans = classifier.predict(["maria gonzalez called from boston", ""])
print(json.dumps({{"runtime": classifier.runtime, "spans": [len(s) for s in spans],
                  "loaded": sorted(m for m in ("torch", "transformers") if m in sys.modules)}}))
"""
    root = Path(__file__).resolve().parents[2]
    runs = [json.loads(subprocess.run([sys.executable, "-c", program], env=env, cwd=root, check=True,
                                      capture_output=True, text=True).stdout.splitlines()[-1])
            for _ in range(2)]
    assert runs[0]["runtime"] == runs[1]["runtime"] == "onnx"
    assert runs[0]["loaded"] == ["torch", "transformers"]  # the first exports the graph
    assert runs[1]["loaded"] == []  # the second loads it from the cache
    assert runs[0]["spans"] == runs[1]["spans"]
