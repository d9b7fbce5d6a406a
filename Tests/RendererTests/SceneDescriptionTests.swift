import Locales
import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// The show's rules checked on the frame description (`quizkiosk render --describe`), which is
/// the list the pixels are drawn from: one size per group, the floors, nothing cut that must be
/// whole, the choices where the room saw them, fair ranks, 7:1 everywhere, all inside the safe
/// area.
@Suite struct SceneDescriptionTests {
    static let now = ShowStates.now
    /// Every state at every size, with and without overscan, and with the venue's look.
    static let looks: [(String, Theme, SceneSettings)] = [
        ("standard", .standard, SceneSettings()),
        ("overscan", .standard, SceneSettings(overscan: 7)),
        ("venue", ShowStates.venueTheme, ShowStates.venueSettings),
    ]

    /// One renderer per look (its caches warm), used by one test at a time.
    nonisolated(unsafe) static let renderers: [String: SceneRenderer] = {
        var out: [String: SceneRenderer] = [:]
        for (name, theme, settings) in looks {
            if let fonts = try? TestFonts.load() { out[name] = SceneRenderer(fonts: fonts, theme: theme, settings: settings) }
        }
        return out
    }()

    static func describe(_ state: QuizState, _ w: Int, _ h: Int, theme: Theme = .standard, settings: SceneSettings = SceneSettings(),
                         now: Double = now, offline: Bool = false) throws -> SceneDescription {
        let r = SceneRenderer(fonts: try TestFonts.load(), theme: theme, settings: settings)
        return r.describe(SceneFrame(state: state, width: w, height: h, now: now, overlay: ScreenOverlay(controllerOffline: offline)))
    }

    /// Every description of every state, size and look, computed once for all the tests.
    nonisolated(unsafe) static let computed: [(String, SceneDescription, SceneSettings)] = {
        var out: [(String, SceneDescription, SceneSettings)] = []
        for (look, _, settings) in looks {
            guard let r = renderers[look] else { continue }
            for (name, state) in ShowStates.all {
                for (w, h) in ShowStates.sizes {
                    let frame = SceneFrame(state: state, width: w, height: h, now: now, overlay: ScreenOverlay(controllerOffline: true))
                    out.append(("\(name) \(w)x\(h) \(look)", r.describe(frame), settings))
                }
            }
        }
        return out
    }()

    static func texts(_ d: SceneDescription, _ role: Role) -> [SceneItem] { d.items.filter { $0.kind == .text && $0.role == role } }
    static func shapes(_ d: SceneDescription, _ role: Role) -> [SceneItem] { d.items.filter { $0.kind != .text && $0.role == role } }

    static func everything() throws -> [(String, SceneDescription, SceneSettings)] {
        #expect(computed.count == looks.count * ShowStates.all.count * ShowStates.sizes.count)
        return computed
    }

    @Test func everythingIsInsideTheSafeArea() throws {
        for (what, d, _) in try Self.everything() {
            for item in d.items where item.role != .background {
                let inside = item.box.intersection(d.safeArea) == item.box
                #expect(inside, "\(what): \(item.role) \(item.text ?? "") \(item.box) leaves the safe area \(d.safeArea)")
            }
        }
        let d = try Self.describe(ShowStates.japanese4, 1920, 1080, settings: SceneSettings(overscan: 5))
        #expect(d.safeArea == Rect(x: 96, y: 54, width: 1728, height: 972), "5% of each edge")
    }

    @Test func everyTextIsAtLeastSevenToOneOnItsBackground() throws {
        for (what, d, _) in try Self.everything() {
            for item in d.items where item.kind == .text {
                let ratio = item.color.contrast(with: item.background ?? .black)
                #expect(ratio >= 7, "\(what): \(item.role) \"\(item.text ?? "")\" \(item.color) on \(item.background.map(\.description) ?? "-") is \(ratio):1")
            }
        }
    }

    /// All choices, all counts, all percentages, the leaderboard's names, scores and ranks:
    /// each group one size on a screen.
    @Test func oneSizePerGroup() throws {
        for (what, d, _) in try Self.everything() where !what.hasPrefix("ended") && !what.hasPrefix("podium") {
            for role in [Role.choice, .count, .percent, .name, .score, .rank, .movement] {
                let sizes = Set(Self.texts(d, role).compactMap(\.px))
                #expect(sizes.count <= 1, "\(what): \(role) at \(sizes.sorted()) px")
            }
        }
    }

