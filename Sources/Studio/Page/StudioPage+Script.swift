extension StudioPage {
    /// The page's behaviour: the state and events from the server, the
    /// timeline, the stills while paused and the Media Source player.
    static let script = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const video = $("video"), still = $("still"), screen = $("screen");
        let state = null;          // the server's state: version, chunks, tracks, report
        let frame = 0;             // the frame the playhead is on
        let selected = null;       // the index of the selected item
        let reverse = null;        // J: the timer stepping backwards
        // What the tests and the benchmark read and do, as a person would see and do it.
        const studio = {
          state: () => state, frame: () => frame, errors: [], seek: (f) => seek(f),
          appended: (start) => player.appended.get(start),
          audioAppended: (start) => player.audioAppended.get(start),
        };
        window.studio = studio;

        const fps = () => state.fps[0] / state.fps[1];
        const frameTime = (f) => f * state.fps[1] / state.fps[0];
        const frameAt = (seconds) => Math.floor(seconds * state.fps[0] / state.fps[1] + 1e-6);
        function timecode(f) {
          const whole = Math.ceil(fps()), two = (n) => String(n).padStart(2, "0");
          const s = Math.floor(f / whole);
          return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}:${two(f % whole)}`;
        }

        // ---- state from the server ----
        const events = new EventSource("/api/events");
        events.addEventListener("state", (e) => take(JSON.parse(e.data)));
        events.addEventListener("chunk", (e) => {
          const c = JSON.parse(e.data);
          if (!state || c.version !== state.version) return;
          state.chunks[c.position].state = c.state;
          if (c.outcome === "encoded") state.encoded.push(c.position);
          drawChunks();
          player.pump();
        });
        events.addEventListener("notice", (e) => { $("notice").textContent = JSON.parse(e.data).message; });
        events.onerror = () => { $("status").textContent = "the server is not answering (stopped?)"; };

        function take(next) {
          const versionChanged = !state || state.version !== next.version;
          state = next;
          $("project").textContent = state.project;
          document.title = `${state.project} · Cutlist studio`;
          $("notice").textContent = state.notice || "";
          $("problems").hidden = !state.report;
          $("report").textContent = state.report;
          if (state.version === undefined) { $("status").textContent = "no good version yet"; return; }
          $("screen").style.aspectRatio = `${state.width} / ${state.height}`;
          if (versionChanged) {
            drawTracks();
            drawRuler();
            // The inspector shows the selected item as this version has it (its text, its keys, its place).
            const item = selected === null ? null : state.tracks.flatMap((t) => t.items).find((i) => i.index === selected);
            if (item) select(item);
            else if (selected !== null) { selected = null; $("inspector").innerHTML = '<p class="hint">The item is gone.</p>'; }
            frame = Math.min(frame, state.frameCount - 1);
            player.load(state);
            if (video.paused) showStill();
          }
          drawChunks();
          showPlayhead();
        }

        // ---- timeline ----
        function percent(f) { return `${100 * f / state.frameCount}%`; }
        function drawTracks() {
          const tracks = $("tracks");
          tracks.textContent = "";
          for (const track of state.tracks) {
            const row = document.createElement("div");
            row.className = "row";
            const name = document.createElement("div");
            name.className = "name";
            name.textContent = track.name;
            const lane = document.createElement("div");
            lane.className = "lane";
            for (const item of track.items) {
              const box = document.createElement("div");
              box.className = `item ${item.kind}` + (item.reversed ? " reversed" : "") + (item.index === selected ? " selected" : "");
              box.style.left = percent(item.startFrame);
              box.style.width = percent(item.endFrame - item.startFrame);
              box.textContent = item.id ? `${item.id} · ${item.label}` : item.label;
              box.title = `${item.label}\n${item.timecode}` + (item.source ? `\nsource ${item.source}` : "")
                + (item.reversed ? " (backwards)" : "");
              // A changing speed's ramps, freezes and backwards stretches, each a band in the box.
              for (const stretch of item.retiming || []) {
                const band = document.createElement("span");
                band.className = `stretch ${stretch.kind}`;
                band.title = stretch.kind;
                const length = item.end - item.start;
                band.style.left = `${100 * stretch.start / length}%`;
                band.style.width = `${100 * (stretch.end - stretch.start) / length}%`;
                box.appendChild(band);
              }
              box.dataset.index = item.index;
              box.addEventListener("mousedown", (e) => { e.stopPropagation(); select(item); });
              lane.appendChild(box);
            }
            row.append(name, lane);
            tracks.appendChild(row);
          }
        }
        // Seconds along the top of the timeline, at a step that leaves room for their labels.
        function drawRuler() {
          const lane = $("ruler");
          lane.textContent = "";
          const seconds = state.frameCount / fps();
          const room = Math.max(1, lane.getBoundingClientRect().width / 70);
          const step = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600].find((s) => seconds / s <= room) || 7200;
          for (let t = 0; t < seconds; t += step) {
            const tick = document.createElement("div");
            tick.className = "tick";
            tick.style.left = `${100 * t / seconds}%`;
            tick.textContent = t >= 3600 ? `${Math.floor(t / 3600)}:${String(Math.floor(t / 60) % 60).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`
              : `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
            lane.appendChild(tick);
          }
        }
        function drawChunks() {
          const lane = $("chunks");
          if (lane.childElementCount !== state.chunks.length) {
            lane.textContent = "";
            for (const chunk of state.chunks) lane.appendChild(document.createElement("div"));
          }
          state.chunks.forEach((chunk, i) => {
            const box = lane.children[i];
            box.className = `chunk ${chunk.state}`;
            box.style.left = percent(chunk.start);
            box.style.width = percent(chunk.end - chunk.start);
            box.title = `frames ${chunk.start}–${chunk.end - 1}: ${chunk.state}`;
          });
          const count = (s) => state.chunks.filter((c) => c.state === s).length;
          $("status").textContent = `version ${state.version} · ${state.frameCount} frames · chunks: `
            + `${count("cached") + count("copied")} ready, ${count("encoding")} encoding, ${count("waiting")} waiting`;
        }
        function select(item) {
          selected = item.index;
          for (const box of document.querySelectorAll(".item")) box.classList.toggle("selected", +box.dataset.index === selected);
          const inspector = $("inspector");
          inspector.textContent = "";
          const title = document.createElement("h3");
          title.textContent = item.label;
          const table = document.createElement("table");
          const row = (key, value) => {
            const tr = table.insertRow();
            tr.insertCell().textContent = key;
            const cell = tr.insertCell();
            if (value instanceof Node) cell.appendChild(value); else cell.textContent = value;
          };
          if (item.place) {
            const link = document.createElement("a");
            link.id = "place";
            link.textContent = item.place;
            const fill = (t) => t.replaceAll("{file}", item.file).replaceAll("{line}", item.line).replaceAll("{column}", item.column);
            if (state.editorIsLink) link.href = fill(state.editor);
            else { link.href = "#"; link.onclick = (e) => { e.preventDefault(); fetch(`/api/open/${state.version}/${item.index}`, { method: "POST" }); }; }
            row("in the project", link);
          }
          if (item.id) row("id", item.id);
          row("kind", item.kind);
          row("timeline", item.timecode);
          if (item.source) row("source", item.source);
          for (const [key, value] of item.properties) row(key, value);
          inspector.append(title, table);
        }

        // ---- playhead, stills, keys ----
        function showPlayhead() {
          if (!state || state.version === undefined) return;
          const lane = $("chunks").getBoundingClientRect(), box = $("timeline").getBoundingClientRect();
          $("playhead").style.left = `${lane.left - box.left + lane.width * frame / state.frameCount}px`;
          $("time").textContent = timecode(frame);
          $("frame").textContent = `frame ${frame}`;
        }
        let playheadSent = -1;
        function tellPlayhead() {
          if (Math.abs(frame - playheadSent) < 2) return;
          playheadSent = frame;
          fetch(`/api/playhead/${frame}`, { method: "POST" }).catch(() => {});
        }
        // The exact frame from the server while paused: the same pixels as `render frame`.
        function showStill() {
          if (!state || state.version === undefined) return;
          const url = `/api/frame/${state.version}/${frame}`;
          if (still.dataset.url === url) return;
          still.dataset.url = url;
          const image = new Image();
          image.onload = () => {
            if (still.dataset.url !== url) return;
            still.src = image.src;
            still.dataset.frame = frame;
            still.classList.add("ready");
          };
          image.src = url;
        }
        function seek(f) {
          if (!state || state.version === undefined) return;
          frame = Math.max(0, Math.min(state.frameCount - 1, f));
          // The middle of the frame's display interval, so the video lands on that frame.
          video.currentTime = (frame + 0.5) / fps();
          showPlayhead();
          tellPlayhead();
          if (video.paused) showStill();
        }
        // Sound: on, unless the browser's autoplay rule refuses to play it before the person has
        // clicked or pressed a key; then the page plays muted and unmutes at the first click or key.
        let mutedForAutoplay = false;
        // Words, not a loudspeaker emoji: a machine without an emoji font shows those as empty boxes.
        function showMute() { $("mute").textContent = video.muted ? "muted" : "sound on"; }
        function toggleMute() { mutedForAutoplay = false; video.muted = !video.muted; showMute(); }
        function play() {
          stopReverse();
          screen.classList.remove("paused");
          video.play().catch((e) => {
            if (e.name !== "NotAllowedError" || video.muted) return studio.errors.push(String(e));
            mutedForAutoplay = true;
            video.muted = true;
            showMute();
            video.play().catch((again) => studio.errors.push(String(again)));
          });
        }
        for (const kind of ["mousedown", "keydown"]) {
          document.addEventListener(kind, (e) => {
            if (!mutedForAutoplay || e.target === $("mute")) return;
            mutedForAutoplay = false;
            video.muted = false;
            showMute();
          }, true);
        }
        video.addEventListener("volumechange", showMute);
        $("mute").onclick = toggleMute;
        function pause() { stopReverse(); video.pause(); video.playbackRate = 1; screen.classList.add("paused"); seek(frame); }
        function stopReverse() { if (reverse) { clearInterval(reverse); reverse = null; } }
        video.addEventListener("timeupdate", () => {
          if (video.paused || !state) return;
          frame = Math.min(frameAt(video.currentTime), state.frameCount - 1);
          showPlayhead();
          tellPlayhead();
        });
        video.addEventListener("play", () => { $("play").textContent = "❚❚"; screen.classList.remove("paused"); });
        video.addEventListener("pause", () => { $("play").textContent = "▶︎"; screen.classList.add("paused"); });
        video.addEventListener("ended", () => { frame = state.frameCount - 1; showPlayhead(); });
        video.addEventListener("error", () => studio.errors.push(video.error ? video.error.message || String(video.error.code) : "error"));
        screen.classList.add("paused");
        $("play").onclick = () => (video.paused ? play() : pause());
        $("back").onclick = () => { pause(); seek(frame - 1); };
        $("forward").onclick = () => { pause(); seek(frame + 1); };
        document.addEventListener("keydown", (e) => {
          if (!state || e.target.tagName === "INPUT") return;
          const keys = {
            " ": () => (video.paused ? play() : pause()),
            "ArrowLeft": () => { pause(); seek(frame - 1); },
            "ArrowRight": () => { pause(); seek(frame + 1); },
            "Home": () => seek(0),
            "End": () => seek(state.frameCount - 1),
            "k": () => pause(),
            "m": () => toggleMute(),
            "l": () => { if (video.paused) play(); else video.playbackRate = Math.min(video.playbackRate * 2, 4); },
            // Backwards: step frame by frame at the frame rate, showing the exact stills.
            "j": () => {
              if (reverse) return;
              video.pause();
              screen.classList.add("paused");
              reverse = setInterval(() => { if (frame <= 0) stopReverse(); else seek(frame - 1); }, 1000 / fps());
            },
          };
          const action = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key];
          if (action) { e.preventDefault(); action(); }
        });
        // Clicking or dragging on the timeline moves the playhead.
        $("timeline").addEventListener("mousedown", (e) => {
          const lane = $("chunks").getBoundingClientRect();
          const at = (x) => Math.floor(state.frameCount * (x - lane.left) / lane.width);
          const wasPlaying = !video.paused;
          if (wasPlaying) pause();
          seek(at(e.clientX));
          const move = (m) => seek(at(m.clientX));
          const up = () => { document.removeEventListener("mousemove", move); document.removeEventListener("mouseup", up); };
          document.addEventListener("mousemove", move);
          document.addEventListener("mouseup", up);
        });
        window.addEventListener("resize", () => { showPlayhead(); if (state && state.version !== undefined) drawRuler(); });

        // ---- the Media Source player ----
        // One init segment, then each chunk's fragment placed at its time on the timeline;
        // the whole mix as a second track. A chunk whose fingerprint changed is removed
        // at once (a stale chunk never plays) and its new fragment appended when made.
        const player = {
          source: null, video: null, audio: null, type: null,
          appended: new Map(),  // chunk start frame -> "end fingerprint" appended there
          audioAppended: new Map(),
          load(s) {
            if (!s.media || !window.MediaSource) return;
            const type = JSON.stringify([s.media.video, s.media.audio, s.width, s.height]);
            if (type !== this.type) return this.reset(s, type);
            this.forgetStale(s);
            this.pump();
          },
          reset(s, type) {
            this.type = type;
            this.appended.clear();
            this.audioAppended.clear();
            this.video = this.audio = null;
            const source = new MediaSource();
            this.source = source;
            const at = frame;
            video.src = URL.createObjectURL(source);
            source.addEventListener("sourceopen", async () => {
              source.duration = s.frameCount / fps();
              try {
                // Both buffers before any init segment: none may be added after one.
                const videoBuffer = source.addSourceBuffer(s.media.video);
                const audioBuffer = s.media.audio ? source.addSourceBuffer(s.media.audio) : null;
                await this.append(videoBuffer, `/media/${s.version}/video/init`);
                if (audioBuffer) await this.append(audioBuffer, `/media/${s.version}/audio/init`);
                [this.video, this.audio] = [videoBuffer, audioBuffer];
              } catch (e) { studio.errors.push(String(e)); return; }
              // Back to the frame the page was on (a seek decodes again from a keyframe: not at the start).
              if (at > 0) video.currentTime = (at + 0.5) / fps();
              this.pump();
            }, { once: true });
          },
          forgetStale(s) {
            const now = new Map(s.chunks.map((c) => [c.start, `${c.end} ${c.fingerprint}`]));
            // Up to the chunk's last frame: removing past a keyframe would take the next chunk too.
            for (const [start, key] of [...this.appended]) {
              if (now.get(start) === key) continue;
              this.appended.delete(start);
              this.removals.push([this.video, Math.max(0, start - 0.25) / fps(), (+key.split(" ")[0] - 0.5) / fps()]);
            }
            const audio = new Map((s.media.audioFragments || []).map((a) => [a.start, `${a.end} ${a.key}`]));
            for (const [start, key] of [...this.audioAppended]) {
              if (audio.get(start) === key) continue;
              this.audioAppended.delete(start);
              this.removals.push([this.audio, start, +key.split(" ")[0]]);
            }
          },
          removals: [],
          // Whether it was appended: not when the project changed meanwhile (409; the new state is on its way).
          async append(buffer, url) {
            const answer = await fetch(url);
            if (answer.status === 409) return false;
            if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
            const bytes = await answer.arrayBuffer();
            await this.wait(buffer, () => buffer.appendBuffer(bytes));
            return true;
          },
          wait(buffer, action) {
            return new Promise((resolve, reject) => {
              buffer.addEventListener("updateend", resolve, { once: true });
              buffer.addEventListener("error", reject, { once: true });
              action();
            });
          },
          // The next fragment to fetch: the chunk at the playhead and those after it, then
          // the rest; at most a minute ahead of the playhead.
          next(s) {
            const ahead = s.chunks.filter((c) => c.end > frame).concat(s.chunks.filter((c) => c.end <= frame));
            for (const c of ahead) {
              if (c.state !== "cached" && c.state !== "copied") continue;
              if (c.start > frame + 60 * fps()) continue;
              if (this.appended.get(c.start) === `${c.end} ${c.fingerprint}`) continue;
              return c;
            }
            return null;
          },
          // The picture and the sound fill their buffers side by side: a re-encoded
          // chunk shows without waiting for the sound before it.
          pump() { this.lane("video"); this.lane("audio"); },
          busy: { video: false, audio: false },
          // The next piece of a buffer: [url, appended map, its start, its key], or null.
          piece(kind, s) {
            if (kind === "video") {
              const c = this.next(s);
              return c && [`/media/${s.version}/video/${c.position}/${c.fingerprint}`, this.appended, c.start, `${c.end} ${c.fingerprint}`];
            }
            const now = frameTime(frame);
            const a = (s.media.audioFragments || []).find((a) => this.audioAppended.get(a.start) !== `${a.end} ${a.key}`
              && a.end > now && a.start < now + 60);
            return a && [`/media/${s.version}/audio/${a.index}/${a.key}`, this.audioAppended, a.start, `${a.end} ${a.key}`];
          },
          async lane(kind) {
            const buffer = this[kind];
            if (this.busy[kind] || !buffer || !state || !state.media) return;
            this.busy[kind] = true;
            try {
              while (this.source.readyState !== "closed") {
                const removal = this.removals.findIndex((r) => r[0] === buffer);
                if (removal >= 0) {
                  const [, start, end] = this.removals.splice(removal, 1)[0];
                  if (end > start) await this.wait(buffer, () => buffer.remove(start, end));
                  continue;
                }
                const piece = this.piece(kind, state);
                if (!piece) break;
                const [url, appended, start, key] = piece;
                if (!await this.append(buffer, url)) break;
                appended.set(start, key);
              }
              this.finishIfComplete();
            } catch (e) {
              studio.errors.push(String(e));
            } finally {
              this.busy[kind] = false;
            }
          },
          // Every chunk in place: the stream ends, so the video ends (and fires `ended`).
          finishIfComplete() {
            const s = state;
            const complete = s.chunks.every((c) => this.appended.get(c.start) === `${c.end} ${c.fingerprint}`)
              && (s.media.audioFragments || []).every((a) => this.audioAppended.get(a.start) === `${a.end} ${a.key}`);
            if (complete && this.source.readyState === "open" && !this.video.updating && !(this.audio && this.audio.updating)) {
              this.source.endOfStream();
            }
          },
        };
        setInterval(() => player.pump(), 500);
        """#
}
