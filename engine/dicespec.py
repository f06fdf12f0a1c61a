"""Die expressions: a small formal grammar, its parser, and the value of rolled faces.

Every rules system writes dice its own way: ``1D4x10`` and ``3D6+2``, ``1D8+1D4`` (a weapon's
dice plus a damage modifier's), ``D100``, ``2d-1``. One grammar reads them all (``docs/DICE.md``
has it too)::

    expression = [sign] term { sign term } ;
    term       = dice | number ;
    dice       = [number] die [ number | "%" ] [ times number ] ;
    die        = "d" | "D" ;
    times      = "x" | "X" | "*" ;
    sign       = "+" | "-" ;
    number     = digit { digit } ;            (* ASCII 0-9 only, at most 6 digits *)

White space between symbols is ignored. A die with no count is one die (``D100``); a die with no
sides is a six-sided die (``2d-1`` is 2D6-1); ``%`` is 100 sides (``d%``).
``x N`` multiplies that term's face sum (``1D4x10``). Limits: 1..100 dice and 2..1000 sides per
term, multipliers 1..1000, at most 20 terms.

The canonical text (``str(spec)``) writes each term in the order given, ``1D8+1D4+2``, so the
faces of a roll always read in the order of the text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import msgspec

MAX_TERMS = 20
_MAX_DIGITS = 6
_OPERATORS = frozenset("dDxX*+-%")


class DiceError(ValueError):
    """A die spec that cannot be read, or physical dice that do not fit the rolls (exit 2)."""


class DiceTerm(msgspec.Struct, frozen=True):
    """``count`` dice of ``sides`` sides, the face sum times ``multiplier``, subtracted when
    ``negative`` (``-1D4``: a negative damage modifier)."""

    count: int
    sides: int
    multiplier: int = 1
    negative: bool = False

    def __str__(self) -> str:
        text = f"{self.count}D{self.sides}"
        return text + (f"x{self.multiplier}" if self.multiplier != 1 else "")


class Constant(msgspec.Struct, frozen=True):
    """A number added to (or, negative, taken from) the dice."""

    value: int


Term = DiceTerm | Constant


class DiceSpec(msgspec.Struct, frozen=True):
    """A die expression: terms summed in order. Units are the caller's (S.D.C., M.D., H.P.)."""

    terms: tuple[Term, ...]

    @classmethod
    def simple(cls, count: int, sides: int, multiplier: int = 1, modifier: int = 0) -> DiceSpec:
        """``count``D``sides`` x ``multiplier`` + ``modifier``: one die term and a constant."""
        terms: list[Term] = [DiceTerm(count, sides, multiplier)]
        if modifier:
            terms.append(Constant(modifier))
        return cls(tuple(terms))

    def __str__(self) -> str:
        out = ""
        for i, term in enumerate(self.terms):
            negative = term.negative if isinstance(term, DiceTerm) else term.value < 0
            body = str(term) if isinstance(term, DiceTerm) else str(abs(term.value))
            out += ("-" if negative else "+" if i else "") + body
        return out

    @property
    def dice(self) -> tuple[DiceTerm, ...]:
        """The dice terms, in order."""
        return tuple(t for t in self.terms if isinstance(t, DiceTerm))

    @property
    def die_count(self) -> int:
        """How many dice a roll of this spec takes."""
        return sum(t.count for t in self.dice)

    def sides_per_face(self) -> tuple[int, ...]:
        """The die each face of a roll comes from, in the order the faces are rolled."""
        return tuple(t.sides for t in self.dice for _ in range(t.count))

    def value(self, faces: Sequence[int]) -> int:
        """The total of ``faces`` (in roll order) under this spec."""
        total = at = 0
        for term in self.terms:
            if isinstance(term, Constant):
                total += term.value
                continue
            end = at + term.count
            if end > len(faces):
                raise ValueError(f"{len(faces)} faces for a roll of {self}")
            part = sum(faces[at:end]) * term.multiplier
            at = end
            total += -part if term.negative else part
        return total

    @property
    def minimum(self) -> int:
        """The lowest total a roll can show."""
        return self.value([1 if not t.negative else t.sides for t in self._face_dice()])

    @property
    def maximum(self) -> int:
        """The highest total a roll can show."""
        return self.value([t.sides if not t.negative else 1 for t in self._face_dice()])

    def _face_dice(self) -> Iterator[DiceTerm]:
        for t in self.dice:
            yield from (t for _ in range(t.count))


