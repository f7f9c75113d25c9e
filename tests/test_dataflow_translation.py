"""The real job, translated for Google Cloud Dataflow without a network (issue #8).

`python -m pipelines.anonymize --runner DataflowRunner --template_location gs://...` runs the
whole submission path of Beam's DataflowRunner except the one call to the Dataflow API: Veil
plans the job (it lists the gs:// input), Beam translates the pipeline for Runner v2, builds the
`--setup_file` sdist, stages it, the pickled main session and the pipeline proto under
`--staging_location`, and writes the exact job request it would have sent to the template file.
Here every gs:// path is a bucket on a local GCS emulator (gcp-storage-emulator on 127.0.0.1),
so nothing leaves the machine. The tests then read back what Dataflow would receive, the job
request (JSON) and the staged pipeline proto, and check it for local-only constructs:

- no path of this checkout or of the test's temporary folders, no `file://` or `memory://`,
  and none of the input's records anywhere in the job: workers read the input themselves;
- every leaf transform is one Dataflow Runner v2 executes (Impulse, ParDo, GroupByKey, Flatten),
  none is a DirectRunner/FnApiRunner override, and no `beam.Create` carries much data;
- every DoFn and CombineFn unpickles from the job and pickles again with Beam's default pickler
  and with cloudpickle; Veil's own ones also with Python's standard pickle;
- the environment is the given `--sdk_container_image` (or Beam's Dataflow SDK image when none
  is given), and `--setup_file` is staged as `workflow.tar.gz`, an sdist with the package data;
- Veil's transform names do not depend on the input, shards, splits or runner options;
- only model stages carry an accelerator resource hint: the NER stage (`Detect/Model[hf]`) with
  `--model_accelerator`, nothing in the rules-only job (`accelerator_hints`,
  `misplaced_accelerators` are reusable for any pipeline proto).

Also checked, statically: infra/dataflow/metadata.json declares every Veil option, and the
Flink manifests agree with each other (worker-pool sidecar, artifact volume, versions).

Needs `google-cloud-dataflow-client` (in the `test` extras), the one package of
`apache-beam[gcp]` that Beam's DataflowRunner imports to build a job; it also works with the
whole `apache-beam[gcp]` installed.
"""
from __future__ import annotations

import argparse
import base64
import bz2
import importlib
import io
import json
import pickle
import re
import tarfile
import zlib
from dataclasses import dataclass

import apache_beam as beam
import cloudpickle
import pytest
from apache_beam.internal import pickler
from apache_beam.options.pipeline_options import PipelineOptions
from apache_beam.portability import common_urns, python_urns
from apache_beam.portability.api import beam_runner_api_pb2

from tests.conftest import ROOT, run_cli

pytestmark = pytest.mark.slow

# Beam's DataflowRunner imports it to build a job (google-cloud-dataflow-client, in the test
# extras): fail here, loudly, rather than in the middle of a translation.
importlib.import_module("google.cloud.dataflow")

PROJECT = "veil-test"
REGION = "europe-west4"
WORKER_IMAGE = f"{REGION}-docker.pkg.dev/{PROJECT}/veil/veil-worker:test"
# What Beam 2.77's DataflowRunner puts in the job when no --sdk_container_image is given.
BEAM_DATAFLOW_IMAGE = f"gcr.io/cloud-dataflow/v1beta3/beam_python3.11_sdk:{beam.__version__}"
GPU_SERVICE_OPTION = "worker_accelerator=type:nvidia-l4;count:1;install-nvidia-driver;use_nvidia_mps"
# --model_accelerator as infra/dataflow/README.md gives it: Dataflow right fitting, GPUs for the
# NER stage only (the machine type of its workers inside the hint).
MODEL_ACCELERATOR = "type:nvidia-l4;count:1;machine_type:g2-standard-8;install-nvidia-driver"
MODEL_URL = "gs://veil-models/minilm-ner"

ACCELERATOR = common_urns.resource_hints.ACCELERATOR.urn
MODEL_STAGE_MARKERS = ("NER", "Model")

# The top-level steps of today's job. Model stages add steps; these names must stay: Dataflow's
# monitoring and step metrics key on them (and a streaming job's --update would).
STABLE_STEPS = {
    "Read", "Parse", "Detect", "Anonymize", "ParseErrors", "DetectErrors", "UnwritableErrors",
    "ErrorLines", "ScoreRisk", "RiskStats", "Write", "AllStats", "Summary",
}

