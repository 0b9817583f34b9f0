"""The committed corpus: ``conformance/data/corpus/<variant>/<name>.jsonl.gz``.

Generated from seeds, the same bytes every time, for every shipped variant
(``regola corpus generate``; ``regola corpus check`` regenerates and
compares). Per variant:

- ``playout-seed-N``: random playouts (`PLAYOUTS`);
- ``negative--<options>``: a seeded game with reject lines, the first example
  of each kind of mistake (`regola.conformance.corpus.negatives`);
- ``<options>--<rule>``: scenarios found by `.scenario_search.search` so
  that every rule id that holds for the default rules, and for each option
  set of `.scenarios.option_sets`, is exercised by some trace; each
  named for its options and the rule it was kept for, and cut right after
  the step that exercised it;
- full matches with the negative matrix, extreme hands, matches searched
  for the match situations (a third hand, a tie at the target, each way a
  match ends) and games that make every pair of cards of the variant's pack
  meet (`regola.conformance.corpus.reach`);
- ``focus--<rule>``: focused traces, a few lines about one rule from the
  nearest position the traces above reach (`.focused`).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.conformance.corpus.focused import focused_traces
from regola.conformance.corpus.negatives import RejectFinder
from regola.conformance.corpus.reach import FIRST_VARIANTS, reach
from regola.conformance.corpus.scenario_search import (
    OPTION_BATCHES,
    OPTION_SEEK_SEEDS,
    PAIR_BATCHES,
    SEED_BATCHES,
    Batch,
    Line,
    search,
)
from regola.conformance.corpus.scenarios import OptionSet, shown_on
from regola.conformance.corpus.scenarios import cached_option_sets as _option_sets
from regola.conformance.corpus.schedule import largest_first, work_order
from regola.conformance.corpus.target import check_target, write_marker
from regola.conformance.trace.atomic import naming
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.format import Trace, dumps_trace, new_folder_beside
from regola.conformance.trace.storage import COMPRESSED, compress, read_bytes
from regola.conformance.trace.record import (
    StuckGame,
    load_ruleset,
    record,
    record_line,
    seeded_game,
)
from regola.spec import (
    SpecError,
    add_variant_file,
    catalog,
    rule_ids,
    variant_files,
    variant_ids,
)

PLAYOUTS = ((1, 2),)
"""(seed, at most so many hands) of the pure random playouts; the default
negative trace is a second one, with reject lines."""
EXTRA_PLAYOUTS = {v: ((3, 1),) for v in FIRST_VARIANTS}
"""One more one-hand game for the two-player variants engines implement first."""
PLAYOUT_MAX_STEPS = 50
"""A playout stops after this many steps even within its hands."""
NEGATIVE_SEED = 2
NEGATIVE_HANDS = 1


def trace_rules(trace: Trace | Iterable[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """(rule ids a trace's deal and steps exercise, rule ids its reject lines
    cite), from a trace or its lines."""
    lines = trace.lines() if isinstance(trace, Trace) else trace
    exercised: set[str] = set()
    rejected: set[str] = set()
    for line in lines:
        if line["kind"] in ("header", "step"):
            exercised.update(line.get("rules", ()))
        elif line["kind"] == "reject":
            rejected.add(line["rule"])
    return exercised, rejected


@dataclass
class VariantCorpus:
    """One variant's traces, and what the search could not reach."""

    variant: str
    traces: dict[str, Trace] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def files(self) -> dict[str, str]:
        """Relative path (``<variant>/<name>.jsonl.gz``) -> the trace's text
        (stored compressed: `regola.conformance.trace.storage`)."""
        return {f"{self.variant}/{name}{COMPRESSED}": dumps_trace(t) for name, t in sorted(self.traces.items())}


