import CSQLite

/// One SQLite connection, closed with its owner. Every failing call becomes a `StoreError`
/// once, here, with the kind read from SQLite's extended result code at the failing call.
final class SQLiteDatabase {
    let handle: OpaquePointer
    let path: String

    init(path: String, readOnly: Bool) throws(StoreError) {
        self.path = path
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let detail = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            let code = db.map { sqlite3_extended_errcode($0) } ?? rc
            sqlite3_close(db)
            throw StoreError(Self.kind(code), path: path, detail: detail)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    static func kind(_ code: Int32) -> StoreError.Kind {
        switch code & 0xFF {
        case SQLITE_FULL: return .diskFull
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked
        case SQLITE_READONLY, SQLITE_PERM: return .readOnly
        case SQLITE_CANTOPEN: return .cannotOpen
        case SQLITE_IOERR: return .io
        default: return .other
        }
    }

    func error(_ rc: Int32) -> StoreError {
        StoreError(Self.kind(sqlite3_extended_errcode(handle)), path: path, detail: String(cString: sqlite3_errmsg(handle)))
    }

    /// Statements without results (the schema, pragmas, BEGIN/COMMIT).
    func execute(_ sql: String) throws(StoreError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc) }
    }

    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc) }
        return SQLiteStatement(stmt, db: self)
    }

    /// One value of a query (a pragma's answer).
    func scalarText(_ sql: String) throws(StoreError) -> String? {
        let s = try prepare(sql)
        guard try s.step() else { return nil }
        return s.text(0)
    }
}

/// A prepared statement, reused for every row of its kind; finalized with its owner.
final class SQLiteStatement {
    private let stmt: OpaquePointer
    private let db: SQLiteDatabase

    init(_ stmt: OpaquePointer, db: SQLiteDatabase) {
        self.stmt = stmt
        self.db = db
    }

    deinit { sqlite3_finalize(stmt) }

    enum Value {
        case int(Int64)
        case real(Double)
        case text(String)
        case null
    }

    /// Binds `values` to ?1, ?2, … (after resetting the statement).
    func bind(_ values: [Value]) throws(StoreError) {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
        for (k, v) in values.enumerated() {
            let i = Int32(k + 1)
            let rc: Int32
            switch v {
            case .int(let x): rc = sqlite3_bind_int64(stmt, i, x)
            case .real(let x): rc = sqlite3_bind_double(stmt, i, x)
            case .null: rc = sqlite3_bind_null(stmt, i)
            case .text(let s):
                rc = s.utf8CString.withUnsafeBufferPointer { b in
                    sqlite3_bind_text(stmt, i, b.baseAddress, Int32(b.count - 1), quizkiosk_sqlite_transient())
                }
            }
            guard rc == SQLITE_OK else { throw db.error(rc) }
        }
    }

    /// Runs a statement that returns no rows.
    func run(_ values: [Value]) throws(StoreError) {
        try bind(values)
        let rc = sqlite3_step(stmt)
        sqlite3_reset(stmt)
        guard rc == SQLITE_DONE else { throw db.error(rc) }
    }

    /// The next row: true while there is one.
    func step() throws(StoreError) -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        guard rc == SQLITE_DONE else {
            let e = db.error(rc)
            sqlite3_reset(stmt)
            throw e
        }
        sqlite3_reset(stmt)
        return false
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(stmt, column) }
    func real(_ column: Int32) -> Double { sqlite3_column_double(stmt, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(stmt, column) == SQLITE_NULL }
    func text(_ column: Int32) -> String {
        guard let p = sqlite3_column_text(stmt, column) else { return "" }
        let n = Int(sqlite3_column_bytes(stmt, column))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
    func optionalReal(_ column: Int32) -> Double? { isNull(column) ? nil : real(column) }
}

extension SQLiteDatabase {
    var lastInsertRowId: Int64 { sqlite3_last_insert_rowid(handle) }
}