# Leaf transforms Dataflow Runner v2 executes for a batch Python job. Everything else must be a
# composite (with subtransforms), which Dataflow expands; a leaf with another URN, such as a
# `beam:transform:pickled_python:v1` without subtransforms, only runs on Python's own runners.
RUNNER_V2_LEAVES = {
    common_urns.primitives.IMPULSE.urn,
    common_urns.primitives.PAR_DO.urn,
    common_urns.primitives.GROUP_BY_KEY.urn,
    common_urns.primitives.FLATTEN.urn,
    common_urns.primitives.ASSIGN_WINDOWS.urn,
}
LOCAL_RUNNER_MODULES = (
    "apache_beam.runners.direct",
    "apache_beam.runners.portability.fn_api_runner",
    "apache_beam.runners.interactive",
    "apache_beam.testing",
)
VEIL_MODULES = ("veil", "pipelines", "transforms", "models")
MAX_CREATE_BYTES = 16 * 1024  # planned splits and shard names: small, whatever the input size


# --- Reusable helpers: they take the pipeline proto a runner would receive. -----------------


def accelerator_hints(pipeline: beam_runner_api_pb2.Pipeline) -> dict[str, str]:
    """Each transform that asks for an accelerator, by unique name, with its hint string.

    Beam puts a transform's resource hints (`with_resource_hints(accelerator=...)`, inherited by
    the subtransforms of a composite) on an environment of their own, and `--resource_hints`
    on the default environment, which every transform uses: both are found here.
    """
    environments = pipeline.components.environments
    hints = {}
    for transform in pipeline.components.transforms.values():
        if not transform.environment_id:
            continue  # runner-executed primitives (Impulse, GroupByKey) have no environment
        hint = environments[transform.environment_id].resource_hints.get(ACCELERATOR)
        if hint is not None:
            hints[transform.unique_name] = hint.decode("utf-8")
    return hints


def is_model_stage(unique_name: str) -> bool:
    """A transform inside a step whose label names a model: "NER", "NERModel", "Model/..."."""
    return any(marker in part for part in unique_name.split("/") for marker in MODEL_STAGE_MARKERS)


def misplaced_accelerators(pipeline: beam_runner_api_pb2.Pipeline) -> dict[str, str]:
    """Accelerator hints on transforms that are not model stages: each one rents a GPU for
    work that cannot use it (a pipeline-wide `--resource_hints accelerator=...` shows up here
    for every transform)."""
    return {name: hint for name, hint in accelerator_hints(pipeline).items() if not is_model_stage(name)}


def dataflow_dry_run(build, *args: str) -> beam_runner_api_pb2.Pipeline:
    """The pipeline proto Beam's DataflowRunner builds for `build(pipeline, options)`, in this
    process and without network.

    Uses Beam's `--dry_run`: everything up to the staging of the job (no credentials, no
    staging). `args` are more options, Veil's included: `build` may plan the real job with
    `plan_job(options)` and `build_pipeline`. For the whole submission path use `translate_job`
    below, which runs the command line and also stages and writes the job.
    """
    options = PipelineOptions([
        "--runner", "DataflowRunner", "--project", PROJECT, "--region", REGION,
        "--temp_location", "gs://veil-tmp/tmp", "--dry_run", "true",
        "--sdk_location", "container", "--no_save_main_session", *args,
    ])
    pipeline = beam.Pipeline(options=options)
    build(pipeline, options)
    return pipeline.run().job.proto_pipeline


# --- Translating the real job. -------------------------------------------------------------


@dataclass
class Translation:
    job: dict  # the Dataflow job request, as DataflowRunner writes it to --template_location
    pipeline: beam_runner_api_pb2.Pipeline  # the Runner v2 pipeline proto staged with it
    staged: dict[str, bytes]  # every file staged for the job, by file name
    args: tuple[str, ...]

    @property
    def options(self) -> dict:
        return self.job["environment"]["sdkPipelineOptions"]["options"]

    @property
    def worker_pool(self) -> dict:
        (pool,) = self.job["environment"]["workerPools"]
        return pool

    def transforms(self):
        return self.pipeline.components.transforms.values()

    def names(self) -> set[str]:
        return {t.unique_name for t in self.transforms() if t.unique_name}


