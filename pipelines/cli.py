"""The `veil` command: one entry point for the job and its companions.

    veil anonymize --input data/sample.jsonl --output out/     # = python -m pipelines.anonymize
    veil generate --n 300 --seed 7 --output data/sample.jsonl
    veil evaluate --input test.jsonl --findings out/
    veil reidentify --config job.yaml --text "card CARD_TOKEN(16):9130483217349021"
    veil train                                                  # the default NER model
    veil calibrate --input labelled.jsonl --gold_field pii --output my_calibration.json
    veil config show --config my_job.yaml                       # the config as it runs
"""
from __future__ import annotations

import inspect
import sys

from pipelines.runner.long_lived import exit_without_collecting

COMMANDS = {
    "anonymize": ("pipelines.anonymize", "run the anonymisation job (Beam options pass through)"),
    "generate": ("pipelines.generate", "write a synthetic labelled corpus"),
    "evaluate": ("pipelines.evaluate", "score detectors against gold labels (P, R, F1, F5)"),
    "risk": ("pipelines.risk", "score residual PI in annotated transcripts, and summarise it"),
    "calibrate": ("pipelines.calibrate", "fit the auditor's calibrated estimate on your labelled sample"),
    "report": ("pipelines.report", "rebuild risk/report.html from a run's risk/ folder"),
    "reidentify": ("pipelines.reidentify", "reverse annotated FPE/deterministic tokens (DLP's reidentify)"),
    "train": ("pipelines.train", "train the NER model on the synthetic corpus (HF, or --spacy)"),
    "bench": ("pipelines.bench.run", "measure speed and memory, side by side (BENCHMARKS.md)"),
    "config": ("pipelines.config_command", "print a job config as it runs, `extends:` merged in"),
}


def usage() -> str:
    lines = ["usage: veil COMMAND [options]", "", "commands:"]
    lines += [f"  {name:<10} {text}" for name, (_, text) in COMMANDS.items()]
    lines += ["", "Run `veil COMMAND --help` for a command's options."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0
    command, rest = argv[0], argv[1:]
    if command not in COMMANDS:
        print(f"veil: unknown command {command!r}\n\n{usage()}", file=sys.stderr)
        return 2
    if command == "anonymize":  # answered before the job's imports where it can be
        from pipelines.runner.launch import early_answer

        answer = early_answer(rest, prog=f"veil {command}")
        if answer is not None:
            return answer
    module = __import__(COMMANDS[command][0], fromlist=["main"])
    if "prog" in inspect.signature(module.main).parameters:  # its --help names `veil COMMAND`
        return module.main(rest, prog=f"veil {command}")
    return module.main(rest)


if __name__ == "__main__":
    exit_without_collecting(main())
