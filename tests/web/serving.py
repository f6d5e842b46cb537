"""What the browser tests share: bocage-play serve started on loopback with
its seats' URLs read off its screen, and a seat's view fetched as its page
fetches it."""
import json
import re
import subprocess
import threading
import time
import urllib.error
import urllib.request


def serve(play, data, env, args, seats=2):
    """Starts bocage-play serve; returns the process and the seats' URLs."""
    p = subprocess.Popen([play, "serve", *args, "--listen", "127.0.0.1", "--data", data],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         env=env, text=True)
    urls, seen = [], []
    deadline = time.time() + 20
    while len(urls) < seats and time.time() < deadline:
        line = p.stdout.readline()
        if not line:
            break
        seen.append(line)
        m = re.search(r"(http://127\.0\.0\.1:\d+/#t=[0-9a-f]{32})", line)
        if m:
            urls.append(m.group(1))
    if len(urls) < seats:
        raise SystemExit("serve printed no URLs:\n" + "".join(seen))
    # The terminal echoes every command the pages make: read it, as a terminal
    # would, or the pipe fills and the server waits on it.
    threading.Thread(target=lambda: [None for _ in p.stdout], daemon=True).start()
    return p, urls


def view(url):
    """The view the server gives that seat (the page's own request). Beyond
    the address's rate (the test polls beside the pages, all from 127.0.0.1)
    the server says 429 and Retry-After: 1; it waits a second, as a page does."""
    base, token = url.split("/#t=")
    for attempt in range(5):
        req = urllib.request.Request(base + "/api/view", headers={"X-Bocage-Token": token})
        try:
            return json.load(urllib.request.urlopen(req, timeout=5))
        except urllib.error.HTTPError as e:
            if e.code != 429 or attempt == 4:
                raise
            time.sleep(1)