@pytest.fixture(scope="module")
def gcs(gcs_server, tmp_path_factory, tiny_ner_model):
    """Buckets on the GCS emulator, the sample corpus in them, and the environment a submitter
    needs: the emulator's address and offline Application Default Credentials (a user
    credential with a token valid until 2999, never refreshed), so that the full
    `apache-beam[gcp]` also submits without trying Google's auth servers."""
    # gcsfs.core's class, not gcsfs.GCSFileSystem: unless GCSFS_EXPERIMENTAL_ZB_HNS_SUPPORT was
    # false when gcsfs was first imported, that is the experimental class, whose gRPC calls the
    # emulator cannot answer (each waits for a 60 s timeout).
    from gcsfs.core import GCSFileSystem

    adc = tmp_path_factory.mktemp("adc") / "credentials.json"
    adc.write_text(json.dumps({
        "type": "authorized_user", "client_id": "veil-test", "client_secret": "veil-test",
        "refresh_token": "veil-test", "token": "veil-test", "expiry": "2999-01-01T00:00:00Z",
    }))
    env = {
        **gcs_server,
        "GOOGLE_APPLICATION_CREDENTIALS": str(adc),
        "GOOGLE_CLOUD_PROJECT": PROJECT,
        "NO_GCE_CHECK": "true",
        # `model: default` (the call_transcripts profile) finds no model: rules-only jobs say
        # `--detectors rules`, as a job without its model would otherwise not start.
        "VEIL_MODEL_DIR": str(adc.parent / "no-model"),
    }
    with pytest.MonkeyPatch.context() as patch:
        for name, value in gcs_server.items():
            patch.setenv(name, value)
        fs = GCSFileSystem(token="anon")
        for bucket in ("veil-in", "veil-out", "veil-tmp"):
            fs.mkdir(bucket)
        sample = (ROOT / "data" / "sample.jsonl").read_bytes().splitlines(keepends=True)
        fs.pipe("veil-in/calls/sample.jsonl", b"".join(sample))
        fs.pipe("veil-in/two/part-1.jsonl", b"".join(sample[:150]))
        fs.pipe("veil-in/two/part-2.jsonl", b"".join(sample[150:]))
        # A real model, as `veil train --output gs://...` writes one: the launcher loads it and
        # runs its probe before it builds the job, so a placeholder would not do.
        fs.mkdir("veil-models")
        for path in sorted(tiny_ner_model.iterdir()):
            if path.is_file():
                fs.pipe(f"{MODEL_URL[5:]}/{path.name}", path.read_bytes())
        ner_config = (ROOT / "veil" / "profiles" / "minimal.yaml").read_text() + f"""
detectors:
  rules: true
  hf:
    model: {MODEL_URL}
"""
        fs.pipe("veil-in/config/ner.yaml", ner_config.encode())
        yield fs, env, adc.parent


def translate_job(gcs, name: str, *args: str) -> Translation:
    """Run the real command line with DataflowRunner, writing the job to a template on the
    emulated GCS instead of submitting it, and read back what Dataflow would receive."""
    fs, env, _ = gcs
    template = f"gs://veil-tmp/templates/{name}.json"
    command = (
        "--output", f"gs://veil-out/{name}", "--runner", "DataflowRunner",
        "--project", PROJECT, "--region", REGION, "--job_name", name,
        "--temp_location", "gs://veil-tmp/tmp", "--staging_location", f"gs://veil-tmp/staging/{name}",
        "--template_location", template, "--wait_until_finish=false", *args,
    )
    result = run_cli(*command, env=env)
    assert result.returncode == 0, result.stderr[-4000:]

    fs.invalidate_cache()
    job = json.loads(fs.cat(template))
    staging = job["environment"]["sdkPipelineOptions"]["options"]["pipelineUrl"].rsplit("/", 1)[0]
    staged = {path.rsplit("/", 1)[1]: fs.cat(path) for path in fs.find(staging)}
    pipeline = beam_runner_api_pb2.Pipeline.FromString(staged["pipeline.pb"])
    return Translation(job, pipeline, staged, command)


@pytest.fixture(scope="module")
def classic(gcs) -> Translation:
    """The Dataflow command of infra/dataflow/README.md, with the worker image and setup.py."""
    return translate_job(
        gcs, "veil-classic",
        "--input", "gs://veil-in/calls/*.jsonl", "--config", "call_transcripts", "--detectors", "rules",
        "--setup_file", "./setup.py", "--sdk_container_image", WORKER_IMAGE,
        "--experiments=use_runner_v2",
        "--service_account_email", f"veil-worker@{PROJECT}.iam.gserviceaccount.com",
        "--machine_type", "n2-standard-8", "--max_num_workers", "50",
    )


@pytest.fixture(scope="module")
def stock_gpu(gcs) -> Translation:
    """Another input, split and sharded differently, on Beam's own image without setup.py,
    with the GPU worker options of the Dataflow README."""
    return translate_job(
        gcs, "veil-stock-gpu",
        "--input", "gs://veil-in/two/", "--config", "call_transcripts", "--detectors", "rules",
        "--split_bytes", "65536", "--num_shards", "3",
        "--machine_type", "g2-standard-8", "--dataflow_service_options", GPU_SERVICE_OPTION,
        "--number_of_worker_harness_threads", "2", "--disk_size_gb", "50",
    )


@pytest.fixture(scope="module")
def ner(gcs) -> Translation:
    """A job with the NER stage: the model on GCS, its GPU asked for by the stage alone."""
    return translate_job(
        gcs, "veil-ner",
        "--input", "gs://veil-in/calls/*.jsonl", "--config", "gs://veil-in/config/ner.yaml",
        "--setup_file", "./setup.py", "--sdk_container_image", WORKER_IMAGE,
        "--model_accelerator", MODEL_ACCELERATOR, "--model_copies", "1",
        "--machine_type", "n2-standard-8", "--max_num_workers", "50",
    )


@pytest.fixture(params=["classic", "ner"])
def translated(request) -> Translation:
    """Each job a user would submit with the worker image: rules only, and with the NER stage."""
    return request.getfixturevalue(request.param)


