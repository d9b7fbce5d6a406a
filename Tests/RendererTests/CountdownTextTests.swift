@testable import Renderer
import Testing

/// Long countdowns read as minutes and hours, never as "100…".
@Suite struct CountdownTextTests {
    @Test(arguments: [
        (0, "0"), (1, "1"), (42, "42"), (99, "99"), (100, "1:40"), (725, "12:05"), (3599, "59:59"),
        (3600, "1:00:00"), (3723, "1:02:03"), (10_000, "2:46:40"), (100_000, "27:46:40"),
        (359_999, "99:59:59"), (1_000_000, "99:59:59"), (-5, "0"),
    ])
    func format(seconds: Int, expected: String) {
        #expect(CountdownText.format(seconds: seconds) == expected)
    }
}
