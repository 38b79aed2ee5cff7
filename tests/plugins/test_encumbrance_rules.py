"""RULES.md 2.1-2.4 and the over-maximum check, on the plain rule functions.

Expected values are written here from RULES.md, not read back from config/encumbrance.toml: the
tests fail if the TOML drifts from the rules.
"""

from __future__ import annotations

import math
import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_console_plugins.encumbrance import rules
from gm_console_plugins.encumbrance.rules import CATEGORIES, Score, parse_score

CONFIG = Path(__file__).resolve().parents[2] / "gm_console_config" / "encumbrance.toml"
TABLE = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
SETTINGS = dict(TABLE["settings"])


def settings(**over):
    return {**SETTINGS, **over}


def character(strength=17, items=(), armour="none", armour_lb=0, magic=False, bulky=False):
    return {"name": "Aria", "strength": strength, "dexterity": 16,
            "items": [{"name": n, "weight_lb": w, "qty": q} for n, w, q in items],
            "armour": armour, "armour_weight_lb": armour_lb, "armour_magic": magic,
            "bulky": bulky}


def load(strength, lb, **kw):
    return rules.assess(character(strength, [("load", lb, 1)]), TABLE, settings(**kw))


# -- ability scores -----------------------------------------------------------------------------

@pytest.mark.parametrize("raw, expected", [
    (1, Score(1)), (25, Score(25)), ("17", Score(17)), (18.0, Score(18)),
    ("18/01", Score(18, 1)), ("18/50", Score(18, 50)), ("18/51", Score(18, 51)),
    ("18/99", Score(18, 99)), ("18/00", Score(18, 100)), (" 18 / 75 ", Score(18, 75)),
])
def test_strength_parses(raw, expected):
    assert parse_score(raw) == expected


@pytest.mark.parametrize("raw, words", [
    ("18/101", "18/01 to 18/00"), ("18/5", "18/01 to 18/00"), ("17/50", "18/01 to 18/00"),
    ("18/", "18/01 to 18/00"), ("18/ab", "18/01 to 18/00"), (0, "from 1 to 25"),
    (26, "from 1 to 25"), ("abc", "number from 1 to 25"), (True, "number"), (17.5, "1 to 25"),
])
def test_strength_refuses_with_a_clear_message(raw, words):
    with pytest.raises(ValueError, match="Strength") as info:
        parse_score(raw)
    assert words in str(info.value)
    assert repr(raw) in str(info.value) or str(raw) in str(info.value)


def test_only_strength_is_exceptional():
    with pytest.raises(ValueError, match="Dexterity") as info:
        parse_score("18/50", "Dexterity")
    assert "'18/50'" in str(info.value)


def test_exceptional_strength_orders_between_18_and_19():
    order = ["18", "18/01", "18/50", "18/51", "18/99", "18/00", "19"]
    assert [parse_score(x) for x in order] == sorted(parse_score(x) for x in order)
    assert str(parse_score("18/00")) == "18/00" and str(parse_score("18/07")) == "18/07"


# -- 2.1 base speed by race ---------------------------------------------------------------------

@pytest.mark.parametrize("race, mv", [
    ("human barbarian", 15), ("human", 12), ("elf", 12), ("half-elf", 12), ("half-orc", 12),
    ("gnome", 6), ("halfling", 6), ("dwarf", 6),
    ("Barbare humain", 15), ("humain", 12), ("elfe", 12), ("demi-elfe", 12), ("demi-orque", 12),
    ("hobbit", 6), ("nain", 6), ("  Human  ", 12), ("HALF ELF", 12),
])
def test_race_base_speed(race, mv):
    assert rules.race_base_mv(race, TABLE) == mv


@pytest.mark.parametrize("race", ["owlbear", "centaur", ""])
def test_other_creatures_use_their_sheet(race):
    assert rules.race_base_mv(race, TABLE) is None


# -- 2.2 Strength and Dexterity adjust base speed ------------------------------------------------

