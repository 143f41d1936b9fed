"""The `sophias_children:` section of a bout scenario file (docs/scenario-format.md, "Sophia's
Children"): stats, Squads, adjudicated surprise, scripted answers and asserted outcomes."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.sophias_children.stats import ScStats

ANSWER_KEYS = ("bid", "designate", "interrupt", "counter", "member", "action", "defence", "roller")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ScriptItem(_Strict):
    """One answer, for the next decision of this kind that comes due for `who`."""

    who: str
    bid: int | None = Field(default=None, ge=0)
    designate: str | None = None
    interrupt: int | None = Field(default=None, ge=0)
    counter: int | None = Field(default=None, ge=0)
    member: str | None = None
    action: str | None = None
    defence: str | None = None
    roller: str | None = None

    @model_validator(mode="after")
    def _one_answer(self) -> ScriptItem:
        given = [k for k in ANSWER_KEYS if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"give exactly one of {', '.join(ANSWER_KEYS)} (got {', '.join(given) or 'none'})")
        return self

    @property
    def kind(self) -> str:
        return next(k for k in ANSWER_KEYS if getattr(self, k) is not None)

    @property
    def value(self) -> str | int:
        found: str | int | None = getattr(self, self.kind)
        assert found is not None
        return found


class Expect(_Strict):
    """What must hold at a checkpoint: `after` 0 is when First Action is given (before it resolves),
    N after the N-th action resolved; left out, at the end of the run."""

    after: int | None = Field(default=None, ge=0)
    round: int | None = Field(default=None, ge=1)
    pools: dict[str, int] = Field(default_factory=dict)
    initiative: dict[str, int] = Field(default_factory=dict)
    acting: str | None = None
    up: list[str] | None = None
    out: list[str] = Field(default_factory=list)
    fighting: list[str] = Field(default_factory=list)
    status: dict[str, list[str]] = Field(default_factory=dict)
    wounded: list[str] = Field(default_factory=list)
    unhurt: list[str] = Field(default_factory=list)
    log: list[str] = Field(default_factory=list)
    not_log: list[str] = Field(default_factory=list)


class ScSection(_Strict):
    stats: dict[str, ScStats] = Field(default_factory=dict)
    squads: dict[str, list[str]] = Field(default_factory=dict)
    surprise: dict[str, bool] = Field(default_factory=dict)
    rounds: int = Field(default=20, ge=1)
    actions: int | None = Field(default=None, ge=0)
    script: list[ScriptItem] = Field(default_factory=list)
    ai: Literal["rest", "none"] = "rest"
    expect: list[Expect] = Field(default_factory=list)
