//! Polish.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "pl",
    unnamed: Unnamed { product: "ta aplikacja", company: "ten zespół", person: "ten twórca", idea: "ten pomysł" },
    domains: [
        // ai
        Domain {
            chores: ["odwalanie roboty za agenta", "niańczenie bota cały dzień"],
            pains: ["Piąty raz wklejam do czatu to samo.", "Znowu przepisuję polecenie. Od zera."],
            gains: ["Agent ogarnia to w nocy. Rano jest gotowe.", "Jedno polecenie i przed obiadem po sprawie."],
        },
        // software
        Domain {
            chores: ["skakanie po dwunastu kartach", "ręczne przeklejanie danych"],
            pains: ["Eksport do CSV tylko po to, żeby go wkleić.", "Dwanaście otwartych kart i żadna nie ta."],
            gains: ["Wszystko w jednym miejscu. Wreszcie.", "Raz ustawione, działa samo."],
        },
        // finance
        Domain {
            chores: ["ściganie klientów o faktury", "księgowanie w niedzielę w nocy"],
            pains: ["Trzecie przypomnienie o tej samej fakturze.", "Niedziela, wieczór, arkusz i stos paragonów."],
            gains: ["Płatności na czas, bez proszenia dwa razy.", "Miesiąc zamknięty, zero nerwów."],
        },
        // crypto
        Domain {
            chores: ["czekanie trzy dni na przelew", "płacenie prowizji za przelew"],
            pains: ["Odświeżam apkę banku: przelew już doszedł?", "Znowu prowizja za przelew własnej kasy."],
            gains: ["Wysłane i zaksięgowane w kilka sekund.", "Twoje pieniądze w tempie internetu."],
        },
        // marketing
        Domain {
            chores: ["wrzucanie postów w próżnię", "zgadywanie gustów odbiorców"],
            pains: ["Odświeżam post, który ma cztery polubienia.", "Trzy godziny nad opisem. 11 wyświetleń."],
            gains: ["Posty, które ludzie naprawdę udostępniają.", "Tym razem to odbiorcy znaleźli nas."],
        },
        // sales
        Domain {
            chores: ["pisanie maili bez odpowiedzi", "przypominanie się bez odzewu"],
            pains: ["Wysyłam szóste przypomnienie.", "Kolejne demo, kolejne „muszę to przemyśleć”."],
            gains: ["Odpowiedzi, które zaczynają się od „tak”.", "Kalendarz pełen chętnych na rozmowę."],
        },
        // food
        Domain {
            chores: ["smutne jedzenie przy biurku", "jedzenie w kółko tego samego"],
            pains: ["Już trzeci raz gapię się w lodówkę.", "Znowu obiad przy biurku. Znowu nic dobrego."],
            gains: ["Coś dobrego do jedzenia, bez kombinowania.", "Obiad to teraz najlepsza część dnia."],
        },
        // fitness
        Domain {
            chores: ["płacenie za nieużywany karnet", "zaczynanie co poniedziałek"],
            pains: ["Od poniedziałku zaczynam. Co poniedziałek.", "Karnet na siłownię: opłacony i nieużywany."],
            gains: ["Trzeci tydzień i dalej w grze.", "Więcej siły niż miesiąc temu. I to widać."],
        },
        // health
        Domain {
            chores: ["czekanie tygodniami na wizytę", "szukanie objawów o 2 w nocy"],
            pains: ["Druga w nocy, a ja szukam objawów w sieci.", "Infolinia przychodni. Minuta czterdziesta."],
            gains: ["Odpowiedź tego samego dnia, od fachowca.", "Lepsze samopoczucie i wiadomo dlaczego."],
        },
        // education
        Domain {
            chores: ["wkuwanie wiedzy na jeden dzień", "kupowanie kursów na półkę"],
            pains: ["Wciąż lekcja druga kursu kupionego rok temu.", "Czwarty raz czytam tę samą stronę."],
            gains: ["Wreszcie to ma sens.", "Dziesięć minut dziennie i zostaje w głowie."],
        },
        // travel
        Domain {
            chores: ["planowanie urlopu w 40 kartach", "przepłacanie jak turysta"],
            pains: ["Porównuję ten sam lot na sześciu stronach.", "Wyjazd super. Planowanie prawie mnie zabiło."],
            gains: ["Rezerwacja w kilka minut, lepsza niż plan.", "Więcej podróży, mniej planowania."],
        },
        // style
        Domain {
            chores: ["gapienie się w pełną szafę", "kupowanie źle leżących ciuchów"],
            pains: ["Pełna szafa i nie ma w co się ubrać.", "Zamawiam swój rozmiar. I znowu nie pasuje."],
            gains: ["Pięć minut przed szafą i gotowe.", "Wreszcie coś, co leży jak ulał."],
        },
        // creator
        Domain {
            chores: ["montowanie filmu cały weekend", "codzienne publikowanie na siłę"],
            pains: ["Pięć godzin montażu dla 30 sekund filmu.", "Miesiąc postów dzień w dzień. Zasięgi stoją."],
            gains: ["Posty na cały tydzień w jedno popołudnie.", "Treści, jakby robił je cały zespół."],
        },
        // general
        Domain {
            chores: ["robienie wszystkiego pod górkę", "godzenie się na „jakoś to będzie”"],
            pains: ["Setny raz robię to najtrudniej, jak się da.", "Musi być na to prostszy sposób."],
            gains: ["Prościej, niż ktokolwiek by się spodziewał.", "Po prostu działa i to widać."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: załatwione."),
            ("Wszyscy dookoła: {pain}", "Ja, odkąd jest {name}: {gain}"),
            ("Przedtem: {pain}", "Teraz: {gain} Bo jest {name}."),
            ("Nikt:\nJa o 23:00: {pain}", "Tymczasem {name}: {gain}"),
        ],
        hottake: [
            "Niepopularna opinia: {chore} to dziś wybór. Jest {name}.",
            "Powiem to głośno: {chore} nigdy nie było „normalne”.",
            "Mów za mną: {chore}? Nie, dzięki. Od tego jest {name}.",
            "Za 5 lat {chore} będzie jak faks. {name} już o to dba.",
        ],
        confession: [
            "Przyznaję: {chore} to była moja codzienność. Potem — {name}.",
            "Przyznam się: {pain} Już nie. Jest {name}.",
            "Z życia wzięte: {pain} {name} ogarnia to w tydzień.",
            "Mój sekret? Odpuszczam: {chore}. Resztę robi {name}.",
        ],
        reply: [
            ("{name}? Serio się opłaca?", "Zapytaj kogoś, kto rzucił {chore}."),
            ("Ja tam zostaję przy starych metodach.", "{gain} Tak działa {name}."),
            (
                "{name}? Brzmi zbyt pięknie, żeby było prawdziwe.",
                "Daj temu tydzień. Potem {chore} zobaczysz już tylko w memach.",
            ),
            ("Po co mam coś zmieniać?", "Bo {chore} kosztuje więcej, niż myślisz. Dlatego {name}."),
        ],
    },
    person: Person {
        image: [
            ("Wszyscy dookoła: {pain}", "Kto obserwuje, co pisze {name}: {gain}"),
            ("Zanim trafiłem na to, co pisze {name}: {pain}", "Teraz: {gain}"),
        ],
        hottake: [
            "Niepopularna opinia: {chore} to wybór. Pokazuje to {name}.",
            "Mów za mną: {chore}? Nie, dzięki. Jak to zrobić, pisze {name}.",
        ],
        confession: [
            "Przyznaję: {chore} to była moja codzienność. Potem trafiłem na to, co pisze {name}.",
            "Z życia wzięte: {pain} A tu {name} pisze właśnie o tym.",
        ],
        reply: [
            ("{name}? Warto obserwować?", "Zapytaj kogoś, kto rzucił {chore}."),
            ("Po co obserwować, co pisze {name}?", "{gain} O tym właśnie pisze {name}."),
        ],
        turns: ["I wtedy w moim feedzie pojawia się {name}.", "Na scenę wchodzi {name}."],
    },
    carousel: Carousel {
        covers: ["{name}: co się zmienia, gdy znika {chore}", "{name} w minutę"],
        turns: ["I wtedy pojawia się {name}.", "Na scenę wchodzi {name}."],
        numbers: ["{number}: ta liczba mówi wszystko.", "{number}. Niech to wybrzmi."],
        closers: ["Zapisz na następny raz, gdy ktoś powie, że się nie da.", "Wyślij komuś, kto tego potrzebuje."],
    },
    pitch: Pitch {
        title: "{first}, to dla Ciebie",
        hello: ["Cześć, {first}!", "Hej, {first}!", "{first}, dzień dobry!"],
        hello_team: ["Cześć, zespole {name}!", "Dzień dobry, ekipo {name}!"],
        hello_anyone: "Cześć!",
        title_anyone: "Wiadomość dla Ciebie",
        seen_site: ["Twoja strona zatrzymała mnie dziś na dłużej.", "Na Twojej stronie można się naprawdę zaczytać."],
        seen_x: ["Ciągle trafiam na Twoje wpisy na X.", "Od jakiegoś czasu czytam Twoje wpisy na X."],
        seen_linkedin: ["Twój profil na LinkedInie przykuł moją uwagę.", "Wpadł mi w oko Twój profil na LinkedInie."],
        seen_sentence: [
            "O Twojej pracy słyszę same dobre rzeczy.",
            "Twoje nazwisko padło w rozmowie, i to w dobrym kontekście.",
        ],
        company: [
            "To, co budujecie w firmie {company}, naprawdę się wyróżnia.",
            "Praca zespołu {company} od razu zwróciła moją uwagę.",
        ],
        role: ["{role} — w tej roli liczy się każda godzina.", "{role} — to sto spraw naraz, każdego dnia."],
        topic: ["Piszesz o tym, na czym się znasz: {topic}. I to widać.", "Widać, że temat „{topic}” to Twój konik."],
        work: ["Widać, że zależy Ci na tym, co robisz.", "Widać, ile serca wkładasz w swoją pracę."],
        offer: ["Właśnie do tego służy {offer}.", "Tu do gry wchodzi {offer}.", "Od tego jest {offer}."],
        idea: ["Mam pomysł, który może Ci zaoszczędzić ten czas.", "Da się prościej i chętnie pokażę jak."],
        ask: [
            "Zerknij, to zajmie minutę.",
            "Chętnie poznam Twoje zdanie.",
            "Warto rzucić okiem, gdy znajdziesz chwilę.",
        ],
        cta: ["Zobacz", "Sprawdź, jak to działa", "Wypróbuj"],
    },
    negatives: &[
        "przereklamowan",
        "bezużyteczn",
        "oszust",
        "ściema",
        "najgorsz",
        "okropn",
        "beznadziejn",
        "badziew",
        "nudn",
        "strata czasu",
        "porażk",
        "zepsut",
        "nienawidz",
        "do bani",
        "szajs",
        "żenad",
        "kiepsk",
        "dziadostw",
        "lipa",
    ],
};
