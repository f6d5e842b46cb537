#!/usr/bin/env python3
"""bocage-play serve in a real browser (Debian's chromium and chromedriver,
through python3-selenium): two SQUAD seats, each on its own phone-sized page,
play a whole game by tapping, and neither page's DOM ever holds the other
seat's hand; a wrong token gets 403 and says so; a page reconnects after the
server is killed and started again on the same session; a screenshot of each
seat's page is kept and its elements checked; Stuart vs Zombies' map is drawn
and the game is played to its end by tapping; an observer's page holds no
hand; every other game is checked on a phone and on a tablet.

usage: serve_browser_test.py BOCAGE_PLAY DATA_DIR OUT_DIR
"""
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import (ElementClickInterceptedException,
                                        StaleElementReferenceException)
from selenium.webdriver.common.by import By

import serving
from serving import view

PLAY, DATA, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
HOME = tempfile.mkdtemp(prefix="bocage-serve-")
ENV = dict(os.environ, XDG_DATA_HOME=HOME, LC_MESSAGES="ja_JP.UTF-8", NO_COLOR="1")
ENV.pop("LC_ALL", None)
HANDS = {0: "アメリカ軍分隊の手札", 1: "ドイツ軍分隊の手札"}
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED:", what, flush=True)


def serve(args, seats=2):
    """Starts bocage-play serve; returns the process and the seats' URLs."""
    return serving.serve(PLAY, DATA, ENV, args, seats)


def browser(size="360,780"):
    o = webdriver.ChromeOptions()
    o.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=" + size,
              "--disable-dev-shm-usage", "--lang=ja"):
        o.add_argument(a)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)


def wait(cond, what, timeout=10.0):
    end = time.time() + timeout
    while time.time() < end:
        try:
            if cond():
                return True
        except Exception:
            pass
        time.sleep(0.05)
    check(False, "timed out: " + what)
    return False


FLAT_MOST = 12  # the most buttons one step of a choice may show (issue 46)
AXE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "third_party", "axe-core",
                   "axe.min.js")


def axe(d, what):
    """Runs axe-core (vendored: tests/web/third_party/axe-core) on the page as
    it is now; every violation, of any impact, is a failure."""
    if not d.execute_script("return typeof axe !== 'undefined'"):
        with open(AXE, encoding="utf-8") as f:
            d.execute_script(f.read())
    found = d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ['violations']})
          .then((r) => done(r.violations.map((v) => v.id + ' (' + v.impact + '): ' +
            v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))))
          .catch((e) => done(['axe did not run: ' + e]));""")
    check(not found, "axe-core finds nothing on %s: %s" % (what, found))


def flat_lists(d):
    """The largest number of buttons shown side by side in one row of moves or answers."""
    return d.execute_script("""
        let most = 0;
        for (const row of document.querySelectorAll('#moves .buttons, #answers .buttons, #pick .buttons')) {
          const shown = [...row.querySelectorAll('button')].filter((b) => b.offsetParent !== null);
          most = Math.max(most, shown.length);
        }
        return most;""")


def tap_once(d, rng):
    """Taps one of the page's move or answer buttons (not cancel, not back); False when none.
    The page may redraw under the finger (a long poll answered): it tries again."""
    for _ in range(50):
        try:
            buttons = [b for b in d.find_elements(By.CSS_SELECTOR, "#answers button, #moves button")
                       if b.is_displayed() and b.text != "取り消す" and not b.text.startswith("←")]
            if buttons:
                b = rng.choice(buttons)
                d.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
                b.click()
                return True
        except (StaleElementReferenceException, ElementClickInterceptedException):
            pass
        time.sleep(0.05)
    return False


def tap(d, rng, url):
    """Taps until the game changes: a step of a choice (a word at a time)
    changes nothing until the last. Returns the taps it took, 0 when none.
    Every step shows at most FLAT_MOST buttons in a row."""
    version = view(url)["version"]
    for n in range(1, 8):
        most = flat_lists(d)
        check(most <= FLAT_MOST, "a row of %d buttons (more than %d)" % (most, FLAT_MOST))
        if not tap_once(d, rng):
            return 0
        end = time.time() + 1.5
        while time.time() < end:
            if view(url)["version"] != version:
                return n
            time.sleep(0.05)
    check(False, "eight taps changed nothing")
    return 0


def tap_card(d, url):
    """Taps a card of the hand that a legal move names: the moves it offers
    are that card's; one is played. False when no card can be played now."""
    v = view(url)
    usable = [m for m in v["moves"] if m["cards"]]
    if not usable or "question" in v:
        return False
    index = usable[0]["cards"][0]
    name = v["hand"][index]["name"]
    # (the page draws its hand again at each new view: a card found just
    # before may be gone; it is found again)
    for attempt in range(3):
        try:
            cards = d.find_elements(By.CSS_SELECTOR, "#hand button.card")
            if len(cards) <= index:
                return False
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", cards[index])
            cards[index].click()
            break
        except StaleElementReferenceException:
            if attempt == 2:
                return False
            time.sleep(0.2)
    if not wait(lambda: d.find_element(By.ID, "pick-box").is_displayed(), "a tapped card offers its moves"):
        return False
    check(d.find_element(By.ID, "pick-title").text == name, "the offer is headed by the card tapped")
    version = v["version"]
    n = 0
    while view(url)["version"] == version and n < 6:
        offered = [b for b in d.find_elements(By.CSS_SELECTOR, "#pick button")
                   if b.is_displayed() and not b.text.startswith("←")]
        if not offered:
            break
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", offered[0])
        offered[0].click()
        n += 1
        time.sleep(0.3)
    check(view(url)["version"] != version, "a move offered on the tapped card was played")
    after = view(url)
    if "question_for" not in after:
        check(name in after["log"][-1]["line"], "the card tapped was the card played: %s" %
              after["log"][-1]["line"])
    return True


