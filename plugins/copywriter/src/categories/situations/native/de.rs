//! German: the situations of categories written natively; each chore is
//! an infinitive phrase ("Nie wieder {chore}.", "Wer heute noch {chore} muss"), with no clause of its own.

use super::Lines;

pub const ALL: &[(&str, Lines)] = &[
    (
        "parking-app",
        Lines {
            chore: "ewig um den Block kreisen",
            before: [
                "Dritte Runde um den Block. Immer noch kein Parkplatz.",
                "Endlich geparkt. Zwanzig Minuten zu spät.",
            ],
            after: ["Direkt zum freien Parkplatz, beim ersten Versuch.", "Geparkt, bevor das Lied zu Ende war."],
        },
    ),
    (
        "dental-clinic",
        Lines {
            chore: "wochenlang auf einen Termin warten",
            before: ["Zahnschmerzen am Samstag, und alles hat zu.", "Sechs Wochen Wartezeit für eine Kontrolle."],
            after: ["Am Sonntag behandelt, am Montag wieder am Lächeln.", "Kontrolltermin in einer Minute gebucht."],
        },
    ),
    (
        "online-course",
        Lines {
            chore: "Kurse kaufen und nie abschließen",
            before: ["Den Kurs gekauft, nie angefangen.", "Zum dritten Mal Video eins neu gestartet."],
            after: ["Letzte Lektion geschafft, Zertifikat in der Hand.", "Zehn Minuten am Tag, und es bleibt hängen."],
        },
    ),
    (
        "pizza-restaurant",
        Lines {
            chore: "kalte Lieferpizza essen",
            before: ["Kalte, labbrige Pizza um Mitternacht.", "Alles hat schon zu, und der Hunger ist riesig."],
            after: ["Eine richtige Pizza an der Tür, auch spät noch.", "Knuspriger Rand, noch heiß, wenn sie ankommt."],
        },
    ),
    (
        "invoicing-software",
        Lines {
            chore: "Rechnungen hinterherlaufen",
            before: ["Dritte Mahnung für dieselbe Rechnung.", "Sonntagabend, Rechnungen in der Tabelle basteln."],
            after: ["Rechnung in einer Minute raus, pünktlich bezahlt.", "Erinnerungen, die sich selbst verschicken."],
        },
    ),
    (
        "hiking-backpack",
        Lines {
            chore: "einen drückenden Rucksack schleppen",
            before: [
                "Nach einer Stunde tun die Schultern weh.",
                "Bis ganz nach unten wühlen, nur für die Wasserflasche.",
            ],
            after: ["Zwanzig Kilometer, und der Rücken fühlt sich gut an.", "Alles genau da, wo die Hand es sucht."],
        },
    ),
    (
        "staff-scheduling-software",
        Lines {
            chore: "den Dienstplan von Hand basteln",
            before: [
                "Sonntagabend, und der Dienstplan für nächste Woche ist noch voller Lücken.",
                "Eine Krankmeldung um sieben Uhr, und der ganze Dienstplan wackelt.",
            ],
            after: [
                "Der Dienstplan für nächste Woche steht in zehn Minuten.",
                "Jede Schicht besetzt, und das Team weiß schon Bescheid.",
            ],
        },
    ),
    (
        "restaurant",
        Lines {
            chore: "jeden Freitag ins selbe Lokal gehen",
            before: [
                "Freitag, dasselbe Lokal, dasselbe Gericht. Wie immer.",
                "Zwei Stunden gewartet, für ein Essen ohne Pfiff.",
            ],
            after: ["Ein Tisch, zu dem man gern zurückkommt.", "Das Gericht, von dem du die ganze Woche erzählst."],
        },
    ),
    (
        "cafe",
        Lines {
            chore: "Kaffee aus dem Pappbecher am Schreibtisch trinken",
            before: ["Lauwarmer Kaffee aus dem Büroautomaten.", "Kein Platz, keine Steckdose, kein WLAN."],
            after: [
                "Ein Ecktisch und der beste Cappuccino der Stadt.",
                "Der Morgenkaffee, mit dem der Tag gut anfängt.",
            ],
        },
    ),
    (
        "bakery",
        Lines {
            chore: "labbriges Toastbrot essen",
            before: ["Abgepacktes Toastbrot, das nach nichts schmeckt.", "Um neun Uhr sind die Croissants schon weg."],
            after: ["Zum Frühstück ist das Brot noch warm.", "Der Duft der Bäckerei am Ende der Straße."],
        },
    ),
    (
        "hair-salon",
        Lines {
            chore: "mit einer ungewollten Frisur nach Hause gehen",
            before: [
                "„Nur die Spitzen.“ Es waren nicht nur die Spitzen.",
                "Die Haare machen schon wieder, was sie wollen.",
            ],
            after: ["Genau die Frisur, die du wolltest.", "Wochenlang Komplimente."],
        },
    ),
    (
        "gym",
        Lines {
            chore: "Monat für Monat umsonst Beiträge zahlen",
            before: [
                "Die Mitgliedschaft, die ich zahle und nie nutze.",
                "Zwanzig Minuten warten, bis die Hantelbank frei ist.",
            ],
            after: ["Dreimal die Woche, und ich freu mich jedes Mal.", "Stärker als letzten Monat, und man sieht's."],
        },
    ),
    (
        "yoga-studio",
        Lines {
            chore: "den Stress der ganzen Woche im Rücken tragen",
            before: [
                "Nach acht Stunden am Schreibtisch steif wie ein Brett.",
                "So voll, dass kein Platz zum Dehnen bleibt.",
            ],
            after: ["Eine Stunde, die die ganze Woche neu startet.", "Beweglich, ruhig, und ich schlafe besser."],
        },
    ),
    (
        "hotel",
        Lines {
            chore: "auf Hotelfotos hereinfallen",
            before: ["Der „Meerblick“ war ein Parkplatz.", "Schlange am Check-in nach zwölf Stunden Flug."],
            after: [
                "Ein Zimmer, das man gar nicht verlassen will.",
                "Ein Frühstück, für das sich das Aufstehen lohnt.",
            ],
        },
    ),
    (
        "podcast",
        Lines {
            chore: "stumm zur Arbeit pendeln",
            before: [
                "Vierzig Minuten Bahn, immer derselbe Feed.",
                "Zwanzig Minuten Geplauder, bevor es endlich losgeht.",
            ],
            after: ["Die Folge, bei der die Fahrt zu kurz ist.", "Jeden Morgen etwas Neues gelernt."],
        },
    ),
    (
        "youtube-channel",
        Lines {
            chore: "durch endlose Videos ohne Inhalt klicken",
            before: [
                "Zehn Minuten Video, eine Minute Inhalt.",
                "Schon wieder ein Titel, der mehr verspricht als das Video.",
            ],
            after: [
                "Das Video, das es endlich verständlich erklärt.",
                "Eine neue Folge, auf die man sich wirklich freut.",
            ],
        },
    ),
    (
        "newsletter",
        Lines {
            chore: "durch belanglose Nachrichten scrollen",
            before: ["Fünfzig Tabs mit News, nichts dazugelernt.", "Ein Postfach voller Werbung."],
            after: ["Die eine Mail, die ich jede Woche zuerst öffne.", "Fünf Minuten, und du weißt, was zählt."],
        },
    ),
    (
        "fitness-app",
        Lines {
            chore: "jeden Montag von vorn anfangen",
            before: ["„Ab Montag fang ich an.“ Jeden Montag.", "Im Studio stehen und keine Ahnung haben, was jetzt."],
            after: ["Ein Plan, der in meinen Tag passt. Und ich bleib dran.", "Drei Wochen dabei, und es läuft noch."],
        },
    ),
    (
        "meditation-app",
        Lines {
            chore: "nachts wach liegen und grübeln",
            before: [
                "Ein Gespräch von 2019, zum hundertsten Mal im Kopf.",
                "Einatmen. Sorgen ausatmen. Sorgen wieder einatmen.",
            ],
            after: ["In fünf Minuten zur Ruhe gekommen.", "Eingeschlafen, bevor das Grübeln anfängt."],
        },
    ),
    (
        "language-app",
        Lines {
            chore: "Vokabeln pauken und bis Freitag vergessen",
            before: [
                "Fünf Jahre Unterricht, und beim „Hallo“ ist Schluss.",
                "Die Vokabelliste, die ich nie aufgeschlagen hab.",
            ],
            after: ["Abendessen bestellt, in der Landessprache, ganz entspannt.", "Zehn Minuten am Tag, und es sitzt."],
        },
    ),
    (
        "recipe-app",
        Lines {
            chore: "jeden Abend ratlos vor dem Kühlschrank stehen",
            before: ["Drei Eier und eine Zitrone. Und jetzt?", "Schon wieder Nudeln. Vierter Abend in Folge."],
            after: ["Abendessen aus dem, was eh im Kühlschrank ist.", "Jede Woche ein neues Lieblingsgericht."],
        },
    ),
    (
        "food-delivery-app",
        Lines {
            chore: "eine Stunde auf kaltes Essen warten",
            before: ["Um sieben bestellt. Um acht immer noch nichts.", "Die Pommes kamen labbrig an. Mal wieder."],
            after: ["Heißes Essen an der Tür, pünktlich.", "Abendessen mit drei Fingertipps erledigt."],
        },
    ),
    (
        "crm",
        Lines {
            chore: "Kunden in einer Tabelle verwalten",
            before: ["Welcher Kunde war das noch mal?", "Nachfassen vergessen, Auftrag weg."],
            after: ["Jeder Kunde, jedes Gespräch, ein Bildschirm.", "Wiedervorlagen, die an sich selbst denken."],
        },
    ),
    (
        "project-management-tool",
        Lines {
            chore: "Projekte übers Postfach steuern",
            before: [
                "„Wer macht das eigentlich?“ Niemand, wie sich zeigt.",
                "Die Abgabe war gestern. Keiner wusste es.",
            ],
            after: ["Jeder weiß, was als Nächstes kommt.", "Pünktlich fertig, ganz ohne Statusmeeting."],
        },
    ),
    (
        "accounting-software",
        Lines {
            chore: "Belege aus dem Schuhkarton sortieren",
            before: ["Ein Schuhkarton voller Belege, Abgabe am Montag.", "Die Zahlen gehen nicht auf. Schon wieder."],
            after: ["Die Bücher sind vor Freitag zu.", "Jeder Beleg schon da, wo er hingehört."],
        },
    ),
    (
        "note-taking-app",
        Lines {
            chore: "Notizen in fünf Apps suchen",
            before: [
                "Die Idee war gut. Die Notiz ist weg.",
                "Notizen auf dem Kassenzettel, der Serviette und in drei Apps.",
            ],
            after: ["Jede Notiz, nur eine Suche entfernt.", "Meeting vorbei, Notizen schon geteilt."],
        },
    ),
    (
        "booking-software",
        Lines {
            chore: "Termine am Telefon vergeben",
            before: [
                "Das Telefon klingelt mitten im Termin. Mal wieder.",
                "Zwei Kunden, ein Termin, ein peinlicher Vormittag.",
            ],
            after: ["Kunden buchen selbst, Tag und Nacht.", "Ein voller Kalender ohne einen einzigen Anruf."],
        },
    ),
    (
        "ecommerce-platform",
        Lines {
            chore: "per Direktnachricht und Überweisung verkaufen",
            before: [
                "Bestellungen per Direktnachricht, Bestand im Notizbuch.",
                "„Ist das noch da?“ Fünfzigmal am Tag.",
            ],
            after: [
                "Ein Shop, der verkauft, während du schläfst.",
                "Bestellung rein, Bestand aktuell, nichts geht verloren.",
            ],
        },
    ),
    (
        "skincare",
        Lines {
            chore: "jeden Monat eine neue Creme ausprobieren",
            before: ["Zehn Tiegel im Regal, und keiner hilft.", "Mittags schon trockene Stellen."],
            after: ["Haut, die sich auch um 18 Uhr gut anfühlt.", "Eine Pflegeroutine in drei Minuten."],
        },
    ),
    (
        "coffee-brand",
        Lines {
            chore: "bitteren Bürokaffee trinken",
            before: [
                "Verbrannter Kaffee aus dem Büroautomaten.",
                "Fünf Euro für einen Latte, der nach wenig schmeckt.",
            ],
            after: ["Die beste Tasse des Tages, zu Hause.", "Die erste Tasse, und der Tag kann kommen."],
        },
    ),
    (
        "web-agency",
        Lines {
            chore: "Agenturen wegen der Website hinterhertelefonieren",
            before: [
                "Drei Angebote, sechs Wochen, immer noch keine Website.",
                "Am Laptop schick, auf dem Handy ein Durcheinander.",
            ],
            after: ["In wenigen Wochen online, und sie verkauft.", "Eine Website, die man gern verschickt."],
        },
    ),
];
