"""The 28 events of Mode Historique as data (rulings §5.3).

Each event says when it applies (the current crossing, the next round, at
arrival, at the announcement), what the server enforces, and what phones can
only announce to the players concerned.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.kernel.text import Text


class When(StrEnum):
    NONE = "none"
    EXCHANGE = "exchange"  # the crossing being prepared (window X/A of this round)
    NEXT = "next"  # the next round
    ARRIVAL = "arrival"  # granted at arrival, used in the next round (event 15)
    ANNOUNCE = "announce"  # at the announcement (event 28)


@dataclass(frozen=True, slots=True)
class HistoricalEvent:
    number: int
    key: str
    name: Text
    when: When
    summary: Text  # what the event does, in our words
    instruction: Text | None = None  # what players must do that the server cannot enforce
    needs_ages: bool = False


def _e(
    number: int,
    key: str,
    name: tuple[str, str],
    when: When,
    summary: tuple[str, str],
    instruction: tuple[str, str] | None = None,
    needs_ages: bool = False,
) -> HistoricalEvent:
    return HistoricalEvent(
        number,
        key,
        Text(*name),
        when,
        Text(*summary),
        Text(*instruction) if instruction else None,
        needs_ages,
    )


EVENTS: dict[int, HistoricalEvent] = {
    e.number: e
    for e in (
        _e(1, "aucun", ("Pas d'événement", "No event"), When.NONE,
           ("Rien ne change ce tour.", "Nothing changes this round.")),
        _e(2, "tempete", ("Tempête en Manche", "Storm in the Channel"), When.EXCHANGE,
           ("La traversée est annulée : les cartes des envoyés sont mélangées et redistribuées entre eux, "
            "et chacun rentre dans sa salle. Aucun autre changement de salle avant le prochain tour.",
            "The crossing is cancelled: the envoys' cards are shuffled and dealt back among them, and each "
            "returns to their room. No other room change until the next round."),
           ("Envoyés : sortez de la salle, puis revenez avec votre nouvelle carte.",
            "Envoys: step out of the room, then come back with your new card.")),
        _e(3, "veille_hastings", ("Veille de Hastings", "Eve of Hastings"), When.NEXT,
           ("Négociation réduite à 1 minute.", "Negotiation cut to 1 minute.")),
        _e(4, "extinction_voix", ("Extinction de voix", "Silence"), When.NEXT,
           ("Interdit de parler ce tour. Qui parle est mis dehors jusqu'à l'élection du général.",
            "No speaking this round. Whoever speaks is put outside until the général is elected."),
           ("Silence total ! Les révélations par le téléphone restent permises.",
            "Total silence! Reveals through the phone are still allowed.")),
        _e(5, "couronnement", ("La Cérémonie du Couronnement", "The Coronation"), When.NEXT,
           ("Le général élu peut exiger d'un joueur de sa salle qu'il montre sa couleur à toute la salle.",
            "The elected général may make one player of the room show their colour to the whole room.")),
        _e(6, "serment_royal", ("Le Serment royal", "The Royal Oath"), When.NEXT,
           ("Le général nommé ce tour montre sa couleur (pas sa carte) à toute la salle.",
            "The général named this round shows their colour (not their card) to the whole room.")),
        _e(7, "ost_feodal", ("L'Ost féodal", "The Feudal Host"), When.NEXT,
           ("Le général choisit un lieutenant parmi ceux qui n'ont pas voté pour lui ; le lieutenant désigne "
            "les envoyés.",
            "The général picks a lieutenant among those who did not vote for them; the lieutenant names the "
            "envoys."),
           ("Le général ne peut pas suggérer de noms au lieutenant.",
            "The général may not suggest names to the lieutenant.")),
        _e(8, "traversee", ("La Traversée de la Manche", "Crossing the Channel"), When.EXCHANGE,
           ("Les envoyés d'une même salle se montrent leur couleur avant de partir.",
            "Envoys leaving the same room show each other their colour before leaving.")),
        _e(9, "invasion_viking", ("L'Invasion viking", "The Viking Invasion"), When.NEXT,
           ("Le dernier général de chaque salle peut voir de force la carte de deux joueurs, sans montrer la "
            "sienne, et ne peut faire aucune révélation complète ce tour.",
            "Each room's last général may force two players to show their card, without showing theirs, and "
            "may make no full reveal this round.")),
        _e(10, "echec_negociations", ("L'Échec des négociations", "Failed Talks"), When.NEXT,
           ("Négociation réduite à 2 minutes.", "Negotiation cut to 2 minutes."),
           ("On ne parle qu'à deux à la fois : pas de discussion de groupe.",
            "Talk only in pairs: no group discussion.")),
        _e(11, "nuit_hastings", ("La Nuit de Hastings", "The Night of Hastings"), When.NEXT,
           ("Seules les révélations de couleur sont possibles ce tour ; les pouvoirs qui demandent une autre "
            "révélation sont inactifs.",
            "Only colour reveals are possible this round; powers needing any other reveal are inactive.")),
        _e(12, "bal_traitres", ("Le Bal des traîtres", "The Traitors' Ball"), When.EXCHANGE,
           ("Chaque envoyé peut désigner un autre joueur de sa salle pour partir à sa place.",
            "Each envoy may name another player of their room to go instead.")),
        _e(13, "frappe_monnaies", ("La Frappe des monnaies", "Minting Coins"), When.NEXT,
           ("Toute révélation complète s'accompagne d'un petit gage échangé.",
            "Every full reveal comes with a small token exchanged."),
           ("Échangez un petit objet à chaque révélation complète.",
            "Exchange a small object at each full reveal.")),
        _e(14, "parlement_sages", ("Le Parlement des sages", "The Council of Elders"), When.NEXT,
           ("Les deux joueurs les plus âgés de chaque salle peuvent, d'un commun accord, protéger une personne "
            "des missions ce tour.",
            "The two oldest players of each room may agree to protect one person from missions this round."),
           None, True),
        _e(15, "espions_tostig", ("Les Espions de Tostig", "Tostig's Spies"), When.ARRIVAL,
           ("Chaque envoyé qui vient de traverser pourra forcer une révélation au prochain tour.",
            "Each envoy who just crossed may force one reveal next round.")),
        _e(16, "route_pelerins", ("La Route des pèlerins", "The Pilgrims' Road"), When.NEXT,
           ("Les fidèles du Pape qui ont fait une révélation complète avec lui peuvent changer de salle une "
            "fois ce tour.",
            "The Pope's faithful who made a full reveal with him may change rooms once this round.")),
        _e(17, "etat_siege", ("État de siège", "State of Siege"), When.EXCHANGE,
           ("Le général peut renvoyer tout ou partie des envoyés qui arrivent chez lui.",
            "The général may send back some or all of the envoys arriving in their room.")),
        _e(18, "saint_clair", ("Le Traité de Saint-Clair-sur-Epte", "The Treaty of Saint-Clair-sur-Epte"),
           When.NEXT,
           ("Au prochain tour, chaque général désigne les envoyés de l'autre salle.",
            "Next round, each général names the envoys of the other room."),
           ("Généraux : allez dans l'autre salle pour désigner, puis revenez.",
            "Généraux: go to the other room to name envoys, then come back.")),
        _e(19, "raids_cotiers", ("Les Raids côtiers", "Coastal Raids"), When.NEXT,
           ("Le général choisit trois joueurs qui vont espionner l'autre salle pendant une minute.",
            "The général picks three players who spy on the other room for one minute."),
           ("Pillards : allez dans l'autre salle, puis revenez quand votre téléphone vous le dit.",
            "Raiders: go to the other room, and come back when your phone tells you.")),
        _e(20, "vent_revolte", ("Un vent de révolte", "A Wind of Revolt"), When.NEXT,
           ("Trois envoyés de plus par salle, mais chaque envoyé peut refuser de partir.",
            "Three more envoys per room, but each envoy may refuse to go.")),
        _e(21, "course_reliques", ("La Course aux reliques", "The Race for Relics"), When.NEXT,
           ("Le porteur de la relique ne peut pas refuser une révélation complète ; la relique passe à qui l'a "
            "demandée. Son porteur à la fin de la négociation devient général.",
            "The relic holder cannot refuse a full reveal; the relic passes to whoever asked. Its holder at the "
            "end of negotiation becomes général.")),
        _e(22, "proces_stigand", ("Le Procès de Stigand", "The Trial of Stigand"), When.EXCHANGE,
           ("Avant de partir, chaque envoyé révèle sa carte à toute sa salle.",
            "Before leaving, each envoy shows their card to their whole room.")),
        _e(23, "serment_sang", ("Le Serment du sang", "The Blood Oath"), When.EXCHANGE,
           ("Deux par deux, les volontaires échangent définitivement leurs cartes, puis révèlent leur nouveau "
            "rôle dans la salle où ils se trouvent.",
            "In pairs, volunteers swap cards for good, then reveal their new role in the room where they are.")),
        _e(24, "emissaires_pape", ("Les Émissaires du Pape", "The Pope's Envoys"), When.NEXT,
           ("Chaque général désigne un légat qui circule librement entre les salles ce tour et finit où il "
            "veut.",
            "Each général names a legate who moves freely between rooms this round and ends where they like.")),
        _e(25, "port_citadelle", ("Port et Citadelle", "Harbour and Citadel"), When.NEXT,
           ("Chaque salle se divise en Port et Citadelle. Seuls les joueurs du Port partent et votent ; la "
            "Citadelle protège des révélations forcées mais empêche d'être général, et ses occupants montrent "
            "leur couleur en fin de négociation.",
            "Each room splits into Harbour and Citadel. Only Harbour players leave and vote; the Citadel "
            "protects from forced reveals but bars becoming général, and its occupants show their colour at "
            "the end of negotiation."),
           ("Indiquez votre zone sur votre téléphone et tenez-vous-y.",
            "Set your zone on your phone and stand in it.")),
        _e(26, "camp_tente", ("Le Camp militaire et la Tente royale", "The Camp and the Royal Tent"), When.NEXT,
           ("Dans le Camp, seules les révélations de couleur sont permises. Dans la Tente (3 au plus), tous les "
            "occupants se révèlent leur carte.",
            "In the Camp only colour reveals are allowed. In the Tent (3 at most), all occupants reveal their "
            "cards to each other."),
           ("Indiquez votre zone sur votre téléphone et tenez-vous-y.",
            "Set your zone on your phone and stand in it.")),
        _e(27, "champ_bataille", ("Le Champ de bataille et le Village", "The Battlefield and the Village"),
           When.NEXT,
           ("Tout le monde commence sur le Champ de bataille et n'en sort qu'en forçant une révélation ; au "
            "Village, règles habituelles.",
            "Everyone starts on the Battlefield and leaves it only by forcing a reveal; in the Village, usual "
            "rules."),
           ("Tenez-vous dans la zone que votre téléphone indique.",
            "Stand in the zone your phone shows.")),
        _e(28, "comete_halley", ("La Comète de Halley", "Halley's Comet"), When.ANNOUNCE,
           ("Chaque joueur montre sa couleur à toute sa salle.",
            "Every player shows their colour to their whole room.")),
    )
}

MIN_NUMBER, MAX_NUMBER = 1, 14


def event_for(a: int, b: int) -> HistoricalEvent:
    """The event picked by the two généraux' numbers (L400): their sum, 2..28."""
    return EVENTS[a + b]
