import Pixels
import QuizContract

/// A question's picture in its slot: when it is ready, the picture fitted inside (aspect kept)
/// with rounded corners on a frame of the theme's panel colour; until then a placeholder of
/// the slot's whole size in that colour with a small picture sign. The slot never depends on
/// which one is drawn, so the picture arriving moves nothing.
enum QuestionPicture {
    /// The pixels a prepared picture may take in `slot` (inside its frame) and the slot to ask
    /// the provider for: the renderer's `pictureSlots` and the layout compute it the same way.
    static func target(_ slot: Box, viewport: Viewport, theme: Theme) -> (rect: Rect, slot: PictureSlot) {
        let m = viewport.px(PictureArea.mat)
        let inner = viewport.rect(slot).insetBy(dx: m, dy: m)
        return (inner, PictureSlot(width: max(1, inner.width), height: max(1, inner.height), surface: theme.panel))
    }

    static func layout(_ picture: QuizState.Picture, in slot: Box, ctx: SceneContext) {
        let vp = ctx.viewport, t = ctx.theme
        let (inner, want) = target(slot, viewport: vp, theme: t)
        if let image = ctx.picture(picture.sha256, want), image.width <= inner.width, image.height <= inner.height {
            let box = Rect(x: inner.x + (inner.width - image.width) / 2, y: inner.y + (inner.height - image.height) / 2,
                           width: image.width, height: image.height)
            let m = vp.px(PictureArea.mat)
            var frame = SceneItem.shape(.pictureFrame, index: nil, box: box.insetBy(dx: -m, dy: -m), color: t.panel,
                                        .roundedRect(radius: vp.length(PictureArea.radius + PictureArea.mat)))
            frame.picture = picture.sha256
            ctx.append(frame)
            var item = SceneItem.shape(.picture, index: nil, box: box, color: t.panel,
                                       .picture(image, radius: vp.length(PictureArea.radius)))
            item.picture = picture.sha256
            ctx.append(item)
            return
        }
        var placeholder = SceneItem.shape(.picturePlaceholder, index: nil, box: vp.rect(slot), color: t.panel,
                                          .roundedRect(radius: vp.length(PictureArea.radius + PictureArea.mat)))
        placeholder.picture = picture.sha256
        ctx.append(placeholder)
        // A neutral sign in the middle (a sun over a hill): "a picture goes here", nothing more.
        let s = vp.length(min(slot.w, slot.h) * 0.28)
        let (cx, cy) = vp.point(slot.midX, slot.midY)
        let hill = Path(polygon: [.init(cx - s / 2, cy + s * 0.32), .init(cx - s * 0.12, cy - s * 0.18), .init(cx + s * 0.08, cy + s * 0.06),
                                  .init(cx + s * 0.24, cy - s * 0.08), .init(cx + s / 2, cy + s * 0.32)])
        ctx.fill(.picturePlaceholder, path: hill.appending(.circle(cx: cx + s * 0.26, cy: cy - s * 0.28, radius: s * 0.1)), t.track,
                 picture: picture.sha256)
    }
}
