import PlayerPages
import Platform
import TestSupport
import Testing

/// The rules the box's Content-Security-Policy and players v1 set for the pages, read from the
/// compiled files: no inline script or style (the CSP forbids them, and a browser would drop
/// them silently), nothing from another origin, every file a page names compiled in, text put
/// into the page only as text. The browser test (Tests/Browser) checks the same in Chromium.
@Suite struct PageRulesTests {
    static var texts: [(path: String, text: String)] {
        PageFiles.all.values.sorted { $0.path < $1.path }.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }
    }

    /// Every place `needle` occurs in `text`, as the text after it.
    static func after(_ needle: String, in text: String) -> [Substring] {
        var out: [Substring] = []
        let all = Substring(text)
        var i = all.startIndex
        while i < all.endIndex {
            if all[i...].hasPrefix(needle) {
                let end = all.index(i, offsetBy: needle.count)
                out.append(all[end...])
                i = end
            } else {
                i = all.index(after: i)
            }
        }
        return out
    }

    /// The quoted values following `prefix` (`src="` → the paths).
    static func values(after prefix: String, in text: String) -> [String] {
        after(prefix, in: text).map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func theWordsAndTheCompiledPagesAreFresh() throws {
        // words.js from Sources/Locales/Phrases, PageFiles.swift from web/: one check for both.
        let r = try Subprocess.run(["/usr/bin/python3", repositoryRoot + "/scripts/gen-pages.py", "--check"], stderr: .stdout)
        #expect(r.status == 0, "\(r.output)")
    }

    @Test func noInlineScriptOrStyle() {
        for (path, text) in Self.texts where path.hasSuffix(".html") {
            let lower = text.lowercased()
            // (Bools, so a failure names the file, not its whole text.)
            let styleElement = lower.contains("<style"), styleAttribute = lower.contains(" style="), jsURL = lower.contains("javascript:")
            #expect(!styleElement, "\(path): a <style> element (the CSP drops it; use /player.css)")
            #expect(!styleAttribute, "\(path): a style attribute (the CSP drops it)")
            #expect(!jsURL, "\(path): a javascript: URL")
            for tag in Self.after("<script", in: lower) {
                let head = tag.prefix { $0 != ">" }
                let ownSource = head.contains(" src=\"/"), empty = tag.dropFirst(head.count + 1).hasPrefix("</script>")
                #expect(ownSource, "\(path): a <script> without a src of the box's own")
                #expect(empty, "\(path): a <script> with inline content")
            }
            // Event handler attributes: " onclick=", " onload=", …
            for rest in Self.after(" on", in: lower) {
                let name = rest.prefix { $0.isLetter }
                let handler = name.count >= 3 && rest.dropFirst(name.count).hasPrefix("=")
                #expect(!handler, "\(path): an inline handler on\(name)=")
            }
        }
        for (path, text) in Self.texts where path.hasSuffix(".js") {
            for banned in ["eval(", "new Function", "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "setTimeout(\"", "setInterval(\""] {
                let found = text.contains(banned)
                #expect(!found, "\(path): \(banned) (the CSP forbids string code; text goes in as text)")
            }
        }
    }

    @Test func nothingFromAnotherOrigin() {
        for (path, text) in Self.texts {
            for scheme in ["http://", "https://", "//fonts.", "//cdn"] {
                for rest in Self.after(scheme, in: text) {
                    // The only absolute URL allowed is SVG's namespace name, which is never fetched.
                    let ok = scheme == "http://" && rest.hasPrefix("www.w3.org/2000/svg")
                    #expect(ok, "\(path): \(scheme)\(rest.prefix(40)) (the pages work offline, from the box alone)")
                }
            }
        }
    }

    @Test func everyFileAPageNamesIsCompiledIn() throws {
        var named: [(String, String)] = []
        for (path, text) in Self.texts {
            if path.hasSuffix(".html") {
                for v in Self.values(after: " src=\"", in: text) + Self.values(after: " href=\"", in: text) { named.append((path, v)) }
            } else if path.hasSuffix(".js") {
                for v in Self.values(after: " from \"", in: text) { named.append((path, v)) }
            }
        }
        try #require(named.contains { $0.1 == "/player.js" } && named.contains { $0.1 == "/words.js" })
        for (page, ref) in named {
            #expect(ref.hasPrefix("/"), "\(page): \(ref) is relative (the page is also served at /j/CODE)")
            #expect(PageFiles.all[ref] != nil, "\(page): \(ref) is not among the compiled files")
        }
    }

    @Test func theWordsHaveEveryLanguageAndMirrorArabicAndHebrew() throws {
        let words = try #require(PageFiles.all["/words.js"]).bytes
        let text = String(decoding: words, as: UTF8.self)
        let mirrored = text.contains(#"export const RTL = ["ar", "he"];"#)
        #expect(mirrored, "words.js: RTL is not [ar, he]")
        for tag in ["en", "ja", "de", "fr", "es", "pt", "it", "nl", "ko", "zh-Hans", "zh-Hant", "ar", "he", "th", "hi"] {
            let has = text.contains("\n  \"\(tag)\": {\"waiting\": ")
            #expect(has, "words.js has no table for \(tag)")
        }
    }
}
