//! Dutch.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "nl",
    unnamed: Unnamed { product: "deze app", company: "dit team", person: "deze maker", idea: "dit idee" },
    domains: [
        // ai
        Domain {
            chores: ["handmatig doen wat een agent kan", "de hele dag instructies herschrijven"],
            pains: ["Dezelfde vraag in de chat. Voor de vijfde keer.", "De instructie herschrijven. Alweer."],
            gains: ["De agent deed het terwijl ik sliep.", "Eén instructie. Klaar voor de lunch."],
        },
        // software
        Domain {
            chores: ["schakelen tussen twaalf tabbladen", "knippen en plakken tussen programma's"],
            pains: ["Exporteren, kopiëren, plakken. Elke dag.", "Twaalf tabbladen open, en nooit de goede."],
            gains: ["Eindelijk alles op één plek.", "Eén keer instellen. Daarna loopt het vanzelf."],
        },
        // finance
        Domain {
            chores: ["facturen najagen", "op zondagavond de boekhouding doen"],
            pains: ["Derde herinnering voor dezelfde factuur.", "Zondagavond, en overal bonnetjes."],
            gains: ["Op tijd betaald, zonder twee keer te vragen.", "De boekhouding deed zichzelf deze maand."],
        },
        // crypto
        Domain {
            chores: ["drie dagen wachten op een overboeking", "kosten betalen om geld over te maken"],
            pains: ["De bankapp blijven verversen.", "Alweer kosten voor mijn eigen geld."],
            gains: ["Verstuurd en verwerkt in een paar seconden.", "Je geld, op internetsnelheid."],
        },
        // marketing
        Domain {
            chores: ["posten in het luchtledige", "gokken wat je doelgroep wil"],
            pains: ["Een post met vier hartjes blijven verversen.", "Drie uur aan één bijschrift. Elf weergaven."],
            gains: ["Posts die mensen echt delen.", "Deze keer vond de doelgroep óns."],
        },
        // sales
        Domain {
            chores: ["mails sturen die niemand opent", "eindeloos achter reacties aan zitten"],
            pains: ["Opvolgmail nummer zes versturen.", "Weer een demo, weer een ‘ik denk erover na’."],
            gains: ["Antwoorden die beginnen met ‘ja’.", "Een volle agenda, en zij vroegen erom."],
        },
        // food
        Domain {
            chores: ["treurig lunchen achter je bureau", "elke dag hetzelfde eten"],
            pains: ["Derde keer vanavond in de koelkast staren.", "Weer een boterham met kaas achter het bureau."],
            gains: ["Eindelijk lekker eten, zonder gedoe.", "De lunch is nu het leukste moment van de dag."],
        },
        // fitness
        Domain {
            chores: ["sportschool betalen en nooit gaan", "elke maandag opnieuw beginnen"],
            pains: ["Beloven dat ik maandag begin. Elke maandag.", "Sportschool betaald, nooit geweest."],
            gains: ["Drie weken verder en ik ga nog steeds.", "Sterker dan vorige maand, en dat zie je."],
        },
        // health
        Domain {
            chores: ["weken wachten op een afspraak", "midden in de nacht symptomen googelen"],
            pains: ["Om twee uur 's nachts symptomen googelen.", "In de wacht bij de huisarts. Minuut veertig."],
            gains: ["Antwoord op dezelfde dag, van een expert.", "Me beter voelen, en weten waarom."],
        },
        // education
        Domain {
            chores: ["dingen stampen die je toch vergeet", "cursussen kopen die je nooit afmaakt"],
            pains: ["Een jaar later nog steeds bij les twee.", "Dezelfde bladzijde voor de vierde keer lezen."],
            gains: ["Eindelijk snap ik het.", "Tien minuten per dag, en het blijft hangen."],
        },
        // travel
        Domain {
            chores: ["een reis plannen in veertig tabbladen", "toeristenprijzen betalen"],
            pains: ["Dezelfde vlucht op zes sites vergelijken.", "Geweldige reis. De planning sloopte me bijna."],
            gains: ["In een paar minuten geboekt, beter dan gepland.", "Meer reizen, minder plannen."],
        },
        // style
        Domain {
            chores: ["in een volle kast niks vinden", "kleren bestellen die niet passen"],
            pains: ["Een volle kast en niks om aan te trekken.", "Mijn maat besteld. Past weer niet."],
            gains: ["In vijf minuten aangekleed, en blij ermee.", "Eindelijk iets wat echt past."],
        },
        // creator
        Domain {
            chores: ["een heel weekend aan één video monteren", "elke dag posten om zichtbaar te blijven"],
            pains: ["Vijf uur monteren voor dertig seconden video.", "Een maand elke dag gepost. Zelfde weergaven."],
            gains: ["Een week aan posts, gemaakt in één middag.", "Posts alsof er een heel team achter zit."],
        },
        // general
        Domain {
            chores: ["alles op de moeilijke manier doen", "genoegen nemen met half werk"],
            pains: ["Voor de honderdste keer op de moeilijke manier.", "Dit moet toch makkelijker kunnen."],
            gains: ["Makkelijker dan je zou verwachten.", "Het werkt gewoon, en dat merk je."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: geregeld."),
            ("Iedereen: {pain}", "Ik met {name}: {gain}"),
            ("Zonder {name}: {pain}", "Met {name}: {gain}"),
            ("Niemand:\nIk om 23 uur: {pain}", "Wie {name} ontdekte: {gain}"),
        ],
        hottake: [
            "Stelling: {chore} is nu een keuze. {name} regelt het.",
            "Impopulaire mening: {chore} was nooit ‘nu eenmaal zo’.",
            "Zeg het me na: klaar met {chore}. Daar is {name} voor.",
            "Over vijf jaar is {chore} iets van vroeger. Dankzij {name}.",
        ],
        confession: [
            "Bekentenis: ik moest jarenlang {chore}. Toen kwam {name}.",
            "Ik geef het toe: {pain} Nu niet meer. Dankzij {name}.",
            "Echt gebeurd: {pain} {name} loste het in een week op.",
            "Mijn geheim? Gestopt met {chore}. {name} doet het nu.",
        ],
        reply: [
            ("Is {name} het echt waard?", "Vraag het aan iedereen die gestopt is met {chore}."),
            ("Ik doe het gewoon op de oude manier.", "{gain} Dat is {name}."),
            ("{name}? Klinkt te mooi om waar te zijn.", "Probeer het een week. Zeg dan maar of je {chore} mist."),
            ("Waarom zou ik overstappen?", "Omdat {chore} je meer kost dan je denkt. {name}."),
        ],
    },
    person: Person {
        image: [("Iedereen: {pain}", "Wie {name} volgt: {gain}"), ("Voordat ik {name} las: {pain}", "Nu: {gain}")],
        hottake: [
            "Stelling: {chore} is een keuze als je {name} volgt.",
            "Zeg het me na: klaar met {chore}. {name} liet zien hoe.",
        ],
        confession: [
            "Bekentenis: ik moest jarenlang {chore}. Toen begon ik {name} te lezen.",
            "Echt gebeurd: {pain} Toen postte {name} erover.",
        ],
        reply: [
            ("Is {name} het volgen waard?", "Vraag het aan iedereen die gestopt is met {chore}."),
            ("Waarom {name} volgen?", "{gain} Dat is wat {name} deelt."),
        ],
        turns: ["Toen begon ik {name} te volgen.", "Maak kennis met {name}."],
    },
    carousel: Carousel {
        covers: ["{name}: wat er verandert als je stopt met {chore}", "{name} in één minuut"],
        turns: ["Toen kwam {name}.", "Maak kennis met {name}."],
        numbers: ["{number}: het getal dat alles zegt.", "{number}. Laat dat even bezinken."],
        closers: [
            "Bewaar dit voor de volgende keer dat iemand zegt dat het niet kan.",
            "Stuur dit naar iemand die het nodig heeft.",
        ],
    },
    pitch: Pitch {
        title: "Voor {first}",
        hello: ["Hoi {first},", "Hallo {first},", "Hé {first},"],
        hello_team: ["Hallo team van {name},", "Hoi allemaal bij {name},"],
        hello_anyone: "Hoi,",
        title_anyone: "Een berichtje voor jou",
        seen_site: ["Ik heb vandaag even rondgekeken op je website.", "Ik heb je website eens goed bekeken."],
        seen_x: [
            "Je berichten op X komen steeds voorbij in mijn tijdlijn.",
            "Ik lees al een tijdje je berichten op X.",
        ],
        seen_linkedin: ["Je LinkedIn-profiel viel me op.", "Ik kwam je profiel tegen op LinkedIn."],
        seen_sentence: ["Ik hoorde goede dingen over je werk.", "Je naam viel, en niet zomaar."],
        company: ["Wat jullie bij {company} bouwen, valt op.", "Het werk bij {company} trok mijn aandacht."],
        role: ["Als {role} telt elk uur.", "{role} zijn betekent honderd dingen tegelijk."],
        topic: [
            "Je posts over {topic} zijn echt de moeite waard.",
            "Je weet duidelijk waar je het over hebt als het om {topic} gaat.",
        ],
        work: ["Het is duidelijk dat je hart in je werk zit.", "Je merkt aan alles hoeveel zorg je in je werk stopt."],
        offer: [
            "Precies daarvoor is {offer} gemaakt.",
            "Daar is {offer} nou net voor.",
            "En daar komt {offer} in beeld.",
        ],
        idea: [
            "Ik heb een idee waarmee je die tijd kunt besparen.",
            "Het kan makkelijker, en dat laat ik je graag zien.",
        ],
        ask: [
            "Kijk even, het kost je een minuutje.",
            "Benieuwd wat je ervan vindt.",
            "Even kijken als je een minuutje hebt?",
        ],
        cta: ["Bekijk het", "Zo werkt het", "Probeer het"],
    },
    negatives: &[
        "overschat",
        "nutteloos",
        "oplichting",
        "oplichter",
        "slechtste",
        "waardeloos",
        "verschrikkelijk",
        "vreselijk",
        "troep",
        "saai",
        "tijdverspilling",
        "zonde van",
        "mislukt",
        "kapot",
        "ik haat",
        "bagger",
        "teleurstell",
        "belachelijk",
        "rampzalig",
        "flop",
    ],
};