# --- What the job holds. -------------------------------------------------------------------


def unpickled_bytes(payload: bytes) -> bytes:
    """The pickle inside a Beam-pickled payload (base64 of bz2, or of zlib), else the payload."""
    try:
        packed = base64.b64decode(payload, validate=True)
    except ValueError:
        return payload
    for decompress in (bz2.decompress, zlib.decompress):
        try:
            return decompress(packed)
        except (OSError, ValueError, zlib.error):
            continue
    return payload


def pickled_payloads(pipeline: beam_runner_api_pb2.Pipeline) -> dict[str, bytes]:
    """Every Beam-pickled payload of the job (DoFns, CombineFns, Creates, coders, window fns),
    by where it sits."""
    payloads = {}
    for transform in pipeline.components.transforms.values():
        spec = transform.spec
        if spec.urn == common_urns.primitives.PAR_DO.urn:
            do_fn = beam_runner_api_pb2.ParDoPayload.FromString(spec.payload).do_fn
            if do_fn.payload:
                payloads[f"{transform.unique_name} (DoFn)"] = do_fn.payload
        elif spec.urn in (
            common_urns.composites.COMBINE_PER_KEY.urn, common_urns.combine_components.COMBINE_GROUPED_VALUES.urn
        ):
            combine_fn = beam_runner_api_pb2.CombinePayload.FromString(spec.payload).combine_fn
            payloads[f"{transform.unique_name} (CombineFn)"] = combine_fn.payload
        elif spec.payload:
            payloads[f"{transform.unique_name} ({spec.urn})"] = spec.payload
    for coder_id, coder in pipeline.components.coders.items():
        if coder.spec.payload:
            payloads[f"coder {coder_id}"] = coder.spec.payload
    for strategy_id, strategy in pipeline.components.windowing_strategies.items():
        if strategy.window_fn.payload:
            payloads[f"windowing {strategy_id}"] = strategy.window_fn.payload
    return payloads


def python_functions(pipeline: beam_runner_api_pb2.Pipeline) -> dict[str, object]:
    """Every DoFn and CombineFn of the job, unpickled as the workers do."""
    functions = {}
    for transform in pipeline.components.transforms.values():
        spec = transform.spec
        if spec.urn == common_urns.primitives.PAR_DO.urn:
            do_fn = beam_runner_api_pb2.ParDoPayload.FromString(spec.payload).do_fn
            if do_fn.urn == python_urns.PICKLED_DOFN_INFO:
                functions[transform.unique_name] = pickler.loads(do_fn.payload)[0]
        elif spec.urn == common_urns.composites.COMBINE_PER_KEY.urn:
            combine_fn = beam_runner_api_pb2.CombinePayload.FromString(spec.payload).combine_fn
            if combine_fn.urn == python_urns.PICKLED_COMBINE_FN:
                functions[transform.unique_name] = pickler.loads(combine_fn.payload)
    return functions


def local_paths(text: bytes, gcs) -> list[str]:
    """Paths of this checkout or of the test's temporary folders in `text`, and any `file://` or
    `memory://` URL. Two kinds of local path are no such construct, as no worker opens them:
    a `.py` file of the checkout, the file name that a code object pickled by value carries (a
    lambda in Veil's code); and the folder where the submitter looked for `model: default`, which
    the summary's `detectors_missing` names when it found no model there."""
    _, env, temp_folder = gcs
    messages = {f"{env['VEIL_MODEL_DIR']}/minilm-ner".encode()}
    found = []
    for root in (str(ROOT), str(temp_folder.parent)):
        for match in re.finditer(re.escape(root.encode()) + rb"[A-Za-z0-9._/+@=,~-]*", text):
            if not match.group().endswith(b".py") and match.group() not in messages:
                found.append(match.group().decode())
    found += [scheme for scheme in ("file://", "memory://") if scheme.encode() in text]
    return found


