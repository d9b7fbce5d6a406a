import Outputs
import Pixels
import Renderer

extension Kiosk {
    /// The store draws through the renderer and hears which slots every display needs; a
    /// picture made ready redraws what shows it.
    func attachPictures() {
        renderer.pictures = pictures
        pictures?.onChange = { [weak self] _ in self?.invalidateAll() }
        updatePictureSlots()
        pictures?.show(store.current)
    }

    /// Every output's question and reveal slots, in that order per output.
    func updatePictureSlots() {
        guard let pictures else { return }
        var slots: [PictureSlot] = []
        for o in outputs {
            for s in renderer.pictureSlots(width: o.width, height: o.height, safeArea: o.safeAreaPercent.map(SafeArea.overscan))
            where !slots.contains(s) {
                slots.append(s)
            }
        }
        pictures.slots = slots
    }
}
