"""`veil reidentify`: put back the values behind annotated pseudonyms, as DLP's
`reidentify_content` does.

    veil reidentify --config job.yaml --text "card CARD_TOKEN(16):9130483217349021"
    veil reidentify --config job.yaml --input out/corpus/part-00000-of-00001.jsonl --output back.jsonl

The config is the job's (its `deidentify_config`) or a DLP-shaped request with
`reidentify_config` (and, as DLP needs, `inspect_config.custom_info_types` declaring each
surrogate infoType with `surrogate_type: {}`). Only `crypto_replace_ffx_fpe_config` and
`crypto_deterministic_config` tokens with a `surrogate_info_type` can be reversed, with the key
that made them; transient keys are gone with their job. A JSONL input has every string in
every record reidentified. Exit status 1 when a token did not reverse (another key, or
damaged), 2 on a bad config.
"""
from __future__ import annotations

import argparse
import json
import sys

import yaml
from pydantic import ValidationError

from veil.run.config import format_validation_error, read_config_text
from veil.run.errors import ConfigError
from veil.transform.operators.config import DeidentifyConfig
from veil.transform.reidentify import Reidentifier, reidentifier_from


def request_from(location: str) -> Reidentifier:
    """The Reidentifier of the config at `location` (a path, URL or bundled profile)."""
    text, source = read_config_text(location)
    try:
        data = json.loads(text) if source.endswith(".json") else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as error:
        raise ConfigError(f"{source}: not valid YAML or JSON: {error}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: the config must be a mapping")
    section = "reidentify_config" if "reidentify_config" in data else "deidentify_config"
    try:
        deidentify = DeidentifyConfig.model_validate(data.get(section) or {})
    except ValidationError as error:
        raise ConfigError(f"{source}: invalid {section}\n{format_validation_error(error)}") from None
    custom = (data.get("inspect_config") or {}).get("custom_info_types") or []
    declared = {c.get("info_type", {}).get("name") for c in custom
                if isinstance(c, dict) and "surrogate_type" in c}
    return reidentifier_from(deidentify, declared if "reidentify_config" in data else None)


def main(argv: list[str] | None = None, prog: str = "veil reidentify") -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", required=True, help="the job's config, or a DLP-shaped "
                        "request with reidentify_config")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--text", help="one text to reidentify (printed)")
    source.add_argument("--input", help="a JSONL file whose records' strings to reidentify")
    parser.add_argument("--output", help="where to write the reidentified JSONL (with --input)")
    args = parser.parse_args(argv)
    if args.input and not args.output:
        parser.error("--input needs --output")
    try:
        reidentifier = request_from(args.config)
    except ConfigError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2
    if args.text is not None:
        text, failed = reidentifier.text(args.text)
        print(text)
    else:
        failed = 0
        with open(args.input, encoding="utf-8") as source_file, \
                open(args.output, "w", encoding="utf-8") as out:
            for line in source_file:
                if not line.strip():
                    continue
                record, missed = reidentifier.value(json.loads(line))
                failed += missed
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
    if failed:
        print(f"{prog}: {failed} annotated token(s) did not reverse under this key (another "
              "key, or a damaged token); they are left as they are", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
