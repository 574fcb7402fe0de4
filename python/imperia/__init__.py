"""Imperia's game engines from Python.

Every game Imperia hosts (``imperia.games()`` lists them) is played here by the same Rust engine that serves
the terminal, the browser and the bots. A ``Game`` holds the state in Rust; Python sees what a player of the
server sees: the seats to act, their legal actions (each as JSON with a label in plain words), each seat's
view, the outcome and the record.

    import imperia, random
    game = imperia.Game("imperial2030", players=3, seed=7)
    while not game.is_finished():
        actions = game.legal_actions(game.to_act()[0])
        game.apply(random.choice(actions))
    print(game.outcome(), game.returns())

A game pickles as its record. Whole games at random run inside Rust: ``imperia.random_games(game_id, n)`` from the start, and
``game.random_playout(seed)`` from any position.
"""

import copyreg

from ._imperia import Action, Game, ImperiaError, RandomGame, games, load_record, random_games


def _reduce_game(game):
    # A game pickles as its record, and unpickles by replaying it (every state hash checked): what
    # multiprocessing and OpenSpiel's state serialisation need. A resampled game has no record and refuses.
    return load_record, (game.record(),)


copyreg.pickle(Game, _reduce_game)

__all__ = ["Action", "Game", "ImperiaError", "RandomGame", "games", "load_record", "random_games"]
