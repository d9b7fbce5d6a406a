extension Phrases {
    /// Simplified Chinese (mainland, Singapore): full-width punctuation, a space between a
    /// number and a Han character (as mainland apps set them).
    static let zhHans = Phrases(
        // "测验" is Kahoot's and Quizizz's word for a quiz.
        waiting: "测验即将开始",
        scanOrOpen: "扫码或打开链接",
        // Kahoot says "游戏 PIN"; "加入码" is the code one types to join.
        joinCode: "加入码",
        playersJoined: PluralPhrase("{n} 人已加入"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase("{n} / {total} 人已作答"),
        answeredCount: PluralPhrase("{n} 人已作答"),
        timesUp: "时间到",
        correct: "正确答案：{answer}",
        answers: PluralPhrase("{n} 个回答"),
        leaderboard: "排行榜",
        noScores: "暂无得分",
        finalResults: "最终结果",
        thanks: "感谢参与！",
        controllerOffline: "控制端已断开",
        hostOffline: "主持人已离线",
        join: "加入",
        // Quiz apps ask for a 昵称 (nickname).
        yourName: "你的昵称",
        answerReceived: "已收到答案",
        waitingForQuestion: "等待下一题",
        youAreRight: "答对了！",
        youAreWrong: "答错了",
        pointsEarned: PluralPhrase("+{n} 分"),
        yourPlace: "第 {rank} 名（共 {of} 人）",
        score: "得分",
        reconnecting: "正在重新连接…",
        rejectBadCode: "此代码不属于本测验",
        rejectNameTaken: "该昵称已被使用",
        rejectNameInvalid: "请换一个昵称",
        rejectRoomLocked: "本测验已停止接受新玩家",
        rejectRoomFull: "本测验人数已满",
        rejectBadToken: "请重新加入",
        rejectKicked: "主持人已将你移出测验",
        rejectAlreadyAnswered: "你已经作答",
        rejectTooLate: "太迟了：时间已到",
        rejectNotOpen: "现在不能作答",
        rejectBadMessage: "出错了，请刷新页面",
        rejectTooFast: "操作太快，请稍等")
}