class _Builder:
    """Collects one variant's traces and what each option set has covered."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.out = VariantCorpus(variant)
        self.covered: dict[str, set[str]] = {}
        self.rejects = RejectFinder()

    def add(self, options: OptionSet, trace: Trace) -> None:
        name = trace.header["name"]
        if name in self.out.traces:
            raise ValueError(f"{self.variant}: two traces are named {name}")
        self.out.traces[name] = trace
        exercised, rejected = trace_rules(trace)
        self.covered.setdefault(options.slug, set()).update(exercised | rejected)

    def pending(self, options: OptionSet) -> set[str]:
        return set(options.target) - self.covered.get(options.slug, set())

    def playouts(self) -> None:
        for seed, hands in PLAYOUTS + EXTRA_PLAYOUTS.get(self.variant, ()):
            text = (f"A random playout of the default rules from seed {seed} (at most {hands} hands "
                    f"and {PLAYOUT_MAX_STEPS} steps).")
            trace = record(self.variant, {}, seed, name=f"playout-seed-{seed}", purpose="playout",
                           description=text, max_hands=hands, max_steps=PLAYOUT_MAX_STEPS)
            self.add(OptionSet({}, frozenset()), trace)

    def negatives(self, options: OptionSet) -> None:
        """A negative trace for ``options`` if it shows something new: any new
        kind of mistake for the default rules, a new rule id otherwise."""
        ruleset = load_ruleset(self.variant, options.options)  # proved before the finder remembers anything
        _, first, steps = seeded_game(ruleset, NEGATIVE_SEED, NEGATIVE_HANDS)
        found = self.rejects.find(ruleset, first, list(steps), new_rules_only=bool(options.options))
        if not found:
            return
        parts = [
            f"{m} {'after the deal' if i == 0 else f'after step {i - 1}'} ({rule})"
            for i, items in sorted(found.items())
            for m, _, rule in items
        ]
        text = (f"{_options_text(options)}: seed {NEGATIVE_SEED}, with actions the rules forbid, each refused "
                f"with the rule that forbids it: {'; '.join(parts)}.")
        by_index = {i: [a for _, a, _ in items] for i, items in found.items()}
        trace = record(self.variant, options.options, NEGATIVE_SEED, name=f"negative--{options.slug}",
                       purpose="negative", description=text, max_hands=NEGATIVE_HANDS, max_steps=max(found),
                       rejects=lambda index, _state: by_index.get(index, []), keep_legal=False)
        self.add(options, trace)

    def lines(self) -> tuple[Line, ...]:
        """The action lists of the traces kept so far, as lines to try again."""
        return tuple(
            Line(t.header["seed"], tuple(i["action"] for i in t.items if i["kind"] == "step"), source=name)
            for name, t in self.out.traces.items()
        )

    def scenarios(
        self,
        options: OptionSet,
        pending: set[str],
        batches: tuple[Batch, ...] = SEED_BATCHES,
        deep: bool = True,
        seek: int | None = None,
    ) -> None:
        """Scenario traces until ``pending`` (updated in place) is exercised.
        The search runs on the ruleset as the schema takes it; the invariants
        are proved (a z3 run) only before a trace is recorded, and a ruleset
        that fails one raises `SpecError`."""
        ruleset = load_ruleset(self.variant, options.options, checked=False)
        titles = catalog(ruleset.family)
        for found in search(ruleset, pending, batches, self.lines(), deep, seek):
            load_ruleset(self.variant, options.options)
            name = base = f"{options.slug}--{found.last.split('.', 1)[-1].replace('.', '-')}"
            for n in range(2, 100):
                if name not in self.out.traces:
                    break
                name = f"{base}-{n}"
            shown = "; ".join(f"{r} ({titles[r].title})" for r in titles if r in found.new)
            text = f"{_options_text(options)}: {found.how}, {_count(found.steps, 'step')}; exercises {shown}."
            common = dict(name=name, purpose="scenario", description=text, keep_legal=False)
            if found.line.actions is None:
                trace = record(self.variant, options.options, found.line.seed, max_steps=found.steps,
                               by_type=found.line.by_type, **common)
            else:
                actions = found.line.actions[: found.steps]
                trace = record_line(self.variant, options.options, found.line.seed, actions, **common)
            self.add(options, trace)

    def default_leftovers(self, target: frozenset[str], sets: tuple[OptionSet, ...]) -> None:
        """Rule ids of the default rules that no trace exercises yet (a next
        deal in a one-hand match, say) are looked for under the option sets
        in which they hold; whatever stays out of reach becomes a note."""
        pending = set(target) - set().union(*self.covered.values())
        for opts in sets:
            if not pending:
                break
            try:
                # proved: an option set the invariants refuse (an indicator
                # with every card dealt) is no place to look for anything
                if pending & set(rule_ids(load_ruleset(self.variant, opts.options))):
                    self.scenarios(opts, pending, PAIR_BATCHES, deep=False)
            except (SpecError, StuckGame):
                continue
        if pending:
            self.out.notes.append(f"{self.variant}: default rules: not reached: {', '.join(sorted(pending))}")

    def option_set(self, opts: OptionSet, others: tuple[OptionSet, ...], base: frozenset[str]) -> None:
        """Scenarios and negatives for one option set; rules it cannot reach
        alone are tried with each other option set that switches rules on."""
        pending = self.pending(opts)
        self.scenarios(opts, pending, OPTION_BATCHES, deep=False, seek=OPTION_SEEK_SEEDS)
        self.negatives(opts)
        pending -= self.covered.get(opts.slug, set())
        for other in others:
            if not pending:
                break
            if other.options.keys() & opts.options.keys() or not other.target - base:
                continue
            both = OptionSet({**opts.options, **other.options}, frozenset(pending))
            try:
                if pending & set(rule_ids(load_ruleset(self.variant, both.options, checked=False))):
                    # a pair that fails an invariant cannot be dealt (a turned card when the whole pack is dealt)
                    load_ruleset(self.variant, both.options)
                    self.scenarios(both, pending, PAIR_BATCHES, deep=False)
            except (SpecError, StuckGame):
                continue
        if pending:
            self.out.notes.append(f"{self.variant}: {_options_text(opts)}: not reached: {', '.join(sorted(pending))}")

    def try_option_set(self, opts: OptionSet, others: tuple[OptionSet, ...], base: frozenset[str]) -> None:
        """`option_set`, or a note saying why the option set is left out."""
        kept = dict(self.out.traces)
        try:
            self.option_set(opts, others, base)
        except SpecError as exc:
            self.out.traces = kept
            self.out.notes.append(f"{self.variant}: {_options_text(opts)}: refused by the loader: {exc}")
        except Exception as exc:  # noqa: BLE001 - reported, and the option set left out
            self.out.traces = kept
            self.out.notes.append(
                f"{self.variant}: {_options_text(opts)}: the reference failed: {type(exc).__name__}: {exc}")


def _options_text(options: OptionSet) -> str:
    if not options.options:
        return "Default rules"
    return "Options " + ", ".join(
        f"{k} = {v if isinstance(v, str) else json.dumps(v)}" for k, v in options.options.items()
    )


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def build_variant(variant: str) -> VariantCorpus:
    """Every trace of one variant (see the module docstring). A failure of
    the reference under the default rules is an error; under an option set
    it becomes a note."""
    b = _Builder(variant)
    default = OptionSet({}, frozenset(rule_ids(load_ruleset(variant))))
    b.playouts()
    b.negatives(default)
    b.scenarios(default, b.pending(default))
    sets = _option_sets(variant)
    for opts in shown_on(variant):
        b.try_option_set(opts, sets, default.target)
    b.default_leftovers(default.target, sets)
    traces, notes = reach(variant, b.out.traces)
    for trace in traces:
        b.add(default, trace)
    b.out.notes += notes
    for trace in focused_traces(b.out.traces):
        b.add(default, trace)
    return b.out


def build(
    variants: list[str] | None = None,
    jobs: int | None = None,
    on_variant: Callable[[VariantCorpus], None] | None = None,
    sizes: Path | None = CORPUS_DIR,
) -> list[VariantCorpus]:
    """Build the corpus of ``variants`` (all shipped ones by default, or
    ids of variant files added with `regola.spec.add_variant_file`), in
    parallel over variants (one worker per core by default); the result
    does not depend on ``jobs``. ``on_variant`` is called as each variant
    is done (to show progress). The work is handed out largest first, by
    the size of each variant's folder in the corpus ``sizes`` (`.schedule`),
    so that no long variant starts last while the other workers idle."""
    chosen = variant_ids() if variants is None else list(variants)
    for v in chosen:
        load_ruleset(v, checked=False)  # an unknown id stops here, with the nearest known ones
    jobs = jobs or min(len(chosen), os.cpu_count() or 1)
    done = on_variant or (lambda _vc: None)
    if jobs <= 1:
        built = []
        for v in chosen:
            built.append(build_variant(v))
            done(built[-1])
        return built
    added = [str(path) for v, path in variant_files().items() if v in chosen]
    with ProcessPoolExecutor(max_workers=jobs, initializer=_add_files, initargs=(added,)) as pool:
        by_variant = largest_first(pool, jobs, work_order(chosen, sizes), build_variant, done)
        return [by_variant[v] for v in chosen]


def _add_files(paths: list[str]) -> None:
    """In a worker process: know the variant files the parent process knows."""
    for path in paths:
        add_variant_file(path)


def write_corpus(
    built: list[VariantCorpus], root: Path = CORPUS_DIR, whole: bool = True, force: bool = False
) -> None:
    """Write the built variants under ``root`` without ever leaving it half
    written: everything goes to a temporary folder beside it first, then
    replaces the old folders by renames. With ``whole`` the entire corpus is
    replaced (variants no longer shipped disappear); otherwise only the
    built variants' folders. ``root`` must be a corpus regola wrote, an
    empty folder or a new path, unless ``force`` (`.target.check_target`)."""
    root = check_target(root, force)
    with naming(root):  # "no space left on device: ROOT", not a staging file's name or none
        _write_corpus(built, root, whole)


def _write_corpus(built: list[VariantCorpus], root: Path, whole: bool) -> None:
    root.parent.mkdir(parents=True, exist_ok=True)
    # the staging folder becomes the corpus: it gets the usual permissions
    staging = new_folder_beside(root, "new")
    trash = Path(tempfile.mkdtemp(prefix=f".{root.name}-old-", dir=root.parent))
    try:
        for vc in built:
            for rel, text in vc.files().items():
                path = staging / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(compress(text))
        write_marker(staging)  # so that a later write may replace it, and nothing else
        if whole:
            old = trash / root.name
            if root.exists():
                os.replace(root, old)
            try:
                os.replace(staging, root)
            except OSError:
                if old.exists():
                    os.replace(old, root)  # put the previous corpus back
                raise
        else:
            root.mkdir(exist_ok=True)
            write_marker(root)
            for vc in built:
                target = root / vc.variant
                if target.exists():
                    os.replace(target, trash / vc.variant)
                os.replace(staging / vc.variant, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(trash, ignore_errors=True)


def first_difference(expected: Path, actual: Path, variants: list[str] | None = None) -> str | None:
    """None if the two corpus folders hold the same files with the same
    text, byte for byte once decompressed (only those of ``variants`` if
    given); otherwise a sentence naming the first differing file and line.
    The compressed bytes are not compared: another zlib may deflate the
    same text otherwise (`regola.conformance.trace.storage`)."""
    def listing(root: Path) -> list[str]:
        return sorted(str(p.relative_to(root)) for p in iter_traces(variants, root))

    want, have = listing(expected), listing(actual)
    for rel in sorted(set(want) | set(have)):
        if rel not in have:
            return f"{actual / rel} is missing (regenerate the corpus)"
        if rel not in want:
            return f"{actual / rel} should not exist: generation does not produce it"
        a = read_bytes(expected / rel)
        b = read_bytes(actual / rel)
        if a != b:
            la, lb = a.split(b"\n"), b.split(b"\n")
            line = next((i for i, (x, y) in enumerate(zip(la, lb), start=1) if x != y), min(len(la), len(lb)) + 1)
            return f"{actual / rel} differs from a fresh generation at line {line}"
    return None
