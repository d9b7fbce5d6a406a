extension Phrases {
    /// Italian: "tu" on the phone, as quiz apps do; CLDR's "many" is the round millions
    /// ("1.000.000 di giocatori").
    static let it = Phrases(
        waiting: "Il quiz sta per iniziare",
        scanOrOpen: "Scansiona o apri",
        // Kahoot says "PIN del gioco".
        joinCode: "Codice di gioco",
        // "collegati": connected to the game, what the lobby counts.
        playersJoined: PluralPhrase(one: "{n} giocatore collegato", many: "{n} di giocatori collegati",
                                    other: "{n} giocatori collegati"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase(one: "{n} / {total} ha risposto", many: "{n} / {total} hanno risposto",
                                 other: "{n} / {total} hanno risposto"),
        answeredCount: PluralPhrase(one: "{n} ha risposto", many: "{n} hanno risposto", other: "{n} hanno risposto"),
        timesUp: "Tempo scaduto",
        correct: "Risposta esatta: {answer}",
        answers: PluralPhrase(one: "{n} risposta", many: "{n} di risposte", other: "{n} risposte"),
        leaderboard: "Classifica",
        noScores: "Ancora nessun punteggio",
        finalResults: "Classifica finale",
        thanks: "Grazie per aver giocato!",
        // "La regia": the control room of a show.
        controllerOffline: "Regia offline",
        // "Il conduttore": who hosts a quiz show on Italian television.
        hostOffline: "Conduttore offline",
        join: "Partecipa",
        yourName: "Il tuo nome",
        answerReceived: "Risposta ricevuta",
        waitingForQuestion: "In attesa della prossima domanda",
        youAreRight: "Esatto!",
        youAreWrong: "Sbagliato",
        pointsEarned: PluralPhrase(one: "+{n} punto", many: "+{n} di punti", other: "+{n} punti"),
        yourPlace: "Posizione {rank} su {of}",
        score: "Punteggio",
        reconnecting: "Riconnessione…",
        rejectBadCode: "Questo codice non è di questo quiz",
        rejectNameTaken: "Questo nome è già in uso",
        rejectNameInvalid: "Scegli un altro nome",
        rejectRoomLocked: "Il quiz non accetta più nuovi giocatori",
        rejectRoomFull: "Il quiz è al completo",
        rejectBadToken: "Partecipa di nuovo",
        rejectKicked: "Il conduttore ti ha rimosso dal quiz",
        rejectAlreadyAnswered: "Hai già risposto",
        rejectTooLate: "Troppo tardi: il tempo era scaduto",
        rejectNotOpen: "Ora non si può rispondere",
        rejectBadMessage: "Qualcosa è andato storto. Ricarica la pagina",
        rejectTooFast: "Troppo veloce. Attendi un attimo")
}
