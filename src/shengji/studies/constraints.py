"""The ``[deal]`` table of a study: fixed cards and a predicate, parsed once into a frozen
``DealConstraint`` (docs/conditional-deals.md has the syntax and its meaning).

::

    [deal]
    seat0 = "BJ BJ AH AH"                 # cards seat 0 holds (up to 25; seat0..seat3)
    kitty = "5S"                          # cards in the kitty (up to 8)
    where = "seat1.trumps_h >= 10 and (seat2.points >= 40 or kitty.big_jokers == 0)"
    # method = "auto"                     # or "reject", "exact" (how the where is met)
    # hands = "every"                     # match only: "first" conditions a match's first hand

Seats are numbered as in the output (seat 0 is the first to draw when no rule moves the
first drawer).  ``where`` is comparisons of features joined by ``and``, ``or``, ``not``
and parentheses; a comparison is a sum of ``slot.feature`` terms (an integer factor
allowed: ``2*seat0.pairs``) and integers, compared by ``==``, ``!=``, ``<``, ``<=``,
``>``, ``>=`` (chains like ``10 <= seat0.points <= 40`` too).  The slots are ``seat0`` ..
``seat3`` and ``kitty``; the features are the deal study's columns (``trumps_s`` ..
``trumps_nt``, ``points``, ``level_cards``, ``small_jokers``, ``big_jokers``, ``pairs``,
``level_pairs``, ``longest_side_suit``; not its tractor columns), a suit's plain length
(``length_s`` .. ``length_d``: its cards other than level cards) and a card's copies
(``seat1.AS``, ``kitty.BJ``, ``seat0.10H``: 0, 1 or 2).  A list of strings is one
``where`` joined by ``and``.

This module only parses and checks what needs no level (card counts, copies, the syntax);
``shengji.studies.conditioned`` compiles a constraint for the core and refuses one that no
deal can meet.  Every error is one ``ValueError`` line naming the key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from shengji.cards import kind_name, parse_cards
from shengji.names import (
    BIG_JOKER,
    COND_FEATURE_BASE,
    COND_FEATURE_KIND,
    DEAL_FEATURE_NAMES,
    DEAL_LENGTH_NAMES,
    HAND_SIZE,
    KITTY_SIZE,
    N_CARDS,
    N_COPIES,
    N_KINDS,
)

__all__ = [
    "SLOTS",
    "SLOT_SIZES",
    "FEATURES",
    "METHODS",
    "HANDS",
    "Ref",
    "Atom",
    "AllOf",
    "AnyOf",
    "Not",
    "DealConstraint",
    "parse_deal",
    "parse_where",
    "feature_id",
]

SLOTS = ("seat0", "seat1", "seat2", "seat3", "kitty")
SLOT_SIZES = (HAND_SIZE, HAND_SIZE, HAND_SIZE, HAND_SIZE, KITTY_SIZE)
KITTY = 4
METHODS = ("auto", "reject", "exact")
HANDS = ("every", "first")
KEYS = (*SLOTS, "where", "method", "hands")
OPS = ("==", "!=", "<", "<=", ">", ">=")
FLIP = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
# The limits of the core's compiled predicate (_core/deal/spec.pxd).
MAX_ATOMS = 64
MAX_TERMS = 8
MAX_CODE = 256
MAX_TEXT = 4000
MAX_RHS = 100_000
MAX_COEF = 1000


def _feature_names() -> tuple[str, ...]:
    # the deal study's columns but its tractors (not predicate features), then the lengths
    return DEAL_FEATURE_NAMES[:COND_FEATURE_BASE] + DEAL_LENGTH_NAMES


FEATURES = _feature_names()  # by their ids in the core; then the card kinds


def feature_id(name: str) -> int:
    """The core's id of a feature name or a card kind's name (``"AS"``, ``"TH"``, ``"BJ"``)."""
    if name in FEATURES:
        return FEATURES.index(name)
    return COND_FEATURE_KIND + _KIND_NAMES.index(name)


_KIND_NAMES = tuple(kind_name(k) for k in range(N_KINDS))


# -- the predicate's values -------------------------------------------------------------
@dataclass(frozen=True)
class Ref:
    """``slot.feature``: slot 0..3 (a seat) or 4 (the kitty); a feature name or a card
    kind's name (its copies held)."""

    slot: int
    feature: str

    @property
    def is_kind(self) -> bool:
        return self.feature not in FEATURES

    def __str__(self) -> str:
        return f"{SLOTS[self.slot]}.{self.feature}"


