"""The ruleset commands: ``regola variants``, ``show``, ``play``, ``rules``
and ``schema``: what a variant is, read straight from its file.

Registered in `regola.conformance.cli.commands`.
"""

from __future__ import annotations

import json
import sys
import typing
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from .errors import UserError, user_errors

if TYPE_CHECKING:
    from rich.console import Console

    from regola.spec import Ruleset

VariantArg = Annotated[
    str,
    typer.Argument(
        metavar="ID|FILE",
        help="A shipped variant id (see `regola variants`) or the path of a variant .toml file.",
        show_default=False,
    ),
]
OptionsOpt = Annotated[
    Optional[list[str]],  # noqa: UP045 - typer reads this annotation at run time
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="Override one field of the ruleset, e.g. hand_scoring.tie=replay or "
        'deck.removed=["2c"]. Repeat for several; values are read as TOML.',
        show_default=False,
    ),
]
ProfileOpt = Annotated[
    Optional[str],  # noqa: UP045 - typer reads this annotation at run time
    typer.Option(
        "--profile",
        "-p",
        metavar="NAME",
        help="Play one of the sources the variant cites exactly as written: the option set "
        "of that source profile (pagat, seed-004...; `regola show ID` lists them). "
        "--option values apply over it.",
        show_default=False,
    ),
]


def _console() -> Console:
    """A console on the current stdout (created per call, so that tests that
    swap stdout see the output); wide when not a terminal, so that piped
    tables are not folded to 80 columns."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 160)


def load_ruleset(
    variant: str, options: list[str] | None, checked: bool = True, profile: str | None = None
) -> tuple[Ruleset, dict[str, Any]]:
    """Load a variant with ``key=value`` options from the command line, over
    the options of a source profile if one is named. The options returned
    are all those applied: the profile's, then the command line's."""
    from regola.spec import load, parse_option, profile_options

    parsed = dict(parse_option(text) for text in options or [])
    if profile is not None:
        parsed = {**profile_options(variant, profile), **parsed}
    return load(variant, parsed or None, checked=checked), parsed


def variants_command() -> None:
    """List the shipped variants: players, teams, deck and sources."""
    from rich.table import Table

    from regola.spec import load, variant_ids

    with user_errors():
        table = Table(show_edge=False)
        for column in ("id", "name", "players", "teams", "deck", "sources"):
            table.add_column(column, no_wrap=column in ("id", "players"))
        for vid in variant_ids():
            r = load(vid, checked=False)  # listing needs no proof
            teams = " v ".join("+".join(map(str, t)) for t in r.seating.teams) or "-"
            table.add_row(
                vid,
                r.name,
                str(r.seating.players),
                teams,
                f"{r.deck.name} ({len(r.deck.cards())} cards)",
                ", ".join(r.sources),
            )
        _console().print(table)


def show_command(
    variant: VariantArg,
    option: OptionsOpt = None,
    profile: ProfileOpt = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the canonical JSON of the ruleset (the text its hash is computed "
            "from) on stdout, and the hash on stderr.",
        ),
    ] = False,
) -> None:
    """Show the flat, resolved ruleset of a variant and its hash."""
    from regola.spec import canonical_json, ruleset_hash
    from regola.spec.inheritance import summary_origin

    from .ruleset_text import component_lines, deck_line, deck_table, header_lines, profile_lines

    with user_errors():
        ruleset, _ = load_ruleset(variant, option, checked=False, profile=profile)  # showing needs no proof
        if as_json:
            typer.echo(canonical_json(ruleset))
            typer.echo(f"ruleset_hash: {ruleset_hash(ruleset)}", err=True)
            return
        for line in header_lines(ruleset, origin=summary_origin(variant, ruleset)):
            typer.echo(line)
        typer.echo()
        typer.echo(deck_line(ruleset))
        _console().print(deck_table(ruleset))
        typer.echo()
        for line in component_lines(ruleset):
            typer.echo(line)
        typer.echo()
        for line in profile_lines(variant, profile):
            typer.echo(line)


def play_command(
    variant: VariantArg,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the shuffles and the random choices.")] = 0,
    option: OptionsOpt = None,
    profile: ProfileOpt = None,
    max_hands: Annotated[
        int, typer.Option("--max-hands", min=1, help="Stop after this many hands if the match is not over.")
    ] = 50,
) -> None:
    """Play a random legal match and print it hand by hand, trick by trick."""
    from regola.reference import random_playout

    from .render import GameRenderer

    with user_errors():
        ruleset, options = load_ruleset(variant, option, profile=profile)
        renderer = GameRenderer(ruleset)
        for line in renderer.header(seed, options):
            typer.echo(line)
        for line in renderer.game(random_playout(ruleset, seed, max_hands=max_hands)):
            typer.echo(line)


def schema_command(
    output: Annotated[
        Optional[Path],  # noqa: UP045 - typer reads this annotation at run time
        typer.Option("--output", "-o", help="Write the schema to this file (atomically) instead of stdout."),
    ] = None,
) -> None:
    """Print the JSON Schema of variant files, for editors and other languages."""
    from regola.conformance.trace.format import write_text_atomic

    from .variant_schema import variant_file_schema

    with user_errors():
        text = json.dumps(variant_file_schema(), indent=2, ensure_ascii=False) + "\n"
        if output is None:
            typer.echo(text, nl=False)
            return
        if output.is_dir():
            raise UserError(
                f"--output {output} is a folder; give the path of a file, "
                f"e.g. {output / 'variant.schema.json'}"
            )
        if not output.parent.is_dir():
            raise UserError(f"--output {output}: the folder {output.parent} does not exist")
        write_text_atomic(output, text)
        typer.echo(f"wrote {output}", err=True)


def rules_command(
    variant: Annotated[
        Optional[str],  # noqa: UP045 - typer reads this annotation at run time
        typer.Argument(
            metavar="[ID|FILE]",
            help="A variant id or file: list the rules that hold in it. Without it, every rule of every family.",
            show_default=False,
        ),
    ] = None,
    option: OptionsOpt = None,
    profile: ProfileOpt = None,
) -> None:
    """List rule ids with their titles: those that hold in a variant, or all of them."""
    from regola.spec import catalog, rule_ids

    with user_errors():
        if variant is None:
            if option:
                raise UserError("--option needs a variant: regola rules ID --option KEY=VALUE")
            if profile:
                raise UserError("--profile needs a variant: regola rules ID --profile NAME")
            for family in _families():
                _print_rules(f"{family} family: every rule", list(catalog(family).values()), show_when=True)
            return
        ruleset, _ = load_ruleset(variant, option, profile=profile)
        rules = catalog(ruleset.family)
        held = [rules[i] for i in rule_ids(ruleset)]
        _print_rules(f"{len(held)} of the {len(rules)} {ruleset.family} rules hold in {ruleset.id}", held)


def _families() -> list[str]:
    from regola.spec import Ruleset

    return list(typing.get_args(Ruleset.model_fields["family"].annotation))


def _print_rules(title: str, rules: list[Any], show_when: bool = False) -> None:
    from rich.table import Table

    typer.echo(title)
    table = Table(show_edge=False)
    table.add_column("rule id", no_wrap=True)
    table.add_column("title")
    if show_when:
        table.add_column("holds when")
    for rule in rules:
        row = [rule.id, rule.title]
        if show_when:
            row.append(rule.when or "always")
        table.add_row(*row)
    _console().print(table)
