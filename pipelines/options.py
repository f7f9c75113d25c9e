"""Veil's pipeline options. They sit beside Beam's own, so every standard Beam flag still works
(`--runner`, `--direct_num_workers`, `--temp_location`, `--s3_endpoint_url`, ...)."""
from __future__ import annotations

from apache_beam.options.pipeline_options import PipelineOptions, StandardOptions

# Beam 2.77's DirectRunner first tries to download the Prism runner binary. The FnApiRunner is
# the same local execution without that download, so it is the default.
DEFAULT_RUNNER = "FnApiRunner"


def _flag(value: str) -> bool:
    """`--audit_raw` alone, or `--audit_raw=true|false` as Flex Template launchers pass it."""
    text = str(value).strip().lower()
    if text in ("true", "1", "yes"):
        return True
    if text in ("false", "0", "no"):
        return False
    raise ValueError(f"expected true or false, got {value!r}")


class VeilOptions(PipelineOptions):
    @classmethod
    def _add_argparse_args(cls, parser):
        parser.add_argument(
            "--input", default=None,
            help="JSONL or Parquet: a path, glob, directory or URL (s3://, gs://, memory://, ...).",
        )
        parser.add_argument("--output", default=None, help="Output folder (local or URL).")
        parser.add_argument(
            "--config", default="call_transcripts",
            help="Job config (YAML/JSON with a DLP inspect_config), or a bundled profile name.",
        )
        parser.add_argument(
            "--input_format", choices=("jsonl", "parquet"), default=None,
            help="Input format; by default taken from the file extension.",
        )
        parser.add_argument(
            "--output_format", choices=("jsonl", "parquet"), default=None,
            help="Corpus format; by default the input's.",
        )
        parser.add_argument(
            "--num_shards", type=int, default=0,
            help="Output shards per folder; 0 (default): one per 256 MiB of input.",
        )
        parser.add_argument("--id_field", default="id", help="Field holding the record id.")
        parser.add_argument("--turns_field", default="turns", help="Field holding the turns list.")
        parser.add_argument(
            "--text_field", default="text",
            help="Field holding the text of a turn, or of a whole document.",
        )
        parser.add_argument("--speaker_field", default="speaker", help="Field naming a turn's speaker.")
        parser.add_argument("--context_field", default="context", help="Field holding the context.")
        parser.add_argument(
            "--max_record_bytes", type=int, default=16 * 1024 * 1024,
            help="Records larger than this go to errors/ (default 16 MiB).",
        )
        parser.add_argument(
            "--split_bytes", type=int, default=0,
            help="Input is read in splits of about this many bytes, spread over workers; "
            "0 (default): a 32nd of the input, between 4 and 64 MiB.",
        )
        parser.add_argument(
            "--storage_timeout", type=float, default=30.0,
            help="Object stores (s3://, gs://): seconds to wait for a connection, and for each "
            "answer, before a request is tried again (3 tries in all); then the job fails, "
            "naming the endpoint (default 30).",
        )
        parser.add_argument(
            "--wait_until_finish", type=_flag, nargs="?", const=True, default=True,
            help="Wait for the job and print its summary (default). A Flex Template launch passes "
            "false: the job still writes job_summary.json and risk/ when it ends.",
        )
        parser.add_argument(
            "--audit_raw", type=_flag, nargs="?", const=True, default=False,
            help="Also write raw text: the quote of each finding, and the raw input of each error. "
            "Off by default: these files then hold personal data.",
        )
        parser.add_argument(
            "--detectors", default=None,
            help="Run only these of the config's detectors, comma-separated: rules, hf, spacy "
            "(default: all the config sets up).",
        )
        parser.add_argument(
            "--allow_missing_detectors", type=_flag, nargs="?", const=True, default=False,
            help="Run even when a configured detector cannot (no trained model, weights that do not "
            "load or fail the launch probe): the job then runs without it and its summary says so. "
            "Off by default: such a job stops at start rather than write text no model read.",
        )
        parser.add_argument(
            "--model_accelerator", default=None,
            help="A Beam accelerator resource hint for the NER model stage only, e.g. "
            "'type:nvidia-l4;count:1;install-nvidia-driver' on Dataflow. Other stages ask for none.",
        )
        parser.add_argument(
            "--model_copies", type=int, default=None,
            help="Load this many copies of the NER model per machine, shared by its worker "
            "processes (Beam's model_copies); default: one per worker process.",
        )
        parser.add_argument(
            "--detector", choices=("veil", "google-dlp"), default="veil",
            help="Where inspect_config runs: Veil's local engine (default), or Google Cloud DLP's "
            "inspect_content (docs/google-dlp.md).",
        )
        parser.add_argument("--dlp_project", default=None, help="google-dlp: the project DLP bills.")
        parser.add_argument(
            "--dlp_location", default="global", help="google-dlp: the DLP location (default global)."
        )
        parser.add_argument(
            "--dlp_endpoint", default=None,
            help="google-dlp: host:port of the DLP API; a loopback host gets a plaintext channel "
            "without credentials (local test servers).",
        )


def with_local_default_runner(options: PipelineOptions) -> PipelineOptions:
    standard = options.view_as(StandardOptions)
    if not standard.runner:
        standard.runner = DEFAULT_RUNNER
    return options
