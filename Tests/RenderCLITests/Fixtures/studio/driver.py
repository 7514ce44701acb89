#!/usr/bin/env python3
"""Uses the page of a running `render studio` in headless Chromium, as a person
would, through the DevTools protocol on a pipe (no package beyond Python's own),
and prints what the page showed as one JSON object.

    driver.py URL SCENARIO [--project FILE] [--screenshot FILE] [--timeout SECONDS]

Scenarios: timeline, play, seek, edit, broken, bench, captions, sound, inspector (see each
function; for captions, URL is a folder the driver serves itself). Every wait is
bounded; the browser is killed at the end whatever happened.
"""
import base64
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time


class Browser:
    """Chromium with its DevTools protocol on file descriptors 3 (commands in) and 4 (answers out)."""

    def __init__(self, profile, autoplay=True):
        to_child, self.commands = os.pipe()
        self.answers, from_child = os.pipe()

        def wire():
            read, write = os.dup(to_child), os.dup(from_child)
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + profile, "--window-size=1280,860", "--mute-audio", "about:blank"]
            + (["--autoplay-policy=no-user-gesture-required"] if autoplay else []),
            pass_fds=(3, 4), preexec_fn=wire, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        os.close(to_child)
        os.close(from_child)
        self.next_id = 0
        self.waiting = {}
        self.lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    def read(self):
        buffer = b""
        while True:
            try:
                data = os.read(self.answers, 1 << 16)
            except OSError:
                return
            if not data:
                return
            buffer += data
            while b"\0" in buffer:
                message, buffer = buffer.split(b"\0", 1)
                answer = json.loads(message)
                if "id" in answer:
                    with self.lock:
                        box = self.waiting.pop(answer["id"], None)
                    if box:
                        box.put(answer)

    def call(self, method, params=None, session=False, timeout=30):
        with self.lock:
            self.next_id += 1
            ident = self.next_id
            box = queue.Queue()
            self.waiting[ident] = box
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        answer = box.get(timeout=timeout)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer["result"]

    def eval(self, expression, timeout=30):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                           session=True, timeout=timeout)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, expression, timeout, what):
        """Polls until `expression` is truthy; its value, or an error naming `what`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.eval(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"timed out waiting for {what}")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # the browser and its helpers
        except ProcessLookupError:
            pass
        self.process.wait()


# Reads the colour the video shows at its current time, through a canvas, at
# places given as fractions of the picture.
COLOURS = """(places) => {
  const v = document.getElementById('video');
  const c = document.createElement('canvas');
  c.width = v.videoWidth; c.height = v.videoHeight;
  const g = c.getContext('2d');
  g.drawImage(v, 0, 0);
  return places.map(([x, y]) => Array.from(g.getImageData(Math.floor(x * c.width), Math.floor(y * c.height), 1, 1).data.slice(0, 3)));
}"""

# Seeks the video to the middle of frame F once that time is buffered; resolves after `seeked`.
SEEK = """(f) => new Promise((resolve) => {
  const v = document.getElementById('video');
  const s = studio.state();
  const t = (f + 0.5) * s.fps[1] / s.fps[0];
  v.addEventListener('seeked', () => resolve(true), { once: true });
  v.currentTime = t;
})"""

BUFFERED = """(f) => {
  const v = document.getElementById('video');
  const s = studio.state();
  const t = (f + 0.5) * s.fps[1] / s.fps[0];
  for (let i = 0; i < v.buffered.length; i++) if (v.buffered.start(i) <= t && t < v.buffered.end(i)) return true;
  return false;
}"""


def opened(browser, url, timeout):
    browser.call("Page.navigate", {"url": url}, session=True)
    browser.wait("window.studio && studio.state() && studio.state().version !== undefined", timeout, "the page's state")


def timeline(browser, url, args):
    """The page loads and the timeline names every item."""
    opened(browser, url, args.timeout)
    names = browser.eval("Array.from(document.querySelectorAll('#tracks .row')).map((row) => ["
                         "row.querySelector('.name').textContent,"
                         "Array.from(row.querySelectorAll('.item')).map((i) => i.textContent)])")
    chunks = browser.eval("document.querySelectorAll('#chunks .chunk').length")
    # Clicking an item (the first, or the one --item names) shows where the project writes it.
    pick = json.dumps(args.item or "")
    browser.eval(f"Array.from(document.querySelectorAll('#tracks .item')).find((i) => i.textContent.includes({pick}))"
                 ".dispatchEvent(new MouseEvent('mousedown', {bubbles: true}))")
    if args.frame:
        browser.eval(f"studio.seek({int(args.frame)})")
        browser.wait(f"document.getElementById('still').src.endsWith('/{int(args.frame)}')", args.timeout, "the still")
    place = browser.eval("document.getElementById('place') && [document.getElementById('place').textContent,"
                         "document.getElementById('place').href]")
    # Paused, the picture is the server's still of the frame at the playhead.
    browser.wait("document.getElementById('still').classList.contains('ready')", args.timeout, "the still")
    still = browser.eval("document.getElementById('still').src")
    browser.wait("studio.state().chunks.every((c) => c.state === 'cached')", args.timeout, "every chunk made")
    if args.screenshot:
        browser.screenshot(args.screenshot)
    ruler = browser.eval("Array.from(document.querySelectorAll('#ruler .tick')).map((t) => t.textContent)")
    return {"tracks": names, "chunks": chunks, "place": place, "still": still, "ruler": ruler,
            "title": browser.eval("document.title"), "header": browser.eval("document.getElementById('project').textContent")}


INSPECTOR = """Array.from(document.querySelectorAll('#inspector tr')).map((r) => Array.from(r.cells).map((c) => c.textContent))"""


def inspector(browser, url, args):
    """Selects the item --item names, then saves --project with --old replaced by --new;
    the inspector's rows before and after."""
    opened(browser, url, args.timeout)
    pick = json.dumps(args.item)
    browser.eval(f"Array.from(document.querySelectorAll('#tracks .item')).find((i) => i.textContent.includes({pick}))"
                 ".dispatchEvent(new MouseEvent('mousedown', {bubbles: true}))")
    before = browser.eval(INSPECTOR)
    version = browser.eval("studio.state().version")
    save(args.project, args.old, args.new)
    browser.wait(f"studio.state().version === {version + 1}", args.timeout, "the saved version")
    return {"before": before, "after": browser.eval(INSPECTOR),
            "title": browser.eval("document.querySelector('#inspector h3').textContent")}


