"""The chat text forms a ``chat_form`` rule can require (``Rule.form``), one object each:
whether a message keeps it, how a bot rewrites a message to keep it, and a message that
breaks it (for the examples).

Words, names and letters are matched case- and accent-insensitively. A form is found by its
id in :data:`FORMS`; :data:`REWRITE_RANK` orders the rewriting when several forms bind one
seat: content edits first (forbidden words and letters, word counts), then additions
(prefixes, suffixes, names), punctuation, quotes and finally case.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

from ludoteca.games.gotcha.cards_model import Rule, normalise

_QUOTED: Final = re.compile(
    r'["“«„][^"”»“]*?[^\s"”»“][^"”»“]*?["”»“]'
    r"|(?<!\w)['‘‹][^'’›]*?[^\s'’›][^'’›]*?['’›](?!\w)"
)
"""Some text between quotes of any style: double ("...", “...”, «...», „...“) or single
('...', ‘...’, ‹...›; an apostrophe inside a word, as in "it's", opens nothing)."""
_END_PUNCT: Final = " .!?¡¿…"
_EMOTICON: Final = re.compile(
    r"(?:\s*(?:[:;=8xX][-'^o]?[)(\]\[dDpPoO3|/\\*$@]+|<3+|\^\^|\^_\^|[xX][dD]+|\(:|"
    r"[jJ][aAeEiI](?:[jJ][aAeEiI])+|[hH][aA](?:[hH][aA])+|lol|LOL))+\s*$"
)
"""Emoticons and laughter at the end of a message (":)", ";-P", "<3", "xD", "jajaja")."""
_FILLER_WORD: Final = "ok"
_BREAKING: Final = "hola"
"""The message that breaks a form unless the form says otherwise."""


def _trimmed(text: str) -> str:
    """``text`` without trailing emoji, emoticons, laughter and spaces: "¿qué tal? :)" ends
    in "?" for the question and exclamation forms, as a person reads it.
    """
    previous = None
    out = text.rstrip()
    while out != previous:
        previous = out
        out = _EMOTICON.sub("", out).rstrip()
        while out and (unicodedata.category(out[-1]).startswith(("S", "C")) or out[-1] == "\u200d"):
            out = out[:-1].rstrip()
    return out


def _letters(text: str) -> str:
    """``text`` without its emoticons and laughter (for the case forms: "HOLA :D")."""
    return _EMOTICON.sub("", text)


@lru_cache(maxsize=512)
def _norm_words(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(normalise(w).strip() for w in words)


def _name_first(text: str, name: str) -> bool:
    """Whether normalised ``name`` is a whole word at the start of ``text``."""
    hay = normalise(text).lstrip()
    needle = normalise(name).strip()
    if not needle:
        return True
    return hay.startswith(needle) and (len(hay) == len(needle) or not hay[len(needle)].isalnum())


def _name_last(text: str, name: str) -> bool:
    """Whether normalised ``name`` is a whole word at the end of ``text`` (before its final
    punctuation).
    """
    hay = normalise(text).rstrip(_END_PUNCT)
    needle = normalise(name).strip()
    if not needle:
        return True
    cut = len(hay) - len(needle)
    return hay.endswith(needle) and (cut == 0 or not hay[cut - 1].isalnum())


def _has_name(text: str, name: str) -> bool:
    """Whether normalised ``name`` is a whole word anywhere in ``text``."""
    hay = normalise(text)
    needle = normalise(name).strip()
    if not needle:
        return True
    pos = hay.find(needle)
    while pos >= 0:
        end = pos + len(needle)
        if (pos == 0 or not hay[pos - 1].isalnum()) and (end == len(hay) or not hay[end].isalnum()):
            return True
        pos = hay.find(needle, pos + 1)
    return False


def _ends_with(text: str, suffixes: tuple[str, ...]) -> bool:
    hay = normalise(text).rstrip()
    for suffix in suffixes:
        if hay.endswith(suffix):
            return True
        bare = suffix.strip(_END_PUNCT)
        if bare:
            trimmed = hay.rstrip(_END_PUNCT)
            cut = len(trimmed) - len(bare)
            if trimmed.endswith(bare) and (cut == 0 or not trimmed[cut - 1].isalnum()):
                return True
    return False


def _title_ok(text: str) -> bool:
    for word in text.split():
        first = next((ch for ch in word if ch.isalpha()), "")
        if first and not first.isupper():
            return False
    return True


def _capitalise_words(text: str) -> str:
    out = []
    for word in text.split():
        pos = next((k for k, ch in enumerate(word) if ch.isalpha()), -1)
        out.append(word if pos < 0 else word[:pos] + word[pos].upper() + word[pos + 1 :])
    return " ".join(out)


class TextForm:
    """One chat text form.

    Attributes:
        id: The form's id (``Rule.form``).
        needs_words: Whether the rule must list ``words`` (the suffixes, prefixes, ...).
        needs_pattern: Whether the words are compiled into ``Rule.pattern`` at load.
    """

    __slots__ = ("id", "needs_pattern", "needs_words")

    def __init__(self, form_id: str, *, needs_words: bool = False, needs_pattern: bool = False):
        """The form called ``form_id`` in the data file."""
        self.id = form_id
        self.needs_words = needs_words
        self.needs_pattern = needs_pattern

    def problems(self, spec: Rule) -> list[str]:
        """What ``spec`` lacks for this form besides its words (empty: nothing)."""
        return []

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        """Whether a message ``text`` by a player called ``name`` has this form."""
        raise NotImplementedError

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        """``text`` rewritten to have this form (``word``: the one to add, if any); the
        caller checks the result, which may be empty when nothing can be saved.
        """
        raise NotImplementedError

    def breaking(self, spec: Rule) -> str:
        """A message without this form (for the examples)."""
        return _BREAKING


class _Lower(TextForm):
    """No capital letter (whispering)."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return not any(ch.isupper() for ch in _letters(text))

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return text.lower()

    def breaking(self, spec: Rule) -> str:
        return "Hola"