def icons_served(d, url, what):
    """Each picture the board and its legend draw was served as the game's
    SVG icon and drawn; returns how many the board and the legend have."""
    hrefs = d.execute_script(
        "return [...document.querySelectorAll('#board svg image')].map(i => i.getAttribute('href'))")
    legend = d.execute_script(
        "return [...document.querySelectorAll('#board-legend img')]"
        ".map(i => [i.getAttribute('src'), i.complete && i.naturalWidth > 0])")
    for href in sorted(set(hrefs) | {src for src, _ in legend}):
        try:
            with urllib.request.urlopen(urllib.parse.urljoin(url, href), timeout=5) as r:
                body = r.read()
                ok = r.status == 200 and r.headers["Content-Type"] == "image/svg+xml" \
                    and b"<svg" in body
        except urllib.error.URLError:
            ok = False
        check(ok, "%s: the icon %s is served" % (what, href))
    check(all(drawn for _, drawn in legend), "%s: every legend icon is drawn" % what)
    return len(hrefs), len(legend)


def hands_hidden(pages):
    for seat, d in enumerate(pages):
        html = d.page_source
        check(HANDS[1 - seat] not in html, f"seat {seat}'s page holds the other hand")
        # The cards the page shows are the seat's own hand, as the server
        # gives it to that seat alone.
        own = [c["name"] for c in view(urls[seat])["hand"]]
        wait(lambda d=d, own=own: [e.text for e in d.find_elements(
            By.CSS_SELECTOR, "#hand .card-name")] == own,
            f"seat {seat}'s page shows its own hand as cards")


proc, urls = serve(["squad", "--virtual", "--seed", "5", "--port", "0", "--observers", "1"],
                   seats=3)
