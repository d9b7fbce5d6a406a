import Testing
@testable import Renderer
@Test func smoke() { #expect(Canvas(width: 2, height: 2).width == 2) }