def _tokens(text: str) -> list[str]:
    """Numbers and single-character symbols; anything else is refused."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in " \t":
            i += 1
        elif "0" <= ch <= "9":
            j = i
            while j < len(text) and "0" <= text[j] <= "9":
                j += 1
            if j - i > _MAX_DIGITS:
                raise DiceError(f"not a die expression: {_shown(text)} (a number is too long)")
            out.append(text[i:j])
            i = j
        elif ch in _OPERATORS:
            out.append(ch)
            i += 1
        else:
            raise DiceError(f"not a die expression: {_shown(text)} (unexpected {ch!r}){_HINT}")
    return out


_HINT = "; expected e.g. 1D20, 2D6x10, 1D8+1D4, 2d-1, D100"


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


class _Parser:
    """Recursive descent over the tokens, one method per rule of the grammar."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.i = 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def fail(self, why: str) -> DiceError:
        return DiceError(f"not a die expression: {_shown(self.text)} ({why}){_HINT}")

    def expression(self) -> DiceSpec:
        if self.peek() is None:
            raise self.fail("it is empty")
        terms: list[Term] = []
        negative = False
        if self.peek() in ("+", "-"):
            negative = self.take() == "-"
        terms.append(self.term(negative))
        while self.peek() is not None:
            sign = self.take()
            if sign not in ("+", "-"):
                raise self.fail(f"expected + or - before {sign!r}")
            terms.append(self.term(sign == "-"))
        if len(terms) > MAX_TERMS:
            raise DiceError(f"{_shown(self.text)} has more than {MAX_TERMS} terms")
        return DiceSpec(tuple(terms))

    def number(self) -> int | None:
        token = self.peek()
        if token is not None and token[0].isascii() and token[0].isdigit():
            return int(self.take())
        return None

    def term(self, negative: bool) -> Term:
        count = self.number()
        if self.peek() not in ("d", "D"):
            if count is None:
                token = self.peek()
                raise self.fail("a term is missing at the end" if token is None else f"{token!r}")
            return Constant(-count if negative else count)
        self.take()
        if count is not None and not 1 <= count <= 100:
            raise DiceError(f"die count must be 1..100 in {_shown(self.text)}")
        sides = self.number()
        if sides is None and self.peek() == "%":
            self.take()
            sides = 100
        if sides is None:
            if count is None:
                raise self.fail("a die needs a count or sides, e.g. 1D6, 2d, D100")
            sides = 6  # "2d" is two six-sided dice
        if not 2 <= sides <= 1000:
            raise DiceError(f"die sides must be 2..1000 in {_shown(self.text)}")
        multiplier = 1
        if self.peek() in ("x", "X", "*"):
            self.take()
            found = self.number()
            if found is None:
                raise self.fail("a multiplier needs a number, e.g. 1D4x10")
            if not 1 <= found <= 1000:
                raise DiceError(f"die multiplier must be 1..1000 in {_shown(self.text)}")
            multiplier = found
        return DiceTerm(1 if count is None else count, sides, multiplier, negative)


def parse_spec(text: str) -> DiceSpec:
    """Read a die expression (see the module docstring for the grammar).

    Raise DiceError naming the text and what is wrong with it.
    """
    if not isinstance(text, str):
        raise DiceError(f"not a die expression: {text!r}")
    return _Parser(text).expression()


def below_zero(text: str) -> str | None:
    """Why the die expression ``text`` is negative, as a damage: it takes dice away
    (``-1D6``, ``1D6-1D4``), or it is below 0 whatever the dice show (``-3``, ``1D4-5``);
    None if it is not, or is no die expression at all (that is refused as such). A weapon's
    damage that is negative heals, so a sheet refuses one unless the weapon says
    ``healing = true`` (README, "Sheets")."""
    try:
        spec = parse_spec(text)
    except DiceError:
        return None
    for term in spec.dice:
        if term.negative:
            return f"it takes dice away: -{term}"
    if spec.maximum < 0:
        return f"it is {spec.maximum} at the most, whatever the dice show"
    return None
