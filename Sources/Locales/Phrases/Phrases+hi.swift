extension Phrases {
    /// Hindi: the everyday Hindustani of Indian apps (जवाब, सवाल rather than the Sanskrit
    /// उत्तर, प्रश्न), English words where Indian apps keep them (लीडरबोर्ड, स्कोर, कोड); "आप"
    /// on the phone. CLDR's "one" covers 0 and 1.
    static let hi = Phrases(
        waiting: "क्विज़ जल्द ही शुरू होगा",
        scanOrOpen: "स्कैन करें या खोलें",
        // Indian apps say "कोड"; "जुड़ने का कोड" spells out what it is for.
        joinCode: "जुड़ने का कोड",
        playersJoined: PluralPhrase(one: "{n} खिलाड़ी जुड़ा", other: "{n} खिलाड़ी जुड़े"),
        progress: "{n} / {total}",
        // "ने" takes the verb out of agreement with the count.
        answeredOf: PluralPhrase("{n} / {total} ने जवाब दिया"),
        answeredCount: PluralPhrase("{n} ने जवाब दिया"),
        timesUp: "समय समाप्त",
        correct: "सही जवाब: {answer}",
        answers: PluralPhrase("{n} जवाब"),
        leaderboard: "लीडरबोर्ड",
        noScores: "अभी कोई स्कोर नहीं",
        finalResults: "अंतिम परिणाम",
        thanks: "खेलने के लिए धन्यवाद!",
        controllerOffline: "कंट्रोलर ऑफ़लाइन",
        hostOffline: "होस्ट ऑफ़लाइन",
        join: "जुड़ें",
        yourName: "आपका नाम",
        answerReceived: "जवाब मिल गया",
        waitingForQuestion: "अगले सवाल का इंतज़ार",
        youAreRight: "सही!",
        youAreWrong: "गलत",
        pointsEarned: PluralPhrase("+{n} अंक"),
        yourPlace: "{of} में से स्थान {rank}",
        score: "स्कोर",
        reconnecting: "फिर से जोड़ा जा रहा है…",
        rejectBadCode: "यह कोड इस क्विज़ का नहीं है",
        rejectNameTaken: "यह नाम पहले से लिया जा चुका है",
        rejectNameInvalid: "कृपया कोई दूसरा नाम चुनें",
        rejectRoomLocked: "यह क्विज़ अब नए खिलाड़ी नहीं ले रहा",
        rejectRoomFull: "क्विज़ भर गया है",
        rejectBadToken: "कृपया फिर से जुड़ें",
        rejectKicked: "होस्ट ने आपको क्विज़ से हटा दिया",
        rejectAlreadyAnswered: "आप पहले ही जवाब दे चुके हैं",
        rejectTooLate: "बहुत देर हो गई: समय समाप्त",
        rejectNotOpen: "अभी जवाब नहीं दिया जा सकता",
        rejectBadMessage: "कुछ गलत हुआ। कृपया पेज फिर से लोड करें",
        rejectTooFast: "बहुत तेज़। कृपया थोड़ा रुकें")
}