    /// On the podium every name is one size, the winners' may be larger, never smaller; the
    /// winner's long name is whole.
    @Test func theWinnerIsNeverSmallerNorCut() throws {
        for (what, d, _) in try Self.everything() where what.hasPrefix("ended") || what.hasPrefix("podium") {
            let ranked = Ranked.rank(ShowStates.state(String(what.prefix { $0 != " " })).leaderboard)
            let podium = Self.texts(d, .name).filter { item in ranked.first { $0.place == item.index }.map { $0.rank <= 3 } ?? false }
            let winners = podium.filter { item in ranked.first { $0.place == item.index }?.rank == 1 }
            let others = podium.filter { item in ranked.first { $0.place == item.index }.map { $0.rank > 1 } ?? false }
            #expect(!winners.isEmpty, "\(what): no winner drawn")
            #expect(Set(others.compactMap(\.px)).count <= 1, "\(what): runners-up at \(Set(others.compactMap(\.px)))")
            for w in winners {
                #expect(others.allSatisfy { ($0.px ?? 0) <= (w.px ?? 0) }, "\(what): winner at \(w.px ?? 0) px, others larger")
                #expect(!w.truncated, "\(what): the winner's name is cut: \(w.text ?? "")")
            }
            if what.hasPrefix("ended ") {
                let name = winners.compactMap(\.text).joined()
                #expect(name == "Wolfeschlegelsteinhausenbergerdorff", "\(what): winner drawn as \(name)")
            }
        }
    }

    /// Nothing the audience reads is under 28 units (× the text scale, where it fits), and
    /// choices not under 36 unless there are five or six.
    @Test func theFloors() throws {
        for (what, d, settings) in try Self.everything() {
            let scale = Viewport(width: d.width, height: d.height, safeArea: .overscan(settings.overscan)).scale
            let floor = Int((28 * scale).rounded(.down))
            for item in d.items where item.kind == .text && item.role != .offline {
                #expect((item.px ?? 0) >= floor, "\(what): \(item.role) \"\(item.text ?? "")\" at \(item.px ?? 0) px, floor \(floor)")
            }
            let choices = Self.texts(d, .choice)
            if Set(choices.compactMap(\.index)).count <= 4, let px = choices.first?.px {
                #expect(px >= Int((36 * scale).rounded(.down)), "\(what): choices at \(px) px")
            }
        }
    }

    /// The question is 48 × width / 1920 × the text scale when it fits; where the venue's scale
    /// does not fit (four long choices at 1.5 on a landscape screen) it gets as much as fits.
    @Test(arguments: ShowStates.sizes)
    func theQuestionSize(width: Int, height: Int) throws {
        let vp = Viewport(width: width, height: height)
        for (name, k) in [("japanese4", 1.0), ("english2", 1.0), ("english2", 1.5), ("long6ja", 1.0)] {
            let d = try Self.describe(ShowStates.state(name), width, height, settings: SceneSettings(textScale: k))
            let sizes = Self.texts(d, .question).map { $0.px ?? 0 }
            #expect(!sizes.isEmpty && sizes.allSatisfy { $0 == vp.px(48 * k) }, "\(name) × \(k): \(sizes)")
        }
        let d = try Self.describe(ShowStates.japanese4, width, height, settings: SceneSettings(textScale: 1.5))
        let sizes = Self.texts(d, .question).map { $0.px ?? 0 }
        #expect(sizes.allSatisfy { $0 > vp.px(48) && $0 <= vp.px(72) }, "japanese4 × 1.5: \(sizes)")
    }

