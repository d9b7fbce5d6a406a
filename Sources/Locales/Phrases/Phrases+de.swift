extension Phrases {
    /// German: "du" on the phone, as Kahoot and quiz apps address players.
    static let de = Phrases(
        // A calm announcement; a literal "Warten auf den Start des Quiz" reads like a status line.
        waiting: "Das Quiz beginnt gleich",
        scanOrOpen: "Scannen oder öffnen",
        // Kahoot says "Game-PIN"; "Spielcode" is the German word for a code one types to join a game.
        joinCode: "Spielcode",
        // "dabei": in the game; "beigetreten" is bureaucratic.
        playersJoined: PluralPhrase(one: "{n} Spieler ist dabei", other: "{n} Spieler sind dabei"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase(one: "{n} / {total} hat geantwortet", other: "{n} / {total} haben geantwortet"),
        answeredCount: PluralPhrase(one: "{n} hat geantwortet", other: "{n} haben geantwortet"),
        // Short for the pill; Kahoot's "Die Zeit ist um!" says the same.
        timesUp: "Zeit abgelaufen",
        correct: "Richtig: {answer}",
        answers: PluralPhrase(one: "{n} Antwort", other: "{n} Antworten"),
        // What German quiz shows put up between rounds ("Punktestand" would be the scores alone).
        leaderboard: "Rangliste",
        noScores: "Noch keine Punkte",
        // The sports word for the final standings.
        finalResults: "Endstand",
        thanks: "Danke fürs Mitspielen!",
        controllerOffline: "Steuerung offline",
        // "Spielleitung": who runs the game, any gender.
        hostOffline: "Spielleitung offline",
        join: "Mitspielen",
        yourName: "Dein Name",
        answerReceived: "Antwort erhalten",
        waitingForQuestion: "Warte auf die nächste Frage",
        youAreRight: "Richtig!",
        youAreWrong: "Falsch",
        pointsEarned: PluralPhrase(one: "+{n} Punkt", other: "+{n} Punkte"),
        yourPlace: "Platz {rank} von {of}",
        score: "Punkte",
        // German sets a space before the ellipsis that stands for left-out words.
        reconnecting: "Verbinde neu …",
        rejectBadCode: "Dieser Code gehört nicht zu diesem Quiz",
        rejectNameTaken: "Diesen Namen hat schon jemand",
        rejectNameInvalid: "Bitte wähle einen anderen Namen",
        rejectRoomLocked: "Das Quiz nimmt keine neuen Spieler mehr auf",
        rejectRoomFull: "Das Quiz ist voll",
        rejectBadToken: "Bitte tritt noch einmal bei",
        rejectKicked: "Die Spielleitung hat dich entfernt",
        rejectAlreadyAnswered: "Du hast schon geantwortet",
        rejectTooLate: "Zu spät: Die Zeit war um",
        rejectNotOpen: "Gerade kann nicht geantwortet werden",
        rejectBadMessage: "Etwas ist schiefgelaufen. Bitte lade die Seite neu",
        rejectTooFast: "Zu schnell getippt. Bitte warte kurz")
}
