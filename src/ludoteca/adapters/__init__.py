"""Bridges from the Game protocol to outside frameworks (optional extras).

``ludoteca.adapters.pettingzoo`` turns any game with an integer encoding
(``ludoteca.adapters.encodings``) into a PettingZoo AEC environment, and
``ludoteca.adapters.pettingzoo_parallel`` into a PettingZoo ParallelEnv;
``ludoteca.adapters.gymnasium_env`` registers single-agent Gymnasium environments (one
learner against the project's bots, ``ludoteca/Tacocat-v0`` ...), and its ``make_vec`` a
vector of them with masks (``ludoteca.adapters.gymnasium_vector``); and
``ludoteca.adapters.openspiel`` registers OpenSpiel games (``ludoteca_tacocat`` ...). They
need the ``rl`` extra: ``pip install 'ludoteca[rl]'`` (PettingZoo, Gymnasium and NumPy), and
OpenSpiel the ``bench`` extra. This package itself
imports nothing beyond the engine, so it can be imported without the extra; it registers the
adapters' messages in Spanish and English.
"""

from __future__ import annotations

from ludoteca.engine import i18n

i18n.register(
    {
        "adapters.no_encoding": {
            "es": "El juego '{game}' no tiene codificación para aprendizaje por refuerzo. "
            "Juegos con codificación: {valid}",
            "en": "The game '{game}' has no reinforcement-learning encoding. "
            "Games with an encoding: {valid}",
        },
        "adapters.realtime": {
            "es": "El juego '{game}' es en tiempo real (los jugadores compiten por actuar "
            "primero); el entorno AEC de PettingZoo, por turnos, no puede representarlo",
            "en": "The game '{game}' is realtime (players race to act first); PettingZoo's "
            "turn-based AEC environment cannot represent it",
        },
        "adapters.bad_index": {
            "es": "se espera un número de acción entero de 0 a {high}",
            "en": "expected an integer action number from 0 to {high}",
        },
        "adapters.masked_out": {
            "es": "la acción {index} ({label}) está descartada por la máscara de acciones de "
            "{agent}",
            "en": "action {index} ({label}) is masked out for {agent}",
        },
        "adapters.missing_action": {
            "es": "falta el número de acción de {agent}, que debe elegir en este paso "
            "(un entero de 0 a {high})",
            "en": "no action number for {agent}, which must choose in this step "
            "(an integer from 0 to {high})",
        },
        "adapters.not_reset": {
            "es": "Llama a reset() antes de usar el entorno",
            "en": "Call reset() before using the environment",
        },
        "adapters.bad_render_mode": {
            "es": "Modo de dibujo desconocido '{mode}'. Modos: {valid}",
            "en": "Unknown render mode '{mode}'. Modes: {valid}",
        },
        "adapters.unknown_agent": {
            "es": "Agente desconocido '{agent}'. Agentes: {valid}",
            "en": "Unknown agent '{agent}'. Agents: {valid}",
        },
    }
)
