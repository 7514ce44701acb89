#!/usr/bin/env python3
"""Renders random tiny projects over real and corrupt media and expects only
exits 0, 1 or 2: never a crash, a hang or a half-written output.

    scripts/mutation-run.py [RUNS] [--seed N] [--render PATH]

Each run writes a 160x90 project of 1 to 4 items drawn from every kind (clips,
stills, sound, colours, text, patterns, transitions) with keys set to valid,
extreme or nonsensical values, over media made once with the ffmpeg command: a
clip, a picture, a sound, and corrupt copies of them (truncated, zeroed, random
bytes, an empty file). It runs `render check` and `render` (20 s limit each).
A run that ends by a signal, takes too long, exits with another status, or
leaves a partial file beside the output is kept in the work folder and listed.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make_media(folder):
    def ffmpeg(*args):
        subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", *args], check=True, cwd=folder)

    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25:duration=2", "-f", "lavfi",
           "-i", "sine=frequency=440:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
           "-c:a", "aac", "-shortest", "clip.mp4")
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", "still.png")
    ffmpeg("-f", "lavfi", "-i", "sine=frequency=220:duration=2", "sound.wav")
    clip = open(os.path.join(folder, "clip.mp4"), "rb").read()
    rng = random.Random(1)
    corrupt = {
        "truncated.mp4": clip[: len(clip) // 3],
        "zeroed.mp4": clip[:64] + bytes(len(clip) - 128) + clip[-64:],
        "noise.mp4": bytes(rng.randrange(256) for _ in range(20000)),
        "empty.png": b"",
        "flipped.mp4": bytes(b ^ 0xFF if i % 97 == 0 else b for i, b in enumerate(clip)),
    }
    for name, data in corrupt.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)


SOURCES = ["clip.mp4", "still.png", "sound.wav", "truncated.mp4", "zeroed.mp4", "noise.mp4",
           "empty.png", "flipped.mp4", "nothing.mp4"]
# Plausible values first; past them, extremes and nonsense.
TIMES = ["0.5s", "1s", "1.5s", "10f", "00:00:01:05", "0s", "1.999s", "2s", "3s", "-1s", "0", "1e9s", "0.0001s",
         "end-0.5s"]
NUMBERS = ["0.5", "1", "0.25", "2", "0", "-1", "16", "100", "1e9", "nan", "0.0625", "1/3"]


def pick(rng, values, plausible=3, wild=True):
    return rng.choice(values if wild and rng.random() < 0.3 else values[:plausible])


def value(rng, kind, wild):
    if wild and rng.random() < 0.05:
        return rng.choice(["", "[]", "{}", "null", "true", "'x'", "[1, 2, 3]"])
    if kind == "time":
        return pick(rng, TIMES, wild=wild)
    if kind == "number":
        return pick(rng, NUMBERS, wild=wild)
    if kind == "volume":
        return pick(rng, NUMBERS[:3] + ["-6dB", "-inf dB", "+24dB"] + NUMBERS[3:], wild=wild)
    if kind == "point":
        return "[%s, %s]" % (pick(rng, NUMBERS, wild=wild), pick(rng, NUMBERS, wild=wild))
    if kind == "animated":
        return "[{ at: %s, value: %s }, { at: %s, value: %s }]" % (
            pick(rng, TIMES, wild=wild), pick(rng, NUMBERS, wild=wild), pick(rng, TIMES, wild=wild),
            pick(rng, NUMBERS, wild=wild))
    return kind


TIMING = {"from": "time", "to": "time", "duration": "time", "speed": "number", "loop": "number", "until": "end",
          "freeze": "{ at: 0.5s }"}
PICTURE = {"opacity": "number", "rotation": "number", "scale": "point", "position": "point", "size": "point",
           "fit": "cover", "crop": "{ left: 40, right: 40 }", "flip": "horizontal"}
SOUND = {"volume": "volume", "fade_in": "time", "fade_out": "time", "pitch": "shift", "mute": "true"}
KINDS = [  # what an item is, and the keys that apply to it
    ("source: clip.mp4", {**TIMING, **PICTURE, **SOUND}), ("source: still.png", {"duration": "time", **PICTURE}),
    ("source: sound.wav", {**TIMING, **SOUND}), ("color: red", {"duration": "time", **PICTURE}),
    ("text: 'Hi'", {"duration": "time", **PICTURE}), ("pattern: counter", {"duration": "time", **PICTURE}),
    ("tone: 440", {"duration": "time", **SOUND}), ("transition: crossfade", {"duration": "time"}),
    ("transition: wipe-left", {"duration": "time"}),
]
WILD_HEADS = ["source: %s" % name for name in SOURCES[3:]] + ["color: nope", "tone: 30000", "transition: nope"]
EVERY_KEY = {**TIMING, **PICTURE, **SOUND}


def item(rng, wild, kinds):
    head, keys = rng.choice(kinds)
    if wild and rng.random() < 0.3:
        head, keys = rng.choice(WILD_HEADS), EVERY_KEY
    chosen = rng.sample(sorted(keys), min(len(keys), rng.randrange(0, 3)))
    if not wild:  # keys that clash with a length, and a length for those that need one
        chosen = [key for key in chosen if key not in ("until", "loop", "freeze", "from", "to")]
    if "duration" in keys and "duration" not in chosen and (not wild or rng.random() < 0.8):
        chosen.append("duration")
    parts = [head] + ["%s: %s" % (key, value(rng, keys[key], wild)) for key in chosen]
    if "opacity" in keys and rng.random() < 0.2:
        parts.append("opacity: %s" % value(rng, "animated", wild))
    return "      - { %s }" % ", ".join(parts)


def project(rng):
    wild = rng.random() < 0.5
    output = "{ size: 160x90, fps: %s%s }" % (
        pick(rng, ["25", "30", "29.97", "1", "0.5"], 3, wild),
        rng.choice(["", ", duration: %s" % pick(rng, TIMES, 4, wild)]))
    tracks = []
    for _ in range(rng.randrange(1, 3)):
        audio = rng.random() < 0.2
        kinds = [k for k in KINDS if not audio or k[0] in ("source: sound.wav", "tone: 440", "source: clip.mp4")]
        clips = [k for k in kinds if not k[0].startswith("transition")]
        count = rng.randrange(1, 5)
        # Plausible projects put transitions only between two items.
        lines = [item(rng, wild, kinds if wild or 0 < n < count - 1 else clips) for n in range(count)]
        if not wild:
            lines = [line for n, line in enumerate(lines) if not (
                "transition" in line and "transition" in (lines[n - 1] if n else ""))]
        kind = "kind: audio\n    " if audio else ""
        tracks.append("  - %sitems:\n%s" % (kind, "\n".join(lines)))
    return "cutlist: 1\noutput: %s\ntracks:\n%s\n" % (output, "\n".join(tracks))


def run(render, args, folder):
    try:
        done = subprocess.run([render, *args], cwd=folder, capture_output=True, timeout=20,
                              env={**os.environ, "NO_COLOR": "1"})
    except subprocess.TimeoutExpired:
        return "hang over 20 s"
    if done.returncode < 0:
        return "killed by signal %d: %s" % (-done.returncode, done.stderr.decode(errors="replace")[-300:])
    if done.returncode not in (0, 1, 2):
        return "exit %d" % done.returncode
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--render", default=os.path.join(ROOT, ".build/release/render"))
    options = parser.parse_args()
    rng = random.Random(options.seed)
    folder = tempfile.mkdtemp(prefix="cutlist-mutation-")
    make_media(folder)
    failures = []
    exits = {}  # rendered or refused: how many of each
    for n in range(options.runs):
        name = "p%04d.yaml" % n
        with open(os.path.join(folder, name), "w") as f:
            f.write(project(rng))
        problem = run(options.render, ["check", name], folder)
        if problem is None:
            problem = run(options.render, [name, "-o", "out%04d.mp4" % n, "--no-cache", "--progress", "none"], folder)
        partial = [f for f in os.listdir(folder) if ".partial-" in f]
        if partial:
            problem = (problem or "") + " left " + ", ".join(partial)
            for f in partial:
                os.remove(os.path.join(folder, f))
        if problem:
            failures.append((name, problem))
        else:
            os.remove(os.path.join(folder, name))
        out = os.path.join(folder, "out%04d.mp4" % n)
        outcome = "rendered" if os.path.exists(out) else "refused"
        exits[outcome] = exits.get(outcome, 0) + 1
        if os.path.exists(out):
            os.remove(out)
    print("%d projects: %d rendered, %d refused with a diagnostic, %d failures" % (
        options.runs, exits.get("rendered", 0), exits.get("refused", 0), len(failures)))
    for name, problem in failures:
        print("  %s/%s: %s" % (folder, name, problem))
    if not failures:
        shutil.rmtree(folder)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