def sample_records() -> list[dict]:
    with open(ROOT / "data" / "sample.jsonl", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


# --- The tests. ----------------------------------------------------------------------------


def test_the_job_request_is_a_runner_v2_batch_job_on_the_worker_image(classic):
    job, pool = classic.job, classic.worker_pool
    assert job["type"] == "JOB_TYPE_BATCH"
    assert job["environment"]["version"]["job_type"] == "FNAPI_BATCH"
    assert {"use_runner_v2", "beam_fn_api", "use_portable_job_submission"} <= set(job["environment"]["experiments"])
    assert job["environment"]["serviceAccountEmail"] == f"veil-worker@{PROJECT}.iam.gserviceaccount.com"
    assert pool["machineType"] == "n2-standard-8"
    assert pool["autoscalingSettings"]["maxNumWorkers"] == 50
    assert pool["workerHarnessContainerImage"] == WORKER_IMAGE
    assert {image["containerImage"] for image in pool["sdkHarnessContainerImages"]} == {WORKER_IMAGE}
    # Veil's own options reach the workers, with the input and output on GCS.
    assert classic.options["input"] == "gs://veil-in/calls/*.jsonl"
    assert classic.options["output"] == "gs://veil-out/veil-classic"
    assert classic.options["config"] == "call_transcripts"
    assert classic.options["wait_until_finish"] is False


def test_every_environment_is_the_worker_image_with_the_setup_file_staged(classic):
    environments = classic.pipeline.components.environments
    assert environments, "the job has no environment"
    for environment in environments.values():
        assert environment.urn == common_urns.environments.DOCKER.urn
        image = beam_runner_api_pb2.DockerPayload.FromString(environment.payload).container_image
        assert image == WORKER_IMAGE
        staged_names = set()
        for artifact in environment.dependencies:
            # Staged to GCS: URLs, never files on the submitting machine.
            assert artifact.type_urn == common_urns.artifact_types.URL.urn, artifact
            url = beam_runner_api_pb2.ArtifactUrlPayload.FromString(artifact.type_payload).url
            assert url.startswith("gs://veil-tmp/staging/veil-classic/"), url
            staged_names.add(url.rsplit("/", 1)[1])
        assert "workflow.tar.gz" in staged_names  # what --setup_file ships

    packages = {package["name"]: package["location"] for package in classic.worker_pool["packages"]}
    assert "workflow.tar.gz" in packages
    assert all(location.startswith("storage.googleapis.com/veil-tmp/staging/") for location in packages.values())

    # workflow.tar.gz is the sdist of setup.py, with the package data the workers need.
    with tarfile.open(fileobj=io.BytesIO(classic.staged["workflow.tar.gz"])) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"setup.py", "pipelines/anonymize.py", "transforms/detect.py", "veil/profiles/call_transcripts.yaml"} <= names
    assert any(name.startswith("veil/detection/engine/data/") for name in names)


def test_without_a_custom_image_the_job_runs_beams_dataflow_sdk_image(stock_gpu):
    for environment in stock_gpu.pipeline.components.environments.values():
        image = beam_runner_api_pb2.DockerPayload.FromString(environment.payload).container_image
        assert image == BEAM_DATAFLOW_IMAGE
        staged = {
            beam_runner_api_pb2.ArtifactUrlPayload.FromString(a.type_payload).url.rsplit("/", 1)[1]
            for a in environment.dependencies
        }
        assert "workflow.tar.gz" not in staged  # no --setup_file, nothing of Veil's staged
    assert stock_gpu.worker_pool["workerHarnessContainerImage"] == BEAM_DATAFLOW_IMAGE
    assert "workflow.tar.gz" not in {p["name"] for p in stock_gpu.worker_pool["packages"]}


def test_the_documented_gpu_worker_options_reach_the_job(stock_gpu):
    """The flags of infra/dataflow/README.md#gpus-for-the-ner-stage, as Beam 2.77 sends them."""
    environment, pool = stock_gpu.job["environment"], stock_gpu.worker_pool
    assert environment["serviceOptions"] == [GPU_SERVICE_OPTION]
    assert pool["machineType"] == "g2-standard-8"
    assert pool["numThreadsPerWorker"] == 2
    assert pool["diskSizeGb"] == 50


def test_every_leaf_transform_is_one_dataflow_runner_v2_executes(translated):
    for transform in translated.transforms():
        python_type = transform.annotations.get("python_type", b"").decode()
        assert not python_type.startswith(LOCAL_RUNNER_MODULES), (transform.unique_name, python_type)
        if not transform.subtransforms and transform.unique_name:
            assert transform.spec.urn in RUNNER_V2_LEAVES, (transform.unique_name, transform.spec.urn)
    assert not set(translated.pipeline.requirements) - {
        common_urns.requirements.REQUIRES_STATEFUL_PROCESSING.urn,
        common_urns.requirements.REQUIRES_SPLITTABLE_DOFN.urn,
        common_urns.requirements.REQUIRES_BUNDLE_FINALIZATION.urn,
    }


def test_the_job_holds_no_local_path_and_no_input_record(translated, gcs):
    payloads = {name: unpickled_bytes(payload) for name, payload in pickled_payloads(translated.pipeline).items()}
    assert any(name.startswith("Detect/Rules/ParDo(RulesFn)") for name in payloads)
    options = {key: value for key, value in translated.options.items() if key != "setup_file"}
    assert translated.options["setup_file"] == "./setup.py"  # read on the submitter, to build the sdist
    job = {**translated.job, "environment": {**translated.job["environment"], "sdkPipelineOptions": options}}
    texts = {
        "job request": json.dumps(job).encode(),
        "pipeline proto": translated.staged["pipeline.pb"],
        "pickled main session": translated.staged.get("pickled_main_session", b""),
        **payloads,
    }
    for where, text in texts.items():
        assert not local_paths(text, gcs), f"{where} refers to {local_paths(text, gcs)}"

    # The planned splits name the GCS input: workers read it, nothing of it travels in the job.
    (splits,) = [text for name, text in payloads.items() if name.startswith("Read/PlannedSplits/FlatMap")]
    assert b"gs://veil-in/calls/sample.jsonl" in splits
    records = sample_records()
    texts_of_records = [t["text"] for r in records for t in r.get("turns") or [r]]  # documents: one text
    needles = {r["id"] for r in records} | {text for text in texts_of_records if len(text) >= 40}
    assert len(needles) > len(records)
    for where, text in texts.items():
        found = [needle for needle in needles if needle.encode() in text]
        assert not found, f"{where} holds input data: {found[:3]}"


