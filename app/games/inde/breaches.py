"""Why a cell is refused: the rule's id (as the rulings number it) and a short bilingual message.

A refused placement raises `EngineError(f"rule_{id}", text)`; the phone shows
the same text for a tapped cell that is not highlighted.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.kernel.text import EngineError, Text


@dataclass(frozen=True, slots=True)
class Breach:
    rule: str  # G5, P1, J4, ... (the rulings' ids)
    text: Text

    @property
    def code(self) -> str:
        return f"rule_{self.rule}"

    def error(self) -> EngineError:
        return EngineError(self.code, self.text)

    def as_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "code": self.code, "text": self.text.as_dict()}


def _b(rule: str, fr: str, en: str) -> Breach:
    return Breach(rule, Text(f"Interdit ({rule}) : {fr}", f"Not allowed ({rule}): {en}"))


OFF_BOARD = _b("A11", "cette case n'est pas sur le plateau.", "that cell is not on the board.")
DEUX_ROIS = _b("A11", "rien ne se pose jamais sur une case Deux Rois.", "nothing ever stands on a Deux Rois cell.")
OCCUPIED = _b("A11", "cette case est déjà occupée ; choisissez une case libre.",
              "that cell is taken; pick a free one.")
TROU = _b("G5", "cette case est un trou, fermée sur ses quatre côtés.",
          "that cell is a hole, closed on all four sides.")

P1 = _b("P1", "un palais se pose à 2 ou 3 cases d'un de vos palais, ou à 2 cases d'un de vos jardins.",
        "a palace goes 2 or 3 cells from one of your palaces, or 2 cells from one of your gardens.")
P2 = _b("P2", "un palais ne peut pas toucher un palais ennemi.", "a palace may not touch an enemy palace.")
P3 = _b("P3", "un palais ne peut pas toucher un autre de vos palais.",
        "a palace may not touch another of your palaces.")
P4 = _b("P4", "un palais ne peut pas toucher un de vos jardins.", "a palace may not touch one of your gardens.")

J1 = _b("J1", "un jardin se pose en diagonale d'un de vos jardins ou contre un côté d'un de vos palais.",
        "a garden goes diagonally next to one of your gardens, or against a side of one of your palaces.")
J2 = _b("J2", "deux de vos jardins ne se touchent qu'en diagonale.",
        "two of your gardens may touch only diagonally.")
J3 = _b("J3", "un jardin ne touche votre palais que par un côté, jamais en diagonale.",
        "a garden touches your palace only side to side, never diagonally.")
J4 = _b("J4", "ce jardin relierait deux de vos domaines (ou un domaine et un autre palais).",
        "this garden would join two of your domains (or a domain and another palace).")
J5 = _b("J5", "votre domaine croiserait un domaine ennemi.", "your domain would cross an enemy domain.")

V1 = _b("V1", "un village se pose à 2 cases d'un de vos palais ou d'un de vos villages.",
        "a village goes 2 cells from one of your palaces or villages.")
V2 = _b("V2", "un village ne touche ni vos palais ni vos villages.",
        "a village touches none of your palaces or villages.")
V3 = _b("V3", "un village ne se pose pas à côté d'un tigre seul (hors réserve).",
        "a village may not go next to a lone tiger (one outside a reserve).")

X1 = _b("X1", "un temple se pose à côté d'un de vos villages.", "a temple goes next to one of your villages.")
X2 = _b("X2", "un temple ne touche aucun autre temple, ami ou ennemi.",
        "a temple touches no other temple, friend or foe.")

A38 = _b("A38", "un animal se pose à côté d'une de vos figurines.", "an animal goes next to one of your pieces.")
E2 = _b("E2", "deux éléphants seuls (hors réserve) ne peuvent pas se toucher.",
        "two lone elephants (outside a reserve) may not touch.")
