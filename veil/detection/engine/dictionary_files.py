"""Dictionaries in files (`cloud_storage_path`): read once, at launch, and shipped as terms.

A dictionary file re-read by every worker is a different list whenever the file changes while
the job runs: a worker then applies terms the launch never validated, and a value the launch's
list covered stays unredacted. So the launch reads every dictionary file once
(`inline_dictionary_files`) and the workers get its terms as an inline `word_list`; they never
open the file. The job summary records each file's SHA-256, so a run says which list it applied.

The terms travel inside the pipeline (on Dataflow, in the job graph, as an inline `word_list`
would). Lists of many megabytes make a large graph: on Dataflow, pass `--experiments=upload_graph`.
"""
from __future__ import annotations

import hashlib
from typing import Callable, Iterator

from veil.detection.engine.inspect_config import Dictionary, InspectConfig, WordList
from veil.run.errors import ConfigError


def dictionary_terms_of(text: str) -> list[str]:
    """A dictionary file's terms: one per line (\\n, \\r\\n or \\r), blank lines skipped."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [line.strip() for line in lines if line.strip()]


def read_dictionary_file(location: str, where: str, storage=None) -> tuple[list[str], str]:
    """(terms, SHA-256 of the file's bytes) of the dictionary file at `location`, any fsspec
    path, opened with the job's storage settings (`veil.io.storage.Storage`) when given.
    Raises ConfigError naming `where`, the dictionary's place in the config."""
    import fsspec

    options = storage.options_for(location) if storage is not None else {}
    try:
        with fsspec.open(location, "rb", **options) as handle:
            data = handle.read()
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{where}.cloud_storage_path.path: cannot read {location!r}: {error}") from None
    return dictionary_terms_of(text), hashlib.sha256(data).hexdigest()


def dictionaries(config: InspectConfig, where: str = "inspect_config") -> Iterator[tuple[str, Dictionary]]:
    """(config path, dictionary) of every dictionary in the config: custom infoTypes' and
    exclusion rules'."""
    for i, custom in enumerate(config.custom_info_types):
        if custom.dictionary is not None:
            yield f"{where}.custom_info_types[{i}].dictionary", custom.dictionary
    for i, rule_set in enumerate(config.rule_set):
        for j, rule in enumerate(rule_set.rules):
            if rule.exclusion_rule is not None and rule.exclusion_rule.dictionary is not None:
                yield f"{where}.rule_set[{i}].rules[{j}].exclusion_rule.dictionary", rule.exclusion_rule.dictionary


def _replace_dictionaries(config: InspectConfig, replace: Callable[[Dictionary, str], Dictionary],
                          where: str) -> InspectConfig:
    """The config with each dictionary through `replace(dictionary, config path)`."""
    customs = [
        custom if custom.dictionary is None else custom.model_copy(update={
            "dictionary": replace(custom.dictionary, f"{where}.custom_info_types[{i}].dictionary")})
        for i, custom in enumerate(config.custom_info_types)
    ]
    rule_sets = []
    for i, rule_set in enumerate(config.rule_set):
        rules = []
        for j, rule in enumerate(rule_set.rules):
            exclusion = rule.exclusion_rule
            if exclusion is not None and exclusion.dictionary is not None:
                path = f"{where}.rule_set[{i}].rules[{j}].exclusion_rule.dictionary"
                rule = rule.model_copy(update={"exclusion_rule": exclusion.model_copy(
                    update={"dictionary": replace(exclusion.dictionary, path)})})
            rules.append(rule)
        rule_sets.append(rule_set.model_copy(update={"rules": rules}))
    return config.model_copy(update={"custom_info_types": customs, "rule_set": rule_sets})


def inline_dictionary_files(config: InspectConfig, storage=None, where: str = "inspect_config"
                            ) -> tuple[InspectConfig, dict[str, str]]:
    """The config with every dictionary file read now and replaced by its terms, and
    {file location: "sha256:<hex>"} of the files read. Raises ConfigError on an unreadable
    file. A file read twice in one config is read once."""
    read: dict[str, tuple[list[str], str]] = {}

    def inline(dictionary: Dictionary, path: str) -> Dictionary:
        if dictionary.cloud_storage_path is None:
            return dictionary
        location = dictionary.cloud_storage_path.path
        if location not in read:
            read[location] = read_dictionary_file(location, path, storage)
        # Built without validation: an empty file is an empty list, as it was when read on
        # the workers (an inline `word_list` must have a term).
        words = WordList.model_construct(words=list(read[location][0]))
        return Dictionary.model_construct(word_list=words, cloud_storage_path=None)

    inlined = _replace_dictionaries(config, inline, where)
    return inlined, {location: f"sha256:{digest}" for location, (_, digest) in read.items()}