def play(browser, url, args):
    """Plays from the start to the end at 1x."""
    opened(browser, url, args.timeout)
    browser.eval("""(() => { const v = document.getElementById('video');
      window.ended = false; window.waits = 0;
      v.addEventListener('ended', () => { window.ended = true; });
      v.addEventListener('waiting', () => { window.waits += 1; });
      document.getElementById('play').click(); })()""")
    browser.wait("window.ended", args.timeout, "ended")
    return browser.eval("""(() => { const v = document.getElementById('video');
      return { frames: v.getVideoPlaybackQuality().totalVideoFrames, dropped: v.getVideoPlaybackQuality().droppedVideoFrames,
               error: v.error ? v.error.message || String(v.error.code) : null, errors: studio.errors,
               duration: v.duration, frameCount: studio.state().frameCount }; })()""")


def seek(browser, url, args):
    """Seeks to each frame of --frames and reads the colours at --places."""
    opened(browser, url, args.timeout)
    places = json.loads(args.places)
    seen = {}
    for f in json.loads(args.frames):
        browser.eval(f"document.getElementById('video').currentTime = ({f} + 0.5) * studio.state().fps[1] / studio.state().fps[0]")
        browser.wait(f"({BUFFERED})({f})", args.timeout, f"frame {f} buffered")
        browser.eval(f"({SEEK})({f})")
        seen[str(f)] = browser.eval(f"({COLOURS})({json.dumps(places)})")
    return {"colours": seen, "errors": browser.eval("studio.errors")}


