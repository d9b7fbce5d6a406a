/// A command's failure for the user: one line, printed after the program's name (exit 1).
public struct CLIError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
