"""``ludoteca play`` with no game: the person picks a game and a player count (`make run`)."""

from typer.testing import CliRunner, Result

from ludoteca.cli import app

ENV = {"COLUMNS": "200", "LANG": "C.UTF-8"}


def invoke(args: list[str], stdin: str) -> Result:
    return CliRunner().invoke(app, args, input=stdin, env=ENV)


def test_play_without_a_game_lists_every_game_and_takes_a_number() -> None:
    result = invoke(["play", "--lang", "en", "--vs", "random", "--seed", "3"], "1\nq\n")
    assert result.exit_code == 1, result.output
    for name in ("Tacocat Spelled Backwards", "Dweebies", "Tile Up", "Mystery Date", "Gotcha!"):
        assert name in result.stdout
    assert "You play as Ana (YAY)" in result.stdout
    assert "Game abandoned." in result.stdout


def test_bad_choices_are_answered_in_spanish_and_asked_again() -> None:
    stdin = "9\nxyzzy\ndweebies\n7\n1\n3\nq\n"
    result = invoke(["play", "--lang", "es", "--vs", "random", "--seed", "3"], stdin)
    assert result.exit_code == 1, result.output
    assert "'9' no es un juego: escribe un número del 1 al 5 o un id." in result.stdout
    assert "'xyzzy' no es un juego" in result.stdout
    assert "'7' no vale: este juego es para 2 a 6 jugadores." in result.stdout
    assert "'1' no vale" in result.stdout
    assert "Dweebies" in result.stdout
    assert "Partida abandonada." in result.stdout


def test_enter_takes_the_fewest_players_and_quit_leaves_cleanly() -> None:
    result = invoke(["play", "--lang", "en", "--vs", "random", "--seed", "1"], "tile_up\n\nq\n")
    assert result.exit_code == 1, result.output
    assert "How many players? (2-4, Enter = 2)" in result.stdout
    quit_at_once = invoke(["play", "--lang", "en"], "q\n")
    assert quit_at_once.exit_code == 0, quit_at_once.output
    assert "No game was started." in quit_at_once.stdout
    assert "abandoned" not in quit_at_once.output
    at_eof = invoke(["play", "--lang", "es"], "")
    assert at_eof.exit_code == 0, at_eof.output
    assert "No se ha empezado ninguna partida." in at_eof.stdout
