"""A Parley client written from docs/PROTOCOL.md alone, in another language than the server.

Usage: parley_client.py PORT FINGERPRINT
Connects to wss://localhost:PORT/ws, pins the certificate by its SHA-256, authenticates with a
fresh P-256 key, opens a conversation, starts an ice cream, and prints one JSON line of what it
saw. Needs the `websockets` and `cryptography` packages.
"""
import asyncio
import base64
import hashlib
import json
import ssl
import sys

import websockets
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec


async def main(port: int, fingerprint: str) -> None:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the pin below is the check
    async with websockets.connect(f"wss://localhost:{port}/ws", ssl=context) as ws:
        der = ws.transport.get_extra_info("ssl_object").getpeercert(binary_form=True)
        if hashlib.sha256(der).hexdigest() != fingerprint.replace(":", "").lower():
            raise SystemExit("the server's certificate does not match the pin")

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
        await ws.send(json.dumps({"type": "resume", "id": "r1", "conversation": conversation, "after": 0}))
        events = {}  # by seq: a resume repeats what may have arrived live already
        while True:
            frame = json.loads(await ws.recv())
            if frame["type"] == "event":
                events[frame["seq"]] = frame
            if frame.get("id") == "r1":
                break
        events = [events[seq] for seq in sorted(events)]
        print(json.dumps({
            "accepted": accepted["type"], "invite": created["conversation"]["invite"],
            "kinds": [event["kind"] for event in events],
            "url": events[-1]["message"]["url"], "caption": events[-1]["message"]["layout"]["caption"],
            "prompt": events[-1]["status"]["prompt"],
        }))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2]))
