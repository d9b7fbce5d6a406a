/// A field that breaks a rule: its path ("question.choices[1]") and why, in one line.
public struct FieldError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Typed access to one JSON object's members with the field's path in every error: the one
/// reader behind the state decoder (controller messages) and the quiz-file reader (the host's
/// files), so a type or limit is checked, and worded, the same way in both. `null` reads as
/// absent.
public struct FieldReader {
    public let members: [(String, JSONValue)]
    /// The prefix of every member's name in errors: "" at the top, "question." inside.
    public let path: String

    /// `value` must be an object; `name` says what it is when it is not ("the file").
    public init(_ value: JSONValue, path: String = "", name: String? = nil) throws(FieldError) {
        guard case let .object(m) = value else {
            let what = name ?? (path.isEmpty ? "the message" : String(path.dropLast()))
            throw FieldError("\(what): must be an object, got \(value.typeName)")
        }
        members = m
        self.path = path
    }

    public func value(_ key: String) -> JSONValue? {
        guard let v = members.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = v { return nil }
        return v
    }

    public func wrong(_ key: String, _ expected: String, _ got: JSONValue) -> FieldError {
        FieldError("\(path)\(key): must be \(expected), got \(got.typeName)")
    }

    /// Members outside `known` are errors (hand-written files, where they are typos).
    public func allowOnly(_ known: Set<String>) throws(FieldError) {
        for (k, _) in members where !known.contains(k) {
            throw FieldError("\(path)\(k): unknown field (known: \(known.sorted().joined(separator: ", ")))")
        }
    }

    public func object(_ key: String) throws(FieldError) -> FieldReader? {
        guard let v = value(key) else { return nil }
        guard case .object = v else { throw wrong(key, "an object", v) }
        return try FieldReader(v, path: path + key + ".")
    }

    public func array(_ key: String, maxItems: Int? = nil) throws(FieldError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case let .array(items) = v else { throw wrong(key, "an array", v) }
        if let maxItems, items.count > maxItems {
            throw FieldError("\(path)\(key): \(items.count) items, at most \(maxItems) allowed")
        }
        return items
    }

    /// Objects of an array, each with its own path ("leaderboard[3].").
    public func objects(_ key: String, maxItems: Int? = nil) throws(FieldError) -> [FieldReader]? {
        guard let items = try array(key, maxItems: maxItems) else { return nil }
        var out: [FieldReader] = []
        for (k, item) in items.enumerated() { out.append(try FieldReader(item, path: "\(path)\(key)[\(k)].")) }
        return out
    }

    public func string(_ key: String, max: Int, nonEmpty: Bool = false) throws(FieldError) -> String? {
        guard let v = value(key) else { return nil }
        return try Self.string(v, "\(path)\(key)", max: max, nonEmpty: nonEmpty)
    }

    /// A string that must be there.
    public func required(_ key: String, max: Int, why: String? = nil) throws(FieldError) -> String {
        guard let s = try string(key, max: max) else { throw FieldError("\(path)\(key): missing" + (why.map { " (\($0))" } ?? "")) }
        return s
    }

    public func int(_ key: String, min: Int?) throws(FieldError) -> Int? {
        guard let v = value(key) else { return nil }
        return try Self.integer(v, "\(path)\(key)", min: min)
    }

    /// A number in `range` (seconds, say).
    public func number(_ key: String, in range: ClosedRange<Double>, what: String) throws(FieldError) -> Double? {
        guard let v = value(key) else { return nil }
        guard case let .number(d, _) = v else { throw wrong(key, "a number", v) }
        guard range.contains(d) else { throw FieldError("\(path)\(key): \(what)") }
        return d
    }

    public func strings(_ key: String, maxItems: Int, maxLength: Int, nonEmpty: Bool = false) throws(FieldError) -> [String]? {
        guard let items = try array(key, maxItems: maxItems) else { return nil }
        var out: [String] = []
        for (k, item) in items.enumerated() {
            out.append(try Self.string(item, "\(path)\(key)[\(k)]", max: maxLength, nonEmpty: nonEmpty))
        }
        return out
    }

    public func ints(_ key: String, maxItems: Int, min: Int?) throws(FieldError) -> [Int]? {
        guard let items = try array(key, maxItems: maxItems) else { return nil }
        var out: [Int] = []
        for (k, item) in items.enumerated() { out.append(try Self.integer(item, "\(path)\(key)[\(k)]", min: min)) }
        return out
    }

    static func string(_ v: JSONValue, _ name: String, max: Int, nonEmpty: Bool) throws(FieldError) -> String {
        guard case let .string(s) = v else { throw FieldError("\(name): must be a string, got \(v.typeName)") }
        if nonEmpty && s.isEmpty { throw FieldError("\(name): empty") }
        let n = s.unicodeScalars.count
        guard n <= max else { throw FieldError("\(name): \(n) characters, at most \(max) allowed") }
        return s
    }

    /// An integer: a JSON number with no fractional part (3, 3.0, 3e0), within ±(2^53 − 1).
    static func integer(_ v: JSONValue, _ name: String, min: Int?) throws(FieldError) -> Int {
        guard case let .number(d, isInteger) = v else { throw FieldError("\(name): must be an integer, got \(v.typeName)") }
        guard isInteger || d == d.rounded() else { throw FieldError("\(name): must be an integer, got \(d)") }
        guard abs(d) <= Double(Limits.maxInteger) else { throw FieldError("\(name): integer out of range") }
        let i = Int(d)
        if let min, i < min { throw FieldError("\(name): \(i) is below the minimum \(min)") }
        return i
    }
}
