import QuizContract

extension Phrases {
    /// A language's table as JSON, for the players' page (served by the box; the page then says
    /// what the screen says):
    ///
    ///     {"language":"de","name":"Deutsch","direction":"ltr","pluralCategories":["one","other"],
    ///      "phrases":{"waiting":"Das Quiz beginnt gleich", …,
    ///                 "playersJoined":{"one":"{n} Spieler ist dabei","other":"{n} Spieler sind dabei"}, …}}
    ///
    /// A counted phrase is an object of its forms by CLDR category, every category the language
    /// has; the page picks one with the browser's `Intl.PluralRules` (the same CLDR rules) and
    /// writes numbers with `Intl.NumberFormat`. `audience` keeps only the screen's or only the
    /// phone's phrases.
    public static func json(_ language: Language, audience: Audience? = nil) -> String {
        let w = JSONWriter()
        write(language, audience: audience, to: w)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Every language's table: `{"cldr":"41","languages":[…]}`, each as `json(_:)` writes it.
    public static func catalogJSON(audience: Audience? = nil) -> String {
        let w = JSONWriter()
        w.object {
            w.member("cldr", CLDR.version)
            w.key("languages")
            w.array(Language.allCases) { write($0, audience: audience, to: w) }
        }
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private static func write(_ language: Language, audience: Audience?, to w: JSONWriter) {
        let table = of(language)
        let categories = language.pluralCategories
        w.object {
            w.member("language", language.tag)
            w.member("name", language.name)
            w.member("direction", language.isRightToLeft ? "rtl" : "ltr")
            w.key("pluralCategories")
            w.array(categories) { w.string($0.rawValue) }
            w.key("phrases")
            w.object {
                for entry in entries where audience == nil || entry.audience == audience {
                    switch entry.value {
                    case let .text(path):
                        w.member(entry.key, table[keyPath: path])
                    case let .plural(path):
                        let phrase = table[keyPath: path]
                        w.key(entry.key)
                        w.object {
                            for c in categories { w.member(c.rawValue, phrase.form(c)) }
                        }
                    }
                }
            }
        }
    }
}