observer_url = urls.pop()
port = int(re.search(r":(\d+)/", urls[0]).group(1))
session_file = None
pages = [browser(), browser()]
try:
    for d, u in zip(pages, urls):
        d.get(u)
    for d in pages:
        wait(lambda d=d: d.find_element(By.ID, "turn").text != "", "a page shows whose turn")
    check("あなたの番です" in pages[0].find_element(By.ID, "turn").text, "the US page says its turn")
    check("アメリカ軍分隊を待っています" in pages[1].find_element(By.ID, "turn").text,
          "the German page names the US as to play")
    pages[0].save_screenshot(os.path.join(OUT, "serve-squad-us-start.png"))
    # Accessible: one h1 (the game), the page's language, live regions for
    # whose turn and the news, every button named, the loading text gone.
    a11y = pages[0].execute_script("""
        const named = [...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null)
          .every((b) => (b.getAttribute('aria-label') || b.textContent).trim() !== '');
        return {h1: document.querySelectorAll('h1').length,
                h1text: document.querySelector('h1').textContent,
                lang: document.documentElement.lang,
                live: document.getElementById('turn').getAttribute('aria-live'),
                news: document.getElementById('news').getAttribute('aria-live'),
                question: document.getElementById('question').getAttribute('aria-live'),
                named: named,
                loading: document.getElementById('loading').hidden};""")
    check(a11y["h1"] == 1 and "SQUAD" in a11y["h1text"], "one h1, the game's name: %s" % a11y)
    check(a11y["lang"] == "ja", "the page says it is Japanese")
    check(a11y["live"] == "polite" and a11y["news"] == "polite" and a11y["question"] == "assertive",
          "whose turn, the news and a question are announced: %s" % a11y)
    check(a11y["named"], "every button shown has a name")
    check(a11y["loading"], "the loading text is gone once the game is shown")
    axe(pages[0], "SQUAD's page of the seat to act")
    axe(pages[1], "SQUAD's page of the seat that waits")

    # A wrong token: 403 from the server, and the page says so.
    bad = urls[0][:-32] + "0" * 32
    try:
        urllib.request.urlopen(urllib.request.Request(
            urls[0].split("/#")[0] + "/api/view", headers={"X-Bocage-Token": "0" * 32}))
        check(False, "a wrong token was answered")
    except urllib.error.HTTPError as e:
        check(e.code == 403, "a wrong token gets 403")
    intruder = browser()
    intruder.get(bad)
    wait(lambda: "この URL は使えません" in intruder.find_element(By.ID, "online").text,
         "the page with a wrong token says it cannot be used")
    check("手札" not in intruder.page_source, "a wrong token's page shows no hand")
    intruder.quit()

    # The whole game, tapped: whoever must act (or answer) taps one of its buttons.
    rng = random.Random(5)
    taps, restarted = 0, False
    commands, card_checked, pass_taps, question_checked = 0, False, 0, False
    started = time.time()
    while time.time() - started < 240:
        v = view(urls[0])
        if v.get("over"):
            break
        seat = v["question_for"] if "question_for" in v else v["to_act"]
        if "question_for" in v and not question_checked:
            wait(lambda: pages[seat].find_element(By.ID, "question").text != "",
                 "the question is shown")
            axe(pages[seat], "SQUAD's page asking a question")
            question_checked = True
        # The waiting seat asks to pass the windows of the other side's turn
        # (a tap, counted) whenever its page offers it.
        if restarted:
            other = 1 - seat
            toggle = pages[other].find_elements(By.ID, "pass-windows")
            if toggle and toggle[0].is_displayed() and toggle[0].get_attribute("aria-pressed") == "false":
                before = view(urls[other])["version"]
                pages[other].execute_script("arguments[0].scrollIntoView({block: 'center'})", toggle[0])
                toggle[0].click()
                wait(lambda: view(urls[other])["version"] != before, "the pass toggle was taken")
                taps += 1
                pass_taps += 1
                continue
        d = pages[seat]
        n = tap(d, rng, urls[seat])
        if not n:
            check(False, "no button to tap for seat %d" % seat)
            break
        taps += n
        commands += 1
        if not card_checked:
            card_checked = tap_card(d, urls[seat])
        if taps % 10 == 0:
            hands_hidden(pages)
        if taps == 6 and not restarted:
            # Killed mid-game and served again: the same URLs, the pages reconnect.
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            sessions = os.path.join(HOME, "bocage", "sessions")
            session_file = os.path.join(sessions, sorted(
                f for f in os.listdir(sessions) if f.endswith(".session"))[0])
            proc, again = serve([session_file, "--port", str(port), "--observers", "1"],
                                seats=3)
            check(again == urls + [observer_url], "a restarted server gives the same URLs")
            for d2 in pages:
                wait(lambda d2=d2: d2.find_element(By.ID, "online").is_displayed() is False,
                     "a page reconnects after a restart", 15)
            restarted = True
        if taps == 3:
            # Another seat's URL opened in the same tab (only the fragment
            # changes): the page shows and acts as that seat at once, and
            # nothing of the first seat stays; then back.
            us = pages[0]
            us.get(urls[1])
            check(wait(lambda: "ドイツ軍分隊" in us.find_element(By.ID, "you").text,
                       "the tab follows the German URL without a reload"),
                  "the tab acts as the seat of its URL")
            german = [c["name"] for c in view(urls[1])["hand"]]
            wait(lambda: HANDS[0] not in us.page_source and [e.text for e in us.find_elements(
                By.CSS_SELECTOR, "#hand .card-name")] == german,
                 "the tab shows the German hand as cards, nothing of the US's")
            us.get(urls[0])
            wait(lambda: "アメリカ軍分隊" in us.find_element(By.ID, "you").text,
                 "the tab follows the US URL again")
            own = [c["name"] for c in view(urls[0])["hand"]]
            wait(lambda: HANDS[1] not in us.page_source and [e.text for e in us.find_elements(
                By.CSS_SELECTOR, "#hand .card-name")] == own,
                 "the tab shows the US hand again, nothing of the German's")
        if taps == 12:
            # An observer's page: the game as every seat may see it, no hand,
            # nothing to tap.
            watcher = browser()
            try:
                watcher.get(observer_url)
                wait(lambda: watcher.find_element(By.ID, "turn").text != "",
                     "the observer's page shows whose turn")
                html = watcher.page_source
                check(HANDS[0] not in html and HANDS[1] not in html,
                      "the observer's page holds no hand")
                check("観戦者" in watcher.find_element(By.ID, "you").text,
                      "the observer's page says it watches")
                check(not [b for b in watcher.find_elements(
                    By.CSS_SELECTOR, "#moves button, #answers button, #undo-box button")
                    if b.is_displayed()], "the observer's page has nothing to tap")
                watcher.save_screenshot(os.path.join(OUT, "serve-squad-observer.png"))
            finally:
                watcher.quit()
    v = view(urls[0])
    check("over" in v, "the game was played to its end by tapping (%d taps)" % taps)
    print("taps:", taps, "seconds:", round(time.time() - started, 1), "over:", v.get("over"))
    check(card_checked, "a card of the hand was tapped to play it")
    print("SQUAD taps per command %.2f, per game turn %.1f (%d turns; %d taps asked to pass windows)" %
          (taps / max(1, commands), taps / max(1, v["turn"]), v["turn"], pass_taps))
    check(pass_taps > 0, "a waiting seat asked to pass the other side's windows")
    passed = [e for e in v["log"] if e["line"] == "終える"]
    check(bool(passed), "windows were passed (logged as the seat's 終える)")
    # The log: every command by its seat, the whole game, and how it ended.
    for seat, d in enumerate(pages):
        d.execute_script("document.getElementById('log-box').open = true")
        check(wait(lambda d=d: v["outcome"] in d.find_element(By.ID, "log-end").text,
                   "the log ends with the outcome"), "seat %d's log says how the game ended" % seat)
        entries = d.find_elements(By.CSS_SELECTOR, "#log > li")
        check(entries and all(re.match(r"(アメリカ軍分隊|ドイツ軍分隊): ", e.text) for e in entries),
              "seat %d's log names the seat of every command" % seat)
        for _ in range(100):
            more = d.find_element(By.ID, "log-more")
            if not more.is_displayed():
                break
            more.click()
            time.sleep(0.3)
        n = len(d.find_elements(By.CSS_SELECTOR, "#log > li"))
        check(n == v["log_total"], "seat %d's log holds the whole game (%d of %d)" %
              (seat, n, v["log_total"]))
    hands_hidden(pages)
    for seat, d in enumerate(pages):
        d.save_screenshot(os.path.join(OUT, "serve-squad-seat%d-end.png" % (seat + 1)))
        for element in ("turn", "status", "log"):
            check(d.find_element(By.ID, element).is_displayed() or element == "log",
                  "seat %d's page shows #%s" % (seat, element))
