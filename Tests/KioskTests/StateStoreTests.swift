@testable import Kiosk
import Platform
import Renderer
import TestSupport
import Testing

@Suite struct StateStoreTests {
    init() { Log.sink = { _ in } }

    @Test func latestValidStateWinsAndInvalidOnesAreCountedAndIgnored() {
        let store = StateStore()
        #expect(store.apply(Array(#"{"title":"A"}"#.utf8), from: "t") == .accepted)
        #expect(store.apply(Array("not json".utf8), from: "t") == .rejected("not JSON: line 1, column 1: invalid literal"))
        #expect(store.apply(Array(#"{"schema":2}"#.utf8), from: "t") != .accepted)
        #expect(store.current.title == "A")
        #expect(store.rejectedCount == 2)
        #expect(store.apply(Array(#"{"title":"A"}"#.utf8), from: "t") == .unchanged)
        #expect(store.apply(Array(#"{"title":"B"}"#.utf8), from: "t") == .accepted)
        #expect(store.current.title == "B")
    }

    @Test func olderRevisionsOfTheSameQuizAreIgnored() {
        let store = StateStore()
        store.apply(Array(#"{"quizId":"q","revision":5,"title":"five"}"#.utf8), from: "t")
        #expect(store.apply(Array(#"{"quizId":"q","revision":4,"title":"four"}"#.utf8), from: "t") == .stale)
        #expect(store.apply(Array(#"{"quizId":"q","revision":5,"title":"again"}"#.utf8), from: "t") == .stale)
        #expect(store.current.title == "five")
        #expect(store.apply(Array(#"{"quizId":"q","revision":6,"title":"six"}"#.utf8), from: "t") == .accepted)
        // A new quiz resets ordering; a state without revision is taken in arrival order.
        #expect(store.apply(Array(#"{"quizId":"other","revision":1,"title":"new quiz"}"#.utf8), from: "t") == .accepted)
        #expect(store.apply(Array(#"{"quizId":"other","title":"no revision"}"#.utf8), from: "t") == .accepted)
        #expect(store.staleCount == 2)
    }

    @Test func emptyMessageClearsToIdle() {
        let store = StateStore()
        store.apply(Array(#"{"quizId":"q","revision":9,"question":{"text":"x"}}"#.utf8), from: "t")
        #expect(store.apply([], from: "t") == .accepted)
        #expect(store.current == .idle)
        // After a clear, the quiz may start again from revision 1.
        #expect(store.apply(Array(#"{"quizId":"q","revision":1,"title":"again"}"#.utf8), from: "t") == .accepted)
    }

    @Test func rejectionLogsOneLineNamingTheOrigin() {
        let origin = "quizkiosk/room-\(UInt32.random(in: 0...UInt32.max))/state"
        let log = LogCapture(containing: origin)
        let store = StateStore()
        store.apply(Array("{\"question\":{\"text\":\"a\nb\",\"choices\":5}}".utf8), from: origin)
        #expect(log.all.count == 1)
        #expect(log.all.first?.hasPrefix("<4>\(origin): rejected: not JSON") == true, "\(log.all)")
    }
}
