import Pixels
import QuizContract

/// Before the first question: the quiz's title, a QR code of the join URL as large as the
/// screen allows (a phone at the back of the room must read it), the URL for those who type,
/// the join code huge — always whole: it shrinks, then wraps, never an ellipsis — and how many
/// have joined. Landscape puts the QR code on the right and the words, centred as a column, on
/// the left; portrait (or no QR code) stacks everything, centred.
struct LobbyScene: Scene {
    func layout(_ state: QuizState, in ctx: SceneContext) {
        let lobby = state.lobby ?? QuizState.Lobby()
        let qr = lobby.joinURL.flatMap(QRCode.init)
        let top = ctx.isPortrait ? 64.0 : 48, bottom = ctx.height - ctx.footer
        if !ctx.isPortrait, let qr {
            // The QR code as large as the height allows, unless the join code then could not
            // stand on one line at its floor: the code gives way to no one, the QR code to it.
            var side = min(bottom - top, ctx.width * 0.44)
            if let code = lobby.joinCode {
                let oneLine = ctx.width(ctx.text.layout(code, size: ctx.px(ctx.type.joinCodeFloor), weight: .bold)) + 8
                let room = ctx.width - 2 * ctx.margin - 80 - oneLine
                // Only when that brings the code onto one line: a code that wraps anyway keeps
                // the big QR code.
                if room < side, room >= 560 { side = room }
            }
            let card = Box(x: ctx.width - ctx.margin - side, y: top + (bottom - top - side) / 2, w: side, h: side)
            ctx.qr(qr, in: card, radius: 16)
            let x = ctx.margin, w = card.x - 80 - ctx.margin
            stack(state, lobby, hasQR: true, x: x, w: w, top: top, bottom: bottom, align: .left, ctx)
        } else {
            stack(state, lobby, qr: qr, x: ctx.margin, w: ctx.width - 2 * ctx.margin, top: top, bottom: bottom, align: .center, ctx)
        }
    }

    private enum Part {
        case logo(Double)
        case block(TextBlock, Role, Color)
        case gap(Double)
        case qr(QRCode, Double)
        /// The count drawn large and the words around it ("1,250" "players joined"; Thai has
        /// words before it too).
        case players(before: TextBlock?, number: TextBlock, after: TextBlock?)
    }

    /// Lays the parts out top to bottom, then centres the whole column between `top` and
    /// `bottom`; at the venue's text scale when the column fits, else at the largest that does.
    private func stack(_ state: QuizState, _ lobby: QuizState.Lobby, qr: QRCode? = nil, hasQR: Bool = false, x: Double, w: Double,
                       top: Double, bottom: Double, align: HorizontalAlignment, _ ctx: SceneContext) {
        if ctx.type.k > 1 {
            let k = ctx.type.k
            ctx.type = TypeScale(textScale: ScaleSearch.largest(upTo: k) { b in
                ctx.type = TypeScale(textScale: b)
                return total(self.parts(state, lobby, qr: qr, hasQR: hasQR, w: w, top: top, bottom: bottom, ctx), ctx) <= bottom - top
            })
        }
        emit(self.parts(state, lobby, qr: qr, hasQR: hasQR, w: w, top: top, bottom: bottom, ctx), x: x, w: w, top: top, bottom: bottom,
             align: align, ctx)
    }

    private func height(_ p: Part, _ ctx: SceneContext) -> Double {
        switch p {
        case let .logo(h): return h
        case let .block(b, _, _): return ctx.height(b)
        case let .gap(g): return g
        case let .qr(_, side): return side
        case let .players(_, n, _): return ctx.height(n)
        }
    }

    private func total(_ parts: [Part], _ ctx: SceneContext) -> Double { parts.reduce(0) { $0 + height($1, ctx) } }

