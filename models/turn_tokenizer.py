"""The NER model's tokenizer on the `tokenizers` library alone (no transformers, no torch).

transformers' fast tokenizers are this same Rust tokenizer behind a Python wrapper that costs
per text (it converts every encoding into Python dicts) and imports transformers, and with it
torch where installed: a CPU worker on ONNX Runtime then pays seconds and hundreds of MB for
nothing. `TurnTokenizer` reads the model's `tokenizer.json` directly, with the settings
transformers applies when called as `HfTokenClassifier` calls it (no truncation, no padding,
no special tokens: windows and batches are made by `models.hf_ner`), so ids and offsets are the
same (tests/models/test_turn_tokenizer.py checks it against transformers).
"""
from __future__ import annotations

import json
from pathlib import Path


class TurnTokenizer:
    """Token ids and character offsets per text, and the model's special and padding tokens."""

    def __init__(self, model_dir: Path):
        model_dir = Path(model_dir)
        path = model_dir / "tokenizer.json"
        if not path.exists():
            raise ValueError(f"{model_dir}: no tokenizer.json (save the model's tokenizer with "
                             "transformers' save_pretrained, which writes it)")
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(path))
        # tokenizer.json may carry the training's truncation (128 tokens) and padding: long
        # turns are windowed instead, and batches padded by the caller.
        tokenizer.no_truncation()
        tokenizer.no_padding()
        self._tokenizer = tokenizer
        settings = _read_json(model_dir / "tokenizer_config.json")
        self.model_max_length: int | None = settings.get("model_max_length")
        pad = settings.get("pad_token")
        pad = pad.get("content") if isinstance(pad, dict) else pad
        self.pad_token_id: int | None = tokenizer.token_to_id(pad) if pad else None
        self.prefix, self.suffix = self._special_tokens()

    def encode(self, texts: list[str]) -> tuple[list[list[int]], list[list[tuple[int, int]]]]:
        """(ids, character offsets) per text, without special tokens."""
        encodings = self._tokenizer.encode_batch(texts, add_special_tokens=False)
        return [e.ids for e in encodings], [e.offsets for e in encodings]

    def ids(self, texts: list[str]) -> list[list[int]]:
        return self.encode(texts)[0]

    def _special_tokens(self) -> tuple[list[int], list[int]]:
        """The ids the tokenizer puts before and after a text ([CLS] ... [SEP] for BERT-likes).

        Learnt from the tokenizer's own template, so that any model family windows correctly."""
        plain = self._tokenizer.encode("a", add_special_tokens=False).ids
        full = self._tokenizer.encode("a").ids
        at = next(i for i in range(len(full)) if full[i:i + len(plain)] == plain)
        return full[:at], full[at + len(plain):]


def _read_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
