"""Bundled job configs (profiles). `--config NAME` picks `configs/NAME.yaml`."""
