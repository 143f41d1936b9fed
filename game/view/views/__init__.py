"""The menu screens around the game view: title, settings, pause, game over, recording picker and watch.

Import through here (or ``game.view.app``): the package applies the headless ``arcade.gui`` workaround first.
"""

from game.view.gui_compat import apply_headless_workaround

apply_headless_workaround()

from game.view.views.game_over import GameOverView, RunSummary, record_run, summarize  # noqa: E402
from game.view.views.pause import PauseView  # noqa: E402
from game.view.views.settings_view import SettingsView  # noqa: E402
from game.view.views.title import TitleView  # noqa: E402
from game.view.views.watch import RecordingPicker, WatchView  # noqa: E402

__all__ = [
    "GameOverView",
    "PauseView",
    "RecordingPicker",
    "RunSummary",
    "SettingsView",
    "TitleView",
    "WatchView",
    "record_run",
    "summarize",
]
