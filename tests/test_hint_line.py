"""`audiopoker hint --line`: the action line read into each opponent's range by the coach's
own model (a check caps, a bet polarises, a seat sets the open), in both languages; the
issue's spots typed as lines never suggest a raise that only better hands call; every
line that cannot be is refused in one line saying what to write, exit code 2."""

from __future__ import annotations

import pytest

from audiopoker.cards import parse_cards
from audiopoker.cli import main
from audiopoker.coach.action_line import LineProblem, parse_line, play_line
from audiopoker.coach.hint_spot import HintAdvice, StartName, StatedRange, advise_line
from audiopoker.coach.hint_words import range_phrase
from audiopoker.coach.opponent_range import RangeBasis
from audiopoker.coach.range_notation import parse_range
from audiopoker.engine.actions import Street

EXAMPLE = "preflop: Beto raises 6, Ana calls; flop: Ana checks, Beto bets 20"
BOARD = ["--board", "Ah 7d 2c", "--hand", "Ks Kd"]
BOARD_ES = ["--board", "Ac 7d 2t", "--hand", "Kp Kd"]  # the same cards in Spanish letters


def _spanish(cards: str) -> str:
    """Cards in a Spanish player's letters: picas, corazones, diamantes, tréboles."""
    return cards.translate(str.maketrans("chs", "tcp"))


