"""The words of the score sheet: every line says who, how many points, and why.

A line reads « Étiquette : +3, raison » / "Label: +3, reason". Points use the
typographic minus (−5) and a decimal comma in French (+1,5), a point in English.
"""

from __future__ import annotations

from app.games.deuxrois.cards import CARDS, GUILLAUME, HAROLD, Team
from app.games.deuxrois.deal import ROOM_NAMES, Room
from app.games.deuxrois.scoring.model import Line, Points, as_points
from app.games.deuxrois.scoring.outcome import Outcome
from app.kernel.text import Text

T = Text

# Guillaume's and Harold's full card names carry a comma; the sheet uses the short names.
_SHORT = {GUILLAUME: T("Guillaume", "William"), HAROLD: T("Harold", "Harold")}


def card_name(card: int) -> Text:
    if card in _SHORT:
        return _SHORT[card]
    return T(CARDS[card].label("fr"), CARDS[card].label("en"))


def _number(halves: int, decimal: str) -> str:
    if halves == 0:
        return "0"
    sign = "+" if halves > 0 else "\u2212"
    whole, half = divmod(abs(halves), 2)
    return f"{sign}{whole}{decimal}5" if half else f"{sign}{whole}"


def line(halves: int, label: Text, why: Text | None = None) -> Line:
    fr = f"{label.fr} : {_number(halves, ',')}"
    en = f"{label.en}: {_number(halves, '.')}"
    if why is not None:
        fr, en = f"{fr}, {why.fr}", f"{en}, {why.en}"
    points: Points = as_points(halves)
    return Line(points, T(fr, en))


TEAM_WIN = {
    Team.RED: T("Équipe normande victorieuse", "Norman team wins"),
    Team.BLUE: T("Équipe anglaise victorieuse", "English team wins"),
    Team.GREEN: T("Royaume de France victorieux", "Kingdom of France wins"),
    Team.ORANGE: T("Fidèle du Pape, la paix est conclue", "Faithful of the Pope, peace is made"),
}
TEAM_NAME = {
    Team.RED: T("Équipe normande", "Norman team"),
    Team.BLUE: T("Équipe anglaise", "English team"),
    Team.GREEN: T("Royaume de France", "Kingdom of France"),
    Team.ORANGE: T("Fidèles du Pape", "Faithful of the Pope"),
}
VICTORY_OF = {
    Team.RED: T("victoire normande", "Norman victory"),
    Team.BLUE: T("victoire anglaise", "English victory"),
    Team.GREEN: T("victoire du Royaume de France", "victory of the Kingdom of France"),
    Team.ORANGE: T("la paix du Pape l'emporte", "the Pope's peace prevails"),
}

NO_TEAM = T("sans équipe", "no team")
NO_PLEDGE = T("aucune allégeance prêtée", "no pledge made")
BANKED = T("points acquis pendant la partie", "points banked during play")
FAUSSAIRE_MALUS = T("détient la carte en fin de partie", "holds the card at the end")
SUBJECT = T("Sujet du Roi de France", "Subject of the King of France")
SUBJECT_WIN = T("la France l'emporte", "France wins")
SUBJECT_NO_WIN = T("pas de condition de victoire", "no win condition")
FAITHFUL = T("Fidèle du Pape", "Faithful of the Pope")
FAITHFUL_NO_PEACE = T("pas de paix ; conditions d'origine abandonnées", "no peace; original conditions given up")
TREATY = T("traité conclu et même salle que l'autre Diplomate secret, au lieu des points d'équipe",
           "treaty made and same room as the other Secret Diplomat, instead of team points")


PD_BONUS = {
    True: T("dans la salle de Guillaume et victoire normande", "in William's room and a Norman victory"),
    False: T("pas de bonus : il faut la salle de Guillaume et une victoire normande",
             "no bonus: needs William's room and a Norman victory"),
}
CHAMAN_BONUS = {
    True: T("a annulé la Protection divine lors de l'assassinat",
            "cancelled the Divine Protection during the assassination"),
    False: T("pas de tentative d'assassinat où il annule la Protection divine",
             "no assassination attempt in which he cancels the Divine Protection"),
}


def lovers(card: int, together: bool) -> Text:
    """The Dame Noble (19) and the Chevalier Saxon (20): the other one's name, with its article."""
    other = T("le Chevalier saxon", "the Saxon Knight") if card == 19 else T("la Dame noble", "the Noble Lady")
    if together:
        return T(f"même salle que {other.fr}", f"same room as {other.en}")
    return T(f"pas dans la même salle que {other.fr}", f"not in the same room as {other.en}")