def test_no_create_carries_much_data(translated):
    transforms = translated.pipeline.components.transforms
    creates = [t for t in transforms.values() if t.annotations.get("python_type") == b"apache_beam.transforms.core.Create"]
    assert {t.unique_name for t in creates} >= {"Read/PlannedSplits", "Write/EveryShard"}
    for create in creates:
        subtree, size = [create], 0
        while subtree:
            transform = subtree.pop()
            size += transform.ByteSize()
            subtree.extend(transforms[child] for child in transform.subtransforms)
        assert size < MAX_CREATE_BYTES, (create.unique_name, size)


def test_every_dofn_pickles_with_the_default_pickler_and_cloudpickle(translated):
    functions = python_functions(translated.pipeline)
    veil_functions = {
        name: fn for name, fn in functions.items() if type(fn).__module__.split(".")[0] in VEIL_MODULES
    }
    assert {"Read/ReadSplit/ParDo(ReadSplitFn)", "Parse/ParDo(ParseRecordFn)", "Detect/Rules/ParDo(RulesFn)",
            "Anonymize/ParDo(AnonymizeFn)", "ScoreRisk/Score/ParDo(ScoreRiskFn)", "ScoreRisk/AuditInputs", "Write/MergeRuns"} <= set(veil_functions)
    for name, fn in functions.items():
        # Beam's default pickler (cloudpickle in 2.77), as DataflowRunner pickles the job...
        assert type(pickler.loads(pickler.dumps(fn))) is type(fn), name
        # ... and cloudpickle itself.
        assert type(cloudpickle.loads(cloudpickle.dumps(fn))) is type(fn), name
    for name, fn in veil_functions.items():
        # Veil's own by reference too, with Python's pickle: no lambdas or local classes inside.
        assert type(pickle.loads(pickle.dumps(fn))) is type(fn), name


def names_outside_creates(translation: Translation) -> set[str]:
    """Transform names, less what Beam's Create expands into: with more than one element it adds
    a `MaybeReshuffle`, so that part follows the number of planned splits."""
    transforms = translation.pipeline.components.transforms
    inside = set()
    for transform in transforms.values():
        if transform.annotations.get("python_type") == b"apache_beam.transforms.core.Create":
            inside |= {transforms[child].unique_name for child in transform.subtransforms}
    return {name for name in translation.names() if not any(name == n or name.startswith(n + "/") for n in inside)}


def test_transform_names_do_not_depend_on_the_input_or_the_options(classic, stock_gpu, ner):
    """Step names are what Dataflow's monitoring, step metrics and a streaming job's --update
    key on (Veil is a batch job, which Dataflow never updates in place)."""
    assert names_outside_creates(classic) == names_outside_creates(stock_gpu)
    assert STABLE_STEPS <= {name for name in classic.names() if "/" not in name}
    # The NER stage adds steps of its own, inside Detect, and keeps the others' (its errors
    # join the others' in Detect/Failed, so even Write's steps stay the same).
    added = names_outside_creates(ner) - names_outside_creates(classic)
    assert {"/".join(name.split("/")[:2]) for name in added} == {"Detect/Model[hf]"}
    for translation in (classic, ner):
        for name in translation.names():
            # Beam's own Create names a lambda by its line in Beam's core.py: stable for a release.
            in_beams_create = "<lambda at core.py:" in name and "/" in name
            assert in_beams_create or not ("<lambda" in name or " at 0x" in name), name


def test_the_rules_only_job_asks_for_no_accelerator(classic, stock_gpu):
    for translation in (classic, stock_gpu):
        assert accelerator_hints(translation.pipeline) == {}
        assert misplaced_accelerators(translation.pipeline) == {}
    # stock_gpu's GPUs come from --dataflow_service_options, for the whole job, not from a hint.
    assert stock_gpu.job["environment"]["serviceOptions"] == [GPU_SERVICE_OPTION]