def edit(browser, url, args):
    """Plays in a loop; while it plays, --project is saved with --old replaced by --new;
    reports how long until the picture at --frame shows --expect, without a reload."""
    opened(browser, url, args.timeout)
    f = int(args.frame)
    browser.eval("window.marker = 'no reload'")
    browser.eval("document.getElementById('video').loop = true; document.getElementById('play').click()")
    browser.wait("document.getElementById('video').currentTime > 0.2", args.timeout, "playing")
    with open(args.project) as source:
        text = source.read()
    saved = time.monotonic()
    with open(args.project + ".tmp", "w") as out:
        out.write(text.replace(args.old, args.new))
    os.rename(args.project + ".tmp", args.project)
    expected = json.loads(args.expect)
    places = json.loads(args.places)
    deadline = saved + args.timeout
    seen = None
    while time.monotonic() < deadline:
        # Looked at the frame's time as it plays by: read whenever the playhead is on that chunk.
        colours = browser.eval(f"""(() => {{ const v = document.getElementById('video'); const s = studio.state();
          const f = Math.floor(v.currentTime * s.fps[0] / s.fps[1]);
          return Math.abs(f - {f}) <= 5 ? ({COLOURS})({json.dumps(places)}) : null; }})()""")
        if colours is not None:
            seen = colours
            if all(all(abs(a - b) <= 24 for a, b in zip(c, e)) for c, e in zip(colours, expected)):
                break
        time.sleep(0.02)
    else:
        return {"shown": False, "seen": seen, "errors": browser.eval("studio.errors")}
    return {"shown": True, "seconds": time.monotonic() - saved, "marker": browser.eval("window.marker"),
            "playing": browser.eval("!document.getElementById('video').paused"), "errors": browser.eval("studio.errors"),
            "encoded": browser.eval("studio.state().encoded"), "version": browser.eval("studio.state().version")}


def broken(browser, url, args):
    """Saves --project with --old replaced by --new (an error), reads the page,
    then saves the original again."""
    opened(browser, url, args.timeout)
    browser.wait("document.getElementById('still').classList.contains('ready')", args.timeout, "the still")
    still = browser.eval("document.getElementById('still').src")
    tracks_top = browser.eval("document.getElementById('tracks').getBoundingClientRect().top")
    with open(args.project) as source:
        text = source.read()
    with open(args.project + ".tmp", "w") as out:
        out.write(text.replace(args.old, args.new))
    os.rename(args.project + ".tmp", args.project)
    report = browser.wait("!document.getElementById('problems').hidden && document.getElementById('report').textContent",
                          args.timeout, "the diagnostics")
    shown = {"report": report, "stillKept": browser.eval("document.getElementById('still').src") == still
             and browser.eval("document.getElementById('still').classList.contains('ready')"),
             # The diagnostics lie over the picture: the tracks stay where they were.
             "tracksMoved": browser.eval("document.getElementById('tracks').getBoundingClientRect().top") - tracks_top}
    if args.screenshot:
        browser.screenshot(args.screenshot)
    with open(args.project + ".tmp", "w") as out:
        out.write(text)
    os.rename(args.project + ".tmp", args.project)
    browser.wait("document.getElementById('problems').hidden", args.timeout, "the diagnostics to go")
    browser.wait("document.getElementById('still').classList.contains('ready')", args.timeout, "the picture back")
    shown["fixedVersion"] = browser.eval("studio.state().version")
    return shown


# A checksum of the still the page shows (drawn through a canvas).
STILL_SUM = """(() => { const i = document.getElementById('still');
  if (!i.classList.contains('ready') || !i.naturalWidth) return null;
  const c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight;
  const g = c.getContext('2d'); g.drawImage(i, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data; let sum = 0;
  for (let k = 0; k < d.length; k += 97) sum = (sum * 31 + d[k]) % 1000000007;
  return i.src + ' ' + sum; })()"""


