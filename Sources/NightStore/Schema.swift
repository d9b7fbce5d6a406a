/// The night's tables. A run is one evening of one quiz file (named by the file's SHA-256: an
/// edited file is another quiz, since answers point at its questions by index); its players
/// (only a token's hash is kept), each opened question's clock in wall-clock seconds (so a
/// deadline means the same instant after a restart), and every accepted answer.
enum Schema {
    static let version = 1

    static let create = """
    CREATE TABLE IF NOT EXISTS runs (
      id INTEGER PRIMARY KEY,
      quiz_sha256 TEXT NOT NULL,
      quiz_id TEXT NOT NULL,
      join_code TEXT,
      started REAL NOT NULL,
      updated REAL NOT NULL,
      position TEXT NOT NULL DEFAULT 'lobby',
      history TEXT NOT NULL DEFAULT '',
      revision INTEGER NOT NULL DEFAULT 0,
      locked INTEGER NOT NULL DEFAULT 0,
      last_shown TEXT NOT NULL DEFAULT '',
      board_previous TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX IF NOT EXISTS runs_by_quiz ON runs (quiz_sha256, id);
    CREATE TABLE IF NOT EXISTS players (
      run INTEGER NOT NULL REFERENCES runs (id),
      number INTEGER NOT NULL,
      token_hash TEXT NOT NULL,
      name TEXT NOT NULL,
      kicked INTEGER NOT NULL DEFAULT 0,
      joined REAL NOT NULL,
      PRIMARY KEY (run, number)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS steps (
      run INTEGER NOT NULL REFERENCES runs (id),
      question INTEGER NOT NULL,
      opened REAL NOT NULL,
      ends_at REAL NOT NULL,
      paused_since REAL,
      paused_left REAL,
      paused_for REAL NOT NULL DEFAULT 0,
      PRIMARY KEY (run, question)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS answers (
      run INTEGER NOT NULL REFERENCES runs (id),
      question INTEGER NOT NULL,
      player INTEGER NOT NULL,
      choice INTEGER NOT NULL,
      t REAL NOT NULL,
      points INTEGER NOT NULL,
      arrived REAL NOT NULL,
      PRIMARY KEY (run, question, player)
    ) WITHOUT ROWID;
    """
}
