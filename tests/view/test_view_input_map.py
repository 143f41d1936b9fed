"""Key bindings: layouts, Shift alternative, contexts, conflicts, JSON round trip."""

from __future__ import annotations

from arcade import key

from game.view.input_map import (
    ARROWS,
    NUMPAD,
    ONE_HAND,
    PRESETS,
    STANDARD,
    VI,
    WASD,
    Context,
    InputMap,
    Intent,
    KeyAction,
    find_conflicts,
    key_name,
    parse_key,
)


def test_every_layout_moves_in_four_directions() -> None:
    im = InputMap()
    for layout in (ARROWS, WASD, NUMPAD, VI, ONE_HAND):
        for intent in (Intent.MOVE_N, Intent.MOVE_E, Intent.MOVE_S, Intent.MOVE_W):
            assert layout[intent], (layout, intent)
    assert im.resolve(key.UP, 0) == KeyAction(Intent.MOVE_N)
    assert im.resolve(key.D, 0) == KeyAction(Intent.MOVE_E)
    assert im.resolve(key.NUM_2, 0) == KeyAction(Intent.MOVE_S)
    assert im.resolve(key.H, 0) == KeyAction(Intent.MOVE_W)
    assert im.resolve(key.NUM_5, 0) == KeyAction(Intent.WAIT)


def test_same_key_means_different_things_per_context() -> None:
    im = InputMap()
    assert im.resolve(key.UP, 0, Context.MENU) == KeyAction(Intent.MENU_UP)
    assert im.resolve(key.UP, 0, Context.MAP) == KeyAction(Intent.MOVE_N)
    assert im.resolve(key.ENTER, 0, Context.MENU) == KeyAction(Intent.CONFIRM)
    assert im.resolve(key.SPACE, 0, Context.MENU) is None  # wait is a map intent


def test_shift_gives_the_alternative_unless_bound_itself() -> None:
    im = InputMap()
    assert im.resolve(key.RIGHT, key.MOD_SHIFT) == KeyAction(Intent.MOVE_E, alternative=True)
    assert im.resolve(key.TAB, key.MOD_SHIFT) == KeyAction(Intent.PREV_OPTION)
    assert im.resolve(key.TAB, 0) == KeyAction(Intent.NEXT_OPTION)
    assert im.resolve(key.RIGHT, key.MOD_NUMLOCK | key.MOD_CAPSLOCK) == KeyAction(Intent.MOVE_E)
    assert im.resolve(key.F5, 0) is None


def test_presets_have_no_conflicts() -> None:
    for name, bindings in PRESETS.items():
        assert find_conflicts(bindings) == [], name
    clash = dict(STANDARD)
    clash[Intent.INSPECT] = ("W",)
    assert find_conflicts(clash) == [(Context.MAP, "W", (Intent.MOVE_N, Intent.INSPECT))]


def test_one_hand_preset() -> None:
    im = InputMap(PRESETS["one_hand"])
    assert im.resolve(key.W, 0) == KeyAction(Intent.MOVE_N)
    assert im.resolve(key.SPACE, 0) == KeyAction(Intent.CONFIRM)
    assert im.resolve(key.E, 0) == KeyAction(Intent.NEXT_OPTION)
    assert im.resolve(key.UP, 0) is None


def test_key_names() -> None:
    assert parse_key("shift+tab") == (key.MOD_SHIFT, key.TAB)
    assert key_name(key.TAB, key.MOD_SHIFT) == "SHIFT+TAB"
    assert key_name(key.NUM_8) == "NUM_8"
    for bad in ("", "HYPER+A", "NOPE", "MOD_SHIFT"):
        try:
            parse_key(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_json_round_trip_and_bad_entries() -> None:
    im = InputMap(PRESETS["one_hand"])
    assert InputMap.from_json(im.to_json()) == im
    problems: list[str] = []
    loaded = InputMap.from_json({"move_n": ["UP", "BOGUS"], "fly": ["F"], "wait": "SPACE"}, problems)
    assert loaded.keys_for(Intent.MOVE_N) == ("UP",)
    assert loaded.keys_for(Intent.WAIT) == STANDARD[Intent.WAIT]
    assert len(problems) == 3
