extension Phrases {
    /// French: a narrow no-break space (U+202F) before ":" and "!", as French typesetting sets
    /// them; "vous" on the phone, as Kahoot's French does. CLDR's "one" covers 0 and 1 ("0 joueur"),
    /// its "many" the round millions ("1 000 000 de joueurs").
    static let fr = Phrases(
        waiting: "Le quiz va bientôt commencer",
        scanOrOpen: "Scannez ou ouvrez",
        // Kahoot says "Code PIN du jeu"; "Code du jeu" is what one types.
        joinCode: "Code du jeu",
        playersJoined: PluralPhrase(one: "{n} joueur a rejoint", many: "{n} de joueurs ont rejoint", other: "{n} joueurs ont rejoint"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase(one: "{n} / {total} a répondu", many: "{n} / {total} ont répondu", other: "{n} / {total} ont répondu"),
        answeredCount: PluralPhrase(one: "{n} a répondu", many: "{n} ont répondu", other: "{n} ont répondu"),
        timesUp: "Temps écoulé",
        correct: "Bonne réponse\u{202F}: {answer}",
        answers: PluralPhrase(one: "{n} réponse", many: "{n} de réponses", other: "{n} réponses"),
        leaderboard: "Classement",
        noScores: "Aucun score pour l’instant",
        finalResults: "Classement final",
        thanks: "Merci d’avoir joué\u{202F}!",
        // "La régie": the control room of a show, where the quiz is run from.
        controllerOffline: "Régie hors ligne",
        // "L’animateur": the quiz's host on French television.
        hostOffline: "Animateur hors ligne",
        join: "Rejoindre",
        // Kahoot's French asks for a "pseudo".
        yourName: "Votre pseudo",
        answerReceived: "Réponse enregistrée",
        waitingForQuestion: "En attente de la prochaine question",
        youAreRight: "Bonne réponse\u{202F}!",
        youAreWrong: "Mauvaise réponse",
        pointsEarned: PluralPhrase(one: "+{n} point", many: "+{n} de points", other: "+{n} points"),
        yourPlace: "Rang {rank} sur {of}",
        score: "Score",
        reconnecting: "Reconnexion…",
        rejectBadCode: "Ce code ne correspond pas à ce quiz",
        rejectNameTaken: "Ce pseudo est déjà pris",
        rejectNameInvalid: "Choisissez un autre pseudo",
        rejectRoomLocked: "Le quiz n’accepte plus de nouveaux joueurs",
        rejectRoomFull: "Le quiz est complet",
        rejectBadToken: "Veuillez rejoindre le quiz à nouveau",
        rejectKicked: "L’animateur vous a retiré du quiz",
        rejectAlreadyAnswered: "Vous avez déjà répondu",
        rejectTooLate: "Trop tard\u{202F}: le temps était écoulé",
        rejectNotOpen: "Les réponses sont fermées",
        rejectBadMessage: "Une erreur s’est produite. Rechargez la page",
        rejectTooFast: "Trop rapide. Patientez un instant")
}
