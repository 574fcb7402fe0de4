"""Imperia's games as OpenSpiel games.

``register()`` registers every game Imperia hosts with OpenSpiel's Python game API (``pyspiel``, from the
``open-spiel`` package) as ``imperia_<game>`` (``imperia_imperial2030``, ``imperia_imperial_struggle``…),
after which OpenSpiel's algorithms load them by name:

    import pyspiel, imperia.openspiel
    imperia.openspiel.register()
    game = pyspiel.load_game("imperia_endeavor", {"players": 3, "seed": 7})
    state = game.new_initial_state()

How each game meets OpenSpiel's model:

- **Parameters**: ``players`` (the seat count), ``seed`` (the game's own draws: decks, dice, tiles) and
  ``options`` (the variant options as a JSON object in a string, ``imperia.games()`` lists them).
- **Chance** is the game's own draws, fixed by its ``seed`` and made inside the action that causes them, so
  to OpenSpiel the game is ``DETERMINISTIC``: every initial state of one loaded game is the same deal, a
  state replays exactly from its history, and a search that looks inside a state sees its future draws
  (information-set search resamples them, below). Load the game with another ``seed`` for another deal.
- **Turns**: where several seats decide at once, the lowest of them is the current player, then the next;
  the engine shows no seat what another chose before its own choice is made, so the order leaks nothing.
- **Actions** are the engine's own stable numbering (``Game.action_space``, ``Game.action_id``): one number
  per action, the same in every state where the action is legal, so ``num_distinct_actions`` is fixed for a
  config and content.
- **Information**: observation and information-state strings are the seat's view as JSON (what the server
  shows that player, nothing else); the observation tensor is the seat's view as numbers
  (``Game.observation``). A resampled state for information-set search (``resample_from_infostate``)
  redraws what the seat cannot see.
- **Returns** are in [0, 1]: 1 for the winners, 0 for the last, evenly between by rank (``Game.returns``).

OpenSpiel's MCTS bots value a position by random rollouts; ``EngineRollouts`` does it in Rust.
"""

from __future__ import annotations

import json
import random

import numpy as np

try:
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("imperia.openspiel needs OpenSpiel: pip install open-spiel") from e

from . import Game, games

PREFIX = "imperia_"


def game_name(game_id: str) -> str:
    """The OpenSpiel name of an Imperia game: ``imperia_`` and its id with ``-`` as ``_``."""
    return PREFIX + game_id.replace("-", "_")


def register() -> list[str]:
    """Register every Imperia game with OpenSpiel (again: nothing changes) and return their names."""
    names = []
    registered = set(pyspiel.registered_names())
    for description in games():
        name = game_name(description["id"])
        if name not in registered:
            game_type = _game_type(description, name)
            pyspiel.register_game(game_type, _game_class(description, game_type))
        names.append(name)
    return names


def _default_players(description) -> int:
    seats = description["seats"]
    return min(max(4, seats["min"]), seats["max"])


def _probe(description) -> Game:
    return Game(description["id"], players=_default_players(description))


def _game_type(description, name: str):
    seats = description["seats"]
    hidden = _probe(description).has_hidden_information()
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=name,
        long_name=f"Imperia: {description['name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats["max"],
        min_num_players=seats["min"],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": _default_players(description), "seed": 0, "options": "{}"},
    )


def _game_class(description, game_type):
    game_id = description["id"]

    class ImperiaGame(pyspiel.Game):
        """One Imperia game for OpenSpiel; see the module's doc."""

        def __init__(self, params=None):
            params = dict(params or {})
            players = int(params.get("players", _default_players(description)))
            self.seed = int(params.get("seed", 0))
            self.options = json.loads(params.get("options", "{}"))
            self.start = Game(game_id, players=players, options=self.options, seed=self.seed)
            bound = self.start.step_bound()
            info = pyspiel.GameInfo(
                num_distinct_actions=self.start.action_space,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=0.0,
                max_utility=1.0,
                max_game_length=bound,
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self):
            return ImperiaState(self, self.start.clone())

        def make_py_observer(self, iig_obs_type=None, params=None):
            if params:
                raise ValueError(f"{game_type.short_name} takes no observation parameters, not {params}")
            return ImperiaObserver(self.start)

    ImperiaGame.__name__ = f"ImperiaGame_{game_id.replace('-', '_')}"
    return ImperiaGame


class EngineRollouts(mcts.Evaluator):
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots: a state's value is the returns of a random game
    played on from it by the engine, in Rust (``Game.random_playout``), averaged over ``rollouts``; the prior
    is uniform. It values as OpenSpiel's ``RandomRolloutEvaluator`` does, without stepping every rollout
    through Python (a whole game of these is thousands of steps)."""

    def __init__(self, rollouts: int = 1, seed: int | None = None):
        self.rollouts = rollouts
        self.rng = random.Random(seed)

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns())
        playouts = [state.engine.random_playout(self.rng.getrandbits(63)) for _ in range(self.rollouts)]
        return np.mean([p.returns for p in playouts], axis=0)

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class ImperiaState(pyspiel.State):
    """A position of an Imperia game, held by the Rust engine (``imperia.Game``)."""

    def __init__(self, game, engine: Game):
        super().__init__(game)
        self.engine = engine

    def current_player(self):
        seats = self.engine.to_act()
        return seats[0] if seats else pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player):
        if player not in self.engine.to_act():
            return []
        return self.engine.legal_action_ids(player)

    def _apply_action(self, action):
        self.engine.apply_id(action, seat=self.current_player())

    def _action_to_string(self, player, action):
        # The number keeps two actions with the same words apart (two Workshops on the coast, say), as
        # OpenSpiel wants each of a state's actions named differently.
        return f"{self.engine.action_label(action, seat=player)} (#{action})"

    def is_terminal(self):
        return self.engine.is_finished()

    def returns(self):
        return self.engine.returns()

    def rewards(self):
        return self.returns() if self.is_terminal() else [0.0] * self.engine.players

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state ``player_id`` cannot tell from this one, what it cannot see redrawn by the engine (for
        ISMCTS); the redraw's seed comes from Python's ``random``, so ``random.seed`` makes it repeatable."""
        return ImperiaState(self.get_game(), self.engine.resample(player_id, random.getrandbits(63)))

    def clone(self):
        return ImperiaState(self.get_game(), self.engine.clone())

    def __deepcopy__(self, memo):
        return self.clone()

    def __str__(self):
        return self.engine.summary()


class ImperiaObserver:
    """What a seat sees: its view as JSON (the strings) and as numbers (the tensor)."""

    def __init__(self, engine: Game):
        parts = engine.observation_parts()
        size = sum(int(np.prod(shape)) for _, shape in parts)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {}
        at = 0
        for part, shape in parts:
            n = int(np.prod(shape))
            self.dict[part] = self.tensor[at:at + n].reshape(shape)
            at += n

    def set_from(self, state, player):
        self.tensor[:] = state.engine.observation(player)

    def string_from(self, state, player):
        return json.dumps(state.engine.view(player), sort_keys=True, separators=(",", ":"))