def pelerin(normandie: int, angleterre: int, with_pope: bool) -> Text:
    if normandie >= 2 and angleterre >= 2 and with_pope:
        return T("chaque salle visitée au moins 2 fois et même salle que le Pape",
                 "visited each room at least twice and ends in the Pope's room")
    pope = T("même salle que le Pape", "with the Pope") if with_pope else T("pas avec le Pape", "not with the Pope")
    return T(f"{normandie} visite(s) en Normandie, {angleterre} en Angleterre (2 de chaque requises), {pope.fr}",
             f"{normandie} visit(s) to Normandy, {angleterre} to England (2 each needed), {pope.en}")


def vagabond(room: Room, winning: Room) -> Text:
    won = room_name(winning)
    if room is winning:
        return T(f"dans la salle victorieuse ({won.fr})", f"in the winning room ({won.en})")
    here = room_name(room)
    return T(f"en {here.fr}, hors de la salle victorieuse ({won.fr})",
             f"in {here.en}, not in the winning room ({won.en})")


def special_reason(card: int, outcome: Outcome, points: int) -> Text:
    """Why a named character gets more than the team's base points."""
    kind = outcome.kind
    if card == GUILLAUME:
        if kind == "N-HOME":
            return T("vivant en Normandie", "alive in Normandy")
        return T("libre en Angleterre, Normands majoritaires", "free in England, Normans in the majority")
    if card == 5:
        return T("a assassiné Guillaume", "assassinated William")
    if card == 46:
        return T("a tué Guillaume (Furie guerrière)", "killed William (Battle fury)")
    if card == 6:
        if points == 5:
            return T("l'Assassin qu'il a armé a tué Guillaume", "the Assassin he armed killed William")
        return T("victoire anglaise, Guillaume tué par le Berserker", "English victory, William killed by the Berserker")
    if card == 16:
        return T("Guillaume retenu en Angleterre", "William held in England")
    if card == 35:
        return T("la majorité des joueurs ralliée", "the majority of players rallied")
    if card in (25, 26):
        return T("la paix est conclue", "peace is made")
    return VICTORY_OF[outcome.winners]  # Harold, the Chancelier


def pledge_reason(lord: int) -> Text:
    name = card_name(lord)
    return T(f"allégeance à {name.fr}, son camp l'emporte", f"pledged to {name.en}, whose side wins")


def room_name(room: Room) -> Text:
    return ROOM_NAMES[room]


def headline(outcome: Outcome, rdf_in_play: bool) -> Text:
    kind, room = outcome.kind, room_name(outcome.room)
    if kind == "N-HOME":
        return T("Guillaume est vivant en Normandie : les Normands gagnent.",
                 "William is alive in Normandy: the Normans win.")
    if kind == "N-MAJ":
        r, b = outcome.reds, outcome.blues
        return T(f"Guillaume est libre en Angleterre et les Normands y sont majoritaires ({r} contre {b}) : "
                 "les Normands gagnent.",
                 f"William is free in England and the Normans hold the majority there ({r} to {b}): "
                 "the Normans win.")
    if kind == "E-GEOLIER":
        return T("Le Geôlier retient Guillaume en Angleterre : les Anglais gagnent.",
                 "The Jailer holds William in England: the English win.")
    if kind == "E-ASSASSIN":
        if outcome.killer_card == 5:
            return T(f"L'Assassin tue Guillaume en {room.fr} : les Anglais gagnent.",
                     f"The Assassin kills William in {room.en}: the English win.")
        return T(f"Le Berserker nordique tue Guillaume en {room.fr} : les Anglais gagnent.",
                 f"The Norse Berserker kills William in {room.en}: the English win.")
    if kind == "E-DEFAULT":
        return T("Guillaume finit en Angleterre sans autre condition remplie : les Anglais gagnent.",
                 "William ends in England and no other condition holds: the English win.")
    if kind == "FRANCE":
        k = outcome.rallied
        return T(f"{k} joueurs sont ralliés au Roi de France : le Royaume de France l'emporte.",
                 f"{k} players are rallied to the King of France: the Kingdom of France wins.")
    kings = T("Guillaume, Harold et le Roi de France", "William, Harold and the King of France") if rdf_in_play \
        else T("Guillaume et Harold", "William and Harold")
    return T(f"Le Pape réunit {kings.fr} en {room.fr} : la paix est conclue.",
             f"The Pope brings {kings.en} together in {room.en}: peace is made.")
