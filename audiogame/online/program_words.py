"""The words of the program's own sentences, in every language it speaks: no nickname holds
one, so that no name can be heard as something the program says ("Your turn", "The game is
over", "Hai vinto la partita", "Anna leaves", "Tocca a te").

The words are read from the compiled message catalogs (``audiogame/locale/*/LC_MESSAGES/
audiogame.mo``: every message and its translation, placeholders left out), so that a sentence
added to the program protects itself. A few words the program does not say but that would pass
for it ("admin", "bot") are added (:data:`ALSO`). Some words of the program are also people's
names, or the particles of their names, in many cultures; they are allowed (:data:`NAME_WORDS`):

>>> sorted(word for word in ("la", "de", "an", "jack", "turn", "partita") if word in vocabulary())
['partita', 'turn']

A word is compared as :func:`audiogame.online.names.skeletons` folds it (case, accents,
look-alike letters: "Y0ur" is "your"); a name's words are split at spaces, hyphens and
apostrophes ("L'asso" holds "asso"). A word of one letter is an initial ("Anna B"), except
that the word the program joins two names with ("e", "ed": "Anna e Bruno") may not stand
between two words (:data:`JOINS`).

A word is also the program's with its letters said more than once ("Passs", "Paasses",
"Yourrr": :func:`single`), and when it is made of the program's words run together, maybe
with a computer player's name, two of them said one after the other in a sentence of the
program ("Yourturn", "Toccate", "Youwin", "Brunopassa": :func:`pairs`), or two of four letters
or more and none shorter than three ("Itsyourturn"); a name that happens to split into words
of the program is welcome ("Pasquale": pas, quale; "Justin": just, in; "Alessia": ale, sia):

>>> said = frozenset(single(word) for word in vocabulary())
>>> bots, follow = frozenset(("ana", "bruno")), pairs(str.casefold)
>>> [run_together(single(word), said, bots, follow) for word in
...  ("itsyourturn", "toccate", "iltuoturno", "youwin", "brunopassa", "annapasses")]
[True, True, True, True, True, True]
>>> [run_together(single(word), said, bots, follow) for word in
...  ("pasquale", "justin", "alessia", "jackson", "annabruno", "turnbull")]
[False, False, False, False, False, False]
"""

from __future__ import annotations

import functools
import itertools
import re
import struct
from collections.abc import Callable, Iterator
from pathlib import Path

from audiogame.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

NAME_WORDS = frozenset(
    (
        # particles of names: Ana de la Cruz, Maria da Silva, Mohammed Al-Sayed, Nguyen Thi
        # Mai, Giulia Di Marco, Antonio Del Monte, Paolo Dal Bosco
        "al", "el", "da", "dal", "de", "dei", "del", "della", "di", "do", "dos", "das", "du",
        "des", "der", "den", "la", "le", "lo", "li", "van", "von", "bin", "ibn", "ben", "abu",
        "thi",
        # given names and family names of East and South-East Asia (Nguyen Van An, Li Wei,
        # Ma Long, Grace Li, Le Thi Mai, Su Bing, Do Hung, Kim Chi, Ha Linh, Ai Sato)
        "an", "ai", "chi", "ha", "ma", "mai", "su", "long",
        # given names and family names that English and Italian also use as words (Jack,
        # Will, Mark, Grace, May, Sue, Ed, King; Donna, Otto, Massimo, Primo; Pace, Sala,
        # Testa, Basso, Forte, Porta, Best, Page, Strong, Field)
        "jack", "will", "mark", "grace", "may", "sue", "ed", "king",
        "donna", "otto", "massimo", "primo",
        "pace", "sala", "testa", "basso", "forte", "porta", "best", "page", "strong", "field",
        # names that are a word of the program with a letter said twice, or once where it
        # says it twice (Della Valle: "vale"; Vera: "verrà")
        "valle", "vera",
    )
)  # fmt: skip
"""Words of the program's that are allowed in a name, being names or their particles.
Left out on purpose, though they are names somewhere, because on their own they say something
of the game beside a name: "Tu" and "Te" (the listener's own "you"), "Vince" ("wins"), "Lui"
("he"), "Battaglia" (a game's title), "Libero" (a free seat), "Fiori" and "Cuori" (suits),
"Ora" ("now"), "Ace" and "Card"."""

ALSO = frozenset(
    (
        "admin", "administrator", "amministratore", "moderator", "moderatore", "bot", "robot",
        "narrator", "narratore", "system", "sistema", "audiogame", "server",
    )
)  # fmt: skip
"""Words the program's sentences may not hold but that would pass for its own voice."""

