#ifndef QUIZKIOSK_CSQLITE_SHIM_H
#define QUIZKIOSK_CSQLITE_SHIM_H
// SQLite (Debian libsqlite3-dev): the night's database (runs, players, answers).
#include <sqlite3.h>

// SQLITE_TRANSIENT is `((sqlite3_destructor_type)-1)`, a cast of an integer to a function
// pointer, which Swift cannot import: it tells sqlite3_bind_text/blob to copy the bytes at once
// (the Swift buffer is only valid during the call).
static inline sqlite3_destructor_type quizkiosk_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