    /// What the room types or celebrates is never cut: join codes, the correct answer and its
    /// headline, counts and scores; and a name is cut only after two lines.
    @Test func nothingThatMustBeWholeIsCut() throws {
        let whole: Set<Role> = [.joinCode, .headline, .count, .percent, .score, .rank, .answered, .progress, .countdown, .timesUp,
                                .participants, .label, .movement]
        for (what, d, _) in try Self.everything() {
            for item in d.items where item.kind == .text && whole.contains(item.role) {
                #expect(!item.truncated, "\(what): \(item.role) cut to \"\(item.text ?? "")\"")
            }
            if !what.hasPrefix("long ") {
                for item in Self.texts(d, .choice) { #expect(!item.truncated, "\(what): choice cut to \"\(item.text ?? "")\"") }
            }
            for item in Self.texts(d, .name) where item.truncated {
                let lines = Self.texts(d, .name).filter { $0.index == item.index }.count
                #expect(lines == 2, "\(what): \"\(item.text ?? "")\" cut on line \(lines)")
            }
        }
        // The join code of 16 and of 32 characters, whole at every size.
        for state in [ShowStates.lobby, ShowStates.lobby32] {
            for (w, h) in ShowStates.sizes {
                let d = try Self.describe(state, w, h)
                #expect(Self.texts(d, .joinCode).compactMap(\.text).joined() == state.lobby?.joinCode, "\(w)x\(h)")
            }
        }
    }

    /// The reveal and "time's up" keep every choice box exactly where the question had it.
    @Test func choiceBoxesStayWhereTheQuestionHadThem() throws {
        for (look, theme, settings) in Self.looks {
            for (question, reveal) in [(ShowStates.japanese4, ShowStates.reveal4), (ShowStates.long6ja, ShowStates.reveal6ja),
                                       (ShowStates.english2, Self.revealed(ShowStates.english2))] {
                for (w, h) in ShowStates.sizes {
                    func boxes(_ s: QuizState, _ t: Double) throws -> [Rect] {
                        Self.shapes(try Self.describe(s, w, h, theme: theme, settings: settings, now: Self.now + t), .choiceBox).map(\.box)
                    }
                    let asked = try boxes(question, 0)
                    #expect(asked.count == question.question?.choices.count)
                    #expect(try boxes(question, 600) == asked, "\(look) \(w)x\(h): time's up moved the choices")
                    #expect(try boxes(reveal, 0) == asked, "\(look) \(w)x\(h): the reveal moved the choices")
                }
            }
        }
    }

    static func revealed(_ s: QuizState) -> QuizState {
        var r = s
        r.phase = .reveal
        r.question?.correct = 1
        r.question?.answerCounts = [3, 9]
        return r
    }

    /// Each box carries its count and percentage (summing to 100), the bar is its share of all
    /// answers (none for 0), and the headline names the correct answer.
    @Test func theRevealCountsAndNames() throws {
        for (w, h) in ShowStates.sizes {
            let d = try Self.describe(ShowStates.reveal6ja, w, h)
            let counts = Self.texts(d, .count).sorted { ($0.index ?? 0) < ($1.index ?? 0) }.compactMap(\.text)
            #expect(counts == ["17", "3", "0", "6", "2", "1"])
            let percents = Self.texts(d, .percent).compactMap { $0.text.flatMap { Int($0.dropLast()) } }
            #expect(percents.reduce(0, +) == 100, "\(percents)")
            let bars = Self.shapes(d, .countBar)
            #expect(!bars.contains { $0.index == 2 }, "a count of 0 has a bar")
            let tracks = Self.shapes(d, .countTrack)
            #expect(Set(tracks.map(\.box.width)).count == 1, "tracks of different lengths")
            let widths = Dictionary(uniqueKeysWithValues: bars.map { ($0.index ?? -1, $0.box.width) })
            if let a = widths[0], let b = widths[3], let track = tracks.first?.box.width {
                #expect(abs(Double(a) - Double(track) * 17 / 29) <= 2 && abs(Double(b) - Double(track) * 6 / 29) <= 2)
            }
            let headline = Self.texts(d, .headline).compactMap(\.text).joined()
            #expect(headline == "正解：" + (ShowStates.reveal6ja.question?.choices[0] ?? ""), "\(headline)")
            #expect(Self.shapes(d, .correctRing).map(\.index) == [0])
            #expect(Self.shapes(d, .choiceInside).count == 5, "five dimmed")
            // The total in the header.
            #expect(Self.texts(d, .answered).compactMap(\.text) == ["29件の回答"])
        }
        let english = try Self.describe(Self.revealed(ShowStates.english2), 1920, 1080)
        #expect(Self.texts(english, .headline).compactMap(\.text) == ["Correct: Jupiter"])
        #expect(Self.texts(english, .answered).compactMap(\.text) == ["12 answers"])
    }

    @Test func timesUpReplacesTheCountdownAndLocksTheChoices() throws {
        for (w, h) in ShowStates.sizes {
            let running = try Self.describe(ShowStates.japanese4, w, h)
            #expect(Self.texts(running, .countdown).compactMap(\.text) == ["13"])
            #expect(Self.texts(running, .answered).compactMap(\.text) == ["23 / 48 人が回答"])
            #expect(Self.texts(running, .timesUp).isEmpty && Self.shapes(running, .lock).isEmpty)
            let over = try Self.describe(ShowStates.japanese4, w, h, now: Self.now + 13)
            #expect(Self.texts(over, .timesUp).compactMap(\.text) == ["時間切れ"])
            #expect(Self.texts(over, .countdown).isEmpty && Self.shapes(over, .countdown).isEmpty)
            #expect(Set(Self.shapes(over, .lock).compactMap(\.index)) == [0, 1, 2, 3], "every choice locked")
            let english = try Self.describe(ShowStates.english2, w, h, now: Self.now + 4)
            #expect(Self.texts(english, .timesUp).compactMap(\.text) == ["Time's up"])
        }
    }

    /// The last five seconds are shown by more than a hue: bigger digits, a thicker ring and bar.
    @Test func urgencyIsNotHueAlone() throws {
        let calm = try Self.describe(ShowStates.english2, 1920, 1080, now: Self.now - 5)
        let urgent = try Self.describe(ShowStates.english2, 1920, 1080)
        let calmDigits = try #require(Self.texts(calm, .countdown).first), urgentDigits = try #require(Self.texts(urgent, .countdown).first)
        #expect(calmDigits.text == "9" && urgentDigits.text == "4")
        #expect(Double(urgentDigits.px ?? 0) >= 1.2 * Double(calmDigits.px ?? 0))
        let calmBar = try #require(Self.shapes(calm, .countdownTrack).last), urgentBar = try #require(Self.shapes(urgent, .countdownTrack).last)
        #expect(urgentBar.box.height > calmBar.box.height)
        #expect(urgentDigits.color != calmDigits.color)
    }

    /// Equal scores share a rank and a medal (1, 2, 2, 2, 5); figures are grouped; movement shows.
    @Test func ranksAreFair() throws {
        for (w, h) in ShowStates.sizes {
            let d = try Self.describe(ShowStates.leaderboard, w, h)
            let ranks = Self.texts(d, .rank).sorted { ($0.index ?? 0) < ($1.index ?? 0) }.compactMap(\.text)
            #expect(ranks == ["1", "2", "2", "2", "5", "6", "7", "8", "9", "10"], "\(ranks)")
            let medals = Self.shapes(d, .medal).sorted { ($0.index ?? 0) < ($1.index ?? 0) }
            #expect(medals.map(\.index) == [0, 1, 2, 3], "medals for ranks 1, 2, 2, 2")
            #expect(Set(medals.dropFirst().map(\.color)).count == 1 && medals[0].color != medals[1].color)
            let scores = Self.texts(d, .score).sorted { ($0.index ?? 0) < ($1.index ?? 0) }.compactMap(\.text)
            #expect(scores.first == "999,999,999" && scores[1] == "4,200")
            // Right-aligned tabular figures: equal-length scores are equally wide.
            let fourDigits = Self.texts(d, .score).filter { $0.text?.count == 5 }
            #expect(Set(fourDigits.map(\.box.width)).count == 1, "\(fourDigits.map { ($0.text ?? "", $0.box.width) })")
            #expect(Set(fourDigits.map(\.box.maxX)).count <= 2, "one column per side")
            let moves = Self.texts(d, .movement).sorted { ($0.index ?? 0) < ($1.index ?? 0) }.compactMap(\.text)
            #expect(moves.prefix(3) == ["▲1", "▼1", "▲3"], "\(moves)")
        }
        // Ties on the podium stand side by side on one step.
        let podium = try Self.describe(ShowStates.podiumTies, 1920, 1080)
        let steps = Self.shapes(podium, .podium)
        let first = Self.texts(podium, .name).filter { $0.index == 0 || $0.index == 1 }
        #expect(first.count == 2 && first[0].box.minY == first[1].box.minY, "the tied winners side by side")
        #expect(Self.texts(podium, .rank).compactMap(\.text).sorted() == ["1", "3"], "steps for ranks 1 and 3")
        #expect(Set(steps.map(\.color)).count == 2)
    }

    /// A single entry is centred, not hung at the top of an empty screen.
    @Test func aShortLeaderboardIsCentred() throws {
        let d = try Self.describe(ShowStates.leaderboard1, 1920, 1080)
        let row = try #require(Self.shapes(d, .row).first)
        let middle = Double(row.box.minY + row.box.maxY) / 2
        #expect(abs(middle - 1080 * 0.55) < 120, "row at \(row.box)")
    }

    /// The room's language: detected from kana and kanji, or as the state says.
    @Test func labelsFollowTheRoomsLanguage() throws {
        let ja = try Self.describe(ShowStates.lobby32, 1920, 1080)
        #expect(Self.texts(ja, .label).compactMap(\.text).contains("参加コード"))
        let en = try Self.describe(ShowStates.lobby, 1920, 1080)
        #expect(Self.texts(en, .label).compactMap(\.text).contains("Join code"))
        var forced = ShowStates.lobby32
        forced.locale = "en-GB"
        #expect(Self.texts(try Self.describe(forced, 1920, 1080), .label).compactMap(\.text).contains("Join code"))
        forced = ShowStates.lobby
        forced.locale = "ja"
        #expect(Self.texts(try Self.describe(forced, 1920, 1080), .label).compactMap(\.text).contains("参加コード"))
        #expect(Self.texts(try Self.describe(ShowStates.leaderboard, 1920, 1080), .label).compactMap(\.text) == ["Leaderboard"])
        // Nothing to tell from: both languages.
        let idle = Self.texts(try Self.describe(.idle, 1920, 1080), .label).compactMap(\.text)
        #expect(idle == ["Waiting for the quiz to start", "クイズの開始をお待ちください"])
        #expect(RoomLocale.of(QuizState(title: "Quiz", locale: "sv"))?.language == .en, "unknown languages fall back to the text")
        #expect(RoomLocale.of(QuizState(title: "Quiz", locale: "fr"))?.language == .fr)
    }

    /// The host-offline mark says so in the room's language, in the same corner as the
    /// controller's; without the broker only the controller's shows (nothing is known then).
    @Test func theHostOfflineMarkAndWhichWins() throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        func marks(_ s: QuizState, _ o: ScreenOverlay) -> [String] {
            Self.texts(r.describe(SceneFrame(state: s, width: 1920, height: 1080, now: Self.now, overlay: o)), .offline).compactMap(\.text)
        }
        #expect(marks(ShowStates.english2, ScreenOverlay(hostOffline: true)) == ["Host offline"])
        #expect(marks(ShowStates.english2, ScreenOverlay(controllerOffline: true, hostOffline: true)) == ["Controller offline"])
        #expect(marks(ShowStates.english2, ScreenOverlay()) == [])
        var de = ShowStates.english2
        de.locale = "de"
        #expect(marks(de, ScreenOverlay(hostOffline: true)) == ["Spielleitung offline"])
    }

