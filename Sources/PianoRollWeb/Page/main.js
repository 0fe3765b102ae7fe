/* global SongModel, NoteColors, RollView, Synth */
"use strict";

// The page: reads the song embedded as piano-roll JSON, and wires zoom, pan, hover, play and
// editing to the view. `window.midiroll` exposes the state and actions (tests and the console).
(() => {
  const { Song, Grid, GridLines, NoteStore } = SongModel;
  const CELL_PIXELS = 28;
  const MIN_CELL_PIXELS = 20;
  const EDGE_PIXELS = 6;

  function readJSON(id) {
    const element = document.getElementById(id);
    if (!element) return null;
    const text = element.textContent.trim();
    return text ? JSON.parse(text) : null;
  }

  const timings = { started: performance.now() };
  const settings = readJSON("midiroll-settings") || {};
  const songDoc = readJSON("midiroll-song");
  timings.parsed = performance.now();
  const song = new Song(songDoc);
  timings.modelled = performance.now();
  const beforeDoc = readJSON("midiroll-before");
  const beforeSong = beforeDoc ? new Song(beforeDoc) : null;
  const initialGrid = Grid.parse(settings.zoom || "1/16") || new Grid(16);

  const canvas = document.getElementById("roll");
  const view = new RollView.View(canvas);
  const minimap = new RollView.Minimap(document.getElementById("minimap"));
  const tooltip = document.getElementById("tooltip");
  const player = new Synth.Player();

  const state = {
    song,
    before: beforeSong ? { song: beforeSong, scale: song.ticksPerQuarter / beforeSong.ticksPerQuarter } : null,
    showBefore: true,
    scheme: NoteColors.SCHEMES.includes(settings.colors) ? settings.colors : "track",
    gridKind: initialGrid.kind,
    pixelsPerTick: (CELL_PIXELS * initialGrid.noteValue) / 4 / song.ticksPerQuarter,
    tick0: 0,
    pitchTop: 84,
    rowHeight: 12,
    cursorTick: 0,
    playTick: null,
    selected: null,
    template: null,
    hovered: null,
  };
  const undoStack = [];

  // MARK: Zoom levels and the grid

  /** The zoom level of the time zoom: the finest whose cells are at least MIN_CELL_PIXELS wide. */
  function currentGrid() {
    const quarterPixels = state.pixelsPerTick * song.ticksPerQuarter;
    let noteValue = 1;
    for (const value of Grid.noteValues) if ((quarterPixels * 4) / value >= MIN_CELL_PIXELS) noteValue = value;
    return new Grid(noteValue, state.gridKind);
  }

  function refreshGrid() {
    const grid = currentGrid();
    if (!state.gridLines || state.gridLines.grid.toString() !== grid.toString()) {
      state.gridLines = new GridLines(grid, song.meters);
    }
    document.getElementById("zoom-level").value = String(grid.noteValue);
    document.getElementById("grid-kind").value = grid.kind;
    document.getElementById("grid-name").textContent = grid.toString() + " (" + grid.name + ")";
  }

  /** Sets the pixels per tick, keeping the tick under `anchorX` in place. */
  function zoomTimeTo(pixelsPerTick, anchorX) {
    const anchor = anchorX === undefined ? view.keysWidth : anchorX;
    const tick = tickAtX(anchor);
    // From the whole song in view to a tick 64 pixels wide.
    const whole = (view.width - view.keysWidth) / Math.max(song.endTick, song.ticksPerQuarter * 4);
    state.pixelsPerTick = Math.max(whole, Math.min(64, pixelsPerTick));
    state.tick0 = Math.max(0, tick - (anchor - view.keysWidth) / state.pixelsPerTick);
    refreshGrid();
    redraw();
  }

  /** Jumps to a zoom level (a note value), one cell CELL_PIXELS wide. */
  function setZoomLevel(noteValue, anchorX) {
    zoomTimeTo((CELL_PIXELS * noteValue) / 4 / song.ticksPerQuarter, anchorX);
  }

  function zoomStep(direction) {
    const grid = currentGrid();
    const index = Grid.noteValues.indexOf(grid.noteValue) + direction;
    if (index < 0) {
      zoomTimeTo(state.pixelsPerTick / 2);
    } else {
      setZoomLevel(Grid.noteValues[Math.min(Grid.noteValues.length - 1, index)]);
    }
  }

  function zoomPitch(factor, anchorY) {
    const anchor = anchorY === undefined ? view.rulerHeight + (view.height - view.rulerHeight) / 2 : anchorY;
    const pitch = pitchAtY(anchor);
    state.rowHeight = Math.max(3, Math.min(48, state.rowHeight * factor));
    state.pitchTop = pitch + (anchor - view.rulerHeight) / state.rowHeight;
    clampPitch();
    redraw();
  }

  function clampPitch() {
    const rows = (view.height - view.rulerHeight) / state.rowHeight;
    state.pitchTop = Math.max(Math.min(128, rows - 1), Math.min(128, state.pitchTop));
  }

  // MARK: Coordinates

  function tickAtX(px) {
    return state.tick0 + (px - view.keysWidth) / state.pixelsPerTick;
  }

  function xAtTick(tick) {
    return view.keysWidth + (tick - state.tick0) * state.pixelsPerTick;
  }

  function pitchAtY(py) {
    return state.pitchTop - (py - view.rulerHeight) / state.rowHeight;
  }

  function yAtPitch(pitch) {
    return view.rulerHeight + (state.pitchTop - pitch) * state.rowHeight;
  }

  /** The note under a point, the one drawn last when notes overlap; or null. */
  function noteAt(px, py) {
    if (px < view.keysWidth || py < view.rulerHeight) return null;
    const tick = tickAtX(px);
    const pitch = Math.floor(pitchAtY(py)) + 1;
    const slack = 2 / state.pixelsPerTick;
    let found = null;
    song.notes.forEachIn(tick - slack, tick + slack, (i) => {
      if (song.notes.pitch[i] !== pitch) return;
      const left = xAtTick(song.notes.tick[i]);
      const right = left + Math.max(1, song.notes.duration[i] * state.pixelsPerTick);
      if (px >= left - 1 && px <= right + 1) found = i;
    });
    return found;
  }

  // MARK: Drawing

  let frameRequested = false;
  function redraw() {
    if (frameRequested) return;
    frameRequested = true;
    window.requestAnimationFrame(drawNow);
  }

  function drawNow() {
    frameRequested = false;
    if (player.isPlaying) {
      state.playTick = player.currentTick();
      if (state.playTick !== null) {
        // Keep the play line in view.
        const right = tickAtX(view.width);
        if (state.playTick > right || state.playTick < state.tick0) state.tick0 = state.playTick;
        redraw();
      }
    }
    // Palettes (with their caches) change with the scheme or the song's pitch range only.
    const palette = state.palette;
    if (!palette || palette.scheme !== state.scheme || palette.low !== song.pitchLow || palette.high !== song.pitchHigh) {
      state.palette = new NoteColors.Palette(state.scheme, song.pitchLow, song.pitchHigh);
      if (state.before) {
        state.beforePalette = new NoteColors.Palette(state.scheme, beforeSong.pitchLow, beforeSong.pitchHigh);
      }
    }
    if (!state.gridLines) refreshGrid();
    view.draw(state);
    minimap.draw(state, (view.width - view.keysWidth) / state.pixelsPerTick);
  }

  function showNoteCount() {
    document.getElementById("note-count").textContent = song.notes.liveCount.toLocaleString("en-US");
  }

  // MARK: Hover

  function showTooltip(i, px, py) {
    if (i === null) {
      tooltip.hidden = true;
      state.hovered = null;
      return;
    }
    state.hovered = i;
    const store = song.notes;
    const track = song.tracks[store.track[i]];
    const seconds = song.tempos.seconds(store.tick[i]);
    const lines = [
      SongModel.noteName(store.pitch[i]) + " (" + store.pitch[i] + ")",
      "at " + song.positionText(store.tick[i]) + ", " + seconds.toFixed(3) + " s",
      "velocity " + store.velocity[i] + ", channel " + (store.channel[i] + 1),
      "track " + (store.track[i] + 1) + ": " + track.name,
    ];
    tooltip.textContent = lines.join("\n");
    tooltip.hidden = false;
    const box = canvas.getBoundingClientRect();
    tooltip.style.left = Math.min(box.left + px + 14, window.innerWidth - 240) + "px";
    tooltip.style.top = box.top + py + 14 + "px";
  }

  // MARK: Editing

  function snapshot(i) {
    const store = song.notes;
    return { tick: store.tick[i], duration: store.duration[i], pitch: store.pitch[i], deleted: (store.flags[i] & NoteStore.deletedFlag) !== 0 };
  }

  function restore(i, value) {
    const store = song.notes;
    store.loosen(i);
    store.tick[i] = value.tick;
    store.duration[i] = value.duration;
    store.pitch[i] = value.pitch;
    if (value.deleted) store.flags[i] |= NoteStore.deletedFlag;
    else store.flags[i] &= ~NoteStore.deletedFlag;
  }

  function commit(i, before) {
    const after = snapshot(i);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    undoStack.push({ note: i, before, after });
    edited();
  }

  function edited() {
    song.updatePitchRange();
    song.endTick = Math.max(song.endTick, ...song.notes.loose.map((i) => song.notes.tick[i] + song.notes.duration[i]));
    minimap.image = null;
    document.getElementById("undo").disabled = undoStack.length === 0;
    showNoteCount();
    redraw();
  }

  function undo() {
    const step = undoStack.pop();
    if (!step) return false;
    restore(step.note, step.before);
    edited();
    return true;
  }

  function deleteNote(i) {
    if (i === null) return;
    const before = snapshot(i);
    song.notes.loosen(i);
    song.notes.flags[i] |= NoteStore.deletedFlag;
    if (state.selected === i) state.selected = null;
    commit(i, before);
  }

  /** Adds a note of one grid cell in the cell under a point. */
  function addNote(px, py) {
    const pitch = Math.floor(pitchAtY(py)) + 1;
    if (pitch < 0 || pitch > 127) return null;
    const tick = Math.max(0, tickAtX(px));
    const lines = state.gridLines.candidates(tick);
    let start = lines[0];
    for (const line of lines) if (line <= tick) start = line;
    const end = state.gridLines.lineAfter(start);
    // The new note takes the velocity, channel and track of the note selected last.
    const template = state.template;
    const store = song.notes;
    const firstTrack = Math.max(0, song.tracks.findIndex((track) => track.colorIndex >= 0));
    const i = store.add(start, end - start, pitch, template === null ? 100 : store.velocity[template],
      template === null ? 0 : store.channel[template], template === null ? firstTrack : store.track[template], null);
    store.loosen(i);
    state.selected = i;
    commit(i, { tick: start, duration: end - start, pitch, deleted: true });
    return i;
  }

  let drag = null;

  function pointerDown(event) {
    const box = canvas.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    if (py < view.rulerHeight && px >= view.keysWidth) {
      state.cursorTick = Math.max(0, tickAtX(px));
      redraw();
      return;
    }
    const i = noteAt(px, py);
    if (i !== null) {
      const right = xAtTick(song.notes.tick[i] + song.notes.duration[i]);
      const width = song.notes.duration[i] * state.pixelsPerTick;
      state.selected = i;
      state.template = i;
      drag = { mode: width >= 3 * EDGE_PIXELS && right - px <= EDGE_PIXELS ? "resize" : "move", note: i, x: px, y: py, before: snapshot(i) };
      song.notes.loosen(i);
    } else {
      state.selected = null;
      drag = { mode: "pan", x: px, y: py, tick0: state.tick0, pitchTop: state.pitchTop };
    }
    canvas.setPointerCapture(event.pointerId);
    redraw();
  }

  function pointerMove(event) {
    const box = canvas.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    if (!drag) {
      const i = noteAt(px, py);
      showTooltip(i, px, py);
      canvas.style.cursor = i === null ? "grab" :
        xAtTick(song.notes.tick[i] + song.notes.duration[i]) - px <= EDGE_PIXELS ? "ew-resize" : "move";
      return;
    }
    const store = song.notes;
    if (drag.mode === "pan") {
      state.tick0 = Math.max(0, drag.tick0 - (px - drag.x) / state.pixelsPerTick);
      state.pitchTop = drag.pitchTop + (py - drag.y) / state.rowHeight;
      clampPitch();
    } else if (drag.mode === "move") {
      const delta = (px - drag.x) / state.pixelsPerTick;
      store.tick[drag.note] = state.gridLines.nearestLine(Math.max(0, drag.before.tick + delta));
      store.pitch[drag.note] = Math.max(0, Math.min(127, drag.before.pitch + Math.round(-(py - drag.y) / state.rowHeight)));
      showTooltip(drag.note, px, py);
    } else {
      const start = drag.before.tick;
      const delta = (px - drag.x) / state.pixelsPerTick;
      let end = state.gridLines.nearestLine(Math.max(0, start + drag.before.duration + delta));
      if (end <= start) end = state.gridLines.lineAfter(start);
      store.duration[drag.note] = end - start;
    }
    redraw();
  }

  function pointerUp() {
    if (drag && drag.mode !== "pan") commit(drag.note, drag.before);
    drag = null;
  }

  // MARK: Save

  /** The edited song as piano-roll JSON text, as "Save" downloads it. */
  function saveJSON() {
    return JSON.stringify(song.toJSON(), null, 1);
  }

  function download() {
    const blob = new Blob([saveJSON()], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = (settings.title || "song").replace(/\.[^.]*$/, "") + ".edited.json";
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  // MARK: Play

  function togglePlay() {
    if (player.isPlaying) {
      player.stop();
      state.playTick = null;
    } else {
      player.play(song, state.cursorTick);
    }
    document.getElementById("play").textContent = player.isPlaying ? "\u25A0 Stop" : "\u25B6 Play";
    redraw();
  }
  player.onStop = () => {
    state.playTick = null;
    document.getElementById("play").textContent = "\u25B6 Play";
  };

  // MARK: Wiring

  canvas.addEventListener("pointerdown", pointerDown);
  canvas.addEventListener("pointermove", pointerMove);
  canvas.addEventListener("pointerup", pointerUp);
  canvas.addEventListener("pointerleave", () => {
    if (!drag) showTooltip(null);
  });
  canvas.addEventListener("dblclick", (event) => {
    const box = canvas.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    if (px > view.keysWidth && py > view.rulerHeight && noteAt(px, py) === null) addNote(px, py);
  });
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    const box = canvas.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    if (event.ctrlKey || event.metaKey) {
      zoomTimeTo(state.pixelsPerTick * Math.exp(-event.deltaY * 0.002), Math.max(view.keysWidth, px));
    } else if (event.altKey) {
      zoomPitch(Math.exp(-event.deltaY * 0.002), py);
    } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      const delta = event.shiftKey ? event.deltaY : event.deltaX;
      state.tick0 = Math.max(0, state.tick0 + delta / state.pixelsPerTick);
      redraw();
    } else {
      state.pitchTop += event.deltaY / state.rowHeight / 2;
      clampPitch();
      redraw();
    }
  }, { passive: false });

  const minimapCanvas = document.getElementById("minimap");
  let minimapDrag = false;
  function jump(event) {
    const box = minimapCanvas.getBoundingClientRect();
    const width = (view.width - view.keysWidth) / state.pixelsPerTick;
    state.tick0 = Math.max(0, minimap.tickAt(event.clientX - box.left, song) - width / 2);
    redraw();
  }
  minimapCanvas.addEventListener("pointerdown", (event) => {
    minimapDrag = true;
    minimapCanvas.setPointerCapture(event.pointerId);
    jump(event);
  });
  minimapCanvas.addEventListener("pointermove", (event) => {
    if (minimapDrag) jump(event);
  });
  minimapCanvas.addEventListener("pointerup", () => {
    minimapDrag = false;
  });

  window.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      undo();
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      deleteNote(state.selected);
    } else if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      togglePlay();
    } else if ((event.ctrlKey || event.metaKey) && (event.key === "+" || event.key === "=")) {
      event.preventDefault();
      zoomStep(1);
    } else if ((event.ctrlKey || event.metaKey) && event.key === "-") {
      event.preventDefault();
      zoomStep(-1);
    }
  });

  const on = (id, type, handler) => document.getElementById(id).addEventListener(type, handler);
  on("zoom-in", "click", () => zoomStep(1));
  on("zoom-out", "click", () => zoomStep(-1));
  on("zoom-level", "change", (event) => setZoomLevel(Number(event.target.value)));
  on("grid-kind", "change", (event) => {
    state.gridKind = event.target.value;
    state.gridLines = null;
    refreshGrid();
    redraw();
  });
  on("pitch-in", "click", () => zoomPitch(1.25));
  on("pitch-out", "click", () => zoomPitch(0.8));
  on("colors", "change", (event) => {
    state.scheme = event.target.value;
    minimap.image = null;
    redraw();
  });
  on("show-before", "change", (event) => {
    state.showBefore = event.target.checked;
    redraw();
  });
  on("play", "click", togglePlay);
  on("undo", "click", undo);
  on("save", "click", download);
  window.addEventListener("resize", () => {
    view.resize();
    minimap.resize();
    redraw();
  });

  // MARK: Start

  document.getElementById("title").textContent = settings.title || "midiroll";
  document.title = (settings.title || "midiroll") + " \u2014 midiroll";
  document.getElementById("colors").value = state.scheme;
  document.getElementById("before-control").hidden = !state.before;
  view.resize();
  minimap.resize();
  const rows = (view.height - view.rulerHeight) / state.rowHeight;
  const span = song.pitchHigh - song.pitchLow + 1;
  if (span + 4 <= rows) {
    state.pitchTop = Math.min(128, song.pitchHigh + 1 + Math.floor((rows - span) / 2));
  } else {
    state.rowHeight = Math.max(6, (view.height - view.rulerHeight) / (span + 4));
    state.pitchTop = song.pitchHigh + 3;
  }
  clampPitch();
  refreshGrid();
  showNoteCount();
  drawNow();
  timings.drawn = performance.now();

  window.midiroll = {
    song,
    state: () => ({
      grid: state.gridLines.grid.toString(),
      pixelsPerTick: state.pixelsPerTick,
      tick0: state.tick0,
      tickRight: tickAtX(view.width),
      pitchTop: state.pitchTop,
      rowHeight: state.rowHeight,
      colors: state.scheme,
      playing: player.isPlaying,
      playTick: state.playTick,
      litNotes: view.litCount || 0,
      selected: state.selected,
      noteCount: song.notes.liveCount,
      shownNoteCount: Number(document.getElementById("note-count").textContent.replace(/,/g, "")),
      undoSteps: undoStack.length,
    }),
    /** The grid lines drawn now, as {kind, tick}. */
    gridLinesInView: () => RollView.View.gridLines(song, state.gridLines, Math.floor(state.tick0),
      Math.ceil(tickAtX(view.width)), state.pixelsPerTick),
    /** Where the note at a tick and pitch is drawn, in page pixels, or null. */
    noteBox: (tick, pitch) => {
      const store = song.notes;
      let i = -1;
      for (let n = 0; n < store.count && i < 0; n++) {
        if (store.tick[n] === tick && store.pitch[n] === pitch && (store.flags[n] & NoteStore.deletedFlag) === 0) i = n;
      }
      if (i < 0) return null;
      const box = canvas.getBoundingClientRect();
      return {
        left: box.left + xAtTick(store.tick[i]),
        top: box.top + yAtPitch(store.pitch[i]),
        width: store.duration[i] * state.pixelsPerTick,
        height: state.rowHeight - 1,
      };
    },
    /** Scrolls so that a tick is at the left edge and a pitch in the middle. */
    scrollTo: (tick, pitch) => {
      state.tick0 = Math.max(0, tick);
      if (pitch !== undefined) {
        state.pitchTop = pitch + (view.height - view.rulerHeight) / state.rowHeight / 2;
        clampPitch();
      }
      drawNow();
    },
    /** The top of a pitch's row, in pixels from the canvas's top. */
    rowTop: (pitch) => yAtPitch(pitch),
    cellPixels: () => state.gridLines.cellTicks * state.pixelsPerTick,
    tooltipText: () => (tooltip.hidden ? "" : tooltip.textContent),
    zoomIn: () => zoomStep(1),
    zoomOut: () => zoomStep(-1),
    setZoomLevel,
    setColors: (scheme) => {
      state.scheme = scheme;
      document.getElementById("colors").value = scheme;
      minimap.image = null;
      drawNow();
    },
    drawNow,
    /** Milliseconds from the page's start to the script's start, JSON parsed, model built, first drawing. */
    timings: () => ({
      script: timings.started,
      parseJSON: timings.parsed - timings.started,
      buildModel: timings.modelled - timings.parsed,
      firstDraw: timings.drawn - timings.modelled,
    }),
    saveJSON,
    undo,
    play: togglePlay,
  };
})();