ADJUSTMENTS = [  # (strength, dexterity, base 6 column, base 12+ column), one pair per row
    (1, 2, -5, -10), (2, 4, -4, -9), (3, 4, -4, -8), (1, 6, -3, -7), (4, 5, -3, -6),
    (5, 6, -2, -5), (2, 8, -2, -4), (3, 7, -1, -3), (6, 8, -1, -2), (7, 8, 0, -1),
    (9, 1, 0, 0), (14, 25, 0, 0), (12, 12, 0, 0),
    (15, 16, 0, 1), (17, 15, 1, 2), ("18/00", 16, 1, 2), (20, 15, 1, 2), (17, 18, 1, 3),
    ("18/50", 18, 1, 3), (21, 15, 2, 4), (25, 16, 2, 4), ("18/51", 17, 2, 5), (20, 18, 2, 5),
    (21, 17, 3, 6), (24, 18, 3, 6), ("18/51", 19, 3, 7), (20, 20, 3, 7), (21, 19, 4, 8),
    ("18/76", 25, 4, 8), (21, 23, 4, 9), (24, 22, 5, 10), (24, 25, 6, 12),
]


@pytest.mark.parametrize("strength, dexterity, base6, base12", ADJUSTMENTS)
def test_every_adjustment_row_both_columns(strength, dexterity, base6, base12):
    s = parse_score(strength)
    for base, expected, column in ((6, base6, "6"), (12, base12, "12+"), (15, base12, "12+")):
        adj = rules.speed_adjustment(s, parse_score(dexterity, "Dexterity"), base, TABLE, SETTINGS)
        assert (adj.mv, adj.column) == (expected, column)


@pytest.mark.parametrize("strength, dexterity, base6, base12",
                         [row for row in ADJUSTMENTS if isinstance(row[0], int)])  # 18/xx: Str only
def test_adjustment_is_the_same_either_way_round(strength, dexterity, base6, base12):
    adj = rules.speed_adjustment(Score(dexterity), Score(strength), 12, TABLE, SETTINGS)
    assert adj.mv == base12


@pytest.mark.parametrize("strength, dexterity", [(8, 15), (1, 25), ("18/00", 3), (16, 7)])
def test_unnamed_pair_gets_the_setting(strength, dexterity):
    s, d = parse_score(strength), parse_score(dexterity, "Dexterity")
    assert rules.speed_adjustment(s, d, 12, TABLE, SETTINGS).mv == 0
    assert rules.speed_adjustment(s, d, 12, TABLE, settings(unnamed_pair_adjustment_mv=-1)).mv == -1


def test_base_below_12_reads_the_6_column():
    s, d = Score(17), Score(16)
    assert rules.speed_adjustment(s, d, 9, TABLE, SETTINGS).mv == 1
    assert rules.speed_adjustment(s, d, 11.9, TABLE, SETTINGS).column == "6"
    assert rules.speed_adjustment(s, d, 9, TABLE, settings(adjustment_column_12_from_mv=9)).mv == 2


@pytest.mark.parametrize("strength, dexterity, mv", [
    ("18/50", 18, 3),   # both in 17–18/50
    ("18/51", 18, 5),   # one 18/51–20, other 17–18/50
    (18, 18, 3),        # a plain 18 belongs to 17–18/50
    (18, 17, 3),
])
def test_band_edges_at_18(strength, dexterity, mv):
    adj = rules.speed_adjustment(parse_score(strength), Score(dexterity), 12, TABLE, SETTINGS)
    assert adj.mv == mv


SCORES = st.one_of(st.integers(1, 25).map(Score), st.integers(1, 100).map(lambda p: Score(18, p)))
PLAIN = st.integers(1, 25).map(Score)


@given(SCORES, SCORES, PLAIN, st.sampled_from([6, 12]))
def test_a_higher_strength_never_lowers_the_adjustment(a, b, dexterity, base):
    low, high = sorted((a, b))
    assert (rules.speed_adjustment(low, dexterity, base, TABLE, SETTINGS).mv
            <= rules.speed_adjustment(high, dexterity, base, TABLE, SETTINGS).mv)


@given(SCORES, SCORES)
def test_at_most_one_row_names_a_pair(a, b):
    bands = rules.band_of(a, TABLE), rules.band_of(b, TABLE)
    matches = [row for row in TABLE["adjustments"]
               if (bands[0] in row["one"] and bands[1] in row["other"])
               or (bands[1] in row["one"] and bands[0] in row["other"])]
    assert len(matches) <= 1


# -- 2.3 carried weight -------------------------------------------------------------------------

def test_items_times_quantity_plus_worn_armour():
    c = character(items=[("clothes", 5, 1), ("rope", 10, 2), ("arrows", 0.1, 20)],
                  armour="chain mail", armour_lb=40)
    assert rules.carried_weight(c).lb == pytest.approx(5 + 20 + 2 + 40)


