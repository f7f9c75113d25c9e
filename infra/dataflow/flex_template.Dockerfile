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

# The model stages' libraries, CPU builds: the launcher runs no model, but it decides which
# model stages the job has, and drops a configured one whose library it cannot import (with a
# warning, and `detectors_missing` in the summary). Keep NER_PACKAGES equal to the worker
# image's. CPU torch is a few hundred MB, not the GBs of the CUDA build.
ARG TORCH_VERSION=2.13.0
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu
ARG NER_PACKAGES="transformers>=5,<6 spacy>=3.8,<4"

# The large, rarely changing layer first, so that code changes rebuild only the layers below.
RUN pip install --index-url "${TORCH_INDEX_URL}" "torch==${TORCH_VERSION}"

WORKDIR /template
COPY . .

# The pipeline file the launcher runs, and setup.py, which the launcher passes to the job as
# --setup_file so that Veil is also staged for the workers (with the worker image, where Veil is
# already installed, that re-install is redundant but harmless, and guarantees that workers run
# exactly the launcher's code).
ENV FLEX_TEMPLATE_PYTHON_PY_FILE=/template/pipelines/anonymize.py \
    FLEX_TEMPLATE_PYTHON_SETUP_FILE=/template/setup.py

# Veil and its dependencies, installed so that `pipelines.*` imports resolve when the launcher
# runs pipelines/anonymize.py as a script.
RUN printf 'apache-beam==%s\ntorch==%s\n' "${BEAM_VERSION}" "${TORCH_VERSION}" > /tmp/veil-constraints.txt \
 && pip install -c /tmp/veil-constraints.txt "apache-beam[gcp]==${BEAM_VERSION}" . ${NER_PACKAGES} \
 && cd / && python -c "import apache_beam, torch, transformers, pipelines.anonymize, transforms.ner; print('beam', apache_beam.__version__)"

# ENTRYPOINT stays the base image's /opt/google/dataflow/python_template_launcher.
