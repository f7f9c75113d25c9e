"""Can int8 run the NER model >= 3x torch fp32 on a CPU and keep its findings? (#18; BENCHMARKS.md,
"NER on a CPU: int8, measured variant by variant").

Builds int8 variants of the default model's ONNX graph into a scratch folder (never the model
folder or the compiled cache), then measures each against torch fp32:

    python scripts/ner_int8_study.py build   --dir /tmp/ner-int8            # fp32 graph + variants
    python scripts/ner_int8_study.py quality --dir /tmp/ner-int8 VARIANT...  # spans and gold scores
    python scripts/ner_int8_study.py speed   --dir /tmp/ner-int8 --repeats 3 VARIANT...
    python scripts/ner_int8_study.py batches --dir /tmp/ner-int8 VARIANT...  # batch dependence

`quality` compares each variant's spans with torch fp32's (identical (turn, start, end, type),
span F1) on the two real test sets and `--synthetic` (`veil generate --split test --n 300`),
and scores both against the gold labels: redacted-at-all recall (`redaction_entity_overlap`),
typed precision (`entity_overlap`), ordinary words redacted. `speed` times `predict` on the
bench's 300 conversations in the job's batches, torch fp32, ONNX fp32 and the variants
interleaved batch by batch (the order rotating), so all see the same machine. `batches` says
whether a turn's spans depend on the other turns of its batch. The MatMulNBits variants need
`onnx_ir` importable (`pip install --target DIR onnx-ir`, then PYTHONPATH=DIR).
"""
from __future__ import annotations

import argparse
import copy
import gzip
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from models.hf_ner import HfTokenClassifier  # noqa: E402
from models.onnx_runtime import OnnxLogits, export_onnx  # noqa: E402
from pipelines.bench_ner import job_batches  # noqa: E402
from veil.detection.detector_config import HfDetectorSettings, default_model_dir  # noqa: E402
from veil.measure.evaluation import ALL, Evaluation, Span  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
REAL_SETS = {"btc-f": ROOT / "data/ner/test-btc-f.jsonl.gz", "wnut17": ROOT / "data/ner/test-wnut17-dev.jsonl.gz"}


# ---- variants -------------------------------------------------------------------------------

def weight_matmuls(graph_path: Path) -> dict[str, list[str]]:
    """The graph's MatMuls with a constant weight, by group (attention projections, attention
    output, feed-forward in and out, the classifier head)."""
    import onnx

    model = onnx.load(str(graph_path))
    weights = {i.name for i in model.graph.initializer}
    names = [n.name for n in model.graph.node if n.op_type == "MatMul" and n.input[1] in weights]
    return {
        "qkv": [n for n in names if "/attention/self/" in n],
        "attnout": [n for n in names if "/attention/output/" in n],
        "ffnin": [n for n in names if "/intermediate/" in n],
        "ffnout": [n for n in names if "/output/dense" in n and "/attention/" not in n],
        "head": [n for n in names if "classifier" in n],
        "layer0": [n for n in names if "layer.0/" in n],
        "layer2": [n for n in names if "layer.2/" in n],
    }


