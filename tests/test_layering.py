"""The package layering, checked on the real imports of every module (lazy ones included).

The floors, from the ground up (docs/design.md, and each package's docstring):

    veil.run.errors, .lazy, .progress, .schema   the ground: import nothing from Veil
    veil.synth                                   synthetic data: the ground only
    veil.io                                      reading, the record plan, writing
    veil.detection (engine, infotypes)           findings and how they are found
    veil.entities                                which mentions are one person or thing
    veil.transform (operators)                   anonymisation
    veil.risk                                    residual risk
    veil.run.config, .field_sample               the job's configuration, over every stage
    veil.measure                                 evaluation, off the runtime path
    models                                       the NER models: inference and training
    transforms                                   Beam: DoFns and PTransforms
    pipelines                                    the entry points

A module may import its own floor and the floors below. The imports that climb are listed in
`CLIMBS`, each with its reason; a new one fails this test. The core (veil/) imports no Beam, and
no two modules import each other, directly or round a circle.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("veil", "models", "transforms", "pipelines")

# Longest prefix wins.
FLOORS = {
    "veil.run.errors": 0, "veil.run.lazy": 0, "veil.run.progress": 0, "veil.run.schema": 0,
    "veil": 0,  # the package's face
    "veil.synth": 1,
    "veil.io": 2,
    "veil.detection": 3,
    "veil.entities": 4,
    "veil.transform": 5,
    "veil.risk": 6,
    "veil.run": 7,
    "veil.measure": 8,
    "models": 9,
    "transforms": 10,
    "pipelines": 11,
}

# The imports that run up the floors today, each with its reason (also in its package's
# docstring). Cutting one is welcome: remove its line. Adding one needs a reason here.
_SURROGATE_FORMAT = "a catalogue entry names the format its surrogates are drawn in"
CLIMBS = {
    ("veil.detection.detect", "veil.run.config"):
        "the conversation detector is built from the whole job config",
    ("veil.detection.engine.google_dlp", "veil.run.config"):
        "Google DLP's client is built from the whole job config",
    **{(f"veil.detection.infotypes.{family}", "veil.transform.operators.surrogate_formats"):
       _SURROGATE_FORMAT for family in ("asia_pacific", "callers", "european", "formats", "general",
                                         "latin_america", "names", "network", "numbers",
                                         "regional", "secrets", "sensitive_attributes", "text",
                                         "undetected", "upi")},
    ("veil.detection.engine.compiler", "veil.transform.operators.crypto"):
        "DLP's surrogate_type finds the annotated tokens in the crypto operators' own format",
    ("veil.detection.infotypes.formats", "veil.transform.operators.keys"):
        "surrogate digits are drawn from the operators' keyed stream",
    ("veil.detection.speakers", "veil.entities.resolution"):
        "a name label matches a name the turns mention as entity resolution matches names",
    ("veil.detection.speakers", "veil.transform.operators.names"):
        "a label word that is a first name makes the label a name",
    ("veil.entities.resolution", "veil.risk.table"):
        "one entity's mentions take the type that scores higher in the risk table",
    ("veil.entities.resolution", "veil.transform.operators.names"):
        "first names and their genders tell two people apart",
    ("veil.io.fields", "veil.transform.operators"):
        "a field rule carries the operator it is anonymised with",
    ("veil.io.fields", "veil.transform.operators.keys"):
        "`record.id_crypto_key` is a key as the operators read it, and ids are hashed with it",
    ("veil.risk.auditor", "models.available"): "the auditor runs its own model",
    ("veil.risk.auditor", "models.spacy_ner"): "the auditor runs its own model",
    ("veil.risk.auditor", "veil.run.config"): "the auditor's detectors are a job config (a profile)",
    ("veil.risk.review_sample", "veil.run.config"): "the review sample reads the run's job config",
}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the product's packages, by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            found[module_name(path, root)] = path
    return found


def imports(name: str, path: Path) -> set[str]:
    """The dotted names a module imports anywhere in its body (lazy imports too), relative
    imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def import_graph(root: Path = ROOT) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Each module's imports of the product's own modules, and all its imports."""
    known = modules(root)
    own, everything = {}, {}
    for name, path in known.items():
        names = imports(name, path)
        everything[name] = names
        resolved = set()
        for imported in names:
            parts = imported.split(".")
            for end in range(len(parts), 0, -1):
                candidate = ".".join(parts[:end])
                if candidate in known:
                    if candidate != name:
                        resolved.add(candidate)
                    break
        own[name] = resolved
    return own, everything


def floor(name: str) -> int:
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        prefix = ".".join(parts[:end])
        if prefix in FLOORS:
            return FLOORS[prefix]
    raise KeyError(f"{name}: no floor; add its package to FLOORS and to docs/design.md")


def climbs(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """The imports from a lower floor to a higher one."""
    return {(name, imported) for name, targets in graph.items() for imported in targets
            if floor(imported) > floor(name)}


def beam_in_core(everything: dict[str, set[str]]) -> set[tuple[str, str]]:
    """The core's imports of Beam: the core is plain Python (docs/design.md)."""
    return {(name, imported) for name, names in everything.items() if name.split(".")[0] == "veil"
            for imported in names if imported.split(".")[0] == "apache_beam"}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other, directly or round a circle (Tarjan's components)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(start: str) -> None:
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_no_import_climbs_a_floor_unexplained():
    graph, _ = import_graph()
    unexplained = sorted(climbs(graph) - set(CLIMBS))
    assert not unexplained, "imports that climb a floor (docs/design.md):\n" + "\n".join(
        f"  {name} imports {imported}" for name, imported in unexplained)


def test_every_explained_climb_is_still_there():
    graph, _ = import_graph()
    gone = sorted(set(CLIMBS) - climbs(graph))
    assert not gone, f"cut: remove them from CLIMBS and the package docstrings: {gone}"


def test_the_core_imports_no_beam():
    _, everything = import_graph()
    assert not beam_in_core(everything)


def test_no_import_circles():
    graph, _ = import_graph()
    assert circles(graph) == []


def test_every_module_has_a_floor():
    for name in modules():
        floor(name)


def test_the_checks_catch_a_climb_beam_in_the_core_and_a_circle(tmp_path):
    """The checks above on a small tree that breaks each rule once."""
    files = {
        "veil/__init__.py": "",
        "veil/io/__init__.py": "",
        "veil/io/reader.py": "import apache_beam as beam\nfrom veil.transform.writer import write\n",
        "veil/transform/__init__.py": "",
        "veil/transform/writer.py": "def write():\n    from veil.transform import again\n",
        "veil/transform/again.py": "from .writer import write\n",
    }
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    for package in PACKAGES[1:]:
        (tmp_path / package).mkdir()
    graph, everything = import_graph(tmp_path)
    assert climbs(graph) == {("veil.io.reader", "veil.transform.writer")}
    assert beam_in_core(everything) == {("veil.io.reader", "apache_beam")}
    assert circles(graph) == [["veil.transform.again", "veil.transform.writer"]]
