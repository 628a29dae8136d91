"""What a speech synthesizer makes of our sentences (espeak-ng, both languages).

Every sentence of the golden transcripts, every error and every hand description is read
by espeak-ng's phoneme output (``-x``): no symbol may be spoken as its name ("slash",
"punto", "palo de picas"), no number may carry a separator that turns 1000 into "one
point zero zero zero" or "uno coma cero", and a sample is rendered to WAV files.
Skipped where espeak-ng is absent; CI installs it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import wave
from pathlib import Path

import pytest

from audiopoker.cards import FULL_DECK, parse_cards
from audiopoker.errors import ErrorReason, PokerError
from audiopoker.evaluator import evaluate
from audiopoker.narration import LANGUAGES, amount, card_name, describe_error, describe_hand

ESPEAK = shutil.which("espeak-ng")
pytestmark = pytest.mark.skipif(
    ESPEAK is None, reason="espeak-ng is not installed (CI installs it: apt-get install espeak-ng)"
)
GOLDEN = Path(__file__).parent / "golden"

# Phoneme fragments espeak-ng produces when it reads a symbol or a separator aloud
# (found by feeding it "a/b", "1.000", "1,5", "A♠", "%", "#", "*", "@", "(", ...).
_LITERAL_SYMBOLS = {
    "es": ["B'aRR2a", "p,unto", "p'unto", "k,oma", "k'oma", "porTj'Ento", "almoaD",
           "astE**'isko", "ampErs", "aRR2'oBa", "sEkTj'on", "D'olar", "(en)"],
    "en": ["sl'aS", "pOInt", "p3s'Ent", "h'aS", "ast@r", "_at_", "b'akslaS",
           "d'0l3", "'i:kw@Lz", "(es)"],
}  # fmt: skip
SPOKEN_SYMBOLS = {
    lang: [re.escape(fragment) for fragment in fragments]
    for lang, fragments in _LITERAL_SYMBOLS.items()
}
# "palo" and "suit" are words we use; "palo de picas" / "spade suit" is how a suit symbol
# is read
SPOKEN_SYMBOLS["en"].append(r"(sp'eId|h'A@t|kl'Vb|d'aI@m@nd) s'u:t")
SPOKEN_SYMBOLS["es"].append(r"p'alo D'?e (p'ikas|k,o\*\*aT'ones|Djam'antes|t\*\*'eBoles)")
# Characters a sentence may contain: letters, digits, spaces and plain punctuation.
ALLOWED = re.compile(r"[A-Za-zÁÉÍÓÚÜÑáéíóúüñ0-9 .,:;'\-¡!¿?]+")


def phonemes(text: str, lang: str) -> str:
    assert ESPEAK is not None
    completed = subprocess.run(
        [ESPEAK, "-v", lang, "-q", "-x"], input=text, capture_output=True, text=True, check=True
    )
    return completed.stdout


def sentences(lang: str) -> list[str]:
    """Everything we say, once: transcripts, errors, hands and cards."""
    lines = set()
    for path in GOLDEN.glob(f"*.{lang}.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("["):
                lines.add(line.split("] ", 1)[1])
    for reason in ErrorReason:
        lines.add(describe_error(PokerError(reason), lang))  # type: ignore[arg-type]
    for hand in ("Kh Kd Qs 8c 4d", "Jh 9h 6h 3h 2h", "8h 8d 8s 6c 6d", "Ah Kh Qh Jh Th"):
        lines.add(describe_hand(evaluate(parse_cards(hand)), lang) + ".")  # type: ignore[arg-type]
    lines.add(", ".join(card_name(card, lang) for card in FULL_DECK) + ".")  # type: ignore[arg-type]
    return sorted(lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sentences_hold_nothing_a_voice_reads_as_a_symbol(lang: str) -> None:
    for sentence in sentences(lang):
        assert ALLOWED.fullmatch(sentence), sentence
        assert not re.search(r"\d[.,]\d", sentence), sentence  # no 1.000 / 1,000
        # No BB, SB, BTN: only UTG, the name Spanish players use (seed 000), spelled out
        # below.
        assert not re.search(r"\b(?!UTG\b)[A-Z]{2,}\b", sentence), sentence


def test_utg_is_read_letter_by_letter() -> None:
    """Spanish says "Estás en UTG": the voice must spell it (u te ge), not read a word."""
    utg = [sentence for sentence in sentences("es") if "UTG" in sentence]
    assert utg
    for sentence in utg:
        assert "ex'e" in phonemes(sentence, "es"), sentence  # "ge", the letter G


@pytest.mark.parametrize("lang", LANGUAGES)
def test_espeak_speaks_no_symbol_names(lang: str) -> None:
    text = "\n".join(sentences(lang))
    spoken = phonemes(text, lang)
    found = [fragment for fragment in SPOKEN_SYMBOLS[lang] if re.search(fragment, spoken)]
    if found:  # name the sentences at fault
        culprits = [
            s for s in sentences(lang) if any(re.search(f, phonemes(s, lang)) for f in found)
        ]
        pytest.fail(f"{lang}: {found} in {culprits[:5]}")


def test_the_symbol_list_does_catch_symbols() -> None:
    """The fragments above are what espeak really says for symbols (a control)."""
    assert "B'aRR2a" in phonemes("1/2", "es")
    assert re.search(SPOKEN_SYMBOLS["es"][-1], phonemes("A♠", "es"))
    assert "pOInt" in phonemes("1.000", "en")
    assert "k,oma" in phonemes("1,000", "es")


@pytest.mark.parametrize(
    ("lang", "value", "expected"),
    [
        ("es", 1000, "m'il"),
        ("es", 4300, "kw'at**o m'il t**esTj'entos"),
        ("es", 12500, "d'oTe m'il"),
        ("en", 1000, "w'0n T'aUz@nd"),
        ("en", 4300, "f'o@ T'aUz@nd"),
    ],
)
def test_amounts_are_read_as_thousands(lang: str, value: int, expected: str) -> None:
    spoken = phonemes(f"{amount(value)}.", lang)
    assert expected in spoken
    for separator in ("p,unto", "p'unto", "k,oma", "pOInt"):
        assert separator not in spoken


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sample_renders_to_wav(lang: str, tmp_path: Path) -> None:
    assert ESPEAK is not None
    sample = [line for line in sentences(lang) if len(line) > 20][::40][:12]
    assert len(sample) >= 8
    for index, sentence in enumerate(sample):
        path = tmp_path / f"{lang}_{index}.wav"
        subprocess.run([ESPEAK, "-v", lang, "-w", str(path), sentence], check=True)
        with wave.open(str(path)) as audio:
            seconds = audio.getnframes() / audio.getframerate()
        # a sentence of 20+ characters takes at least half a second, and not a minute
        assert 0.5 < seconds < 60, (sentence, seconds)
