"""Imperia's games as PettingZoo environments (the AEC API: one agent acts at a time).

    from imperia.pettingzoo import env
    e = env("endeavor", players=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

- **Agents** are ``player_0`` … ``player_{n-1}``, the game's seats in order (``Game.seat_name`` names them).
  Where several seats decide at once, the lowest of them acts first, then the next.
- **Actions** are the engine's stable action numbers (``Discrete(Game.action_space)``); the observation's
  ``action_mask`` marks the legal ones for the agent to act (all zero for the others). An illegal action
  raises ``imperia.ImperiaError`` and changes nothing.
- **Observations** are ``{"observation": the seat's view as numbers (Game.observation), "action_mask": …}``;
  nothing in them is hidden from that seat.
- **Rewards** come at the end only: each seat's result in [0, 1] (1 for the winners, 0 for the last, evenly
  between by rank).
- ``reset(seed=…)`` deals a new game with that seed (the game's own decks and dice); a ``reset()`` without
  one draws its seed from a generator seeded by the last seed given (or by the system, before any).
"""

from __future__ import annotations

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("imperia.pettingzoo needs PettingZoo: pip install pettingzoo") from e

from . import Game, ImperiaError, games


def env(game_id: str, players: int | None = None, render_mode: str | None = None, **options) -> "ImperiaEnv":
    """An AEC environment of ``game_id`` (see ``imperia.games()``) for ``players`` seats with the variant
    ``options`` given as keywords."""
    return ImperiaEnv(game_id, players=players, render_mode=render_mode, options=options)


class ImperiaEnv(AECEnv):
    """One Imperia game as a PettingZoo AEC environment; see the module's doc."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None, options=None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ImperiaError(f"render_mode {render_mode!r}: the modes are {self.metadata['render_modes']}")
        self.game_id = game_id
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"imperia_{game_id.replace('-', '_')}")
        # A first deal settles the seats, the action space and the observation's shape.
        self.game = Game(game_id, players=players, options=self.options, seed=0)
        self.players = self.game.players
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        size = sum(int(np.prod(shape)) for _, shape in self.game.observation_parts())
        actions = self.game.action_space
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
        })
        self._action_space = spaces.Discrete(actions)
        self.agents = []
        self._seeds = None

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed=None, options=None):
        if seed is not None or self._seeds is None:
            self._seeds = np.random.default_rng(seed)
        deal = int(seed) if seed is not None else int(self._seeds.integers(0, 2**63))
        self.game = Game(self.game_id, players=self.players, options=self.options, seed=deal)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._to_act()

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _to_act(self) -> str:
        seats = self.game.to_act()
        return self.possible_agents[seats[0]] if seats else self.agents[0]

    def observe(self, agent):
        seat = self._seat(agent)
        mask = np.zeros(self._action_space.n, dtype=np.int8)
        if agent == self.agent_selection and not self.terminations[agent]:
            mask[self.game.legal_action_ids(seat)] = 1
        observation = np.asarray(self.game.observation(seat), dtype=np.float32)
        return {"observation": observation, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game.apply_id(int(action), seat=self._seat(agent))
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_finished():
            returns = self.game.returns()
            self.rewards = {a: float(returns[self._seat(a)]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self._to_act()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self.game.summary()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def game_ids() -> list[str]:
    """The games an environment can be made of."""
    return [g["id"] for g in games()]