    /// The description is the drawing: rendering the items gives the frame, and the JSON has
    /// the shape the issue asks for.
    @Test func theJSONHasTheIssuesShape() throws {
        let d = try Self.describe(ShowStates.reveal4, 1280, 720)
        let json = try JSONParser.parse(Array(d.json().utf8))
        guard case let .object(root) = json else { Issue.record("not an object"); return }
        #expect(root.map(\.0) == ["width", "height", "safeArea", "items"])
        guard case let .array(items)? = root.first(where: { $0.0 == "items" })?.1 else { Issue.record("no items"); return }
        #expect(items.count == d.items.count)
        for item in items {
            guard case let .object(m) = item else { continue }
            let keys = m.map(\.0)
            guard case let .string(kind)? = m.first(where: { $0.0 == "kind" })?.1 else { continue }
            switch kind {
            case "text": #expect(Set(keys).isSubset(of: ["kind", "role", "index", "text", "direction", "px", "box", "color", "background", "truncated"])
                                 && keys.contains("truncated") && keys.contains("background") && keys.contains("px") && keys.contains("direction"))
            case "shape": #expect(Set(keys).isSubset(of: ["kind", "role", "index", "box", "color"]) && keys.contains("color"))
            default: #expect(kind == "image")
            }
        }
        #expect(d.json().contains(#""role":"choice-box","index":2,"box":["#))
        #expect(d.json().contains(##""color":"#"##))
    }

    /// "3 / 10", the title and the reveal's answer total stand on one baseline.
    @Test func theHeaderSharesOneBaseline() throws {
        let fonts = try TestFonts.load()
        for (w, h) in ShowStates.sizes {
            for state in [ShowStates.reveal4, ShowStates.poll6] {
                let d = try Self.describe(state, w, h)
                let header = [(Role.progress, FontWeight.bold), (.answered, .bold)] + (w > h ? [(Role.title, FontWeight.regular)] : [])
                var baselines: [Int] = []
                for (role, weight) in header {
                    let item = try #require(Self.texts(d, role).first, "\(role) at \(w)x\(h)")
                    baselines.append(item.box.y + fonts.face(weight).metrics(size: item.px ?? 1).ascent)
                }
                #expect(Set(baselines).count == 1, "\(w)x\(h): baselines \(baselines)")
            }
        }
    }

    /// A sparse question is centred between the header and the footer, not hung from the top.
    @Test(arguments: ShowStates.sizes)
    func aSparseQuestionIsCentred(width: Int, height: Int) throws {
        let d = try Self.describe(ShowStates.english2, width, height)
        let vp = Viewport(width: width, height: height)
        // The header ends under the ring, or under the title's own row in portrait.
        let header = max(try #require(Self.shapes(d, .countdownTrack).first).box.maxY, Self.texts(d, .title).map(\.box.maxY).max() ?? 0)
        let top = try #require(Self.texts(d, .question).first).box.minY
        let bottom = try #require(Self.shapes(d, .choiceBox).map(\.box.maxY).max())
        let footer = d.safeArea.maxY - vp.px(72)
        #expect(abs((top - header) - (footer - bottom)) <= vp.px(40), "above \(top - header) px, below \(footer - bottom) px")
    }

    /// Portrait puts the next places under the podium, not above it.
    @Test func portraitListsTheNextPlacesUnderThePodium() throws {
        let d = try Self.describe(ShowStates.ended, 1080, 1920)
        let podium = try #require(Self.shapes(d, .podium).map(\.box.maxY).max())
        let rows = Self.shapes(d, .row)
        #expect(rows.count == 5)
        #expect(rows.allSatisfy { $0.box.minY > podium })
        #expect(Self.texts(d, .rank).filter { $0.background == Theme.standard.panel }.compactMap(\.text) == ["4", "5", "6", "7", "8"])
    }

    /// Text that cannot be laid out nicely (a 32-emoji ZWJ chain, 200 jamo, combining floods)
    /// stays inside its box: in the description, and in the pixels between the choice boxes.
    @Test(arguments: [(1280, 720), (1080, 1920)])
    func hostileTextStaysInItsBox(width: Int, height: Int) throws {
        let family = "👨‍👩‍👧‍👦"
        let chain = Array(repeating: "🧑", count: 32).joined(separator: "\u{200D}")
        let state = QuizState(phase: .question, title: chain, question: .init(
            text: chain, choices: [String(repeating: "ᄀ", count: 200), "A" + String(repeating: "\u{0336}", count: 31),
                                   // HarfBuzz stacks these into a tower taller than the screen.
                                   "o" + String(repeating: "\u{0301}", count: 199), String(repeating: family, count: 28)]))
        let r = SceneRenderer(fonts: try TestFonts.load())
        let frame = SceneFrame(state: state, width: width, height: height, now: Self.now)
        let d = r.describe(frame)
        let boxes = Self.shapes(d, .choiceBox)
        #expect(boxes.count == 4)
        for item in Self.texts(d, .choice) {
            let box = try #require(boxes.first { $0.index == item.index }).box
            #expect(item.box.intersection(box) == item.box, "choice \(item.index ?? -1) \(item.box) outside \(box)")
        }
        for item in d.items where item.role != .background {
            #expect(item.box.intersection(d.safeArea) == item.box, "\(item.role) \(item.box)")
        }
        // No ink between the boxes.
        let canvas = Canvas(width: width, height: height)
        r.render(state, into: canvas, now: Self.now)
        let background = Theme.standard.background
        var spilled = 0
        for y in 0..<height {
            for x in 0..<width where canvas.color(x: x, y: y) != background {
                let inside = d.items.contains { $0.role != .background && $0.kind != .text && $0.box.insetBy(dx: -2, dy: -2).contains(x, y) }
                    || d.items.contains { $0.kind == .text && $0.role != .choice && $0.box.insetBy(dx: -(($0.px ?? 0) / 2), dy: -(($0.px ?? 0) / 2)).contains(x, y) }
                if !inside { spilled += 1 }
            }
        }
        #expect(spilled == 0, "\(spilled) pixels of ink outside every box")
    }
}

extension Rect {
    func contains(_ x: Int, _ y: Int) -> Bool { x >= minX && x < maxX && y >= minY && y < maxY }
}
