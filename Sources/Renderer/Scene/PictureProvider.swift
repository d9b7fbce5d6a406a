import QuizContract
import Pixels

/// Where a renderer gets questions' pictures: prepared for a slot (fitted, composited over the
/// surface), or nil while they are not — the frame then shows a placeholder of the slot's size.
/// Asked during layout, on the frame path: an answer must come from memory, never from a
/// decoder or the network (the kiosk's picture store prepares them on its own thread).
public protocol PictureProvider: AnyObject {
    func picture(_ sha256: String, for slot: PictureSlot) -> OpaqueImage?
}

extension SceneRenderer {
    /// Every slot a question's picture can take on a display of this size (the question's and
    /// the reveal's), so a picture can be prepared for them as soon as its bytes arrive.
    public func pictureSlots(width: Int, height: Int, safeArea: SafeArea? = nil) -> [PictureSlot] {
        let viewport = Viewport(width: width, height: height, safeArea: safeArea ?? .overscan(settings.overscan))
        let area = PictureArea(frame: QuestionLayout.Frame(viewport: viewport, type: type), viewport: viewport)
        return [area.slot, area.revealSlot].map { QuestionPicture.target($0, viewport: viewport, theme: theme).slot }
    }

    /// The slots a state's picture needs on this display now: its phase's first, then the other
    /// (a question is followed by its reveal). Empty without a picture.
    public func pictureSlots(for state: QuizState, width: Int, height: Int, safeArea: SafeArea? = nil) -> [PictureSlot] {
        guard state.question?.image != nil, state.phase == .question || state.phase == .reveal else { return [] }
        let both = pictureSlots(width: width, height: height, safeArea: safeArea)
        return state.phase == .reveal ? both.reversed() : both
    }
}
