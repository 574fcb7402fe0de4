"""The `imperia` package on every game it hosts: creating, acting, refusing, cloning, recording and viewing.

Views are compared with what `imperia apply` prints for the same actions, so that Python is shown exactly
what the engine's type-erased layer (the server's source) gives each viewer, no more. The binary is
IMPERIA_BIN, or target/debug/imperia of this checkout (scripts/python-tests builds it).
"""

import json
import os
import pickle
import random
import subprocess
import tempfile
import unittest
from pathlib import Path

import imperia

ROOT = Path(__file__).resolve().parents[2]
IMPERIA_BIN = os.environ.get("IMPERIA_BIN", str(ROOT / "target" / "debug" / "imperia"))

GAMES = imperia.games()


def seats_for(game):
    """Two seats where the game allows them (so that there is someone to hide things from), else the least."""
    return max(game["seats"]["min"], min(2, game["seats"]["max"]))


def new_game(game, seed=3):
    return imperia.Game(game["id"], players=seats_for(game), seed=seed)


def play_randomly(state, steps, rng):
    """Up to `steps` random legal actions, stepped from Python; returns the actions applied."""
    played = []
    for _ in range(steps):
        if state.is_finished():
            break
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        state.apply(action)
        played.append(action)
    return played


class Catalogue(unittest.TestCase):
    def test_every_game_is_listed_with_its_seats_and_options(self):
        ids = [g["id"] for g in GAMES]
        self.assertEqual(
            sorted(ids), sorted(["imperial2030", "imperial-struggle", "virgin-queen", "endeavor", "brazil-imperial"])
        )
        for game in GAMES:
            self.assertTrue(game["name"])
            self.assertLessEqual(1, game["seats"]["min"])
            self.assertLessEqual(game["seats"]["min"], game["seats"]["max"])
            self.assertEqual(game["options_schema"]["type"], "object")
            self.assertIsInstance(game["options"], list)

    def test_bad_requests_are_refused_with_the_reason(self):
        with self.assertRaisesRegex(imperia.ImperiaError, "no game `chess`.*imperial2030"):
            imperia.Game("chess")
        with self.assertRaisesRegex(imperia.ImperiaError, "players"):
            imperia.Game("imperial-struggle", players=5)
        with self.assertRaisesRegex(imperia.ImperiaError, "players="):
            imperia.Game("imperial2030", options={"players": 3})
        with self.assertRaisesRegex(imperia.ImperiaError, "no_such_option"):
            imperia.Game("imperial2030", options={"no_such_option": True})
        with self.assertRaisesRegex(imperia.ImperiaError, "content"):
            imperia.Game("imperial2030", content="/nonexistent/folder")
        with self.assertRaisesRegex(imperia.ImperiaError, "not a game record"):
            imperia.load_record("{}")
        with self.assertRaises(OverflowError):
            imperia.Game("imperial2030", seed=-1)
        with self.assertRaisesRegex(imperia.ImperiaError, "at most"):
            imperia.random_games("imperial2030", 10**12)

    def test_options_reach_the_config(self):
        game = imperia.Game("imperial2030", players=3, options={"experienced": True})
        self.assertEqual(game.players, 3)
        self.assertTrue(game.config["experienced"])


