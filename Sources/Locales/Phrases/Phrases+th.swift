extension Phrases {
    /// Thai: no plural; people counted with the classifier คน after the number ("ตอบแล้ว
    /// 23 คน"); the polite โปรด on the phone. Thai sets no space between words, a space
    /// between phrases.
    static let th = Phrases(
        waiting: "ควิซกำลังจะเริ่ม",
        scanOrOpen: "สแกนหรือเปิดลิงก์",
        joinCode: "รหัสเข้าร่วม",
        // "Joined already: n people", the number in the middle as Thai counts.
        playersJoined: PluralPhrase("เข้าร่วมแล้ว {n} คน"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase("ตอบแล้ว {n} / {total} คน"),
        answeredCount: PluralPhrase("ตอบแล้ว {n} คน"),
        timesUp: "หมดเวลา",
        correct: "คำตอบที่ถูก: {answer}",
        answers: PluralPhrase("{n} คำตอบ"),
        leaderboard: "กระดานคะแนน",
        noScores: "ยังไม่มีคะแนน",
        finalResults: "ผลการแข่งขัน",
        thanks: "ขอบคุณที่ร่วมเล่น!",
        controllerOffline: "ตัวควบคุมออฟไลน์",
        // "ผู้ดำเนินรายการ": a show's host.
        hostOffline: "ผู้ดำเนินรายการออฟไลน์",
        join: "เข้าร่วม",
        yourName: "ชื่อของคุณ",
        answerReceived: "ได้รับคำตอบแล้ว",
        waitingForQuestion: "รอคำถามถัดไป",
        youAreRight: "ถูกต้อง!",
        youAreWrong: "ผิด",
        pointsEarned: PluralPhrase("+{n} คะแนน"),
        yourPlace: "อันดับ {rank} จาก {of}",
        score: "คะแนน",
        reconnecting: "กำลังเชื่อมต่อใหม่…",
        rejectBadCode: "รหัสนี้ไม่ใช่ของควิซนี้",
        rejectNameTaken: "ชื่อนี้มีคนใช้แล้ว",
        rejectNameInvalid: "โปรดเลือกชื่ออื่น",
        rejectRoomLocked: "ควิซนี้ไม่รับผู้เล่นใหม่แล้ว",
        rejectRoomFull: "ควิซนี้เต็มแล้ว",
        rejectBadToken: "โปรดเข้าร่วมอีกครั้ง",
        rejectKicked: "ผู้ดำเนินรายการนำคุณออกจากควิซ",
        rejectAlreadyAnswered: "คุณตอบไปแล้ว",
        rejectTooLate: "ช้าไป: หมดเวลาแล้ว",
        rejectNotOpen: "ตอนนี้ยังตอบไม่ได้",
        rejectBadMessage: "เกิดข้อผิดพลาด โปรดโหลดหน้าใหม่",
        rejectTooFast: "เร็วเกินไป โปรดรอสักครู่")
}
