# syntax=docker/dockerfile:1
#
# Veil's Dataflow Flex Template launcher image. Dataflow runs it on a launcher VM to construct
# the pipeline: it runs pipelines/anonymize.py with the template's parameters, which validates the
# config, lists the input and plans the splits (so the launcher's service account needs read
# access to --input and --config), then submits the job. The workers run the worker image
# (infra/dataflow/Dockerfile), passed as the `sdk_container_image` parameter.
#
# Build from the repository root (BuildKit reads infra/dataflow/flex_template.Dockerfile.dockerignore):
#   docker buildx build -f infra/dataflow/flex_template.Dockerfile -t "$LAUNCHER_IMAGE" --push .

# Pin a dated tag of the launcher base in production (the tags are listed on
# https://cloud.google.com/dataflow/docs/reference/flex-templates-base-images).
ARG LAUNCHER_TAG=latest
FROM gcr.io/dataflow-templates-base/python311-template-launcher-base:${LAUNCHER_TAG}

# The launcher must construct the pipeline with the same Beam release as the workers run.
ARG BEAM_VERSION=2.77.0

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /template
COPY . .

# The pipeline file the launcher runs, and setup.py, which the launcher passes to the job as
# --setup_file so that Veil is also staged for the workers (with the worker image, where Veil is
# already installed, that re-install is redundant but harmless, and guarantees that workers run
# exactly the launcher's code).
ENV FLEX_TEMPLATE_PYTHON_PY_FILE=/template/pipelines/anonymize.py \
    FLEX_TEMPLATE_PYTHON_SETUP_FILE=/template/setup.py

# Veil and its dependencies, installed so that `pipelines.*` imports resolve when the launcher
# runs pipelines/anonymize.py as a script. No torch here: the launcher only builds the graph.
RUN echo "apache-beam==${BEAM_VERSION}" > /tmp/veil-constraints.txt \
 && pip install -c /tmp/veil-constraints.txt "apache-beam[gcp]==${BEAM_VERSION}" . \
 && cd / && python -c "import apache_beam, pipelines.anonymize; print('beam', apache_beam.__version__)"

# ENTRYPOINT stays the base image's /opt/google/dataflow/python_template_launcher.
