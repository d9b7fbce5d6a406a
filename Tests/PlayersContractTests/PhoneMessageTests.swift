import Locales
import PlayersContract
import QuizContract
import Testing

@Suite struct PhoneMessageDecodingTests {
    @Test(arguments: [
        (#"{"type":"join","code":"482113","name":"Aiko"}"#, PhoneMessage.join(code: "482113", name: "Aiko")),
        (#"{"type":"join","code":"1","name":"Aiko","avatar":"🐱","v":2}"#, .join(code: "1", name: "Aiko")),
        (#"{"type":"resume","token":"abc-_"}"#, .resume(token: "abc-_")),
        (#"{"type":"answer","question":3,"choice":1}"#, .answer(question: 3, choice: 1)),
        (#"{"type":"answer","question":3.0,"choice":0,"t":0.001}"#, .answer(question: 3, choice: 0)),
        (#"{"type":"host","secret":"s3cret"}"#, .host(secret: "s3cret")),
        (#"{"type":"action","action":"next"}"#, .action(.next)),
        (#"{"type":"action","action":"reveal"}"#, .action(.reveal)),
        (#"{"type":"action","action":"leaderboard"}"#, .action(.leaderboard)),
        (#"{"type":"action","action":"back"}"#, .action(.back)),
        (#"{"type":"action","action":"pause"}"#, .action(.pause)),
        (#"{"type":"action","action":"resume"}"#, .action(.resume)),
        (#"{"type":"action","action":"add-time","seconds":10}"#, .action(.addTime(seconds: 10))),
        (#"{"type":"action","action":"kick","player":"p7"}"#, .action(.kick(player: "p7"))),
        (#"{"type":"action","action":"rename","player":"p7","name":"Bo"}"#, .action(.rename(player: "p7", name: "Bo"))),
        (#"{"type":"action","action":"lock","locked":true}"#, .action(.lock(true))),
        (#"{"type":"action","action":"lock","locked":false}"#, .action(.lock(false))),
    ])
    func goodMessages(json: String, expected: PhoneMessage) throws {
        #expect(try PhoneMessageDecoder.decode(json) == expected)
    }

    @Test(arguments: [
        ("", "not JSON: line 1, column 1"),
        ("join", "not JSON"),
        ("[]", "the message: must be an object, got an array"),
        (#""join""#, "the message: must be an object, got a string"),
        (#"{}"#, "type: missing"),
        (#"{"type":3}"#, "type: must be a string, got a number"),
        (#"{"type":"ping","t":1}"#, #"type: "ping" is not one of join, resume, answer, host, action"#),
        (#"{"type":"JOIN","code":"1","name":"a"}"#, #"type: "JOIN" is not one of"#),
        (#"{"type":"join","name":"a"}"#, "code: missing"),
        (#"{"type":"join","code":1,"name":"a"}"#, "code: must be a string, got a number"),
        (#"{"type":"join","code":"1"}"#, "name: missing"),
        (#"{"type":"join","code":"1","name":null}"#, "name: missing"),
        (#"{"type":"join","code":"1","name":["a"]}"#, "name: must be a string, got an array"),
        (#"{"type":"join","code":"123456789012345678901234567890123","name":"a"}"#, "code: 33 characters, at most 32 allowed"),
        (#"{"type":"resume"}"#, "token: missing"),
        (#"{"type":"answer","question":3}"#, "choice: missing"),
        (#"{"type":"answer","choice":1}"#, "question: missing"),
        (#"{"type":"answer","question":"3","choice":1}"#, "question: must be an integer, got a string"),
        (#"{"type":"answer","question":3,"choice":1.5}"#, "choice: must be an integer, got 1.5"),
        (#"{"type":"answer","question":0,"choice":1}"#, "question: 0 is below the minimum 1"),
        (#"{"type":"answer","question":501,"choice":1}"#, "question: 501 is above 500"),
        (#"{"type":"answer","question":1,"choice":-1}"#, "choice: -1 is below the minimum 0"),
        (#"{"type":"answer","question":1,"choice":6}"#, "choice: 6 is not the index of a choice"),
        (#"{"type":"answer","question":1,"choice":1e300}"#, "choice: integer out of range"),
        (#"{"type":"answer","question":1,"choice":true}"#, "choice: must be an integer, got a boolean"),
        (#"{"type":"answer","question":1,"choice":1,"choice":2}"#, "not JSON: line 1, column 42: duplicate key \"choice\""),
        (#"{"type":"host"}"#, "secret: missing"),
        (#"{"type":"action"}"#, "action: missing"),
        (#"{"type":"action","action":"explode"}"#, #"action: "explode" is not one of"#),
        (#"{"type":"action","action":"add-time"}"#, "seconds: missing"),
        (#"{"type":"action","action":"add-time","seconds":0}"#, "seconds: must be more than 0 and at most 600 seconds"),
        (#"{"type":"action","action":"add-time","seconds":601}"#, "seconds: must be more than 0"),
        (#"{"type":"action","action":"add-time","seconds":"10"}"#, "seconds: must be a number, got a string"),
        (#"{"type":"action","action":"kick"}"#, "player: missing"),
        (#"{"type":"action","action":"rename","player":"p1"}"#, "name: missing"),
        (#"{"type":"action","action":"lock"}"#, "locked: missing"),
        (#"{"type":"action","action":"lock","locked":1}"#, "locked: must be true or false, got a number"),
    ])
    func badMessagesAreNamed(json: String, expected: String) {
        do {
            let m = try PhoneMessageDecoder.decode(json)
            Issue.record("accepted \(json) as \(m)")
        } catch {
            #expect(error.message.hasPrefix(expected), "\(error.message)")
        }
    }

    @Test func limits() throws {
        let big = #"{"type":"join","code":"1","name":"a","pad":""# + String(repeating: "x", count: 4096) + #""}"#
        #expect(throws: PhoneMessageError("message is \(big.utf8.count) bytes, over the 4096-byte limit")) { try PhoneMessageDecoder.decode(big) }
        #expect(throws: PhoneMessageError("not UTF-8")) { try PhoneMessageDecoder.decode([0x7B, 0xFF, 0x7D]) }
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: PhoneMessageError.self) { try PhoneMessageDecoder.decode(deep) }
        // A raw name up to 200 characters reaches the name rules (name-invalid, not bad-message).
        let long = String(repeating: "あ", count: 200)
        #expect(try PhoneMessageDecoder.decode(#"{"type":"join","code":"1","name":"\#(long)"}"#) == .join(code: "1", name: long))
        #expect(throws: PhoneMessageError.self) { try PhoneMessageDecoder.decode(#"{"type":"join","code":"1","name":"\#(long)あ"}"#) }
    }
}

@Suite struct BoxMessageEncodingTests {
    @Test func eachMessage() {
        #expect(BoxMessage.welcome(player: "p7", name: "Aiko \"A\"", token: "tok").text()
                == #"{"type":"welcome","player":"p7","name":"Aiko \"A\"","token":"tok"}"#)
        #expect(BoxMessage.rejected(.nameTaken, locale: "en").text()
                == #"{"type":"rejected","reason":"name-taken","message":"Someone already has that name"}"#)
        #expect(BoxMessage.rejected(.tooLate, locale: "ja-JP").text().contains("時間切れ"))
        #expect(BoxMessage.answered(question: 3, choice: 1).text() == #"{"type":"answered","question":3,"choice":1}"#)
        let r = PlayerResult(question: 3, choice: 1, correctChoice: 2, correct: false, points: 0, score: 2450, rank: 3, of: 42)
        #expect(BoxMessage.result(r).text()
                == #"{"type":"result","question":3,"choice":1,"correctChoice":2,"correct":false,"points":0,"score":2450,"rank":3,"of":42}"#)
        let poll = PlayerResult(question: 1, choice: nil, correctChoice: nil, correct: false, points: 0, score: 0, rank: 1, of: 1)
        #expect(BoxMessage.result(poll).text().contains(#""choice":null,"correctChoice":null"#))
        let view = PhoneView(phase: .question, title: "Night", locale: "en",
                             question: .init(number: 2, total: 5, text: "Q?", choices: ["a", "b"], remainingMs: 12500, paused: true),
                             you: .init(name: "Aiko", score: 1500, rank: 2, of: 9, answered: nil))
        #expect(BoxMessage.state(view).text() == #"{"type":"state","phase":"question","title":"Night","locale":"en","question":{"number":2,"total":5,"text":"Q?","choices":["a","b"],"remainingMs":12500,"paused":true},"you":{"name":"Aiko","score":1500,"rank":2,"of":9,"answered":null}}"#)
        let host = HostView(phase: "question", question: .init(number: 1, total: 2, remainingMs: 900, paused: false),
                            players: [.init(player: "p1", name: "Aiko", score: 0, connected: true, answered: false)],
                            screens: [.init(id: "tv-left", online: true, shows: "question"), .init(id: "tv2", online: false, shows: nil)],
                            locked: true)
        #expect(BoxMessage.hostState(host).text() == #"{"type":"host-state","phase":"question","question":{"number":1,"total":2,"remainingMs":900,"paused":false},"players":[{"player":"p1","name":"Aiko","score":0,"connected":true,"answered":false}],"screens":[{"id":"tv-left","online":true,"shows":"question"},{"id":"tv2","online":false}],"locked":true}"#)
        // Issue 24's extensions, after players v1's fields (a v1 console ignores them).
        let more = HostView(phase: "reveal", question: nil, players: [], screens: [.init(id: "tv", online: true, shows: "reveal", missedVblanks: 4)],
                            locked: false, title: "Night", locale: "de", joinCode: "4821", step: .init(number: 1, total: 2, text: "Q?", answer: "b"),
                            canGoBack: true)
        #expect(BoxMessage.hostState(more).text() == #"{"type":"host-state","phase":"reveal","players":[],"screens":[{"id":"tv","online":true,"shows":"reveal","missedVblanks":4}],"locked":false,"title":"Night","locale":"de","joinCode":"4821","step":{"number":1,"total":2,"text":"Q?","answer":"b"},"canGoBack":true}"#)
        #expect(BoxMessage.hostNotice(action: "reveal", reason: "not-now", message: "reveal works during a question").text()
                == #"{"type":"host-notice","action":"reveal","reason":"not-now","message":"reveal works during a question"}"#)
    }

    /// Every reason has words in every room's language (the phrase tables'), and a language
    /// none of the fifteen names gets English.
    @Test func everyReasonHasWordsInTheRoomsLanguage() {
        for r in Rejection.allCases {
            #expect(!r.message(locale: "en").isEmpty && r.message(locale: "en") != r.message(locale: "ja"), "\(r)")
            #expect(r.message(locale: "sw") == r.message(locale: "en"), "an unknown language gets English")
            for tag in ["de", "fr", "ko", "ar", "he", "th", "hi", "zh-TW"] {
                #expect(!r.message(locale: tag).isEmpty && r.message(locale: tag) != r.message(locale: "en"), "\(r) in \(tag)")
            }
        }
        #expect(Rejection.tooLate.message(locale: "de-AT") == Phrases.of(.de).rejected("too-late"))
    }

    /// Every key a phone's `state` can ever hold, whatever the view: the list is the contract's,
    /// and nothing of the answer, the counts, other players or secrets is among them.
    @Test func aStateHoldsOnlyWhatAPhoneMayKnow() throws {
        let view = PhoneView(phase: .question, title: "T", locale: "ja",
                             question: .init(number: 1, total: 1, text: "Q", choices: ["a"], remainingMs: 1, paused: false),
                             you: .init(name: "A", score: 0, rank: 1, of: 1, answered: 0))
        let keys = try keyPaths(BoxMessage.state(view).encoded())
        #expect(keys == ["type", "phase", "title", "locale", "question", "question.number", "question.total", "question.text",
                         "question.choices", "question.remainingMs", "question.paused", "you", "you.name", "you.score", "you.rank", "you.of",
                         "you.answered"])
    }
}

/// The dotted key paths of a JSON object, in order.
func keyPaths(_ bytes: [UInt8]) throws -> [String] {
    var out: [String] = []
    func walk(_ v: JSONValue, _ prefix: String) {
        guard case let .object(members) = v else { return }
        for (k, m) in members {
            out.append(prefix + k)
            walk(m, prefix + k + ".")
        }
    }
    walk(try JSONParser.parse(bytes), "")
    return out
}
