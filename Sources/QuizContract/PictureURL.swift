extension QuizState.Picture {
    /// Whether `url` may stand in a state as a picture's `url`: https:// with something after
    /// it, and no space or control character (a screen fetches it as given, and a state never
    /// makes a screen read its own files or speak plain HTTP). One rule for the screen that
    /// decodes a state and the host that writes one, so a host never publishes a state every
    /// screen would refuse.
    public static func isAllowed(url: String) -> Bool {
        url.utf8.count > 8 && url.prefix(8).lowercased() == "https://"
            && !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
    }
}
