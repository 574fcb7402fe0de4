"""Every game as a PettingZoo AEC environment (`imperia.pettingzoo`), checked by PettingZoo's `api_test`."""

import unittest

import numpy as np
from pettingzoo.test import api_test

import imperia
from imperia.pettingzoo import env

GAMES = imperia.games()


class PettingZoo(unittest.TestCase):
    def test_every_game_passes_pettingzoo_api_test(self):
        for game in GAMES:
            with self.subTest(game["id"]):
                players = max(game["seats"]["min"], min(2, game["seats"]["max"]))
                api_test(env(game["id"], players=players), num_cycles=200, verbose_progress=False)

    def test_a_whole_game_by_masks_ends_with_each_seats_result(self):
        e = env("endeavor", players=3)
        e.reset(seed=4)
        rng = np.random.default_rng(1)
        rewards = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            rewards[agent] += reward
            if termination or truncation:
                action = None
            else:
                self.assertEqual(observation["observation"].shape, e.observation_space(agent)["observation"].shape)
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            e.step(action)
        self.assertEqual(e.agents, [])
        self.assertEqual(max(rewards.values()), 1.0, rewards)

    def test_an_illegal_action_is_refused_and_changes_nothing(self):
        e = env("imperial2030", players=2)
        e.reset(seed=1)
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        illegal = int(np.flatnonzero(mask == 0)[0])
        before = e.game.state_hash()
        with self.assertRaises(imperia.ImperiaError):
            e.step(illegal)
        self.assertEqual(e.game.state_hash(), before)
        self.assertEqual(e.agent_selection, agent)

    def test_reset_with_a_seed_deals_the_same_game(self):
        a, b = env("brazil-imperial", players=2), env("brazil-imperial", players=2)
        a.reset(seed=9)
        b.reset(seed=9)
        self.assertEqual(a.game.state_hash(), b.game.state_hash())


if __name__ == "__main__":
    unittest.main()
