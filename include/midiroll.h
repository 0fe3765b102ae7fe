/*
 * midiroll's C ABI: read a Standard MIDI File into paired notes, edit it and write it, in-process.
 *
 * The rules (docs/DESIGN.md, "The C ABI"):
 * - Versioned: midiroll_abi_version() returns MIDIROLL_ABI_VERSION of the header the library
 *   was built with. A caller checks it before any other call; a change to any declaration below
 *   changes the number.
 * - Opaque handles: a midiroll_song is made by midiroll_song_read() (bytes) or
 *   midiroll_song_read_descriptor() (an open file) and freed by midiroll_song_free(); nothing
 *   else of the library's is ever seen (midiroll_version()'s string is static).
 * - Caller-owned buffers: every result whose size the song's info gives (notes, tracks,
 *   tempos, meters, keys, names, warnings) is written into arrays the caller owns, described
 *   by strided columns (a pointer and the bytes from one row to the next), so one call fills a
 *   struct-of-arrays or an array-of-structs alike. A column whose data is NULL is skipped. A
 *   result whose size is known only once it is made (midiroll_stats()'s JSON) goes into a
 *   buffer the caller sizes: the call says the size it needs and writes only when it fits.
 * - Errors: every call that can fail returns a code (MIDIROLL_OK or one of the codes below:
 *   the command line's exit codes, and MIDIROLL_IO) and, when `error` is not NULL, fills it
 *   with the code, the byte offset and track where it went wrong, the errno of a failed read,
 *   and the command line's one-line message ("song.mid: byte 1042, track 3: ...").
 * - Threads: a song is immutable once read; any number of threads may read songs and ask the
 *   same song for its columns at once. Freeing a song while another call uses it is the
 *   caller's error. The library keeps no global state.
 * - Only the names below are exported (all prefixed midiroll_).
 */
#ifndef MIDIROLL_H
#define MIDIROLL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this ABI. */
#define MIDIROLL_ABI_VERSION 7

/* Return codes: the command line's exit codes, and one for a failed read. */
#define MIDIROLL_OK 0
/* The input cannot be read as a song (the message says where and why). */
#define MIDIROLL_BAD_INPUT 1
/* The call itself is wrong: a NULL argument, arrays or a buffer too small for the result; or
   an option word of midiroll_song_transform() or midiroll_song_write() is (the message is the
   command line's). */
#define MIDIROLL_USAGE 2
/* The input could not be read from its descriptor (error.system_error holds the errno). */
#define MIDIROLL_IO 4

/* Flags of midiroll_song_read() and midiroll_stats(). */
/* Refuse the first problem the reader would otherwise tolerate (the command line's --strict). */
#define MIDIROLL_READ_STRICT 1u

/* Flags of midiroll_song_note_records(). */
/* The notes in time order (midiroll_song_note_order()'s) instead of track order. */
#define MIDIROLL_NOTES_BY_TIME 1u

/* How a note ended in its file (the `end` column). */
#define MIDIROLL_END_NOTE_OFF 0
#define MIDIROLL_END_NOTE_ON_VELOCITY_0 1
#define MIDIROLL_END_OF_TRACK 2

/* The bytes of a message, its terminating NUL included. */
#define MIDIROLL_MESSAGE_CAPACITY 1024

/* What went wrong, filled by every call that is given one. */
typedef struct midiroll_error {
  /* MIDIROLL_OK, MIDIROLL_BAD_INPUT or MIDIROLL_USAGE. */
  int32_t code;
  /* The 0-based track chunk where the input went wrong, or -1. */
  int32_t track;
  /* The byte offset in the input where it went wrong, or -1. */
  int64_t offset;
  /* For MIDIROLL_IO, the errno of the failed read; else 0. */
  int32_t system_error;
  int32_t reserved;
  /* One line of UTF-8, NUL-terminated, empty on success; a longer line is cut at a character
     boundary and ends with "...". */
  char message[MIDIROLL_MESSAGE_CAPACITY];
} midiroll_error;

/* A column of a caller-owned array: row k is at data + k * stride (bytes). */
typedef struct midiroll_column {
  void *data;
  int64_t stride;
} midiroll_column;

/* A song read from a Standard MIDI File: its notes paired, its timeline made. Opaque. */
typedef struct midiroll_song midiroll_song;

