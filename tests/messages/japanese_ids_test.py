#!/usr/bin/env python3
"""Every sentence a Japanese session can show says the printed names, never
an internal id (issue 46): each companion catalog's Japanese text (outside
its {placeholders}) and every Japanese word of the web page (web/words.json)
is searched for an ASCII word that is an id of the game it belongs to (any
`id` in its data: commands, words, cards, counters; a board's locations) or
one of the engine's own (undo, cancel, help, status, log, history, quit,
--force).
A designer's messages about data files (ids beginning data-) name the
files' keys and are left out.

usage: japanese_ids_test.py SOURCE_DIR
"""
import json
import os
import re
import sys
import tomllib

ROOT = sys.argv[1]
ENGINE = {"undo", "cancel", "help", "status", "log", "history", "quit", "force"}
GAMES = {"endless_patrol": "endless-patrol", "maquis": "maquis", "omaha_beach": "omaha-beach",
         "squad": "squad", "stuart_vs_zombies": "stuart-vs-zombies", "table_helper": None}
WORD = re.compile(r"(?<![A-Za-z0-9_])-*([a-z][a-z0-9_-]*)(?![A-Za-z0-9_])")


def ids_in(node, ids):
    """Every `id` of the data's tables (cards, counters, words, commands) and
    every key of a table of tables (a board's locations)."""
    if isinstance(node, dict):
        if isinstance(node.get("id"), str):
            ids.add(node["id"])
        for key, value in node.items():
            if key == "location" and isinstance(value, dict):
                ids.update(value.keys())
            ids_in(value, ids)
    elif isinstance(node, list):
        for value in node:
            ids_in(value, ids)


def ids_of(game):
    """The ids of `game`'s data: commands, words, cards, counters, locations."""
    ids = set()
    if not game:
        return ids
    folder = os.path.join(ROOT, "data", game)
    for name in sorted(os.listdir(folder)):
        if name.endswith(".toml"):
            with open(os.path.join(folder, name), "rb") as f:
                ids_in(tomllib.load(f), ids)
    # An option's name is a word of the command line (--option nations=...).
    with open(os.path.join(folder, "companion.toml"), "rb") as f:
        ids -= {o["name"] for o in tomllib.load(f).get("option", []) if "name" in o}
    return ids


def ascii_ids(text, ids):
    # Not an id shown to a player: a placeholder, a program's command line
    # typed in a terminal (bocage-play log), a file's text quoted ("undo N").
    text = re.sub(r"\{[^}]*\}", "", text)
    text = re.sub(r"bocage-(play|gen) [a-z-]+", "", text)
    text = re.sub(r'"[^"]*"', "", text)
    return sorted({m.group(1) for m in WORD.finditer(text) if m.group(1) in ids})


failures = []


def catalog(path, ids):
    with open(path, "rb") as f:
        messages = tomllib.load(f)
    for key, m in messages.items():
        if not isinstance(m, dict) or "ja" not in m or key.startswith("data-"):
            continue
        found = ascii_ids(m["ja"], ids)
        if found:
            failures.append("%s [%s]: %s in %r" % (os.path.relpath(path, ROOT), key, found, m["ja"]))


for folder, game in GAMES.items():
    catalog(os.path.join(ROOT, "companion", "games", folder, "messages.toml"), ids_of(game) | ENGINE)
for name in ("engine", "serve"):
    catalog(os.path.join(ROOT, "companion", name, "messages.toml"), ENGINE)
with open(os.path.join(ROOT, "web", "words.json"), encoding="utf-8") as f:
    for key, text in json.load(f)["ja"].items():
        found = ascii_ids(text, ENGINE)
        if found:
            failures.append("web/words.json [%s]: %s in %r" % (key, found, text))

for f in failures:
    print("FAILED:", f)
print("%d Japanese sentences name an id" % len(failures) if failures else "no id in a Japanese sentence")
sys.exit(1 if failures else 0)
