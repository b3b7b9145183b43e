//! German.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "de",
    unnamed: Unnamed { product: "diese App", company: "dieses Team", person: "dieses Profil", idea: "diese Idee" },
    domains: [
        // ai
        Domain {
            chores: ["Fleißarbeit von Hand erledigen", "Anweisungen endlos umformulieren"],
            pains: ["Zum fünften Mal dieselbe Frage an den Chat.", "Die Anweisung umschreiben. Schon wieder."],
            gains: ["Erledigt, während ich geschlafen hab.", "Eine Anweisung. Mittags ist alles fertig."],
        },
        // software
        Domain {
            chores: ["durch zwölf Tabs klicken", "Daten von Tool zu Tool kopieren"],
            pains: ["Exportieren, kopieren, einfügen. Jeden Tag.", "Zwölf Tabs offen. Keiner ist der richtige."],
            gains: ["Endlich alles an einem Ort.", "Einmal einrichten. Läuft."],
        },
        // finance
        Domain {
            chores: ["Rechnungen hinterherlaufen", "sonntagabends die Buchhaltung machen"],
            pains: ["Dritte Mahnung für dieselbe Rechnung.", "Sonntagabend, und überall liegen Belege."],
            gains: ["Pünktlich bezahlt, ganz ohne Nachhaken.", "Buchhaltung? Lief diesen Monat von selbst."],
        },
        // crypto
        Domain {
            chores: ["drei Tage auf eine Überweisung warten", "für jede Überweisung Gebühren zahlen"],
            pains: ["Alle fünf Minuten in die Banking-App schauen.", "Schon wieder Gebühren für mein eigenes Geld."],
            gains: ["Gesendet, angekommen, erledigt. In Sekunden.", "Dein Geld, so schnell wie das Internet."],
        },
        // marketing
        Domain {
            chores: ["ins Leere posten", "Inhalte ins Blaue hinein planen"],
            pains: ["Post mit vier Likes. Neu laden. Neu laden.", "Drei Stunden für einen Text. Elf Aufrufe."],
            gains: ["Posts, die Leute wirklich teilen.", "Diesmal hat die Zielgruppe uns gefunden."],
        },
        // sales
        Domain {
            chores: ["Kaltakquise-Mails ins Nichts schicken", "ewig hinter Rückmeldungen herlaufen"],
            pains: ["Die sechste Nachfass-Mail verschicken.", "Noch eine Demo, noch ein „Ich meld mich“."],
            gains: ["Antworten, die mit „Ja“ anfangen.", "Ein voller Kalender mit echten Anfragen."],
        },
        // food
        Domain {
            chores: ["lieblos am Schreibtisch essen", "jeden Tag dasselbe essen"],
            pains: ["Zum dritten Mal vor dem offenen Kühlschrank.", "Mittag am Schreibtisch. Schon wieder."],
            gains: ["Endlich was Gutes essen, ohne Aufwand.", "Die Mittagspause ist jetzt das Beste am Tag."],
        },
        // fitness
        Domain {
            chores: ["fürs Studio zahlen und nie hingehen", "jeden Montag von vorn anfangen"],
            pains: ["„Ab Montag fang ich an.“ Jeden Montag.", "Ich zahle fürs Studio und geh nie hin."],
            gains: ["Drei Wochen dabei und immer noch motiviert.", "Stärker als letzten Monat, und man sieht's."],
        },
        // health
        Domain {
            chores: ["wochenlang auf einen Termin warten", "nachts um zwei Symptome googeln"],
            pains: ["Nachts um zwei Symptome googeln.", "Warteschleife beim Arzt. Minute vierzig."],
            gains: ["Antworten am selben Tag, vom Profi.", "Es geht mir besser, und ich weiß, warum."],
        },
        // education
        Domain {
            chores: ["für Freitag pauken und alles vergessen", "Kurse kaufen und nie abschließen"],
            pains: ["Ein Jahr später, immer noch Lektion zwei.", "Dieselbe Seite zum vierten Mal lesen."],
            gains: ["Endlich macht es Klick.", "Zehn Minuten am Tag, und es bleibt hängen."],
        },
        // travel
        Domain {
            chores: ["eine Reise in vierzig Tabs planen", "Touristenpreise zahlen"],
            pains: ["Denselben Flug auf sechs Seiten vergleichen.", "Die Reise war toll. Die Planung weniger."],
            gains: ["In Minuten gebucht, besser als selbst geplant.", "Mehr Urlaub, weniger Planung."],
        },
        // style
        Domain {
            chores: ["vor dem vollen Schrank verzweifeln", "Klamotten bestellen und zurückschicken"],
            pains: ["Voller Schrank, nichts anzuziehen.", "Meine Größe bestellt. Passt wieder nicht."],
            gains: ["In fünf Minuten angezogen, und ich liebe es.", "Endlich etwas, das richtig sitzt."],
        },
        // creator
        Domain {
            chores: ["das ganze Wochenende Videos schneiden", "jeden Tag für den Algorithmus posten"],
            pains: ["Fünf Stunden Schnitt für dreißig Sekunden.", "Einen Monat täglich gepostet. Gleiche Aufrufe."],
            gains: ["Posts für eine Woche, an einem Nachmittag.", "Inhalte wie von einem ganzen Team."],
        },
        // general
        Domain {
            chores: ["alles auf die umständliche Tour machen", "mit halben Lösungen leben"],
            pains: ["Zum hundertsten Mal alles umständlich machen.", "Das muss doch auch einfacher gehen."],
            gains: ["Einfacher, als es eigentlich sein dürfte.", "Es funktioniert einfach, und das merkt man."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: erledigt."),
            ("Alle anderen: {pain}", "Ich, seit {name} da ist: {gain}"),
            ("Bevor {name} kam: {pain}", "Jetzt: {gain}"),
            ("Niemand:\nIch um 23 Uhr: {pain}", "Und dann kam {name}: {gain}"),
        ],
        hottake: [
            "Steile These: Wer heute noch {chore} muss, dem fehlt {name}.",
            "{chore}? War nie alternativlos. Unpopuläre Meinung, ich weiß.",
            "Sprich mir nach: Nie wieder {chore}. Dafür ist {name} da.",
            "In fünf Jahren muss niemand mehr {chore}. {name} zeigt, wie.",
        ],
        confession: [
            "Geständnis: Ich musste jahrelang {chore}. Dann kam {name}.",
            "Ich geb's zu: {pain} Jetzt nicht mehr: {name} ist da.",
            "Kein Witz: {pain} {name} hat's in einer Woche gelöst.",
            "Mein Geheimnis? Nie wieder {chore}. Das macht jetzt {name}.",
        ],
        reply: [
            ("Lohnt sich {name} wirklich?", "Frag mal Leute, die nie wieder {chore} müssen."),
            ("Ich mach einfach weiter wie bisher.", "{gain} Das ist {name}."),
            (
                "{name}? Klingt zu schön, um wahr zu sein.",
                "Eine Woche testen. Dann sag mir, ob du wieder {chore} willst.",
            ),
            ("Warum sollte ich wechseln?", "Weil du sonst weiter {chore} musst. {name} erspart dir das."),
        ],
    },
    person: Person {
        image: [
            ("Alle anderen: {pain}", "Alle, die {name} folgen: {gain}"),
            ("Bevor ich {name} gelesen hab: {pain}", "Jetzt: {gain}"),
        ],
        hottake: [
            "Steile These: Wer {name} folgt, muss nie wieder {chore}.",
            "Sprich mir nach: Nie wieder {chore}. {name} hat gezeigt, wie.",
        ],
        confession: [
            "Geständnis: Ich musste jahrelang {chore}. Dann hab ich angefangen, {name} zu lesen.",
            "Kein Witz: {pain} Dann hat {name} genau darüber gepostet.",
        ],
        reply: [
            ("Lohnt es sich, {name} zu folgen?", "Frag mal Leute, die nie wieder {chore} müssen."),
            ("Warum {name} folgen?", "{gain} Genau das teilt {name}."),
        ],
        turns: ["Dann hab ich angefangen, {name} zu folgen.", "Auftritt: {name}."],
    },
    carousel: Carousel {
        covers: ["{name}: Was sich ändert, wenn du nie wieder {chore} musst", "{name} in einer Minute"],
        turns: ["Dann kam {name}.", "Auftritt: {name}."],
        numbers: ["{number}: Diese Zahl sagt alles.", "{number}. Lass das mal sacken."],
        closers: [
            "Speicher dir das fürs nächste Mal, wenn jemand sagt, das geht nicht.",
            "Schick das jemandem, der es braucht.",
        ],
    },
    pitch: Pitch {
        title: "Für {first}",
        hello: ["Hallo {first},", "Hi {first},", "{first}, hallo!"],
        hello_team: ["Hallo ans Team von {name},", "Hallo zusammen bei {name},"],
        hello_anyone: "Hallo,",
        title_anyone: "Eine Nachricht für dich",
        seen_site: [
            "Ich hab mich heute ein paar Minuten auf deiner Website umgesehen.",
            "Ich hab mir deine Website in Ruhe angeschaut.",
        ],
        seen_x: ["Deine Posts auf X tauchen ständig bei mir auf.", "Ich lese schon eine Weile deine Posts auf X."],
        seen_linkedin: ["Dein LinkedIn-Profil ist mir aufgefallen.", "Ich bin auf LinkedIn auf dein Profil gestoßen."],
        seen_sentence: [
            "Ich hab viel Gutes über deine Arbeit gehört.",
            "Dein Name ist gefallen, und zwar aus guten Gründen.",
        ],
        company: [
            "Was ihr bei {company} aufbaut, sticht heraus.",
            "Eure Arbeit bei {company} hat mein Interesse geweckt.",
        ],
        role: ["Als {role} zählt bei dir jede Stunde.", "{role} zu sein heißt: hundert Dinge gleichzeitig."],
        topic: [
            "Deine Beiträge zum Thema {topic} lohnen sich wirklich.",
            "Beim Thema {topic} merkt man sofort: Du kennst dich aus.",
        ],
        work: [
            "Man merkt, wie viel dir an deiner Arbeit liegt.",
            "Man sieht, wie viel Herzblut in deiner Arbeit steckt.",
        ],
        offer: [
            "Genau dafür gibt es {offer}.",
            "{offer} wurde genau dafür gemacht.",
            "Und genau da kommt {offer} ins Spiel.",
        ],
        idea: [
            "Ich hab eine Idee, wie du dir diese Zeit sparen kannst.",
            "Es geht auch einfacher, und das würde ich dir gern zeigen.",
        ],
        ask: [
            "Schau mal rein, dauert nur eine Minute.",
            "Bin gespannt, was du davon hältst.",
            "Lohnt einen Blick, wenn du mal eine Minute hast.",
        ],
        cta: ["Jetzt ansehen", "So funktioniert's", "Ausprobieren"],
    },
    negatives: &[
        "überbewertet",
        "nutzlos",
        "sinnlos",
        "abzocke",
        "betrug",
        "schlechteste",
        "furchtbar",
        "schrecklich",
        "langweilig",
        "zeitverschwendung",
        "kaputt",
        "versagt",
        "hasse",
        "grottig",
        "scheiße",
        "scheisse",
        "enttäusch",
        "überhyp",
        "katastroph",
        "unbrauchbar",
        "schrott",
        "mies",
    ],
};
