"""The ``ludoteca`` command, run in-process with Typer's CliRunner (real stdin and stdout
streams, real worker processes) and once as the installed script."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ludoteca.cli import app, default_lang, lang_from_args
from ludoteca.engine import record, registry
from ludoteca.engine.replay import replay, round_starts

BASE_ENV = {"COLUMNS": "200", "LANG": "C.UTF-8"}


def invoke(args: list[str], stdin: str | None = None, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(app, args, input=stdin, env={**BASE_ENV, **(env or {})})


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0]
    assert "Traceback" not in result.output


# ---------------------------------------------------------------------------------------
# Language


def test_default_language_follows_lang_env() -> None:
    assert default_lang({"LANG": "es_ES.UTF-8"}) == "es"
    assert default_lang({"LANG": "en_GB.UTF-8"}) == "en"
    assert default_lang({}) == "en"
    assert lang_from_args(["games", "--lang", "es"], {}) == "es"
    assert lang_from_args(["games", "--lang=en"], {"LANG": "es_ES"}) == "en"
    assert lang_from_args(["games", "--lang", "fr"], {"LANG": "es_ES"}) == "es"


# ---------------------------------------------------------------------------------------
# games, rules


@pytest.mark.parametrize(
    ("lang", "name", "summary"),
    [
        ("es", "Tacocat deletreado al revés", "Tira y afloja"),
        ("en", "Tacocat Spelled Backwards", "tug-of-war"),
    ],
)
def test_games_lists_the_catalogue(lang: str, name: str, summary: str) -> None:
    result = invoke(["games", "--lang", lang])
    assert result.exit_code == 0, result.output
    for game_id in registry.available_games():
        assert game_id in result.stdout
    assert name in result.stdout
    assert summary in result.stdout


def test_games_language_defaults_to_lang_env() -> None:
    assert "Tacocat deletreado al revés" in invoke(["games"], env={"LANG": "es_ES.UTF-8"}).stdout
    assert "Tacocat Spelled Backwards" in invoke(["games"], env={"LANG": "de_DE.UTF-8"}).stdout


@pytest.mark.parametrize(
    ("lang", "rule_text", "option_help"),
    [
        ("es", "el Tacocat empieza en la O central", "Longitud mínima de una secuencia"),
        ("en", "Tacocat starts on the centre O", "Shortest sequence allowed"),
    ],
)
def test_rules_show_every_rule_and_option(lang: str, rule_text: str, option_help: str) -> None:
    result = invoke(["rules", "tacocat", "--lang", lang])
    assert result.exit_code == 0, result.output
    for number in range(1, 12):
        assert f"TC-{number:02d}" in result.stdout
    assert rule_text in result.stdout
    assert "tie_goes_to_arrow" in result.stdout and "min_sequence" in result.stdout
    assert option_help in result.stdout
    assert "2 | 3" in result.stdout


# ---------------------------------------------------------------------------------------
# play

ENOUGH_ONES = "1\n" * 600


def test_play_a_whole_game_against_random_with_bad_answers_in_spanish(tmp_path: Path) -> None:
    saved = tmp_path / "game.jsonl"
    stdin = "hola\nduel 5\n99\n?\n" + ENOUGH_ONES
    args = ["play", "tacocat", "--vs", "random", "--seed", "7", "--lang", "es"]
    result = invoke([*args, "--save", str(saved)], stdin)
    assert result.exit_code == 0, result.output
    out = result.stdout
    # The malformed line, the illegal move and the bad number each get a reason, then a
    # new prompt; the rule id is named.
    assert "No entiendo la acción 'hola'" in out
    assert "No puedes hacer esto: elige 5 para el duelo (regla TC-02): en la fase cambio" in out
    assert "99 no es una de las opciones: elige un número del 1 al" in out
    assert "Escribe el número de una jugada" in out
    prompt = "Ana, tu jugada"
    first_prompts = out.split("No entiendo la acción 'hola'")[1]
    assert first_prompts.count(prompt) >= 4
    # The board, the hand and the numbered moves are shown.
    assert "YAY T A C O C A T WOW" in out
    assert "Tu mano" in out and "Tus jugadas" in out and "no cambia ninguna carta" in out
    assert "[keep]" not in out  # the move's label, not its code
    assert "O escribe 'cambiar'" in out
    # Only seat 0's view is drawn: never a list of the other seat's hand.
    assert "Mano de Bruno" not in out
    assert "Fin de la partida: el Tacocat entró en la meta" in out
    assert ("¡Has ganado!" in out) != ("Has perdido." in out)
    # The saved record replays to the outcome shown.
    rec = record.GameRecord.loads(saved.read_text("utf-8"))
    assert rec.seats == ("human", "random")
    assert rec.seed == 7
    outcome = registry.make("tacocat").outcome(replay(rec))
    assert outcome is not None and outcome.to_json() == rec.outcome
    won = "¡Has ganado!" in out
    assert (0 in outcome.winners) == won


def test_play_in_english_as_seat_one_and_quit() -> None:
    stdin = "hello\nduel 5\nq\n"
    result = invoke(["play", "tacocat", "--vs", "random", "--seat", "1", "--seed", "2"], stdin)
    assert result.exit_code == 1, result.output
    assert "You play as Bruno (WOW)" in result.stdout
    assert "Cannot read the action 'hello'" in result.stdout
    refused = "You cannot do this: duels with 5 (rule TC-02): you cannot duel in the replace phase"
    assert refused in result.stdout
    assert "Game abandoned." in result.stdout


def test_play_ends_like_q_when_input_runs_out_and_saves_the_steps_so_far(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "left.jsonl"
    args = ["play", "tacocat", "--vs", "random", "--seed", "1", "--save", str(saved)]
    at_eof = invoke(args, "1\n")
    by_q = invoke(["play", "tacocat", "--vs", "random", "--seed", "1"], "1\nq\n")
    assert at_eof.exit_code == by_q.exit_code == 1
    assert "Game abandoned." in at_eof.stdout and "Game abandoned." in by_q.stdout
    assert at_eof.stderr == by_q.stderr == ""
    assert "is saved to" in at_eof.stdout
    left = record.GameRecord.loads(saved.read_text().strip())
    assert left.outcome is None
    assert any(seat == 0 for seat, _ in left.actions)
    replayed = invoke(["replay", str(saved), "--to-end"])
    assert replayed.exit_code == 0, replayed.output


def test_play_hot_seat_hands_the_device_over(tmp_path: Path) -> None:
    saved = tmp_path / "hot.jsonl"
    args = ["play", "tacocat", "--vs", "human", "--seed", "3", "--save", str(saved)]
    result = invoke(args, "1\n" * 1500)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Pass the device to Ana") >= 2
    assert out.count("Pass the device to Bruno") >= 2
    # Every board after a hand-over belongs to the seat that was just handed the device.
    for chunk in out.split("Pass the device to ")[1:]:
        seat = chunk.split(" ", 1)[0]
        assert f"You play as {seat} (" in chunk.split("\n", 2)[1]
    assert "Game over: Tacocat entered the" in out and "Winner:" in out
    assert record.GameRecord.loads(saved.read_text("utf-8")).seats == ("human", "human")


# ---------------------------------------------------------------------------------------
# simulate, replay


def test_simulate_prints_the_same_with_one_or_two_workers(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["simulate", "tacocat", "--games", "12", "--seed", "100", "--out", str(out)]
    one = invoke([*args, "--workers", "1"])
    lines_one = out.read_text("utf-8")
    two = invoke([*args, "--workers", "2"])
    lines_two = out.read_text("utf-8")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    assert lines_one == lines_two
    assert "12 games of tacocat · seeds 100-111 · seats rotated" in one.stdout
    assert "Wins by seat" in one.stdout and "Wins by agent" in one.stdout
    assert "95% CI (Wilson)" in one.stdout and "Length in steps: mean" in one.stdout
    assert "12 games in" in two.stderr and "with --workers 2" in two.stderr


def test_simulate_prints_a_games_own_statistics_in_both_languages() -> None:
    args = ["simulate", "gotcha", "-n", "2", "--agents", "greedy,greedy,greedy", "--seed", "4"]
    english = invoke([*args, "--lang", "en"])
    spanish = invoke([*args, "--lang", "es"])
    assert english.exit_code == spanish.exit_code == 0, english.output + spanish.output
    assert "breaches caught by a buzz / breaches: " in english.stdout
    assert "95% CI: " in english.stdout and "per game)" in english.stdout
    assert "infracciones cantadas / infracciones: " in spanish.stdout
    assert "por partida)" in spanish.stdout
    tacocat = invoke(["simulate", "tacocat", "-n", "2", "--lang", "en"])
    assert "duels: " in tacocat.stdout and "breaches" not in tacocat.stdout


def test_simulate_out_lines_replay_to_the_recorded_outcomes(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = invoke(
        ["simulate", "tacocat", "-n", "6", "--seed", "9", "--out", str(out), "--lang", "es"]
    )
    assert result.exit_code == 0, result.output
    assert "Registros de 6 partidas escritos en" in result.stdout
    game = registry.make("tacocat")
    lines = out.read_text("utf-8").splitlines()
    assert len(lines) == 6
    for index, line in enumerate(lines):
        rec = record.GameRecord.loads(line)
        assert rec.seed == 9 + index
        outcome = game.outcome(replay(rec))
        assert outcome is not None
        assert outcome.to_json() == rec.outcome


def test_simulate_with_options_and_fixed_seats_in_spanish() -> None:
    args = ["simulate", "tacocat", "-n", "4", "--fixed-seats", "--lang", "es"]
    result = invoke([*args, "--option", "min_sequence=2", "-o", "tie_goes_to_arrow=true"])
    assert result.exit_code == 0, result.output
    assert "asientos fijos" in result.stdout
    assert "Opciones: min_sequence=2, tie_goes_to_arrow=true" in result.stdout
    assert "Victorias por asiento" in result.stdout
    assert "primer asiento (YAY) · greedy" in result.stdout


@pytest.fixture(scope="module")
def games_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "games.jsonl"
    result = invoke(["simulate", "tacocat", "-n", "3", "--seed", "21", "--out", str(path)])
    assert result.exit_code == 0, result.output
    return path


def test_replay_to_end_prints_every_step_with_the_whole_table(games_file: Path) -> None:
    rec = record.GameRecord.loads(games_file.read_text("utf-8").splitlines()[2])
    result = invoke(["replay", str(games_file), "--game", "3", "--to-end"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    total = len(record.moves(rec))
    assert total < len(rec.actions)  # chance steps go with the move that caused them
    assert f"Game 3 of {games_file}" in " ".join(out.split())
    assert out.count("Move ") == total + 1
    assert f"Move 0/{total} · round 1 — Initial position" in out
    assert f"Move {total}/{total}" in out
    assert "Chance: draws a" in out
    assert "Ana's hand" in out and "Bruno's hand" in out
    assert "Game over: Tacocat entered the" in out


def test_replay_as_one_seat_hides_the_others(games_file: Path) -> None:
    result = invoke(["replay", str(games_file), "--seat", "0", "--to-end", "--lang", "es"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Vista de Ana" in out
    assert "Mano de Bruno" not in out and "Mano de Ana" not in out
    assert "Tu mano" in out
    assert "Azar actuó" in out and "Bruno actuó" in out
    assert "Azar: roba" not in out


def test_replay_steps_interactively(games_file: Path) -> None:
    rec = record.GameRecord.loads(games_file.read_text("utf-8").splitlines()[0])
    total = len(record.moves(rec))
    rounds = round_starts(rec)
    assert total < len(rec.actions) and len(rounds) > 2
    stdin = "\n\nb\n7\nzz\n99999\nr\nr 1\nr 99\nq\n"
    result = invoke(["replay", str(games_file)], stdin)
    assert result.exit_code == 0, result.output
    headers = [line.split(" — ")[0] for line in result.stdout.splitlines() if " — " in line]
    moves = [f"Move {n}/{total}" for n in (0, 1, 2, 1, 7, rounds[1] if rounds[1] > 7 else 0, 0)]
    assert [header.split(" · ")[0] for header in headers][:5] == moves[:5]
    assert headers[1] == f"Move 1/{total} · round 1"
    # r: the next round's first position; r 1: back to round 1.
    next_round = next(start for start in rounds if start > 7)
    assert headers[5] == f"Move {next_round}/{total} · round {rounds.index(next_round) + 1}"
    assert headers[6] == f"Move {rounds[0]}/{total} · round 1"
    assert f"There is no round 99: the game has {len(rounds)}." in result.stdout
    assert f"Cannot read 'zz': use Enter, b, r, r N, q or a move from 0 to {total}" in (
        result.stdout
    )
    assert "Cannot read '99999'" in result.stdout


# ---------------------------------------------------------------------------------------
# bench


def test_bench_hands_over_to_the_benchmark(tmp_path: Path) -> None:
    report = tmp_path / "bench.json"
    args = ["bench", "--games", "tacocat", "--seconds", "0.01", "--json", str(report)]
    result = invoke(args)
    assert result.exit_code == 0, result.output
    assert "tacocat" in result.stdout
    assert json.loads(report.read_text("utf-8"))


def test_bench_refuses_an_unknown_game() -> None:
    result = invoke(["bench", "--games", "chess", "--seconds", "0.01"])
    assert result.exit_code == 2
    assert "chess" in result.stderr and "Traceback" not in result.output


# ---------------------------------------------------------------------------------------
# Bad input: one line on stderr, in the chosen language, exit code 2.


@pytest.fixture(scope="module")
def corrupt_files(tmp_path_factory: pytest.TempPathFactory, games_file: Path) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("corrupt")
    lines = games_file.read_text("utf-8").splitlines()
    not_json = folder / "not_json.jsonl"
    not_json.write_text("{this is not json\n", "utf-8")
    data = json.loads(lines[0])
    data["actions"][10][1] = "attack 12 12 12"
    bad_step = folder / "bad_step.jsonl"
    bad_step.write_text(json.dumps(data) + "\n", "utf-8")
    bad_seats = folder / "bad_seats.jsonl"
    bad_seats.write_text(json.dumps({**json.loads(lines[0]), "seats": 5}) + "\n", "utf-8")
    no_seed = folder / "no_seed.jsonl"
    del data["seed"]
    no_seed.write_text(json.dumps(data) + "\n", "utf-8")
    return {"not_json": not_json, "bad_step": bad_step, "no_seed": no_seed, "bad_seats": bad_seats}


BAD_INPUT = [
    # (id, args, Spanish fragment, English fragment)
    ("unknown game", ["rules", "chess"], "Juego desconocido 'chess'. Juegos válidos: tacocat",
     "Unknown game 'chess'. Valid games: tacocat"),
    ("unknown game (play)", ["play", "chess"], "Juego desconocido 'chess'",
     "Unknown game 'chess'"),
    ("unknown game (simulate)", ["simulate", "chess"], "Juego desconocido 'chess'",
     "Unknown game 'chess'"),
    ("unknown agent", ["simulate", "tacocat", "--agents", "random,wizard"],
     "No hay un agente 'wizard' para tacocat. Agentes válidos: random",
     "There is no agent 'wizard' for tacocat. Valid agents: random"),
    ("too many agents", ["simulate", "tacocat", "--agents", "random,random,random"],
     "--agents necesita un agente por asiento", "--agents needs one agent per seat"),
    ("unknown opponent", ["play", "tacocat", "--vs", "wizard"],
     "No hay un rival 'wizard' para tacocat. Rivales válidos: random",
     "There is no opponent 'wizard' for tacocat. Valid opponents: random"),
    ("unknown option", ["simulate", "tacocat", "--option", "colour=red"],
     "Opción desconocida 'colour' para tacocat. Opciones válidas: min_sequence",
     "Unknown option 'colour' for tacocat. Valid options: min_sequence"),
    ("bad option value", ["play", "tacocat", "--option", "min_sequence=7"],
     "Valor '7' no válido para la opción 'min_sequence': se espera 2 | 3",
     "Invalid value '7' for option 'min_sequence': expected 2 | 3"),
    ("option without =", ["simulate", "tacocat", "--option", "min_sequence"],
     "debe escribirse NOMBRE=VALOR", "must be written NAME=VALUE"),
    ("no games", ["simulate", "tacocat", "--games", "0"],
     "--games debe ser al menos 1 (se indicó 0)", "--games must be at least 1 (got 0)"),
    ("no workers", ["simulate", "tacocat", "--workers", "0"],
     "--workers debe ser al menos 1 (se indicó 0)", "--workers must be at least 1 (got 0)"),
    ("seat out of range", ["play", "tacocat", "--seat", "2"],
     "El asiento 2 no existe: tacocat con 2 jugadores tiene los asientos 0 a 1",
     "There is no seat 2: tacocat with 2 players has seats 0 to 1"),
    ("bad player count", ["play", "tacocat", "--players", "3"],
     "Tacocat deletreado al revés se juega con 2 jugadores, no con 3",
     "Tacocat Spelled Backwards is played by 2 players, not 3"),
    ("missing record file", ["replay", "/no/such/file.jsonl"],
     "No se puede leer /no/such/file.jsonl", "Cannot read /no/such/file.jsonl"),
    ("not an integer", ["simulate", "tacocat", "--games", "many"],
     "Valor no válido para '--games' / '-n': un número entero",
     "Invalid value for '--games' / '-n': a whole number"),
    ("not a number", ["play", "tacocat", "--speed", "fast"],
     "Valor no válido para '--speed': un número", "Invalid value for '--speed': a number"),
    ("a fraction for a seat", ["play", "tacocat", "--seat", "1.5"],
     "Valor no válido para '--seat': un número entero",
     "Invalid value for '--seat': a whole number"),
    ("missing argument", ["rules"], "Falta 'GAME'", "Missing 'GAME'"),
    ("unknown flag", ["games", "--colour"], "Opción desconocida --colour",
     "Unknown option --colour"),
    ("unknown command", ["dance"], "Orden no válida: No such command 'dance'",
     "Invalid command: No such command 'dance'"),
]  # fmt: skip


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_bad_input_is_one_line_in_the_chosen_language(
    lang: str, args: list[str], spanish: str, english: str
) -> None:
    result = invoke([*args, "--lang", lang])
    assert_one_line_error(result, spanish if lang == "es" else english)


RECORD_CASES = [
    ("not_json", 1, "Registro de partida no válido: no es JSON", "Invalid game record: not JSON"),
    ("bad_step", 1, "el paso 10 (asiento", "step 10 (seat"),
    ("no_seed", 1, "falta el campo 'seed'", "missing field 'seed'"),
    ("bad_seats", 1, "el campo 'seats' debe ser", "the field 'seats' must be"),
    ("not_json", 2, "no contiene la partida 2: tiene 1 (se numeran desde 1)",
     "has no game 2: it holds 1 (numbered from 1)"),
    ("not_json", 0, "no contiene la partida 0", "has no game 0"),
]  # fmt: skip


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("name", "number", "spanish", "english"), RECORD_CASES)
def test_bad_records_are_one_line_in_the_chosen_language(
    corrupt_files: dict[str, Path], lang: str, name: str, number: int, spanish: str, english: str
) -> None:
    path = corrupt_files[name]
    result = invoke(["replay", str(path), "--game", str(number), "--to-end", "--lang", lang])
    assert_one_line_error(result, spanish if lang == "es" else english)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_replay_refuses_a_seat_out_of_range(games_file: Path, lang: str) -> None:
    result = invoke(["replay", str(games_file), "--seat", "5", "--lang", lang])
    expected = "El asiento 5 no existe" if lang == "es" else "There is no seat 5"
    assert_one_line_error(result, expected)


@pytest.mark.parametrize(
    ("env_lang", "expected"),
    [("es_ES.UTF-8", "Idioma desconocido 'fr'. Idiomas válidos: es, en"),
     ("en_US.UTF-8", "Unknown language 'fr'. Valid languages: es, en")],
)  # fmt: skip
def test_bad_lang_is_reported_in_the_default_language(env_lang: str, expected: str) -> None:
    for command in (["games"], ["rules", "tacocat"], ["simulate", "tacocat"], ["bench"]):
        result = invoke([*command, "--lang", "fr"], env={"LANG": env_lang})
        assert_one_line_error(result, expected)


def test_unwritable_out_file_is_one_line() -> None:
    result = invoke(["simulate", "tacocat", "-n", "1", "--out", "/no/such/dir/x.jsonl"])
    assert_one_line_error(result, "Cannot write /no/such/dir/x.jsonl")


# ---------------------------------------------------------------------------------------
# The installed script


def test_installed_script_runs_and_fails_cleanly() -> None:
    script = Path(sys.executable).with_name("ludoteca")
    env = {**BASE_ENV, "PATH": str(script.parent)}
    ok = subprocess.run(
        [str(script), "games", "--lang", "es"], check=False, capture_output=True, text=True, env=env
    )
    assert ok.returncode == 0, ok.stderr
    assert "Tacocat deletreado al revés" in ok.stdout
    bad = subprocess.run(
        [str(script), "rules", "chess"], check=False, capture_output=True, text=True, env=env
    )
    assert bad.returncode == 2
    valid = ", ".join(registry.available_games())
    assert bad.stderr.strip() == f"Error: Unknown game 'chess'. Valid games: {valid}"


# ---------------------------------------------------------------------------------------
# Help in one language


ENGLISH_FRAME = ("Usage", "Options", "Arguments", "Commands", "[required]", "[default", "Show this")


def _help_of(args: list[str]) -> str:
    """The help as the installed script prints it (the frame's language is fixed when the
    command module is imported, from the command line)."""
    script = Path(sys.executable).with_name("ludoteca")
    env = {"COLUMNS": "80", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [str(script), *args], check=False, capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--lang", "es", "--help"],
        ["play", "--help", "--lang", "es"],
        ["--lang", "es", "simulate", "--help"],
        ["replay", "--help", "--lang=es"],
        ["rules", "--help", "--lang", "es"],
        ["serve", "--help", "--lang", "es"],
    ],
)
def test_spanish_help_has_no_english_frame(args: list[str]) -> None:
    text = _help_of(args)
    assert "Uso: ludoteca" in text and "Opciones" in text
    assert "Muestra esta ayuda y termina." in text
    for word in ENGLISH_FRAME:
        assert word not in text, word
    assert "<str>" not in text and "<bool>" not in text and "[[" not in text


def test_english_help_keeps_the_english_frame_and_lists_the_agents() -> None:
    text = _help_of(["--lang", "en", "simulate", "--help"])
    assert "Usage: ludoteca simulate [OPTIONS]" in text and "[required]" in text
    flat = " ".join(text.replace("│", " ").split())
    assert "tacocat: random, greedy, expert" in flat
    play = " ".join(_help_of(["play", "--help", "--lang", "en"]).replace("│", " ").split())
    assert "Agents of each game:" in play and "[GAME]" in play and "[[GAME]]" not in play


def test_lang_before_the_command_applies_to_it() -> None:
    result = invoke(["--lang", "es", "rules", "chess"])
    assert_one_line_error(result, "Juego desconocido 'chess'")
    english = invoke(["--lang", "en", "games"])
    assert english.exit_code == 0 and "Ludoteca games" in english.stdout
    # The command's own --lang wins over the one before it.
    both = invoke(["--lang", "es", "games", "--lang", "en"])
    assert both.exit_code == 0 and "Ludoteca games" in both.stdout