def test_magic_armour_weight_does_not_count_a_magic_sword_does():
    c = character(items=[("magic sword", 6, 1)], armour="chain mail", armour_lb=40, magic=True)
    carried = rules.carried_weight(c)
    assert carried.lb == 6
    assert any("magic: not counted" in line for line in carried.lines)


@pytest.mark.parametrize("item, words", [
    (("rope", -1, 1), "weight of 'rope' must be 0 or more"),
    (("rope", "heavy", 1), "weight of 'rope' must be a number"),
    (("rope", 1, -2), "quantity of 'rope' must be 0 or more"),
])
def test_bad_weights_are_named(item, words):
    with pytest.raises(ValueError, match=words):
        rules.carried_weight(character(items=[item]))


# -- 2.3 table 2, every row and every band edge -------------------------------------------------

CAPACITY = [  # strengths of the row, light, moderate, heavy, critical, maximal, most allowed
    ([1], 1, 1.5, 2, 2.5, 3, 3), ([2], 2, 3, 4, 5, 6, 6), ([3], 3.5, 5, 6.5, 8, 9.5, 10),
    ([4, 5], 9, 13, 16, 20, 24, 25), ([6, 7], 19, 28, 36, 44, 52, 55),
    ([8, 9], 32, 45, 59, 72, 86, 90), ([10, 11], 40, 58, 75, 92, 109, 115),
    ([12, 13], 49, 70, 91, 112, 133, 140), ([14, 15], 60, 85, 111, 136, 162, 170),
    ([16], 68, 98, 127, 156, 185, 195), ([17], 77, 110, 143, 176, 209, 220),
    ([18], 89, 128, 166, 204, 242, 255),
    (["18/01", "18/50"], 98, 140, 182, 224, 266, 280),
    (["18/51", "18/75"], 107, 153, 198, 244, 290, 305),
    (["18/76", "18/90"], 116, 165, 215, 264, 314, 330),
    (["18/91", "18/99"], 133, 190, 247, 304, 361, 380),
    (["18/00"], 168, 240, 312, 384, 456, 480),
    ([19], 224, 320, 416, 512, 608, 640), ([20], 245, 350, 455, 560, 665, 700),
    ([21], 284, 405, 527, 648, 770, 810), ([22], 340, 485, 631, 776, 922, 970),
    ([23], 396, 565, 735, 904, 1074, 1130), ([24], 504, 720, 936, 1152, 1368, 1440),
    ([25], 613, 875, 1138, 1400, 1663, 1750),
]
EDGES = [(strength, *row) for strengths, *row in CAPACITY for strength in strengths]


@pytest.mark.parametrize("strength, light, moderate, heavy, critical, maximal, most", EDGES)
def test_every_row_every_threshold(strength, light, moderate, heavy, critical, maximal, most):
    lowest = {"light": light, "moderate": moderate, "heavy": heavy, "critical": critical,
              "maximal": maximal}
    previous = "unencumbered"
    for category, lb in lowest.items():
        assert load(strength, lb).category == category          # equal to the lowest: in it
        assert load(strength, lb - 0.25).category == previous    # just under: the one before
        previous = category
    assert load(strength, 0).category == "unencumbered"
    assert load(strength, most).category == "maximal"             # the most allowed is allowed
    assert load(strength, most + 0.25).category == "over"
    assert load(strength, most).max_lb == most


@pytest.mark.parametrize("strength, lb, category", [
    ("18/50", 140, "moderate"), ("18/51", 140, "light"),    # 18/50 versus 18/51
    (18, 98, "light"), ("18/01", 98, "light"), (18, 97, "light"), ("18/01", 97, "unencumbered"),
    ("18/99", 480, "over"), ("18/00", 480, "maximal"),
])
def test_exceptional_strength_rows(strength, lb, category):
    assert load(strength, lb).category == category


# -- 2.4 table 3 --------------------------------------------------------------------------------

EFFECTS = [  # category, speed fraction or fixed mv, to hit, AC penalty, Dex bonus to AC, can fight
    ("unencumbered", Fraction(1), None, 0, 0, True, True),
    ("light", Fraction(2, 3), None, 0, 0, True, True),
    ("moderate", Fraction(1, 2), None, -1, 0, True, True),
    ("heavy", Fraction(1, 3), None, -2, 1, True, True),
    ("critical", None, 1, -4, 3, True, True),
    ("maximal", None, 1, 0, 4, False, False),
    ("over", None, 0, 0, 4, False, False),
]