def bench(browser, url, args):
    """bench/studio.sh: the time from opening the page to the first frame playing, the
    stalls of 1x playback from the start, and the time from a save to its picture."""
    opened_at = time.monotonic()
    browser.call("Page.navigate", {"url": url}, session=True)
    browser.wait("window.studio && studio.state() && studio.state().version !== undefined && studio.state().media",
                 args.timeout, "the page's state")
    browser.eval("""(() => { const v = document.getElementById('video'); window.waits = []; window.ended = false;
      v.addEventListener('waiting', () => window.waits.push(v.currentTime));
      v.addEventListener('ended', () => { window.ended = true; });
      document.getElementById('play').click(); })()""")
    browser.wait("(() => { const v = document.getElementById('video'); return !v.paused && v.currentTime > 0; })()",
                 args.timeout, "the first frame playing")
    first = time.monotonic() - opened_at
    browser.wait("window.ended", args.timeout + 120, "ended")
    played = browser.eval("""(() => { const v = document.getElementById('video');
      return { waits: window.waits, frames: v.getVideoPlaybackQuality().totalVideoFrames,
               dropped: v.getVideoPlaybackQuality().droppedVideoFrames, errors: studio.errors }; })()""")
    # Paused on the edited item: the still shows it; then the save.
    f = int(args.frame)
    browser.eval(f"studio.seek({f})")
    before = browser.wait(f"(() => {{ const s = {STILL_SUM}; return s && s.includes('/{f}') ? s : null; }})()",
                          args.timeout, "the still before the edit")
    with open(args.project) as source:
        text = source.read()
    saved = time.monotonic()
    with open(args.project + ".tmp", "w") as out:
        out.write(text.replace(args.old, args.new))
    os.rename(args.project + ".tmp", args.project)
    browser.wait(f"(() => {{ const s = {STILL_SUM}; return s && s !== {json.dumps(before)}; }})()", args.timeout,
                 "the edited still")
    still = time.monotonic() - saved
    browser.wait(f"""(() => {{ const s = studio.state(); const c = s.chunks.find((c) => c.start <= {f} && {f} < c.end);
      return c && studio.appended(c.start) === `${{c.end}} ${{c.fingerprint}}`; }})()""", args.timeout,
                 "the edited chunk in the player")
    playable = time.monotonic() - saved
    return {"firstFrame": first, "waits": played["waits"], "frames": played["frames"], "dropped": played["dropped"],
            "errors": played["errors"], "editStill": still, "editPlayable": playable,
            "encoded": browser.eval("studio.state().encoded")}


AUDIO_FETCHES = "performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/audio/'))"


def save(project, old, new):
    """Saves `project` with `old` replaced by `new`, as editors do (a new file renamed over it)."""
    with open(project) as source:
        text = source.read()
    if old not in text:
        raise ValueError(f"{old!r} is not in the project")
    with open(project + ".tmp", "w") as out:
        out.write(text.replace(old, new))
    os.rename(project + ".tmp", project)