def test_only_the_ner_stage_asks_for_an_accelerator(ner):
    hints = accelerator_hints(ner.pipeline)
    assert hints and set(hints.values()) == {MODEL_ACCELERATOR}
    assert {"/".join(name.split("/")[:2]) for name in hints} == {"Detect/Model[hf]"}
    assert any("RunInference" in name for name in hints)
    assert misplaced_accelerators(ner.pipeline) == {}
    # Dataflow gets the NER stage's environment as a second SDK container, on the same image;
    # no job-wide accelerator (right fitting and worker_accelerator do not mix).
    images = ner.worker_pool["sdkHarnessContainerImages"]
    assert len(images) == 2 and {image["containerImage"] for image in images} == {WORKER_IMAGE}
    assert not ner.job["environment"].get("serviceOptions")
    # The model is named by its GCS URL and the stage loads one copy per machine.
    (handler,) = [
        fn._model_handler for name, fn in python_functions(ner.pipeline).items()
        if name.startswith("Detect/Model[hf]/RunInference/") and hasattr(fn, "_model_handler")
    ]
    assert handler.unkeyed.settings.model == MODEL_URL
    assert handler.model_copies() == 1


def test_the_accelerator_check_sees_the_hints_dataflow_receives():
    """The helpers above on a pipeline with hints, translated by the same DataflowRunner."""
    hint = "type:nvidia-l4;count:1;install-nvidia-driver"

    class Infer(beam.PTransform):
        def expand(self, pcoll):
            return pcoll | "Predict" >> beam.Map(str) | "Post" >> beam.Map(len)

    def build(pipeline, _):
        texts = pipeline | "Texts" >> beam.Create(["a", "bb"])
        spans = texts | "NER" >> Infer().with_resource_hints(accelerator=hint)
        spans | "Tokenize" >> beam.Map(str).with_resource_hints(accelerator=hint)
        texts | "Merge" >> beam.Map(str)

    proto = dataflow_dry_run(build)
    assert accelerator_hints(proto) == {"NER": hint, "NER/Predict": hint, "NER/Post": hint, "Tokenize": hint}
    assert misplaced_accelerators(proto) == {"Tokenize": hint}

    # A pipeline-wide hint lands on every transform: all of them are flagged.
    proto = dataflow_dry_run(lambda p, _: p | "Texts" >> beam.Create(["a"]) | "Merge" >> beam.Map(str),
                             "--resource_hints", f"accelerator={hint}")
    assert "Merge" in misplaced_accelerators(proto)


def test_a_model_on_the_submitters_disk_never_reaches_a_cluster_job(tmp_path, monkeypatch):
    from pipelines.anonymize import build_pipeline, plan_job
    from veil.run.errors import ConfigError

    (tmp_path / "minilm-ner").mkdir()
    (tmp_path / "minilm-ner" / "config.json").write_text("{}")  # what `veil train` leaves
    monkeypatch.setenv("VEIL_MODEL_DIR", str(tmp_path))

    def build(pipeline, options):
        build_pipeline(pipeline, plan_job(options))

    with pytest.raises(ConfigError, match="workers cannot read"):
        dataflow_dry_run(
            build, "--input", str(ROOT / "data" / "sample.jsonl"), "--output", "gs://veil-out/x",
            "--config", "call_transcripts",
        )


def test_the_job_carries_where_the_secret_key_is_never_the_key(tmp_path, monkeypatch):
    """The keyed operators' key is in no payload of the job Dataflow would store: the DoFn
    carries `crypto_key: {env: NAME}` and the workers read the key themselves."""
    from pipelines.anonymize import build_pipeline, plan_job

    key, env = "veil-graph-test-key-5e1f0c9a8b7d6e5f4a3b", "VEIL_GRAPH_TEST_KEY"
    monkeypatch.setenv(env, key)
    config = tmp_path / "keyed.yaml"
    config.write_text((ROOT / "veil" / "profiles" / "minimal.yaml").read_text() + f"""
deidentify_config:
  info_type_transformations:
    transformations:
      - info_types: [{{name: PHONE_NUMBER}}]
        primitive_transformation: {{surrogate_config: {{crypto_key: {{env: {env}}}}}}}
      - primitive_transformation: {{crypto_hash_config: {{crypto_key: {{env: {env}}}}}}}
""")

    def build(pipeline, options):
        build_pipeline(pipeline, plan_job(options))

    proto = dataflow_dry_run(build, "--input", str(ROOT / "data" / "sample.jsonl"),
                             "--output", "gs://veil-out/keyed", "--config", str(config))
    payloads = {name: unpickled_bytes(payload) for name, payload in pickled_payloads(proto).items()}
    (anonymize,) = [text for name, text in payloads.items() if name.startswith("Anonymize/ParDo(AnonymizeFn)")]
    assert env.encode() in anonymize  # the check reads inside the payloads: where the key is travels
    for where, text in {"pipeline proto": proto.SerializeToString(), **payloads}.items():
        assert key.encode() not in text, f"{where} holds the secret key"


