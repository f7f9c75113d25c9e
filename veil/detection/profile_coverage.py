"""Whether the detectors that will run can find the profile's direct identifiers at all.

A job whose rules are off (`--detectors hf` alone), whose exclusion rule matches everything
(`.*`), or whose `min_likelihood` is above what a type's detectors ever report, writes every
email, phone number or SSN raw and still succeeds. Before the job starts, each direct
identifier the profile asks for is looked for in its own catalogue examples with the job's
detector, exactly as configured: a type none of whose examples is found is one the job cannot
find, and the launcher refuses it (unless `--allow_undetected_types`).
"""
from __future__ import annotations

from typing import Callable, Iterable, Sequence

from veil.detection.findings import Finding
from veil.detection.infotypes.catalogue import Catalogue

Find = Callable[[list[str]], Sequence[Finding]]


def _hidden(example_text: str, value: str, findings: Sequence[Finding]) -> bool:
    """Whether every non-space character of `value` in `example_text` lies in a finding."""
    start = example_text.index(value)
    covered = set()
    for finding in findings:
        covered.update(range(finding.start, finding.end))
    return all(i in covered for i in range(start, start + len(value)) if not example_text[i].isspace())


def undetected_direct_types(info_types: Iterable[str], catalogue: Catalogue, find: Find | None,
                            model_types: Iterable[str] = ()) -> dict[str, str]:
    """{type: why} for each direct identifier among `info_types` that the job cannot find.

    `find` is the job's rules detector (None when the rules do not run); `model_types` the
    types the job's models report (a model is checked by its own launch probe)."""
    models = set(model_types)
    problems: dict[str, str] = {}
    for name in sorted(set(info_types)):
        entry = catalogue.get(name)
        if entry is None or not entry.direct or not entry.examples or name in models:
            continue
        if find is None:
            problems[name] = "the rules do not run and no model that runs reports it"
            continue
        hidden = sum(_hidden(e.text, e.value, find([e.text])) for e in entry.examples)
        if hidden == 0:
            problems[name] = (f"the rules as configured find none of its {len(entry.examples)} "
                              "catalogue example(s) (an exclusion rule, min_likelihood or a "
                              "likelihood adjustment hides them)")
    return problems


def undetected_message(problems: dict[str, str]) -> str:
    lines = [f"the profile's direct identifier {name} cannot be found: {why}"
             for name, why in problems.items()]
    lines.append("The job would write every such value raw. Fix the config or --detectors, or pass "
                 "--allow_undetected_types to run anyway (the summary lists the types).")
    return "\n".join(lines)
