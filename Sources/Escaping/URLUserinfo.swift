extension Escaping {
    /// A URL for a message with its user name and password hidden: whatever stands before the
    /// last '@' after the scheme becomes `***`, whether or not the rest makes sense (a password
    /// may hold a '/', '?' or ':' that was not %-escaped, so no parse of the URL can be trusted
    /// to find where the user part ends; a '@' in a path hides the host too, never a secret).
    /// Not escaped: quote it (`quoted`) where it is printed.
    public static func hidingUserinfo(_ url: some StringProtocol) -> String {
        let text = String(url)
        guard let scheme = text.firstRange(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@") else { return text }
        return String(text[..<scheme.upperBound]) + "***" + String(text[at...])
    }
}
