"""The end-of-game debrief over HTTP: SVG pictures for phones, dashboard and screen, and the JSON export.

A short game is played through the routes (phones reveal, the moderator moves
on); before the end every picture is refused, a stranger is refused always, and
at the end the pictures parse as XML, name every player (escaped), speak French
or English, and the export replays to the game's own points.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from starlette.testclient import TestClient
from web_helpers import act, create_game, join, phone

from app.games.deuxrois.debrief import debrief
from app.games.deuxrois.scenario import simulate_file_data

NAMES = ["Zoé <b>&amp;", "Bob & Co", 'Ève "la" <rusée>', "Dan's", "Émile", "Fanny"]
SVG = "{http://www.w3.org/2000/svg}"
PICTURES = ("graph", "timeline")


def texts(svg: str) -> str:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return "\n".join("".join(el.itertext()) for el in root.iter(f"{SVG}text"))


def setup(client: TestClient) -> tuple[str, dict[str, TestClient], Any]:
    code, secret = create_game(client, rounds="3")
    assert client.get(f"/m/{code}?k={secret}", follow_redirects=False).status_code == 303
    phones = {name: join(client, code, name)[0] for name in NAMES}
    hub = client.app.state.games._hubs[code]  # type: ignore[attr-defined]
    assert act(client, code, {"type": "start"}, moderator=True).status_code == 200
    return code, phones, hub


def urls(code: str, picture: str) -> dict[str, str]:
    return {"player": f"/g/{code}/debrief/{picture}.svg", "moderator": f"/m/{code}/debrief/{picture}.svg",
            "screen": f"/s/{code}/debrief/{picture}.svg"}


def play_to_end(client: TestClient, code: str, phones: dict[str, TestClient], hub: Any) -> tuple[str, str]:
    """A complète between two players of one room, then the moderator moves on; returns the pair's names."""
    by_id = {p.id: p.name for p in hub.state.players}
    while hub.state.phase != "N":
        assert act(client, code, {"type": "mod_advance"}, moderator=True).status_code == 200
    room = next(iter(hub.state.rooms.values()))
    a, b = [pid for pid in hub.state.present(room)][:2]
    assert act(phones[by_id[a]], code, {"type": "request_reveal", "target": b, "kind": "complete"}).status_code == 200
    rid = next(iter(hub.state.requests))
    answer = {"type": "answer_reveal", "request_id": rid, "accept": True}
    assert act(phones[by_id[b]], code, answer).status_code == 200
    for _ in range(300):
        if hub.state.over:
            break
        for prompt in list(hub.state.prompts.values()):
            choice = {"type": "answer_prompt", "prompt_id": prompt.id, "choice": prompt.options[0]}
            act(phones[by_id[prompt.player_id]], code, choice)
        for name, url in urls(code, "graph").items():
            who = phones[NAMES[0]] if name == "player" else client
            assert who.get(url).status_code == 404, (name, hub.state.phase)  # not before the end
        act(client, code, {"type": "mod_advance"}, moderator=True)
    assert hub.state.over
    return by_id[a], by_id[b]


def test_debrief_pictures_only_at_the_end_for_seats_moderator_and_screen(client: TestClient) -> None:
    code, phones, hub = setup(client)
    stranger = phone(client)
    assert stranger.get(f"/g/{code}/debrief/graph.svg").status_code == 403
    assert stranger.get(f"/m/{code}/debrief/graph.svg").status_code == 403
    assert phones[NAMES[1]].get(f"/m/{code}/export.json").status_code == 403
    a, b = play_to_end(client, code, phones, hub)
    assert stranger.get(f"/g/{code}/debrief/graph.svg").status_code == 403  # still a stranger after the end
    assert stranger.get(f"/m/{code}/debrief/timeline.svg").status_code == 403
    assert stranger.get(f"/g/{code}/debrief/nothing.svg").status_code == 403
    assert client.get(f"/m/{code}/debrief/nothing.svg").status_code == 404
    result = debrief(hub.state)
    assert result is not None
    for picture in PICTURES:
        for kind, url in urls(code, picture).items():
            who = phones[NAMES[2]] if kind == "player" else client
            response = who.get(url)
            assert response.status_code == 200, (kind, url)
            assert response.headers["content-type"].startswith("image/svg+xml")
            words = texts(response.text)
            for name in NAMES:
                assert name in words  # the parsed text is the name itself...
            assert "<b>" not in response.text and "&lt;b&gt;&amp;amp;" in response.text  # ...escaped in the file
            assert "<rusée>" not in response.text
    graph = texts(client.get(f"/m/{code}/debrief/graph.svg").text)
    assert "Légende" in graph and "révélation complète" in graph and "mutuelle" in graph
    assert "Normandie" in graph and "Angleterre" in graph
    english = texts(client.get(f"/m/{code}/debrief/graph.svg?lang=en").text)
    assert "Legend" in english and "full reveal" in english and "England" in english
    assert "Légende" not in english
    timeline = texts(phones[NAMES[0]].get(f"/g/{code}/debrief/timeline.svg?lang=fr").text)
    assert "tour 1" in timeline and "tour 3" in timeline and "★ = général" in timeline
    # The complète of the game is one mutual edge, drawn once.
    complete = [e for e in result.edges if e.kind == "complete"]
    assert len(complete) == 1 and complete[0].mutual
    assert {hub.state.name(complete[0].a), hub.state.name(complete[0].b)} == {a, b}
    raw = client.get(f"/m/{code}/debrief/graph.svg?lang=fr").text
    assert raw.count('data-kind="complete"') == 1


def test_results_region_shows_the_pictures_and_the_export_downloads_a_replayable_scenario(client: TestClient) -> None:
    code, phones, hub = setup(client)
    dashboard = client.get(f"/m/{code}").text
    assert "/debrief/" not in dashboard and "export.json" not in dashboard  # nothing before the end
    assert "/debrief/" not in phones[NAMES[0]].get(f"/g/{code}").text
    play_to_end(client, code, phones, hub)
    dashboard = client.get(f"/m/{code}").text
    assert f'src="/m/{code}/debrief/graph.svg?lang=fr"' in dashboard
    assert f'src="/m/{code}/debrief/timeline.svg?lang=fr"' in dashboard
    assert f'href="/m/{code}/export.json"' in dashboard and "Exporter le journal (JSON)" in dashboard
    page = phones[NAMES[3]].get(f"/g/{code}").text
    assert f'src="/g/{code}/debrief/graph.svg?lang=fr"' in page and "export.json" not in page
    assert f'src="/s/{code}/debrief/timeline.svg?lang=fr"' in client.get(f"/s/{code}").text
    english = client.get(f"/m/{code}?lang=en").text
    assert "Export the log (JSON)" in english and "Debrief" in english
    response = client.get(f"/m/{code}/export.json")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert "attachment" in response.headers["content-disposition"]
    simulated = simulate_file_data(response.json())
    real = {hub.state.name(pid): points for pid, points in hub.state.result["points"].items()}
    assert simulated["points"] == real
    assert simulated["events"] == hub.seq
