/* outfile.h - writing where a failure must not pass unnoticed ("outfile_").
 *
 * Streams: a write error on a FILE (a full disk, a closed descriptor, a pipe
 * whose reader went away while SIGPIPE is ignored) is sticky in stdio;
 * outfile_check turns it into one message naming where the output was going.
 *
 * Files: outfile_temp_open creates the in-progress file of a target the way
 * Flink's file sinks name it, ".<name>.inprogress.<uuid>" beside the target:
 * hidden (file sources skip names starting with '.' or '_'), unpredictable,
 * and created exclusively without following a symbolic link, so nothing
 * planted at that name is written through. outfile_commit renames it onto the
 * target only when every byte was written.
 *
 * Nothing here prints; errors fill the caller's buffer. */
#ifndef PTF_OUTFILE_H
#define PTF_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* 0 when every write to f so far succeeded (after flushing it, when flush);
 * else -1 with err = "cannot write the output to WHERE: reason". */
int outfile_check(FILE *f, const char *where, bool flush, char *err, size_t errlen);

/* For a stream one thread alone reads or writes (a file source's lines, a
 * sink's part file), before its first read or write: stdio takes no lock per
 * call, and moves 64 KiB at a time. Close it with outfile_close. */
void outfile_unshared(FILE *f);

/* fclose(f), and frees the buffer outfile_unshared gave it. */
int outfile_close(FILE *f);

/* true when f writes into a pipe or socket whose reader has gone away. */
bool outfile_reader_gone(FILE *f);

/* The hidden in-progress name for target (malloc'ed), with a fresh random
 * suffix on every call. */
char *outfile_temp_name(const char *target);

/* Creates path for writing: fails (EEXIST) when anything exists there, a
 * symbolic link included. Returns the stream or NULL with errno set. */
FILE *outfile_create_exclusive(const char *path);

/* Opens a new in-progress file for target: *tmp receives its name (caller
 * frees). NULL with err set on failure (and *tmp NULL). */
FILE *outfile_temp_open(const char *target, char **tmp, char *err, size_t errlen);

/* Closes f and, when it was all written, renames tmp onto target. On any
 * failure, or when !commit, tmp is removed. Returns 0, or -1 with err set
 * (only when commit). */
int outfile_commit(FILE *f, const char *tmp, const char *target, bool commit, char *err, size_t errlen);

#endif
