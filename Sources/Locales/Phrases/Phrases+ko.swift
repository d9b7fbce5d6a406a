extension Phrases {
    /// Korean: the polite 합니다/해요 endings of app text; counters after the number (명 for
    /// people, 개 for things, 점 for points).
    static let ko = Phrases(
        waiting: "퀴즈가 곧 시작됩니다",
        scanOrOpen: "스캔하거나 접속하세요",
        // Kahoot says "게임 PIN".
        joinCode: "참여 코드",
        playersJoined: PluralPhrase("{n}명 참여 중"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase("{n} / {total}명 응답"),
        answeredCount: PluralPhrase("{n}명 응답"),
        timesUp: "시간 종료",
        correct: "정답: {answer}",
        // The noun first, the count with its counter after: how Korean counts things.
        answers: PluralPhrase("응답 {n}개"),
        leaderboard: "순위표",
        noScores: "아직 점수가 없습니다",
        finalResults: "최종 결과",
        thanks: "참여해 주셔서 감사합니다!",
        controllerOffline: "컨트롤러 연결 끊김",
        // "진행자": who runs a show.
        hostOffline: "진행자 연결 끊김",
        join: "참여하기",
        // Kahoot and quiz apps ask for a 닉네임.
        yourName: "닉네임",
        answerReceived: "답변이 접수되었습니다",
        waitingForQuestion: "다음 문제를 기다리는 중",
        youAreRight: "정답!",
        youAreWrong: "오답",
        pointsEarned: PluralPhrase("+{n}점"),
        yourPlace: "{of}명 중 {rank}위",
        score: "점수",
        reconnecting: "다시 연결하는 중…",
        rejectBadCode: "이 퀴즈의 코드가 아닙니다",
        rejectNameTaken: "이미 사용 중인 닉네임입니다",
        rejectNameInvalid: "다른 닉네임을 입력하세요",
        rejectRoomLocked: "이 퀴즈는 더 이상 참여할 수 없습니다",
        rejectRoomFull: "참여 인원이 가득 찼습니다",
        rejectBadToken: "다시 참여해 주세요",
        rejectKicked: "진행자가 퀴즈에서 내보냈습니다",
        rejectAlreadyAnswered: "이미 답변했습니다",
        rejectTooLate: "너무 늦었습니다: 시간이 끝났습니다",
        rejectNotOpen: "지금은 답변할 수 없습니다",
        rejectBadMessage: "문제가 발생했습니다. 페이지를 새로 고치세요",
        rejectTooFast: "너무 빠릅니다. 잠시 기다려 주세요")
}
