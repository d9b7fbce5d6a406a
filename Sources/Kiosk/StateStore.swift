import Platform
import QuizContract
import Renderer

/// The one current quiz state: validated messages in, latest valid wins, revision order
/// respected within one quiz. Invalid messages leave the state as it was.
public final class StateStore {
    public enum Outcome: Equatable {
        case accepted
        case unchanged
        /// An older (or repeated) revision of the quiz shown: ignored.
        case stale
        case rejected(String)
    }

    public private(set) var current: QuizState = .idle
    /// Messages rejected as invalid since start.
    public private(set) var rejectedCount = 0
    public private(set) var staleCount = 0
    /// Called after every accepted change.
    public var onChange: ((QuizState) -> Void)?

    public init() {}

    /// Decodes and applies one message; logs one line when it is rejected or ignored. `origin`
    /// names where it came from (a file path, an MQTT topic) for that line.
    @discardableResult
    public func apply(_ bytes: [UInt8], from origin: String) -> Outcome {
        let message: StateDecoder.Message
        do {
            message = try StateDecoder.decodeMessage(bytes)
        } catch {
            return reject(error.message, from: origin)
        }
        switch message {
        case .clear:
            return set(.idle)
        case .state(let s):
            if let rev = s.revision, let shown = current.revision, s.quizId == current.quizId, rev <= shown {
                staleCount += 1
                Log.info("\(origin): ignored revision \(rev) of quiz \(s.quizId ?? "-"): revision \(shown) is shown")
                return .stale
            }
            return set(s)
        }
    }

    /// Counts and logs a message found invalid (by the decoder, or by its source: too big to read).
    @discardableResult
    public func reject(_ reason: String, from origin: String) -> Outcome {
        rejectedCount += 1
        Log.warning("\(origin): rejected: \(reason) (keeping the last good state; \(rejectedCount) rejected so far)")
        return .rejected(reason)
    }

    /// Replaces the state directly (the demo source, tests).
    @discardableResult
    public func set(_ s: QuizState) -> Outcome {
        guard s != current else { return .unchanged }
        current = s
        onChange?(s)
        return .accepted
    }
}
