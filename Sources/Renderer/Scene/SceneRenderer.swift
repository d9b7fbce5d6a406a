import Locales
import Pixels
import QuizContract

/// Draws what the big screen shows for a quiz state at a display size and time: each frame is
/// laid out as a list of items (`describe`), then that list is drawn.
public final class SceneRenderer {
    public let text: TextEngine
    public let theme: Theme
    public let settings: SceneSettings
    /// Set by the legibility test: records every text colour and what is under it.
    var inspector: TextInspector?
    /// The logo at the last pixel heights asked for (a frame asks for one or two).
    private var scaledLogos: [Int: Image] = [:]
    /// Paths rasterized for the frames that draw them again.
    let paths = PathCache()
    /// Where questions' pictures come from, ready to draw; nil: every picture is a placeholder.
    public var pictures: PictureProvider?
    /// Set by tests: lays every room out mirrored (true) or none (false) whatever its language.
    var mirroring: Bool?

    public init(text: TextEngine, theme: Theme = .standard, settings: SceneSettings = SceneSettings()) {
        self.text = text
        self.theme = theme
        self.settings = settings
    }

    public convenience init(fonts: FontSet, theme: Theme = .standard, settings: SceneSettings = SceneSettings()) {
        self.init(text: TextEngine(fonts: fonts), theme: theme, settings: settings)
    }

    /// Renders a full frame of `state` into `canvas` as it looks at time `now` (seconds since
    /// the Unix epoch; countdowns depend on it), with `overlay` on top. Returns what was drawn,
    /// to hand back to `damage(from:to:)` or `update(_:from:to:)` next time.
    @discardableResult
    public func render(_ state: QuizState, into canvas: Canvas, now: Double, overlay: ScreenOverlay = .none,
                       safeArea: SafeArea? = nil) -> SceneFrame {
        let frame = SceneFrame(state: state, width: canvas.width, height: canvas.height, now: now, overlay: overlay, safeArea: safeArea)
        text.cache.beginFrame()
        draw(frame, into: canvas)
        return frame
    }

    /// Everything `frame` draws, in drawing order, with the roles, boxes and colours tests and
    /// tools read (`quizkiosk render --describe`). The pixels are this list drawn.
    public func describe(_ frame: SceneFrame) -> SceneDescription {
        layout(frame, motion: .settled).description
    }

    /// The frame laid out with `motion` applied, and the animated values it shows.
    func layout(_ frame: SceneFrame, motion: SceneMotion) -> (description: SceneDescription, pose: Pose) {
        let viewport = self.viewport(frame)
        let ctx = context(frame, motion: motion)
        ctx.background(theme.background)
        scene(for: frame.state.phase).layout(frame.state, in: ctx)
        if frame.overlay.controllerOffline {
            OfflineMark.layout(ctx.labels.controllerOffline, in: ctx)
        } else if frame.overlay.hostOffline {
            OfflineMark.layout(ctx.labels.hostOffline, in: ctx)
        }
        return (SceneDescription(width: frame.width, height: frame.height, safeArea: viewport.safeArea, items: ctx.items), ctx.shown)
    }

    /// What a scene lays `frame` out with.
    func context(_ frame: SceneFrame, motion: SceneMotion = .settled) -> SceneContext {
        let locale = RoomLocale.of(frame.state)
        // English is what the screen guesses for any other text: not a language to hyphenate by.
        return SceneContext(text: text, viewport: viewport(frame), theme: theme, settings: settings, now: frame.now,
                     locale: locale, language: frame.state.locale ?? locale.flatMap { $0.language == .en ? nil : $0.language.tag },
                     motion: motion, mirrored: mirroring,
                     logo: { [unowned self] in self.logo(height: $0) },
                     picture: { [unowned self] in self.pictures?.picture($0, for: $1) })
    }

    /// Draws the whole frame, limited to the canvas's current clip (a partial update sets it).
    func draw(_ frame: SceneFrame, into canvas: Canvas) {
        var sized = frame
        (sized.width, sized.height) = (canvas.width, canvas.height)
        canvas.draw(describe(sized).items, text: text, paths: paths, inspector: inspector)
    }

    func viewport(_ frame: SceneFrame) -> Viewport {
        Viewport(width: frame.width, height: frame.height, safeArea: frame.safeArea ?? .overscan(settings.overscan))
    }

    var type: TypeScale { TypeScale(textScale: settings.textScale) }

    /// How a state's items are mirrored on `viewport`: in a right-to-left room, else nil.
    func mirror(_ state: QuizState, _ viewport: Viewport) -> Mirror? {
        mirroring ?? (RoomLocale.of(state)?.isRightToLeft ?? false) ? Mirror(safeArea: viewport.safeArea) : nil
    }

    func scene(for phase: QuizState.Phase) -> any Scene {
        switch phase {
        case .idle: return IdleScene()
        case .lobby: return LobbyScene()
        case .question: return QuestionScene()
        case .reveal: return RevealScene()
        case .leaderboard: return LeaderboardScene()
        case .ended: return PodiumScene()
        }
    }

    /// The venue's logo scaled to `height` pixels (aspect kept), cached: a display shows it at
    /// one or two heights, and a new display size replaces them.
    func logo(height: Int) -> Image? {
        guard let logo = settings.logo, height > 0 else { return nil }
        if let cached = scaledLogos[height] { return cached }
        let factor = Double(height) / Double(logo.height)
        let scaled = BitmapScaler.scale(logo.bgra, width: logo.width, height: logo.height, channels: 4, by: factor)
        let image = Image(width: scaled.width, height: scaled.height, bgra: scaled.pixels)
        if scaledLogos.count >= 4 { scaledLogos.removeAll() }
        scaledLogos[height] = image
        return image
    }
}
