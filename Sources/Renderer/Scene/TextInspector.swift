import Pixels

/// Records, for the legibility test, every text colour a scene draws, the surface it says the
/// text sits on, and the pixels actually under each line just before the line is drawn.
final class TextInspector {
    struct Sample {
        var text: String
        var color: Color
        var surface: Color
        /// Pixels sampled along the middle of the line box (start, centre, end).
        var under: [Color]
    }

    private(set) var samples: [Sample] = []

    func inspect(_ item: SceneItem, canvas: Canvas) {
        guard let surface = item.background else { return }
        let b = item.box
        var under: [Color] = []
        if b.width > 4 {
            let y = b.minY + b.height / 2
            for x in [b.minX + 2, b.minX + b.width / 2, b.maxX - 2] where x >= 0 && x < canvas.width && y >= 0 && y < canvas.height {
                under.append(canvas.color(x: x, y: y))
            }
        }
        samples.append(Sample(text: item.text ?? "", color: item.color, surface: surface, under: under))
    }
}
