"""Veil's own flags, declared without Beam: `--help` and the first checks of a command line
answer before Beam is imported (pipelines.runner.launch); `pipelines.runner.options.VeilOptions` declares the
same flags as Beam pipeline options."""
from __future__ import annotations

import argparse

# `--help` prints Veil's flags in these groups, before a pointer to Beam's.
GROUPS = (
    "input and output",
    "where the parts of a record are",
    "detection",
    "running",
)


def _flag(value: str) -> bool:
    """`--audit_raw` alone, or `--audit_raw=true|false` as Flex Template launchers pass it."""
    text = str(value).strip().lower()
    if text in ("true", "1", "yes"):
        return True
    if text in ("false", "0", "no"):
        return False
    raise ValueError(f"expected true or false, got {value!r}")


def add_veil_arguments(parser) -> None:
    """Declare Veil's flags on an argparse parser (or Beam's)."""
    group = parser.add_argument_group(GROUPS[0])
    group.add_argument(
        "--input", default=None,
        help="JSONL or Parquet: a path, glob, directory or URL (s3://, gs://, memory://, ...).",
    )
    group.add_argument("--output", default=None, help="Output folder (local or URL).")
    group.add_argument(
        "--config", default="call_transcripts",
        help="Job config (YAML/JSON with a DLP inspect_config), or a bundled profile name.",
    )
    group.add_argument(
        "--crypto_key_map", action="append", default=None, metavar="NAME=file:PATH",
        help="A DLP template's kms_wrapped key, by its crypto_key_name: the local file "
        "(file:PATH) or environment variable (env:VARIABLE) holding the unwrapped key, so "
        "the template runs unchanged without Cloud KMS. Repeat for each key.",
    )
    group.add_argument(
        "--input_format", choices=("jsonl", "parquet"), default=None,
        help="Input format; by default taken from the file extension.",
    )
    group.add_argument(
        "--output_format", choices=("jsonl", "parquet"), default=None,
        help="Corpus format; by default the input's.",
    )
    group.add_argument(
        "--num_shards", type=int, default=0,
        help="Output shards per folder; 0 (default): one per 256 MiB of input.",
    )
    group.add_argument(
        "--audit_raw", type=_flag, nargs="?", const=True, default=False,
        help="Also write raw text: the quote of each finding, and the raw input of each error. "
        "Off by default: these files then hold personal data.",
    )
    group = parser.add_argument_group(GROUPS[1])
    group.add_argument("--id_field", default="id", help="Field holding the record id.")
    group.add_argument("--turns_field", default="turns", help="Field holding the turns list.")
    group.add_argument(
        "--text_field", default="text",
        help="Field holding the text of a turn, or of a whole document.",
    )
    group.add_argument("--speaker_field", default="speaker", help="Field naming a turn's speaker.")
    group.add_argument("--context_field", default="context", help="Field holding the context.")
    group.add_argument(
        "--gold_field", default=None,
        help="Field holding gold PI labels ([{turn, start, end, info_type}]), for evaluation: "
        "they then score residual risk beside the auditor, which still reads every record, "
        "and the corpus passes only when both figures do. Unset (default): no field of a "
        "record is taken as labels (a `pii` list is dropped from the corpus, unused).",
    )
    group = parser.add_argument_group(GROUPS[2])
    group.add_argument(
        "--detectors", default=None,
        help="Run only these of the config's detectors, comma-separated: rules, hf, spacy "
        "(default: all the config sets up).",
    )
    group.add_argument(
        "--allow_missing_detectors", type=_flag, nargs="?", const=True, default=False,
        help="Run even when a configured detector cannot (no trained model, weights that do not "
        "load or fail the launch probe): the job then runs without it and its summary says so. "
        "Off by default: such a job stops at start rather than write text no model read.",
    )
    group.add_argument(
        "--skip_unsupported_infotypes", type=_flag, nargs="?", const=True, default=False,
        help="Run a template that names infoTypes Veil cannot detect: those are skipped, "
        "listed in the job summary and the risk report, whose verdict says they were not "
        "looked for. Off by default: such a template is refused at start.",
    )
    group.add_argument(
        "--allow_undetected_types", type=_flag, nargs="?", const=True, default=False,
        help="Run even when a direct identifier the profile asks for cannot be found by the "
        "detectors that will run (rules off, an exclusion rule or min_likelihood that hides "
        "every catalogue example of it): the summary lists those types under "
        "undetected_types. Off by default: such a job stops at start.",
    )
    group.add_argument(
        "--fail_on_risk", type=_flag, nargs="?", const=True, default=False,
        help="When the residual-risk verdict is FAIL: exit 3, publish the output without "
        "_SUCCESS, and write _RISK_FAILED (the verdict, as JSON) in its place, so that a "
        "pipeline waiting for _SUCCESS never picks up a failing corpus.",
    )
    group.add_argument(
        "--model_accelerator", default=None,
        help="A Beam accelerator resource hint for the NER model stage only, e.g. "
        "'type:nvidia-l4;count:1;install-nvidia-driver' on Dataflow. Other stages ask for none.",
    )
    group.add_argument(
        "--model_copies", type=int, default=None,
        help="Load this many copies of the NER model per machine, shared by its worker "
        "processes (Beam's model_copies); default: one per worker process.",
    )
    group.add_argument(
        "--detector", choices=("veil", "google-dlp"), default="veil",
        help="Where inspect_config runs: Veil's local engine (default), or Google Cloud DLP's "
        "inspect_content (docs/google-dlp.md).",
    )
    group.add_argument("--dlp_project", default=None, help="google-dlp: the project DLP bills.")
    group.add_argument(
        "--dlp_location", default="global", help="google-dlp: the DLP location (default global)."
    )
    group.add_argument(
        "--dlp_endpoint", default=None,
        help="google-dlp: host:port of the DLP API; a loopback host gets a plaintext channel "
        "without credentials (local test servers).",
    )
    group.add_argument(
        "--audit_sample", default=None,
        help="How many conversations the residual-risk auditor reads: a seeded sample of this "
        "size, or `all` (overrides the config's risk.audit_sample, default 1000). The risk "
        "report then gives the sample's figures with their interval (docs/risk-auditor.md).",
    )
    group = parser.add_argument_group(GROUPS[3])
    group.add_argument(
        "--max_record_bytes", type=int, default=16 * 1024 * 1024,
        help="Records larger than this go to errors/ (default 16 MiB).",
    )
    group.add_argument(
        "--split_bytes", type=int, default=0,
        help="Input is read in splits of about this many bytes, spread over workers; "
        "0 (default): a 64th of the input, between 0.5 and 64 MiB.",
    )
    group.add_argument(
        "--storage_timeout", type=float, default=30.0,
        help="Object stores (s3://, gs://): seconds to wait for a connection, and for each "
        "answer, before a request is tried again (3 tries in all); then the job fails, "
        "naming the endpoint (default 30).",
    )
    group.add_argument(
        "--wait_until_finish", type=_flag, nargs="?", const=True, default=True,
        help="Wait for the job and print its summary (default). A Flex Template launch passes "
        "false: the job still writes job_summary.json and risk/ when it ends.",
    )


BEAM_POINTER = """\
Beam's own options pass through unchanged: the runner and its workers (--runner,
--direct_num_workers, --direct_running_mode), a cluster (--project, --region,
--temp_location, --setup_file, --sdk_container_image, --experiments, --job_endpoint, ...)
and object storage (--s3_endpoint_url, ...). `--help_beam` lists every one of them.

A flag that neither Veil nor Beam knows stops the job before it starts (exit status 2)."""


def help_text(prog: str, description: str = "") -> str:
    """Veil's options in their groups, then a pointer to Beam's."""
    parser = argparse.ArgumentParser(
        prog=prog, description=description, epilog=BEAM_POINTER,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--help_beam", action="store_true", help="list Beam's pipeline options")
    add_veil_arguments(parser)
    return parser.format_help()
