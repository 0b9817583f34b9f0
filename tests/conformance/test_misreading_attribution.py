"""Which rule a misreading misreads, which rules an explanation tries, how
the mutation score weighs its traces, and equivalent misreadings
(`regola.conformance.explain.attribution`, `option_reads`, `explain`,
`mutation_score`, `equivalence`)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from types import SimpleNamespace

from regola.conformance.explain import equivalence, mutation_score, option_values
from regola.conformance.explain.attribution import recorded_under, rule_near
from regola.conformance.explain.search import Explanation
from regola.conformance.explain.misreadings import alternates, by_rule, catalogue, known_rules
from regola.conformance.explain.mutations import refusals
from regola.conformance.explain.option_reads import field_of, option_owners, read_names

DEAL = '''
def deal(state):
    """``briscola.deal.hands`` and ``briscola.deal.indicator``."""
    rules = state.ruleset
    where = rules.deal.indicator
    check(state, "briscola.deal.shuffle")
    if where == "after-deal":
        state.turned = state.indicator
    record("briscola.deal.hands")
    return state
'''

DRAW = '''
def draw(stock, indicator, hands):
    """``briscola.draw.order``, ``briscola.draw.indicator-last``."""
    if not stock and indicator is None:
        return hands
    rules = ["briscola.draw.order"]
    for seat in range(2):
        if stock:
            hands[seat] += 1
        elif indicator is not None:
            rules.append("briscola.draw.indicator-last")
    return hands
'''

PAYOFF = '''
def pay(contract, partners):
    """``chiamata.score.payoff``, ``chiamata.score.two-partners``."""
    defender = 1
    if len(partners) == 2:
        defender = contract.band // 3
    used = ["chiamata.score.payoff"]
    if len(partners) == 2:
        used.append("chiamata.score.two-partners")
    return defender, used
'''


def _function(source: str, rules: tuple[str, ...]) -> SimpleNamespace:
    node = ast.parse(source).body[0]
    return SimpleNamespace(node=node, rules=rules)


def _rule_at(fn: SimpleNamespace, line: int, kind: type) -> str:
    nodes = [n for n in ast.walk(fn.node) if isinstance(n, kind) and getattr(n, "lineno", 0) == line]
    parents = {id(c): p for p in ast.walk(fn.node) for c in ast.iter_child_nodes(p)}
    return rule_near(fn, nodes[0], parents, known_rules(), lambda name: None)


def test_a_name_bound_to_an_option_field_reads_that_option():
    fn = _function(DEAL, ("briscola.deal.hands", "briscola.deal.indicator", "briscola.deal.shuffle"))
    assert field_of("state.ruleset.deal.indicator") == "deal.indicator"
    assert field_of("state.indicator") is None
    owners = option_owners(fn.node, fn.rules)
    assert owners["where"] == "briscola.deal.indicator"
    assert "indicator" not in owners  # `state.indicator` is no option
    assert read_names(ast.parse("primiera.scale == 'x'", mode="eval").body) == {"scale"}
    # `where == "after-deal"` misreads the option's rule, not the nearest cited one
    assert _rule_at(fn, 7, ast.If) == "briscola.deal.indicator"


def test_a_compound_condition_is_no_one_rule_s_unless_each_operand_is():
    fn = _function(DRAW, ("briscola.draw.order", "briscola.draw.indicator-last"))
    # `indicator` is named by the condition recording indicator-last; `stock`
    # by none: the early return is not the indicator's but the draw's
    assert _rule_at(fn, 4, ast.If) == "briscola.draw.order"
    assert _rule_at(fn, 10, ast.If) == "briscola.draw.indicator-last"


def test_code_under_the_condition_a_rule_is_recorded_under_is_that_rule_s():
    fn = _function(PAYOFF, ("chiamata.score.payoff", "chiamata.score.two-partners"))
    tests = recorded_under(fn.node, known_rules())
    assert tests[ast.dump(ast.parse("len(partners) == 2", mode="eval").body)] == "chiamata.score.two-partners"
    assert _rule_at(fn, 6, ast.Constant) == "chiamata.score.two-partners"  # the `3` in `// 3`


def test_the_rules_recorded_instead_when_a_condition_goes_the_other_way():
    found = alternates()
    assert "chiamata.score.payoff" in found["chiamata.score.alone"]
    assert "chiamata.score.alone" in found["chiamata.score.payoff"]
    assert all(rule not in others for rule, others in found.items())


def test_an_option_explanation_tries_the_rule_s_own_field_first():
    assert option_values.own_first("briscola", "briscola.exchange.window")[0] == "exchange.window"
    assert set(option_values.own_first("briscola", "briscola.exchange.window")) == set(
        option_values.paths_of("briscola", "briscola.exchange.window")
    )


@dataclass
class _Root:
    rule: str
    explained_by: Explanation


def test_an_unambiguous_explanation_outweighs_a_tie_broken_by_preference():
    def root(rule: str, rivals: int) -> _Root:
        return _Root(rule, Explanation(rule, "misreading", "", 1, rivals))

    roots = [root("a", 3), root("b", 0), root("a", 3), root("b", 0)]
    assert mutation_score._verdict(roots).rule == "b"
    assert mutation_score._verdict([root("a", 0), root("b", 0)]).rule == "a"  # a tie: the first


def test_a_misreading_of_a_message_only_is_equivalent_and_a_real_one_is_not():
    phase = by_rule()["briscola.play.phase"]
    message = next(m for m in phase if "or 'acti" in m.what and m.kind == "compare")
    verdict = equivalence.check(mutation_score.engine_for, message, [("briscola-2", {})], games=4)
    assert verdict.equivalent and verdict.games == 4
    winner = next(m for m in by_rule()["briscola.trick.winner"] if "`>` read as `<`" in m.what)
    verdict = equivalence.check(mutation_score.engine_for, winner, [("briscola-2", {})], games=4)
    assert not verdict.equivalent and "briscola-2" in verdict.disagreement


def test_a_seat_view_wrong_from_the_deal_is_explained():
    # every seat sees every hand but its own: wrong from the deal on
    m = next(m for m in by_rule()["briscola.info.hidden"] if "`s == seat`" in m.what and "`!=`" in m.what)
    paths = mutation_score.traces_for(m, 1)
    assert paths
    result = mutation_score.run_mutant(m, paths)
    assert result.caught and (result.blamed, result.how) == ("briscola.info.hidden", "misreading")


def test_a_rule_only_recorded_by_a_check_is_read_as_a_prohibition():
    node = ast.parse('if other_could_capture:\n    rules.append("scopa.play.free-card")').body[0]
    (kind, words, rewrite), = refusals(node)
    assert kind == "refuse" and "`scopa.play.free-card` read as a prohibition" in words
    assert "raise IllegalAction('scopa.play.free-card'" in ast.unparse(rewrite(node))
    assert not refusals(ast.parse("if x:\n    y = 1").body[0])  # a branch that does something
    free = [m for m in by_rule()["scopa.play.free-card"] if m.kind == "refuse"]
    assert free and free[0].qualname == "check_lay"


def test_a_decorator_is_no_rule_s_misreading():
    # `remembered` wraps the capture searches once, at import
    assert not [m for m in catalogue() if m.qualname == "remembered"]