def test_a_transient_key_travels_as_where_its_job_secret_is_never_the_secret(tmp_path):
    """DLP's transient key: the launch draws a job secret; the DoFns carry only the path in
    the run's temporary folder where the workers read it."""
    from pipelines.anonymize import build_pipeline, plan_job

    config = tmp_path / "transient.yaml"
    config.write_text((ROOT / "veil" / "profiles" / "minimal.yaml").read_text() + """
deidentify_config:
  info_type_transformations:
    transformations:
      - primitive_transformation: {crypto_hash_config: {crypto_key: {transient: {name: k}}}}
""")
    plans = []

    def build(pipeline, options):
        plans.append(plan_job(options))
        build_pipeline(pipeline, plans[-1])

    proto = dataflow_dry_run(build, "--input", str(ROOT / "data" / "sample.jsonl"),
                             "--output", "gs://veil-out/transient", "--config", str(config))
    (plan,) = plans
    assert len(plan.job_secret) == 32 and plan.job_secret_path.startswith("gs://veil-out/transient/_temp/")
    payloads = {name: unpickled_bytes(payload) for name, payload in pickled_payloads(proto).items()}
    (anonymize,) = [text for name, text in payloads.items() if name.startswith("Anonymize/ParDo(AnonymizeFn)")]
    assert plan.job_secret_path.encode() in anonymize
    for where, text in {"pipeline proto": proto.SerializeToString(), **payloads}.items():
        assert plan.job_secret not in text, f"{where} holds the job secret"


def test_flex_template_metadata_declares_every_veil_option():
    """infra/dataflow/metadata.json: one parameter per Veil option, each one Beam parses."""
    from pipelines.options import VeilOptions

    metadata = json.loads((ROOT / "infra" / "dataflow" / "metadata.json").read_text())
    declared = {parameter["name"] for parameter in metadata["parameters"]}
    parser = argparse.ArgumentParser()
    VeilOptions._add_argparse_args(parser)
    options = {action.dest for action in parser._actions if action.dest != "help"}
    assert declared == options
    for parameter in metadata["parameters"]:
        assert parameter["helpText"] and parameter["label"], parameter["name"]
        assert parameter["isOptional"] == (parameter["name"] not in {"input", "output"})
        for pattern in parameter.get("regexes", []):
            re.compile(pattern)
    # Values the docs pass through the template, accepted by the metadata's own validation.
    examples = {
        "model_accelerator": MODEL_ACCELERATOR, "model_copies": "1", "detector": "google-dlp",
        "input": "gs://bucket/calls/*.parquet", "audit_raw": "false", "wait_until_finish": "false",
        "audit_sample": "all",
    }
    regexes = {parameter["name"]: parameter.get("regexes", []) for parameter in metadata["parameters"]}
    for name, value in examples.items():
        assert all(re.fullmatch(pattern, value) for pattern in regexes[name]), (name, value)


def test_flink_manifests_agree_with_each_other_and_with_beam():
    """infra/flink: the worker-pool sidecar, the shared artifact volume and the versions."""
    import yaml

    deployment, claim = yaml.safe_load_all((ROOT / "infra" / "flink" / "flink-deployment.yaml").read_text())
    server, service = yaml.safe_load_all((ROOT / "infra" / "flink" / "job-server.yaml").read_text())
    spec = deployment["spec"]
    pod = spec["taskManager"]["podTemplate"]["spec"]
    containers = {container["name"]: container for container in pod["containers"]}
    sidecar = containers["beam-worker-pool"]
    assert sidecar["args"] == ["--worker_pool"]
    assert {port["containerPort"] for port in sidecar["ports"]} == {50000}  # --environment_config localhost:50000

    (job_server,) = server["spec"]["template"]["spec"]["containers"]
    flink = spec["flinkVersion"].removeprefix("v").replace("_", ".")
    assert spec["image"] == f"flink:{flink}"
    assert job_server["image"] == f"apache/beam_flink{flink}_job_server:{beam.__version__}"
    args = dict(arg.removeprefix("--").split("=", 1) for arg in job_server["args"])
    assert args["flink-master"] == f"{deployment['metadata']['name']}-rest:8081"

    # The job server stages artifacts where the TaskManagers read them: one ReadWriteMany claim.
    (tm_mount,) = containers["flink-main-container"]["volumeMounts"]
    (js_mount,) = job_server["volumeMounts"]
    assert tm_mount["mountPath"] == js_mount["mountPath"] == args["artifacts-dir"]
    volumes = {v["name"]: v for v in pod["volumes"]} | {
        v["name"]: v for v in server["spec"]["template"]["spec"]["volumes"]
    }
    assert volumes[tm_mount["name"]]["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]
    assert volumes[js_mount["name"]]["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]
    assert claim["spec"]["accessModes"] == ["ReadWriteMany"]
    assert {port["port"] for port in service["spec"]["ports"]} >= {int(args["job-port"]), int(args["artifact-port"])}

    config = spec["flinkConfiguration"]
    assert config["execution.runtime-mode"] == "BATCH"
    assert not any(key.startswith("execution.checkpointing") for key in config)  # a batch job
    assert "taskmanager.memory.process.size" not in config  # set by taskManager.resource.memory
