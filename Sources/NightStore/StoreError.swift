/// Why the night's database cannot be used, as one line a person can act on: the file, what
/// kind of trouble (the disk is full, the file is damaged, another host holds it, …) and
/// SQLite's own words.
public struct StoreError: Error, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case diskFull = "the disk is full"
        case corrupt = "the database file is damaged or not a database"
        case locked = "another quizkiosk host is using it"
        case readOnly = "it cannot be written"
        case cannotOpen = "it cannot be opened"
        case io = "a read or write failed"
        case schema = "it was written by a newer quizkiosk"
        case other = "SQLite failed"
    }

    public let kind: Kind
    /// The file or folder concerned.
    public let path: String
    /// SQLite's (or the system's) own words.
    public let detail: String

    public init(_ kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    public var description: String { "night store \(path): \(kind.rawValue) (\(detail))" }
    public var message: String { description }
}