    private func parts(_ state: QuizState, _ lobby: QuizState.Lobby, qr: QRCode?, hasQR: Bool, w: Double, top: Double,
                       bottom: Double, _ ctx: SceneContext) -> [Part] {
        let t = ctx.theme, type = ctx.type, k = type.k
        var parts: [Part] = []
        func room(_ h: Double) -> Box { Box(x: 0, y: 0, w: w, h: h) }
        if ctx.logo(ctx.px(96 * k)) != nil { parts += [.logo(96 * k), .gap(28)] }
        parts.append(.block(ctx.fit(state.title ?? "QuizKiosk", weight: .bold, size: type.lobbyTitle, min: type.floor,
                                    in: room(ctx.lineHeight(size: type.lobbyTitle, lines: 2, weight: .bold)), lines: 2, balance: true),
                            .title, t.text))
        let carriesURL = hasQR || qr != nil
        if let qr {
            // Portrait: the code takes the width, and leaves room for the words under it.
            let side = min(w, bottom - top - 720 * k)
            if side > 200 { parts += [.gap(36), .qr(qr, side)] }
        }
        if let url = lobby.joinURL {
            if hasQR {
                parts += [.gap(48), .block(ctx.fit(ctx.labels.scanOrOpen, weight: .bold, size: type.label, min: type.floor, in: room(200),
                                                   lines: 1), .label, t.mutedText), .gap(4)]
            } else {
                parts.append(.gap(28))
            }
            // Two lines, or, only when the QR code carries it whole, one line without its middle
            // (the host and the end of the path say where it goes); without a QR code, whole.
            var block = ctx.fit(url, weight: .bold, size: type.url, min: type.floor,
                                in: room(carriesURL ? ctx.lineHeight(size: type.url, lines: 2, weight: .bold) : 10_000),
                                lines: carriesURL ? 2 : .max)
            if block.truncated {
                block = ctx.fit(url, weight: .bold, size: type.floor, in: room(200), lines: 1, cut: .middle)
            }
            parts.append(.block(block, .joinURL, t.text))
        }
        if let code = lobby.joinCode {
            parts += [.gap(48), .block(ctx.fit(ctx.labels.joinCode, weight: .bold, size: type.label, min: type.floor, in: room(200),
                                               lines: 1), .label, t.mutedText)]
            parts.append(.block(Self.joinCode(code, width: w, ctx), .joinCode, t.accent))
        }
        if let final = lobby.participants {
            // The count ticks to its new value (from the one on screen, or up from zero as the
            // lobby comes in).
            let shown = Ease.mix(ctx.motion.continuing(.lobby)?.participants ?? 0, Double(final),
                                 ctx.motion.progress(Timeline.participants))
            ctx.shown.participants = shown
            let count = Int(shown.rounded())
            let number = ctx.number(ctx.labels.number(count), size: type.participants)
            let (before, after) = ctx.labels.playersJoined(count)
            let texts = [before, after].filter { !$0.isEmpty }
            // The words at one size, the largest at which they fit beside the number on one line.
            let room = w - ctx.width(number) - Double(texts.count) * 18 * k
            var words: [TextBlock] = []
            let fits = ctx.text.largestSize(from: ctx.px(type.label), to: ctx.px(type.floor)) { s in
                words = texts.map { ctx.text.layout($0, size: s, weight: .bold) }
                return Double(words.reduce(0) { $0 + $1.width }) <= room * ctx.viewport.scale
            }
            if fits == nil {
                // Even the floor is too wide: each cut to its share of the room.
                let total = max(1, words.reduce(0) { $0 + $1.width })
                words = zip(texts, words).map { text, block in
                    ctx.fit(text, weight: .bold, size: type.floor, in: Box(x: 0, y: 0, w: max(1, room * Double(block.width) / Double(total)),
                                                                           h: 200), lines: 1)
                }
            }
            var it = words.makeIterator()
            parts += [.gap(40), .players(before: before.isEmpty ? nil : it.next(), number: number, after: after.isEmpty ? nil : it.next())]
        }

        return parts
    }

    private func emit(_ parts: [Part], x: Double, w: Double, top: Double, bottom: Double, align: HorizontalAlignment,
                      _ ctx: SceneContext) {
        let t = ctx.theme, k = ctx.type.k
        var y = top + max(0, (bottom - top - total(parts, ctx)) / 2)
        for p in parts {
            let h = height(p, ctx)
            let box = Box(x: x, y: y, w: w, h: h)
            switch p {
            case .logo: ctx.logo(in: box, align: align)
            case let .block(b, role, color): ctx.place(b, role, in: box, align: align, color: color, on: t.background)
            case .gap: break
            case let .qr(code, side): ctx.qr(code, in: Box(x: x + (w - side) / 2, y: y, w: side, h: side), radius: 16)
            case let .players(before, number, after):
                // The count and its words on one baseline, aligned as a unit.
                let gap = 18 * k
                let row: [(TextBlock, Role, Color)] = [before.map { ($0, .label, t.mutedText) }, (number, .participants, t.text),
                                                        after.map { ($0, .label, t.mutedText) }].compactMap { $0 }
                let pair = row.reduce(-gap) { $0 + ctx.width($1.0) + gap }
                var left = align == .center ? x + (w - pair) / 2 : x
                let baseline = y + ctx.ascent(number)
                for (block, role, color) in row {
                    ctx.place(block, role, in: Box(x: left, y: y, w: ctx.width(block) + 1, h: h), baseline: baseline, color: color,
                              on: t.background)
                    left += ctx.width(block) + gap
                }
            }
            y += h
        }
    }

    /// The join code, never cut: the largest size that holds it on one line, down to its
    /// floor; below that it wraps (where UAX #14 allows, else between characters) at the floor.
    /// Above a text scale of 1 the one-line size is the largest whole pixel size that fits (the
    /// shrink loop's 8% steps start from the size asked for: a larger scale could land lower).
    static func joinCode(_ code: String, width: Double, _ ctx: SceneContext) -> TextBlock {
        let type = ctx.type
        var one = ctx.fit(code, weight: .bold, size: type.joinCode, min: type.joinCodeFloor,
                          in: Box(x: 0, y: 0, w: width, h: ctx.lineHeight(size: type.joinCode, weight: .bold)), lines: 1)
        if type.k > 1, !one.truncated {
            var lo = one.size, hi = ctx.px(type.joinCode)
            func fits(_ s: Int) -> Bool { ctx.text.layout(code, size: s, weight: .bold).width <= ctx.px(width) }
            if fits(hi) { lo = hi }
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if fits(mid) { lo = mid } else { hi = mid }
            }
            one = ctx.text.layout(code, size: lo, weight: .bold)
        }
        guard one.truncated else { return one }
        return ctx.fit(code, weight: .bold, size: type.joinCodeFloor, min: type.floor, in: Box(x: 0, y: 0, w: width, h: 10_000),
                       balance: true)
    }
}
