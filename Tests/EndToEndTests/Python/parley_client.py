"""A Parley client written from docs/PROTOCOL.md alone, in another language than the server.

Usage: parley_client.py PORT FINGERPRINT
Connects to wss://localhost:PORT/ws, pins the certificate by its SHA-256, authenticates with a
fresh P-256 key, opens a conversation, starts an ice cream and adds scoops, checks each message's
signature and chain against the key the server publishes (docs/FAIRNESS.md), and prints one JSON
line of what it saw. Needs the `websockets` and `cryptography` packages.
"""
import asyncio
import base64
import hashlib
import http.client
import json
import ssl
import sys

import websockets
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey


def pinned_context():
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the pin is the check
    return context


def check_pin(der: bytes, fingerprint: str) -> None:
    if hashlib.sha256(der).hexdigest() != fingerprint.replace(":", "").lower():
        raise SystemExit("the server's certificate does not match the pin")


def published_key(port: int, fingerprint: str) -> Ed25519PublicKey:
    connection = http.client.HTTPSConnection("localhost", port, context=pinned_context())
    connection.connect()
    check_pin(connection.sock.getpeercert(binary_form=True), fingerprint)
    connection.request("GET", "/.well-known/parley-key")
    document = json.loads(connection.getresponse().read())
    assert document["algorithm"] == "Ed25519", document
    raw = base64.b64decode(document["publicKey"])
    assert hashlib.sha256(raw).hexdigest() == document["sha256"], document
    return Ed25519PublicKey.from_public_bytes(raw)


def base64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def checked(url: str, key: Ed25519PublicKey, previous) -> str:
    """Verifies a signed state URL; returns its digest, which the next message names."""
    address, _, query = url.partition("?")
    game = address.rsplit("/g/", 1)[1]
    statement, _, signature = query.rpartition("&Chain_Signature=")
    signed = b"parley-chain-1\n" + game.encode() + b"\n" + statement.encode()
    key.verify(base64.urlsafe_b64decode(signature + "=" * (-len(signature) % 4)), signed)  # raises if forged
    items = dict(pair.split("=", 1) for pair in statement.split("&"))
    assert items["Chain_Previous"] == (previous or "none"), (items, previous)
    return base64url(hashlib.sha256(signed).digest())


async def main(port: int, fingerprint: str) -> None:
    server_key = published_key(port, fingerprint)
    async with websockets.connect(f"wss://localhost:{port}/ws", ssl=pinned_context()) as ws:
        check_pin(ws.transport.get_extra_info("ssl_object").getpeercert(binary_form=True), fingerprint)

        challenge = json.loads(await ws.recv())
        assert challenge["type"] == "challenge", challenge
        key = ec.generate_private_key(ec.SECP256R1())
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        signature = key.sign(("parley-auth-v1:" + challenge["nonce"]).encode(), ec.ECDSA(hashes.SHA256()))
        await ws.send(json.dumps({
            "type": "authenticate", "v": 1, "name": "Snake",
            "publicKey": base64.b64encode(public).decode(),
            "signature": base64.b64encode(signature).decode(),
        }))
        welcome = json.loads(await ws.recv())
        assert welcome["type"] == "welcome", welcome
        assert welcome["account"] == hashlib.sha256(public).hexdigest(), welcome

        async def answer(request_id):
            while True:
                frame = json.loads(await ws.recv())
                if frame.get("id") == request_id:
                    return frame

        await ws.send(json.dumps({"type": "create", "id": "c1"}))
        created = await answer("c1")
        conversation = created["conversation"]["conversation"]
        await ws.send(json.dumps({"type": "send", "id": "m1", "conversation": conversation,
                                  "game": "icecream", "variant": "solo", "url": "?Base=base03"}))
        accepted = await answer("m1")
        # The next state: the URL shown with scoops added; the server's own items may stay in it.
        first = None
        while first is None:
            frame = json.loads(await ws.recv())
            if frame["type"] == "event" and frame["kind"] == "message":
                first = frame
        await ws.send(json.dumps({"type": "send", "id": "m2", "conversation": conversation, "game": "icecream",
                                  "session": first["message"]["session"], "basedOn": first["seq"],
                                  "url": first["message"]["url"] + "&Scoops=scoops02"}))
        scooped = await answer("m2")
        assert scooped["type"] == "accepted", scooped
        await ws.send(json.dumps({"type": "resume", "id": "r1", "conversation": conversation, "after": 0}))
        events = {}  # by seq: a resume repeats what may have arrived live already
        while True:
            frame = json.loads(await ws.recv())
            if frame["type"] == "event":
                events[frame["seq"]] = frame
            if frame.get("id") == "r1":
                break
        events = [events[seq] for seq in sorted(events)]
        digest = None
        for event in events:
            if event["kind"] == "message":
                digest = checked(event["message"]["url"], server_key, digest)
        print(json.dumps({
            "accepted": accepted["type"], "invite": created["conversation"]["invite"],
            "kinds": [event["kind"] for event in events],
            "url": events[1]["message"]["url"], "caption": events[1]["message"]["layout"]["caption"],
            "prompt": events[1]["status"]["prompt"],
            "verified": sum(1 for event in events if event["kind"] == "message"),
        }))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2]))
