"""Imports flow one way, top to bottom:

interfaces (cli, web, terminal, envs, arena, the analysis and option CLIs) → bots (and players, analysis)
→ solver → records (and the worked examples) → games (and the package's facade) → cards (errors, i18n).

A module may import its own layer or a lower one, never a higher one; the interfaces do not import each
other (the web does not depend on the terminal); and no two modules import each other, even lazily.
Every import counts, also inside a function; only ``if TYPE_CHECKING:`` blocks are exempt.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
LAYERS = (
    ("interfaces", ("whistdrive.__main__", "whistdrive.cli", "whistdrive.distributed", "whistdrive.web", "whistdrive.terminal", "whistdrive.envs", "whistdrive.arena",
                    "whistdrive.arena_cli", "whistdrive.analysis_cli", "whistdrive.options_cli")),
    ("bots", ("whistdrive.bots", "whistdrive.players", "whistdrive.analysis",
              "whistdrive.spiel", "whistdrive.rl", "whistdrive.vec")),  # OpenSpiel's games and bots, the RL view,
    # the batched games: engines for others
    ("solver", ("whistdrive.solver",)),
    ("records", ("whistdrive.records", "whistdrive.record_schema", "whistdrive.examples")),
    ("games", ("whistdrive.games", "whistdrive")),
    ("cards", ("whistdrive.cards", "whistdrive.errors", "whistdrive.i18n")),
)
# envs draws its text render with the terminal's table; the other interfaces stand alone
INDEPENDENT = ("whistdrive.web", "whistdrive.terminal", "whistdrive.arena", "whistdrive.analysis_cli")


def _within(module: str, prefix: str) -> bool:
    if prefix == "whistdrive":  # the package's own __init__ only
        return module == prefix
    return module == prefix or module.startswith(prefix + ".")


def layer(module: str) -> int:
    found = [i for i, (_, prefixes) in enumerate(LAYERS) for p in prefixes if _within(module, p)]
    assert found, f"{module} is in no layer: add it to LAYERS"
    return found[0]


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted((SRC / "whistdrive").rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The whistdrive modules ``module`` imports (``from pkg import sub`` counts as importing ``pkg.sub``)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "whistdrive")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] == "whistdrive":
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in known else target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    found.discard(module)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {m: imports(m, p, known) for m, p in known.items()}


def test_every_import_goes_to_the_same_layer_or_below():
    upward = [f"{m} ({LAYERS[layer(m)][0]}) imports {t} ({LAYERS[layer(t)][0]})"
              for m, targets in graph().items() for t in sorted(targets) if layer(t) < layer(m)]
    assert not upward, upward


def test_interfaces_do_not_import_each_other():
    crossing = [f"{m} imports {t}" for m, targets in graph().items() for t in sorted(targets)
                for a in INDEPENDENT for b in INDEPENDENT
                if a != b and _within(m, a) and _within(t, b)]
    assert not crossing, crossing


def test_no_import_cycles():
    g = graph()
    cycles, state = [], {}

    def walk(m: str, stack: list[str]) -> None:
        state[m] = "open"
        for t in sorted(g.get(m, ())):
            if state.get(t) == "open":
                cycles.append(" -> ".join(stack[stack.index(t):] + [t]))
            elif t not in state:
                walk(t, stack + [t])
        state[m] = "done"

    for m in sorted(g):
        if m not in state:
            walk(m, [m])
    assert not cycles, cycles


def test_the_checker_sees_what_it_must_refuse():
    """The rules above are not vacuous: a lower layer importing a higher one is caught."""
    assert layer("whistdrive.analysis") > layer("whistdrive.terminal.render")
    assert layer("whistdrive.solver.api") > layer("whistdrive.bots.german_expert")
    known = modules()
    found = imports("whistdrive.web.api", known["whistdrive.web.api"], known)
    assert "whistdrive.web.rules" in found
    found = imports("whistdrive.web.botpool", known["whistdrive.web.botpool"], known)
    assert "whistdrive.analysis" in found  # an import inside a function counts too
