#!/usr/bin/python3
"""Compiles the players' and the host's pages into the binary.

Reads every file under Sources/PlayerPages/web/ (HTML, CSS, JavaScript, SVG: text written here,
no framework, nothing fetched from the internet) and writes Sources/PlayerPages/PageFiles.swift,
one raw string literal per file with its path and content type. The box serves only these bytes:
no file from disk is ever served.

It first writes web/words.js, the pages' words in the room's fifteen languages: the phone's
phrases (and a few of the screen's) read from Sources/Locales/Phrases/ (the same words the TV
says, one table per language), plus the few words only the page needs (PAGE_WORDS below); and
web/host-words.js, the host's console's words (the phrases whose audience is `host`, and a few
of the screen's), which only the console loads.

Run it after changing a page or a phrase:  /usr/bin/python3 scripts/gen-pages.py
`--check` changes nothing and exits 1 naming what is stale (PlayerPagesTests runs that).
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "Sources", "PlayerPages", "web")
OUT = os.path.join(ROOT, "Sources", "PlayerPages", "PageFiles.swift")
LOCALES = os.path.join(ROOT, "Sources", "Locales")
WORDS = os.path.join(WEB, "words.js")
HOST_WORDS = os.path.join(WEB, "host-words.js")

# The screen's phrases the page uses too (besides every phrase whose audience is the phone).
SCREEN_WORDS = ["waiting", "joinCode", "progress", "timesUp", "correct", "leaderboard", "finalResults", "thanks"]
# The screen's and the phone's phrases the host's console uses besides the `host` ones (it loads
# words.js too, for what it shares with the player page).
CONSOLE_WORDS = ["answeredOf", "playersJoined"]

# Words only the page says (not on the TV), in the register each language's phrase table uses
# for the phone (Phrases+<tag>.swift: "du", "vous", Hebrew's impersonal forms, …). A word the
# TV also says belongs in the phrase tables, not here.
#   choice       a choice button's spoken label (aria-label), "{n}" its 1-based number
#   secondsLeft  the countdown's label for a screen reader
#   paused       the countdown while the host has paused the question
#   noAnswer     the reveal for a player who did not answer
#   poll         the reveal of a question without a correct choice
#   yourAnswer   beside the player's own choice, after answering and in the reveal
#   elsewhere    this page's connection was replaced by another one with the same player (close
#                4000: another tab, another phone); playHere its button to take the player back
PAGE_WORDS = {
    "en": {"choice": "Choice {n}: {answer}", "secondsLeft": "Seconds left", "paused": "Paused",
           "noAnswer": "You did not answer", "poll": "A poll: no right or wrong answer", "yourAnswer": "Your answer",
           "elsewhere": "You are playing in another window or on another device", "playHere": "Play here"},
    "ja": {"choice": "選択肢{n}：{answer}", "secondsLeft": "残り秒数", "paused": "一時停止中",
           "noAnswer": "回答しませんでした", "poll": "アンケートです（正解はありません）", "yourAnswer": "あなたの回答",
           "elsewhere": "別のウィンドウまたは端末でプレイ中です", "playHere": "ここでプレイ"},
    "de": {"choice": "Antwort {n}: {answer}", "secondsLeft": "Verbleibende Sekunden", "paused": "Pausiert",
           "noAnswer": "Du hast nicht geantwortet", "poll": "Eine Umfrage: kein Richtig oder Falsch", "yourAnswer": "Deine Antwort",
           "elsewhere": "Du spielst gerade in einem anderen Fenster oder auf einem anderen Gerät", "playHere": "Hier spielen"},
    "fr": {"choice": "Choix {n}\u202f: {answer}", "secondsLeft": "Secondes restantes", "paused": "En pause",
           "noAnswer": "Vous n’avez pas répondu", "poll": "Un sondage\u202f: pas de bonne ou de mauvaise réponse",
           "yourAnswer": "Votre réponse",
           "elsewhere": "Vous jouez dans une autre fenêtre ou sur un autre appareil", "playHere": "Jouer ici"},
    "es": {"choice": "Opción {n}: {answer}", "secondsLeft": "Segundos restantes", "paused": "En pausa",
           "noAnswer": "No has respondido", "poll": "Una encuesta: no hay respuesta correcta ni incorrecta", "yourAnswer": "Tu respuesta",
           "elsewhere": "Estás jugando en otra ventana o en otro dispositivo", "playHere": "Jugar aquí"},
    "pt": {"choice": "Opção {n}: {answer}", "secondsLeft": "Segundos restantes", "paused": "Pausado",
           "noAnswer": "Você não respondeu", "poll": "Uma enquete: não há resposta certa ou errada", "yourAnswer": "Sua resposta",
           "elsewhere": "Você está jogando em outra janela ou em outro aparelho", "playHere": "Jogar aqui"},
    "it": {"choice": "Risposta {n}: {answer}", "secondsLeft": "Secondi rimanenti", "paused": "In pausa",
           "noAnswer": "Non hai risposto", "poll": "Un sondaggio: nessuna risposta giusta o sbagliata", "yourAnswer": "La tua risposta",
           "elsewhere": "Stai giocando in un’altra finestra o su un altro dispositivo", "playHere": "Gioca qui"},
    "nl": {"choice": "Keuze {n}: {answer}", "secondsLeft": "Resterende seconden", "paused": "Gepauzeerd",
           "noAnswer": "Je hebt niet geantwoord", "poll": "Een peiling: geen goed of fout antwoord", "yourAnswer": "Jouw antwoord",
           "elsewhere": "Je speelt in een ander venster of op een ander apparaat", "playHere": "Hier spelen"},
    "ko": {"choice": "선택지 {n}: {answer}", "secondsLeft": "남은 시간(초)", "paused": "일시 정지됨",
           "noAnswer": "답변하지 않았습니다", "poll": "설문 문항입니다(정답 없음)", "yourAnswer": "내 답변",
           "elsewhere": "다른 창이나 기기에서 플레이 중입니다", "playHere": "여기서 플레이"},
    "zh-Hans": {"choice": "选项{n}：{answer}", "secondsLeft": "剩余秒数", "paused": "已暂停",
                "noAnswer": "你没有作答", "poll": "投票题：没有正确答案", "yourAnswer": "你的答案",
                "elsewhere": "你正在另一个窗口或设备上答题", "playHere": "在这里答题"},
    "zh-Hant": {"choice": "選項{n}：{answer}", "secondsLeft": "剩餘秒數", "paused": "已暫停",
                "noAnswer": "你沒有作答", "poll": "投票題：沒有正確答案", "yourAnswer": "你的答案",
                "elsewhere": "你正在另一個視窗或裝置上答題", "playHere": "在這裡答題"},
    "ar": {"choice": "الخيار {n}: {answer}", "secondsLeft": "الثواني المتبقية", "paused": "متوقف مؤقتًا",
           "noAnswer": "لم تُجب", "poll": "استطلاع رأي: لا توجد إجابة صحيحة أو خاطئة", "yourAnswer": "إجابتك",
           "elsewhere": "أنت تلعب في نافذة أخرى أو على جهاز آخر", "playHere": "العب هنا"},
    "he": {"choice": "אפשרות {n}: {answer}", "secondsLeft": "שניות שנותרו", "paused": "מושהה",
           "noAnswer": "לא נשלחה תשובה", "poll": "סקר: אין תשובה נכונה או שגויה", "yourAnswer": "התשובה שלך",
           "elsewhere": "המשחק פתוח בחלון אחר או במכשיר אחר", "playHere": "לשחק כאן"},
    "th": {"choice": "ตัวเลือกที่ {n}: {answer}", "secondsLeft": "วินาทีที่เหลือ", "paused": "หยุดชั่วคราว",
           "noAnswer": "คุณไม่ได้ตอบ", "poll": "แบบสำรวจ: ไม่มีคำตอบที่ถูกหรือผิด", "yourAnswer": "คำตอบของคุณ",
           "elsewhere": "คุณกำลังเล่นอยู่ในหน้าต่างอื่นหรืออุปกรณ์อื่น", "playHere": "เล่นที่นี่"},
    "hi": {"choice": "विकल्प {n}: {answer}", "secondsLeft": "शेष सेकंड", "paused": "रुका हुआ",
           "noAnswer": "आपने उत्तर नहीं दिया", "poll": "एक सर्वेक्षण: कोई सही या गलत उत्तर नहीं", "yourAnswer": "आपका उत्तर",
           "elsewhere": "आप किसी दूसरी विंडो या डिवाइस पर खेल रहे हैं", "playHere": "यहाँ खेलें"},
}
PAGE_PLACEHOLDERS = {"choice": ["n", "answer"]}

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
}


def literal(text):
    """A Swift raw string literal holding `text` exactly: enough #s that no line closes it."""
    hashes = 1
    while ('"' + "#" * hashes) in text or ("\\" + "#" * hashes) in text:
        hashes += 1
    h = "#" * hashes
    # A multi-line raw literal: its content starts after the first newline and ends before the
    # last, so the text is put between them as is (a trailing newline kept by an empty line).
    return h + '"""\n' + text + '\n"""' + h


