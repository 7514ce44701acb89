#!/usr/bin/env python3
"""Plays a video file in headless Chromium, as a browser shows it, and prints
what the page saw: `ended presented=N decoded=M`, or `error CODE MESSAGE`, or
`timeout`. Exit status 0 only when the video played to its end.

    scripts/chromium-play.py FILE [--timeout SECONDS]
"""
import http.server
import os
import signal
import subprocess
import sys
import tempfile
import threading

PAGE = b"""<!doctype html><video id="v" muted autoplay></video><script>
const v = document.getElementById('v');
let presented = 0;
const report = (text) => fetch('/result', {method: 'POST', body: text});
const count = (now, meta) => { presented = meta.presentedFrames; v.requestVideoFrameCallback(count); };
v.requestVideoFrameCallback(count);
v.onended = () => report('ended presented=' + presented + ' decoded=' + v.getVideoPlaybackQuality().totalVideoFrames);
v.onerror = () => report('error ' + v.error.code + ' ' + v.error.message);
v.src = '/video';
v.playbackRate = 4;
</script>"""


def main():
    path = sys.argv[1]
    timeout = float(sys.argv[sys.argv.index("--timeout") + 1]) if "--timeout" in sys.argv else 120
    result = {}
    done = threading.Event()

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path == "/video":
                with open(path, "rb") as f:
                    body = f.read()
                kind = "video/webm" if path.endswith(".webm") else "video/mp4"
            else:
                body, kind = PAGE, "text/html"
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            result["text"] = self.rfile.read(int(self.headers["Content-Length"])).decode()
            self.send_response(204)
            self.end_headers()
            done.set()

    class Server(http.server.ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            pass  # the browser drops connections it no longer needs

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        browser = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile,
             "--autoplay-policy=no-user-gesture-required", "http://127.0.0.1:%d/" % server.server_port],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        done.wait(timeout)
        os.killpg(browser.pid, signal.SIGKILL)  # the browser and its helper processes
        browser.wait()
    server.shutdown()
    text = result.get("text", "timeout")
    print(text)
    sys.exit(0 if text.startswith("ended") else 1)


if __name__ == "__main__":
    main()