class _Upper(TextForm):
    """Some letter and no lower-case one (shouting; "!!!" and "¡¡YA!! :)" shout too)."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return not any(ch.islower() for ch in _letters(text))

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        shout = text.upper()
        return shout if any(ch.isalpha() for ch in shout) else f"{shout} OK".strip()


class _Quoted(TextForm):
    """Some text between double quotes of any style (air quotes), or single ones."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return _QUOTED.search(text) is not None

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return f'"{text.strip()}"'


class _NameFirst(TextForm):
    """The writer's name as a whole word at the start."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return _name_first(text, name)

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return f"{name}: {text}"


class _NameLast(TextForm):
    """The writer's name as a whole word at the end (before final punctuation)."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return _name_last(text, name)

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return f"{text.rstrip()} — {name}"


class _HasName(TextForm):
    """The writer's name as a whole word anywhere."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return _has_name(text, name)

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return f"{name}: {text}"


class _Suffix(TextForm):
    """Ends with one of ``words``."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return _ends_with(text, _norm_words(spec.words))

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return f"{text.rstrip()} {word}"


class _Prefix(TextForm):
    """Starts with one of ``words``."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return spec.pattern is not None and spec.pattern.match(normalise(text).lstrip()) is not None

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return f"{word}, {text}"


class _Question(TextForm):
    """Ends with "?" (trailing emoji, emoticons and laughter aside)."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return _trimmed(text).endswith("?")

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return text.rstrip().rstrip(".!") + "?"

    def breaking(self, spec: Rule) -> str:
        return "hola."


class _Exclaim(TextForm):
    """Ends with "!" (trailing emoji, emoticons and laughter aside)."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return _trimmed(text).endswith("!")

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return text.rstrip().rstrip(".?") + "!"

    def breaking(self, spec: Rule) -> str:
        return "hola."


class _NoWord(TextForm):
    """None of ``words`` as a whole word."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return spec.pattern is None or spec.pattern.search(normalise(text)) is None

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        pattern = spec.pattern
        kept = [w for w in text.split() if pattern is None or not pattern.search(normalise(w))]
        return " ".join(kept)

    def breaking(self, spec: Rule) -> str:
        return f"hola {spec.words[0] if spec.words else ''}"


class _HasWord(TextForm):
    """One of ``words`` as a whole word."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return spec.pattern is not None and spec.pattern.search(normalise(text)) is not None

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return f"{text.rstrip()} {word}"


def _positive_number(spec: Rule) -> list[str]:
    return ["needs a positive number"] if spec.number <= 0 else []


class _MaxWords(TextForm):
    """At most ``number`` words (runs of non-space)."""

    def problems(self, spec: Rule) -> list[str]:
        return _positive_number(spec)

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return len(text.split()) <= spec.number

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return " ".join(text.split()[: spec.number])

    def breaking(self, spec: Rule) -> str:
        return " ".join(["hola"] * (spec.number + 1))


class _MinWords(TextForm):
    """At least ``number`` words (runs of non-space)."""

    def problems(self, spec: Rule) -> list[str]:
        return _positive_number(spec)

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return len(text.split()) >= spec.number

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        words = text.split()
        return " ".join(words + [_FILLER_WORD] * max(0, spec.number - len(words)))


class _NoLetter(TextForm):
    """Never ``letter`` (lower case, without accent)."""

    def problems(self, spec: Rule) -> list[str]:
        if len(spec.letter) != 1 or normalise(spec.letter) != spec.letter:
            return ["needs one lower-case letter without accent"]
        return []

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return spec.letter not in normalise(text)

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return " ".join(w for w in text.split() if spec.letter not in normalise(w))

    def breaking(self, spec: Rule) -> str:
        return f"hola {spec.letter}"


class _Title(TextForm):
    """Every word's first letter is a capital."""

    def keeps(self, spec: Rule, text: str, name: str) -> bool:
        return _title_ok(text)

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        return _capitalise_words(text)

    def breaking(self, spec: Rule) -> str:
        return "hola amigos"


FORMS: Final[dict[str, TextForm]] = {
    form.id: form
    for form in (
        _Lower("lower"),
        _Upper("upper"),
        _Quoted("quoted"),
        _NameFirst("name_first"),
        _NameLast("name_last"),
        _HasName("has_name"),
        _Suffix("suffix", needs_words=True),
        _Prefix("prefix", needs_words=True, needs_pattern=True),
        _Question("question"),
        _Exclaim("exclaim"),
        _NoWord("no_word", needs_words=True, needs_pattern=True),
        _HasWord("has_word", needs_words=True, needs_pattern=True),
        _MaxWords("max_words"),
        _MinWords("min_words"),
        _NoLetter("no_letter"),
        _Title("title"),
    )
}
"""Every chat form by id."""

REWRITE_RANK: Final[dict[str, int]] = {
    form: k
    for k, form in enumerate(
        (
            "no_word",
            "no_letter",
            "max_words",
            "min_words",
            "has_word",
            "has_name",
            "prefix",
            "name_first",
            "suffix",
            "name_last",
            "question",
            "exclaim",
            "quoted",
            "title",
            "lower",
            "upper",
        )
    )
}
"""Where each form's rewriting goes when several rules rewrite one message (lower first)."""


def form_of(spec: Rule) -> TextForm:
    """The chat form ``spec`` requires.

    Raises:
        ValueError: For an unknown form.
    """
    form = FORMS.get(spec.form)
    if form is None:
        raise ValueError(f"unknown chat form {spec.form!r}")
    return form
