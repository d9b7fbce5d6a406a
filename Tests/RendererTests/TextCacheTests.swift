@testable import Renderer
import TestSupport
import Testing

/// The layout caches' bound: a frame's working set stays, what is no longer shown goes, and the
/// bytes never pass the budget.
@Suite struct TextCacheTests {
    @Test func aFrameCacheKeepsItsWorkingSetWithinItsBudget() {
        let cache = FrameCache<Int, [UInt8]>(byteBudget: 10_000, cost: \.count)
        var frame = 1
        for k in 0..<5 { cache.insert([UInt8](repeating: 0, count: 1000), for: k, frame: frame) }
        #expect(cache.count == 5 && cache.bytes <= 10_000)
        // Later frames use only 0 and 1 and add new entries: the unused old ones make room.
        for k in 5..<40 {
            frame += 1
            _ = cache.value(for: 0, frame: frame)
            _ = cache.value(for: 1, frame: frame)
            cache.insert([UInt8](repeating: 0, count: 1000), for: k, frame: frame)
            #expect(cache.bytes <= 10_000)
        }
        #expect(cache.value(for: 0, frame: frame) != nil && cache.value(for: 1, frame: frame) != nil)
        #expect(cache.value(for: 2, frame: frame) == nil, "an entry unused for many frames was dropped")
    }

    @Test func anEntryLargerThanHalfTheBudgetStillFitsAlone() {
        let cache = FrameCache<String, [UInt8]>(byteBudget: 1000, cost: \.count)
        cache.insert([UInt8](repeating: 1, count: 300), for: "a", frame: 0)
        cache.insert([UInt8](repeating: 1, count: 700), for: "b", frame: 0)
        #expect(cache.bytes <= 1000)
        #expect(cache.value(for: "b", frame: 0)?.count == 700)
    }

    @Test func theEngineCachesStayWithinTheirBudgets() throws {
        let engine = TextEngine(fonts: try TestFonts.load())
        // Many different long texts, one per frame, as a quiz running for hours would show.
        for i in 0..<100 {
            engine.cache.beginFrame()
            let text = String(repeating: "問題\(i)はとても長い文章です。", count: 30)
            _ = engine.fit(text, maxSize: 48, minSize: 24, width: 900, height: 300)
        }
        #expect(engine.layoutCacheBytes <= TextEngine.paragraphCacheBytes + TextEngine.fitCacheBytes)
        #expect(engine.layoutCacheCount < 100 * 2, "old texts were dropped (\(engine.layoutCacheCount) entries)")
    }
}
