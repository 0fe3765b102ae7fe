/* exported Synth */
"use strict";

// A small Web Audio synthesizer: plays the song from a tick on, a triangle wave per note (a
// short noise burst on the drum channel 10), louder with velocity. Notes are scheduled a little
// ahead of time in slices, so a long song starts at once.
const Synth = (() => {
  const LOOKAHEAD_SECONDS = 0.6;
  const SLICE_MILLISECONDS = 150;
  const MAXIMUM_VOICES_PER_SLICE = 256;

  class Player {
    constructor() {
      this.context = null;
      this.timer = null;
      this.onStop = null;
    }

    get isPlaying() {
      return this.timer !== null;
    }

    /** Starts playing `song` from `startTick`. */
    play(song, startTick) {
      this.stop();
      const AudioContextType = window.AudioContext || window.webkitAudioContext;
      if (!AudioContextType) return false;
      if (!this.context) {
        this.context = new AudioContextType();
        this.master = this.context.createGain();
        this.master.gain.value = 0.25;
        this.master.connect(this.context.destination);
        this.noise = this.makeNoise();
      }
      if (this.context.state === "suspended") this.context.resume();
      this.song = song;
      this.startSeconds = song.tempos.seconds(startTick);
      this.contextStart = this.context.currentTime + 0.05;
      this.scheduledUntil = this.startSeconds;
      this.voices = [];
      this.schedule();
      this.timer = window.setInterval(() => this.schedule(), SLICE_MILLISECONDS);
      return true;
    }

    /** Stops, silencing every scheduled note. */
    stop() {
      if (this.timer !== null) window.clearInterval(this.timer);
      this.timer = null;
      for (const voice of this.voices || []) {
        try {
          voice.stop();
        } catch (error) {
          // A voice that has already ended cannot be stopped again.
        }
      }
      this.voices = [];
    }

    /** The song's time now, in seconds. */
    get songSeconds() {
      if (!this.context || this.timer === null) return null;
      return this.startSeconds + Math.max(0, this.context.currentTime - this.contextStart);
    }

    /** The tick playing now, or null. */
    currentTick() {
      const seconds = this.songSeconds;
      if (seconds === null) return null;
      const tick = this.song.tempos.tick(seconds);
      if (tick > this.song.endTick) {
        this.stop();
        if (this.onStop) this.onStop();
        return null;
      }
      return tick;
    }

    makeNoise() {
      const length = Math.floor(this.context.sampleRate * 0.2);
      const buffer = this.context.createBuffer(1, length, this.context.sampleRate);
      const samples = buffer.getChannelData(0);
      let seed = 1;
      for (let i = 0; i < length; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        samples[i] = (seed / 1073741824 - 1) * (1 - i / length);
      }
      return buffer;
    }

    /** Schedules the notes that start in the next slice of time. */
    schedule() {
      const song = this.song;
      const until = (this.songSeconds === null ? this.startSeconds : this.songSeconds) + LOOKAHEAD_SECONDS;
      if (until <= this.scheduledUntil) return;
      const fromTick = song.tempos.tick(this.scheduledUntil);
      const toTick = song.tempos.tick(until);
      const store = song.notes;
      const starting = [];
      store.forEachIn(fromTick, toTick, (i) => {
        if (store.tick[i] >= fromTick && store.tick[i] < toTick) starting.push(i);
      });
      this.voices = this.voices.filter((voice) => voice.endsAt > this.context.currentTime);
      for (const i of starting.slice(0, MAXIMUM_VOICES_PER_SLICE)) {
        const start = this.contextStart + song.tempos.seconds(store.tick[i]) - this.startSeconds;
        const end = this.contextStart + song.tempos.seconds(store.tick[i] + store.duration[i]) - this.startSeconds;
        this.voice(store.pitch[i], store.velocity[i], store.channel[i], Math.max(start, this.context.currentTime), end);
      }
      this.scheduledUntil = until;
    }

    voice(pitch, velocity, channel, start, end) {
      const context = this.context;
      const gain = context.createGain();
      const level = 0.05 + 0.25 * (velocity / 127);
      let source;
      if (channel === 9) {
        source = context.createBufferSource();
        source.buffer = this.noise;
        end = start + 0.15;
      } else {
        source = context.createOscillator();
        source.type = "triangle";
        source.frequency.value = 440 * Math.pow(2, (pitch - 69) / 12);
      }
      const release = Math.max(start + 0.02, end);
      gain.gain.setValueAtTime(0, start);
      gain.gain.linearRampToValueAtTime(level, start + 0.01);
      gain.gain.setValueAtTime(level, release);
      gain.gain.linearRampToValueAtTime(0, release + 0.08);
      source.connect(gain);
      gain.connect(this.master);
      source.start(start);
      source.stop(release + 0.1);
      source.endsAt = release + 0.1;
      this.voices.push(source);
    }
  }

  return { Player };
})();