finally:
    for d in pages:
        d.quit()
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()

# Stuart vs Zombies: the map drawn as SVG from the printed map's data, the
# M5 on it, every counter face down.
proc, urls = serve(["stuart-vs-zombies", "--virtual", "--seed", "3", "--port", "0"], seats=1)
page = browser()
try:
    page.get(urls[0])
    wait(lambda: len(page.find_elements(By.CSS_SELECTOR, "#board svg polygon")) > 50,
         "the Stuart vs Zombies map is drawn")
    texts = [t.text for t in page.find_elements(By.CSS_SELECTOR, "#board svg text")]
    check("M5" in texts, "the M5 is on the map")
    check(texts.count("?") == 8, "eight counters face down")
    check("★" in texts and "0405" in texts, "the map's labels and coordinates")
    page.execute_script("document.getElementById('board-box').scrollIntoView()")
    page.save_screenshot(os.path.join(OUT, "serve-svz-board.png"))
    axe(page, "Stuart vs Zombies' page with its map")
    # A hex a move goes to: tapped on the map, it offers that move, and the
    # move's button plays it.
    for _ in range(10):
        v = view(urls[0])
        targets = [m for m in v["moves"] if m["command"] == "move"]
        if targets:
            break
        tap(page, rng, urls[0])
    check(bool(targets), "Stuart vs Zombies offers a move")
    if targets:
        hexid = targets[0]["places"][0]
        wait(lambda: page.find_elements(By.CSS_SELECTOR, "#board [data-place='%s'].live" % hexid),
             "the hex a move goes to is marked on the map")
        place = page.find_element(By.CSS_SELECTOR, "#board [data-place='%s']" % hexid)
        page.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", place)
        page.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", place)
        wait(lambda: page.find_element(By.ID, "pick-box").is_displayed(), "a tapped hex offers its moves")
        version = view(urls[0])["version"]
        offered = [b for b in page.find_elements(By.CSS_SELECTOR, "#pick button") if b.is_displayed()]
        check(any(hexid in b.text for b in offered), "the tapped hex's move is offered: %s" %
              [b.text for b in offered])
        for b in offered:
            if hexid in b.text:
                page.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
                b.click()
                break
        wait(lambda: view(urls[0])["version"] != version, "the move offered on the hex is played")
        check(view(urls[0])["log"][-1]["line"].endswith(hexid), "the move to the tapped hex was played")
        # Labels at least 11 CSS px at the default zoom.
        smallest = page.execute_script("""
            const svg = document.querySelector('#board svg');
            const scale = svg.getScreenCTM().a;  // CSS px per millimetre
            let least = 1e9;
            for (const t of svg.querySelectorAll('text')) {
              least = Math.min(least, parseFloat(t.getAttribute('font-size')) * scale);
            }
            return least;""")
        check(smallest >= 10.95, "the map's smallest text is %.2f CSS px (at least 11)" % smallest)
    # Played to its end by tapping: any button of a move or an answer.
    svz_taps, begun = 0, time.time()
    while time.time() - begun < 150:
        v = view(urls[0])
        if v.get("over"):
            break
        n = tap(page, rng, urls[0])
        if not n:
            check(False, "no button to tap in Stuart vs Zombies")
            break
        svz_taps += n
    v = view(urls[0])
    check("over" in v, "Stuart vs Zombies was played to its end by tapping (%d taps)" % svz_taps)
    print("svz taps:", svz_taps, "over:", v.get("over"), "turns:", v["turn"],
          "taps per turn %.1f" % (svz_taps / max(1, v["turn"])))
    wait(lambda: v["over"] in page.find_element(By.ID, "turn").text,
         "the page says how the game ended")
