"""What the national-identifier types added for DLP compatibility cost on real text: their
findings and the ordinary words they redact on the project's real dev text
(data/ner/validation.jsonl.gz), written and ASR-style (lower-case, sentence punctuation
blanked, offsets kept), for ALL_BASIC without them (before) and with them (after), and the
default profile's detectors and time with and without them (paired, alternating).

    python scripts/dlp_infotypes_words.py [--rounds 3]

None of the dev text's gold spans is a national identifier, so every finding of a new type
there is a false positive.
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import time
from pathlib import Path

from veil.run.config import load_config
from veil.detection.engine.engine import InfoTypeEngine
from veil.detection.engine.inspect_config import InspectConfig
from veil.measure.evaluation import Span, ordinary_word_counts
from veil.detection.infotypes import asia_pacific, latin_america, middle_east_africa, travel_documents
from veil.detection.infotypes.builtin import BUILTINS
from veil.detection.infotypes.catalogue import Catalogue

ROOT = Path(__file__).resolve().parents[1]
# The types #29 added: four family modules, and entries appended to older ones.
NEW = [e.name for m in (asia_pacific, latin_america, middle_east_africa, travel_documents)
       for e in m.ENTRIES] + [
    "OAUTH_CLIENT_SECRET", "SSL_CERTIFICATE", "WEAK_PASSWORD_HASH", "XSRF_TOKEN",
    "SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER", "SPAIN_SOCIAL_SECURITY_NUMBER", "IRELAND_EIRCODE",
    "UK_ELECTORAL_ROLL_NUMBER", "FRANCE_TAX_IDENTIFICATION_NUMBER",
    "US_ADOPTION_TAXPAYER_IDENTIFICATION_NUMBER", "US_PREPARER_TAXPAYER_IDENTIFICATION_NUMBER",
    "DOD_ID_NUMBER"]
BEFORE = Catalogue(e for e in BUILTINS if e.name not in NEW)
_SENTENCE_PUNCTUATION = re.compile(r"[.,!?;:]")


def asr(text: str) -> str:
    """ASR-style: lower-case, sentence punctuation blanked (same length: offsets kept)."""
    return _SENTENCE_PUNCTUATION.sub(" ", text.lower())


def load(path: Path):
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    texts = [r["text"] for r in records]
    gold = [Span(i, p["start"], p["end"], p["info_type"]) for i, r in enumerate(records)
            for p in r.get("pii") or []]
    return texts, gold


def run(engine: InfoTypeEngine, texts: list[str], only=None) -> list[Span]:
    spans = []
    for i, text in enumerate(texts):
        for f in engine.inspect_text(text):
            if only is None or f.info_type in only:
                spans.append(Span(i, f.start, f.end, f.info_type))
    return spans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(ROOT / "data" / "ner" / "validation.jsonl.gz"))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    texts, gold = load(Path(args.data))
    basic = InspectConfig.model_validate({"info_types": [{"name": "ALL_BASIC"}]})
    print(f"{len(NEW)} new types; {len(texts)} texts, {sum(len(t) for t in texts):,} characters, {len(gold)} gold spans")
    print("| form | ALL_BASIC | findings | of them new types | words redacted | lower-case words redacted |")
    print("|---|---|---|---|---|---|")
    for form, batch in (("written", texts), ("ASR-style", [asr(t) for t in texts])):
        for label, catalogue in (("before", BEFORE), ("after", BUILTINS)):
            spans = run(InfoTypeEngine.from_config(basic, catalogue), batch)
            words = ordinary_word_counts(batch, gold, spans)
            new = sum(s.info_type in NEW for s in spans)
            print(f"| {form} | {label} | {len(spans)} | {new} | {words.redacted}/{words.words} "
                  f"| {words.lower_case_redacted}/{words.lower_case_words} "
                  f"({words.lower_case_redacted / max(words.lower_case_words, 1):.3%}) |")
    # The default profile (call_transcripts, rules): its detectors and time, paired.
    profile = load_config("call_transcripts").inspect_config
    engines = {label: InfoTypeEngine.from_config(profile, catalogue)
               for label, catalogue in (("before", BEFORE), ("after", BUILTINS))}
    names = {label: sorted({p.info_type for p in e.patterns} | {s.info_type for s in e.scanners})
             for label, e in engines.items()}
    print(f"default profile: the same detectors before and after: {names['before'] == names['after']}"
          f" ({len(names['after'])} types, new ones among them: "
          f"{sorted(set(names['after']) & set(NEW)) or 'none'})")
    seconds = {"before": 0.0, "after": 0.0}
    for _ in range(args.rounds):
        for label in ("before", "after"):
            start = time.process_time()
            run(engines[label], texts)
            seconds[label] += time.process_time() - start
    print(f"default profile CPU over the dev text, {args.rounds} paired rounds: before "
          f"{seconds['before']:.2f} s, after {seconds['after']:.2f} s "
          f"({seconds['after'] / seconds['before'] - 1:+.1%})")


if __name__ == "__main__":
    main()
