"""Speed of the engines from Python, beside `imperia bench` on the same machine.

For each game (by default every one, with `imperia bench`'s default player count):
- random games per second through the package, whole games played in Rust (`imperia.random_games`);
- steps per second stepping one action at a time from Python (`legal_actions` + `apply` in a Python loop);
- the same by action numbers (`legal_action_ids` + `apply_id`), as OpenSpiel and PettingZoo step;
- with --imperia PATH, the same games' `imperia bench` figure (a release binary, to compare like with like).

    python python/bench.py [--seconds 5] [--imperia target/release/imperia] [GAME ...]

Build the package in release for figures worth quoting (`maturin develop --release`); a debug build
(what scripts/python-tests makes) is slower.
"""

import argparse
import json
import random
import subprocess
import time

import imperia


def games_per_second(game_id, seconds):
    """Whole random games in Rust, a batch at a time, until `seconds` have passed."""
    games, steps, seed, batch = 0, 0, 1, 1
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        played = imperia.random_games(game_id, batch, seed=seed)
        games += len(played)
        steps += sum(g.steps for g in played)
        seed += batch
        batch = min(batch * 2, 64)
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed


def stepped_per_second(game_id, seconds, step):
    """Random legal actions applied one at a time from Python by `step(state, seat, rng)`, new games as
    they end."""
    rng = random.Random(1)
    steps, seed = 0, 1
    state = imperia.Game(game_id, seed=seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_finished():
            seed += 1
            state = imperia.Game(game_id, seed=seed)
        step(state, rng.choice(state.to_act()), rng)
        steps += 1
    return steps / (time.perf_counter() - start)


def by_json(state, seat, rng):
    """An action as JSON with its label (`legal_actions` + `apply`)."""
    state.apply(rng.choice(state.legal_actions(seat)))


def by_number(state, seat, rng):
    """An action by its number (`legal_action_ids` + `apply_id`), as OpenSpiel and PettingZoo step."""
    state.apply_id(rng.choice(state.legal_action_ids(seat)), seat=seat)


def imperia_bench(binary, game_id, seconds):
    out = subprocess.run(
        [binary, "bench", game_id, "--seconds", str(seconds), "--json"], capture_output=True, text=True, check=True
    )
    report = json.loads(out.stdout)
    return report["games_per_second"], report["actions_per_second"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--imperia", metavar="PATH", help="an imperia binary to run `imperia bench` with")
    args = parser.parse_args()
    ids = args.games or [g["id"] for g in imperia.games()]
    header = f"{'game':<18} {'games/s (Rust)':>15} {'actions/s':>11} {'steps/s (Python loop)':>22} {'by number':>10}"
    if args.imperia:
        header += f" {'imperia bench games/s':>22} {'actions/s':>11}"
    print(header)
    for game_id in ids:
        games, actions = games_per_second(game_id, args.seconds)
        stepped = stepped_per_second(game_id, args.seconds, by_json)
        numbered = stepped_per_second(game_id, args.seconds, by_number)
        line = f"{game_id:<18} {games:>15,.1f} {actions:>11,.0f} {stepped:>22,.0f} {numbered:>10,.0f}"
        if args.imperia:
            bench_games, bench_actions = imperia_bench(args.imperia, game_id, args.seconds)
            line += f" {bench_games:>22,.1f} {bench_actions:>11,.0f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