finally:
    page.quit()
    proc.send_signal(signal.SIGTERM)
    proc.wait(5)

# SQUAD's map variant: each terrain's printed icon in its hexes and in the
# legend (the legend does not rest on colour alone), served from the data.
proc, urls = serve(["squad", "--virtual", "--option", "variant=map", "--seed", "5", "--port", "0"])
page = browser()
try:
    page.get(urls[0])
    wait(lambda: len(page.find_elements(By.CSS_SELECTOR, "#board svg polygon")) > 50,
         "SQUAD's map is drawn")
    wait(lambda: len(page.find_elements(By.CSS_SELECTOR, "#board-legend img")) >= 5,
         "SQUAD's legend has its terrains' icons")
    time.sleep(0.5)  # the legend's pictures load
    in_hexes, in_legend = icons_served(page, urls[0], "SQUAD's map")
    check(in_hexes >= 10 and in_legend >= 5,
          "SQUAD's map draws its terrain icons (%d in hexes, %d in the legend)" % (in_hexes, in_legend))
    names = [e.text for e in page.find_elements(By.CSS_SELECTOR, "#board-legend .legend-item")]
    check(any("ボカージュ" in n for n in names), "the legend names ボカージュ: %s" % names)
    page.execute_script("document.getElementById('board-box').scrollIntoView()")
    page.save_screenshot(os.path.join(OUT, "serve-squad-map.png"))
    page.execute_script("document.getElementById('board-legend').scrollIntoView()")
    page.save_screenshot(os.path.join(OUT, "serve-squad-map-legend.png"))
    axe(page, "SQUAD's map variant")
finally:
    page.quit()
    proc.send_signal(signal.SIGTERM)
    proc.wait(5)

# Every other game on a phone and on a tablet: its name in the header, whose
# turn it is, its moves as buttons under their commands' printed names (never
# an id), and the board where the game has one.
BOARDS = {"endless-patrol": False, "maquis": True, "omaha-beach": True}
TITLES = {"endless-patrol": "エンドレス・パトロール", "maquis": "マキ",
          "omaha-beach": "アタック・オン・オマハビーチ"}
