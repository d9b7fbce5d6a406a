extension Phrases {
    /// Japanese: the screen's original words (its goldens); polite です・ます on the phone.
    static let ja = Phrases(
        waiting: "クイズの開始をお待ちください",
        scanOrOpen: "スキャンまたはアクセス",
        joinCode: "参加コード",
        // The count is drawn large: "1,250" then "人が参加中".
        playersJoined: PluralPhrase("{n}人が参加中"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase("{n} / {total} 人が回答"),
        answeredCount: PluralPhrase("{n} 人が回答"),
        timesUp: "時間切れ",
        // A full-width colon, no space: Japanese punctuation.
        correct: "正解：{answer}",
        answers: PluralPhrase("{n}件の回答"),
        leaderboard: "ランキング",
        noScores: "まだスコアはありません",
        finalResults: "最終結果",
        thanks: "ご参加ありがとうございました！",
        controllerOffline: "コントローラー未接続",
        // Kahoot's Japanese calls the quizmaster ホスト.
        hostOffline: "ホスト未接続",
        join: "参加する",
        // Kahoot and quiz apps ask for a ニックネーム, not a real name.
        yourName: "ニックネーム",
        answerReceived: "回答を受け付けました",
        waitingForQuestion: "次の問題をお待ちください",
        youAreRight: "正解！",
        youAreWrong: "不正解",
        pointsEarned: PluralPhrase("+{n}ポイント"),
        yourPlace: "{of}人中 {rank}位",
        score: "スコア",
        reconnecting: "再接続しています…",
        rejectBadCode: "このクイズの参加コードではありません",
        rejectNameTaken: "そのニックネームはすでに使われています",
        rejectNameInvalid: "別のニックネームを入力してください",
        rejectRoomLocked: "このクイズの参加受付は終了しました",
        rejectRoomFull: "参加人数が上限に達しました",
        rejectBadToken: "もう一度参加してください",
        rejectKicked: "ホストによって退出させられました",
        rejectAlreadyAnswered: "すでに回答済みです",
        rejectTooLate: "時間切れのため受け付けられませんでした",
        rejectNotOpen: "現在は回答を受け付けていません",
        rejectBadMessage: "エラーが発生しました。ページを再読み込みしてください",
        rejectTooFast: "操作が速すぎます。少しお待ちください")
}
