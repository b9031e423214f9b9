"""Designation and crossing (rulings D2, D6, D10, C58, C80, C46): quota, lock, deadline, immunity."""

from __future__ import annotations

from play_helpers import A, Game, N, table

from app.games.deuxrois.cards import PELERIN


def at_designation(n: int = 14, north: tuple[int, ...] = (1, 3, 4, 7, 13, 11, 15), general: str = "duc_de_bretagne",
                   south_general: str = "harold") -> Game:
    game = table(n, normandie=north)
    game.until("E", 1)
    game.do("moderator", {"type": "mod_set_general", "room": "normandie", "player": game.pid(general)})
    game.do("moderator", {"type": "mod_set_general", "room": "angleterre", "player": game.pid(south_general)})
    assert game.state.phase == "D"  # both rooms have a général: the election phase is over
    return game


def test_d6_the_general_never_names_himself() -> None:
    game = at_designation()
    duc = game.pid("duc_de_bretagne")
    assert game.refused(duc, {"type": "designate", "targets": [duc]}).code == "self_envoy"


def test_only_the_general_designates_players_of_his_room() -> None:
    game = at_designation()
    assert game.refused(game.pid("guillaume"), {"type": "designate", "targets": []}).code == "not_general"
    duc = game.pid("duc_de_bretagne")
    assert game.refused(duc, {"type": "designate", "targets": [game.pid("armurier")]}).code == "bad_envoy"


def test_d2_quota_is_enforced_at_lock() -> None:
    game = at_designation()  # 14 players, round 1: 3 envoys
    duc = game.pid("duc_de_bretagne")
    names = [game.pid(n) for n in ("guillaume", "protection_divine", "sang_royal_rouge", "tresorier_ducal")]
    assert game.refused(duc, {"type": "designate", "targets": names}).code == "too_many"
    game.do(duc, {"type": "designate", "targets": names[:2]})
    assert game.refused(duc, {"type": "lock_envoys"}).code == "quota"
    game.do(duc, {"type": "designate", "targets": names[1:]})
    game.do(duc, {"type": "lock_envoys"})
    assert game.state.designations[N].locked and game.state.designations[N].named == tuple(names[1:])
    assert game.refused(duc, {"type": "designate", "targets": names[:3]}).code == "locked"


def test_deadline_completes_the_list_at_random_and_locks() -> None:
    game = at_designation()
    duc = game.pid("duc_de_bretagne")
    game.do(duc, {"type": "designate", "targets": [game.pid("guillaume")]})
    game.tick()
    north = game.state.designations[N]
    assert north.locked and len(north.named) == 3 and north.named[0] == game.pid("guillaume")
    assert duc not in north.named and game.pid("emissaire_rouge") not in north.named  # never an unwilling Émissaire
    locked = next(e for e in game.log if e.type == "envoys_locked" and e.room is N)
    assert len(locked.drawn) == 2
    assert game.state.phase == "X"


def test_both_lists_locked_ends_designation_early() -> None:
    game = at_designation()
    for general, room in (("duc_de_bretagne", N), ("harold", A)):
        pid = game.pid(general)
        targets = [p for p in game.state.present(room) if p != pid][:3]
        game.do(pid, {"type": "designate", "targets": targets})
        game.do(pid, {"type": "lock_envoys"})
    assert game.state.phase == "X"


def test_c80_emissaire_named_against_his_will_proves_immunity_to_the_general() -> None:
    game = at_designation()
    duc, emissaire = game.pid("duc_de_bretagne"), game.pid("emissaire_rouge")
    game.do(duc, {"type": "designate", "targets": [emissaire, game.pid("guillaume")]})
    assert game.state.designations[N].named == (game.pid("guillaume"),)
    proof = game.state.knowledge[duc][-1]
    assert (proof.subject, proof.card, proof.kind) == (emissaire, 13, "proof")
    assert all(s.subject != emissaire for p in game.state.players if p.id != duc
               for s in game.state.knowledge[p.id])
    assert game.refused(duc, {"type": "designate", "targets": [emissaire]}).code == "bad_envoy"


def test_c80_emissaire_may_volunteer() -> None:
    game = at_designation()
    duc, emissaire = game.pid("duc_de_bretagne"), game.pid("emissaire_rouge")
    game.do(emissaire, {"type": "volunteer"})
    game.do(duc, {"type": "designate", "targets": [emissaire]})
    assert game.state.designations[N].named == (emissaire,)
    assert game.refused(game.pid("guillaume"), {"type": "volunteer"}).code == "not_immune"


def test_c58_royal_refusal_is_public_and_the_general_replaces() -> None:
    game = at_designation()
    duc, guillaume = game.pid("duc_de_bretagne"), game.pid("guillaume")
    game.do(duc, {"type": "designate", "targets": [guillaume]})
    game.do(guillaume, {"type": "use_power", "power": "royal_refusal"})
    assert game.state.designations[N].named == ()
    for pid in game.state.present(N):
        if pid != guillaume:
            assert game.state.knowledge[pid][-1].card == 1 and game.state.knowledge[pid][-1].kind == "publique"
    assert all(not any(s.card == 1 for s in game.state.knowledge[p]) for p in game.state.present(A))
    assert game.refused(duc, {"type": "designate", "targets": [guillaume]}).code == "bad_envoy"
    game.tick()
    assert guillaume not in game.state.designations[N].named
    game.until("D", 2)
    assert game.state.state_of(guillaume).used_game >= {"royal_refusal"}


def test_royal_refusal_needs_to_be_named() -> None:
    game = at_designation()
    err = game.refused(game.pid("guillaume"), {"type": "use_power", "power": "royal_refusal"})
    assert err.code == "power_unavailable"


def test_c46_pelerin_visits_count_the_start_and_every_entry() -> None:
    game = table(44, normandie=(PELERIN,))
    pelerin = game.pid("pelerin")
    assert game.state.card_state(PELERIN).visits(N) == 1
    game.do("moderator", {"type": "mod_move", "player": pelerin, "room": "angleterre"})
    game.do("moderator", {"type": "mod_move", "player": pelerin, "room": "normandie"})
    cs = game.state.card_state(PELERIN)
    assert (cs.visits(N), cs.visits(A)) == (2, 1)


def test_crossing_moves_envoys_and_nobody_else() -> None:
    game = at_designation()
    game.until("X", 1)
    before = dict(game.state.rooms)
    envoys = {p for d in game.state.designations.values() for p in d.named}
    game.tick()
    for pid, room in game.state.rooms.items():
        assert room is (before[pid].other if pid in envoys else before[pid])
