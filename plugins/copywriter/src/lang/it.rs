//! Italian.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "it",
    unnamed: Unnamed { product: "questa app", company: "questa azienda", person: "questo profilo", idea: "quest'idea" },
    domains: [
        // ai
        Domain {
            chores: ["fare a mano il lavoro di un agente", "riscrivere istruzioni all'infinito"],
            pains: ["Incollare la stessa domanda in chat. Di nuovo.", "Riscrivere l'istruzione. Per la decima volta."],
            gains: ["L'agente ha fatto tutto mentre dormivo.", "Un'istruzione, e per pranzo è fatto."],
        },
        // software
        Domain {
            chores: ["saltare tra dodici schede", "fare copia e incolla tra strumenti"],
            pains: ["Esportare un CSV solo per incollarlo altrove.", "Dodici schede aperte, e mai quella giusta."],
            gains: ["Finalmente tutto in un unico posto.", "Lo configuri una volta e va da solo."],
        },
        // finance
        Domain {
            chores: ["rincorrere le fatture", "fare la contabilità la domenica sera"],
            pains: ["Terzo sollecito per la stessa fattura.", "Domenica sera, Excel e scontrini ovunque."],
            gains: ["Pagamenti puntuali, senza solleciti.", "Contabilità del mese? Chiusa da sola."],
        },
        // crypto
        Domain {
            chores: ["aspettare tre giorni per un bonifico", "pagare commissioni per spostare soldi"],
            pains: ["Aggiornare l'app della banca. Di continuo.", "Un'altra commissione per mandare i miei soldi."],
            gains: ["Inviato e accreditato in pochi secondi.", "I tuoi soldi, alla velocità di internet."],
        },
        // marketing
        Domain {
            chores: ["pubblicare nel vuoto", "indovinare cosa vuole il pubblico"],
            pains: ["Aggiornare un post fermo a quattro cuoricini.", "Tre ore di didascalia. Undici visualizzazioni."],
            gains: ["Post che la gente condivide davvero.", "Stavolta è stato il pubblico a trovare noi."],
        },
        // sales
        Domain {
            chores: ["mandare email che nessuno apre", "rincorrere contatti che spariscono"],
            pains: ["Sesto messaggio di sollecito inviato.", "Un'altra demo, un altro «ci penso e ti dico»."],
            gains: ["Risposte che iniziano con un «sì».", "Un'agenda piena, e sono loro a chiedere."],
        },
        // food
        Domain {
            chores: ["pranzare davanti allo schermo", "mangiare sempre la stessa cosa"],
            pains: ["Terza volta stasera che apro il frigo.", "Pranzo alla scrivania. Di nuovo."],
            gains: ["Mangiare bene, senza sbattimenti.", "Il momento migliore della giornata? Il pranzo."],
        },
        // fitness
        Domain {
            chores: ["pagare una palestra senza andarci mai", "ricominciare da capo ogni lunedì"],
            pains: ["Giurare che si comincia lunedì. Ogni lunedì.", "La palestra che pago e non vedo mai."],
            gains: ["Tre settimane e non ho ancora mollato.", "Più in forma del mese scorso, e si vede."],
        },
        // health
        Domain {
            chores: ["aspettare settimane per una visita", "cercare sintomi su Google di notte"],
            pains: ["Cercare sintomi su Google alle due di notte.", "In attesa con l'ambulatorio. Minuto quaranta."],
            gains: ["Risposte in giornata, da chi se ne intende.", "Stare meglio, e sapere perché."],
        },
        // education
        Domain {
            chores: ["studiare a memoria per poi scordare", "comprare corsi senza finirli mai"],
            pains: ["Un anno dopo, ancora alla lezione due.", "La stessa pagina, letta per la quarta volta."],
            gains: ["Finalmente ha senso.", "Dieci minuti al giorno, e ti resta in testa."],
        },
        // travel
        Domain {
            chores: ["organizzare viaggi con quaranta schede", "pagare prezzi da turista"],
            pains: ["Confrontare lo stesso volo su sei siti.", "Il viaggio? Bellissimo. Organizzarlo, meno."],
            gains: ["Prenotato in pochi minuti, meglio del previsto.", "Più viaggio, meno organizzazione."],
        },
        // style
        Domain {
            chores: ["frugare nell'armadio per niente", "ordinare vestiti che non vanno bene"],
            pains: ["Armadio pieno e niente da mettermi.", "Ho preso la mia taglia. Di nuovo non mi sta."],
            gains: ["Cinque minuti per vestirmi, e mi piaccio.", "Finalmente qualcosa che mi sta bene."],
        },
        // creator
        Domain {
            chores: ["montare un video tutto il fine settimana", "pubblicare ogni giorno per non sparire"],
            pains: ["Cinque ore di montaggio per trenta secondi.", "Un mese di post quotidiani. Stessi numeri."],
            gains: ["Una settimana di contenuti in un pomeriggio.", "Contenuti che sembrano fatti da una squadra."],
        },
        // general
        Domain {
            chores: ["fare tutto nel modo più difficile", "tirare avanti con soluzioni a metà"],
            pains: ["Centesima volta nel modo più difficile.", "Ci deve essere un modo più semplice."],
            gains: ["Più facile di quanto sembri.", "Funziona e basta, e si vede."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: risolto."),
            ("Tutti gli altri: {pain}", "Io con {name}: {gain}"),
            ("Prima di {name}: {pain}", "Dopo: {gain}"),
            ("Nessuno:\nIo alle 23: {pain}", "Chi ha scoperto {name}: {gain}"),
        ],
        hottake: [
            "Opinione forte: {chore} ormai è una scelta. Merito di {name}.",
            "Opinione impopolare: {chore} non è mai stato «normale».",
            "Ripeti con me: basta {chore}. Per questo c'è {name}.",
            "Tra cinque anni, {chore} sarà roba da museo. Grazie a {name}.",
        ],
        confession: [
            "Confesso: la mia routine era {chore}. Poi ho scoperto {name}.",
            "Lo ammetto: {pain} Adesso basta, grazie a {name}.",
            "Storia vera: {pain} {name} l'ha risolto in una settimana.",
            "Il mio segreto? Ho smesso di {chore}. Ora ci pensa {name}.",
        ],
        reply: [
            ("Vale davvero la pena provare {name}?", "Chiedi a chi ha smesso di {chore}."),
            ("Io continuo alla vecchia maniera.", "{gain} Ecco {name}."),
            ("{name}? Troppo bello per essere vero.", "Fai una prova di una settimana. Poi dimmi se ti manca {chore}."),
            ("Perché dovrei cambiare?", "Perché {chore} ti costa più di quanto pensi. {name}."),
        ],
    },
    person: Person {
        image: [
            ("Tutti gli altri: {pain}", "Chi segue {name}: {gain}"),
            ("Prima di leggere {name}: {pain}", "Dopo: {gain}"),
        ],
        hottake: [
            "Opinione forte: {chore} è una scelta, se segui {name}.",
            "Ripeti con me: basta {chore}. {name} ci ha mostrato come.",
        ],
        confession: [
            "Confesso: la mia routine era {chore}. Poi ho iniziato a leggere {name}.",
            "Storia vera: {pain} Poi {name} ne ha parlato.",
        ],
        reply: [
            ("Vale la pena seguire {name}?", "Chiedi a chi ha smesso di {chore}."),
            ("Perché seguire {name}?", "{gain} È quello che condivide {name}."),
        ],
        turns: ["Poi ho iniziato a seguire {name}.", "Entra in scena {name}."],
    },
    carousel: Carousel {
        covers: ["{name}: cosa cambia quando smetti di {chore}", "{name} in un minuto"],
        turns: ["E poi c'è {name}.", "Entra in scena {name}."],
        numbers: ["{number}: il numero che dice tutto.", "{number}. Rileggilo con calma."],
        closers: [
            "Salvalo per la prossima volta che qualcuno ti dice che non si può fare.",
            "Mandalo a chi ne ha bisogno.",
        ],
    },
    pitch: Pitch {
        title: "Per {first}",
        hello: ["Ciao {first},", "Ciao {first}!", "{first}, ciao!"],
        hello_team: ["Ciao a tutti voi di {name},", "Un saluto a tutta la squadra di {name},"],
        hello_anyone: "Ciao!",
        title_anyone: "Un messaggio per te",
        seen_site: ["Oggi ho passato qualche minuto sul tuo sito.", "Ho dato un'occhiata approfondita al tuo sito."],
        seen_x: ["I tuoi post su X continuano a spuntarmi davanti.", "Da un po' leggo i tuoi post su X."],
        seen_linkedin: ["Il tuo profilo LinkedIn mi ha colpito.", "Ho trovato il tuo profilo su LinkedIn."],
        seen_sentence: [
            "Ho sentito parlare molto bene del tuo lavoro.",
            "Il tuo nome è saltato fuori, e per ottimi motivi.",
        ],
        company: [
            "Quello che state costruendo con {company} si fa notare.",
            "Il lavoro che fate con {company} ha attirato la mia attenzione.",
        ],
        role: ["Nel ruolo di {role}, ogni ora conta.", "Essere {role} significa seguire cento cose insieme."],
        topic: ["I tuoi post su {topic} meritano davvero.", "Si vede che di {topic} te ne intendi."],
        work: ["Si vede che ci tieni a quello che fai.", "Si nota quanta cura metti nel tuo lavoro."],
        offer: [
            "È proprio a questo che serve {offer}.",
            "{offer} esiste proprio per questo.",
            "Ed è qui che entra in gioco {offer}.",
        ],
        idea: [
            "Ho un'idea che potrebbe farti risparmiare quel tempo.",
            "C'è un modo più semplice, e mi piacerebbe mostrartelo.",
        ],
        ask: [
            "Dagli un'occhiata, ci vuole un minuto.",
            "Mi piacerebbe sapere cosa ne pensi.",
            "Merita un'occhiata, quando hai un minuto.",
        ],
        cta: ["Dai un'occhiata", "Scopri come funziona", "Provalo"],
    },
    negatives: &[
        "sopravvalutat",
        "inutile",
        "truffa",
        "il peggior",
        "la peggior",
        "pessim",
        "terribile",
        "orribile",
        "spazzatura",
        "noios",
        "spreco",
        "fallimento",
        "rotto",
        "schifo",
        "detesto",
        "fregatura",
        "deludente",
        "disastro",
        "non funziona",
        "una porcata",
        "fa pena",
        "penoso",
    ],
};