/* What a song holds: the sizes of everything the calls below write. */
typedef struct midiroll_song_info {
  /* The file's format: 0, 1 or 2. */
  int32_t format;
  /* Ticks per quarter note; for an SMPTE file the ticks of a quarter at 120 BPM, which
     positions use. */
  int32_t ticks_per_quarter;
  /* For an SMPTE file, frames per second (24, 25, 29 for 29.97 drop-frame, 30); else 0. */
  int32_t smpte_frames_per_second;
  /* For an SMPTE file, ticks per frame; else 0. */
  int32_t smpte_ticks_per_frame;
  /* Rows of midiroll_song_tracks(). */
  int64_t track_count;
  /* Rows of midiroll_song_notes(). */
  int64_t note_count;
  /* Rows of midiroll_song_tempos(): the tempo map, the first at tick 0 (120 BPM when the file
     has none there), changes at one tick merged (the last wins). */
  int64_t tempo_count;
  /* Rows of midiroll_song_time_signatures(): the meter map, the first at tick 0 (4/4 when the
     file has none there), changes at one tick merged. */
  int64_t time_signature_count;
  /* Rows of midiroll_song_key_signatures(), in tick order. */
  int64_t key_signature_count;
  /* Bytes of every track name, UTF-8, one after the other (midiroll_song_tracks()). */
  int64_t track_name_bytes;
  /* Problems the reader tolerated, and the bytes of their lines, each ended by '\n'
     (midiroll_song_warnings()). */
  int64_t warning_count;
  int64_t warning_bytes;
} midiroll_song_info;

/* How long a song is (which takes a pass over its notes). */
typedef struct midiroll_song_extent {
  /* The last tick of the song: the latest End of Track or note end. */
  int64_t end_tick;
  /* end_tick in seconds. */
  double duration_seconds;
  /* The bars it takes. */
  int64_t bar_count;
} midiroll_song_extent;

/* The notes of every track, in track order, each track's in the order they start. Types: */
typedef struct midiroll_note_columns {
  midiroll_column track;            /* uint16_t: the 0-based track chunk */
  midiroll_column channel;          /* uint8_t: 0-15 */
  midiroll_column pitch;            /* uint8_t: 0-127, 60 is middle C */
  midiroll_column velocity;         /* uint8_t: 1-127 */
  midiroll_column off_velocity;     /* uint8_t: the note-off's velocity, 0 when it ended otherwise */
  midiroll_column tick;             /* int64_t: where it starts */
  midiroll_column duration;         /* int64_t: how many ticks it lasts */
  midiroll_column end;              /* uint8_t: MIDIROLL_END_* */
  midiroll_column program;          /* uint8_t: the program in force on its channel, in its
                                       track, when it starts (0 without a program change) */
  midiroll_column is_drum;          /* uint8_t: 1 on channel 10 (9 counted from 0), else 0 */
  midiroll_column start_seconds;    /* double: when it starts, through every tempo change */
  midiroll_column duration_seconds; /* double: how long it lasts */
  midiroll_column bar;              /* int32_t: where it starts, 0-based: bar, */
  midiroll_column beat;             /* int32_t: beat of the meter's denominator in the bar, */
  midiroll_column subbeat;          /* int32_t: quarter of a beat (0-3), */
  midiroll_column cent;             /* int32_t: 1/240 of a subbeat (0-239) */
} midiroll_note_columns;

/* A note as one 32-byte record (midiroll_song_note_records()): the fields of
   midiroll_note_columns every note holds, each aligned, no byte left unwritten. Pitch and
   velocities are signed, as symusic's, so that arithmetic on them does not wrap. */
typedef struct midiroll_note_record {
  int64_t tick;        /* where it starts */
  int64_t duration;    /* how many ticks it lasts */
  uint16_t track;      /* the 0-based track chunk */
  uint8_t channel;     /* 0-15 */
  int8_t pitch;        /* 0-127, 60 is middle C */
  int8_t velocity;     /* 1-127 */
  int8_t off_velocity; /* the note-off's velocity, 0 when it ended otherwise */
  uint8_t end;         /* MIDIROLL_END_* */
  uint8_t program;     /* the program in force on its channel, in its track, when it starts */
  uint8_t is_drum;     /* 1 on channel 10 (9 counted from 0), else 0 */
  uint8_t reserved[7]; /* 0 */
} midiroll_note_record;

