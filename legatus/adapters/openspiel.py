"""OpenSpiel: every legatus game as a registered Python game (``pip install 'legatus[openspiel]'``).

>>> import pyspiel
>>> import legatus.adapters.openspiel
>>> game = pyspiel.load_game("legatus_hispania(denarii=6,armies=1,variants=hispano)")
>>> game.num_players()
2

The short name is ``legatus_<game>``. Everything is read from the game: its information
(perfect or imperfect), its utility and bounds, its range of players (the class's) and its
number (the configuration's), its most chance outcomes, and its options as parameters, in
forms OpenSpiel's game strings can hold (derived from the option table's forms): an option of
parts is one parameter a part (a level ``6-4-3-4-2``: ``denarii=6``, ``garrisons=4`` and so
on, as the example above), a multiple choice is its choices joined by ``+`` (``terror+hispano``),
and ``none`` stands for no choice (no variant, no scenario).

Actions are legatus's action ids: one integer encoding for decisions and chance outcomes
alike. OpenSpiel numbers chance outcomes below ``max_chance_outcomes()``, so a game numbers
its chance outcomes first (dice, deals). Chance nodes are the
core's (``current_player() == CHANCE``, ``chance_outcomes()``). Information state strings and
observation strings are the core's (``information_state_string``, ``observation_string``),
given by an observer as OpenSpiel's Python games do; the observation tensor is the game's own
where it has one. ``action_to_string`` is the core's notation; ``resample_from_infostate``
is the core's ``resample``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import legatus
from legatus.core.game import Game, Information, State, Utility
from legatus.core.registry import game_class
from legatus.core.secrecy import information_state, seat_actions

MAX_GAME_LENGTH = 20_000
NONE = "none"  # OpenSpiel's game strings cannot hold an empty value
JOIN = "+"  # between the choices of a multiple choice
PART = "-"  # between the parts of an option of parts (as the web's form writes them)
COMMA = "_"  # stands for a comma in a choice (die faces "1,1,1,2,2,3"): a game string's separator


def _spiel_value(value: Any) -> Any:
    """A choice as an OpenSpiel game string can hold it (no comma)."""
    return value.replace(",", COMMA) if isinstance(value, str) else value

_INFORMATION = {Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
                Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION}
_UTILITY = {Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
            Utility.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
            Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM}


def parameters(cls: type[Game]) -> dict[str, Any]:
    """The OpenSpiel parameters of a game with their defaults: every option its table offers
    in a form (a driver's setting such as the seed, or a file, is not a parameter)."""
    spec: dict[str, Any] = {}
    for key, option in cls.OPTIONS.items():
        form = option.form
        if form is None:
            continue
        if form["kind"] == "parts":
            for (part, values), value in zip(form["parts"], str(option.default).split(PART), strict=True):
                spec[part] = type(values[0])(value)
        elif form["kind"] == "multi":
            spec[key] = JOIN.join(option.default) or NONE
        else:
            spec[key] = NONE if option.default is None else _spiel_value(option.default)
    return spec


def options(cls: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """The legatus options that OpenSpiel parameters ``params`` stand for (the game's
    defaults for those not given)."""
    result: dict[str, Any] = {}
    for key, option in cls.OPTIONS.items():
        form = option.form
        if form is None:
            continue
        if form["kind"] == "parts":
            names = [part for part, _ in form["parts"]]
            if any(n in params for n in names):
                defaults = str(option.default).split(PART)
                result[key] = PART.join(str(params.get(n, d)) for n, d in zip(names, defaults, strict=True))
        elif key not in params:
            continue
        elif form["kind"] == "multi":
            value = str(params[key])
            result[key] = [] if value == NONE else [v for v in value.split(JOIN) if v]
        elif params[key] == NONE and None in form.get("choices", ()):
            result[key] = None
        else:
            chosen = [c for c in form.get("choices", ()) if _spiel_value(c) == params[key]]
            result[key] = chosen[0] if chosen else params[key]
    return result


def _has_observation_tensor(cls: type[Game]) -> bool:
    return cls.observation_tensor is not Game.observation_tensor


def _game_type(cls: type[Game]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"legatus_{cls.name}",
        long_name=f"legatus {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_INFORMATION[cls.information],
        utility=_UTILITY[cls.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.MAX_PLAYERS,
        min_num_players=cls.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=_has_observation_tensor(cls),
        parameter_specification=parameters(cls),
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A legatus game seen by OpenSpiel (one subclass a game: see :func:`register`)."""

    game_class: type[Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = self.game_class
        self.legatus: Game = cls(**options(cls, params or {}))
        game = self.legatus
        if game.utility is Utility.CONSTANT_SUM and game.utility_sum is None:
            raise ValueError(f"{game.name} is constant-sum but declares no utility_sum (what its returns add up to)")
        sums = {Utility.ZERO_SUM: 0.0, Utility.CONSTANT_SUM: game.utility_sum}
        info = pyspiel.GameInfo(
            num_distinct_actions=len(game.actions),
            max_chance_outcomes=game.max_chance_outcomes(),
            num_players=game.num_players(),
            min_utility=game.min_utility,
            max_utility=game.max_utility,
            utility_sum=sums.get(game.utility),
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(cls), info, params or {})

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self, self.legatus.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer OpenSpiel asks for: with perfect recall, a seat's information state;
        else what it observes now. Only a seat's own view is defined (private information of
        a single player, public information included)."""
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if params or not obs_type.public_info or obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            asked = f"public_info={obs_type.public_info}, private_info={obs_type.private_info.name}"
            raise ValueError(f"legatus games are observed as one seat sees them (public_info=True, private_info="
                             f"SINGLE_PLAYER, no parameters); asked for {asked}, parameters {params or 'none'}")
        return Observer(self.legatus, obs_type.perfect_recall)


class _Log(list[str]):
    """A seat's history as it saw it: strings, so a copy of the list is a deep copy (OpenSpiel
    clones a Python state with ``deepcopy``, which would otherwise copy every string one by one)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Log:
        return _Log(self)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A legatus state seen by OpenSpiel: every call goes to the core contract."""

    def __init__(self, game: OpenSpielGame, state: State) -> None:
        super().__init__(game)
        self.inner = state
        # Each seat's history as it saw it, kept up as actions are applied (None: not asked for
        # yet), so that an information state costs no replay of the game: OpenSpiel's tests
        # and algorithms ask for one at every step.
        self.seen: list[_Log] | None = None

    def information_state(self, seat: int) -> str:
        """The core's ``information_state_string`` (which OpenSpiel's own asks for through the
        observer), from the seats' histories kept here where the game does not word its own."""
        if type(self.inner).information_state_string is not State.information_state_string:
            return self.inner.information_state_string(seat)
        if self.seen is None:
            self.seen = [_Log(seat_actions(self.inner, s)) for s in range(self.inner.game.num_players())]
        return information_state(self.inner.game, seat, self.seen[seat])

    def current_player(self) -> int:
        return self.inner.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(map(int, self.inner.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = sorted([(int(a), p) for a, p in self.inner.chance_outcomes()])
        bound = self.inner.game.max_chance_outcomes()
        if outcomes and outcomes[-1][0] >= bound:
            action = self.inner.game.actions[outcomes[-1][0]]
            raise ValueError(f"chance outcome '{action}' of {self.inner.game.name} has id {int(action)}: OpenSpiel "
                             f"needs chance outcomes numbered first, below max_chance_outcomes() = {bound}")
        return outcomes

    def _apply_action(self, action: int) -> None:
        texts = [] if self.seen is None else [self.inner.action_to_string(action, s) for s in range(len(self.seen))]
        self.inner.apply_action(action)  # first: an illegal action leaves the histories as they were
        for log, text in zip(self.seen or [], texts, strict=True):
            log.append(text)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(action)  # the referee's notation: OpenSpiel names the action itself

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> OpenSpielState:
        """A state with the same information state for ``player_id`` (the core's ``resample``,
        its generator seeded by one draw of ``probability_sampler``), replayed so that
        OpenSpiel's own history is whole."""
        sample = self.inner.resample(player_id, random.Random(probability_sampler()))
        state: OpenSpielState = self.get_game().new_initial_state()
        for action in sample.history():
            state.apply_action(int(action))
        return state

    def __str__(self) -> str:
        return self.inner.to_text()


class Observer:
    """OpenSpiel's PyObserver for one seat: its information state string (with perfect
    recall) or its observation string, and the game's observation tensor where it has one."""

    def __init__(self, game: Game, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not perfect_recall and _has_observation_tensor(type(game)):
            self.tensor = np.zeros(game.observation_size(), np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.game.observation_tensor(state.inner, player)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state(player)
        return state.inner.observation_string(player)


_REGISTERED: dict[str, type[OpenSpielGame]] = {}


def register(name: str) -> type[OpenSpielGame]:
    """Registers legatus game ``name`` (as the legatus registry has it now) with OpenSpiel as
    ``legatus_<name>``; again, the class registered the first time."""
    if name not in _REGISTERED:
        cls = game_class(name)
        spiel = type(f"OpenSpiel{cls.__name__}", (OpenSpielGame,), {"game_class": cls})
        pyspiel.register_game(_game_type(cls), spiel)
        _REGISTERED[name] = spiel
    return _REGISTERED[name]


for _name in legatus.game_names():
    register(_name)
