"""The NER model's throughput on a machine that has torch but not the whole job: a GPU box.

`veil bench`'s NER section (`pipelines.bench.ner.ner_throughput`) on the turns of JSONL corpora
(records with `turns` or `text`, plain or gzipped), under the collector's settings a job runs
with (`pipelines.runner.long_lived.job_collector`). It needs only what the model needs (torch,
transformers, tokenizers, numpy, pydantic, PyYAML, regex, google-re2, zstandard), not Beam or Faker,
so it runs where a GPU is but the job's dependencies are not.

    python scripts/ner_throughput.py --input data/ner/*.jsonl.gz --device cuda
    python scripts/ner_throughput.py --input corpus.jsonl --device cuda --batch_tokens 32768 \
        --agreement --output ner.json

Prints, per corpus, tokens per second through the whole `predict` (tokenise, window, batch,
forward, stitch, decode) and through the forward passes alone, the share of time outside the
model, and the tokenizer's own rate; with `--agreement`, how far the device's spans (bf16 on
CUDA) agree with fp32 torch on the CPU, turn by turn.
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from models.hf_ner import HfTokenClassifier  # noqa: E402
from pipelines.bench.ner import ner_throughput  # noqa: E402
from pipelines.runner.long_lived import job_collector  # noqa: E402
from veil.detection.detector_config import HfDetectorSettings, default_model_dir  # noqa: E402


def corpus_turns(path: Path) -> list[str]:
    """Every turn's text of a JSONL corpus (a document is one turn)."""
    opener = gzip.open if path.suffix == ".gz" else open
    texts = []
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            turns = record.get("turns") or [record]
            texts += [turn.get("text") or "" for turn in turns]
    return texts


def tokenizer_rate(model: Path, texts: list[str], repeats: int) -> int:
    """Tokens per second of the tokenizer alone (the median run): the CPU side's floor."""
    tokenizer = HfTokenClassifier(model, HfDetectorSettings(device="cpu", cpu_runtime="torch")).tokenizer
    tokens = sum(len(ids) for ids in tokenizer.ids(texts))
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        tokenizer.encode(texts)
        runs.append(time.perf_counter() - start)
    return round(tokens / statistics.median(runs))


def span_agreement(model: Path, texts: list[str], device: str) -> dict:
    """The device's spans against fp32 torch on the CPU: counts and span-level F1."""
    keyed = {}
    for name, settings in (("cpu_fp32", HfDetectorSettings(device="cpu", cpu_runtime="torch")),
                           ("device", HfDetectorSettings(device=device))):
        classifier = HfTokenClassifier(model, settings)
        keyed[name] = {(i, s.start, s.end, s.label)
                       for i, spans in enumerate(classifier.predict(texts)) for s in spans}
        if name == "device":
            dtype = str(classifier.dtype).removeprefix("torch.")
    same = len(keyed["cpu_fp32"] & keyed["device"])
    return {"turns": len(texts), "cpu_fp32_spans": len(keyed["cpu_fp32"]),
            "device_spans": len(keyed["device"]), "same": same, "device_dtype": dtype,
            "span_f1": round(2 * same / max(1, len(keyed["cpu_fp32"]) + len(keyed["device"])), 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", nargs="+", required=True, type=Path, help="JSONL corpora (.gz too).")
    parser.add_argument("--model", type=Path, default=None, help="Default: the one `veil train` wrote.")
    parser.add_argument("--device", default="auto", help="auto (CUDA when present), cpu, cuda.")
    parser.add_argument("--batch_tokens", type=int, nargs="+", default=[32768],
                        help="Padded tokens per forward pass; several to compare.")
    parser.add_argument("--repeats", type=int, default=3, help="Timed runs after a warm-up.")
    parser.add_argument("--agreement", action="store_true",
                        help="Also compare the device's spans with fp32 torch on the CPU.")
    parser.add_argument("--output", type=Path, default=None, help="Write the figures as JSON here.")
    args = parser.parse_args(argv)
    model = args.model or Path(default_model_dir())

    texts = [text for path in args.input for text in corpus_turns(path)]
    figures: dict = {"corpora": [str(p) for p in args.input], "turns": len(texts),
                     "distinct_turns": len(set(texts)), "chars": sum(map(len, texts))}
    with job_collector():
        figures["throughput"] = ner_throughput(model, texts, tuple(args.batch_tokens), args.repeats, args.device)
        figures["tokenizer_only_tokens_per_s"] = tokenizer_rate(model, texts, args.repeats)
        if figures["throughput"]["device"].startswith("cuda"):
            import torch

            figures["device_name"] = torch.cuda.get_device_name()
            figures["peak_gpu_mb"] = round(torch.cuda.max_memory_allocated() / 1e6)
        if args.agreement:
            figures["agreement"] = span_agreement(model, texts, args.device)
    text = json.dumps(figures, indent=2)
    if args.output:
        args.output.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