/* The tracks, in file order. */
typedef struct midiroll_track_columns {
  midiroll_column note_count;       /* int64_t */
  midiroll_column channel;          /* int32_t: the channel of the track's first note, or -1 */
  midiroll_column program;          /* int32_t: the last program change on that channel at or
                                       before the first note (0 without one), or -1 */
  midiroll_column name_end;         /* int64_t: where the track's name ends in the names'
                                       bytes (it starts where the previous one ends) */
} midiroll_track_columns;

typedef struct midiroll_tempo_columns {
  midiroll_column tick;                     /* int64_t */
  midiroll_column microseconds_per_quarter; /* int64_t */
  midiroll_column quarters_per_minute;      /* double */
  midiroll_column seconds;                  /* double: when it starts */
} midiroll_tempo_columns;

typedef struct midiroll_time_signature_columns {
  midiroll_column tick;        /* int64_t */
  midiroll_column bar;         /* int64_t: the 0-based bar it begins */
  midiroll_column numerator;   /* int32_t */
  midiroll_column denominator; /* int32_t: a power of two */
} midiroll_time_signature_columns;

typedef struct midiroll_key_signature_columns {
  midiroll_column tick;   /* int64_t */
  midiroll_column sharps; /* int32_t: sharps (positive) or flats (negative), -7 to 7 */
  midiroll_column minor;  /* uint8_t: 1 for a minor key */
} midiroll_key_signature_columns;

/* MIDIROLL_ABI_VERSION of the header the library was built with. */
uint32_t midiroll_abi_version(void);

/* The library's version ("0.1.0"), NUL-terminated, never freed. */
const char *midiroll_version(void);

/* Reads a Standard MIDI File (or an RMID file wrapping one) from `count` bytes, pairs its
   notes and makes its timeline. `name` (UTF-8, NUL-terminated, may be NULL) names the input in
   messages, as a path does on the command line. `flags`: 0 or MIDIROLL_READ_STRICT. A file of
   more than 65,535 track chunks (more than its header can count) is refused. Piano-roll JSON
   is read too, as every command reads it: when `name` ends in .json, or when it names no song's
   kind (or is NULL) and the bytes begin with '{' (its warnings, errors and their JSON paths are
   the command line's). On
   success `*song` is a new song the caller frees with midiroll_song_free(); on failure it is
   NULL. The bytes are not kept. */
int32_t midiroll_song_read(const uint8_t *bytes, size_t count, const char *name, uint32_t flags,
                           midiroll_song **song, midiroll_error *error);

/* Reads a Standard MIDI File from an open descriptor to its end, as midiroll_song_read()
   does from bytes: the bytes are read straight into the library's own buffer (no copy).
   `size_hint` is the size the caller expects (fstat's), or 0; more than `max_size` bytes is
   refused (MIDIROLL_BAD_INPUT, "file is more than the limit of N bytes") before they are all
   read. The caller opens the descriptor (the command line opens files with O_NONBLOCK and
   refuses what is not a regular file) and closes it. A failed read is MIDIROLL_IO. */
int32_t midiroll_song_read_descriptor(int32_t descriptor, int64_t size_hint, int64_t max_size,
                                      const char *name, uint32_t flags, midiroll_song **song,
                                      midiroll_error *error);

/* Frees a song (NULL is allowed). */
void midiroll_song_free(midiroll_song *song);

/* What a song holds. */
int32_t midiroll_song_info_get(const midiroll_song *song, midiroll_song_info *info,
                               midiroll_error *error);

/* How long a song is. */
int32_t midiroll_song_extent_get(const midiroll_song *song, midiroll_song_extent *extent,
                                 midiroll_error *error);

/* Writes the columns asked for (data not NULL) of every note; each holds `rows` rows, at
   least the song's note_count. */
int32_t midiroll_song_notes(const midiroll_song *song, const midiroll_note_columns *columns,
                            int64_t rows, midiroll_error *error);

/* Writes every note as a midiroll_note_record into `records` (`rows` records, at least the
   song's note_count; any alignment): in the order of midiroll_song_notes(), or in time order
   with MIDIROLL_NOTES_BY_TIME (`flags`: 0 or that). The layout of an array of structs, written
   whole (every byte, so the same song gives the same bytes), faster than the columns of
   midiroll_song_notes() pointed into it. */
