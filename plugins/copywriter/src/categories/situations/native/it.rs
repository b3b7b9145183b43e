//! Italian: the situations of categories written natively; each chore is
//! an infinitive phrase ("Ho smesso di {chore}.", "Basta {chore}."), not reflexive.

use super::Lines;

pub const ALL: &[(&str, Lines)] = &[
    (
        "restaurant",
        Lines {
            chore: "andare sempre negli stessi tre ristoranti",
            before: ["Venerdì: stesso posto, stesso piatto. Come sempre.", "Due ore di attesa per una cena così così."],
            after: ["Un tavolo dove viene voglia di tornare.", "Il piatto di cui parlerai per tutta la settimana."],
        },
    ),
    (
        "cafe",
        Lines {
            chore: "bere il caffè della macchinetta alla scrivania",
            before: ["Caffè tiepido dalla macchinetta dell'ufficio.", "Niente posto, niente presa, niente wi-fi."],
            after: [
                "Un tavolino d'angolo e il miglior cappuccino in città.",
                "Il caffè del mattino che fa partire bene la giornata.",
            ],
        },
    ),
    (
        "bakery",
        Lines {
            chore: "mangiare pane che a pranzo è già secco",
            before: ["Pancarré che non sa di niente.", "Alle nove i cornetti sono già finiti."],
            after: ["Pane ancora caldo a colazione.", "Il profumo del forno in fondo alla strada."],
        },
    ),
    (
        "hair-salon",
        Lines {
            chore: "uscire dal parrucchiere con un taglio mai chiesto",
            before: ["«Solo una spuntatina.» Non era solo una spuntatina.", "Capelli ribelli, quinto giorno di fila."],
            after: ["Il taglio che volevi davvero.", "Complimenti per settimane."],
        },
    ),
    (
        "gym",
        Lines {
            chore: "pagare la palestra senza andarci mai",
            before: ["L'abbonamento che pago e non uso mai.", "Venti minuti in attesa che si liberi la panca."],
            after: ["Tre allenamenti a settimana, e non vedo l'ora.", "Più forte del mese scorso, e si vede."],
        },
    ),
    (
        "yoga-studio",
        Lines {
            chore: "portare lo stress sulle spalle tutta la settimana",
            before: [
                "Otto ore alla scrivania, e la schiena è un blocco.",
                "Una lezione così piena che non c'è spazio per allungarsi.",
            ],
            after: ["Un'ora che rimette a posto tutta la settimana.", "Più elastici, più sereni, e si dorme meglio."],
        },
    ),
    (
        "hotel",
        Lines {
            chore: "dormire in hotel diversi dalle foto",
            before: ["La «vista mare» era un parcheggio.", "Fila al check-in dopo dodici ore di volo."],
            after: ["Una camera da cui non vorresti più uscire.", "Una colazione per cui vale la pena svegliarsi."],
        },
    ),
    (
        "podcast",
        Lines {
            chore: "fare il tragitto in silenzio",
            before: [
                "Quaranta minuti in treno a scorrere sempre le stesse cose.",
                "Venti minuti di chiacchiere prima di arrivare al punto.",
            ],
            after: ["La puntata che rende il tragitto troppo corto.", "Ogni mattina, qualcosa di nuovo."],
        },
    ),
    (
        "youtube-channel",
        Lines {
            chore: "guardare video che girano a vuoto",
            before: [
                "Dieci minuti di video, un minuto di contenuto.",
                "L'ennesima copertina che promette più di quanto dia.",
            ],
            after: ["Il video che finalmente lo spiega.", "Un nuovo episodio che aspetti davvero."],
        },
    ),
    (
        "newsletter",
        Lines {
            chore: "scorrere notizie che non contano",
            before: ["Cinquanta schede di notizie, niente imparato.", "Una casella di posta piena di promozioni."],
            after: ["L'unica mail che apri per prima ogni settimana.", "Cinque minuti, e sai cosa conta."],
        },
    ),
    (
        "fitness-app",
        Lines {
            chore: "ricominciare da capo ogni lunedì",
            before: ["«Lunedì inizio.» Ogni lunedì.", "In palestra, senza sapere cosa fare."],
            after: ["Un piano che sta nella mia giornata, e lo seguo.", "Tre settimane dopo, ancora in pista."],
        },
    ),
    (
        "meditation-app",
        Lines {
            chore: "passare la notte a ripensare alla giornata",
            before: ["Ripensare a una conversazione del 2019. Di nuovo.", "Inspira calma, espira pensieri. In teoria."],
            after: ["Calma in cinque minuti.", "Addormentarsi prima che arrivino i pensieri."],
        },
    ),
    (
        "language-app",
        Lines {
            chore: "dimenticare le parole entro venerdì",
            before: ["Cinque anni di lezioni, e mi blocco al «ciao».", "La lista di vocaboli mai aperta."],
            after: ["Ordinare la cena nella lingua, senza panico.", "Dieci minuti al giorno, e resta in testa."],
        },
    ),
    (
        "recipe-app",
        Lines {
            chore: "pensare ogni sera a cosa cucinare",
            before: ["Tre uova e un limone. E adesso?", "Pasta al pomodoro, quarta sera di fila."],
            after: ["La cena con quello che c'è già in frigo.", "Un nuovo piatto preferito ogni settimana."],
        },
    ),
    (
        "food-delivery-app",
        Lines {
            chore: "aspettare un'ora per del cibo freddo",
            before: ["Ordinato alle sette. Alle otto, ancora niente.", "Patatine arrivate molli. Di nuovo."],
            after: ["Cibo caldo alla porta, puntuale.", "Cena risolta in tre tocchi."],
        },
    ),
    (
        "crm",
        Lines {
            chore: "tenere i clienti in un foglio di calcolo",
            before: ["Ma questo cliente chi era?", "Un richiamo dimenticato, una trattativa raffreddata."],
            after: ["Ogni cliente, ogni chiamata, su un'unica schermata.", "Promemoria che si ricordano da soli."],
        },
    ),
    (
        "project-management-tool",
        Lines {
            chore: "gestire i progetti dalla casella di posta",
            before: ["«Chi se ne occupa?» Nessuno, a quanto pare.", "La scadenza era ieri. Nessuno lo sapeva."],
            after: ["Tutti sanno qual è il prossimo passo.", "Consegnato in tempo, senza riunioni di aggiornamento."],
        },
    ),
    (
        "accounting-software",
        Lines {
            chore: "sistemare scontrini fino a mezzanotte",
            before: ["Una scatola di scarpe piena di ricevute, scadenza lunedì.", "I conti non tornano. Di nuovo."],
            after: ["Contabilità chiusa prima di venerdì.", "Ogni ricevuta già al suo posto."],
        },
    ),
    (
        "note-taking-app",
        Lines {
            chore: "perdere appunti sparsi in cinque app",
            before: ["L'idea era buona. L'appunto è sparito.", "Appunti su uno scontrino, un tovagliolo e tre app."],
            after: ["Ogni appunto, a portata di ricerca.", "Riunione finita, appunti già condivisi."],
        },
    ),
    (
        "booking-software",
        Lines {
            chore: "fissare appuntamenti al telefono",
            before: [
                "Il telefono squilla a metà appuntamento. Di nuovo.",
                "Due clienti, un solo orario, una mattinata imbarazzante.",
            ],
            after: ["I clienti prenotano da soli, giorno e notte.", "Agenda piena senza una sola telefonata."],
        },
    ),
    (
        "ecommerce-platform",
        Lines {
            chore: "vendere tra messaggi privati e bonifici",
            before: [
                "Ordini nei messaggi privati, magazzino su un quaderno.",
                "«È ancora disponibile?» Cinquanta volte al giorno.",
            ],
            after: ["Un negozio che vende mentre dormi.", "Ordine arrivato, magazzino aggiornato, niente perso."],
        },
    ),
    (
        "skincare",
        Lines {
            chore: "provare una crema nuova ogni mese",
            before: ["Dieci prodotti sulla mensola, e nessuno fa effetto.", "A mezzogiorno, la pelle già tira."],
            after: ["Pelle morbida anche alle sei di sera.", "Una routine di tre minuti."],
        },
    ),
    (
        "coffee-brand",
        Lines {
            chore: "bere il caffè amaro dell'ufficio",
            before: [
                "Caffè che sa di bruciato, dritto dalla macchinetta.",
                "Cinque euro per un cappuccino senza infamia né lode.",
            ],
            after: ["La tazza migliore della giornata, a casa.", "Mattine per cui vale la pena alzarsi."],
        },
    ),
    (
        "web-agency",
        Lines {
            chore: "aspettare mesi per un sito",
            before: [
                "Tre preventivi, sei settimane, e ancora niente sito.",
                "Bellissimo sul computer, un caos sul telefono.",
            ],
            after: ["Online in poche settimane, e vende.", "Un sito che mandi con orgoglio."],
        },
    ),
];
