/// The studio's page: plain HTML, CSS and JavaScript served from the binary
/// (no build step, nothing fetched from elsewhere).
enum StudioPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Cutlist studio</title>
        <link rel="stylesheet" href="/studio.css">
        </head>
        <body>
        <header>
          <strong>Cutlist studio</strong>
          <span id="project"></span>
          <span id="status">connecting…</span>
          <span id="notice"></span>
        </header>
        <main>
          <section id="viewer">
            <section id="problems" hidden>
              <h2>The project has errors: the last good version stays on screen</h2>
              <pre id="report"></pre>
            </section>
            <div id="screen">
              <video id="video" playsinline></video>
              <img id="still" alt="">
            </div>
            <div id="controls">
              <button id="back" title="Previous frame (←)">◀︎|</button>
              <button id="play" title="Play or pause (space, K)">▶︎</button>
              <button id="forward" title="Next frame (→)">|▶︎</button>
              <button id="mute" title="Sound on or off (M)">sound on</button>
              <span id="time">00:00:00:00</span>
              <span id="frame"></span>
              <span id="keys">space play · ←/→ frame · J/K/L · M sound · click the timeline to seek</span>
            </div>
          </section>
          <aside id="inspector"><p class="hint">Click an item on the timeline to see where the project writes it.</p></aside>
        </main>
        <section id="timeline">
          <div class="row ruler"><div class="name"></div><div class="lane" id="ruler"></div></div>
          <div class="row strip"><div class="name">chunks</div><div class="lane" id="chunks"></div></div>
          <div id="tracks"></div>
          <div id="playhead"></div>
        </section>
        <script src="/studio.js"></script>
        </body>
        </html>

        """#

    static let style = #"""
        * { box-sizing: border-box; }
        body { margin: 0; font: 13px/1.4 system-ui, sans-serif; background: #16161c; color: #ddd; }
        header { display: flex; gap: 16px; align-items: baseline; padding: 8px 12px; background: #202028; }
        #notice { color: #f0c060; }
        #project { color: #bbb; font-family: ui-monospace, monospace; }
        main { display: flex; gap: 12px; padding: 12px; }
        #viewer { flex: 1 1 auto; min-width: 0; position: relative; }
        #screen { position: relative; background: #000; width: 100%; aspect-ratio: 16 / 9; }
        #screen video, #screen img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: contain; }
        #still { display: none; }
        #screen.paused #still.ready { display: block; }
        #controls { display: flex; gap: 8px; align-items: center; padding: 6px 0; }
        #controls button { background: #2c2c36; color: #eee; border: 1px solid #444; border-radius: 4px; padding: 3px 10px; }
        #time { font: 15px ui-monospace, monospace; }
        #frame { color: #999; font-family: ui-monospace, monospace; }
        #keys { margin-left: auto; color: #777; }
        #inspector { flex: 0 0 320px; background: #202028; padding: 10px; border-radius: 6px; overflow: auto; }
        #inspector h3 { margin: 0 0 6px; }
        #inspector table { border-collapse: collapse; width: 100%; }
        #inspector td { padding: 2px 4px; vertical-align: top; border-bottom: 1px solid #2e2e38; }
        #inspector td:first-child { color: #999; white-space: nowrap; }
        #inspector a { color: #7ab8ff; }
        .hint { color: #888; }
        /* Over the top of the picture, not above the timeline: the tracks stay where they were. */
        #problems { position: absolute; z-index: 2; top: 0; left: 0; right: 0; max-height: 45%; overflow: auto;
          padding: 8px 12px; background: #3a1c1ce8; border: 1px solid #a33; border-radius: 6px; }
        #problems h2 { font-size: 14px; margin: 0 0 6px; color: #ff9c9c; }
        #report { margin: 0; white-space: pre; overflow: auto; font: 12px ui-monospace, monospace; color: #fdd; }
        #timeline { position: relative; margin: 12px; padding-bottom: 4px; background: #1c1c24; border-radius: 6px;
          user-select: none; cursor: col-resize; }
        .row { display: flex; height: 30px; border-bottom: 1px solid #2a2a33; }
        .row.strip { height: 14px; }
        .row.ruler { height: 18px; }
        .tick { position: absolute; top: 0; bottom: 0; border-left: 1px solid #555; padding-left: 3px; font-size: 10px;
          color: #999; white-space: nowrap; font-family: ui-monospace, monospace; }
        .name { flex: 0 0 110px; padding: 6px 8px; color: #aaa; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
        .row.strip .name { padding: 0 8px; font-size: 10px; }
        .lane { position: relative; flex: 1 1 auto; }
        .item { position: absolute; top: 3px; bottom: 3px; background: #3f5f8f; border: 1px solid #6d8fc4; border-radius: 3px;
          padding: 2px 4px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; font-size: 11px; cursor: pointer; }
        .item.text { background: #6a4f8c; border-color: #a282cc; }
        .item.color, .item.gradient, .item.pattern { background: #3d6e5a; border-color: #66a98c; }
        .item.tone { background: #6e5a2d; border-color: #b59a52; }
        /* Low in the lane, under the labels of the items it joins. */
        .item.transition { top: auto; height: 9px; bottom: 2px; background: repeating-linear-gradient(45deg, #aaa4, #aaa4 4px, #6664 4px, #6664 8px);
          border-color: #ccc; z-index: 1; font-size: 0; }
        .item.selected { outline: 2px solid #ffd166; }
        /* A source played backwards: arrows pointing left along the item. */
        .item.reversed { background-image: repeating-linear-gradient(90deg, #fff0 0 14px, #fff2 14px 16px); }
        .item.reversed::before { content: "◀ "; }
        .item .stretch { position: absolute; bottom: 0; height: 5px; pointer-events: none; }
        .item .stretch.ramp { background: linear-gradient(90deg, #f1c40f44, #f1c40f); }
        .item .stretch.freeze { background: repeating-linear-gradient(90deg, #5dade2 0 4px, #5dade200 4px 6px); }
        .item .stretch.backwards { background: repeating-linear-gradient(90deg, #e74c3c 0 4px, #e74c3c00 4px 6px); }
        .chunk { position: absolute; top: 2px; bottom: 2px; border-right: 1px solid #1c1c24; }
        .chunk.cached, .chunk.copied { background: #3c9d5d; }
        .chunk.encoding { background: #e0a030; }
        .chunk.waiting { background: #555; }
        #playhead { position: absolute; top: 0; bottom: 0; width: 2px; background: #ff4d4d; pointer-events: none; }

        """#
}
