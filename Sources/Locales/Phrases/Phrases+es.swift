extension Phrases {
    /// Spanish, as neutral between Spain and Latin America as a wording allows: "tú", never
    /// "vosotros"; the compound past ("ha respondido") that both read; CLDR's "many" is the
    /// round millions ("1.000.000 de jugadores").
    static let es = Phrases(
        waiting: "El quiz empieza en breve",
        scanOrOpen: "Escanea o abre",
        // Kahoot says "PIN de juego"; ours may hold letters.
        joinCode: "Código de juego",
        // "en la sala": the same in Madrid and in Mexico City, where the verb's tense differs.
        playersJoined: PluralPhrase(one: "{n} jugador en la sala", many: "{n} de jugadores en la sala",
                                    other: "{n} jugadores en la sala"),
        progress: "{n} / {total}",
        answeredOf: PluralPhrase(one: "{n} / {total} ha respondido", many: "{n} / {total} han respondido",
                                 other: "{n} / {total} han respondido"),
        answeredCount: PluralPhrase(one: "{n} ha respondido", many: "{n} han respondido", other: "{n} han respondido"),
        timesUp: "Se acabó el tiempo",
        correct: "Respuesta correcta: {answer}",
        answers: PluralPhrase(one: "{n} respuesta", many: "{n} de respuestas", other: "{n} respuestas"),
        leaderboard: "Clasificación",
        noScores: "Aún no hay puntuaciones",
        finalResults: "Clasificación final",
        thanks: "¡Gracias por jugar!",
        controllerOffline: "Control desconectado",
        // "El presentador": who runs a quiz show.
        hostOffline: "Presentador desconectado",
        join: "Unirse",
        yourName: "Tu nombre",
        answerReceived: "Respuesta recibida",
        waitingForQuestion: "Esperando la siguiente pregunta",
        youAreRight: "¡Correcto!",
        youAreWrong: "Incorrecto",
        pointsEarned: PluralPhrase(one: "+{n} punto", many: "+{n} de puntos", other: "+{n} puntos"),
        yourPlace: "Puesto {rank} de {of}",
        score: "Puntos",
        reconnecting: "Reconectando…",
        rejectBadCode: "Ese código no es de este quiz",
        rejectNameTaken: "Ese nombre ya está en uso",
        rejectNameInvalid: "Elige otro nombre",
        rejectRoomLocked: "El quiz ya no admite jugadores nuevos",
        rejectRoomFull: "El quiz está completo",
        rejectBadToken: "Vuelve a unirte",
        rejectKicked: "El presentador te ha retirado del quiz",
        rejectAlreadyAnswered: "Ya has respondido",
        rejectTooLate: "Demasiado tarde: se acabó el tiempo",
        rejectNotOpen: "Ahora no se puede responder",
        rejectBadMessage: "Se produjo un error. Recarga la página",
        rejectTooFast: "Demasiado rápido. Espera un momento")
}
