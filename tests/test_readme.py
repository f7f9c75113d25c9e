"""The README promises exactly two commands, and CI runs the second."""
from __future__ import annotations

import re

from tests.conftest import ROOT


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## On a fresh machine", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```\n(.*?)```", section, re.S)]


def test_readme_has_a_setup_and_demo_command_and_a_test_command():
    commands = readme_commands()
    assert len(commands) == 2
    assert "pipelines.anonymize --input data/sample.jsonl" in commands[0]
    assert commands[1].endswith("-m pytest")
    assert (ROOT / "data" / "sample.jsonl").exists()


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == readme_commands()[1]


def test_the_readme_config_example_is_valid(monkeypatch):
    import yaml

    from veil.run.config import parse_config
    from veil.transform.operators import build_operators

    text = (ROOT / "README.md").read_text()
    example = text.split("## The config", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    config = parse_config(yaml.safe_load(example), "README")
    assert config.risk.threshold == 5
    monkeypatch.setenv("VEIL_SECRET_KEY", "a-test-key-that-is-long-enough")
    build_operators(config)
