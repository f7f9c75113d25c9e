"""`veil config show`: the config a job would run, with everything it extends merged in.

    veil config show --config my_job.yaml      # YAML on stdout; the files merged in a comment

The config is validated first, as the job validates it, so what is printed is what runs.
"""
from __future__ import annotations

import argparse
import sys

import yaml


def effective_config_text(location: str) -> str:
    """The merged config at `location` as YAML, headed by the files it was merged from."""
    from veil.run.config import parse_config, read_config_data

    found = read_config_data(location)
    parse_config(found.data, found.sources[-1])  # what is printed must be a config that runs
    header = [f"# the effective config of {location}, merged from: {', '.join(found.sources)}"]
    if found.detectors_from:
        header.append(f"# detectors: from {found.detectors_from}")
    body = yaml.safe_dump(found.data, sort_keys=False, allow_unicode=True, width=100)
    return "\n".join(header) + "\n" + body


def main(argv: list[str] | None = None, prog: str = "veil config") -> int:
    from veil.run.errors import ConfigError

    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    actions = parser.add_subparsers(dest="action", required=True)
    show = actions.add_parser("show", help="print the effective config (extends merged in)")
    show.add_argument("--config", default="call_transcripts",
                      help="a YAML/JSON config or a bundled profile's name (default call_transcripts)")
    args = parser.parse_args(argv)
    try:
        sys.stdout.write(effective_config_text(args.config))
    except ConfigError as error:
        print(f"veil: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
