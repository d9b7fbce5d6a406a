import QuizContract

/// A controller message decoded as a screen decodes it (the tests' JSON as text).
func decode(_ s: String) throws(StateError) -> QuizState { try StateDecoder.decode(Array(s.utf8)) }

/// Why the decoder refuses `s`, or nil when it takes it.
func rejection(_ s: String) -> String? {
    do {
        _ = try decode(s)
        return nil
    } catch {
        return error.message
    }
}