def build(folder: Path, model_dir: Path) -> None:
    from onnxruntime.quantization import quantize_dynamic

    fp32 = folder / "fp32.onnx"
    if not fp32.exists():
        torch_path = HfTokenClassifier(model_dir, HfDetectorSettings(device="cpu", cpu_runtime="torch"))
        fp32.write_bytes(export_onnx(torch_path.model))
    g = weight_matmuls(fp32)
    mm_pc = {"op_types_to_quantize": ["MatMul"], "per_channel": True}
    dynamic = {
        "dyn_all": {},  # every op ONNX Runtime quantises (the word embeddings' Gather too)
        "dyn_mm": {"op_types_to_quantize": ["MatMul"]},
        "dyn_mm_pc": mm_pc,
        "dyn_mm_pc_rr": {**mm_pc, "reduce_range": True},
        "dyn_mm_pc_nohead": {**mm_pc, "nodes_to_exclude": g["head"]},
        "dyn_mid_pc": {**mm_pc, "nodes_to_exclude": g["head"] + g["layer0"] + g["layer2"]},
        "c_noffnout": {**mm_pc, "nodes_to_quantize": g["qkv"] + g["attnout"] + g["ffnin"] + g["head"]},
        "c_noffnout_nohead": {**mm_pc, "nodes_to_quantize": g["qkv"] + g["attnout"] + g["ffnin"]},
        "c_attn_head": {**mm_pc, "nodes_to_quantize": g["qkv"] + g["attnout"] + g["head"]},
        "c_ffn": {**mm_pc, "nodes_to_quantize": g["ffnin"] + g["ffnout"]},
        **{f"g_{group}": {**mm_pc, "nodes_to_quantize": g[group]}
           for group in ("qkv", "attnout", "ffnin", "ffnout", "head")},
    }
    for name, options in dynamic.items():
        quantize_dynamic(str(fp32), str(folder / f"{name}.onnx"), **options)
        print("wrote", name)
    try:
        from onnxruntime.quantization.matmul_nbits_quantizer import MatMulNBitsQuantizer
    except ImportError as error:
        print("MatMulNBits variants skipped:", error)
        return
    import onnx

    for name, bits, block in (("nb8_b32_a4", 8, 32), ("nb8_b128_a4", 8, 128), ("nb4_b32_a4", 4, 32)):
        # Weights in blocks along K; accuracy_level 4: activations quantised to int8 per row and block.
        quantizer = MatMulNBitsQuantizer(onnx.load(str(fp32)), bits=bits, block_size=block, is_symmetric=True,
                                         accuracy_level=4, op_types_to_quantize=("MatMul",))
        quantizer.process()
        quantizer.model.save_model_to_file(str(folder / f"{name}.onnx"))
        print("wrote", name)


# ---- measuring ------------------------------------------------------------------------------

def read_set(path: Path) -> list[tuple[list[str], list[Span]]]:
    """Per record, its turn texts (a document is one turn) and gold spans."""
    opener = gzip.open if path.suffix == ".gz" else open
    rows = []
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            texts = [t["text"] for t in record["turns"]] if "turns" in record else [record["text"]]
            gold = [Span(int(p.get("turn") or 0), p["start"], p["end"], p["info_type"]) for p in record.get("pii") or []]
            rows.append((texts, gold))
    return rows


class Variants:
    """torch fp32, torch bf16, or an ONNX graph of the folder, behind one `predict`."""

    def __init__(self, folder: Path, model_dir: Path):
        self.folder, self.model_dir, self._onnx_base = folder, model_dir, None

    def torch(self, dtype: str = "float32") -> HfTokenClassifier:
        classifier = HfTokenClassifier(self.model_dir, HfDetectorSettings(device="cpu", cpu_runtime="torch"))
        if dtype == "bfloat16":
            import torch

            classifier.model = classifier.model.to(torch.bfloat16)
        return classifier

    def get(self, name: str) -> HfTokenClassifier:
        if name == "torch-bf16":
            return self.torch("bfloat16")
        if self._onnx_base is None:
            self._onnx_base = HfTokenClassifier(self.model_dir, HfDetectorSettings(device="cpu", cpu_runtime="onnx"))
        classifier = copy.copy(self._onnx_base)
        classifier._onnx = OnnxLogits(str(self.folder / f"{name}.onnx"))
        return classifier


def predict(classifier: HfTokenClassifier, texts: list[str]) -> list:
    return [spans for batch in job_batches(texts) for spans in classifier.predict(batch)]


def keyed(spans: list) -> set:
    return {(i, s.start, s.end, s.label) for i, row in enumerate(spans) for s in row}


def gold_scores(rows, spans: list) -> dict:
    evaluation, at = Evaluation(), 0
    for texts, gold in rows:
        found = [Span(t, s.start, s.end, s.label) for t, row in enumerate(spans[at:at + len(texts)]) for s in row]
        at += len(texts)
        evaluation.add(texts, gold, found)
    report = evaluation.report()
    metrics = report["metrics"]
    return {"recall": metrics["redaction_entity_overlap"][ALL]["micro"]["recall"],
            "precision": metrics["entity_overlap"][ALL]["micro"]["precision"],
            "words_redacted": report["ordinary_words"][ALL]["rate"]}


