extension Phrases {
    /// Arabic (Modern Standard): counted nouns in the six forms CLDR's rules pick — the singular
    /// for 0, 1 and from 100 ("١٠٠ لاعب"), the dual for 2, the plural for 3–10 ("٣ لاعبين"), the
    /// accusative singular for 11–99 ("١١ لاعبًا"). The numeral is kept in every form (Arabic
    /// prose would write "لاعب واحد", "لاعبان" without it) because the screen draws the count
    /// large. Verbs stand before their subject, where they do not agree with the count
    /// ("أجاب ٢٣ من ٤٨"). The phone says "أنت" in the masculine, as Arabic apps do.
    static let ar = Phrases(
        waiting: "في انتظار بدء المسابقة",
        scanOrOpen: "امسح الرمز أو افتح الرابط",
        joinCode: "رمز الانضمام",
        // A counted noun ("12 players"): under the join code, "joined" goes without saying.
        playersJoined: PluralPhrase(zero: "{n} لاعب", one: "{n} لاعب", two: "{n} لاعبان", few: "{n} لاعبين", many: "{n} لاعبًا",
                                    other: "{n} لاعب"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase("أجاب {n} من {total}"),
        answeredCount: PluralPhrase("أجاب {n}"),
        timesUp: "انتهى الوقت",
        correct: "الإجابة الصحيحة: {answer}",
        answers: PluralPhrase(zero: "{n} إجابة", one: "{n} إجابة", two: "{n} إجابتان", few: "{n} إجابات", many: "{n} إجابةً",
                              other: "{n} إجابة"),
        // What Arabic apps and games call a leaderboard.
        leaderboard: "لوحة الصدارة",
        noScores: "لا توجد نقاط بعد",
        finalResults: "النتائج النهائية",
        thanks: "شكرًا على المشاركة!",
        controllerOffline: "وحدة التحكم غير متصلة",
        // "المقدّم": a show's presenter.
        hostOffline: "المقدّم غير متصل",
        join: "انضم",
        yourName: "اسمك",
        answerReceived: "تم استلام إجابتك",
        waitingForQuestion: "في انتظار السؤال التالي",
        youAreRight: "إجابة صحيحة!",
        youAreWrong: "إجابة خاطئة",
        pointsEarned: PluralPhrase(zero: "+{n} نقطة", one: "+{n} نقطة", two: "+{n} نقطتان", few: "+{n} نقاط", many: "+{n} نقطةً",
                                   other: "+{n} نقطة"),
        yourPlace: "المركز {rank} من {of}",
        score: "النقاط",
        reconnecting: "جارٍ إعادة الاتصال…",
        rejectBadCode: "هذا الرمز لا يخص هذه المسابقة",
        rejectNameTaken: "هذا الاسم مستخدم بالفعل",
        rejectNameInvalid: "يرجى اختيار اسم آخر",
        rejectRoomLocked: "المسابقة لا تقبل لاعبين جددًا",
        rejectRoomFull: "المسابقة ممتلئة",
        rejectBadToken: "يرجى الانضمام مرة أخرى",
        rejectKicked: "أزالك المقدّم من المسابقة",
        rejectAlreadyAnswered: "لقد أجبت بالفعل",
        rejectTooLate: "فات الأوان: انتهى الوقت",
        rejectNotOpen: "لا يمكن الإجابة الآن",
        rejectBadMessage: "حدث خطأ ما. يرجى إعادة تحميل الصفحة",
        rejectTooFast: "سريع جدًا. يرجى الانتظار قليلًا")
}
