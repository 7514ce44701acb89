#!/usr/bin/env bash
# How fast `render lsp` answers an edit, and whether its memory stays flat: for
# projects of 200, 2,000 and 36,000 items of 0.1 s cut from one clip, opens the
# project, makes 100 one-character edits (a digit of an item's `to`, changed and
# changed back) and times each from sending the change to receiving its
# diagnostics (median and worst) and the server's CPU time per edit; then, on the 2,000-item project, makes 1,000
# edits and prints the server's resident memory after 10 and after 1,000, and its peak.
#
#   bench/lsp.sh
#
# Environment: OUT_DIR (default bench/out), RENDER (default: the release build, built here),
# SIZES (default "200 2000 36000"), EDITS (100), LONG_EDITS (1000).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${OUT_DIR:-$ROOT/bench/out}/lsp"
mkdir -p "$OUT_DIR"
source "$(dirname "${BASH_SOURCE[0]}")/release.sh"
[[ -f $OUT_DIR/clip.mp4 ]] || ffmpeg -v error -nostdin -y -f lavfi -i testsrc2=size=320x180:rate=30000/1001:duration=20 \
  -c:v libx264 -preset ultrafast "$OUT_DIR/clip.mp4"
for n in ${SIZES:-200 2000 36000}; do
  awk -v n="$n" 'BEGIN {
    print "cutlist: 1\noutput: { path: out.mp4 }\ntracks:\n  - items:"
    for (i = 0; i < n; i++) { f = (i * 7) % 190 / 10; printf "      - { source: clip.mp4, from: %.1fs, to: %.1fs }\n", f, f + 0.1 }
  }' >"$OUT_DIR/cuts-$n.yaml"
done
python3 - "$RENDER" "$OUT_DIR" "${SIZES:-200 2000 36000}" "${EDITS:-100}" "${LONG_EDITS:-1000}" <<'PYTHON'
import json, os, statistics, subprocess, sys, time

render, folder, sizes, edits, long_edits = sys.argv[1], sys.argv[2], sys.argv[3].split(), int(sys.argv[4]), int(sys.argv[5])


class Server:
    def __init__(self):
        self.process = subprocess.Popen([render, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=folder)
        self.id = 0

    def send(self, method, params, request=False):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.id += 1
            message["id"] = self.id
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def diagnostics(self, version):
        """Waits for the diagnostics of this version; their count."""
        while True:
            message = self.receive()
            params = message.get("params") or {}
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("version") == version:
                return len(params["diagnostics"])

    def memory(self, field):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) // 1024

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self):
        self.send("shutdown", None, request=True)
        self.send("exit", None)
        self.process.wait(60)


def session(n):
    path = os.path.join(folder, f"cuts-{n}.yaml")
    uri = "file://" + path
    text = open(path).read()
    server = Server()
    server.send("initialize", {"capabilities": {}}, request=True)
    server.receive()
    server.send("initialized", {})
    started = time.monotonic()
    server.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
    errors = server.diagnostics(1)
    opened = time.monotonic() - started
    # The middle item's `to`, e.g. `to: 1.5s`: its last digit becomes 6, then 5 again.
    line = 4 + n // 2
    column = text.splitlines()[line].rindex("s }") - 1
    digit = text.splitlines()[line][column]
    other = "9" if digit != "9" else "8"
    version = 1

    def edit():
        nonlocal version
        version += 1
        new = other if version % 2 == 0 else digit
        start = time.monotonic()
        server.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": column}, "end": {"line": line, "character": column + 1}}, "text": new}]})
        found = server.diagnostics(version)
        assert found == 0, f"edit {version} gave {found} diagnostics"
        return time.monotonic() - start

    return server, errors, opened, edit


# Wall times on a busy machine include waiting for a core: cpu_ms is the server's own
# CPU time per edit (user + system, averaged over the edits).
print(f"{'items':>7} {'open_ms':>8} {'median_ms':>9} {'worst_ms':>8} {'cpu_ms':>7} {'rss_MiB':>7}")
for n in map(int, sizes):
    server, errors, opened, edit = session(n)
    assert errors == 0, f"{n} items: {errors} diagnostics on open"
    cpu = server.cpu_seconds()
    times = [edit() for _ in range(edits)]
    cpu = (server.cpu_seconds() - cpu) / edits
    print(f"{n:>7} {opened * 1000:>8.0f} {statistics.median(times) * 1000:>9.1f} {max(times) * 1000:>8.1f} "
          f"{cpu * 1000:>7.1f} {server.memory('VmRSS'):>7}")
    server.close()

n = 2000
server, errors, opened, edit = session(n)
for _ in range(10):
    edit()
after10 = server.memory("VmRSS")
for _ in range(long_edits - 10):
    edit()
after = server.memory("VmRSS")
print(f"{n} items, RSS after 10 edits {after10} MiB, after {long_edits} {after} MiB ({(after - after10) / after10 * 100:+.1f}%), "
      f"peak {server.memory('VmHWM')} MiB")
server.close()
PYTHON
