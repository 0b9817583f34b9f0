"""The environments as conformance engines, so that ``regola conform``
replays the whole corpus through them, in process:

    regola conform --engine regola.envs.conform:PettingZooEngine
    regola conform --engine regola.envs.conform:OpenSpielEngine

Each trace step goes through the environment's own interface: a player
action is turned into its index of the action space
(`regola.envs.encoding`) and stepped by the agent the environment has
selected (PettingZoo) or applied to the OpenSpiel state; a shuffle is dealt
with `regola.envs.game.Game.deal` (PettingZoo) or as the OpenSpiel chance
outcomes, card by card. The legal actions reported are the environment's
action mask decoded back into actions, so the corpus checks the mask, the
encoding both ways and the stepping; the views are the reference's views
of the environment's state.

An action refused by the environment is refused with the rule the
reference cites (``regola.envs.game.IllegalMove``); one the action space
cannot even express (a card not in the pack) is refused without a rule.
"""

from __future__ import annotations

from typing import Any

from regola.conformance.protocol.actions import malformed
from regola.conformance.protocol.engine import (
    PROTOCOL,
    ActionRejected,
    EngineFailure,
    regola_version,
    view_fields,
)
from regola.reference import IllegalAction, ShuffleAction
from regola.reference import apply as ref_apply
from regola.spec import SpecError, load, variant_files, variant_ids
from regola.spec import ruleset_hash as hash_of

from .encoding import EncodingGap
from .game import IllegalMove


class _EnvEngine:
    """What both adapters share: loading the ruleset, the hello answer."""

    name = "regola-envs"

    def __init__(self) -> None:
        self._fields: list[str] | None = None
        self.ruleset: Any = None

    def hello(self) -> dict[str, Any]:
        if self._fields is None:
            self._fields = view_fields()
        return {
            "protocol": PROTOCOL,
            "engine": self.name,
            "version": regola_version(),
            "variants": [*variant_ids(), *variant_files()],
            "fields": list(self._fields),
            "seat_views": True,
            "legal": True,
        }

    def _load(self, variant: str, options: dict[str, Any], ruleset_hash: str) -> Any:
        try:
            ruleset = load(variant, options or None)
        except SpecError as exc:
            raise EngineFailure("unsupported", str(exc)) from None
        if ruleset_hash and ruleset_hash != hash_of(ruleset):
            raise EngineFailure(
                "unsupported", f"ruleset {variant} with options {options or {}} hashes differently here"
            )
        self.ruleset = ruleset
        return ruleset

    @staticmethod
    def _check(action: dict[str, Any]) -> None:
        problem = malformed(action)
        if problem:
            raise EngineFailure("protocol", problem)

    def _require(self, thing: Any) -> Any:
        if thing is None:
            raise EngineFailure("protocol", "no match in progress: send 'new' first")
        return thing

    def close(self) -> None:
        self.ruleset = None


class PettingZooEngine(_EnvEngine):
    """`regola.envs.aec.RegolaAECEnv` as an engine (episode ``"match"``,
    fixed seats, chance dealt from the trace's decks)."""

    name = "regola-envs-pettingzoo"

    def __init__(self) -> None:
        super().__init__()
        self.env: Any = None

    def new(
        self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]
    ) -> None:
        from .aec import RegolaAECEnv

        ruleset = self._load(variant, options, ruleset_hash)
        self.env = RegolaAECEnv(ruleset, episode="match", max_hands=10**9, chance="external", seats="fixed")
        try:
            self.env.reset(options={"deck": list(deck)})
        except IllegalAction as exc:
            raise EngineFailure("protocol", f"cannot deal from this deck: {exc.message} [{exc.rule_id}]") from None

    def apply(self, action: dict[str, Any]) -> None:
        env = self._require(self.env)
        self._check(action)
        game = env.game
        if action["type"] == "shuffle":
            try:
                game.deal(action["deck"])
            except IllegalAction as exc:
                raise ActionRejected(exc.rule_id, exc.message) from None
            env._select()
            return
        try:
            index = game.space.index_of(action, game.table())
        except EncodingGap as exc:
            raise ActionRejected(None, str(exc)) from None
        seat = action["seat"]
        selected = env.seat_of(env.agent_selection)
        try:
            if seat != selected or game.to_move is None or game.done:
                game._refuse(index, seat)  # raises IllegalMove with the reference's rule
            env.step(index)
        except IllegalMove as exc:
            raise ActionRejected(exc.rule, str(exc)) from None

    def view(self, seat: int | None = None) -> dict[str, Any]:
        env = self._require(self.env)
        try:
            return env.game.view(seat)
        except ValueError as exc:
            raise EngineFailure("protocol", str(exc)) from None

    def legal(self) -> list[dict[str, Any]]:
        env = self._require(self.env)
        game = env.game
        if game.to_move is None:
            return []
        agent = env.agent_selection
        seat = env.seat_of(agent)
        mask = env.observe(agent)["action_mask"]
        return [game.space.action_of(int(i), seat, game.table()) for i in mask.nonzero()[0]]

    def close(self) -> None:
        super().close()
        self.env = None


