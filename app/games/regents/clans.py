"""The six clans, their coats of arms, the six action cards and the players' colours (§1.3, RG-60)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.kernel.text import Text


class Clan(StrEnum):
    CAMPBELL = "CAMPBELL"
    MAC_DUFF = "MAC_DUFF"
    MAC_LEOD = "MAC_LEOD"
    MAC_KINTOSH = "MAC_KINTOSH"
    MAC_GREGOR = "MAC_GREGOR"
    STEWART = "STEWART"


class Card(StrEnum):
    SUSPICION = "SUSPICION"
    DIPLOMATIE = "DIPLOMATIE"
    ALLIANCE = "ALLIANCE"
    PRIVILEGE = "PRIVILEGE"
    INFLUENCE = "INFLUENCE"
    TRAHISON = "TRAHISON"


CLANS: tuple[Clan, ...] = tuple(Clan)
CARDS: tuple[Card, ...] = tuple(Card)

CLAN_NAMES: dict[Clan, str] = {
    Clan.CAMPBELL: "Campbell", Clan.MAC_DUFF: "Mac Duff", Clan.MAC_LEOD: "Mac Leod",
    Clan.MAC_KINTOSH: "Mac Kintosh", Clan.MAC_GREGOR: "Mac Gregor", Clan.STEWART: "Stewart",
}


@dataclass(frozen=True, slots=True)
class Blason:
    """A clan's coat of arms: the one generic element it replaces, and by what (L53-L58)."""

    lacks: Text  # the generic element missing from it (printed on the card it discards)
    variant: Text  # its own element instead
    position: Text


BLASONS: dict[Clan, Blason] = {
    Clan.MAC_KINTOSH: Blason(Text("le lion", "the lion"), Text("la fleur de lys", "the fleur-de-lis"),
                             Text("en haut à droite", "top right")),
    Clan.MAC_GREGOR: Blason(Text("les barres verticales", "the vertical bars"),
                            Text("les barres horizontales", "the horizontal bars"),
                            Text("en bas à gauche", "bottom left")),
    Clan.MAC_DUFF: Blason(Text("la vague", "the wave"), Text("le chevron", "the chevron"),
                          Text("en haut à gauche", "top left")),
    Clan.STEWART: Blason(Text("l'étoile", "the star"), Text("la lune", "the moon"),
                         Text("en bas à droite", "bottom right")),
    Clan.MAC_LEOD: Blason(Text("la forme d'écu commune", "the common shield outline"),
                          Text("sa propre forme d'écu", "its own shield outline"), Text("le contour", "the outline")),
    Clan.CAMPBELL: Blason(Text("le rivet rond", "the round rivet"), Text("le rivet carré", "the square rivet"),
                          Text("au centre", "centre")),
}

# The card whose generic element a clan's blason lacks: playing it proves "not this clan" (L289-L294).
CARD_OF_CLAN: dict[Clan, Card] = {
    Clan.MAC_KINTOSH: Card.SUSPICION, Clan.MAC_GREGOR: Card.DIPLOMATIE, Clan.MAC_LEOD: Card.ALLIANCE,
    Clan.CAMPBELL: Card.PRIVILEGE, Clan.MAC_DUFF: Card.INFLUENCE, Clan.STEWART: Card.TRAHISON,
}
CLAN_OF_CARD: dict[Card, Clan] = {card: clan for clan, card in CARD_OF_CLAN.items()}

CARD_NAMES: dict[Card, Text] = {
    Card.SUSPICION: Text("Suspicion", "Suspicion"),
    Card.DIPLOMATIE: Text("Diplomatie", "Diplomacy"),
    Card.ALLIANCE: Text("Alliance", "Alliance"),
    Card.PRIVILEGE: Text("Privilège", "Privilege"),
    Card.INFLUENCE: Text("Influence", "Influence"),
    Card.TRAHISON: Text("Trahison", "Treason"),
}

CARD_EFFECTS: dict[Card, Text] = {
    Card.SUSPICION: Text("Renvoyez hors du château un agent d'un adversaire.",
                         "Send one opponent's agent out of the castle."),
    Card.DIPLOMATIE: Text("Au décompte, une égalité de votre choix compte comme une majorité (pas sous le roi).",
                          "At the count, one tie of your choice counts as a majority (not under the King)."),
    Card.ALLIANCE: Text("Au décompte, le roi ne vous bloque pas (il faut quand même la majorité).",
                        "At the count, the King does not block you (you still need the majority)."),
    Card.PRIVILEGE: Text("Votre prochain déplacement d'agent peut en déplacer deux pour une action.",
                         "Your next agent move may move two agents for one action."),
    Card.INFLUENCE: Text("Avancez tout de suite d'une piste de 2 cases, ou de deux pistes d'1 case.",
                         "Advance one track 2 cases, or two tracks 1 case, at once."),
    Card.TRAHISON: Text("Échangez deux agents de votre choix, dans deux lieux différents.",
                        "Swap two agents of your choice standing in two different spaces."),
}


def card_name(card: Card) -> Text:
    return CARD_NAMES[card]


def not_clan_line(card: Card) -> Text:
    clan = CLAN_NAMES[CLAN_OF_CARD[card]]
    return Text(f"Prouve : pas {clan}", f"Proves: not {clan}")


class Colour(StrEnum):
    ROUGE = "ROUGE"
    JAUNE = "JAUNE"
    BLEU = "BLEU"
    VERT = "VERT"
    VIOLET = "VIOLET"


COLOURS: tuple[Colour, ...] = tuple(Colour)
COLOUR_NAMES: dict[Colour, Text] = {
    Colour.ROUGE: Text("Rouge", "Red"), Colour.JAUNE: Text("Jaune", "Yellow"), Colour.BLEU: Text("Bleu", "Blue"),
    Colour.VERT: Text("Vert", "Green"), Colour.VIOLET: Text("Violet", "Purple"),
}
# Colour is never the only signal (RG-60): each colour has a shape too.
COLOUR_SHAPES: dict[Colour, str] = {
    Colour.ROUGE: "circle", Colour.JAUNE: "square", Colour.BLEU: "triangle",
    Colour.VERT: "diamond", Colour.VIOLET: "star",
}