def hint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["hint", *args, "--output", "console"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def advise(line: str, hand: str, board: str, pot: int | None = None, **kw: object) -> HintAdvice:
    stated = kw.pop("stated", ())
    spot = play_line(parse_line(line), parse_cards(hand), parse_cards(board), pot=pot)
    assert isinstance(stated, tuple)
    return advise_line(spot, stated)


def test_english_and_spanish_verbs_read_the_same() -> None:
    english = parse_line("preflop: Beto raises to 6, Ana calls, you call; flop: Ana checks")
    spanish = parse_line("preflop: Beto sube a 6, Ana sigue, yo igualo; flop: Ana pasa")
    poker = parse_line("preflop: Beto sube 6, Ana paga, yo pago; flop: Ana ve")
    for line in (english, spanish, poker):
        assert [(a.street, a.key, a.kind, a.amount) for a in line] == [
            (Street.PREFLOP, "beto", "raise", 6),
            (Street.PREFLOP, "ana", "call", None),
            (Street.PREFLOP, "you", "call", None),
            (Street.FLOP, "ana", "check", None),
        ]
    assert parse_line("flop: Beto juega el resto, Ana se va")[0].kind == "all_in"
    # a sentence's final stop, as a player types it, is no part of the action
    assert parse_line("flop: Ana checks, Beto bets 20.")[-1].amount == 20


def test_the_line_sets_the_pot_the_price_and_the_players() -> None:
    spot = play_line(parse_line(EXAMPLE), parse_cards("Ks Kd"), parse_cards("Ah 7d 2c"))
    legal = spot.view.legal
    # 6 each from Beto, Ana and you (left out: you called), the big blind's 2 dead, 20 bet
    assert (legal.pot, legal.to_call, len(spot.view.active)) == (40, 20, 3)
    assert [spot.names[s] for s in spot.opponents] == ["Beto", "Ana"]


def test_a_check_caps_and_a_bet_polarises() -> None:
    hint = advise("flop: Ana checks, Beto bets 20", "Ks Kd", "Ah 7d 2c", pot=60)
    beto, ana = hint.assumed
    assert (beto.name, beto.role, ana.name, ana.role) == ("Beto", "bettor", "Ana", "other")
    assert beto.read is not None and ana.read is not None
    assert beto.read.postflop[-1].basis is RangeBasis.BET
    assert beto.bet is not None and beto.bet.bluffs > 0 and beto.bet.value > beto.bet.bluffs
    assert 0.0 < beto.floor < 1.0  # its value hands do not fold to a raise
    assert ana.read.postflop[-1].basis is RangeBasis.CHECKED and ana.read.keep < 1.0
    assert range_phrase(ana, "en").endswith(
        "mostly without its best hands on this board, which would have bet (checked on the flop)"
    )
    assert "value and bluffs (bet on the flop)" in range_phrase(beto, "en")
    assert "faroles" in range_phrase(beto, "es")


def test_the_seat_before_the_flop_sets_the_open() -> None:
    line = "preflop: {} raises 5, you call; flop: you check, {} bets 10"
    early = advise(line.format("utg", "utg"), "Ks Kd", "Ah 7d 2c").assumed[0]
    late = advise(line.format("button", "button"), "Ks Kd", "Ah 7d 2c").assumed[0]
    assert early.read is not None and late.read is not None
    assert early.read.high < late.read.high  # under the gun opens fewer hands


def test_a_range_typed_per_opponent_wins() -> None:
    stated = (StatedRange(None, parse_range("QQ+"), "QQ+"), StatedRange("tight"))
    hint = advise(EXAMPLE, "Ks Kd", "Ah 7d 2c", stated=stated)
    beto, ana = hint.assumed
    assert (
        beto.read is None
        and range_phrase(beto, "en") == "the hands you gave, QQ+, 1 percent of hands"
    )
    assert ana.read is not None and ana.read.high == pytest.approx(0.15)


RIVER = "flop: Beto bets 20, you call; turn: Beto bets 45, you call; river: Beto bets 85"


@pytest.mark.parametrize(
    ("hand", "board", "line", "pot", "start"),
    [  # the hint spots, each facing a bet typed as a line
        ("Ks Kd", "Ah 7d 2c", "flop: Ana checks, Beto bets 20", 60, "default"),
        ("6h 5c", "Ah 9h 4h 2h", "flop: Beto bets 20, you call; turn: Beto bets 30", 90,
         "default"),
        ("Qs Qd", "Jh Th 9c", "preflop: co raises 6, you call; flop: co bets 14", 28, "default"),
        ("As Qd", "Qh 8c 4d 2s 7c", RIVER, 255, "default"),  # top pair, half the pot
        ("As Qd", "Qh 8c 4d 2s 7c", RIVER, 255, "tight"),
        ("Ac Kd", "8s 8d 3c 3h", "flop: Beto checks, you check; turn: Beto bets 80", 100,
         "default"),  # a 4x overbet into ace high
    ],
)  # fmt: skip
def test_no_raise_where_only_better_hands_call(
    hand: str, board: str, line: str, pot: int, start: StartName
) -> None:
    hint = advise(line, hand, board, pot=pot, stated=(StatedRange(start),))
    assert hint.advice.action in ("call", "fold")


def test_text_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = hint(capsys, *BOARD, "--line", EXAMPLE, "--lang", "en")
    assert code == 0 and err == ""
    first, detail = out.splitlines()
    assert first.startswith("Calling 20 to win 40: you need 33 percent.")
    assert "Beto: the top 16 percent of hands (raised first in), then " in detail
    assert "Ana: the hands between the top 2 and the top 7 percent (called a raise)." in detail
    assert "Fold: best." in detail and "All in: a blunder" in detail


def test_text_in_spanish_with_seats_and_spanish_verbs(capsys: pytest.CaptureFixture[str]) -> None:
    line = "preflop: co sube 6, yo sigo, bb sigue; flop: bb pasa, co apuesta 10"
    code, out, err = hint(capsys, *BOARD_ES, "--line", line, "--lang", "es")
    assert code == 0 and err == ""
    first, detail = out.splitlines()
    assert first.startswith("Seguir con 10 para ganar 29: necesitas un 26 por ciento.")
    assert "co: el 28 por ciento mejor de las manos (subió el primero)" in detail
    assert "bb: las manos entre el 4 y el 22 por ciento mejor (siguió una subida)." in detail
    # the fold the answer says is within a big blind of the best (the call, with the
    # streets left credited: option_values.later)
    assert "Irte: lo mejor." in detail or "Irte: alrededor de 1 ciega grande menos." in detail


LINE_REFUSALS = [
    (BOARD, "Beto raises 6",
     '--line: "Beto raises 6" does not start with a street. Start each street with its name '
     "and a colon (preflop, flop, turn, river) and separate the streets with a semicolon, as "
     'in "preflop: Beto raises 6, Ana calls; flop: Ana checks, Beto bets 20".',
     '--line: "Beto raises 6" no empieza por una calle. Empieza cada calle por su nombre y '
     "dos puntos (preflop, flop, turn, river) y separa las calles con punto y coma, así: "
     '"preflop: Beto sube 6, Ana sigue; flop: Ana ve, Beto apuesta 20".'),
    ([*BOARD, "--pot", "60"], "turn: Beto bets 20",
     '--line: "turn: Beto bets 20" starts after the flop. Start the line before the flop or '
     'on the flop, as in "preflop: Beto raises 6, Ana calls; flop: Ana checks, Beto bets 20".',
     '--line: "turn: Beto bets 20" empieza después del flop. Empieza la línea antes del flop '
     'o en el flop, así: "preflop: Beto sube 6, Ana sigue; flop: Ana ve, Beto apuesta 20".'),
    (BOARD, "preflop: Beto raises 6; turn: Beto bets 20",
     '--line: "turn: Beto bets 20" is out of order. Write each street once, in order: '
     "preflop, flop, turn, river.",
     '--line: "turn: Beto bets 20" está fuera de orden. Escribe cada calle una vez y en '
     "orden: preflop, flop, turn, river."),
    (BOARD, "preflop: Beto raises 6,, Ana calls",
     '--line: "preflop: Beto raises 6,, Ana calls" has an empty action. Separate the actions '
     "with commas, each a name and what the player did, as in \"preflop: Beto raises 6, Ana "
     'calls; flop: Ana checks, Beto bets 20".',
     '--line: "preflop: Beto raises 6,, Ana calls" tiene una acción vacía. Separa las '
     "acciones con comas, cada una un nombre y lo que hizo, así: \"preflop: Beto sube 6, Ana "
     'sigue; flop: Ana ve, Beto apuesta 20".'),
    (BOARD, "preflop: Beto jumps 6",
     '--line: "Beto jumps 6" is not an action. Write a name of one word, then bets, raises, '
     "calls, checks, folds or all in (in Spanish apuesta, sube, iguala or sigue, pasa or ve, "
     "se va, juega el resto), and the chips for a bet or raise, as in \"preflop: Beto raises "
     '6, Ana calls; flop: Ana checks, Beto bets 20".',
     '--line: "Beto jumps 6" no es una acción. Escribe un nombre de una palabra, luego '
     "apuesta, sube, sigue o iguala, ve o pasa, se va o juega el resto, y las fichas de una "
     'apuesta o subida, así: "preflop: Beto sube 6, Ana sigue; flop: Ana ve, Beto apuesta '
     '20".'),
    (BOARD, "preflop: Beto raises",
     '--line: "Beto raises" needs the chips: a bet is its chips ("Beto bets 20"), a raise its '
     'total on the street ("Beto raises 60").',
     '--line: a "Beto raises" le faltan las fichas: una apuesta son sus fichas ("Beto apuesta '
     '20"), una subida su total en la calle ("Beto sube 60").'),
    (BOARD, "preflop: Beto raises 6, Ana checks 6",
     '--line: "Ana checks 6" takes no chips. Leave out the number, or write bets or raises '
     "with it.",
     '--line: "Ana checks 6" no lleva fichas. Quita el número, o escribe apuesta o sube con '
     "él."),
    (BOARD, EXAMPLE + "; turn: Ana checks",
     '--line: "Ana checks" is on a street the board has not reached: --board has 3 cards. '
     "Add the board's next cards, or end the line earlier.",
     '--line: "Ana checks" está en una calle a la que la mesa no ha llegado: --board tiene 3 '
     "cartas. Añade las cartas siguientes de la mesa, o acaba antes la línea."),
    ([*BOARD, "--position", "co"], "preflop: co raises 6, you call",
     "--line: two players sit in co. Give each seat word (utg, mp, hj, co, button, sb, bb) to "
     "one player, and --position only for a seat the line does not name.",
     "--line: dos jugadores se sientan en co. Da cada puesto (utg, mp, hj, co, button, sb, "
     "bb) a un solo jugador, y --position solo para un puesto que la línea no nombra."),
    ([*BOARD, "--pot", "25"], "flop: Ana checks, Beto bets 20",
     "--line: the line puts more in the pot than --pot 25 (at least 29 with the blinds). Give "
     "--pot as every chip in the middle now, bets included.",
     "--line: la línea pone en el bote más que --pot 25 (al menos 29 con las ciegas). Da en "
     "--pot todas las fichas del centro ahora, apuestas incluidas."),
    (BOARD, "flop: Ana checks, Beto bets 20",
     "--line starts on the flop, so it does not say the pot: give --pot (every chip in the "
     "middle now), or start the line before the flop.",
     "--line empieza en el flop, así que no dice el bote: da --pot (todas las fichas del "
     "centro ahora), o empieza la línea antes del flop."),
    (BOARD, "preflop: Beto raises 6, you fold",
     '--line: after "you fold" the hand is over for you. End the line at your turn, with you '
     "still in the hand.",
     '--line: tras "you fold" la mano ha terminado para ti. Acaba la línea en tu turno, '
     "contigo aún en la mano."),
    (BOARD, "preflop: Beto raises 6, Beto calls",  # a name repeated where it cannot act
     '--line: "Beto calls" comes after the betting of its street was over. Each player acts '
     "in turn, and again only after a bet or a raise: check the order and the names.",
     '--line: "Beto calls" llega cuando las apuestas de su calle ya habían acabado. Cada '
     "jugador actúa en su turno, y otra vez solo tras una apuesta o una subida: revisa el "
     "orden y los nombres."),
    (BOARD, "preflop: utg raises 6, bb calls, hj calls",
     '--line: "bb calls" is out of turn: hj acts first there. Write hj\'s action before it '
     "(players act in turn, and again only after a bet or a raise), or name each player by "
     "seat (utg, mp, hj, co, button, sb, bb).",
     '--line: "bb calls" está fuera de turno: ahí actúa antes hj. Escribe antes la acción de '
     "hj (se actúa por turno, y otra vez solo tras una apuesta o una subida), o nombra a cada "
     "jugador por su puesto (utg, mp, hj, co, button, sb, bb)."),
    ([*BOARD, "--position", "sb", "--pot", "30"], "flop: Ana checks, you check",
     '--line: "Ana checks" is out of turn: you act first there. Write your action before it '
     "(players act in turn, and again only after a bet or a raise), or give your seat with "
     "--position.",
     '--line: "Ana checks" está fuera de turno: ahí actúas antes tú. Escribe antes tu acción '
     "(se actúa por turno, y otra vez solo tras una apuesta o una subida), o da tu puesto con "
     "--position."),
    (["--board", "Ah 7d 2c 9s", "--hand", "Ks Kd"],
     "preflop: Beto raises 6, Ana calls, you call; flop: Ana checks",
     "--line ends before the street of the board (--board has 4 cards), with Beto to act. "
     "Write the action up to your turn on the board's last street.",
     "--line acaba antes de la calle de la mesa (--board tiene 4 cartas); falta por actuar: "
     "Beto. Escribe la acción hasta tu turno en la última calle de la mesa."),
    (BOARD, "preflop: Beto raises 6, Ana calls 7",
     '--line: "Ana calls 7": the call there is 6. Write the call without chips, or the chips '
     "it takes.",
     '--line: "Ana calls 7": ahí se sigue con 6. Escribe la acción sin fichas, o con las '
     "fichas que cuesta."),
    (BOARD, "preflop: Beto raises 3",  # a bet smaller than allowed
     '--line: "Beto raises 3" is below the smallest allowed there, 4. Write at least 4 (a '
     "raise is its total on the street), or all in.",
     '--line: "Beto raises 3" es menos de lo mínimo ahí, 4. Escribe al menos 4 (una subida '
     "es su total en la calle), o juega el resto."),
    (BOARD, "preflop: Beto raises 300",
     '--line: "Beto raises 300" is more than the player has, 200. Write at most 200, or give '
     "everyone's chips at the start of the hand with --stack.",
     '--line: "Beto raises 300" es más de lo que tiene el jugador, 200. Escribe como mucho '
     "200, o da las fichas de todos al empezar la mano con --stack."),
    (BOARD, "preflop: Beto raises 6, Ana checks",
     '--line: "Ana checks": there is a bet to call there. Write calls, raises or folds.',
     '--line: "Ana checks": ahí hay una apuesta por pagar. Escribe sigue, sube o se va.'),
    (BOARD, "preflop: Beto raises 6, Ana calls; flop: Ana calls",
     '--line: "Ana calls": there is no bet to call there. Write checks or bets.',
     '--line: "Ana calls": ahí no hay apuesta que pagar. Escribe ve o apuesta.'),
    (BOARD, "preflop: Beto bets 6",
     '--line: "Beto bets 6": someone has bet already there. Write raises, with the total.',
     '--line: "Beto bets 6": ahí ya ha apostado alguien. Escribe sube, con el total.'),
    (BOARD, "preflop: Beto raises 6, Ana calls; flop: Ana raises 10",
     '--line: "Ana raises 10": nobody has bet there yet. Write bets.',
     '--line: "Ana raises 10": ahí nadie ha apostado aún. Escribe apuesta.'),
    ([*BOARD, "--pot", "60"], EXAMPLE,  # a line whose pot disagrees with --pot
     "--line makes --pot 40, but you gave 60. Leave out --pot (the line sets it), or correct "
     "the line.",
     "--line da --pot 40, pero diste 60. Quita --pot (lo fija la línea), o corrige la línea."),
    ([*BOARD, "--to-call", "10"], EXAMPLE,
     "--line makes --to-call 20, but you gave 10. Leave out --to-call (the line sets it), or "
     "correct the line.",
     "--line da --to-call 20, pero diste 10. Quita --to-call (lo fija la línea), o corrige "
     "la línea."),
    ([*BOARD, "--players", "2"], EXAMPLE,
     "--line makes --players 3, but you gave 2. Leave out --players (the line sets it), or "
     "correct the line.",
     "--line da --players 3, pero diste 2. Quita --players (lo fija la línea), o corrige la "
     "línea."),
    (["--hand", "Ks Kd"], "preflop: Beto raises 6",
     "--line needs --board: the line is read up to your turn after the flop. Before the "
     "flop, use --position, --facing and --callers.",
     "--line necesita --board: la línea se lee hasta tu turno después del flop. Antes del "
     "flop, usa --position, --facing y --callers."),
    ([*BOARD, "--range", "tight", "--range", "loose", "--range", "QQ+"], EXAMPLE,
     "--range was given 3 times for 2 opponents in the line. Give it once for all, or once "
     "for each in the order the line first names them.",
     "--range aparece 3 veces para 2 rivales de la línea. Dalo una vez para todos, o una vez "
     "para cada uno en el orden en que la línea los nombra."),
    ([*BOARD, "--position", "utg1"], "preflop: Beto raises 6",
     "--position utg1 is not a seat the line can use. Give one of utg, mp, hj, co, button, sb "
     "or bb.",
     "--position utg1 no es un puesto que la línea pueda usar. Da uno de utg, mp, hj, co, "
     "button, sb o bb."),
]  # fmt: skip


@pytest.mark.parametrize(("args", "line", "english", "spanish"), LINE_REFUSALS)
def test_a_line_that_cannot_be_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], line: str, english: str, spanish: str
) -> None:
    for lang, expected in (("en", english), ("es", spanish)):
        cards = [_spanish(a) if lang == "es" and " " in a else a for a in args]
        code, out, err = hint(capsys, *cards, "--line", line, "--lang", lang)
        assert (code, out) == (2, "")
        assert err == f"audiopoker hint: {expected}\n"


def test_too_many_players_is_refused() -> None:
    names = ", ".join(f"P{i} calls" for i in range(10))
    with pytest.raises(LineProblem) as caught:
        play_line(parse_line(f"preflop: {names}"), parse_cards("Ks Kd"), parse_cards("Ah 7d 2c"))
    assert caught.value.key == "too_many" and caught.value.fields == {"count": 11}
