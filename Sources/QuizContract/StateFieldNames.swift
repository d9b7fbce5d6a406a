/// The field names quiz state v1 defines, object by object, for one purpose: telling a person
/// who typed a state by hand (`quizkiosk publish`) that `"corect": 0` is a typo. Screens ignore
/// unknown fields (the contract's forward compatibility), so the decoder cannot refuse them;
/// this only names them. Kept beside the decoder: a field the decoder reads and this table
/// lacks fails `StateFieldNamesTests` (the encoder's output of a full state must name nothing).
public enum StateFieldNames {
    indirect enum Shape: Sendable {
        case leaf
        case object([String: Shape])
        case arrayOf(Shape)
    }

    static let picture: Shape = .object(["sha256": .leaf, "url": .leaf, "alt": .leaf])

    static let state: Shape = .object([
        "schema": .leaf, "quizId": .leaf, "revision": .leaf, "title": .leaf,
        "locale": .leaf, "phase": .leaf,
        "lobby": .object(["joinCode": .leaf, "joinURL": .leaf, "participants": .leaf]),
        "question": .object([
            "number": .leaf, "total": .leaf, "text": .leaf, "choices": .leaf, "correct": .leaf,
            "answerCounts": .leaf, "timeLimit": .leaf, "endsAt": .leaf, "answered": .leaf,
            "players": .leaf, "image": picture,
        ]),
        "leaderboard": .arrayOf(.object(["name": .leaf, "score": .leaf, "previousRank": .leaf])),
    ])

    /// The paths of members quiz state v1 does not define ("question.corect",
    /// "leaderboard[2].scor"), in document order; [] for anything that is not a JSON object.
    public static func unknown(in bytes: [UInt8]) -> [String] {
        guard let json = try? JSONParser.parse(StateDecoder.withoutBOM(bytes)) else { return [] }
        var out: [String] = []
        walk(json, state, path: "", into: &out)
        return out
    }

    static func walk(_ value: JSONValue, _ shape: Shape, path: String, into out: inout [String]) {
        switch (shape, value) {
        case let (.object(known), .object(members)):
            for (k, v) in members {
                let p = path.isEmpty ? k : "\(path).\(k)"
                if let s = known[k] { walk(v, s, path: p, into: &out) } else { out.append(p) }
            }
        case let (.arrayOf(item), .array(items)):
            for (i, v) in items.enumerated() { walk(v, item, path: "\(path)[\(i)]", into: &out) }
        default:
            return  // a leaf, or a value of the wrong type (the decoder words that one)
        }
    }
}