int32_t midiroll_song_note_records(const midiroll_song *song, midiroll_note_record *records,
                                   int64_t rows, uint32_t flags, midiroll_error *error);

/* Writes the notes' time order into `order` (`rows` at least note_count): row k is the index,
   in the order of midiroll_song_notes(), of the k-th note to start; notes that start at one
   tick keep track order, then the order of their track. */
int32_t midiroll_song_note_order(const midiroll_song *song, int64_t *order, int64_t rows,
                                 midiroll_error *error);

/* Writes the columns of every track (`rows` at least track_count) and, when `names` is not
   NULL, every track name's bytes one after the other (`name_capacity` at least
   track_name_bytes; a track without a name has an empty one). */
int32_t midiroll_song_tracks(const midiroll_song *song, const midiroll_track_columns *columns,
                             int64_t rows, char *names, int64_t name_capacity,
                             midiroll_error *error);

/* Write the tempo, meter and key maps (`rows` at least the info's count). */
int32_t midiroll_song_tempos(const midiroll_song *song, const midiroll_tempo_columns *columns,
                             int64_t rows, midiroll_error *error);
int32_t midiroll_song_time_signatures(const midiroll_song *song,
                                      const midiroll_time_signature_columns *columns,
                                      int64_t rows, midiroll_error *error);
int32_t midiroll_song_key_signatures(const midiroll_song *song,
                                     const midiroll_key_signature_columns *columns,
                                     int64_t rows, midiroll_error *error);

/* Writes the warnings, one line each ended by '\n' (`capacity` at least warning_bytes; no
   NUL is added). */
int32_t midiroll_song_warnings(const midiroll_song *song, char *text, int64_t capacity,
                               midiroll_error *error);

/* Measures a Standard MIDI File (or an RMID file wrapping one) from `count` bytes as
   `midiroll stats --json` does, and writes that command's JSON object: muspy 0.5's 13 metrics
   under "metrics" (null where muspy gives NaN; what muspy raises in "metricsRaised", or
   "metrics": null and "muspyRefused" when muspy refuses the file), the facts (notes, pitch
   range, seconds, bars, tempo range, meters, keys, notes per General MIDI family and on the
   drum channel), "sha256" of the bytes and the content "fingerprint". One line of UTF-8, no
   newline, no NUL. `name` (UTF-8, NUL-terminated, may be NULL) is the object's "path" (null
   without one) and names the input in messages; `flags`: 0 or MIDIROLL_READ_STRICT.
   `*length` gets the object's size in bytes; the object is written into `json` only when it
   fits `capacity` bytes, else (or when `json` is NULL) the call returns MIDIROLL_USAGE and the
   caller calls again with `*length` bytes (16 KiB hold the object of every real file; a long
   name, or many meters, need more). The song is measured on every call; the bytes are not
   kept. */
int32_t midiroll_stats(const uint8_t *bytes, size_t count, const char *name, uint32_t flags,
                       char *json, int64_t capacity, int64_t *length, midiroll_error *error);

/* The parts of a song to build (midiroll_song_build()): each list's columns are read as the
   calls above write them (strided; a column whose data is NULL takes its default). */
typedef struct midiroll_song_parts {
  /* Ticks per quarter note, 1-32767. */
  int32_t ticks_per_quarter;
  int32_t reserved;
  /* The notes: tick (int64_t, 0 or more), duration (int64_t, 0 or more), pitch (0-127) and
     velocity (1-127, uint8_t) required; track (uint16_t), channel (0-15) and off_velocity
     (0-127, uint8_t) 0 when NULL; the other columns are not read. */
  int64_t note_count;
  midiroll_note_columns notes;
  /* Tempos: tick and quarters_per_minute (double, above 0); 120 at tick 0 without one. */
  int64_t tempo_count;
  midiroll_tempo_columns tempos;
  /* Meters: tick, numerator (1-255) and denominator (a power of two, 1-128); bar not read. */
  int64_t time_signature_count;
  midiroll_time_signature_columns time_signatures;
  /* Keys: tick, sharps (-7-7) and minor (0 or 1). */
  int64_t key_signature_count;
  midiroll_key_signature_columns key_signatures;
  /* Tracks: at least one more than the highest track of a note (more make empty tracks).
     program (int32_t, 0-127, or -1 for none: a program change at tick 0 on every channel of
     the track's notes) and name_end (int64_t, where its name ends in `names`), each NULL for
     none; note_count and channel are not read. */
  int64_t track_count;
  midiroll_track_columns tracks;
  /* The track names' bytes (UTF-8), one after the other; NULL for none. */
  const char *names;
} midiroll_song_parts;