class PhraseError(Exception):
    pass


def swift_string(src, i, where):
    """The Swift string literal starting at src[i] (a '"'): its value and the index after it."""
    assert src[i] == '"'
    if src.startswith('"""', i):
        raise PhraseError(f"{where}: a multi-line string literal (write the phrase on one line)")
    out, i = [], i + 1
    while True:
        if i >= len(src) or src[i] == "\n":
            raise PhraseError(f"{where}: a string literal is not closed on its line")
        c = src[i]
        if c == '"':
            return "".join(out), i + 1
        if c == "\\":
            e = src[i + 1]
            if e == "u":
                m = re.match(r"\\u\{([0-9A-Fa-f]{1,8})\}", src[i:])
                if not m:
                    raise PhraseError(f"{where}: a bad \\u{{…}} escape")
                out.append(chr(int(m.group(1), 16)))
                i += len(m.group(0))
                continue
            simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}
            if e not in simple:
                raise PhraseError(f"{where}: the escape \\{e} (an interpolation or unknown escape) in a phrase")
            out.append(simple[e])
            i += 2
            continue
        out.append(c)
        i += 1


def strip_comments(src):
    """Swift line comments removed (outside string literals), so the arguments can be read."""
    out, i, in_string = [], 0, False
    while i < len(src):
        c = src[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(src[i + 1])
                i += 2
                continue
            if c == '"' or c == "\n":
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif src.startswith("//", i):
            while i < len(src) and src[i] != "\n":
                i += 1
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


def read_table(path, tag):
    """One language's Phrases(...) arguments: {label: text or {category: text}}."""
    where = os.path.relpath(path, ROOT)
    with open(path, encoding="utf-8") as f:
        src = strip_comments(f.read())
    m = re.search(r"static let \w+ = Phrases\(", src)
    if not m:
        raise PhraseError(f"{where}: no `static let … = Phrases(`")
    i, table = m.end(), {}
    while True:
        m = re.compile(r"\s*(\w+):\s*").match(src, i)
        if not m:
            if re.compile(r"\s*\)").match(src, i):
                return table
            raise PhraseError(f"{where}: cannot read the phrase after {list(table)[-1:]}")
        label, i = m.group(1), m.end()
        if src[i] == '"':
            table[label], i = swift_string(src, i, where)
        elif src.startswith("PluralPhrase(", i):
            i += len("PluralPhrase(")
            forms = {}
            while True:
                m = re.compile(r"\s*(?:(zero|one|two|few|many|other):\s*)?").match(src, i)
                cat, i = m.group(1) or "other", m.end()
                if src[i] != '"':
                    raise PhraseError(f"{where}: {label}: a plural form that is not a string literal")
                forms[cat], i = swift_string(src, i, where)
                m = re.compile(r"\s*([,)])").match(src, i)
                if not m:
                    raise PhraseError(f"{where}: {label}: cannot read its forms")
                i = m.end()
                if m.group(1) == ")":
                    break
            table[label] = forms
        else:
            raise PhraseError(f"{where}: {label}: neither a string literal nor a PluralPhrase")
        m = re.compile(r"\s*,").match(src, i)
        if m:
            i = m.end()


def languages():
    """The Language enum's tags in its order, and the right-to-left ones."""
    path = os.path.join(LOCALES, "Language.swift")
    with open(path, encoding="utf-8") as f:
        src = f.read()
    tags, names = [], {}
    for line in re.findall(r"^\s*case ([^\n]+)$", src, re.M):
        if ":" in line or "return" in line:
            continue
        for part in line.split(","):
            part = part.strip()
            m = re.fullmatch(r'(\w+)(?:\s*=\s*"([\w-]+)")?', part)
            if not m:
                raise PhraseError(f"Sources/Locales/Language.swift: cannot read the case {part!r}")
            tags.append(m.group(2) or m.group(1))
            names[m.group(1)] = m.group(2) or m.group(1)
    m = re.search(r"var isRightToLeft: Bool \{([^}]*)\}", src)
    if not m or not tags:
        raise PhraseError("Sources/Locales/Language.swift: cannot read the languages or isRightToLeft")
    rtl = [names[n] for n in re.findall(r"\.(\w+)", m.group(1))]
    return tags, rtl, names


def numbering(case_tags):
    """Each language's numbering systems from CLDRData.swift's `numbers` (the TV's digits):
    {tag: {"default": id, "native": id, "regions": {region: its default, where it differs}}}. The page asks the
    browser's Intl for exactly that system (`-u-nu-…`), so a phone writes the TV's digits even
    where the browser's own CLDR picks others for the language."""
    path = os.path.join(LOCALES, "CLDR", "CLDRData.swift")
    with open(path, encoding="utf-8") as f:
        src = f.read()
    start = src.find("static func numbers(")
    if start < 0:
        raise PhraseError("Sources/Locales/CLDR/CLDRData.swift: no `static func numbers(`")
    body = src[start:]
    out = {}
    # "        case .ar:" starts a language (8 spaces); region cases are indented deeper.
    parts = re.split(r"\n        case \.(\w+):", body)
    for name, segment in zip(parts[1::2], parts[2::2]):
        tag = case_tags.get(name)
        if tag is None:
            raise PhraseError(f"CLDRData.swift: numbers for an unknown language case .{name}")
        entry = {"regions": {}}
        for head, system, native in re.findall(
                r'(case [^\n]*:|default:|return) *\n?\s*(?:return )?LocaleNumbers\(defaultSystem: "(\w+)", nativeSystem: "(\w+)"', segment):
            if head.startswith("case "):
                for region in re.findall(r'"(\w+)"', head):
                    entry["regions"][region] = system
            else:
                entry["default"], entry["native"] = system, native
        if "default" not in entry:
            raise PhraseError(f"CLDRData.swift: cannot read the numbering systems of .{name}")
        entry["regions"] = {r: system for r, system in entry["regions"].items() if system != entry["default"]}
        out[tag] = entry
    return out


def phrase_entries():
    """Phrases.swift's entries: [(key, audience, label, placeholders)]."""
    with open(os.path.join(LOCALES, "Phrases", "Phrases.swift"), encoding="utf-8") as f:
        src = f.read()
    entries = re.findall(r'\.init\(key: "([\w.-]+)", audience: \.(\w+), value: \.(?:text|plural)\(\\\.(\w+)\), '
                         r'placeholders: \[([^\]]*)\]\)', src)
    if len(entries) < 30:
        raise PhraseError(f"Sources/Locales/Phrases/Phrases.swift: read only {len(entries)} entries")
    return [(k, aud, label, re.findall(r'"(\w+)"', ph)) for k, aud, label, ph in entries]


def tables(wanted, tags):
    """{tag: {key: text or forms}} of the `wanted` entries, every placeholder checked."""
    out = {}
    for tag in tags:
        path = os.path.join(LOCALES, "Phrases", f"Phrases+{tag}.swift")
        table = read_table(path, tag)
        words = {}
        for key, label, placeholders in wanted:
            if label not in table:
                raise PhraseError(f"{os.path.relpath(path, ROOT)}: no phrase {label}")
            value = table[label]
            for text in (value.values() if isinstance(value, dict) else [value]):
                for p in placeholders:
                    if "{" + p + "}" not in text:
                        raise PhraseError(f"{os.path.relpath(path, ROOT)}: {label} {text!r} lacks {{{p}}}")
            words[key] = value
        out[tag] = words
    return out


def words_js():
    """web/words.js: every language's page words, from the phrase tables and PAGE_WORDS."""
    entries = phrase_entries()
    wanted = [(k, label, ph) for k, aud, label, ph in entries if aud == "phone" or k in SCREEN_WORDS]
    missing = set(SCREEN_WORDS) - {k for k, _, _ in wanted}
    if missing:
        raise PhraseError(f"SCREEN_WORDS: no such phrase {sorted(missing)}")
    tags, rtl, case_tags = languages()
    numbers = numbering(case_tags)
    if set(numbers) != set(tags):
        raise PhraseError(f"CLDRData.swift: numbers for {sorted(numbers)}, not for every language {sorted(tags)}")
    if set(PAGE_WORDS) != set(tags):
        raise PhraseError(f"PAGE_WORDS: the languages {sorted(set(PAGE_WORDS) ^ set(tags))} differ from Language.swift's")
    page_keys = set(PAGE_WORDS["en"])
    out = tables(wanted, tags)
    for tag in tags:
        words = out[tag]
        if set(PAGE_WORDS[tag]) != page_keys:
            raise PhraseError(f"PAGE_WORDS[{tag!r}]: the words {sorted(set(PAGE_WORDS[tag]) ^ page_keys)} differ from English's")
        for key, text in PAGE_WORDS[tag].items():
            for p in PAGE_PLACEHOLDERS.get(key, []):
                if "{" + p + "}" not in text:
                    raise PhraseError(f"PAGE_WORDS[{tag!r}][{key!r}] lacks {{{p}}}")
            if key in words:
                raise PhraseError(f"PAGE_WORDS: {key} is a phrase of the tables already")
            words[key] = text
    lines = [
        "// Generated by scripts/gen-pages.py from Sources/Locales/Phrases/ (the words the TV says) and the",
        "// script's PAGE_WORDS: do not edit; change those and run the script again.",
        "// A counted phrase is an object of its forms by CLDR plural category (a category without a form",
        "// of its own takes \"other\"'s); placeholders in braces.",
        "export const RTL = " + json.dumps(rtl) + ";",
        "// The TV's numbering systems (Sources/Locales/CLDR/CLDRData.swift): the language's default, its",
        "// native one (a tag's -u-nu-native), and the regions whose default is another.",
        "export const NUMBERING = {",
        *["  " + json.dumps(t) + ": " + json.dumps(numbers[t]) + "," for t in tags],
        "};",
        "export const WORDS = {",
    ]
    for tag in tags:
        lines.append("  " + json.dumps(tag) + ": " + json.dumps(out[tag], ensure_ascii=False) + ",")
    lines += ["};", ""]
    return "\n".join(lines)


def host_words_js():
    """web/host-words.js: the console's words in every language (audience `host` in Phrases.swift,
    plus CONSOLE_WORDS), keyed without their "host." prefix."""
    entries = phrase_entries()
    wanted = [(k[len("host."):] if k.startswith("host.") else k, label, ph) for k, aud, label, ph in entries
              if aud == "host" or k in CONSOLE_WORDS]
    missing = set(CONSOLE_WORDS) - {k for k, _, _ in wanted}
    if missing:
        raise PhraseError(f"CONSOLE_WORDS: no such phrase {sorted(missing)}")
    if len([w for w in wanted if w[0] not in CONSOLE_WORDS]) < 20:
        raise PhraseError("Sources/Locales/Phrases/Phrases.swift: too few entries of audience host")
    tags, _, _ = languages()
    out = tables(wanted, tags)
    lines = [
        "// Generated by scripts/gen-pages.py from Sources/Locales/Phrases/ (the phrases of audience host, and",
        "// CONSOLE_WORDS): do not edit; change those and run the script again. Keys without \"host.\".",
        "export const HOST_WORDS = {",
    ]
    for tag in tags:
        lines.append("  " + json.dumps(tag) + ": " + json.dumps(out[tag], ensure_ascii=False) + ",")
    lines += ["};", ""]
    return "\n".join(lines)


def swift_file():
    files = []
    for dirpath, _, names in os.walk(WEB):
        for name in sorted(names):
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, WEB).replace(os.sep, "/")
            ext = os.path.splitext(name)[1]
            if ext not in TYPES:
                sys.exit(f"gen-pages: {rel}: no content type for {ext} files")
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if "\r" in text:
                sys.exit(f"gen-pages: {rel}: carriage returns (write the file with Unix line ends)")
            files.append((rel, TYPES[ext], text))
    files.sort()
    out = [
        "// Generated by scripts/gen-pages.py from Sources/PlayerPages/web/: do not edit; change the",
        "// page there and run the script again (PlayerPagesTests fails when this file is older).",
        "",
        "extension PageFiles {",
        "    static let generated: [PageFile] = [",
    ]
    for rel, ctype, text in files:
        out.append(f'        PageFile(path: "/{rel}", contentType: "{ctype}", text: {literal(text)}),')
    out += ["    ]", "}", ""]
    return "\n".join(out), len(files)


def current(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return None


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] and not check:
        sys.exit("usage: scripts/gen-pages.py [--check]")
    try:
        generated = [(WORDS, words_js()), (HOST_WORDS, host_words_js())]
    except PhraseError as e:
        sys.exit(f"gen-pages: {e}")
    if check:
        stale = [os.path.relpath(path, ROOT) for path, text in generated if current(path) != text]
        if not stale:
            text, _ = swift_file()
            if current(OUT) != text:
                stale.append(os.path.relpath(OUT, ROOT))
        if stale:
            sys.exit(f"gen-pages: {', '.join(stale)} is stale: run /usr/bin/python3 scripts/gen-pages.py")
        print("gen-pages: up to date")
        return
    for path, text in generated:
        if current(path) != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    text, count = swift_file()
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"gen-pages: {count} files into {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