JOINS = frozenset(("e", "ed"))
"""The words the program joins two people's names with (Italian "Anna e Bruno"; English "and"
is a word of the program anyway): not between two words of a name."""

MIN_PIECE = 2
"""The shortest piece of a word run together (one letter is too many words' start)."""

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[^\W\d_]+")


def catalog_messages(path: Path) -> Iterator[str]:
    """Every message of a compiled catalog (a ``.mo`` file) and its translation, the
    header left out."""
    data = path.read_bytes()
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack(order + "3I", data[8:20])
    for index in range(count):
        spans = [struct.unpack(order + "2I", data[table + 8 * index : table + 8 * index + 8])
                 for table in (originals, translations)]  # fmt: skip
        texts = [data[offset : offset + length].decode("utf-8") for length, offset in spans]
        if texts[0]:
            yield from texts


def catalogs() -> list[Path]:
    return [LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo" for language in LANGUAGES]


def words_of(text: str) -> list[str]:
    """The words of a text, placeholders left out, split at spaces and signs."""
    return _WORD.findall(_PLACEHOLDER.sub(" ", text))


@functools.cache
def vocabulary(fold: Callable[[str], str] | None = None) -> frozenset[str]:
    """Every word of the program's sentences (longer than one letter) and :data:`ALSO`, as
    ``fold`` folds it (by default: in small letters), but :data:`NAME_WORDS`."""
    fold = fold or str.casefold
    found = {word for path in catalogs() if path.exists() for message in catalog_messages(path)
             for word in words_of(message)}  # fmt: skip
    folded = {fold(word) for word in found | ALSO if len(word) > 1}
    return frozenset(folded - {fold(word) for word in NAME_WORDS})


def single(word: str) -> str:
    """``word`` with each run of one letter said once ("paasses" is "pases", "tutto" "tuto")."""
    return re.sub(r"(.)\1+", r"\1", word)


BOT = "{}"
"""Where a program's sentence says a name (a placeholder), in :func:`pairs`."""

_TOKEN = re.compile(r"\{[^{}]*\}|[^\W\d_]+(?:['\u2019][^\W\d_]+)*")


@functools.cache
def pairs(fold: Callable[[str], str]) -> frozenset[tuple[str, str]]:
    """The words the program says one after the other, as ``fold`` folds them and
    :func:`single` leaves them, words of one letter passed over ("tocca a te": tocca, te), a
    word with an apostrophe both whole and in its parts ("it's": its; it, s), a placeholder as
    :data:`BOT` (a name: "{name} wins")."""
    found: set[tuple[str, str]] = set()
    for path in catalogs():
        if not path.exists():
            continue
        for message in catalog_messages(path):
            tokens = _TOKEN.findall(message)
            for joined in (True, False):
                said = []
                for token in tokens:
                    if token.startswith("{"):
                        said.append(BOT)
                        continue
                    parts = [re.sub("['\u2019]", "", token)] if joined else _WORD.findall(token)
                    said += [single(fold(part)) for part in parts if len(part) > 1]
                found.update(itertools.pairwise(said))
    return frozenset(found)


def run_together(
    word: str,
    said: frozenset[str],
    names: frozenset[str],
    follow: frozenset[tuple[str, str]] = frozenset(),
) -> bool:
    """Whether ``word`` is two or more of the words ``said`` (the program's, as :func:`single`
    leaves them) and ``names`` (the computer players', likewise) run together, at least one of
    them the program's, and either two of them said one after the other in a sentence of the
    program (``follow``: :func:`pairs`, a name as :data:`BOT`), or two of four letters or more
    and none of fewer than three."""
    longest = max(map(len, said | names), default=0)
    Way = tuple[str, bool, bool, int, int]

    @functools.cache
    def ways(start: int) -> frozenset[Way]:
        """How ``word[start:]`` splits: (its first piece, or :data:`BOT` for a name; a piece
        is the program's; two follow one another in a sentence; the shortest piece; how many
        have four letters or more)."""
        found: set[Way] = set()
        for end in range(start + MIN_PIECE, min(len(word), start + longest) + 1):
            piece = word[start:end]
            if piece not in said and piece not in names:
                continue
            first = piece if piece in said else BOT
            if end == len(word):
                found.add((first, piece in said, False, len(piece), int(len(piece) >= 4)))
            for after, program, follows, shortest, long in ways(end) if end < len(word) else ():
                found.add((
                    first, program or piece in said, follows or (first, after) in follow,
                    min(len(piece), shortest), long + int(len(piece) >= 4),
                ))  # fmt: skip
        return frozenset(found)

    return any(
        program and shortest < len(word) and (follows or (long >= 2 and shortest >= 3))
        for _first, program, follows, shortest, long in ways(0)
    )
