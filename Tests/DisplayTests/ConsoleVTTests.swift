@testable import Display
import Testing

@Suite struct ConsoleVTTests {
    typealias VT = ConsoleVT

    /// A clean exit gives the console back: text mode and a keyboard that types into it, also
    /// when the VT was found as a crashed instance left it (graphics, keyboard off).
    @Test func givesBackTextModeAndATypingKeyboard() {
        let table: [(found: (Int32, Int32), back: (Int32, Int32), why: String)] = [
            ((VT.textMode, VT.keyboardUnicode), (VT.textMode, VT.keyboardUnicode), "a fresh boot's console"),
            ((VT.textMode, VT.keyboardXlate), (VT.textMode, VT.keyboardXlate), "a non-UTF-8 console keeps its keyboard"),
            ((VT.graphicsMode, VT.keyboardOff), (VT.textMode, VT.keyboardUnicode), "after a crash: the dead instance's modes"),
            ((VT.graphicsMode, VT.keyboardXlate), (VT.textMode, VT.keyboardXlate), "graphics left by another holder"),
            ((VT.textMode, VT.keyboardOff), (VT.textMode, VT.keyboardUnicode), "keyboard left off"),
            ((VT.textMode, VT.keyboardRaw), (VT.textMode, VT.keyboardUnicode), "raw scancodes type nothing"),
            ((VT.textMode, VT.keyboardMediumRaw), (VT.textMode, VT.keyboardUnicode), "keycodes type nothing"),
        ]
        for row in table {
            let back = VT.givenBack(mode: row.found.0, keyboard: row.found.1)
            #expect(back.mode == row.back.0 && back.keyboard == row.back.1, "\(row.why)")
        }
    }
}
