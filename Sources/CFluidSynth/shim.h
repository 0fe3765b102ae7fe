// CFluidSynth: FluidSynth 2 (Debian libfluidsynth-dev), used as a library: a synthesizer with no
// audio driver, rendered block by block by the AudioRender module.
#ifndef CFLUIDSYNTH_SHIM_H
#define CFLUIDSYNTH_SHIM_H

#include <fluidsynth.h>

/// Swallows FluidSynth's log messages (warnings such as a preset missing from the SoundFont
/// would otherwise go to standard error on every render); failures reach Swift as return codes.
static inline void cfluidsynth_ignore_log(int level, const char *message, void *data) {
  (void)level;
  (void)message;
  (void)data;
}

/// Routes every FluidSynth log level to ``cfluidsynth_ignore_log``.
static inline void cfluidsynth_silence_log(void) {
  fluid_set_log_function(FLUID_PANIC, cfluidsynth_ignore_log, NULL);
  fluid_set_log_function(FLUID_ERR, cfluidsynth_ignore_log, NULL);
  fluid_set_log_function(FLUID_WARN, cfluidsynth_ignore_log, NULL);
  fluid_set_log_function(FLUID_INFO, cfluidsynth_ignore_log, NULL);
  fluid_set_log_function(FLUID_DBG, cfluidsynth_ignore_log, NULL);
}

#endif