for game, has_board in BOARDS.items():
    proc, urls = serve([game, "--option", "mode=virtual", "--seed", "3", "--port", "0"], seats=1)
    try:
        for size, name in (("360,780", "phone"), ("800,1100", "tablet")):
            d = browser(size)
            try:
                d.get(urls[0])
                wait(lambda: d.find_element(By.ID, "turn").text != "", game + " shows whose turn")
                check(TITLES[game] in d.find_element(By.ID, "game").text,
                      game + "'s header names the game as printed")
                check("あなたの番です" in d.find_element(By.ID, "turn").text, game + ": your turn")
                heads = [e.text for e in d.find_elements(By.CSS_SELECTOR, ".group-name strong")]
                check(heads and all(re.search(r"[^\x00-\x7f]", h) for h in heads),
                      game + "'s commands are headed by their Japanese names: %s" % heads)
                check(len(d.find_elements(By.CSS_SELECTOR, "#moves button")) > 0,
                      game + " offers its moves as buttons")
                boards = d.find_elements(By.CSS_SELECTOR, "#board svg")
                check(bool(boards) == has_board, game + (" draws" if has_board else " has no") +
                      " board")
                text = d.find_element(By.TAG_NAME, "main").text
                check("][" not in text, game + ": no board drawn in text on the page")
                if game == "maquis":
                    # Each location's icon and its action's icons, as the board prints them;
                    # a tapped location says its action with its icons' printed names.
                    in_board, _ = icons_served(d, urls[0], "Maquis's board")
                    check(in_board >= 30, "Maquis's board draws its icons (%d)" % in_board)
                    cafe = d.find_element(By.CSS_SELECTOR, "#board [data-place='cafe']")
                    d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", cafe)
                    d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", cafe)
                    wait(lambda: d.find_element(By.ID, "pick-box").is_displayed(), "a tapped location opens")
                    alts = [i.get_attribute("alt") for i in d.find_elements(By.CSS_SELECTOR, "#pick .action img")]
                    check(alts == ["食料", "仲間"], "the café's action, its icons named as printed: %s" % alts)
                    if name == "phone":
                        d.save_screenshot(os.path.join(OUT, "serve-maquis-cafe.png"))
                    d.find_element(By.ID, "pick-close").click()
                    missions = view(urls[0]).get("table_cards", [])
                    print("maquis table cards:", missions)
                # The tracks as the sheets print them, the marker on the view's value.
                tracks = view(urls[0]).get("tracks", [])
                shown = d.find_elements(By.CSS_SELECTOR, "#tracks .track")
                check(len(tracks) > 0 and len(shown) == len(tracks),
                      game + " draws its %d tracks (%d shown)" % (len(tracks), len(shown)))
                for t, row in zip(tracks, shown):
                    want = t["labels"][t["value"] - t["min"]] if t["labels"] else str(t["value"])
                    if t["max"] - t["min"] + 1 > 15:  # a long track: its number on a bar
                        value = row.find_elements(By.CSS_SELECTOR, ".track-value")
                        check(len(value) == 1 and value[0].text == want,
                              "%s's long track %s says %s" % (game, t["name"], want))
                        continue
                    marker = row.find_elements(By.CSS_SELECTOR, ".track-box.marker")
                    boxes = row.find_elements(By.CSS_SELECTOR, ".track-box")
                    check(len(marker) == 1 and marker[0].text == want and
                          len(boxes) == t["max"] - t["min"] + 1,
                          "%s's track %s has its marker on %s" % (game, t["name"], want))
                # No step of a choice shows more than FLAT_MOST buttons.
                check(flat_lists(d) <= FLAT_MOST, game + ": at most %d buttons in a row" % FLAT_MOST)
                width = d.execute_script("return document.documentElement.scrollWidth")
                inner = d.execute_script("return window.innerWidth")
                check(width <= inner, "%s on a %s: no sideways scrolling (%s > %s)" %
                      (game, name, width, inner))
                d.save_screenshot(os.path.join(OUT, "serve-%s-%s.png" % (game, name)))
                axe(d, "%s on a %s" % (game, name))
            finally:
                d.quit()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(5)

if failures:
    print("%d checks failed" % len(failures))
    sys.exit(1)
print("all checks passed")
