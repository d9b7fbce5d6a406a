import Platform
import Testing

/// The two tiers of `swift test`. `scripts/test --fast`, the inner loop, sets
/// QUIZKIOSK_TESTS=fast and skips the exhaustive tests: Unicode's conformance files (91,707 and
/// 770,241 cases) and the hundreds of generated hostile states, which find what they find on the
/// first full run after a change. Every full run (`scripts/test`, CI) runs them all.
public enum Tier {
    public static var fast: Bool { Environment.get("QUIZKIOSK_TESTS") == "fast" }

    /// `@Test(Tier.exhaustive)`: skipped by `scripts/test --fast`, run by `scripts/test`.
    public static var exhaustive: ConditionTrait {
        .enabled(if: !fast, "exhaustive: scripts/test runs it, scripts/test --fast does not")
    }
}
