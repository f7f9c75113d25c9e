"""What DLP's last names (BLOOD_TYPE, CRIME_STATUS, GERMANY_SCHUFA_ID, FINANCIAL_ID, and the
sensitive attributes RELIGIOUS_TERM to DEMOGRAPHIC_DATA) find on
the project's real dev text, written and ASR-style (veil/measure/asr_style.py), and whether
the default job's lower-case-word redaction share moves with them in the catalogue.

    python scripts/sensitive_attributes_words.py [--sample FILE]

For each dev set and form: the findings of each type run alone (as a DLP template naming it
would), per 1,000 words, and the ordinary words they touch; then the default
call_transcripts profile's lower-case-word redaction share with the catalogue before (without
the new entries) and after. `--sample` writes every finding with 40 characters either side,
for checking by hand (the texts are public annotated corpora; keep the file out of git).
"""
from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

from veil.detection.engine.engine import InfoTypeEngine
from veil.detection.engine.inspect_config import InspectConfig
from veil.detection.infotypes.builtin import BUILTINS
from veil.detection.infotypes.catalogue import Catalogue
from veil.measure.asr_style import asr_style_record
from veil.measure.evaluation import Span, ordinary_word_counts
from veil.run.config import load_config

ROOT = Path(__file__).resolve().parents[1]
NEW = ["BLOOD_TYPE", "CRIME_STATUS", "GERMANY_SCHUFA_ID", "FINANCIAL_ID", "RELIGIOUS_TERM",
       "POLITICAL_TERM", "SEXUAL_ORIENTATION", "TRADE_UNION", "MARITAL_STATUS",
       "EMPLOYMENT_STATUS", "IMMIGRATION_STATUS", "DEMOGRAPHIC_DATA"]
DEV_SETS = ["validation", "dev-uner-ewt", "dev-gum-written"]
BEFORE = Catalogue(e for e in BUILTINS if e.name not in NEW)


def load(path: Path, asr: bool) -> tuple[list[str], list[Span]]:
    """The set's texts and gold spans, as written or as their ASR-style copies."""
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    if asr:
        records = [asr_style_record(r) for r in records]
    texts = [r["text"] for r in records]
    gold = [Span(i, p["start"], p["end"], p["info_type"]) for i, r in enumerate(records)
            for p in r.get("pii") or []]
    return texts, gold


def findings(engine: InfoTypeEngine, texts: list[str]) -> list[Span]:
    return [Span(i, f.start, f.end, f.info_type)
            for i, text in enumerate(texts) for f in engine.inspect_text(text)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", help="write every finding in context to this file")
    parser.add_argument("--sets", nargs="+", default=DEV_SETS,
                        help="data/ner files to read, without .jsonl.gz (default: the dev sets)")
    args = parser.parse_args()
    engines = {name: InfoTypeEngine.from_config(
        InspectConfig.model_validate({"info_types": [{"name": name}]}), BUILTINS) for name in NEW}
    profile = load_config("call_transcripts").inspect_config
    default = {label: InfoTypeEngine.from_config(profile, catalogue)
               for label, catalogue in (("before", BEFORE), ("after", BUILTINS))}
    sample = []
    print("| set | form | words | type | findings | per 1,000 words | lower-case words touched |")
    print("|---|---|---|---|---|---|---|")
    shares = []
    for name in args.sets:
        path = ROOT / "data" / "ner" / f"{name}.jsonl.gz"
        for form, asr in (("written", False), ("ASR-style", True)):
            batch, batch_gold = load(path, asr)
            words = ordinary_word_counts(batch, batch_gold, []).words
            for info_type, engine in engines.items():
                spans = [s for s in findings(engine, batch) if s.info_type == info_type]
                touched = ordinary_word_counts(batch, batch_gold, spans)
                print(f"| {name} | {form} | {words} | {info_type} | {len(spans)} | "
                      f"{1000 * len(spans) / max(words, 1):.3f} | "
                      f"{touched.lower_case_redacted}/{touched.lower_case_words} |")
                for s in spans:
                    text = batch[s.turn]
                    sample.append(f"{name}\t{form}\t{info_type}\t{text[s.start:s.end]!r}\t"
                                  f"{text[max(0, s.start - 40):s.end + 40]!r}")
            for label, engine in default.items():
                counts = ordinary_word_counts(batch, batch_gold, findings(engine, batch))
                shares.append((name, form, label, counts.lower_case_redacted,
                               counts.lower_case_words))
    same = ({p.info_type for p in default["before"].patterns}
            | {s.info_type for s in default["before"].scanners}) == (
        {p.info_type for p in default["after"].patterns}
        | {s.info_type for s in default["after"].scanners})
    print(f"\ndefault profile: the same detectors before and after: {same}")
    print("| set | form | catalogue | lower-case words redacted |")
    print("|---|---|---|---|")
    for name, form, label, hit, total in shares:
        print(f"| {name} | {form} | {label} | {hit}/{total} ({hit / max(total, 1):.3%}) |")
    if args.sample:
        Path(args.sample).write_text("\n".join(sample) + "\n", encoding="utf-8")
        print(f"\n{len(sample)} findings written to {args.sample}")


if __name__ == "__main__":
    main()