@dataclass(frozen=True)
class Atom:
    """``sum(coef * ref) op rhs`` (the first coefficient positive)."""

    terms: tuple[tuple[int, Ref], ...]
    op: str
    rhs: int

    def slots(self) -> frozenset[int]:
        return frozenset(r.slot for _, r in self.terms)

    def __str__(self) -> str:
        parts = []
        for i, (coef, ref) in enumerate(self.terms):
            mag = abs(coef)
            text = str(ref) if mag == 1 else f"{mag}*{ref}"
            if i == 0:
                parts.append(text if coef > 0 else f"-{text}")
            else:
                parts.append(("+ " if coef > 0 else "- ") + text)
        return f"{' '.join(parts)} {self.op} {self.rhs}"


@dataclass(frozen=True)
class AllOf:
    parts: tuple[Node, ...]

    def __str__(self) -> str:
        return " and ".join(_paren(p, AnyOf) for p in self.parts)


@dataclass(frozen=True)
class AnyOf:
    parts: tuple[Node, ...]

    def __str__(self) -> str:
        return " or ".join(str(p) for p in self.parts)


@dataclass(frozen=True)
class Not:
    part: Node

    def __str__(self) -> str:
        return "not " + _paren(self.part, (AllOf, AnyOf))


Node = Atom | AllOf | AnyOf | Not


def _paren(node, kinds) -> str:
    return f"({node})" if isinstance(node, kinds) else str(node)


def atoms_of(node: Node) -> list[Atom]:
    """The comparisons of a predicate, in order."""
    if isinstance(node, Atom):
        return [node]
    if isinstance(node, Not):
        return atoms_of(node.part)
    return [a for p in node.parts for a in atoms_of(p)]


# -- the typed value --------------------------------------------------------------------
@dataclass(frozen=True)
class DealConstraint:
    """What every deal of a run must satisfy: ``fixed[slot]`` the card ids slot ``slot``
    holds (seats 0..3, then the kitty; in the order given), ``where`` a predicate (None:
    none), ``method`` how the predicate is met ("auto", "reject", "exact"), ``hands``
    which hands of a match it conditions ("every", "first")."""

    fixed: tuple[tuple[int, ...], ...] = ((),) * len(SLOTS)
    where: Node | None = None
    method: str = "auto"
    hands: str = "every"
    text: str = field(default="", compare=False)  # the where as given (messages)

    def __post_init__(self):
        if len(self.fixed) != len(SLOTS):
            raise ValueError("deal: fixed needs one tuple per slot (seat0..seat3, kitty)")
        if self.method not in METHODS or self.hands not in HANDS:
            raise ValueError("deal: method or hands out of range")

    @property
    def empty(self) -> bool:
        """No card fixed and no predicate: the unconditioned deal."""
        return self.where is None and not any(self.fixed)

    @property
    def fixed_cards(self) -> frozenset[int]:
        return frozenset(c for f in self.fixed for c in f)

    def where_text(self) -> str:
        return "" if self.where is None else str(self.where)

    def to_config(self) -> dict:
        """The canonical ``[deal]`` table (what the metadata records; parse_deal reads it
        back to the same constraint)."""
        from shengji.cards import format_cards

        out: dict = {}
        for slot, cards in zip(SLOTS, self.fixed, strict=True):
            if cards:
                out[slot] = format_cards(cards)
        if _parse_fixed(out) != self.fixed:
            # ids given as numbers that card text would number otherwise (text takes each
            # kind's copies in slot order): the ids themselves, so a replay deals the same
            for slot, cards in zip(SLOTS, self.fixed, strict=True):
                if cards:
                    out[slot] = list(cards)
        if self.where is not None:
            out["where"] = str(self.where)
        if self.method != "auto":
            out["method"] = self.method
        if self.hands != "every":
            out["hands"] = self.hands
        return out

    def describe(self) -> str:
        """One line: the fixed cards and the where."""
        parts = [f"{s} {len(c)} fixed" for s, c in zip(SLOTS, self.fixed, strict=True) if c]
        if self.where is not None:
            parts.append(f"where {self.where}")
        return "; ".join(parts) if parts else "unconditioned"

    def with_fixed(self, slot: int, cards) -> DealConstraint:
        """This constraint with ``cards`` (ids, in order) fixed to ``slot``; ValueError if
        the slot already has fixed cards or a card is fixed elsewhere."""
        if self.fixed[slot]:
            raise ValueError(f"deal: {SLOTS[slot]} already has fixed cards")
        cards = tuple(int(c) for c in cards)
        clash = sorted(set(cards) & self.fixed_cards)
        if clash:
            raise ValueError(
                f"deal: {kind_name(clash[0] // N_COPIES)} is fixed to {SLOTS[slot]} and "
                "elsewhere too"
            )
        fixed = list(self.fixed)
        fixed[slot] = cards
        out = DealConstraint(tuple(fixed), self.where, self.method, self.hands, self.text)
        _check_fixed(out.fixed)
        return out


