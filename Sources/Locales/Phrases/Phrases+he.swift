extension Phrases {
    /// Hebrew: the phone addresses players in the plural or the infinitive ("סרקו", "נא
    /// לבחור"), the gender-neutral forms Israeli apps use; the numeral is kept for one and two
    /// ("1 שחקן", "2 שחקנים") because the lobby draws the count large.
    static let he = Phrases(
        waiting: "החידון יתחיל בקרוב",
        scanOrOpen: "סרקו או היכנסו",
        joinCode: "קוד הצטרפות",
        playersJoined: PluralPhrase(one: "{n} שחקן הצטרף", two: "{n} שחקנים הצטרפו", many: "{n} שחקנים הצטרפו",
                                    other: "{n} שחקנים הצטרפו"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase(one: "{n} / {total} ענה", two: "{n} / {total} ענו", many: "{n} / {total} ענו", other: "{n} / {total} ענו"),
        answeredCount: PluralPhrase(one: "{n} ענה", two: "{n} ענו", many: "{n} ענו", other: "{n} ענו"),
        timesUp: "הזמן נגמר",
        correct: "התשובה הנכונה: {answer}",
        answers: PluralPhrase(one: "{n} תשובה", two: "{n} תשובות", many: "{n} תשובות", other: "{n} תשובות"),
        // What Hebrew games call a leaderboard.
        leaderboard: "טבלת המובילים",
        noScores: "אין עדיין ניקוד",
        finalResults: "תוצאות סופיות",
        thanks: "תודה שהשתתפתם!",
        controllerOffline: "הבקר מנותק",
        // "המנחה": a show's host.
        hostOffline: "המנחה מנותק",
        join: "הצטרפות",
        yourName: "השם שלך",
        answerReceived: "התשובה התקבלה",
        waitingForQuestion: "ממתינים לשאלה הבאה",
        youAreRight: "נכון!",
        youAreWrong: "לא נכון",
        pointsEarned: PluralPhrase(one: "+{n} נקודה", two: "+{n} נקודות", many: "+{n} נקודות", other: "+{n} נקודות"),
        yourPlace: "מקום {rank} מתוך {of}",
        score: "ניקוד",
        reconnecting: "מתחברים מחדש…",
        rejectBadCode: "הקוד הזה לא שייך לחידון הזה",
        rejectNameTaken: "השם הזה כבר תפוס",
        rejectNameInvalid: "נא לבחור שם אחר",
        rejectRoomLocked: "החידון לא מקבל שחקנים חדשים",
        rejectRoomFull: "החידון מלא",
        rejectBadToken: "נא להצטרף מחדש",
        rejectKicked: "הוצאת מהחידון על ידי המנחה",
        rejectAlreadyAnswered: "כבר נשלחה תשובה",
        rejectTooLate: "מאוחר מדי: הזמן נגמר",
        rejectNotOpen: "אי אפשר לענות עכשיו",
        rejectBadMessage: "משהו השתבש. נא לרענן את הדף",
        rejectTooFast: "מהר מדי. נא להמתין רגע")
}