class EveryGame(unittest.TestCase):
    def test_create_and_list_legal_actions(self):
        for game in GAMES:
            with self.subTest(game["id"]):
                state = new_game(game)
                self.assertEqual(state.game_id, game["id"])
                self.assertEqual(state.players, seats_for(game))
                self.assertFalse(state.is_finished())
                self.assertIsNone(state.outcome())
                self.assertEqual(state.returns(), [0.0] * state.players)
                for seat in state.to_act():
                    actions = state.legal_actions(seat)
                    self.assertTrue(actions)
                    for i, a in enumerate(actions):
                        self.assertEqual((a.seat, a.index), (seat, i))
                        self.assertIsInstance(a.label, str)
                        json.dumps(a.action)  # plain JSON-like data

    def test_apply_by_action_index_and_json_reach_the_same_state(self):
        for game in GAMES:
            with self.subTest(game["id"]):
                state = new_game(game)
                seat = state.to_act()[0]
                actions = state.legal_actions(seat)
                chosen = actions[len(actions) // 2]
                by_action, by_index, by_json = state.clone(), state.clone(), state.clone()
                by_action.apply(chosen)
                by_index.apply(chosen.index, seat=seat)
                events = by_json.apply(chosen.action, seat=seat)
                self.assertIsInstance(events, list)
                self.assertEqual(by_action.state_hash(), by_index.state_hash())
                self.assertEqual(by_action.state_hash(), by_json.state_hash())
                self.assertNotEqual(by_action.record(), state.record())

    def test_an_illegal_action_raises_and_changes_nothing(self):
        for game in GAMES:
            with self.subTest(game["id"]):
                state = new_game(game)
                play_randomly(state, 5, random.Random(1))
                before = (state.state_hash(), state.record(), state.to_act())
                seat = state.to_act()[0]
                with self.assertRaises(imperia.ImperiaError):
                    state.apply({"no such": "action"}, seat=seat)
                with self.assertRaisesRegex(imperia.ImperiaError, "legal actions"):
                    state.apply(10**6, seat=seat)
                with self.assertRaisesRegex(imperia.ImperiaError, "seat 9"):
                    state.apply(0, seat=9)
                waiting = [s for s in range(state.players) if s not in state.to_act()]
                if waiting:
                    with self.assertRaisesRegex(imperia.ImperiaError, "decision"):
                        state.apply(state.legal_actions(seat)[0].action, seat=waiting[0])
                self.assertEqual((state.state_hash(), state.record(), state.to_act()), before)

    def test_a_clone_is_independent(self):
        for game in GAMES:
            with self.subTest(game["id"]):
                state = new_game(game)
                twin = state.clone()
                before = state.state_hash()
                play_randomly(twin, 10, random.Random(2))
                self.assertEqual(state.state_hash(), before)
                self.assertNotEqual(twin.state_hash(), before)
                self.assertEqual(json.loads(state.record())["actions"], [])

    def test_the_record_replays_to_the_same_state(self):
        for game in GAMES:
            with self.subTest(game["id"]):
                state = new_game(game, seed=11)
                play_randomly(state, 40, random.Random(3))
                record = state.record()
                for source in (record, json.loads(record)):
                    again = imperia.load_record(source)
                    self.assertEqual(again.state_hash(), state.state_hash())
                    self.assertEqual(again.record(), record)
                    for seat in [None, *range(state.players)]:
                        self.assertEqual(again.view(seat), state.view(seat))
                tampered = json.loads(record)
                tampered["actions"][-1]["hash"] = "0" * 16
                with self.assertRaisesRegex(imperia.ImperiaError, "diverged"):
                    imperia.load_record(tampered)

    def test_a_game_pickles_as_its_record(self):
        for game in GAMES:
            with self.subTest(game["id"]):
                state = new_game(game, seed=5)
                play_randomly(state, 30, random.Random(4))
                again = pickle.loads(pickle.dumps(state))
                self.assertEqual(again.state_hash(), state.state_hash())
                self.assertEqual(again.record(), state.record())
                seat = state.to_act()[0]
                with self.assertRaisesRegex(imperia.ImperiaError, "resampled game has no record"):
                    pickle.dumps(state.resample(seat, 1))

    def test_views_are_the_engines_views_for_each_seat_and_a_spectator(self):
        for game in GAMES:
            with self.subTest(game["id"]):
                state = new_game(game, seed=5)
                played = play_randomly(state, 30, random.Random(4))
                lines = "".join(json.dumps({"seat": a.seat, "action": a.action}) + "\n" for a in played)
                args = ["apply", game["id"], "--players", str(state.players), "--seed", "5", "--view", "all"]
                out = subprocess.run([IMPERIA_BIN, *args], input=lines, capture_output=True, text=True, check=True)
                last = json.loads(out.stdout.splitlines()[-1])
                self.assertEqual(last["hash"], state.state_hash())
                self.assertEqual(last["views"]["spectator"], state.view())
                self.assertEqual(last["views"]["spectator"], state.view(None))
                for seat in range(state.players):
                    self.assertEqual(last["views"][str(seat)], state.view(seat))
                with self.assertRaisesRegex(imperia.ImperiaError, "seat"):
                    state.view(state.players)

    def test_random_playouts_finish_and_leave_the_game_as_it_was(self):
        for game in GAMES:
            with self.subTest(game["id"]):
                state = new_game(game)
                play_randomly(state, 10, random.Random(5))
                before = state.state_hash()
                ended = state.random_playout(7)
                self.assertEqual(state.state_hash(), before)
                self.assertGreater(ended.steps, 0)
                self.assertEqual(len(ended.ranks), state.players)
                self.assertEqual(len(ended.returns), state.players)
                self.assertIn(1, ended.ranks)
                self.assertEqual(state.random_playout(7).steps, ended.steps)  # seeded
                played = imperia.random_games(game["id"], 2, seed=3, players=state.players)
                self.assertEqual(len(played), 2)
                for g in played:
                    self.assertEqual(len(g.scores), state.players)
                    self.assertIn(1.0, g.returns)


class WholeGames(unittest.TestCase):
    def test_a_game_stepped_from_python_ends_with_its_outcome(self):
        state = imperia.Game("brazil-imperial", players=1, seed=2)
        rng = random.Random(6)
        while not state.is_finished():
            state.apply(rng.choice(state.legal_actions()))
        outcome = state.outcome()
        self.assertEqual(len(outcome["ranks"]), 1)
        self.assertEqual(state.returns(), [1.0 if outcome["ranks"][0] == 1 else 0.0])
        self.assertEqual(state.to_act(), [])
        with self.assertRaisesRegex(imperia.ImperiaError, "over"):
            state.legal_actions()
        self.assertEqual(imperia.load_record(state.record()).outcome(), outcome)

    def test_a_game_with_content_files_records_and_replays_them(self):
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run([IMPERIA_BIN, "data", "files", "imperial2030", folder], capture_output=True, check=True)
            state = imperia.Game("imperial2030", players=2, seed=1, content=folder)
            play_randomly(state, 10, random.Random(7))
            record = json.loads(state.record())
            self.assertTrue(record["content_files"])
            self.assertEqual(imperia.load_record(record).state_hash(), state.state_hash())
            self.assertEqual(imperia.load_record(record, content=folder).state_hash(), state.state_hash())


if __name__ == "__main__":
    unittest.main()
