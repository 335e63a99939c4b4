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
        "adapters.learner_never_acts": {
            "es": "Ninguna de {tries} partidas seguidas (semillas {first} a {last}) llegó a "
            "una decisión del aprendiz antes de terminar: sube max_steps (ahora {max_steps})",
            "en": "None of {tries} matches in a row (seeds {first} to {last}) reached a "
            "decision of the learner before ending: raise max_steps (now {max_steps})",
        },
        "adapters.step_before_reset": {
            "es": "Llama a reset() antes de step()",
            "en": "Call reset() before step()",
        },
        "adapters.vector_no_envs": {
            "es": "MaskedVectorEnv necesita al menos un entorno",
            "en": "MaskedVectorEnv needs at least one environment",
        },
        "adapters.vector_spaces_differ": {
            "es": "Los entornos de MaskedVectorEnv deben compartir sus espacios",
            "en": "MaskedVectorEnv's environments must share their spaces",
        },
        "adapters.vector_seeds": {
            "es": "se esperan {expected} semillas (num_envs), llegaron {got}",
            "en": "expected {expected} seeds (num_envs), got {got}",
        },
        "adapters.vector_actions": {
            "es": "se esperan {expected} acciones (num_envs), llegaron {got}",
            "en": "expected {expected} actions (num_envs), got {got}",
        },
        "adapters.vector_values": {
            "es": "se esperan {expected} valores (num_envs), llegaron {got}",
            "en": "expected {expected} values (num_envs), got {got}",
        },
        "adapters.vector_copy_ended": {
            "es": "la copia {copy} ha terminado: reiníciala "
            "(options={{'reset_mask': ...}}) antes de dar otro paso",
            "en": "copy {copy} has ended: reset it (options={{'reset_mask': ...}}) before stepping",
        },
        "adapters.reset_mask_type": {
            "es": "options['reset_mask'] debe ser un array de NumPy, no {kind}",
            "en": "options['reset_mask'] must be a NumPy array, got {kind}",
        },
        "adapters.reset_mask_shape": {
            "es": "options['reset_mask'] debe tener la forma ({n},), no {shape}",
            "en": "options['reset_mask'] must have shape ({n},), got {shape}",
        },
        "adapters.reset_mask_dtype": {
            "es": "options['reset_mask'] debe tener dtype bool, no {dtype}",
            "en": "options['reset_mask'] must have dtype bool, got {dtype}",
        },
        "adapters.reset_mask_empty": {
            "es": "options['reset_mask'] debe reiniciar al menos una copia",
            "en": "options['reset_mask'] must reset at least one copy",
        },
        "adapters.unknown_agent": {
            "es": "Agente desconocido '{agent}'. Agentes: {valid}",
            "en": "Unknown agent '{agent}'. Agents: {valid}",
        },
    }
)
