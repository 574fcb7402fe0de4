"""Every game as an OpenSpiel game (`imperia.openspiel`): OpenSpiel's own consistency test of a game's API
(`pyspiel.random_sim_test`), and whole games played by OpenSpiel's MCTS bot and by its information-set MCTS.

The bots' rollouts are the engine's own random playouts (`imperia.openspiel.EngineRollouts`, in Rust):
OpenSpiel's default evaluator would step every rollout through Python, many times slower, for the same
values.
"""

import random
import unittest

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import imperia
import imperia.openspiel

NAMES = imperia.openspiel.register()
GAMES = {g["id"]: g for g in imperia.games()}


def smallest_table(game_id):
    """Two seats where the game allows them, else the least: the shortest games."""
    seats = GAMES[game_id]["seats"]
    return max(seats["min"], min(2, seats["max"]))


def load(game_id, seed=1, players=None):
    params = {"players": players or smallest_table(game_id), "seed": seed}
    return pyspiel.load_game(imperia.openspiel.game_name(game_id), params)


def play(game, bots, rng):
    """Play a whole game, the seats in `bots` by their bot and the others at random; returns the steps."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        bot = bots.get(player)
        action = bot.step(state) if bot else rng.choice(state.legal_actions(player))
        state.apply_action(action)
        steps += 1
    return state, steps


class OpenSpiel(unittest.TestCase):
    def test_every_game_is_registered_by_name(self):
        self.assertEqual(sorted(NAMES), sorted(imperia.openspiel.game_name(g) for g in GAMES))
        self.assertEqual(imperia.openspiel.register(), NAMES, "registering again changes nothing")
        self.assertIn("imperia_imperial_struggle", pyspiel.registered_names())

    def test_every_game_passes_openspiel_random_simulation_test(self):
        for game_id in GAMES:
            with self.subTest(game_id):
                game = load(game_id, seed=5)
                self.assertEqual(game.num_distinct_actions(), imperia.Game(game_id, players=smallest_table(game_id), seed=5).action_space)
                pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)

    def test_actions_are_the_engines_numbers_and_strings_are_the_seats_views(self):
        game = load("imperial-struggle", seed=3)
        state = game.new_initial_state()
        player = state.current_player()
        engine = state.engine
        self.assertEqual(state.legal_actions(), engine.legal_action_ids(player))
        self.assertEqual(state.legal_actions(), sorted(state.legal_actions()))
        labels = {a.label for a in engine.legal_actions(player)}
        named = {state.action_to_string(player, a).rsplit(" (#", 1)[0] for a in state.legal_actions()}
        self.assertEqual(named, labels)
        self.assertEqual(state.observation_tensor(player), engine.observation(player))
        self.assertNotEqual(state.observation_string(0), state.observation_string(1), "each seat its own view")

    def test_openspiel_mcts_plays_a_whole_game_of_each(self):
        rng = random.Random(7)
        for game_id in GAMES:
            with self.subTest(game_id):
                game = load(game_id, seed=11)
                bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=imperia.openspiel.EngineRollouts(seed=1),
                                   random_state=np.random.RandomState(2))
                state, steps = play(game, {0: bot}, rng)
                self.assertTrue(state.is_terminal())
                self.assertEqual(len(state.returns()), game.num_players())
                print(f"# MCTS: a whole game of {game_id}, {steps} steps, returns {state.returns()}")

    def test_openspiel_ismcts_plays_a_whole_game_with_hidden_information(self):
        rng = random.Random(3)
        for game_id in ["virgin-queen"]:
            game = load(game_id, seed=4)
            bot = ismcts.ISMCTSBot(game, imperia.openspiel.EngineRollouts(seed=5), uct_c=2.0, max_simulations=3,
                                   random_state=np.random.RandomState(6))
            state, steps = play(game, {0: bot}, rng)
            self.assertTrue(state.is_terminal())
            print(f"# ISMCTS: a whole game of {game_id}, {steps} steps, returns {state.returns()}")

    def test_a_resampled_state_looks_the_same_to_its_player(self):
        game = load("imperial-struggle", seed=9)
        state = game.new_initial_state()
        rng = random.Random(1)
        for _ in range(40):
            state.apply_action(rng.choice(state.legal_actions()))
        player = state.current_player()
        sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        self.assertEqual(sample.information_state_string(player), state.information_state_string(player))
        self.assertEqual(sample.legal_actions(player), state.legal_actions(player))
        with self.assertRaisesRegex(imperia.ImperiaError, "resampled game has no record"):
            sample.engine.record()


if __name__ == "__main__":
    unittest.main()
