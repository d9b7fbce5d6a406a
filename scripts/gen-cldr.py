#!/usr/bin/env python3
"""Generates Sources/Locales/CLDR/CLDRData.swift from the Unicode CLDR in Debian's
`unicode-cldr-core` package (/usr/share/unicode/cldr/common, or a folder given as the first
argument): for the fifteen languages the screen speaks, their cardinal plural rules compiled to
Swift, and their number formats.

The generated file is committed, so building never needs the package; rerun this after a CLDR
upgrade (`/usr/bin/python3 scripts/gen-cldr.py`) and commit the result with the tests' new
expectations, if any.

What it encodes:
  plurals   supplemental/plurals.xml, type="cardinal": each rule of the language's set compiled
            to a Swift condition over the operands n i v w f t e (TR35 "Language Plural Rules"),
            tried in the file's order, `other` last. The rules of the language's own entry
            (pt, not pt_PT: the phrases are Brazilian Portuguese).
  numbers   main/<locale>.xml resolved along CLDR's inheritance (explicit parentLocales, else
            the id cut at its last "_", then root; `alias` elements followed from the
            requesting locale): the default and the native numbering system (numbers/
            defaultNumberingSystem, otherNumberingSystems/native), and for those and latn
            the symbols (decimal, group, percent, minus, plus), the decimal and percent patterns
            (grouping sizes, the percent sign's place and spacing), minimumGroupingDigits;
            digits from supplemental/numberingSystems.xml.
  han       the characters of Simplified Chinese's main exemplar set (main/zh.xml) that
            Traditional's (main/zh_Hant.xml) lacks, and the other way round: a question in Han
            characters alone is guessed Traditional when it holds more of the second.
  regions   for each language, every main/<locale>_<REGION>.xml whose resolved numbers differ
            from the language's own (en_IN groups 12,34,567; ar_MA writes Latin digits; de_CH
            groups with ’): a region in a room's tag picks them.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

# Language case in Swift, CLDR locale id, plural rules id.
LANGUAGES = [
    ("en", "en", "en"), ("ja", "ja", "ja"), ("de", "de", "de"), ("fr", "fr", "fr"), ("es", "es", "es"),
    ("pt", "pt", "pt"), ("it", "it", "it"), ("nl", "nl", "nl"), ("ko", "ko", "ko"),
    ("zhHans", "zh_Hans", "zh"), ("zhHant", "zh_Hant", "zh"), ("ar", "ar", "ar"), ("he", "he", "he"),
    ("th", "th", "th"), ("hi", "hi", "hi"),
]
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
SYMBOLS = ["decimal", "group", "percentSign", "minusSign", "plusSign"]
SWIFT_SYMBOLS = ["decimalSeparator", "groupSeparator", "percentSign", "minusSign", "plusSign"]


class CLDR:
    def __init__(self, root):
        self.root = root
        self.files = {}
        sup = ET.parse(os.path.join(root, "supplemental", "supplementalData.xml")).getroot()
        self.parents = {}
        for p in sup.iter("parentLocale"):
            for loc in p.get("locales").split():
                self.parents[loc] = p.get("parent")
        ns = ET.parse(os.path.join(root, "supplemental", "numberingSystems.xml")).getroot()
        self.digits = {n.get("id"): n.get("digits") for n in ns.iter("numberingSystem") if n.get("type") == "numeric"}
        with open(os.path.join(root, "dtd", "ldmlSupplemental.dtd"), encoding="utf-8") as f:
            self.version = re.search(r'cldrVersion CDATA #FIXED "([0-9.]+)"', f.read()).group(1)

    def tree(self, loc):
        if loc not in self.files:
            path = os.path.join(self.root, "main", loc + ".xml")
            self.files[loc] = ET.parse(path).getroot() if os.path.exists(path) else None
        return self.files[loc]

    def chain(self, loc):
        out = [loc]
        while loc != "root":
            loc = self.parents.get(loc) or (loc.rsplit("_", 1)[0] if "_" in loc else "root")
            out.append(loc)
        return out

    def find(self, loc, steps):
        """The text of the element at `steps` (a list of (tag, {attr: value}) under <numbers>),
        resolved along the chain of `loc`; an alias restarts the lookup from `loc` with its
        target (CLDR's rule: aliases are resolved in the requesting locale)."""
        for l in self.chain(loc):
            t = self.tree(l)
            node = t.find("numbers") if t is not None else None
            i = 0
            while node is not None:
                alias = node.find("alias")
                if alias is not None:
                    return self.find(loc, relative(steps[:i], alias.get("path")) + steps[i:])
                if i == len(steps):
                    return node.text if node.text is not None else ""
                tag, attrs = steps[i]
                node = next((c for c in node if c.tag == tag and c.get("alt") is None
                             and all(c.get(k) == v for k, v in attrs.items())
                             and all(k in attrs or k in ("draft", "references") for k in c.attrib)), None)
                i += 1
        return None


def relative(steps, path):
    """The steps an alias's relative path ("../symbols[@numberSystem='latn']") leads to."""
    steps = list(steps)
    for part in path.split("/"):
        if part == "..":
            steps.pop()
            continue
        m = re.match(r"([A-Za-z]+)((?:\[@[A-Za-z]+='[^']*'\])*)$", part)
        steps.append((m.group(1), dict(re.findall(r"\[@([A-Za-z]+)='([^']*)'\]", m.group(2)))))
    return steps


def numbers(cldr, loc):
    default = cldr.find(loc, [("defaultNumberingSystem", {})]) or "latn"
    native = cldr.find(loc, [("otherNumberingSystems", {}), ("native", {})]) or default
    min_grouping = int(cldr.find(loc, [("minimumGroupingDigits", {})]) or "1")
    systems = []
    for ns in dict.fromkeys([default, native, "latn"]):
        sym = {}
        for s in SYMBOLS:
            sym[s] = cldr.find(loc, [("symbols", {"numberSystem": ns}), (s, {})])
        dec = cldr.find(loc, [("decimalFormats", {"numberSystem": ns}), ("decimalFormatLength", {}), ("decimalFormat", {}),
                              ("pattern", {})])
        pct = cldr.find(loc, [("percentFormats", {"numberSystem": ns}), ("percentFormatLength", {}), ("percentFormat", {}),
                              ("pattern", {})])
        if ns not in cldr.digits or None in sym.values() or dec is None or pct is None:
            raise SystemExit("%s: numbering system %s is incomplete" % (loc, ns))
        systems.append((ns, cldr.digits[ns], tuple(sym[s] for s in SYMBOLS), pattern(dec), pattern(pct, sym["percentSign"])))
    return (default, native, min_grouping, tuple(systems))


def pattern(p, percent=None):
    """(prefix, suffix, primary, secondary, maxFraction) of a CLDR number pattern's positive
    part, with the percent sign written as the locale's symbol."""
    p = p.split(";")[0]
    m = re.match(r"^([^#0,.]*)([#0,]+)(?:\.([#0]+))?(.*)$", p)
    if not m:
        raise SystemExit("unsupported number pattern %r" % p)
    prefix, integer, fraction, suffix = m.groups()
    groups = integer.split(",")
    primary = len(groups[-1]) if len(groups) > 1 else 0
    secondary = len(groups[-2]) if len(groups) > 2 else primary

    def literal(s):
        s = s.replace("'", "")
        return s.replace("%", percent) if percent is not None else s
    return (literal(prefix), literal(suffix), primary, secondary, len(fraction or ""))


def exemplars(cldr, loc):
    """The code points of a locale's main exemplar set (single characters; strings in {} and
    escapes as UnicodeSet writes them)."""
    for e in cldr.tree(loc).iter("exemplarCharacters"):
        if e.get("type") is None and e.get("alt") is None:
            body = e.text.strip()[1:-1]
            break
    out = set()
    tokens = re.findall(r"\{[^}]*\}|\\u[0-9A-Fa-f]{4}|\\.|[^\s]", body)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.startswith("{"):
            i += 1
            continue
        c = chr(int(tok[2:], 16)) if tok.startswith("\\u") else tok[-1]
        if i + 2 < len(tokens) and tokens[i + 1] == "-":
            hi = tokens[i + 2]
            hi = chr(int(hi[2:], 16)) if hi.startswith("\\u") else hi[-1]
            out.update(range(ord(c), ord(hi) + 1))
            i += 3
            continue
        out.add(ord(c))
        i += 1
    return out


# Plural rules -------------------------------------------------------------------------------

def plural_rules(root):
    t = ET.parse(os.path.join(root, "supplemental", "plurals.xml")).getroot()
    out = {}
    for p in t.iter("plurals"):
        if p.get("type") != "cardinal":
            continue
        for rules in p.iter("pluralRules"):
            parsed = [(r.get("count"), r.text.split("@")[0].strip()) for r in rules.iter("pluralRule")]
            for loc in rules.get("locales").split():
                out[loc] = parsed
    return out


def compile_condition(text):
    """A CLDR plural condition as a Swift expression over `o` (PluralOperands)."""
    ors = []
    for conj in re.split(r"\s+or\s+", text):
        ands = []
        for rel in re.split(r"\s+and\s+", conj):
            m = re.match(r"^([nivwftce])\s*(?:%\s*(\d+))?\s*(!=|=)\s*([0-9.,\s]+)$", rel.strip())
            if not m:
                raise SystemExit("unsupported plural relation %r" % rel)
            operand, mod, op, ranges = m.groups()
            operand = "e" if operand == "c" else operand
            value = "o.%s" % operand + (".mod(%s)" % mod if mod else "")
            items = []
            for r in ranges.replace(" ", "").split(","):
                lo, _, hi = r.partition("..")
                items.append("%s...%s" % (lo, hi or lo))
            test = "%s.isIn(%s)" % (value, ", ".join(items))
            ands.append(("!" if op == "!=" else "") + test)
        ors.append(" && ".join(ands))
    return " || ".join("(%s)" % a if len(ors) > 1 and " && " in a else a for a in ors)


def swift_string(s):
    out = []
    for ch in s:
        c = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif c < 0x20 or c in (0x00A0, 0x202F, 0x200E, 0x200F, 0x061C) or 0x2000 <= c <= 0x200F:
            out.append("\\u{%04X}" % c)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def swift_numbers(n, indent):
    default, native, min_grouping, systems = n
    pad = " " * indent
    lines = ["LocaleNumbers(defaultSystem: %s, nativeSystem: %s, minimumGroupingDigits: %d, systems: [" % (
        swift_string(default), swift_string(native), min_grouping)]
    for ns, digits, sym, dec, pct in systems:
        lines.append(pad + "    NumberSystemData(id: %s, digits: %s," % (swift_string(ns), swift_string(digits)))
        lines.append(pad + "                     " + ", ".join("%s: %s" % (s, swift_string(v)) for s, v in zip(SWIFT_SYMBOLS, sym)) + ",")
        lines.append(pad + "                     decimalPattern: NumberPattern(prefix: %s, suffix: %s, primaryGroup: %d, secondaryGroup: %d, maxFraction: %d)," % (
            swift_string(dec[0]), swift_string(dec[1]), dec[2], dec[3], dec[4]))
        lines.append(pad + "                     percentPattern: NumberPattern(prefix: %s, suffix: %s, primaryGroup: %d, secondaryGroup: %d, maxFraction: %d))," % (
            swift_string(pct[0]), swift_string(pct[1]), pct[2], pct[3], pct[4]))
    lines.append(pad + "])")
    return lines


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/cldr/common"
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(repo, "Sources/Locales/CLDR/CLDRData.swift")
    cldr = CLDR(root)
    rules = plural_rules(root)
    main_files = sorted(os.listdir(os.path.join(root, "main")))

    lines = [
        "// GENERATED by scripts/gen-cldr.py from CLDR %s (Debian's unicode-cldr-core:" % cldr.version,
        "// supplemental/plurals.xml, supplementalData.xml, numberingSystems.xml, main/*.xml). Do not",
        "// edit; rerun `/usr/bin/python3 scripts/gen-cldr.py` instead.",
        "",
        "enum CLDR {",
        "    static let version = \"%s\"" % cldr.version,
        "",
        "    /// The cardinal plural category of a number (TR35's operands) in a language.",
        "    static func pluralCategory(_ language: Language, _ o: PluralOperands) -> PluralCategory {",
        "        switch language {",
    ]
    for case, _, _ in LANGUAGES:
        lines.append("        case .%s: return plural_%s(o)" % (case, case))
    lines += ["        }", "    }", "",
              "    /// The categories a language's rules can give, in CLDR's order (`other` last).",
              "    static func pluralCategories(_ language: Language) -> [PluralCategory] {",
              "        switch language {"]
    for case, _, plural in LANGUAGES:
        cats = [c for c, _ in rules[plural]]
        lines.append("        case .%s: return [%s]" % (case, ", ".join("." + c for c in cats)))
    lines += ["        }", "    }", ""]
    for case, _, plural in LANGUAGES:
        lines.append("    // %s (plurals.xml: %s)" % (case, plural))
        lines.append("    private static func plural_%s(_ o: PluralOperands) -> PluralCategory {" % case)
        for count, cond in rules[plural]:
            if count == "other":
                continue
            lines.append("        // %s: %s" % (count, cond))
            lines.append("        if %s { return .%s }" % (compile_condition(cond), count))
        lines.append("        return .other")
        lines.append("    }")
        lines.append("")

    lines += ["    /// A language's number formats; `region` (an upper-case ISO 3166 code or UN M.49 number)",
              "    /// picks a region's own where CLDR has one that differs.",
              "    static func numbers(_ language: Language, region: String?) -> LocaleNumbers {",
              "        switch language {"]
    total_regions = 0
    for case, loc, _ in LANGUAGES:
        own = numbers(cldr, loc)
        regions = {}
        for f in main_files:
            m = re.match(r"^%s_([A-Z]{2}|[0-9]{3})\.xml$" % re.escape(loc), f)
            if m:
                n = numbers(cldr, loc + "_" + m.group(1))
                if n != own:
                    regions.setdefault(n, []).append(m.group(1))
        lines.append("        case .%s:" % case)
        if regions:
            lines.append("            switch region {")
            for n, codes in regions.items():
                total_regions += len(codes)
                lines.append("            case %s:" % ", ".join(swift_string(c) for c in codes))
                body = swift_numbers(n, 16)
                lines.append("                return " + body[0])
                lines += ["    " * 0 + l for l in body[1:]]
            lines.append("            default:")
            body = swift_numbers(own, 16)
            lines.append("                return " + body[0])
            lines += body[1:]
            lines.append("            }")
        else:
            body = swift_numbers(own, 12)
            lines.append("            return " + body[0])
            lines += body[1:]
    lines += ["        }", "    }"]
    hans, hant = exemplars(cldr, "zh"), exemplars(cldr, "zh_Hant")
    for name, chars, what in (("hansOnly", sorted(hans - hant), "Simplified"), ("hantOnly", sorted(hant - hans), "Traditional")):
        lines += ["", "    /// Han characters of %s Chinese's CLDR exemplar set that the other script's lacks." % what,
                  "    static let %s: [UInt32] = [" % name]
        for k in range(0, len(chars), 12):
            lines.append("        " + ", ".join("0x%04X" % c for c in chars[k:k + 12]) + ",")
        lines.append("    ]")
    lines += ["}", ""]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("%s: %d languages, %d regions with numbers of their own (CLDR %s)" % (
        os.path.relpath(out, repo), len(LANGUAGES), total_regions, cldr.version))


if __name__ == "__main__":
    main()