class OpenSpielEngine(_EnvEngine):
    """`regola.envs.openspiel` as an engine: each hand an OpenSpiel state,
    the next hand of the match continued from the last (`continue_match`)."""

    name = "regola-envs-openspiel"

    def __init__(self) -> None:
        super().__init__()
        self.game: Any = None
        self.state: Any = None

    def new(
        self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]
    ) -> None:
        from .openspiel import RegolaGame

        self.game = RegolaGame(ruleset=self._load(variant, options, ruleset_hash))
        self.state = self.game.new_initial_state()
        self._deal(list(deck))

    def _deal(self, deck: list[str]) -> None:
        from .openspiel import continue_match

        state = self.state
        if state.is_terminal() and not state.core.is_over:
            state = self.state = continue_match(state)
        if not state.is_chance_node():
            raise ActionRejected(None, "a shuffle while no hand is to be dealt")
        index = state.shape.card_index
        if sorted(deck) != sorted(index) or len(deck) != len(index):
            try:  # not the pack: the reference names the rule
                ref_apply(state.ref, ShuffleAction(deck=tuple(deck)))
            except IllegalAction as exc:
                raise ActionRejected(exc.rule_id, exc.message) from None
            raise ActionRejected(None, f"the deck is not the pack of {self.ruleset.id}")
        for card in deck:
            state.apply_action(index[card])

    def apply(self, action: dict[str, Any]) -> None:
        state = self._require(self.state)
        self._check(action)
        if action["type"] == "shuffle":
            self._deal(list(action["deck"]))
            return
        space = state.shape.space
        table = state.table()
        try:
            index = space.index_of(action, table)
        except EncodingGap as exc:
            raise ActionRejected(None, str(exc)) from None
        player = state.current_player()
        if action["seat"] != player or index not in state.legal_actions(player):
            try:
                ref_apply(state.ref, space.action_of(index, action["seat"], table))
            except IllegalAction as exc:
                raise ActionRejected(exc.rule_id, exc.message) from None
            raise ActionRejected(None, f"{space.label(index)} is not a legal action of player {player}")
        state.apply_action(index)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        state = self._require(self.state)
        try:
            return state.view(seat)
        except ValueError as exc:
            raise EngineFailure("protocol", str(exc)) from None

    def legal(self) -> list[dict[str, Any]]:
        state = self._require(self.state)
        player = state.current_player()
        if player < 0:
            return []
        table = state.table()
        return [state.shape.space.action_of(i, player, table) for i in state.legal_actions(player)]

    def close(self) -> None:
        super().close()
        self.game = self.state = None


class LockstepEngine(_EnvEngine):
    """Both environments at once, in lockstep: every action goes to the
    PettingZoo environment and to the OpenSpiel state, and each answer
    (accepted or refused, the legal actions, the state every view is taken
    from) must be the same from both, or the step fails as a ``protocol``
    error naming the difference. One replay of the corpus so checks both."""

    name = "regola-envs-lockstep"

    def __init__(self) -> None:
        super().__init__()
        self.pz = PettingZooEngine()
        self.os = OpenSpielEngine()

    def _both(self, call: str, *args: Any) -> Any:
        answers = []
        for engine in (self.pz, self.os):
            try:
                answers.append(("ok", getattr(engine, call)(*args)))
            except ActionRejected as exc:
                answers.append(("rejected", exc))
        (kind_pz, pz), (kind_os, os_) = answers
        if kind_pz != kind_os:
            which = pz if kind_pz == "rejected" else os_
            raise EngineFailure("protocol", f"{call}: PettingZoo {kind_pz}, OpenSpiel {kind_os} ({which})")
        if kind_pz == "rejected":
            raise pz
        if call == "legal":
            pz, os_ = sorted(map(repr, pz)), sorted(map(repr, os_))
        if pz != os_:
            raise EngineFailure("protocol", f"{call}{args!r}: PettingZoo and OpenSpiel differ")
        return answers[0][1]

    def new(
        self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]
    ) -> None:
        self._both("new", variant, options, ruleset_hash, deck, deal)

    def apply(self, action: dict[str, Any]) -> None:
        self._both("apply", action)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        # the omniscient views hold everything of both matches
        pz, os_ = self._require(self.pz.env).game.view(), self._require(self.os.state).view()
        if pz != os_:
            raise EngineFailure("protocol", "the PettingZoo and OpenSpiel states differ")
        return self.pz.view(seat)

    def legal(self) -> list[dict[str, Any]]:
        return self._both("legal")

    def close(self) -> None:
        self.pz.close()
        self.os.close()
