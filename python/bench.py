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


def python_steps_per_second(game_id, seconds):
    """Random legal actions applied one at a time from Python, new games as they end."""
    rng = random.Random(1)
    steps, seed = 0, 1
    state = imperia.Game(game_id, seed=seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_finished():
            seed += 1
            state = imperia.Game(game_id, seed=seed)
        seat = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions(seat)))
        steps += 1
    return steps / (time.perf_counter() - start)


def python_id_steps_per_second(game_id, seconds):
    """Random legal action numbers applied one at a time from Python, new games as they end."""
    rng = random.Random(1)
    steps, seed = 0, 1
    state = imperia.Game(game_id, seed=seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_finished():
            seed += 1
            state = imperia.Game(game_id, seed=seed)
        seat = rng.choice(state.to_act())
        state.apply_id(rng.choice(state.legal_action_ids(seat)), seat=seat)
        steps += 1
    return steps / (time.perf_counter() - start)


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
        stepped = python_steps_per_second(game_id, args.seconds)
        by_number = python_id_steps_per_second(game_id, args.seconds)
        line = f"{game_id:<18} {games:>15,.1f} {actions:>11,.0f} {stepped:>22,.0f} {by_number:>10,.0f}"
        if args.imperia:
            bench_games, bench_actions = imperia_bench(args.imperia, game_id, args.seconds)
            line += f" {bench_games:>22,.1f} {bench_actions:>11,.0f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