/* Builds a song from notes and maps: tempos, meters and keys in the first track, each track's
   name and programs at its tick 0, its notes in tick order (those of one tick in the order
   given), an End of Track where its last note ends; format 0 for one track, else 1. On success
   `*song` is a new song (no warnings; the caller frees it). A value out of its range is
   MIDIROLL_USAGE naming the list, the row and the column. */
int32_t midiroll_song_build(const midiroll_song_parts *parts, midiroll_song **song, midiroll_error *error);

/* Bytes the library made (midiroll_song_write()). Opaque; freed by midiroll_bytes_free(). */
typedef struct midiroll_bytes midiroll_bytes;

/* Where the bytes start (valid until they are freed) and how many there are. */
const uint8_t *midiroll_bytes_data(const midiroll_bytes *bytes);
int64_t midiroll_bytes_size(const midiroll_bytes *bytes);

/* Frees bytes (NULL is allowed). */
void midiroll_bytes_free(midiroll_bytes *bytes);

/* Edits a song as `midiroll convert` does with the same option words (`arguments`, `count`
   UTF-8 strings): the edit, quantize and key options (--transpose 3, --bars 5...12,
   --ticks-per-beat 480, --velocity-scale 80, --merge-tracks, --split channel, --grid 1/16,
   --scale "D dorian", --drums transpose, ...) and --sustain extend, applied in convert's order
   (sustain, slice, resample, transpose, velocity, merge or split, filter, quantize). On success
   `*edited` is a new song (no warnings; the caller frees it) and the song itself is unchanged.
   A word convert would refuse is MIDIROLL_USAGE with convert's message; an edit convert
   refuses for this song (notes pushed out of range with --out-of-range fail) is
   MIDIROLL_BAD_INPUT, its message naming the song by `name` (UTF-8, may be NULL). Words that
   are not options of these kinds (--to, --compact, a path) are MIDIROLL_USAGE. */
int32_t midiroll_song_transform(const midiroll_song *song, const char *const *arguments, int32_t count,
                                const char *name, midiroll_song **edited, midiroll_error *error);

/* Writes a song as `midiroll convert` (or `render`) writes the kind `kind` ("mid", "json",
   "npz", "svg", "html", "wav"), with the same option words: --compact for piano-roll JSON, the
   .npz options (--npz, --resolution, --steps, --binary, --merge, --no-compress). `name` (may be
   NULL) names the song in messages and is the picture's and page's title. On success `*bytes`
   holds the file's bytes (the caller frees them). A kind or word convert would refuse is
   MIDIROLL_USAGE with its message. */
int32_t midiroll_song_write(const midiroll_song *song, const char *kind, const char *const *arguments,
                            int32_t count, const char *name, midiroll_bytes **bytes,
                            midiroll_error *error);

/* A MidiTok 3.1 tokenizer made from the file MidiTok saved (tokenizer.save), as
   `midiroll tokenize --tokenizer` makes it. Opaque; never changed once made, so threads may
   share one; freed by midiroll_tokenizer_free(). */
typedef struct midiroll_tokenizer midiroll_tokenizer;

/* Makes a tokenizer from a tokenizer file's `count` bytes. A file that is not a MidiTok
   tokenizer, or asks for what midiroll does not reproduce exactly, is MIDIROLL_BAD_INPUT with
   one line naming the JSON path (and the file by `name`, which may be NULL). */
int32_t midiroll_tokenizer_read(const uint8_t *bytes, size_t count, const char *name,
                                midiroll_tokenizer **tokenizer, midiroll_error *error);

/* Frees a tokenizer (NULL is allowed). */
void midiroll_tokenizer_free(midiroll_tokenizer *tokenizer);

