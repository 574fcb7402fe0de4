# An outside bot for any Imperia game: a legal action at random (docs/bot-builders.md).
import json, random, sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "random_bot.py"}), flush=True)
    elif message["type"] == "turn":
        choice = random.randrange(len(message["actions"]))
        print(json.dumps({"type": "action", "index": choice}), flush=True)
