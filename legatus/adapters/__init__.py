"""Adapters to the libraries game-AI research already uses, each a thin layer over the core
contract: OpenSpiel (:mod:`.openspiel`), PettingZoo (:mod:`.pettingzoo`), Gymnasium
(:mod:`.gymnasium`). Each needs its extra: ``pip install 'legatus[openspiel]'`` and so on."""
