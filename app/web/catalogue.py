"""Every interface string, French first (the complete catalogue) then English.

Engine messages arrive already bilingual (Text); these are the server's own words.
A test checks that every key used in templates and code is here with both languages.
"""

from __future__ import annotations

CATALOGUE: dict[str, tuple[str, str]] = {
    # application
    "app.title": ("Deux Rois pour un Royaume", "Two Kings for One Kingdom"),
    "app.short": ("Deux Rois", "Two Kings"),
    # home
    "home.tagline": ("Le jeu à rôles cachés, en direct : chaque téléphone est une carte.",
                     "The hidden-role game, live: every phone is a card."),
    "home.join": ("Rejoindre une partie", "Join a game"),
    "home.code": ("Code de la partie (4 lettres)", "Game code (4 letters)"),
    "home.join_button": ("Rejoindre", "Join"),
    "home.join_qr": ("Ou scannez le QR code affiché sur le grand écran.", "Or scan the QR code on the big screen."),
    "home.create": ("Créer une partie", "Create a game"),
    "home.rounds": ("Nombre de tours", "Number of rounds"),
    "home.rounds5": ("5 tours (partie standard)", "5 rounds (standard game)"),
    "home.rounds3": ("3 tours (partie rapide)", "3 rounds (quick game)"),
    "home.historique": ("Mode Historique", "Historical mode"),
    "home.timers": ("Minuteurs", "Timers"),
    "home.negotiation": ("Négociation, en minutes par tour", "Negotiation, minutes per round"),
    "home.negotiation_help": ("Vide : 5, 4, 3, 3, 3 (ou 4, 3, 3 en partie rapide).",
                              "Empty: 5, 4, 3, 3, 3 (or 4, 3, 3 in a quick game)."),
    "home.election_s": ("Élection (secondes)", "Election (seconds)"),
    "home.designation_s": ("Désignation (secondes)", "Designation (seconds)"),
    "home.create_button": ("Créer la partie", "Create the game"),
    "home.back": ("Retour à l'accueil", "Back to the home page"),
    # created
    "created.title": ("Partie {code} créée", "Game {code} created"),
    "created.code_is": ("Code de la partie :", "Game code:"),
    "created.mod_link": ("Lien secret du meneur de jeu", "The game master's secret link"),
    "created.mod_warning": ("Gardez ce lien pour vous : il donne accès à tout, y compris aux cartes de chacun. "
                            "Il ne sera plus affiché.",
                            "Keep this link to yourself: it opens everything, everyone's card included. "
                            "It will not be shown again."),
    "created.players": ("Les joueurs", "Players"),
    "created.players_help": ("Chaque joueur scanne ce QR code ou ouvre ce lien sur son téléphone.",
                             "Each player scans this QR code or opens this link on their phone."),
    "created.screen": ("Grand écran", "Big screen"),
    # lobby and seats
    "lobby.title": ("Partie {code}", "Game {code}"),
    "lobby.name": ("Votre nom", "Your name"),
    "lobby.join": ("Prendre place", "Take a seat"),
    "lobby.started": ("La partie a commencé : il n'y a plus de place libre.",
                      "The game has started: no seat is free any more."),
    "lobby.recover": ("J'ai déjà une place (nouveau téléphone)", "I already have a seat (new phone)"),
    "lobby.recover_help": ("Entrez le code à 6 chiffres reçu en rejoignant ; le meneur de jeu confirmera.",
                           "Enter the 6-digit code you got when joining; the game master will confirm."),
    "lobby.pin": ("Code de secours (6 chiffres)", "Recovery code (6 digits)"),
    "lobby.recover_button": ("Récupérer ma place", "Recover my seat"),
    "joined.welcome": ("Bienvenue, {name} !", "Welcome, {name}!"),
    "joined.pin_intro": ("Votre code de secours, si votre téléphone vous lâche :",
                         "Your recovery code, should your phone give up:"),
    "joined.pin_once": ("Notez-le : il ne sera plus jamais affiché.", "Write it down: it will never be shown again."),
    "joined.continue": ("Continuer", "Continue"),
    "waiting.title": ("En attente du meneur de jeu", "Waiting for the game master"),
    "waiting.help": ("Le meneur de jeu doit confirmer que ce téléphone remplace l'ancien.",
                     "The game master must confirm that this phone replaces the old one."),
    # phone
    "phone.you_are": ("Vous êtes {name}", "You are {name}"),
    "phone.keep_awake": ("Gardez l'écran allumé pendant la partie.", "Keep your screen on during the game."),
    "phone.hold_to_see": ("Maintenir pour voir ma carte", "Hold to see my card"),
    "phone.card": ("Ma carte", "My card"),
    "phone.no_card": ("Les cartes seront distribuées au début de la partie.", "Cards are dealt when the game starts."),
    "conn.label": ("connexion", "connection"),
    # status
    "status.round": ("Tour {round}", "Round {round}"),
    "status.paused": ("Partie en pause", "Game paused"),
    "phase.lobby": ("Salon : en attente des joueurs", "Lobby: waiting for players"),
    "phase.setup": ("Mise en place", "Set-up"),
    "phase.N": ("Négociation", "Negotiation"),
    "phase.E": ("Élection", "Election"),
    "phase.D": ("Désignation", "Designation"),
    "phase.X": ("Départ", "Departure"),
    "phase.A": ("Arrivée", "Arrival"),
    "phase.over": ("Partie terminée", "Game over"),
    # moderator
    "mod.title": ("Meneur de jeu · {code}", "Game master · {code}"),
    "mod.screen_link": ("Ouvrir le grand écran", "Open the big screen"),
    "mod.qr_link": ("QR code pour rejoindre", "QR code to join"),
    "mod.rebinds": ("Téléphones à confirmer", "Phones to confirm"),
    "mod.rebind_button": ("Confirmer le nouveau téléphone", "Confirm the new phone"),
    "mod.rebind_confirm": ("Le téléphone actuel de {name} sera déconnecté. Confirmer ?",
                           "{name}'s current phone will be cut off. Confirm?"),
    # screen
    "screen.title": ("Deux Rois pour un Royaume", "Two Kings for One Kingdom"),
    # errors
    "error.title": ("Oups", "Oops"),
    "error.no_game": ("Aucune partie « {code} ». Vérifiez le code.", "No game “{code}”. Check the code."),
    "error.bad_config": ("Réglages invalides : vérifiez les tours et les minuteurs.",
                         "Invalid settings: check the rounds and timers."),
    "error.bad_input": ("Requête invalide.", "Invalid request."),
    "error.forbidden": ("Requête refusée (autre site).", "Request refused (another site)."),
    "error.rate_limited": ("Trop d'actions d'un coup : attendez une seconde.", "Too many actions at once: wait a second."),
    "error.no_seat": ("Ce téléphone n'a pas de place dans cette partie.", "This phone has no seat in this game."),
    "error.not_moderator": ("Réservé au meneur de jeu : ouvrez son lien secret.",
                            "For the game master only: open their secret link."),
    "error.bad_pin": ("Nom ou code de secours incorrect.", "Wrong name or recovery code."),
    "error.no_rebind": ("Aucune demande en attente pour ce joueur.", "No pending request for this player."),
    "error.ws_message": ("Ce canal ne reçoit rien : utilisez les boutons.", "This channel takes no input: use the buttons."),
}