@pytest.mark.parametrize("category, fraction, fixed, to_hit, ac, dex, fight", EFFECTS)
def test_every_effect(category, fraction, fixed, to_hit, ac, dex, fight):
    fx = rules.effects(category, TABLE)
    assert (fx.speed, fx.speed_mv, fx.to_hit, fx.ac_penalty, fx.dex_bonus_to_ac, fx.can_fight) \
        == (fraction, fixed, to_hit, ac, dex, fight)


def test_derived_keys_for_show_json():
    out = load(17, 120).as_dict()
    assert {"carried_lb", "category", "max_lb", "to_hit", "ac_penalty", "dex_bonus_to_ac",
            "can_fight"} <= set(out)
    assert (out["carried_lb"], out["category"], out["max_lb"], out["to_hit"]) \
        == (120, "moderate", 220, -1)
    assert isinstance(out["dex_bonus_to_ac"], bool) and isinstance(out["can_fight"], bool)


# -- 2.6 worked example (the encumbrance half; the armour half is in test_armour_rules) ---------

def test_worked_example_encumbrance():
    base = rules.race_base_mv("human", TABLE)
    adj = rules.speed_adjustment(Score(17), Score(16), base, TABLE, SETTINGS)
    assert base + adj.mv == 14
    enc = load(17, 120)
    assert enc.category == "moderate" and enc.effects.to_hit == -1
    assert math.floor((base + adj.mv) * enc.effects.speed) == 7
    assert "110 ≤ 120 < 143 lb: moderate" in enc.steps


# -- what would change it -----------------------------------------------------------------------

@pytest.mark.parametrize("lb, next_text, previous_text", [
    (140, "3 lb more: heavy", "more than 30 lb less: light"),
    (120, "23 lb more: heavy", "more than 10 lb less: light"),
    (0, "77 lb more: light", None),
    (210, "more than 10 lb more: over the maximum", "more than 1 lb less: critical"),
    (230, None, "10 lb less: maximal"),
    (143, "33 lb more: critical", "any weight less: moderate"),
])
def test_what_would_change_the_category(lb, next_text, previous_text):
    enc = load(17, lb)
    assert (enc.next or {}).get("text") == next_text
    assert (enc.previous or {}).get("text") == previous_text


# -- bulky --------------------------------------------------------------------------------------

@pytest.mark.parametrize("lb, bulky_category", [
    (0, "light"), (77, "moderate"), (110, "heavy"), (143, "critical"), (176, "maximal"),
    (209, "maximal"), (221, "over"),
])
def test_bulky_moves_one_category_up(lb, bulky_category):
    c = character(17, [("load", lb, 1)], bulky=True)
    enc = rules.assess(c, TABLE, SETTINGS)
    assert enc.category == bulky_category
    assert enc.weight_category == rules.weight_category(lb, rules.capacity_row(Score(17), TABLE))


def test_bulky_past_maximal_is_a_setting():
    c = character(17, [("load", 209, 1)], bulky=True)
    assert rules.assess(c, TABLE, settings(bulky_can_pass_maximal=True)).category == "over"


# -- lifting more than the maximum --------------------------------------------------------------

@pytest.mark.parametrize("load_lb, rounds, started, penalty", [
    (220, 0, True, 0), (221, 0, True, -1), (225, 0, True, -1), (226, 0, True, -2),
    (240, 0, True, -4), (221, 3, True, -4), (220, 2, True, -2),
    (224, 0, False, 0), (225, 0, False, -1), (229, 0, False, -1), (230, 1, False, -3),
])
def test_over_max_penalty(load_lb, rounds, started, penalty):
    s = settings(over_max_count_started_steps=started)
    assert rules.over_max_penalty(load_lb, 220, rounds, TABLE, s) == penalty


def test_lift_check_target_counts_18_xx_as_18():
    check = rules.lift_check(parse_score("18/50"), 290, 280, 1, TABLE, SETTINGS)
    assert (check.over_lb, check.penalty, check.target) == (10, -3, 15)


def test_negative_rounds_refused():
    with pytest.raises(ValueError, match="rounds held"):
        rules.over_max_penalty(300, 220, -1, TABLE, SETTINGS)


