"""The 50 characters as data (rulings §1): colour, objective, powers, immunities.

Texts are our own concise words, faithful to the rulebook. Powers carry the
trigger, frequency, window, reveal cost and whether they fire by themselves,
so the play engine and the phones read one catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from app.kernel.text import Text


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"
    ORANGE = "orange"
    GREEN = "green"
    GREY = "grey"
    BICOLOUR = "bicolour"  # "Bleu et Rouge": Espion (9), Infidèle (22)


class Team(StrEnum):
    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    ORANGE = "orange"
    NONE = "none"


class Window(StrEnum):
    """Phases of a round (rulings §4.3), plus set-up, end of game and always-on."""

    SETUP = "setup"
    N = "N"  # negotiation
    E = "E"  # election
    D = "D"  # designation
    X = "X"  # departure
    A = "A"  # arrival
    END = "END"
    PASSIVE = "passive"


class Frequency(StrEnum):
    ONCE_PER_GAME = "once_per_game"
    ONCE_PER_ROUND = "once_per_round"
    THREE_PER_ROUND = "three_per_round"
    UNLIMITED = "unlimited"
    PASSIVE = "passive"


class Trigger(StrEnum):
    ACTION = "action"  # the holder decides to use it
    AFTER_COMPLETE = "after_complete"  # follows a complète with someone
    NAMED_ENVOY = "named_envoy"  # when named (or a room-mate is named) envoy
    AFTER_ELECTION = "after_election"
    SETUP = "setup"
    END = "end"  # resolved at the end of the game
    PASSIVE = "passive"


class Cost(StrEnum):
    """The reveal a power costs or needs (rulings §0.2)."""

    NONE = "none"
    COMPLETE = "complete"
    FORCEE = "forcee"
    PUBLIQUE = "publique"
    PRIVEE_OR_PUBLIQUE = "privee_or_publique"
    ANNOUNCE = "announce"


class Effect(StrEnum):
    """Non-consensual effects a card can be immune to (the immunity matrix of §1.2)."""

    FORCEE = "forcee"
    SUBJUGATION = "subjugation"
    FAUSSAIRE_SWAP = "faussaire_swap"
    CONTREBANDIER = "contrebandier"
    DESIGNATION = "designation"
    HOLD = "hold"  # Geôlier block, Navigateur keep/send back, event 17
    SUBSTITUTION = "substitution"  # being replaced as envoy against one's will
    CORRUPTION = "corruption"
    OTHER_POWERS = "other_powers"


class Server(StrEnum):
    AUTO = "AUTO"
    ASSIST = "ASSIST"
    SOCIAL = "SOCIAL"


@dataclass(frozen=True, slots=True)
class Power:
    key: str
    name: Text
    text: Text
    trigger: Trigger
    frequency: Frequency
    windows: tuple[Window, ...]
    cost: Cost
    automatic: bool  # "devient / est obligé / il échange": fires by itself (rulings §0.5)
    server: Server = Server.AUTO
    copyable: bool = True  # by the Moine (ruling C76): active powers only


@dataclass(frozen=True, slots=True)
class Card:
    number: int
    key: str
    name: Text
    colour: Colour
    objective: Text
    powers: tuple[Power, ...] = ()
    immune_to: frozenset[Effect] = field(default_factory=frozenset)
    principal: bool = False  # Guillaume, Harold, Pape, Roi de France (ruling A14)

    @property
    def team(self) -> Team:
        """The team the printed colour gives (rulings §0.4, before card state)."""
        return _COLOUR_TEAM[self.colour]

    def label(self, lang: str = "fr") -> str:
        """Name with colour for the eleven duplicate names (ruling C52)."""
        name = self.name.en if lang == "en" else self.name.fr
        if self.number in DUPLICATE_NAMES:
            colour = COLOUR_NAMES[self.colour].en if lang == "en" else COLOUR_NAMES[self.colour].fr
            return f"{name} ({colour})"
        return name


_COLOUR_TEAM = {
    Colour.RED: Team.RED,
    Colour.BLUE: Team.BLUE,
    Colour.ORANGE: Team.ORANGE,
    Colour.GREEN: Team.GREEN,
    Colour.GREY: Team.NONE,
    Colour.BICOLOUR: Team.NONE,
}

COLOUR_NAMES: dict[Colour, Text] = {
    Colour.RED: Text("rouge", "red"),
    Colour.BLUE: Text("bleu", "blue"),
    Colour.ORANGE: Text("orange", "orange"),
    Colour.GREEN: Text("vert", "green"),
    Colour.GREY: Text("gris", "grey"),
    Colour.BICOLOUR: Text("bleu et rouge", "blue and red"),
}

TEAM_NAMES: dict[Team, Text] = {
    Team.RED: Text("Normands", "Normans"),
    Team.BLUE: Text("Anglais", "English"),
    Team.GREEN: Text("Royaume de France", "Kingdom of France"),
    Team.ORANGE: Text("Pape et fidèles", "Pope and faithful"),
    Team.NONE: Text("sans camp", "no side"),
}


def T(fr: str, en: str) -> Text:
    return Text(fr, en)


# ---------------------------------------------------------------- shared powers
def _autorite(key: str, name: Text) -> Power:
    return Power(
        key,
        name,
        T(
            "Une fois par tour, oblige un joueur de ta salle à une révélation complète ; tu montres ta carte d'abord.",
            "Once per round, force a player in your room into a full reveal; you show your card first.",
        ),
        Trigger.ACTION,
        Frequency.ONCE_PER_ROUND,
        (Window.N, Window.E, Window.D),
        Cost.FORCEE,
        automatic=False,
    )


def _royal_refusal() -> Power:
    return Power(
        "royal_refusal",
        T("Pouvoir royal", "Royal power"),
        T(
            "Une fois par partie, refuse d'être envoyé en révélant ta carte à toute la salle.",
            "Once per game, refuse to be sent as envoy by showing your card to the whole room.",
        ),
        Trigger.NAMED_ENVOY,
        Frequency.ONCE_PER_GAME,
        (Window.D,),
        Cost.PUBLIQUE,
        automatic=False,
    )


def _team_objective(team: Team) -> Text:
    if team is Team.RED:
        return T("Assurer la victoire des Normands.", "Make the Normans win.")
    return T("Assurer la victoire des Anglais.", "Make the English win.")


def _pair(
    number: int, key: str, name: Text, colour: Colour, powers: tuple[Power, ...], **kw: object
) -> Card:
    team = Team.RED if colour is Colour.RED else Team.BLUE
    return Card(number, key, name, colour, _team_objective(team), powers, **kw)  # type: ignore[arg-type]


def _sang_royal() -> Power:
    return Power(
        "usurp",
        T("Usurpation", "Usurpation"),
        T(
            "Une fois par partie, après l'élection et avant la fin de la désignation, révèle ta carte à la salle "
            "pour devenir général à la place de l'élu.",
            "Once per game, after the election and before designation ends, show your card to the room and "
            "become général instead of the winner.",
        ),
        Trigger.AFTER_ELECTION,
        Frequency.ONCE_PER_GAME,
        (Window.E, Window.D),
        Cost.PUBLIQUE,
        automatic=False,
    )


def _emissaire_powers() -> tuple[Power, ...]:
    return (
        Power(
            "free_passage",
            T("Libre passage", "Free passage"),
            T(
                "Pendant la négociation, change de salle quand tu veux, en révélant ta carte à la salle que tu quittes.",
                "During negotiation, change rooms at will by showing your card to the room you leave.",
            ),
            Trigger.ACTION,
            Frequency.UNLIMITED,
            (Window.N,),
            Cost.PUBLIQUE,
            automatic=False,
            server=Server.ASSIST,
        ),
        Power(
            "emissaire_immunity",
            T("Immunité", "Immunity"),
            T(
                "Aucun autre pouvoir ne t'affecte et on ne peut pas t'envoyer contre ton gré ; "
                "si on te désigne, ta carte est montrée au général.",
                "No other power affects you and you cannot be sent against your will; "
                "if named, your card is shown to the général.",
            ),
            Trigger.PASSIVE,
            Frequency.PASSIVE,
            (Window.PASSIVE,),
            Cost.NONE,
            automatic=True,
            copyable=False,
        ),
    )


def _commandant() -> Power:
    return Power(
        "escort",
        T("Escorte renforcée", "Reinforced escort"),
        T(
            "Général, révèle ta carte à la salle pour envoyer jusqu'à 2 envoyés de plus ce tour.",
            "As général, show your card to the room to send up to 2 more envoys this round.",
        ),
        Trigger.ACTION,
        Frequency.ONCE_PER_ROUND,
        (Window.D,),
        Cost.PUBLIQUE,
        automatic=False,
    )


def _contrebandier() -> Power:
    return Power(
        "smuggle",
        T("Contrebande", "Smuggling"),
        T(
            "Une fois par tour, après une révélation complète avec quelqu'un, fais-le changer de salle aussitôt.",
            "Once per round, after a full reveal with someone, send them to the other room at once.",
        ),
        Trigger.AFTER_COMPLETE,
        Frequency.ONCE_PER_ROUND,
        (Window.N,),
        Cost.COMPLETE,
        automatic=False,
        server=Server.ASSIST,
    )


def _navigateur() -> Power:
    return Power(
        "navigate",
        T("Maître des mers", "Master of the seas"),
        T(
            "Une fois par partie, révèle ta carte à la salle pour garder un envoyé de ta salle avant son départ, "
            "ou renvoyer chez lui un envoyé arrivé dans ta salle.",
            "Once per game, show your card to the room to keep an envoy of your room before departure, "
            "or send back an envoy who just arrived in your room.",
        ),
        Trigger.ACTION,
        Frequency.ONCE_PER_GAME,
        (Window.X, Window.A),
        Cost.PUBLIQUE,
        automatic=False,
    )


def _negociateur() -> Power:
    return Power(
        "pact",
        T("Pacte d'alliance", "Alliance pact"),
        T(
            "Une fois par partie, après une révélation complète, propose d'échanger vos cartes. S'il accepte, "
            "chacun prend le rôle et les pouvoirs (à nouveau utilisables) de l'autre ; un refus ne consomme rien.",
            "Once per game, after a full reveal, offer to swap cards. If accepted, each takes the other's role "
            "and powers (usable again); a refusal costs nothing.",
        ),
        Trigger.AFTER_COMPLETE,
        Frequency.ONCE_PER_GAME,
        (Window.N,),
        Cost.COMPLETE,
        automatic=False,
    )


def _pretre() -> Power:
    return _autorite("confession", T("Confession", "Confession"))


def _diplomate_royal() -> Power:
    return Power(
        "secret_council",
        T("Conseil secret", "Secret council"),
        T(
            "Une fois par partie, choisis deux joueurs de ta salle : vous trois vous révélez vos cartes "
            "complètes deux à deux, sans refus possible.",
            "Once per game, pick two players in your room: the three of you make full reveals pairwise, "
            "with no refusal.",
        ),
        Trigger.ACTION,
        Frequency.ONCE_PER_GAME,
        (Window.N,),
        Cost.FORCEE,
        automatic=False,
    )


def _porte_etendard(colour: Colour) -> Power:
    side = T("rouges", "red") if colour is Colour.RED else T("bleus", "blue")
    return Power(
        "rally",
        T("Ralliement", "Rally"),
        T(
            f"Une fois par partie, révèle ta carte à la salle : les joueurs {side.fr} présents qui le veulent "
            "ne pourront pas partir ce tour (au départ, ils montrent leur couleur et restent).",
            f"Once per game, show your card to the room: {side.en} players present who opt in cannot be sent "
            "away this round (at departure they show their colour and stay).",
        ),
        Trigger.ACTION,
        Frequency.ONCE_PER_GAME,
        (Window.N,),
        Cost.PUBLIQUE,
        automatic=False,
    )


def _diplomate_secret(king: Text) -> Power:
    return Power(
        "treaty",
        T("Proposition de traité", "Treaty proposal"),
        T(
            f"Une fois par partie, après une révélation complète avec l'autre Diplomate secret, ouvre un traité. "
            f"Ensuite, chacun doit faire une révélation complète avec son roi (toi : {king.fr}).",
            f"Once per game, after a full reveal with the other Secret Diplomat, open a treaty. Then each must "
            f"make a full reveal with their king (you: {king.en}).",
        ),
        Trigger.AFTER_COMPLETE,
        Frequency.ONCE_PER_GAME,
        (Window.N,),
        Cost.COMPLETE,
        automatic=False,
    )


def _chevalier_servant() -> Power:
    return Power(
        "sacrifice",
        T("Sacrifice", "Sacrifice"),
        T(
            "Une fois par partie, révèle ta carte à la salle pour partir à la place d'un envoyé de ta couleur.",
            "Once per game, show your card to the room to go instead of an envoy of your colour.",
        ),
        Trigger.NAMED_ENVOY,
        Frequency.ONCE_PER_GAME,
        (Window.D,),
        Cost.PUBLIQUE,
        automatic=False,
    )


def _diplomate_secret_objective(team: Team) -> Text:
    other = T("bleu", "blue") if team is Team.RED else T("rouge", "red")
    side = T("Normands", "Normans") if team is Team.RED else T("Anglais", "English")
    return T(
        f"Finir dans la même salle que le Diplomate secret {other.fr} avec un traité complet : +6 "
        f"(à la place des points d'équipe). Sinon, faire gagner les {side.fr}.",
        f"End in the same room as the {other.en} Secret Diplomat with a completed treaty: +6 "
        f"(instead of team points). Otherwise, make the {side.en} win.",
    )


RED, BLUE, ORANGE, GREEN, GREY, BICOL = (
    Colour.RED,
    Colour.BLUE,
    Colour.ORANGE,
    Colour.GREEN,
    Colour.GREY,
    Colour.BICOLOUR,
)

_CARDS: tuple[Card, ...] = (
    Card(
        1,
        "guillaume",
        T("Guillaume, duc de Normandie", "William, Duke of Normandy"),
        RED,
        T(
            "Survivre et finir en Normandie (5 pts), ou voir les Normands majoritaires en Angleterre (4 pts).",
            "Survive and end in Normandie (5 pts), or see the Normans hold a majority in England (4 pts).",
        ),
        (_autorite("authority", T("Autorité", "Authority")), _royal_refusal()),
        principal=True,
    ),
    Card(
        2,
        "harold",
        T("Harold, roi d'Angleterre", "Harold, King of England"),
        BLUE,
        T(
            "Faire capturer (Geôlier) ou assassiner Guillaume, ou le garder en Angleterre (5 pts).",
            "Have William captured (Jailer) or killed, or keep him in England (5 pts).",
        ),
        (_autorite("authority", T("Autorité", "Authority")), _royal_refusal()),
        principal=True,
    ),
    Card(
        3,
        "protection_divine",
        T("Protection divine", "Divine Protection"),
        RED,
        T(
            "Victoire normande ; +2 si tu finis dans la salle de Guillaume et que les Normands gagnent.",
            "Norman win; +2 if you end in William's room and the Normans win.",
        ),
        (
            Power(
                "protect",
                T("Protection", "Protection"),
                T(
                    "Si tu finis dans la salle de Guillaume, il est protégé des assassins (sauf si le Chaman y est).",
                    "If you end in William's room, he is safe from assassins (unless the Shaman is there).",
                ),
                Trigger.END,
                Frequency.PASSIVE,
                (Window.END,),
                Cost.NONE,
                automatic=True,
                copyable=False,
            ),
            Power(
                "pd_weakness",
                T("Faiblesse", "Weakness"),
                T(
                    "Après une révélation complète avec le Chaman, tu changes aussitôt de salle.",
                    "After a full reveal with the Shaman, you change rooms at once.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.UNLIMITED,
                (Window.PASSIVE,),
                Cost.COMPLETE,
                automatic=True,
                server=Server.ASSIST,
                copyable=False,
            ),
        ),
    ),
    _pair(
        4,
        "duc_de_bretagne",
        T("Duc de Bretagne", "Duke of Brittany"),
        RED,
        (
            Power(
                "breton_alliance",
                T("Alliance bretonne", "Breton alliance"),
                T(
                    "Une fois par partie, envoyé, révèle ta carte à la salle pour emmener un autre Normand ; "
                    "il montre sa couleur à la salle, et s'il n'est pas rouge personne ne part avec toi.",
                    "Once per game, as envoy, show your card to the room to take another Norman along; "
                    "they show their colour to the room, and if it is not red nobody comes.",
                ),
                Trigger.NAMED_ENVOY,
                Frequency.ONCE_PER_GAME,
                (Window.X,),
                Cost.PUBLIQUE,
                automatic=False,
            ),
        ),
    ),
    Card(
        5,
        "assassin",
        T("Assassin", "Assassin"),
        BLUE,
        T(
            "Assassiner Guillaume : 6 pts si tu le tues. Il faut avoir fait une révélation complète avec l'Armurier.",
            "Kill William: 6 pts if you do. You must have made a full reveal with the Armourer.",
        ),
        (
            Power(
                "assassinate",
                T("Assassinat", "Assassination"),
                T(
                    "Armé et dans la salle de Guillaume à la fin, tu le tues (sauf Protection divine).",
                    "Armed and in William's room at the end, you kill him (unless Divine Protection).",
                ),
                Trigger.END,
                Frequency.PASSIVE,
                (Window.END,),
                Cost.NONE,
                automatic=True,
                copyable=False,
            ),
        ),
    ),
    Card(
        6,
        "armurier",
        T("Armurier", "Armourer"),
        BLUE,
        T(
            "Armer l'Assassin : 5 pts si l'Assassin tue Guillaume.",
            "Arm the Assassin: 5 pts if the Assassin kills William.",
        ),
        (
            Power(
                "arm",
                T("Armement", "Arming"),
                T(
                    "Une révélation complète avec l'Assassin l'arme pour toute la partie.",
                    "A full reveal with the Assassin arms them for the rest of the game.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.UNLIMITED,
                (Window.PASSIVE,),
                Cost.COMPLETE,
                automatic=True,
                copyable=False,
            ),
        ),
    ),
    _pair(7, "sang_royal_rouge", T("Sang royal", "Royal Blood"), RED, (_sang_royal(),)),
    _pair(8, "sang_royal_bleu", T("Sang royal", "Royal Blood"), BLUE, (_sang_royal(),)),
    Card(
        9,
        "espion",
        T("Espion", "Spy"),
        BICOL,
        T(
            "Multiplier les révélations complètes : 0,5 pt par partenaire différent. Tu n'as pas de camp.",
            "Collect full reveals: 0.5 pt per different partner. You belong to no side.",
        ),
        (
            Power(
                "double_game",
                T("Double jeu", "Double game"),
                T(
                    "À chaque révélation de couleur, tu choisis de montrer rouge ou bleu.",
                    "At each colour reveal, you choose to show red or blue.",
                ),
                Trigger.PASSIVE,
                Frequency.PASSIVE,
                (Window.PASSIVE,),
                Cost.NONE,
                automatic=False,
                copyable=False,
            ),
        ),
    ),
    Card(
        10,
        "troubadour",
        T("Troubadour", "Troubadour"),
        GREY,
        T(
            "Recueillir les histoires : +1 par révélation complète avec Guillaume, Harold, le Pape et le Roi "
            "de France (une fois chacun).",
            "Gather stories: +1 per full reveal with William, Harold, the Pope and the King of France "
            "(once each).",
        ),
        (
            Power(
                "harvest",
                T("Récolte", "Harvest"),
                T(
                    "Chaque premier échange complet avec un personnage principal te rapporte 1 point.",
                    "Each first full reveal with a principal character banks 1 point.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.UNLIMITED,
                (Window.PASSIVE,),
                Cost.COMPLETE,
                automatic=True,
                copyable=False,
            ),
            Power(
                "song",
                T("Chanson de renommée", "Song of renown"),
                T(
                    "Une fois par partie, après une révélation complète avec un personnage principal, annonce "
                    "son identité à tous les joueurs.",
                    "Once per game, after a full reveal with a principal character, announce their identity "
                    "to every player.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.ONCE_PER_GAME,
                (Window.N,),
                Cost.ANNOUNCE,
                automatic=False,
            ),
        ),
    ),
    _pair(
        11,
        "tresorier_ducal",
        T("Trésorier ducal", "Ducal Treasurer"),
        RED,
        (
            Power(
                "corruption",
                T("Corruption", "Bribery"),
                T(
                    "Une fois par tour, après une révélation complète avec un non-Normand, son vote à l'élection "
                    "de ce tour suivra le tien.",
                    "Once per round, after a full reveal with a non-Norman, their vote in this round's election "
                    "will follow yours.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.ONCE_PER_ROUND,
                (Window.N,),
                Cost.COMPLETE,
                automatic=False,
            ),
        ),
    ),
    Card(
        12,
        "chaman",
        T("Chaman", "Shaman"),
        BLUE,
        T(
            "Victoire anglaise ; +5 si tu annules la Protection divine lors d'une tentative d'assassinat.",
            "English win; +5 if you cancel Divine Protection during an assassination attempt.",
        ),
        (
            Power(
                "cancel_protection",
                T("Annulation", "Cancellation"),
                T(
                    "À la fin, dans la salle de Guillaume et de la Protection divine, tu annules la protection.",
                    "At the end, in the room of William and Divine Protection, you cancel the protection.",
                ),
                Trigger.END,
                Frequency.PASSIVE,
                (Window.END,),
                Cost.NONE,
                automatic=True,
                copyable=False,
            ),
        ),
    ),
    _pair(
        13,
        "emissaire_rouge",
        T("Émissaire (carte)", "Emissary (card)"),
        RED,
        _emissaire_powers(),
        immune_to=frozenset(Effect),
    ),
    _pair(
        14,
        "emissaire_bleu",
        T("Émissaire (carte)", "Emissary (card)"),
        BLUE,
        _emissaire_powers(),
        immune_to=frozenset(Effect),
    ),
    _pair(
        15,
        "maitre_d_armes",
        T("Maître d'armes", "Master-at-Arms"),
        RED,
        (
            Power(
                "neutralise",
                T("Expertise martiale", "Martial expertise"),
                T(
                    "Après une révélation complète avec l'Armurier, il ne peut plus faire de révélation complète "
                    "tant que vous restez dans la même salle.",
                    "After a full reveal with the Armourer, they cannot make full reveals while you stay in the "
                    "same room.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.UNLIMITED,
                (Window.N,),
                Cost.COMPLETE,
                automatic=False,
            ),
        ),
    ),
    Card(
        16,
        "geolier",
        T("Geôlier", "Jailer"),
        BLUE,
        T(
            "Capturer Guillaume : s'il finit en Angleterre avec toi, les Anglais gagnent (6 pts pour toi).",
            "Capture William: if he ends in England with you, the English win (6 pts for you).",
        ),
        (
            Power(
                "block",
                T("Blocage", "Block"),
                T(
                    "Une fois par tour, au départ, empêche un envoyé de ta salle de partir, en montrant ta carte "
                    "au général ou à toute la salle.",
                    "Once per round, at departure, stop an envoy of your room from leaving by showing your card "
                    "to the général or the whole room.",
                ),
                Trigger.ACTION,
                Frequency.ONCE_PER_ROUND,
                (Window.X,),
                Cost.PRIVEE_OR_PUBLIQUE,
                automatic=False,
            ),
            Power(
                "capture",
                T("Capture", "Capture"),
                T(
                    "En Angleterre avec Guillaume à la fin : les Anglais gagnent.",
                    "In England with William at the end: the English win.",
                ),
                Trigger.END,
                Frequency.PASSIVE,
                (Window.END,),
                Cost.NONE,
                automatic=True,
                copyable=False,
            ),
        ),
    ),
    _pair(
        17,
        "cartographe",
        T("Cartographe", "Cartographer"),
        RED,
        (
            Power(
                "survey",
                T("Connaissance du terrain", "Lay of the land"),
                T(
                    "Une fois par partie, au départ, révèle ta carte à la salle pour voir 5 secondes la carte de "
                    "chaque envoyé de ta salle.",
                    "Once per game, at departure, show your card to the room to see each envoy of your room's "
                    "card for 5 seconds.",
                ),
                Trigger.ACTION,
                Frequency.ONCE_PER_GAME,
                (Window.X,),
                Cost.PUBLIQUE,
                automatic=False,
            ),
        ),
    ),
    Card(
        18,
        "thegn",
        T("Thegn", "Thegn"),
        BLUE,
        T("Assurer la victoire des Anglais.", "Make the English win."),
        (
            Power(
                "loyalty",
                T("Serment de loyauté", "Oath of loyalty"),
                T(
                    "Dans la salle de Harold à la fin, si Guillaume est en Angleterre : +2 aux Anglais dans le "
                    "décompte de la majorité.",
                    "In Harold's room at the end, with William in England: +2 English in the majority count.",
                ),
                Trigger.END,
                Frequency.PASSIVE,
                (Window.END,),
                Cost.NONE,
                automatic=True,
                copyable=False,
            ),
        ),
    ),
    Card(
        19,
        "dame_noble",
        T("Dame noble", "Noble Lady"),
        RED,
        T(
            "Finir dans la même salle que le Chevalier saxon (+3), et faire gagner les Normands ; les deux "
            "s'additionnent.",
            "End in the same room as the Saxon Knight (+3), and make the Normans win; both add up.",
        ),
    ),
    Card(
        20,
        "chevalier_saxon",
        T("Chevalier saxon", "Saxon Knight"),
        BLUE,
        T(
            "Finir dans la même salle que la Dame noble (+3), et faire gagner les Anglais ; les deux "
            "s'additionnent.",
            "End in the same room as the Noble Lady (+3), and make the English win; both add up.",
        ),
        (
            Power(
                "protection_oath",
                T("Serment de protection", "Oath of protection"),
                T(
                    "Si la Dame noble de ta salle est désignée envoyée, révèle vos deux cartes à la salle pour "
                    "partir à sa place.",
                    "If the Noble Lady in your room is named envoy, show both your cards to the room and go "
                    "instead of her.",
                ),
                Trigger.NAMED_ENVOY,
                Frequency.UNLIMITED,
                (Window.D,),
                Cost.PUBLIQUE,
                automatic=False,
            ),
        ),
    ),
    Card(
        21,
        "faussaire",
        T("Faussaire", "Forger"),
        GREY,
        T(
            "Se débarrasser de cette carte : qui la tient à la fin perd 5 points.",
            "Get rid of this card: whoever holds it at the end loses 5 points.",
        ),
        (
            Power(
                "forgery",
                T("Contrefaçon", "Forgery"),
                T(
                    "Chaque fois que tu montres ta carte ou ta couleur à un seul joueur, vous échangez vos cartes "
                    "(avec leurs points et statuts) avant tout autre pouvoir.",
                    "Whenever you show your card or colour to a single player, you swap cards (with their points "
                    "and statuses) before any other power.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.UNLIMITED,
                (Window.PASSIVE,),
                Cost.NONE,
                automatic=True,
                copyable=False,
            ),
        ),
    ),
    Card(
        22,
        "infidele",
        T("Infidèle", "Turncoat"),
        BICOL,
        T(
            "Faire gagner le camp de ta couleur en fin de partie (4 pts).",
            "Make the side of your end-of-game colour win (4 pts).",
        ),
        (
            Power(
                "conversion",
                T("Conversion", "Conversion"),
                T(
                    "Tu choisis rouge ou bleu au début. Une révélation complète avec Guillaume ou la Protection "
                    "divine te rend rouge, avec Harold ou le Chaman bleu.",
                    "You choose red or blue at the start. A full reveal with William or Divine Protection makes "
                    "you red, with Harold or the Shaman blue.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.UNLIMITED,
                (Window.SETUP, Window.PASSIVE),
                Cost.COMPLETE,
                automatic=True,
                copyable=False,
            ),
        ),
        immune_to=frozenset({Effect.SUBJUGATION}),
    ),
    _pair(23, "commandant_rouge", T("Commandant de la garde", "Captain of the Guard"), RED, (_commandant(),)),
    _pair(24, "commandant_bleu", T("Commandant de la garde", "Captain of the Guard"), BLUE, (_commandant(),)),
    Card(
        25,
        "moine",
        T("Moine bénédictin", "Benedictine Monk"),
        ORANGE,
        T(
            "La paix du Pape : 8 pts si Guillaume, Harold, le Pape et le Roi de France (s'il est en jeu) "
            "finissent dans la même salle.",
            "The Pope's peace: 8 pts if William, Harold, the Pope and the King of France (if dealt) end in "
            "one room.",
        ),
        (
            Power(
                "copy",
                T("Copie", "Copy"),
                T(
                    "Après une révélation complète, copie si tu veux le pouvoir actif de l'autre jusqu'à la "
                    "prochaine arrivée d'envoyés.",
                    "After a full reveal, you may copy the other's active power until the next envoys arrive.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.UNLIMITED,
                (Window.N,),
                Cost.COMPLETE,
                automatic=False,
                copyable=False,
            ),
        ),
    ),
    Card(
        26,
        "pape",
        T("Pape", "Pope"),
        ORANGE,
        T(
            "Réunir Guillaume, Harold et le Roi de France (s'il est en jeu) dans ta salle à la fin : la paix, "
            "8 pts.",
            "Bring William, Harold and the King of France (if dealt) into your room at the end: peace, 8 pts.",
        ),
        (
            Power(
                "blessing",
                T("Bénédiction", "Blessing"),
                T(
                    "Après une révélation complète, offre ta bénédiction : le béni sort de l'assujettissement et "
                    "peut rejoindre tes fidèles, pour toujours.",
                    "After a full reveal, offer your blessing: the blessed leaves subjection and may join your "
                    "faithful, for good.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.UNLIMITED,
                (Window.N, Window.E, Window.D, Window.X, Window.A),
                Cost.COMPLETE,
                automatic=False,
            ),
        ),
        immune_to=frozenset({Effect.SUBJUGATION}),
        principal=True,
    ),
    _pair(27, "contrebandier_rouge", T("Contrebandier", "Smuggler"), RED, (_contrebandier(),)),
    _pair(28, "contrebandier_bleu", T("Contrebandier", "Smuggler"), BLUE, (_contrebandier(),)),
    _pair(29, "navigateur_rouge", T("Navigateur", "Navigator"), RED, (_navigateur(),)),
    _pair(30, "navigateur_bleu", T("Navigateur", "Navigator"), BLUE, (_navigateur(),)),
    _pair(31, "negociateur_rouge", T("Négociateur", "Negotiator"), RED, (_negociateur(),)),
    _pair(32, "negociateur_bleu", T("Négociateur", "Negotiator"), BLUE, (_negociateur(),)),
    _pair(33, "pretre_rouge", T("Prêtre", "Priest"), RED, (_pretre(),)),
    _pair(34, "pretre_bleu", T("Prêtre", "Priest"), BLUE, (_pretre(),)),
    Card(
        35,
        "roi_de_france",
        T("Roi de France", "King of France"),
        GREEN,
        T(
            "Rallier la majorité des joueurs comme sujets : 8 pts, 2 pour chaque sujet.",
            "Rally a majority of players as subjects: 8 pts, 2 for each subject.",
        ),
        (
            Power(
                "subjugation",
                T("Assujettissement", "Subjugation"),
                T(
                    "Chaque révélation complète fait de ton partenaire un sujet de France, sans condition de "
                    "victoire propre.",
                    "Every full reveal makes your partner a subject of France, with no win condition of their own.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.UNLIMITED,
                (Window.PASSIVE,),
                Cost.COMPLETE,
                automatic=True,
            ),
            _royal_refusal(),
        ),
        principal=True,
    ),
    Card(
        36,
        "chancelier",
        T("Chancelier royal", "Royal Chancellor"),
        GREEN,
        T("Faire gagner le Royaume de France (8 pts).", "Make the Kingdom of France win (8 pts)."),
        (
            Power(
                "confirm",
                T("Confirmation", "Confirmation"),
                T(
                    "Une fois par tour, après une révélation complète avec un sujet, confirme son assujettissement : "
                    "il ne pourra plus être béni.",
                    "Once per round, after a full reveal with a subject, confirm their subjection: they can no "
                    "longer be blessed.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.ONCE_PER_ROUND,
                (Window.N,),
                Cost.COMPLETE,
                automatic=False,
            ),
        ),
    ),
    _pair(37, "diplomate_royal_rouge", T("Diplomate royal", "Royal Diplomat"), RED, (_diplomate_royal(),)),
    _pair(38, "diplomate_royal_bleu", T("Diplomate royal", "Royal Diplomat"), BLUE, (_diplomate_royal(),)),
    _pair(39, "porte_etendard_rouge", T("Porte-étendard", "Standard-Bearer"), RED, (_porte_etendard(RED),)),
    _pair(40, "porte_etendard_bleu", T("Porte-étendard", "Standard-Bearer"), BLUE, (_porte_etendard(BLUE),)),
    Card(
        41,
        "diplomate_secret_rouge",
        T("Diplomate secret", "Secret Diplomat"),
        RED,
        _diplomate_secret_objective(Team.RED),
        (_diplomate_secret(T("Guillaume", "William")),),
    ),
    Card(
        42,
        "diplomate_secret_bleu",
        T("Diplomate secret", "Secret Diplomat"),
        BLUE,
        _diplomate_secret_objective(Team.BLUE),
        (_diplomate_secret(T("Harold", "Harold")),),
    ),
    Card(
        43,
        "pelerin",
        T("Pèlerin", "Pilgrim"),
        ORANGE,
        T(
            "Visiter chaque salle au moins deux fois et finir avec le Pape : +4 ; et aider le Pape (fidèle).",
            "Visit each room at least twice and end with the Pope: +4; and help the Pope (faithful).",
        ),
        (
            Power(
                "religious_immunity",
                T("Immunité religieuse", "Religious immunity"),
                T(
                    "Une fois désigné envoyé, personne ne peut t'empêcher de partir.",
                    "Once named envoy, nobody can stop you from leaving.",
                ),
                Trigger.PASSIVE,
                Frequency.PASSIVE,
                (Window.PASSIVE,),
                Cost.NONE,
                automatic=True,
                copyable=False,
            ),
        ),
        immune_to=frozenset({Effect.HOLD, Effect.SUBSTITUTION}),
    ),
    Card(
        44,
        "devin",
        T("Devin", "Seer"),
        GREY,
        T(
            "Deviner des personnages : +2 par bonne réponse.",
            "Guess characters: +2 per correct guess.",
        ),
        (
            Power(
                "mind_reading",
                T("Lecture de pensées", "Mind reading"),
                T(
                    "Une fois par tour, révèle ta carte à la salle et nomme le personnage d'un joueur avec qui tu "
                    "n'as jamais fait de révélation complète ; il te montre sa carte : +2 si c'est juste.",
                    "Once per round, show your card to the room and name the character of a player you never "
                    "made a full reveal with; they show you their card: +2 if right.",
                ),
                Trigger.ACTION,
                Frequency.ONCE_PER_ROUND,
                (Window.N,),
                Cost.PUBLIQUE,
                automatic=False,
            ),
        ),
    ),
    _pair(
        45,
        "interprete",
        T("Interprète", "Interpreter"),
        RED,
        (
            Power(
                "translation",
                T("Traduction", "Translation"),
                T(
                    "Trois fois par tour, rejoins une révélation complète en cours dans ta salle : vous vous "
                    "voyez tous les trois.",
                    "Three times per round, join a full reveal in progress in your room: all three of you see "
                    "each other.",
                ),
                Trigger.ACTION,
                Frequency.THREE_PER_ROUND,
                (Window.N,),
                Cost.FORCEE,
                automatic=False,
            ),
        ),
    ),
    Card(
        46,
        "berserker",
        T("Berserker nordique", "Norse Berserker"),
        BLUE,
        T("Assurer la victoire des Anglais.", "Make the English win."),
        (
            Power(
                "fury",
                T("Furie guerrière", "Battle fury"),
                T(
                    "Dans la salle de Guillaume à la fin, tu le tues s'il y a plus de bleus que de rouges et pas "
                    "de Protection divine active.",
                    "In William's room at the end, you kill him if blue outnumbers red and no Divine Protection "
                    "is active.",
                ),
                Trigger.END,
                Frequency.PASSIVE,
                (Window.END,),
                Cost.NONE,
                automatic=True,
                copyable=False,
            ),
            Power(
                "berserker_weakness",
                T("Faiblesse", "Weakness"),
                T(
                    "Tu ne peux faire que des révélations complètes.",
                    "You can only make full reveals.",
                ),
                Trigger.PASSIVE,
                Frequency.PASSIVE,
                (Window.PASSIVE,),
                Cost.NONE,
                automatic=True,
                copyable=False,
            ),
        ),
    ),
    _pair(47, "chevalier_servant_rouge", T("Chevalier servant", "Devoted Knight"), RED, (_chevalier_servant(),)),
    _pair(48, "chevalier_servant_bleu", T("Chevalier servant", "Devoted Knight"), BLUE, (_chevalier_servant(),)),
    Card(
        49,
        "vagabond",
        T("Vagabond", "Vagabond"),
        GREY,
        T("Finir dans la salle victorieuse : +3.", "End in the winning room: +3."),
        (
            Power(
                "survival",
                T("Instinct de survie", "Survival instinct"),
                T(
                    "Une fois par partie, au départ des envoyés, révèle ta carte à la salle et change de salle "
                    "sans être envoyé.",
                    "Once per game, when envoys leave, show your card to the room and change rooms without being "
                    "an envoy.",
                ),
                Trigger.ACTION,
                Frequency.ONCE_PER_GAME,
                (Window.X,),
                Cost.PUBLIQUE,
                automatic=False,
                server=Server.ASSIST,
            ),
        ),
    ),
    Card(
        50,
        "capitaine_mercenaire",
        T("Capitaine mercenaire", "Mercenary Captain"),
        GREY,
        T(
            "Finir dans le camp victorieux : après allégeance, les mêmes points que ton seigneur.",
            "End on the winning side: once pledged, the same points as your lord.",
        ),
        (
            Power(
                "contract",
                T("Contrat de service", "Service contract"),
                T(
                    "Une fois par partie, après une révélation complète avec Guillaume, Harold ou le Roi de France, "
                    "prête-lui allégeance et rejoins son camp.",
                    "Once per game, after a full reveal with William, Harold or the King of France, pledge to "
                    "them and join their side.",
                ),
                Trigger.AFTER_COMPLETE,
                Frequency.ONCE_PER_GAME,
                (Window.N,),
                Cost.COMPLETE,
                automatic=False,
            ),
        ),
    ),
)

DUPLICATE_NAMES: frozenset[int] = frozenset(
    n for pair in ((7, 8), (13, 14), (23, 24), (27, 28), (29, 30), (31, 32), (33, 34), (37, 38), (39, 40),
                   (41, 42), (47, 48)) for n in pair
)

CARDS: dict[int, Card] = {c.number: c for c in _CARDS}
CARDS_BY_KEY: dict[str, Card] = {c.key: c for c in _CARDS}

# Card numbers named by the rules.
GUILLAUME, HAROLD, PROTECTION_DIVINE, DUC_DE_BRETAGNE, ASSASSIN, ARMURIER = 1, 2, 3, 4, 5, 6
ESPION, TROUBADOUR, TRESORIER, CHAMAN = 9, 10, 11, 12
EMISSAIRES = frozenset({13, 14})
MAITRE_D_ARMES, GEOLIER, CARTOGRAPHE, THEGN, DAME, CHEVALIER_SAXON = 15, 16, 17, 18, 19, 20
FAUSSAIRE, INFIDELE, MOINE, PAPE, ROI_DE_FRANCE, CHANCELIER = 21, 22, 25, 26, 35, 36
DIPLOMATES_SECRETS = (41, 42)
PELERIN, DEVIN, INTERPRETE, BERSERKER, VAGABOND, CAPITAINE = 43, 44, 45, 46, 49, 50
PRINCIPALS = frozenset({GUILLAUME, HAROLD, PAPE, ROI_DE_FRANCE})
PLEDGE_LORDS = frozenset({GUILLAUME, HAROLD, ROI_DE_FRANCE})  # ruling A14/C51: not the Pope


def card(number: int) -> Card:
    return CARDS[number]
