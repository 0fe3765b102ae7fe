/* global SongModel */
/* exported RollView */
"use strict";

// Draws the piano roll on a canvas: only what is in view (the notes of the visible time window
// come from the song's index), so a song of a million notes pans as fast as a short one.
// Grid line styles are the SVG's (GridLineStyle): bar lines 1.5 px dark, beat lines 1 px mid
// grey, subdivision lines of the zoom level 0.5 px light grey dashed 2,2.
const RollView = (() => {
  const KEYS_WIDTH = 64;
  const RULER_HEIGHT = 54;
  const LANE = 18;
  const FONT = "11px system-ui, sans-serif";
  const LINE_STYLES = {
    bar: { width: 1.5, color: "#3a3a3a", dash: [] },
    beat: { width: 1, color: "#9a9a9a", dash: [] },
    subdivision: { width: 0.5, color: "#c4c4c4", dash: [2, 2] },
  };
  const MINIMUM_LINE_SPACING = 4;
  const BLACK_KEYS = [false, true, false, true, false, false, true, false, true, false, true, false];

  class View {
    constructor(canvas) {
      this.canvas = canvas;
      this.context = canvas.getContext("2d");
      this.width = 0;
      this.height = 0;
    }

    /** Matches the canvas to its element's size and the screen's pixel ratio. */
    resize() {
      const ratio = window.devicePixelRatio || 1;
      const box = this.canvas.getBoundingClientRect();
      this.width = Math.max(1, Math.floor(box.width));
      this.height = Math.max(1, Math.floor(box.height));
      this.canvas.width = Math.floor(this.width * ratio);
      this.canvas.height = Math.floor(this.height * ratio);
      this.context.setTransform(ratio, 0, 0, ratio, 0, 0);
    }

    get keysWidth() {
      return KEYS_WIDTH;
    }

    get rulerHeight() {
      return RULER_HEIGHT;
    }

    /** The kind and tick of every grid line in [start, end]: bars, beats, then the zoom grid's. */
    static gridLines(song, gridLines, start, end, pixelsPerTick) {
      const meters = song.meters;
      const lines = [];
      const firstBar = meters.barAtTick(Math.max(0, start));
      const drawsSubdivisions = gridLines.cellTicks * pixelsPerTick >= MINIMUM_LINE_SPACING;
      let lastBarX = -Infinity;
      for (let bar = firstBar; ; bar++) {
        const barStart = meters.startTickOfBar(bar);
        if (barStart > end) break;
        const barEnd = meters.startTickOfBar(bar + 1);
        if (barStart >= start && (barStart - lastBarX) * pixelsPerTick >= MINIMUM_LINE_SPACING) {
          lines.push({ kind: "bar", tick: barStart });
          lastBarX = barStart;
        }
        const beat = meters.beatTicks(meters.meterOfBar(bar));
        if (beat * pixelsPerTick >= MINIMUM_LINE_SPACING) {
          for (let tick = barStart + beat; tick < barEnd; tick += beat) {
            if (tick >= start && tick <= end) lines.push({ kind: "beat", tick });
          }
        }
        if (drawsSubdivisions && barEnd - barStart > 1) {
          const from = Math.max(barStart + 1, start);
          const through = Math.min(barEnd - 1, end);
          for (const tick of gridLines.lines(from, through)) {
            if ((tick - barStart) % beat !== 0) lines.push({ kind: "subdivision", tick });
          }
        }
      }
      return lines;
    }

    /** Draws everything: rows, grid, notes (the original faded under them), ruler, keyboard. */
    draw(state) {
      const g = this.context;
      const { song, before, palette, beforePalette } = state;
      const width = this.width;
      const height = this.height;
      const ppt = state.pixelsPerTick;
      const startTick = state.tick0;
      const endTick = state.tick0 + (width - KEYS_WIDTH) / ppt;
      const x = (tick) => KEYS_WIDTH + (tick - state.tick0) * ppt;
      const rowY = (pitch) => RULER_HEIGHT + (state.pitchTop - pitch) * state.rowHeight;
      g.clearRect(0, 0, width, height);
      g.fillStyle = "#ffffff";
      g.fillRect(0, 0, width, height);

      // Rows: black keys shaded, a line under every C.
      g.save();
      g.beginPath();
      g.rect(KEYS_WIDTH, RULER_HEIGHT, width - KEYS_WIDTH, height - RULER_HEIGHT);
      g.clip();
      const topPitch = Math.min(127, Math.ceil(state.pitchTop));
      const bottomPitch = Math.max(0, Math.floor(state.pitchTop - (height - RULER_HEIGHT) / state.rowHeight));
      for (let pitch = bottomPitch; pitch <= topPitch; pitch++) {
        const y = rowY(pitch);
        if (BLACK_KEYS[pitch % 12]) {
          g.fillStyle = "#f1f1f4";
          g.fillRect(KEYS_WIDTH, y, width - KEYS_WIDTH, state.rowHeight);
        }
        if (pitch % 12 === 0) {
          g.fillStyle = "#dcdce4";
          g.fillRect(KEYS_WIDTH, y + state.rowHeight - 1, width - KEYS_WIDTH, 1);
        }
      }

      // Grid.
      const lines = View.gridLines(song, state.gridLines, Math.floor(startTick), Math.ceil(endTick), ppt);
      for (const kind of ["subdivision", "beat", "bar"]) {
        const style = LINE_STYLES[kind];
        g.strokeStyle = style.color;
        g.lineWidth = style.width;
        g.setLineDash(style.dash);
        g.beginPath();
        for (const line of lines) {
          if (line.kind !== kind) continue;
          const lx = Math.round(x(line.tick)) + 0.5;
          g.moveTo(lx, RULER_HEIGHT);
          g.lineTo(lx, height);
        }
        g.stroke();
      }
      g.setLineDash([]);

      const minPitch = bottomPitch - 1;
      const maxPitch = topPitch + 1;
      const height1 = Math.max(1, state.rowHeight - 1);
      // The original, faded.
      if (before && state.showBefore) {
        const scale = before.scale;
        g.globalAlpha = 0.35;
        const store = before.song.notes;
        store.forEachIn(startTick / scale, endTick / scale, (i) => {
          const pitch = store.pitch[i];
          if (pitch < minPitch || pitch > maxPitch) return;
          g.fillStyle = beforePalette.fill(pitch, before.song.tracks[store.track[i]].colorIndex, store.velocity[i]);
          const left = x(store.tick[i] * scale);
          g.fillRect(left, rowY(pitch), Math.max(1, store.duration[i] * scale * ppt), height1);
        });
        g.globalAlpha = 1;
      }

      // Notes.
      const store = song.notes;
      const playing = [];
      const outline = state.rowHeight >= 6 && ppt * song.ticksPerQuarter >= 24;
      g.strokeStyle = "rgba(0,0,0,0.35)";
      g.lineWidth = 1;
      store.forEachIn(startTick, endTick, (i) => {
        const pitch = store.pitch[i];
        if (pitch < minPitch || pitch > maxPitch) return;
        const left = x(store.tick[i]);
        const w = Math.max(1, store.duration[i] * ppt);
        const top = rowY(pitch);
        g.fillStyle = palette.fill(pitch, song.tracks[store.track[i]].colorIndex, store.velocity[i]);
        g.fillRect(left, top, w, height1);
        if (outline && w >= 4) g.strokeRect(Math.round(left) + 0.5, Math.round(top) + 0.5, Math.max(1, Math.round(w) - 1), Math.max(1, Math.round(height1) - 1));
        if (state.playTick !== null && store.tick[i] <= state.playTick && state.playTick < store.tick[i] + store.duration[i]) {
          playing.push(i);
        }
      });
      // Playing notes lit, the selected note outlined.
      this.litCount = playing.length;
      for (const i of playing) {
        const left = x(store.tick[i]);
        const w = Math.max(1, store.duration[i] * ppt);
        g.fillStyle = "rgba(255,255,255,0.55)";
        g.fillRect(left, rowY(store.pitch[i]), w, height1);
        g.strokeStyle = "#ffb000";
        g.lineWidth = 2;
        g.strokeRect(left, rowY(store.pitch[i]), w, height1);
      }
      if (state.selected !== null && (store.flags[state.selected] & SongModel.NoteStore.deletedFlag) === 0) {
        const i = state.selected;
        g.strokeStyle = "#000000";
        g.lineWidth = 2;
        g.strokeRect(x(store.tick[i]) - 1, rowY(store.pitch[i]) - 1, Math.max(1, store.duration[i] * ppt) + 2, height1 + 2);
      }
      // The cursor (where playing starts) and the play line.
      g.fillStyle = "#2a7de1";
      g.fillRect(Math.round(x(state.cursorTick)), RULER_HEIGHT, 1, height - RULER_HEIGHT);
      if (state.playTick !== null) {
        g.fillStyle = "#e0201b";
        g.fillRect(Math.round(x(state.playTick)) - 1, RULER_HEIGHT, 2, height - RULER_HEIGHT);
      }
      g.restore();

      this.drawRuler(state, lines, x);
      this.drawKeyboard(state, bottomPitch, topPitch, rowY);
    }

    /** Bar numbers (1-based), beats, and the meters, keys and tempos where they change. */
    drawRuler(state, lines, x) {
      const g = this.context;
      const song = state.song;
      g.save();
      g.fillStyle = "#f6f6f8";
      g.fillRect(0, 0, this.width, RULER_HEIGHT);
      g.beginPath();
      g.rect(KEYS_WIDTH, 0, this.width - KEYS_WIDTH, RULER_HEIGHT);
      g.clip();
      g.font = FONT;
      g.textBaseline = "middle";
      let nextFree = -Infinity;
      for (const line of lines) {
        const lx = Math.round(x(line.tick)) + 0.5;
        if (line.kind === "bar") {
          g.fillStyle = "#3a3a3a";
          g.fillRect(lx - 0.5, 0, 1.5, RULER_HEIGHT);
          const text = String(song.meters.barAtTick(line.tick) + 1);
          if (lx + 3 >= nextFree) {
            g.fillText(text, lx + 3, LANE / 2);
            nextFree = lx + 3 + g.measureText(text).width + 6;
          }
        } else if (line.kind === "beat") {
          g.fillStyle = "#9a9a9a";
          g.fillRect(lx - 0.5, LANE - 5, 1, 5);
        }
      }
      g.fillStyle = "#c8c8d0";
      g.fillRect(KEYS_WIDTH, LANE, this.width, 1);
      g.fillRect(KEYS_WIDTH, RULER_HEIGHT - 1, this.width, 1);
      // Meters and keys on the second lane, tempos on the third, where they change.
      const left = state.tick0;
      const right = state.tick0 + (this.width - KEYS_WIDTH) / state.pixelsPerTick;
      const meters = song.meters.changes.map((c) => ({ tick: c.tick, text: c.numerator + "/" + c.denominator }));
      const keys = song.keys.map((k) => ({ tick: k.tick, text: k.name }));
      const tempos = [];
      for (const tempo of song.tempos.changes) {
        if (tempos.length > 0 && tempos[tempos.length - 1].micros === tempo.micros) continue;
        tempos.push({ tick: tempo.tick, micros: tempo.micros, text: "\u2669 = " + Math.round(6e9 / tempo.micros) / 100 });
      }
      // Each kind: the one in force at the left edge, then the changes in view.
      const inView = (marks) => {
        const shown = marks.filter((m) => m.tick > left && m.tick <= right);
        const inForce = marks.filter((m) => m.tick <= left);
        if (inForce.length > 0) shown.unshift(inForce[inForce.length - 1]);
        return shown;
      };
      const lanes = [
        [...inView(meters).map((m) => ({ ...m, color: "#1d4e89" })), ...inView(keys).map((m) => ({ ...m, color: "#6b2f8f" }))],
        inView(tempos).map((m) => ({ ...m, color: "#8a4b08" })),
      ];
      lanes.forEach((marks, index) => {
        const top = LANE * (index + 1);
        let free = -Infinity;
        marks.sort((a, b) => a.tick - b.tick);
        for (const mark of marks) {
          const mx = Math.max(KEYS_WIDTH, x(mark.tick));
          const at = Math.max(mx + 4, free);
          g.fillStyle = mark.color;
          g.fillRect(Math.round(mx), top + 2, 2, LANE - 4);
          g.fillText(mark.text, at, top + LANE / 2);
          free = at + g.measureText(mark.text).width + 8;
        }
      });
      // The cursor's triangle.
      g.fillStyle = "#2a7de1";
      const cx = x(state.cursorTick);
      g.beginPath();
      g.moveTo(cx - 5, RULER_HEIGHT - 8);
      g.lineTo(cx + 5, RULER_HEIGHT - 8);
      g.lineTo(cx, RULER_HEIGHT - 1);
      g.fill();
      g.restore();
    }

    /** The keyboard down the side, with note names (every C, or all when rows are tall). */
    drawKeyboard(state, bottomPitch, topPitch, rowY) {
      const g = this.context;
      g.save();
      g.fillStyle = "#ffffff";
      g.fillRect(0, RULER_HEIGHT, KEYS_WIDTH, this.height - RULER_HEIGHT);
      g.beginPath();
      g.rect(0, RULER_HEIGHT, KEYS_WIDTH, this.height - RULER_HEIGHT);
      g.clip();
      g.font = FONT;
      g.textBaseline = "middle";
      for (let pitch = bottomPitch; pitch <= topPitch; pitch++) {
        const y = rowY(pitch);
        const black = BLACK_KEYS[pitch % 12];
        g.fillStyle = black ? "#2b2b30" : "#ffffff";
        g.fillRect(0, y, black ? KEYS_WIDTH * 0.62 : KEYS_WIDTH, state.rowHeight);
        g.fillStyle = "#d0d0d8";
        g.fillRect(0, y + state.rowHeight - 0.5, KEYS_WIDTH, 0.5);
        if (state.rowHeight >= 11 || pitch % 12 === 0) {
          g.fillStyle = black ? "#d8d8e0" : pitch % 12 === 0 ? "#000000" : "#55555f";
          g.fillText(SongModel.noteName(pitch), black ? 4 : KEYS_WIDTH - 30, y + state.rowHeight / 2);
        }
      }
      g.fillStyle = "#9a9aa4";
      g.fillRect(KEYS_WIDTH - 1, RULER_HEIGHT, 1, this.height);
      g.restore();
      g.fillStyle = "#f6f6f8";
      g.fillRect(0, 0, KEYS_WIDTH, RULER_HEIGHT);
      g.fillStyle = "#55555f";
      g.font = FONT;
      g.textBaseline = "middle";
      g.fillText("bar", 6, LANE / 2);
      g.fillText("meter, key", 4, LANE * 1.5);
      g.fillText("tempo", 6, LANE * 2.5);
    }
  }

  /** The whole song in a strip: notes as pixels, the part in view as a frame. */
  class Minimap {
    constructor(canvas) {
      this.canvas = canvas;
      this.context = canvas.getContext("2d");
      this.image = null;
    }

    resize() {
      const box = this.canvas.getBoundingClientRect();
      this.width = Math.max(1, Math.floor(box.width));
      this.height = Math.max(1, Math.floor(box.height));
      this.canvas.width = this.width;
      this.canvas.height = this.height;
      this.image = null;
    }

    /** The tick at a horizontal place. */
    tickAt(px, song) {
      return (Math.max(0, Math.min(this.width, px)) / this.width) * Math.max(1, song.endTick);
    }

    /** Draws the notes once into an image (again after edits), then the frame of the view. */
    draw(state, viewWidthTicks) {
      const g = this.context;
      const song = state.song;
      const end = Math.max(1, song.endTick);
      if (!this.image) {
        const image = g.createImageData(this.width, this.height);
        const data = image.data;
        data.fill(255);
        const low = song.pitchLow;
        const span = Math.max(1, song.pitchHigh - low + 1);
        const store = song.notes;
        for (let i = 0; i < store.count; i++) {
          if ((store.flags[i] & SongModel.NoteStore.deletedFlag) !== 0) continue;
          const rgb = state.palette.rgb(store.pitch[i], song.tracks[store.track[i]].colorIndex, store.velocity[i]);
          const top = Math.floor(((song.pitchHigh - store.pitch[i]) / span) * this.height);
          const bottom = Math.min(this.height, Math.max(top + 2, Math.floor(((song.pitchHigh - store.pitch[i] + 1) / span) * this.height)));
          const from = Math.floor((store.tick[i] / end) * this.width);
          const to = Math.max(from + 1, Math.ceil(((store.tick[i] + store.duration[i]) / end) * this.width));
          for (let y = top; y < bottom; y++) {
            for (let px = from; px < Math.min(to, this.width); px++) {
              const offset = (y * this.width + px) * 4;
              data[offset] = rgb[0];
              data[offset + 1] = rgb[1];
              data[offset + 2] = rgb[2];
            }
          }
        }
        this.image = image;
      }
      g.putImageData(this.image, 0, 0);
      g.strokeStyle = "#2a7de1";
      g.lineWidth = 2;
      const left = (state.tick0 / end) * this.width;
      const w = Math.max(3, (viewWidthTicks / end) * this.width);
      g.strokeRect(left + 1, 1, w - 2, this.height - 2);
      if (state.playTick !== null) {
        g.fillStyle = "#e0201b";
        g.fillRect((state.playTick / end) * this.width, 0, 1, this.height);
      }
    }
  }

  return { View, Minimap, KEYS_WIDTH, RULER_HEIGHT, LINE_STYLES };
})();