def _check_fixed(fixed) -> None:
    for slot, cards in enumerate(fixed):
        if len(cards) > SLOT_SIZES[slot]:
            what = "the kitty holds" if slot == KITTY else "a seat holds"
            raise ValueError(f"deal.{SLOTS[slot]}: {len(cards)} cards; {what} {SLOT_SIZES[slot]}")
    seen: dict[int, int] = {}
    for cards in fixed:
        for c in cards:
            if c in seen:
                raise ValueError(f"deal: card id {c} ({kind_name(c // N_COPIES)}) fixed twice")
            seen[c] = 1


def parse_deal(table) -> DealConstraint | None:
    """A ``[deal]`` table (a dict, as TOML gives it) -> a DealConstraint, or None for an
    empty table; one ValueError line naming what is wrong."""
    if isinstance(table, DealConstraint):
        return None if table.empty else table
    if not isinstance(table, dict):
        raise ValueError(f"deal: expected a table ([deal]) of {', '.join(KEYS)}; got {table!r:.60}")
    for key in table:
        if key not in KEYS:
            import difflib

            close = difflib.get_close_matches(str(key), KEYS, n=1)
            raise ValueError(
                f"deal: unknown key {key!r}"
                + (f" (did you mean {close[0]!r}?)" if close else "")
                + "; allowed: "
                + ", ".join(KEYS)
            )
    method = table.get("method", "auto")
    if not isinstance(method, str) or method not in METHODS:
        raise ValueError(
            f"deal.method: unknown value {method!r:.40}; allowed: " + ", ".join(map(repr, METHODS))
        )
    hands = table.get("hands", "every")
    if not isinstance(hands, str) or hands not in HANDS:
        raise ValueError(
            f"deal.hands: unknown value {hands!r:.40}; allowed: " + ", ".join(map(repr, HANDS))
        )
    fixed = _parse_fixed(table)
    where, text = None, ""
    if "where" in table:
        text = _where_text(table["where"])
        where = parse_where(text)
    if where is None and not any(fixed):
        if "method" in table or "hands" in table:
            raise ValueError(
                "deal: the table fixes no card and has no where (method and hands need one)"
            )
        return None
    if where is None and method == "exact":
        raise ValueError("deal.method = 'exact' needs a where")
    return DealConstraint(fixed, where, method, hands, text)