# -- properties ---------------------------------------------------------------------------------

WEIGHTS = st.floats(0, 2000, allow_nan=False)


@given(SCORES, WEIGHTS, WEIGHTS, st.booleans())
def test_more_weight_never_gives_a_lighter_category(strength, a, b, bulky):
    light, heavy = sorted((a, b))
    c1 = {"strength": str(strength), "items": [{"name": "x", "weight_lb": light}], "bulky": bulky}
    c2 = {"strength": str(strength), "items": [{"name": "x", "weight_lb": heavy}], "bulky": bulky}
    first = rules.assess(c1, TABLE, SETTINGS)
    second = rules.assess(c2, TABLE, SETTINGS)
    assert CATEGORIES.index(first.category) <= CATEGORIES.index(second.category)


@given(SCORES, SCORES, WEIGHTS)
def test_more_strength_never_gives_a_heavier_category(a, b, lb):
    weak, strong = sorted((a, b))
    c = {"items": [{"name": "x", "weight_lb": lb}]}
    assert (CATEGORIES.index(rules.assess({**c, "strength": str(strong)}, TABLE, SETTINGS).category)
            <= CATEGORIES.index(rules.assess({**c, "strength": str(weak)}, TABLE, SETTINGS).category))


@given(WEIGHTS, WEIGHTS, st.integers(0, 20))
def test_the_penalty_never_shrinks_with_more_load_or_rounds(a, b, rounds):
    light, heavy = sorted((a, b))
    assert (rules.over_max_penalty(heavy, 220, rounds + 1, TABLE, SETTINGS)
            <= rules.over_max_penalty(light, 220, rounds, TABLE, SETTINGS) <= 0)


@given(SCORES, WEIGHTS)
def test_next_and_previous_point_at_the_right_categories(strength, lb):
    enc = rules.assess({"strength": str(strength), "items": [{"name": "x", "weight_lb": lb}]},
                       TABLE, SETTINGS)
    if enc.next:
        more = enc.next["lb"] + (0.01 if enc.next["text"].startswith("more than") else 0)
        heavier = rules.assess({"strength": str(strength),
                                "items": [{"name": "x", "weight_lb": lb + more}]}, TABLE, SETTINGS)
        assert heavier.category == enc.next["category"]


def test_every_race_alias_names_a_race_of_the_table():
    assert set(TABLE["race_aliases"].values()) <= set(TABLE["race_base_mv"])


def test_every_band_named_by_an_adjustment_row_exists():
    bands = {band["name"] for band in TABLE["bands"]}
    for row in TABLE["adjustments"]:
        assert set(row["one"]) | set(row["other"]) <= bands, row["label"]


@pytest.mark.parametrize("field", ["weight_lb", "qty"])
@pytest.mark.parametrize("bad", [True, False, math.nan, math.inf, -1, "heavy"])
def test_a_weight_or_quantity_that_is_no_usable_number_is_refused_by_name(field, bad) -> None:
    """carried_weight reads a plain int or float at once and the rest through its checks: a
    bool is an int to Python, and NaN or infinity a float, yet none is a weight."""
    item = {"name": "rope", "weight_lb": 2, "qty": 1, field: bad}
    with pytest.raises(ValueError, match="rope"):
        rules.carried_weight({"items": [item]})


@pytest.mark.parametrize("weight", [2, 2.0, "2"])
def test_the_same_weight_weighs_the_same_as_an_int_a_float_or_text(weight) -> None:
    carried = rules.carried_weight({"items": [{"name": "rope", "weight_lb": weight,
                                               "qty": 3}]})
    assert carried.lb == 6 and [str(line) for line in carried.lines] == ["rope: 2 lb × 3"]


def test_a_tables_bounds_are_read_once_and_refused_each_time():
    """rules.bound keeps what it parsed: True after 1.0 (equal keys) is still refused, kept
    by type, and a bad bound (a word, an array, which cannot be kept) is refused by name at
    every read, never kept as an answer."""
    assert rules.bound(1.0) == parse_score(1)
    for raw in (True, "x", [18]):
        for _ in range(2):
            with pytest.raises(ValueError, match=r"Strength must be .*not " + re.escape(repr(raw))):
                rules.bound(raw)
    assert rules.bound(1) == parse_score(1) and rules.bound("18/50") == parse_score("18/50")
