"""A WebSocket client by hand, over TLS, that shows what the server does with its pings.

    python3 ping_client.py PORT MODE SECONDS

MODE `answer` answers each ping with its pong; `ignore` answers nothing. The client never
authenticates. It reads for SECONDS, or until the server closes, and prints as JSON the pings it
saw and the server's close (code and reason), if any. MODE `vanish` leaves at once after the
upgrade without a close frame or TLS's close_notify, and `reset` with a TCP reset.
"""

import base64
import json
import os
import socket
import ssl
import struct
import sys
import time


def read_exactly(stream, count):
    data = b""
    while len(data) < count:
        chunk = stream.recv(count - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def read_frame(stream):
    first, second = read_exactly(stream, 2)
    opcode = first & 0x0F
    length = second & 0x7F
    if length == 126:
        (length,) = struct.unpack("!H", read_exactly(stream, 2))
    elif length == 127:
        (length,) = struct.unpack("!Q", read_exactly(stream, 8))
    return opcode, read_exactly(stream, length)


def write_frame(stream, opcode, payload):
    mask = os.urandom(4)
    header = bytes([0x80 | opcode, 0x80 | len(payload)])
    stream.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


def main():
    port, mode, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    stream = context.wrap_socket(socket.create_connection(("127.0.0.1", port)), server_hostname="localhost")
    key = base64.b64encode(os.urandom(16)).decode()
    stream.sendall(
        f"GET /ws HTTP/1.1\r\nHost: localhost:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        head += read_exactly(stream, 1)
    if not head.startswith(b"HTTP/1.1 101"):
        raise SystemExit(f"no upgrade: {head!r}")
    if mode in ("vanish", "reset"):
        if mode == "reset":
            stream.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        stream.close()
        print(json.dumps({"pings": 0, "close": None}))
        return
    pings, close = 0, None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        stream.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            opcode, payload = read_frame(stream)
        except (socket.timeout, TimeoutError):
            break
        except EOFError:
            break
        if opcode == 0x9:
            pings += 1
            if mode == "answer":
                write_frame(stream, 0xA, payload)
        elif opcode == 0x8:
            code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
            close = {"code": code, "reason": payload[2:].decode()}
            break
    print(json.dumps({"pings": pings, "close": close}))


main()
