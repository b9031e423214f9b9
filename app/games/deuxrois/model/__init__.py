"""The core's vocabulary: its phases, commands and events.

Mode Historique's commands and events live in historique/; `commands.py` and
`events.py` at the game level assemble both into the unions the codecs parse,
so nothing here (nor any core module) imports Mode Historique.
"""