def quality(variants: Variants, names: list[str], synthetic: Path) -> None:
    sets = {**REAL_SETS, "synth300": synthetic}
    data = {name: read_set(path) for name, path in sets.items()}
    flat = {name: [t for texts, _ in rows for t in texts] for name, rows in data.items()}
    reference = variants.torch()
    ref = {name: predict(reference, texts) for name, texts in flat.items()}
    print(json.dumps({"variant": "torch-fp32", **{n: gold_scores(data[n], ref[n]) for n in sets}}))
    for variant in names:
        classifier, result = variants.get(variant), {}
        for name in sets:
            spans = predict(classifier, flat[name])
            a, b = keyed(ref[name]), keyed(spans)
            result[name] = {**gold_scores(data[name], spans), "spans_fp32": len(a), "spans": len(b),
                            "same": len(a & b), "span_f1": round(2 * len(a & b) / max(1, len(a) + len(b)), 4)}
        print(json.dumps({"variant": variant, **result}))


def speed(variants: Variants, names: list[str], repeats: int, corpus: Path) -> None:
    from pipelines.bench import corpus_conversations, make_corpus

    if not corpus.exists():
        make_corpus(corpus, 300)
    texts = [t for conversation in corpus_conversations(corpus) for t in conversation]
    batches = job_batches(texts)
    runs = {"torch": variants.torch(), "onnx-fp32": variants.get("fp32"), **{n: variants.get(n) for n in names}}
    tokens = sum(len(x) for x in runs["torch"].tokenizer.ids(texts))
    for classifier in runs.values():  # warm-up
        predict(classifier, texts)
    order = list(runs)
    walls = {n: [0.0] * repeats for n in runs}
    cpus = {n: [0.0] * repeats for n in runs}
    for repeat in range(repeats):
        for index, batch in enumerate(batches):
            turn = (index + repeat) % len(order)
            for name in order[turn:] + order[:turn]:
                wall, cpu = time.perf_counter(), _cpu_seconds()
                runs[name].predict(batch)
                walls[name][repeat] += time.perf_counter() - wall
                cpus[name][repeat] += _cpu_seconds() - cpu
    print(json.dumps({"tokens": tokens, "turns": len(texts), "load_average": os.getloadavg()}))
    for name in runs:
        print(json.dumps({
            "variant": name,
            "tokens_per_s": round(tokens / statistics.median(walls[name])),
            "tokens_per_cpu_s": round(tokens / statistics.median(cpus[name])),
            "over_torch_wall": _spread([t / v for t, v in zip(walls["torch"], walls[name])]),
            "over_torch_cpu": _spread([t / v for t, v in zip(cpus["torch"], cpus[name])]),
            "over_onnx_fp32_cpu": _spread([f / v for f, v in zip(cpus["onnx-fp32"], cpus[name])]),
        }))


def batch_dependence(variants: Variants, names: list[str]) -> None:
    texts = [t for texts, _ in read_set(REAL_SETS["btc-f"]) for t in texts]
    for name in names:
        classifier = variants.get(name)
        batched = keyed(predict(classifier, texts))
        alone = keyed([spans for text in texts for spans in classifier.predict([text])])
        same = len(batched & alone)
        print(json.dumps({"variant": name, "spans_job_batches": len(batched), "spans_one_turn_a_call": len(alone),
                          "same": same, "span_f1": round(2 * same / max(1, len(batched) + len(alone)), 4)}))


def _spread(values: list[float]) -> list[float]:
    return [round(min(values), 2), round(statistics.median(values), 2), round(max(values), 2)]


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["build", "quality", "speed", "batches"])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--dir", type=Path, required=True, help="scratch folder for the graphs")
    parser.add_argument("--model", type=Path, default=None, help="model folder (default: the default model)")
    parser.add_argument("--synthetic", type=Path, default=None,
                        help="synthetic test records (default: DIR/synth-test300.jsonl)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_intermixed_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    model_dir = args.model or default_model_dir()
    if args.step == "build":
        build(args.dir, model_dir)
        return 0
    variants = Variants(args.dir, model_dir)
    if args.step == "quality":
        quality(variants, args.variants, args.synthetic or args.dir / "synth-test300.jsonl")
    elif args.step == "speed":
        speed(variants, args.variants, args.repeats, args.dir / "bench300.jsonl")
    else:
        batch_dependence(variants, args.variants)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