def _parse_fixed(table: dict) -> tuple[tuple[int, ...], ...]:
    """The fixed cards of every slot, the copies of a kind numbered across the slots in
    slot order (seat0 first), so that two slots may each hold one copy; a card given by
    its id keeps it, and card text takes the copies no id names."""
    kinds_by_slot: list[list[int]] = []
    ids_by_slot: list[list[int] | None] = []
    for slot, name in enumerate(SLOTS):
        value = table.get(name, "")
        key = f"deal.{name}"
        if isinstance(value, str):
            try:
                cards = parse_cards(value)
            except ValueError as exc:
                raise ValueError(f"{key}: {exc}") from None
            kinds_by_slot.append([c // N_COPIES for c in cards])
            ids_by_slot.append(None)
        elif isinstance(value, (list, tuple)):
            if all(isinstance(v, str) for v in value):
                try:
                    cards = parse_cards(" ".join(value))
                except ValueError as exc:
                    raise ValueError(f"{key}: {exc}") from None
                kinds_by_slot.append([c // N_COPIES for c in cards])
                ids_by_slot.append(None)
            elif all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                bad = [v for v in value if not 0 <= v < N_CARDS]
                if bad:
                    raise ValueError(f"{key}: card id {bad[0]} out of range: ids run 0..107")
                kinds_by_slot.append([v // N_COPIES for v in value])
                ids_by_slot.append(list(value))
            else:
                raise ValueError(f'{key}: expected card text ("BJ BJ AH") or a list of cards')
        else:
            raise ValueError(
                f'{key}: expected card text, e.g. {name} = "BJ BJ AH AH"; got {value!r:.40}'
            )
        if len(kinds_by_slot[-1]) > SLOT_SIZES[slot]:
            what = "the kitty holds" if slot == KITTY else "a seat holds"
            raise ValueError(f"{key}: {len(kinds_by_slot[-1])} cards; {what} {SLOT_SIZES[slot]}")
    total = [0] * N_KINDS
    where_: list[list[int]] = [[] for _ in range(N_KINDS)]
    for slot, kinds in enumerate(kinds_by_slot):
        for k in kinds:
            total[k] += 1
            where_[k].append(slot)
    for k in range(N_KINDS):
        if total[k] > N_COPIES:
            counts: dict[str, int] = {}
            for slot in where_[k]:
                counts[SLOTS[slot]] = counts.get(SLOTS[slot], 0) + 1
            raise ValueError(
                f"deal: {kind_name(k)} fixed {total[k]} times ("
                + ", ".join(f"{s} {n}" for s, n in counts.items())
                + "); the deck holds two of each card"
            )
    # the ids given as numbers first, wherever they stand: card text takes the copies left
    used: set[int] = set()
    for ids in ids_by_slot:
        for c in ids or ():
            if c in used:
                raise ValueError(f"deal: card id {c} ({kind_name(c // N_COPIES)}) fixed twice")
            used.add(c)
    copies = [0] * N_KINDS
    out = []
    for slot, kinds in enumerate(kinds_by_slot):
        ids = ids_by_slot[slot]
        if ids is not None:
            out.append(tuple(ids))
            continue
        cards = []
        for k in kinds:
            while k * N_COPIES + copies[k] in used:
                copies[k] += 1
            c = k * N_COPIES + copies[k]
            copies[k] += 1
            used.add(c)
            cards.append(c)
        out.append(tuple(cards))
    return tuple(out)


def _where_text(value) -> str:
    if isinstance(value, str):
        text = value
    elif isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
        text = " and ".join(f"({v})" for v in value)
    else:
        raise ValueError(
            "deal.where: expected a string (or a list of strings, joined by and), e.g. "
            'where = "seat0.trumps_h >= 10"'
        )
    if not text.strip():
        raise ValueError("deal.where: empty; give a comparison, e.g. seat0.points >= 40")
    if len(text) > MAX_TEXT:
        raise ValueError(f"deal.where: {len(text)} characters; at most {MAX_TEXT}")
    return text


# -- the predicate's syntax ---------------------------------------------------------------
_TOKEN = re.compile(
    r"\s*(?:"
    r"(?P<ref>[A-Za-z_][A-Za-z0-9_]*\s*\.\s*[A-Za-z0-9_♠♥♣♦]+)"
    r"|(?P<num>\d+)"
    r"|(?P<op>==|!=|<=|>=|<|>|=)"
    r"|(?P<sym>[()+\-*])"
    r"|(?P<word>[A-Za-z_][A-Za-z0-9_]*)"
    r")"
)


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        n = len(text)
        while pos < n:
            if text[pos:].strip() == "":
                break
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                col = pos + len(text[pos:]) - len(text[pos:].lstrip())
                raise self.error(f"unexpected {text[col]!r}", col)
            kind = m.lastgroup or ""
            start = m.start(kind)
            self.tokens.append((kind, m.group(kind), start))
            pos = m.end()
        self.i = 0
        self.n_atoms = 0

    def error(self, what: str, col: int | None = None) -> ValueError:
        if col is None:
            col = self.tokens[self.i][2] if self.i < len(self.tokens) else len(self.text)
        return ValueError(f"deal.where: {what} at column {col + 1} of {self.text!r:.120}")

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> tuple[str, str, int]:
        tok = self.peek()
        if tok is None:
            raise self.error("unexpected end")
        self.i += 1
        return tok

    def is_word(self, word: str) -> bool:
        tok = self.peek()
        return tok is not None and tok[0] == "word" and tok[1] == word

    def parse(self) -> Node:
        if not self.tokens:
            raise ValueError("deal.where: empty; give a comparison, e.g. seat0.points >= 40")
        node = self.or_expr()
        if self.peek() is not None:
            tok = self.peek()
            assert tok is not None
            if tok[1].lower() in ("and", "or", "not"):
                raise self.error(f"write {tok[1].lower()!r} in lower case")
            raise self.error(f"unexpected {tok[1]!r} (expected and, or, or the end)")
        return node

    def or_expr(self) -> Node:
        parts = [self.and_expr()]
        while self.is_word("or"):
            self.i += 1
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else AnyOf(tuple(_flat(parts, AnyOf)))

    def and_expr(self) -> Node:
        parts = [self.not_expr()]
        while self.is_word("and"):
            self.i += 1
            parts.append(self.not_expr())
        return parts[0] if len(parts) == 1 else AllOf(tuple(_flat(parts, AllOf)))

    def not_expr(self) -> Node:
        if self.is_word("not"):
            self.i += 1
            return Not(self.not_expr())
        tok = self.peek()
        if tok is not None and tok[0] == "sym" and tok[1] == "(" and self._group_is_logic():
            self.i += 1
            node = self.or_expr()
            tok = self.peek()
            if tok is None or tok[1] != ")":
                raise self.error("expected ')'")
            self.i += 1
            return node
        return self.comparison()

    def _group_is_logic(self) -> bool:
        """Whether the '(' at the cursor opens a logical group (it holds a comparison or
        and/or/not at any depth) rather than a sum such as (seat0.points + 5): a sum's
        parentheses hold sums only."""
        depth = 0
        for kind, text, _ in self.tokens[self.i :]:
            if kind == "sym" and text == "(":
                depth += 1
            elif kind == "sym" and text == ")":
                depth -= 1
                if depth == 0:
                    return False
            elif kind == "op" or (kind == "word" and text in ("and", "or", "not")):
                return True
        return False

    def comparison(self) -> Node:
        left = self.linear()
        tok = self.peek()
        if tok is None or tok[0] != "op":
            raise self.error(
                "expected a comparison (==, !=, <, <=, >, >=)"
                + (f" after {self.text[: tok[2]].strip()[-40:]!r}" if tok else "")
            )
        atoms = []
        while tok is not None and tok[0] == "op":
            if tok[1] == "=":
                raise self.error("'=' is not a comparison: use '==' for equality")
            self.i += 1
            right = self.linear()
            atoms.append(self.atom(left, tok[1], right, tok[2]))
            left = right
            tok = self.peek()
        return atoms[0] if len(atoms) == 1 else AllOf(tuple(atoms))

    def linear(self) -> tuple[dict, int]:
        """sum of [+-] (INT | INT * ref | ref | '(' linear ')') -> ({ref: coef}, constant)."""
        terms: dict[Ref, int] = {}
        const = 0
        sign = 1
        tok = self.peek()
        if tok is not None and tok[0] == "sym" and tok[1] in "+-":
            sign = -1 if tok[1] == "-" else 1
            self.i += 1
        while True:
            t_terms, t_const = self.term()
            for ref, c in t_terms.items():
                terms[ref] = terms.get(ref, 0) + sign * c
            const += sign * t_const
            tok = self.peek()
            if tok is not None and tok[0] == "sym" and tok[1] in "+-":
                sign = -1 if tok[1] == "-" else 1
                self.i += 1
                continue
            return terms, const

    def term(self) -> tuple[dict, int]:
        kind, text, col = self.take()
        if kind == "num":
            value = self.number(text, col)
            tok = self.peek()
            if tok is not None and tok[0] == "sym" and tok[1] == "*":
                self.i += 1
                kind2, text2, col2 = self.take()
                if kind2 != "ref":
                    raise self.error("expected slot.feature after '*'", col2)
                if value > MAX_COEF:
                    raise self.error(f"factor {value} is over {MAX_COEF}", col)
                return {self.ref(text2, col2): value}, 0
            return {}, value
        if kind == "ref":
            return {self.ref(text, col): 1}, 0
        if kind == "sym" and text == "(":
            terms, const = self.linear()
            tok = self.peek()
            if tok is None or tok[1] != ")":
                raise self.error("expected ')'")
            self.i += 1
            return terms, const
        if kind == "word":
            if text in SLOTS:
                raise self.error(f"expected {text}.<feature>, e.g. {text}.points", col)
            if text in ("and", "or", "not"):
                raise self.error(f"expected a comparison before {text!r}", col)
            if text.lower() in ("and", "or", "not"):
                raise self.error(f"write {text.lower()!r} in lower case", col)
            raise self.error(
                f"unknown name {text!r}: a term is slot.feature (slots "
                + ", ".join(SLOTS)
                + ") or an integer",
                col,
            )
        raise self.error(f"unexpected {text!r}", col)

    def number(self, text: str, col: int) -> int:
        if len(text) > 7 or int(text) > MAX_RHS:
            raise self.error(f"number {text[:12]} is over {MAX_RHS:,}", col)
        return int(text)

    def ref(self, text: str, col: int) -> Ref:
        slot_text, _, name = (s.strip() for s in text.partition("."))
        if slot_text not in SLOTS:
            raise self.error(f"unknown slot {slot_text!r}; slots: " + ", ".join(SLOTS), col)
        slot = SLOTS.index(slot_text)
        if name in FEATURES:
            return Ref(slot, name)
        if name.lower() in FEATURES:
            return Ref(slot, name.lower())
        try:
            (card,) = parse_cards(name)
        except ValueError:
            import difflib

            close = difflib.get_close_matches(name.lower(), FEATURES, n=1)
            raise self.error(
                f"unknown feature {name!r} of {slot_text}"
                + (f" (did you mean {close[0]!r}?)" if close else "")
                + "; features: "
                + ", ".join(FEATURES)
                + ", or a card such as AS, 10H, BJ (its copies held)",
                col,
            ) from None
        return Ref(slot, kind_name(card // N_COPIES))

    def atom(self, left, op: str, right, col: int) -> Atom:
        terms: dict[Ref, int] = dict(left[0])
        for ref, c in right[0].items():
            terms[ref] = terms.get(ref, 0) - c
        rhs = right[1] - left[1]
        kept = tuple((c, r) for r, c in terms.items() if c != 0)
        if not kept:
            raise self.error("this comparison holds no feature (slot.feature)", col)
        if len(kept) > MAX_TERMS:
            raise self.error(f"a comparison of {len(kept)} terms; at most {MAX_TERMS}", col)
        if any(abs(c) > MAX_COEF for c, _ in kept) or abs(rhs) > MAX_RHS:
            raise self.error("a factor or a constant is too large", col)
        if kept[0][0] < 0:
            kept = tuple((-c, r) for c, r in kept)
            rhs = -rhs
            op = FLIP[op]
        self.n_atoms += 1
        if self.n_atoms > MAX_ATOMS:
            raise self.error(f"more than {MAX_ATOMS} comparisons", col)
        return Atom(kept, op, rhs)


def _flat(parts: list, kind) -> list:
    out: list = []
    for p in parts:
        out.extend(p.parts if isinstance(p, kind) else [p])
    return out


def _code_length(node: Node) -> int:
    if isinstance(node, Atom):
        return 1
    if isinstance(node, Not):
        return 1 + _code_length(node.part)
    return sum(_code_length(p) for p in node.parts) + len(node.parts) - 1


def parse_where(text: str) -> Node:
    """A ``where`` string -> its predicate (module docstring); one ValueError line."""
    if not isinstance(text, str):
        raise ValueError("deal.where: expected a string")
    node = _Parser(text).parse()
    if _code_length(node) > MAX_CODE:
        raise ValueError(f"deal.where: too long a predicate (over {MAX_CODE} operations)")
    return node


assert BIG_JOKER == N_KINDS - 1