/* What a tokenizer is, as a JSON object in `*json` (the caller frees it): "tokenization" (its
   class name), "length" (MidiTok's len(tokenizer)), "one_token_stream", "is_trained", and
   "vocabularies" (one list of tokens, a token's id its index; one per field for CPWord and
   Octuple). */
int32_t midiroll_tokenizer_describe(const midiroll_tokenizer *tokenizer, midiroll_bytes **json,
                                    midiroll_error *error);

/* Tokenizes a song as MidiTok's tokenizer.encode(path) does: `song` when it is not NULL (as
   the .mid it writes), otherwise the `count` bytes of a MIDI file, or when `bytes` is NULL too
   the regular file at the path `name` (version 7: read here, with the caller's lock released;
   a file that cannot be opened or read, a folder or a FIFO is MIDIROLL_IO with its errno,
   EINVAL for what is not a regular file). With the words of
   `midiroll tokenize` --max-seq-len N [--overlap-bars K] [--bos] [--eos], the song is cut into
   chunks of at most N tokens instead. `*tokens` (the caller frees it) holds little-endian
   8-byte integers: the count of rows R, the ids per token W, then per row its track (-1 for
   one stream), start tick, end tick (-1 for a whole sequence), first id and id count; then
   every row's ids as 4-byte integers. A song that does not read is MIDIROLL_BAD_INPUT (with
   its byte offset); a bad word, or a length no chunk fits in, is MIDIROLL_USAGE. */
int32_t midiroll_tokenizer_encode(const midiroll_tokenizer *tokenizer, const midiroll_song *song,
                                  const uint8_t *bytes, size_t count, const char *name,
                                  const char *const *arguments, int32_t word_count,
                                  midiroll_bytes **tokens, midiroll_error *error);

/* Decodes MidiTok's tokens JSON ({"ids": ...}, as tokenize writes it) into a new song, as
   MidiTok's decode does and `midiroll detokenize` writes it. Ids the tokenizer cannot decode
   are MIDIROLL_BAD_INPUT naming the JSON path. */
int32_t midiroll_tokenizer_decode(const midiroll_tokenizer *tokenizer, const uint8_t *bytes, size_t count,
                                  const char *name, midiroll_song **song, midiroll_error *error);

/* A tokenizer training, as `midiroll train-tokenizer` runs it: MidiTok 3.1's
   tokenizer.train(vocab_size, model, files_paths=...). Songs are added from any number of
   threads at once (each made into MidiTok's training words, then summed under a lock), then
   the training runs once. Freed by midiroll_training_free(). */
typedef struct midiroll_training midiroll_training;

/* Sets up a training from a tokenizer file's `count` bytes: `model` "BPE", "WordPiece" or
   "Unigram" (any case), `vocab_size`, and `options` a JSON object of MidiTok's trainer keyword
   arguments ({"min_frequency": 2}; NULL for none). A vocabulary size not above the base
   vocabulary's, a tokenizer of several vocabularies, an option the model's trainer does not
   take or another model is MIDIROLL_USAGE; a file that is not a tokenizer MIDIROLL_BAD_INPUT. */
int32_t midiroll_training_new(const uint8_t *bytes, size_t count, const char *name, const char *model,
                              int64_t vocab_size, const char *options, midiroll_training **training,
                              midiroll_error *error);

/* Adds the song of a MIDI file's `count` bytes. A song symusic would not read
   (`*outcome` 1: MidiTok's training skips it) or that MidiTok fails to tokenize (`*outcome` 2)
   is MIDIROLL_BAD_INPUT, counted and left out; `*outcome` is 0 when it was added. */
int32_t midiroll_training_add(midiroll_training *training, const uint8_t *bytes, size_t count,
                              const char *name, int32_t *outcome, midiroll_error *error);

/* Trains on the songs added: `*file` (the caller frees it) holds the trained tokenizer file as
   MidiTok's save writes it, `*summary` a JSON object {"files", "unreadable", "refused",
   "base_tokens", "unique_words", "merges"}. No song added is MIDIROLL_BAD_INPUT. */
int32_t midiroll_training_train(midiroll_training *training, midiroll_bytes **file, midiroll_bytes **summary,
                                midiroll_error *error);

/* Frees a training (NULL is allowed). */
void midiroll_training_free(midiroll_training *training);

#ifdef __cplusplus
}
#endif

#endif /* MIDIROLL_H */
