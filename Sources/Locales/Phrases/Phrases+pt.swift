extension Phrases {
    /// Portuguese as Brazil writes it ("pt-BR", and "pt-PT" too: one table per language);
    /// "você" on the phone. CLDR's "one" covers 0 and 1 ("0 jogador"), its "many" the round
    /// millions ("1.000.000 de jogadores").
    static let pt = Phrases(
        waiting: "O quiz vai começar em breve",
        scanOrOpen: "Escaneie ou acesse",
        // Kahoot says "PIN do jogo".
        joinCode: "Código do jogo",
        playersJoined: PluralPhrase(one: "{n} jogador entrou", many: "{n} de jogadores entraram", other: "{n} jogadores entraram"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase(one: "{n} / {total} respondeu", many: "{n} / {total} responderam", other: "{n} / {total} responderam"),
        answeredCount: PluralPhrase(one: "{n} respondeu", many: "{n} responderam", other: "{n} responderam"),
        timesUp: "Tempo esgotado",
        correct: "Resposta certa: {answer}",
        answers: PluralPhrase(one: "{n} resposta", many: "{n} de respostas", other: "{n} respostas"),
        // Kahoot says "Placar" (the scores); "Classificação" is the standings.
        leaderboard: "Classificação",
        noScores: "Ainda sem pontuação",
        finalResults: "Resultado final",
        thanks: "Obrigado por jogar!",
        controllerOffline: "Controle desconectado",
        hostOffline: "Apresentador desconectado",
        join: "Entrar",
        yourName: "Seu nome",
        answerReceived: "Resposta recebida",
        waitingForQuestion: "Aguardando a próxima pergunta",
        youAreRight: "Correto!",
        youAreWrong: "Incorreto",
        pointsEarned: PluralPhrase(one: "+{n} ponto", many: "+{n} de pontos", other: "+{n} pontos"),
        yourPlace: "Posição {rank} de {of}",
        score: "Pontos",
        reconnecting: "Reconectando…",
        rejectBadCode: "Esse código não é deste quiz",
        rejectNameTaken: "Esse nome já está em uso",
        rejectNameInvalid: "Escolha outro nome",
        rejectRoomLocked: "O quiz não aceita mais novos jogadores",
        rejectRoomFull: "O quiz está lotado",
        rejectBadToken: "Entre novamente",
        rejectKicked: "O apresentador removeu você do quiz",
        rejectAlreadyAnswered: "Você já respondeu",
        rejectTooLate: "Tarde demais: o tempo acabou",
        rejectNotOpen: "Não é possível responder agora",
        rejectBadMessage: "Algo deu errado. Recarregue a página",
        rejectTooFast: "Rápido demais. Aguarde um instante")
}