def sound(browser, url, args):
    """With the browser's own autoplay rule (run without the flag that lifts it): the sound
    is on and plays after a click on play; M mutes and unmutes it. Then saves: --old → --new
    (a picture), a comment, and --sound-old → --sound-new (the sound); after each, which
    sound fragments the page fetched again once its player is complete."""
    opened(browser, url, args.timeout)
    muted_at_start = browser.eval("document.getElementById('video').muted")
    box = browser.eval("(() => { const r = document.getElementById('play').getBoundingClientRect();"
                       " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    for kind in ["mousePressed", "mouseReleased"]:
        browser.call("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1},
                     session=True)
    browser.wait("document.getElementById('video').currentTime > 1", args.timeout, "playing past 1 s")
    playing = browser.eval("""(() => { const v = document.getElementById('video');
      return { muted: v.muted, paused: v.paused, audioBytes: v.webkitAudioDecodedByteCount,
               button: document.getElementById('mute').textContent }; })()""")

    def key(k):
        for kind in ["keyDown", "keyUp"]:
            browser.call("Input.dispatchKeyEvent", {"type": kind, "key": k, "text": k if kind == "keyDown" else ""},
                         session=True)
        return browser.eval("[document.getElementById('video').muted, document.getElementById('mute').textContent]")

    toggled = [key("m"), key("m")]
    browser.eval("document.getElementById('play').click()")  # paused: the player fills its buffers all the same

    def complete(version):
        browser.wait(f"""(() => {{ const s = studio.state(); return s.version === {version}
          && s.chunks.every((c) => studio.appended(c.start) === `${{c.end}} ${{c.fingerprint}}`)
          && (s.media.audioFragments || []).every((a) => studio.audioAppended(a.start) === `${{a.end}} ${{a.key}}`); }})()""",
                     args.timeout, f"version {version} in the player")
        time.sleep(1)  # a stray fetch would come within the player's pump interval
        return browser.eval(AUDIO_FETCHES)

    first = complete(1)
    save(args.project, args.old, args.new)
    picture = complete(2)
    with open(args.project, "a") as out:
        out.write("# a comment\n")
    comment = complete(3)
    save(args.project, args.sound_old, args.sound_new)
    sound = complete(4)
    return {"mutedAtStart": muted_at_start, "playing": playing, "toggled": toggled, "first": first,
            "afterPicture": picture[len(first):], "afterComment": comment[len(picture):], "afterSound": sound[len(comment):],
            "fragments": browser.eval("studio.state().media.audioFragments.length"), "errors": browser.eval("studio.errors")}


def captions(browser, folder, args):
    """Serves FOLDER on the loopback and plays its --video with its --track as a
    <track> element; lists the text tracks the video has (each one's kind, language
    and cues as [start, end, the text shown]) once the track has loaded."""
    import functools
    import http.server

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *_):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        browser.call("Page.navigate", {"url": f"http://127.0.0.1:{server.server_address[1]}/"}, session=True)
        browser.wait("document.readyState === 'complete'", args.timeout, "the folder's page")
        loaded = browser.eval(f"""new Promise((resolve) => {{
          document.body.innerHTML = '';
          const v = document.createElement('video'); v.id = 'video'; v.muted = true; v.preload = 'auto';
          v.src = {json.dumps(args.video)};
          const t = document.createElement('track'); t.kind = 'subtitles'; t.srclang = 'en'; t.default = true;
          t.src = {json.dumps(args.track)};
          t.addEventListener('load', () => resolve('loaded')); t.addEventListener('error', () => resolve('error'));
          v.appendChild(t); document.body.appendChild(v); }})""", timeout=args.timeout)
        browser.wait("document.getElementById('video').readyState >= 1", args.timeout, "the video's metadata")
        return browser.eval("""(() => { const v = document.getElementById('video');
          return { track: %s, duration: v.duration, error: v.error ? String(v.error.code) : null,
                   tracks: Array.from(v.textTracks).map((t) => ({ kind: t.kind, language: t.language,
                     cues: t.cues ? Array.from(t.cues).map((c) => [c.startTime, c.endTime, c.getCueAsHTML().textContent]) : null })) }; })()"""
                            % json.dumps(loaded))
    finally:
        server.shutdown()


def main():
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("scenario",
                        choices=["timeline", "play", "seek", "edit", "broken", "bench", "captions", "sound", "inspector"])
    for option in ["project", "screenshot", "frames", "places", "old", "new", "expect", "frame", "item", "video", "track",
                   "sound-old", "sound-new"]:
        parser.add_argument("--" + option)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        # The sound scenario meets the browser's autoplay rule as a person's browser has it.
        browser = Browser(profile, autoplay=args.scenario != "sound")
        try:
            result = globals()[args.scenario](browser, args.url, args)
        except Exception as error:  # told to the test as JSON, with what the page had
            result = {"failure": f"{type(error).__name__}: {error}"}
            try:
                result["errors"] = browser.eval("window.studio ? studio.errors : 'no page'", timeout=5)
            except Exception:
                pass
        finally:
            browser.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
