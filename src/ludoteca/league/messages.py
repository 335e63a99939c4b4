"""What ``ludoteca league`` says, in Spanish and English."""

from __future__ import annotations

from ludoteca.engine.i18n import Message, msg, register


def games(count: int) -> Message:
    """``"1 game"``, ``"30 games"`` (and in Spanish)."""
    return msg("league.games.one") if count == 1 else msg("league.games.many", count=count)


register(
    {
        "league.needs_extra": {
            "es": "ludoteca league necesita el extra train (sb3-contrib, PyTorch y "
            "openskill), que no está instalado (falta {missing}): pip install 'ludoteca[train]' "
            "(basta con la versión de PyTorch para CPU)",
            "en": "ludoteca league needs the train extra (sb3-contrib, PyTorch and openskill), "
            "which is not installed ({missing} is missing): pip install 'ludoteca[train]' "
            "(PyTorch's CPU build is enough)",
        },
        "league.no_adapter": {
            "es": "{game} no tiene entorno de Gymnasium (es un juego en tiempo real): la liga "
            "se juega en {games}",
            "en": "{game} has no Gymnasium environment (it is a realtime game): a league plays "
            "{games}",
        },
        "league.at_least": {
            "es": "{option} necesita un número entero de al menos {minimum}, no {value}",
            "en": "{option} needs a whole number of at least {minimum}, not {value}",
        },
        "league.at_most_players": {
            "es": "Una liga sienta a jugadores distintos en cada mesa (el aprendiz y los bots "
            "al empezar): {players} jugadores son demasiados, como mucho {maximum}",
            "en": "A league seats distinct players at every table (the learner and, at first, "
            "the bots): {players} players are too many, at most {maximum}",
        },
        "league.bots": {
            "es": "--bots necesita uno o más bots distintos separados por comas, no '{bots}'",
            "en": "--bots needs one or more distinct bots separated by commas, not '{bots}'",
        },
        "league.not_a_folder": {
            "es": "{path} no es una carpeta: --out necesita una carpeta (nueva o de una liga)",
            "en": "{path} is not a folder: --out needs a folder (new, or a league's)",
        },
        "league.unreadable": {
            "es": "{path} no es el archivo de una liga que se pueda leer ({reason}); use otra "
            "carpeta --out",
            "en": "{path} is not a league file that can be read ({reason}); use another --out "
            "folder",
        },
        "league.other_league": {
            "es": "La carpeta {path} guarda una liga con otros ajustes ({saved}); para seguirla "
            "use los mismos, o use otra carpeta --out",
            "en": "The folder {path} holds a league with other settings ({saved}); to go on "
            "with it use the same ones, or another --out folder",
        },
        "league.cannot_write": {
            "es": "No se puede escribir en {path}: {reason}",
            "en": "Cannot write to {path}: {reason}",
        },
        "league.missing_checkpoint": {
            "es": "Falta el punto de control {path} de la liga; use otra carpeta --out",
            "en": "The league's checkpoint {path} is missing; use another --out folder",
        },
        "league.progress.bots": {
            "es": "Clasificando los bots ({bots}): {games} por mesa…",
            "en": "Rating the bots ({bots}): {games} a table…",
        },
        "league.progress.train": {
            "es": "Generación {generation}: {steps} pasos de entrenamiento contra {pool}…",
            "en": "Generation {generation}: {steps} training steps against {pool}…",
        },
        "league.progress.rate": {
            "es": "Generación {generation}: clasificación contra cada uno de {pool} ({games} "
            "con cada uno)…",
            "en": "Generation {generation}: rating against each of {pool} ({games} each)…",
        },
        "league.progress.done": {
            "es": "Generación {generation} guardada en {path} ({cpu:.0f} s de CPU).",
            "en": "Generation {generation} saved to {path} ({cpu:.0f} s of CPU).",
        },
        "league.stopped": {
            "es": "Detenida: se guardan las generaciones terminadas (hasta la {generation}); "
            "el mismo comando la reanuda.",
            "en": "Stopped: the finished generations are kept (up to {generation}); the same "
            "command resumes it.",
        },
        "league.title": {
            "es": "Liga de {game} ({players} jugadores, semilla {seed}, {steps} pasos por "
            "generación, {games} por mesa): generaciones 0 a {last} en {path}",
            "en": "League of {game} ({players} players, seed {seed}, {steps} steps a "
            "generation, {games} a table): generations 0 to {last} in {path}",
        },
        "league.header": {
            "es": "puesto | jugador | mu | sigma | mu − 3σ | partidas | ganadas",
            "en": "rank | player | mu | sigma | mu − 3σ | games | won",
        },
        "league.games.one": {"es": "1 partida", "en": "1 game"},
        "league.games.many": {"es": "{count} partidas", "en": "{count} games"},
        "league.generation": {"es": "generación {generation}", "en": "generation {generation}"},
        "league.bot": {"es": "bot {name}", "en": "{name} bot"},
        "league.files": {
            "es": "Tabla en {csv} y {json}.",
            "en": "Table in {csv} and {json}.",
        },
    }
)
