"""Seekers written from docs/PROTOCOL.md (Finding a game) alone.

Usage: seek_client.py PORT FINGERPRINT PAIRS
Chris seeks a casual classic Battleship and closes his WebSocket (1000, as a browser tab that
closes does); at once Dora and Eve seek the same, PAIRS times over, each giving a name at
`authenticate` and seeking right after `welcome`. Prints one JSON line: the names in the first
pairing's `conversation` frame, and every member entry of every pairing that came without a
name. Needs the `websockets` and `cryptography` packages.
"""
import asyncio
import json
import sys

import websockets

from parley_client import check_pin, pinned_context
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
import base64

SEEK = {"type": "seek", "game": "battleship", "variant": "classic", "secondsPerMove": 300, "rated": False}


async def signed_in(port: int, fingerprint: str, name: str):
    ws = await websockets.connect(f"wss://localhost:{port}/ws", ssl=pinned_context())
    check_pin(ws.transport.get_extra_info("ssl_object").getpeercert(binary_form=True), fingerprint)
    challenge = json.loads(await ws.recv())
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    signature = key.sign(("parley-auth-v1:" + challenge["nonce"]).encode(), ec.ECDSA(hashes.SHA256()))
    await ws.send(json.dumps({
        "type": "authenticate", "v": 1, "name": name,
        "publicKey": base64.b64encode(public).decode(), "signature": base64.b64encode(signature).decode(),
    }))
    welcome = json.loads(await ws.recv())
    assert welcome["type"] == "welcome", welcome
    return ws


async def answer(ws, id: str, kind: str):
    """The frame of type `kind` that answers the request `id`; other frames are passed over."""
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 20))
        if frame.get("id") == id and frame["type"] in (kind, "rejected"):
            assert frame["type"] == kind, frame
            return frame


async def main(port: int, fingerprint: str, pairs: int) -> None:
    chris = await signed_in(port, fingerprint, "Chris")
    await chris.send(json.dumps({**SEEK, "id": "c1"}))
    await answer(chris, "c1", "done")
    await chris.close()

    first = None
    nameless = []
    for index in range(pairs):
        dora = await signed_in(port, fingerprint, f"Dora{index}")
        await dora.send(json.dumps({**SEEK, "id": "d"}))
        eve = await signed_in(port, fingerprint, f"Eve{index}")
        await eve.send(json.dumps({**SEEK, "id": "e"}))
        for ws, id in ((dora, "d"), (eve, "e")):
            paired = await answer(ws, id, "conversation")
            members = paired["conversation"]["members"]
            if first is None:
                first = sorted(member.get("name", "") for member in members)
            nameless += [f"pair {index}, seen by {id}: {member}" for member in members if not member.get("name")]
        await dora.close()
        await eve.close()
    print(json.dumps({"first": first, "nameless": nameless}))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2], int(sys.argv[3])))
