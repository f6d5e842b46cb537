#!/usr/bin/env python3
"""bocage-play serve's page in a second engine: Debian's firefox-esr, driven
through its own Marionette protocol (Debian packages no geckodriver, so this
test speaks Marionette itself: length-prefixed JSON over a local socket).

On a 360 px phone window: Stuart vs Zombies (its map) and SQUAD (two seats,
each on its own page) show whose turn it is, their moves as buttons under
Japanese names, a board where the game has one, no sideways scrolling, no
hand of the other seat; a tap plays a move; axe-core (vendored) finds nothing.
Screenshots are kept in OUT_DIR.

usage: firefox_test.py BOCAGE_PLAY DATA_DIR OUT_DIR
"""
import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import serving
from serving import view

PLAY, DATA, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
FIREFOX = "/usr/bin/firefox-esr"
HOME = tempfile.mkdtemp(prefix="bocage-firefox-")
ENV = dict(os.environ, XDG_DATA_HOME=HOME, LC_MESSAGES="ja_JP.UTF-8", NO_COLOR="1")
ENV.pop("LC_ALL", None)
AXE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "third_party", "axe-core",
                   "axe.min.js")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED:", what, flush=True)


class Firefox:
    """One headless firefox-esr with its own profile, driven over Marionette."""

    def __init__(self, width=360, height=780):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        self.profile = tempfile.mkdtemp(prefix="bocage-firefox-profile-")
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            f.write('user_pref("marionette.port", %d);\n' % self.port)
            f.write('user_pref("intl.accept_languages", "ja");\n')
            f.write('user_pref("browser.shell.checkDefaultBrowser", false);\n')
        self.proc = subprocess.Popen(
            [FIREFOX, "--headless", "--marionette", "--no-remote", "--profile", self.profile,
             "--width", str(width), "--height", str(height)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 60
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=60)
                break
            except OSError:
                if time.time() > deadline or self.proc.poll() is not None:
                    raise SystemExit("firefox-esr did not open Marionette")
                time.sleep(0.2)
        self.buf = b""
        self.id = 0
        hello = self._read()
        if hello.get("marionetteProtocol") != 3:
            raise SystemExit("unexpected Marionette greeting: %s" % hello)
        self.command("WebDriver:NewSession", {"capabilities": {"pageLoadStrategy": "normal"}})
        self.command("WebDriver:SetWindowRect", {"width": width, "height": height})

    def _read(self):
        while b":" not in self.buf:
            self.buf += self.sock.recv(65536)
        size, rest = self.buf.split(b":", 1)
        size = int(size)
        while len(rest) < size:
            rest += self.sock.recv(65536)
        self.buf = rest[size:]
        return json.loads(rest[:size])

    def command(self, name, params=None):
        self.id += 1
        data = json.dumps([0, self.id, name, params or {}]).encode()
        self.sock.sendall(str(len(data)).encode() + b":" + data)
        while True:
            reply = self._read()
            if reply[0] == 1 and reply[1] == self.id:
                break
        if reply[2]:
            raise RuntimeError("%s: %s" % (name, reply[2].get("message")))
        return reply[3]

    def script(self, text, *args):
        return self.command("WebDriver:ExecuteScript", {"script": text, "args": list(args)})["value"]

    def wait(self, text, what, timeout=15.0):
        end = time.time() + timeout
        while time.time() < end:
            try:
                if self.script(text):
                    return True
            except RuntimeError:
                pass
            time.sleep(0.1)
        check(False, "firefox: timed out: " + what)
        return False

    def screenshot(self, path):
        png = self.command("WebDriver:TakeScreenshot", {"full": False})["value"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(png))

    def axe(self, what):
        if not self.script("return typeof axe !== 'undefined'"):
            with open(AXE, encoding="utf-8") as f:
                self.script(f.read())
        found = self.command("WebDriver:ExecuteAsyncScript", {"script": """
            const done = arguments[arguments.length - 1];
            axe.run(document, {resultTypes: ['violations']})
              .then((r) => done(r.violations.map((v) => v.id + ' (' + v.impact + '): ' +
                v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))))
              .catch((e) => done(['axe did not run: ' + e]));""", "args": []})["value"]
        check(not found, "firefox: axe-core finds nothing on %s: %s" % (what, found))

    def quit(self):
        try:
            self.command("Marionette:Quit", {"flags": ["eForceQuit"]})
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


SHOWN = """
    const turn = document.getElementById('turn');
    return turn && turn.textContent.trim() !== '' &&
      document.querySelectorAll('#moves button').length > 0;"""


def page_checks(ff, game, has_board, url):
    heads = ff.script("return [...document.querySelectorAll('.group-name strong')]"
                      ".map((e) => e.textContent)")
    check(heads and all(any(ord(c) > 0x7f for c in h) for h in heads),
          "firefox: %s's commands are headed by their Japanese names: %s" % (game, heads))
    check(ff.script("return document.querySelectorAll('#board svg').length > 0") == has_board,
          "firefox: %s %s a board" % (game, "draws" if has_board else "has no"))
    wide = ff.script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(wide[0] <= wide[1], "firefox: %s has no sideways scrolling (%s)" % (game, wide))
    check(ff.script("return document.querySelectorAll('h1').length") == 1,
          "firefox: %s's page has one h1" % game)
    tracks = view(url).get("tracks", [])
    shown = ff.script("return [...document.querySelectorAll('#tracks .track')]"
                      ".map((t) => t.getAttribute('aria-label'))")
    check(len(tracks) > 0 and len(shown) == len(tracks) and
          all(t["name"] in s for t, s in zip(tracks, shown)),
          "firefox: %s draws its tracks, each named (%s)" % (game, shown))


def tap_first_move(ff, url):
    """Taps the page's first move (through its group when it has several);
    True when the game moved on."""
    before = view(url)["version"]
    ff.script("""
        const b = document.querySelector('#moves button');
        b.scrollIntoView({block: 'center'});
        b.click();""")
    end = time.time() + 10
    while time.time() < end:
        if view(url)["version"] != before:
            return True
        # A group opened its choices, or a question came: tap its first.
        ff.script("""
            const b = document.querySelector('#answers button:not(.secondary), #pick button:not(.secondary), #moves button');
            if (b) b.click();""")
        time.sleep(0.3)
    return False


# Stuart vs Zombies: one seat, the map.
proc, urls = serving.serve(PLAY, DATA, ENV, ["stuart-vs-zombies", "--virtual", "--seed", "3",
                                             "--port", "0"], seats=1)
ff = None
try:
    ff = Firefox()
    ff.command("WebDriver:Navigate", {"url": urls[0]})
    ff.wait(SHOWN, "Stuart vs Zombies shows whose turn and its moves")
    check("あなたの番です" in ff.script("return document.getElementById('turn').textContent"),
          "firefox: Stuart vs Zombies says it is your turn")
    page_checks(ff, "stuart-vs-zombies", True, urls[0])
    labels = ff.script("""
        return [...document.querySelectorAll('#board svg text')]
          .map((t) => t.getBoundingClientRect().height).filter((h) => h > 0);""")
    check(labels and min(labels) >= 11 * 0.9,
          "firefox: the map's labels are at least 11 px high (smallest %s)" %
          (min(labels) if labels else None))
    ff.screenshot(os.path.join(OUT, "firefox-svz-phone.png"))
    ff.axe("Stuart vs Zombies' page")
    check(tap_first_move(ff, urls[0]), "firefox: a tap on Stuart vs Zombies' page plays a move")
finally:
    if ff:
        ff.quit()
    proc.send_signal(signal.SIGTERM)
    proc.wait(5)

# SQUAD: two seats, each on its own page; neither holds the other's hand.
HANDS = {0: "アメリカ軍分隊の手札", 1: "ドイツ軍分隊の手札"}
proc, urls = serving.serve(PLAY, DATA, ENV, ["squad", "--virtual", "--seed", "5", "--port", "0"])
pages = []
try:
    pages = [Firefox(), Firefox()]
    for ff, url in zip(pages, urls):
        ff.command("WebDriver:Navigate", {"url": url})
    pages[0].wait(SHOWN, "SQUAD's first seat shows its moves")
    pages[1].wait("return document.getElementById('turn').textContent.trim() !== ''",
                  "SQUAD's second seat shows whose turn")
    check("アメリカ軍分隊を待っています" in pages[1].script(
        "return document.getElementById('turn').textContent"),
        "firefox: the German page names the US as to play")
    page_checks(pages[0], "squad", False, urls[0])
    check(tap_first_move(pages[0], urls[0]), "firefox: a tap on SQUAD's page plays a move")
    time.sleep(1.5)  # the other page's next poll
    for seat, ff in enumerate(pages):
        html = ff.script("return document.documentElement.outerHTML")
        check(HANDS[1 - seat] not in html, "firefox: seat %d's page holds the other hand" % seat)
        own = [c["name"] for c in view(urls[seat])["hand"]]
        shown = ff.script("return [...document.querySelectorAll('#hand .card .card-name')]"
                          ".map((e) => e.textContent)")
        check(shown == own or not own,
              "firefox: seat %d's page shows its own hand as the server gives it (%s / %s)" %
              (seat, shown, own))
        ff.screenshot(os.path.join(OUT, "firefox-squad-seat%d.png" % (seat + 1)))
    pages[0].axe("SQUAD's page")
finally:
    for ff in pages:
        ff.quit()
    proc.send_signal(signal.SIGTERM)
    proc.wait(5)

shutil.rmtree(HOME, ignore_errors=True)
if failures:
    print("%d checks failed" % len(failures))
    sys.exit(1)
print("all checks passed")
