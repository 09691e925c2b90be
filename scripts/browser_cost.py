"""What a browser's connection costs the server beside a terminal client's: see scripts/browser-cost."""

import asyncio
import base64
import json
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

PARLEY, CONNECTIONS, GAMES = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
# Four in a Row won by the first player in seven discs: column 1 four times, 2 three times.
COLUMNS = [1, 2, 1, 2, 1, 2, 1]
INSECURE = ssl.create_default_context()
INSECURE.check_hostname = False
INSECURE.verify_mode = ssl.CERT_NONE


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server():
    folder = tempfile.mkdtemp(prefix="parley-browser-cost-")
    port = free_port()
    log = os.path.join(folder, "serve.log")
    server = subprocess.Popen(
        [PARLEY, "serve", "--host", "127.0.0.1", "--port", str(port), "--data", folder + "/data",
         "--set", "limits.connectionsPerAddress=100000", "--set", "limits.messagesPerSecond=100000",
         "--set", "limits.burst=100000"],
        stdout=open(log, "w"), stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    while "listening on" not in open(log).read():
        if time.time() > deadline or server.poll() is not None:
            sys.exit("parley serve did not start: " + open(log).read()[-2000:])
        time.sleep(0.1)
    return server, port


def rss_kb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    """The CPU time of the process's threads, in nanoseconds (schedstat) rather than clock ticks."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            total += int(open(f"/proc/{pid}/task/{task}/schedstat").read().split()[0])
        except OSError:
            continue
    return total / 1e9


def b64(data):
    return base64.b64encode(data).decode()


class Client:
    """A terminal-like client: Python's websockets, a P-256 key of its own, DER signatures."""

    def __init__(self, socket_):
        self.socket = socket_
        self.answers = {}
        self.counter = 0
        self.reader = asyncio.create_task(self.read())

    @classmethod
    async def connect(cls, port, name=None):
        ws = await websockets.connect(f"wss://localhost:{port}/ws", ssl=INSECURE, max_size=None)
        challenge = json.loads(await ws.recv())
        key = ec.generate_private_key(ec.SECP256R1())
        public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        signature = key.sign(("parley-auth-v1:" + challenge["nonce"]).encode(), ec.ECDSA(hashes.SHA256()))
        hello = {"type": "authenticate", "v": 1, "publicKey": b64(public), "signature": b64(signature)}
        if name:
            hello["name"] = name
        await ws.send(json.dumps(hello))
        welcome = json.loads(await ws.recv())
        assert welcome["type"] == "welcome", welcome
        return cls(ws)

    async def read(self):
        async for text in self.socket:
            frame = json.loads(text)
            if "id" in frame and frame["id"] in self.answers:
                self.answers.pop(frame["id"]).set_result(frame)

    async def request(self, frame):
        self.counter += 1
        frame["id"] = f"r{self.counter}-{time.time_ns()}"
        answer = asyncio.get_running_loop().create_future()
        self.answers[frame["id"]] = answer
        await self.socket.send(json.dumps(frame))
        return await asyncio.wait_for(answer, 30)


async def terminal_connections(port, count):
    clients = []
    for start in range(0, count, 50):
        clients += await asyncio.gather(*(Client.connect(port) for _ in range(start, min(count, start + 50))))
    return clients


async def terminal_games(port, games, pace=None):
    """Moves of `games` games between two Python clients, as fast as answered or `pace` a second."""
    amber, ben = await Client.connect(port, "Amber"), await Client.connect(port, "Ben")
    made = await amber.request({"type": "create"})
    conversation = made["conversation"]["conversation"]
    await ben.request({"type": "join", "invite": made["conversation"]["invite"]})
    moves = 0
    for _ in range(games):
        session, based_on, drops = None, None, []
        for index, column in enumerate(COLUMNS):
            player = amber if index % 2 == 0 else ben
            drops.append(column)
            frame = {"type": "send", "conversation": conversation, "game": "fourinarow",
                     "url": "https://localhost/g/fourinarow?" + "&".join(f"Drop={d}" for d in drops)}
            if session:
                frame.update(session=session, basedOn=based_on)
            answer = await player.request(frame)
            assert answer["type"] == "accepted", answer
            session, based_on = answer["session"], answer["seq"]
            moves += 1
            if pace:
                await asyncio.sleep(1 / pace)
    return moves


def browser(width=1280, height=800):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors",
                     f"--window-size={width},{height}", f"--user-data-dir={tempfile.mkdtemp()}",
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost"]:
        options.add_argument(argument)
    options.accept_insecure_certs = True
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def until(driver, script, *arguments, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script(script, *arguments)
        if value:
            return value
        time.sleep(0.02)
    sys.exit(f"waited in vain for {script}: {driver.execute_script('return document.body.innerText')[:1500]}")


PRESS = """const b = [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent.trim()).startsWith(arguments[0]) && !b.disabled && b.getClientRects().length);
if (!b) return false; b.click(); return true;"""
SEES = "return document.body.innerText.includes(arguments[0])"


def browser_connections(driver, port, count):
    return driver.execute_async_script("""
        const [count, done] = [arguments[0], arguments[arguments.length - 1]];
        const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
        let welcomed = 0;
        window.sockets = [];
        (async () => {
          for (let index = 0; index < count; index += 1) {
            const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
            const publicKey = b64(await crypto.subtle.exportKey("raw", pair.publicKey));
            const socket = new WebSocket(`wss://${location.host}/ws`);
            socket.onmessage = async (message) => {
              const frame = JSON.parse(message.data);
              if (frame.type === "challenge") {
                const signed = new TextEncoder().encode("parley-auth-v1:" + frame.nonce);
                const signature = b64(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, signed));
                socket.send(JSON.stringify({ type: "authenticate", v: 1, publicKey, signature }));
              } else if (frame.type === "welcome" && ++welcomed === count) done(welcomed);
            };
            window.sockets.push(socket);
          }
        })();
        """, count)


def browser_games(port, games, server):
    amber, ben = browser(), browser()
    try:
        for driver, name in ((amber, "Amber"), (ben, "Ben")):
            driver.get(f"https://localhost:{port}/")
            until(driver, "return document.querySelector('#name')")
            driver.find_element("id", "name").send_keys(name + "\n")
            until(driver, SEES, f"You: {name}")
        until(amber, PRESS, "New conversation")
        invite = until(amber, "return document.querySelector('.invites code')?.textContent")
        ben.find_element("id", "invite").send_keys(invite + "\n")
        until(amber, SEES, "Ben joined")
        before = cpu_seconds(server.pid)
        started = time.time()
        moves = 0
        for game in range(games):
            until(amber, PRESS, "New game")
            until(amber, PRESS, "Start Four in a Row")
            for index, column in enumerate(COLUMNS):
                player = amber if index % 2 == 0 else ben
                until(player, PRESS, f"Drop a disc in column {column}")
                moves += 1
            until(ben, SEES, "Game over: Amber won")
            until(amber, "return document.querySelectorAll('.check.signed').length >= arguments[0]", 7 * (game + 1))
        return moves, cpu_seconds(server.pid) - before, time.time() - started
    finally:
        amber.quit()
        ben.quit()


def main():
    # Each measure on a server of its own: memory freed by one run would be reused by the next.
    server, port = start_server()
    try:
        page = sum(len(urllib.request.urlopen(f"https://localhost:{port}{path}", context=INSECURE).read())
                   for path in ["/", "/client/style.css", "/client/games.json"] +
                   [f"/client/{name}" for name in ["app.js", "connection.js", "keys.js", "verify.js", "bytes.js", "dom.js",
                                                   "items.js", "conversation.js", "store.js"]])
        module = len(urllib.request.urlopen(f"https://localhost:{port}/client/games/fourinarow.js", context=INSECURE).read())
        print(f"The client's page and modules: {page / 1024:.1f} KB, loaded once (and each game's module: fourinarow.js {module / 1024:.1f} KB)")
        time.sleep(2)
        idle, held = asyncio.run(hold_terminal(port, server.pid))
        print(f"{CONNECTIONS} idle authenticated connections, Python client: {(held - idle) / CONNECTIONS:.1f} KB each (RSS {idle} -> {held} KB)")
    finally:
        server.kill()

    server, port = start_server()
    driver = browser()
    try:
        driver.get(f"https://localhost:{port}/client/games.json")
        time.sleep(2)
        idle = rss_kb(server.pid)
        opened = browser_connections(driver, port, CONNECTIONS)
        time.sleep(2)
        held = rss_kb(server.pid)
        print(f"{opened} idle authenticated connections, Chromium's WebSocket: {(held - idle) / CONNECTIONS:.1f} KB each (RSS {idle} -> {held} KB)")
    finally:
        driver.quit()
        server.kill()

    server, port = start_server()
    try:
        before = cpu_seconds(server.pid)
        started = time.time()
        moves = asyncio.run(terminal_games(port, GAMES * 20))
        spent = cpu_seconds(server.pid) - before
        print(f"{moves} moves of Four in a Row, two Python clients: {spent / moves * 1e6:.0f} us of server CPU a move "
              f"({moves / (time.time() - started):.0f} moves/s)")
        moves, spent, took = browser_games(port, GAMES, server)
        print(f"{moves} moves of Four in a Row, two web clients in Chromium: {spent / moves * 1e6:.0f} us of server CPU a move "
              f"({moves / took:.1f} moves/s, each move clicked and drawn)")
        # The same pace for the Python clients: a server moved at a few moves a second batches
        # nothing, so each move pays its wake-ups and its store's sync alone.
        pace = moves / took
        before = cpu_seconds(server.pid)
        moves = asyncio.run(terminal_games(port, GAMES, pace=pace))
        spent = cpu_seconds(server.pid) - before
        print(f"{moves} moves of Four in a Row, two Python clients at {pace:.1f} moves/s: {spent / moves * 1e6:.0f} us of server CPU a move")
    finally:
        server.kill()


async def hold_terminal(port, pid):
    """The server's RSS before and with CONNECTIONS connections of the Python client open."""
    idle = rss_kb(pid)
    clients = await terminal_connections(port, CONNECTIONS)
    await asyncio.sleep(2)
    held = rss_kb(pid)
    for client in clients:
        await client.socket.close()
    return idle, held


if __name__ == "__main__":
    main()
