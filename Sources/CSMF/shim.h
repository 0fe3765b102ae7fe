// CSMF: libsmf 1.3 (Debian libsmf-dev) and the two helpers the Swift bridge needs from C.
#ifndef CSMF_SHIM_H
#define CSMF_SHIM_H

#include <smf.h>
#include <stdlib.h>

/// Every glib log level with the fatal and recursion flags: what a handler must name to
/// receive all of libsmf's messages (`G_LOG_LEVEL_MASK` is a macro Swift cannot import).
static inline GLogLevelFlags csmf_all_log_levels(void) {
  return (GLogLevelFlags)(G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION);
}

/// Frees a file returned by `smf_load_from_memory` in time linear in its events and tracks.
///
/// `smf_delete` detaches every event and track one by one, renumbering and searching the
/// arrays each time: quadratic in the events of a track and in the tracks of a file (48 s for
/// a file of 65535 empty tracks). This frees the same allocations libsmf 1.3 made for a loaded
/// file (`malloc`ed events, MIDI buffers, tracks and tempo-map entries, held in glib pointer
/// arrays) without the bookkeeping. Only for a file straight from the loader, never for one
/// whose tracks or events were detached or are shared.
static inline void csmf_free_loaded(smf_t *smf) {
  if (smf == NULL) return;
  for (guint t = 0; t < smf->tracks_array->len; t++) {
    smf_track_t *track = (smf_track_t *)g_ptr_array_index(smf->tracks_array, t);
    for (guint e = 0; e < track->events_array->len; e++) {
      smf_event_t *event = (smf_event_t *)g_ptr_array_index(track->events_array, e);
      free(event->midi_buffer);
      free(event);
    }
    g_ptr_array_free(track->events_array, TRUE);
    free(track);
  }
  for (guint i = 0; i < smf->tempo_array->len; i++) free(g_ptr_array_index(smf->tempo_array, i));
  g_ptr_array_free(smf->tracks_array, TRUE);
  g_ptr_array_free(smf->tempo_array, TRUE);
  free(smf);
}

#endif
